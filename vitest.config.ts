import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (p: string) => fileURLToPath(new URL(`./src/${p}`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^sluice$/, replacement: src('index.ts') },
      { find: /^sluice\/(.*)$/, replacement: src('$1/index.ts') },
    ],
  },
  test: {
    include: ['src/**/*.test.ts', 'examples/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
