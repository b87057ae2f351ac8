import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';
export default mergeConfig(base, defineConfig({ test: { pool: 'forks', maxWorkers: 1, setupFiles: ['/tmp/tcpu/diag-setup.ts'] } }));
