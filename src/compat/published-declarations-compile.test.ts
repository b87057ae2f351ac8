/**
 * Items 12 and 14 of issue #32, checked on the published declarations (`dist/*.d.ts`) from a
 * temporary project that installed only what the README says: Sluice with its dependencies, its
 * peer packages and `@types/node`, and no other `@types/*` package.
 *
 * - Item 14: every entry point compiles with `skipLibCheck: false`: no `@types/better-sqlite3` or
 *   `@types/pg` needed (Sluice types what it uses of those drivers itself), and `@types/json-schema`,
 *   which `@ai-sdk/provider`'s declarations import, comes with Sluice as a dependency.
 * - Item 10, on the type side: the same declarations compile in a project whose `zod` is zod 3.25,
 *   with a consumer's tool, structured output and workflow schemas from `zod` (v3) and `zod/v4`.
 * - Item 12: the README's `for await` loops over `fullStream` / `textStream` / `objectStream`
 *   compile with the Next.js default `lib: ["dom", "dom.iterable", "esnext"]`, on TypeScript 5.9
 *   (`typescript`) and TypeScript 7 (`@typescript/native-preview`, `tsgo`).
 *
 * Declarations come from `dist/` when it is newer than every source file (CI builds first);
 * otherwise they are emitted into a temporary folder once for this file. Every package is linked
 * into the project and compiled with `preserveSymlinks`, so nothing outside the project is seen.
 */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const repo = fileURLToPath(new URL('../../', import.meta.url));
const modules = join(repo, 'node_modules');
const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  dependencies: Record<string, string>;
};
/** The declaration packages a consumer has: `@types/node`, plus those Sluice depends on. */
const typesInstalled = [
  'node',
  ...Object.keys(manifest.dependencies)
    .filter((name) => name.startsWith('@types/'))
    .map((name) => name.slice('@types/'.length)),
].sort();
const TSC = join(modules, 'typescript', 'bin', 'tsc');
const TSGO = join(modules, '@typescript', 'native-preview', 'bin', 'tsgo');

let temp: string;
let project: string;
let projectZod3: string;

/** Newest modification time of the published sources (tests and test helpers excluded). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing' && entry.name !== 'compat') newest = Math.max(newest, newestSource(path));
    } else if (entry.name.endsWith('.ts') && !entry.name.includes('.test')) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

async function declarations(): Promise<string> {
  const dist = join(repo, 'dist');
  const marker = join(dist, 'index.d.ts');
  if (existsSync(marker) && statSync(marker).mtimeMs >= newestSource(join(repo, 'src'))) return dist;
  const out = join(temp, 'declarations');
  await exec(
    process.execPath,
    [
      TSC,
      '-p',
      join(repo, 'tsconfig.build.json'),
      '--emitDeclarationOnly',
      '--declarationMap',
      'false',
      '--outDir',
      out,
    ],
    { cwd: repo, timeout: 240_000 },
  );
  return out;
}

/** Runs a compiler on the project's tsconfig; resolves to its diagnostics ('' when clean). */
async function compile(compiler: string, tsconfig: string, cwd = project): Promise<string> {
  try {
    await exec(process.execPath, [compiler, '-p', tsconfig], { cwd, timeout: 120_000 });
    return '';
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    return `${stdout ?? ''}${stderr ?? ''}` || String(error);
  }
}

/**
 * A consumer project in `dir`: every installed package linked in, `zod` from `zodPackage`,
 * only the declaration packages a consumer would have, and Sluice's declarations as `dist/`.
 */
function makeProject(dir: string, zodPackage: string, declarationsDir: string): void {
  const nodeModules = join(dir, 'node_modules');
  mkdirSync(join(nodeModules, '@types'), { recursive: true });
  mkdirSync(join(nodeModules, 'sluice'));
  for (const name of readdirSync(modules)) {
    if (name.startsWith('.') || name === '@types' || name === 'zod' || name === 'zod3') continue;
    symlinkSync(join(modules, name), join(nodeModules, name));
  }
  symlinkSync(join(modules, zodPackage), join(nodeModules, 'zod'));
  for (const name of typesInstalled) {
    symlinkSync(join(modules, '@types', name), join(nodeModules, '@types', name));
  }
  copyFileSync(join(repo, 'package.json'), join(nodeModules, 'sluice', 'package.json'));
  symlinkSync(declarationsDir, join(nodeModules, 'sluice', 'dist'));

  // One import of every entry point of package.json.
  const specifiers = Object.keys(manifest.exports)
    .filter((key) => key !== './package.json')
    .map((key) => (key === '.' ? 'sluice' : `sluice/${key.slice(2)}`));
  writeFileSync(
    join(dir, 'entries.ts'),
    `${specifiers.map((s, i) => `import * as entry${i} from '${s}';`).join('\n')}\n` +
      `export const entries = [${specifiers.map((_, i) => `entry${i}`).join(', ')}];\n`,
  );
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', type: 'module', private: true }),
  );
  const declarationsProject = join(fixtures, 'declarations-project');
  copyFileSync(join(declarationsProject, 'tsconfig.json'), join(dir, 'tsconfig.declarations.json'));
  copyFileSync(join(declarationsProject, 'tsconfig.zod.json'), join(dir, 'tsconfig.zod.json'));
  copyFileSync(join(declarationsProject, 'zod-usage.ts'), join(dir, 'zod-usage.ts'));
  copyFileSync(join(fixtures, 'dom-lib-project', 'tsconfig.json'), join(dir, 'tsconfig.dom.json'));
  copyFileSync(join(fixtures, 'dom-lib-project', 'loops.ts'), join(dir, 'loops.ts'));
}

beforeAll(async () => {
  temp = mkdtempSync(join(tmpdir(), 'sluice-published-types-'));
  const declarationsDir = await declarations();
  project = join(temp, 'project');
  makeProject(project, 'zod', declarationsDir);
  projectZod3 = join(temp, 'project-zod3');
  makeProject(projectZod3, 'zod3', declarationsDir);
}, 300_000);

afterAll(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
});

describe('published declarations', () => {
  it('the project sees no @types package but @types/node and those Sluice depends on', () => {
    expect(readdirSync(join(project, 'node_modules', '@types')).sort()).toEqual(typesInstalled);
    expect(typesInstalled).not.toContain('better-sqlite3');
    expect(typesInstalled).not.toContain('pg');
  });

  it('every entry point compiles with skipLibCheck: false', async () => {
    expect(await compile(TSC, 'tsconfig.declarations.json')).toBe('');
  }, 120_000);

  it('they compile with skipLibCheck: false against zod 3.25 too, with v3 and v4 schemas (tsgo)', async () => {
    // tsgo for speed: the same check on TypeScript 5.9 takes half a minute more.
    expect(await compile(TSGO, 'tsconfig.zod.json', projectZod3)).toBe('');
    expect(await compile(TSGO, 'tsconfig.zod.json', project)).toBe('');
  }, 120_000);

  it('for await over the streams compiles with the DOM lib on TypeScript 5.9', async () => {
    const { stdout } = await exec(process.execPath, [TSC, '--version']);
    expect(stdout).toMatch(/Version 5\.9\./);
    expect(await compile(TSC, 'tsconfig.dom.json')).toBe('');
  }, 120_000);

  it('for await over the streams compiles with the DOM lib on TypeScript 7 (tsgo)', async () => {
    const { stdout } = await exec(process.execPath, [TSGO, '--version']);
    expect(stdout).toMatch(/Version 7\./);
    expect(await compile(TSGO, 'tsconfig.dom.json')).toBe('');
  }, 120_000);
});
