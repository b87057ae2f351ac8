/**
 * Item 10 of issue #32: a project on zod 3.25 (whose root export is the v3 API and which ships the
 * v4 API under `zod/v4`) can install and run Sluice. The peer range admits it, and every runtime
 * zod import in Sluice goes through `zod/v4`, so loading any entry point works and both v3 and v4
 * schemas serve as tool and structured-output schemas.
 *
 * The project is built in a temporary folder: its `node_modules/zod` is this repository's `zod3`
 * alias (zod 3.25.76), `node_modules/sluice` maps the package's entry points onto `src/`, and every
 * other package links to this repository's copy. The script runs in a child process with
 * `--preserve-symlinks`, so every module, Sluice's and its dependencies', resolves `zod` inside the
 * temporary project. The rest of the suite runs on zod 4, so CI covers both.
 */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));
const modules = join(repo, 'node_modules');
const script = fileURLToPath(new URL('./fixtures/zod-3-25-project/main.mjs', import.meta.url));
const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { import: string }>;
  peerDependencies: Record<string, string>;
};

let project: string;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'sluice-zod3-project-'));
  const nodeModules = join(project, 'node_modules');
  mkdirSync(join(nodeModules, 'sluice'), { recursive: true });
  for (const name of readdirSync(modules)) {
    if (name.startsWith('.') || name === 'zod' || name === 'zod3') continue;
    symlinkSync(join(modules, name), join(nodeModules, name));
  }
  symlinkSync(join(modules, 'zod3'), join(nodeModules, 'zod'));
  symlinkSync(join(repo, 'src'), join(nodeModules, 'sluice', 'src'));
  const exports: Record<string, string> = {};
  for (const [key, target] of Object.entries(manifest.exports)) {
    exports[key] =
      typeof target === 'string'
        ? target
        : target.import.replace('./dist/', './src/').replace(/\.js$/, '.ts');
  }
  writeFileSync(
    join(nodeModules, 'sluice', 'package.json'),
    JSON.stringify({ name: 'sluice', type: 'module', exports }),
  );
  copyFileSync(script, join(project, 'main.mjs'));
});

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('a zod 3.25 project', () => {
  it('is inside the zod peer range', () => {
    // npm resolves the range with semver; both majors a migrating team may have must satisfy it.
    const range = manifest.peerDependencies.zod;
    expect(range.split('||').map((part) => part.trim())).toEqual(['^3.25.0', '^4.0.0']);
  });

  it('loads every entry point and runs agents with v3 and v4 schemas', async () => {
    const loader = join(modules, 'tsx', 'dist', 'loader.mjs');
    const { stdout } = await run(process.execPath, ['--preserve-symlinks', '--import', loader, 'main.mjs'], {
      cwd: project,
      timeout: 60_000,
    });
    const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '');
    expect(report.zodVersion).toMatch(/^3\.25\./);
    expect(report.entries).toBe(Object.keys(manifest.exports).length - 1);
    expect(report.v3Object).toEqual({ city: 'Oslo', tempC: 4 });
    expect(report.toolInputSchema).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    });
    expect(report.v3ResponseFormat).toMatchObject({
      type: 'json',
      schema: { properties: { city: { type: 'string' }, tempC: { type: 'number' } } },
    });
    expect(report.v4Object).toEqual({ answer: 42 });
    expect(report.workflowSaw).toEqual([1]);
  }, 60_000);
});
