import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  collectModules,
  extractSnippets,
  SnippetConventionError,
  type SnippetModule,
  toModules,
} from './snippets.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Inside the repository (and gitignored), so `zod`, `sluice/*` and node_modules resolve as for examples.
const outDir = join(root, '.sluice', 'doc-snippets');

function writeModules(modules: SnippetModule[]): Map<string, SnippetModule> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const byPath = new Map<string, SnippetModule>();
  for (const module of modules) {
    const path = join(outDir, module.fileName + module.extension);
    writeFileSync(path, module.source);
    byPath.set(path, module);
  }
  return byPath;
}

/** Typechecks every module in one program, with the repository's compiler options and paths. */
function typecheck(byPath: Map<string, SnippetModule>): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram([...byPath.keys()], { ...config.options, allowJs: true, checkJs: true });
  const problems: string[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const module = diagnostic.file ? byPath.get(ts.sys.resolvePath(diagnostic.file.fileName)) : undefined;
    if (!diagnostic.file || diagnostic.start === undefined) {
      problems.push(`TS${diagnostic.code}: ${message}`);
      continue;
    }
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const where = module ? (module.origins[line] ?? module.id) : diagnostic.file.fileName;
    problems.push(`${where}: TS${diagnostic.code}: ${message}`);
  }
  return problems;
}

describe('code blocks of README.md and docs/', () => {
  const modules = collectModules(root);
  const byPath = writeModules(modules);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('every ts/js block typechecks against the package (complete, or continuing a named block)', () => {
    expect(modules.length).toBeGreaterThan(20);
    expect(typecheck(byPath)).toEqual([]);
  }, 180_000);

  const runnable = [...byPath].filter(([, module]) => module.run);
  it('there are runnable blocks', () => {
    expect(runnable.length).toBeGreaterThan(0);
  });
  for (const [path, module] of runnable) {
    it(`${module.id} runs against scripted models`, async () => {
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      try {
        await import(pathToFileURL(path).href);
      } finally {
        log.mockRestore();
      }
    });
  }
});

describe('snippet conventions', () => {
  it('a continuation is checked appended to the block it names, with line origins kept', () => {
    const markdown = [
      '```ts name=setup',
      'const a = 1;',
      '```',
      'text',
      '```ts continues=setup run',
      'console.log(a);',
      '```',
    ].join('\n');
    const modules = toModules(extractSnippets('x.md', markdown));
    expect(modules).toHaveLength(2);
    expect(modules[1].source).toBe('const a = 1;\nconsole.log(a);\nexport {};\n');
    expect(modules[1].origins).toEqual(['x.md:2', 'x.md:6']);
    expect(modules[1].run).toBe(true);
    expect(modules[0].run).toBe(false);
  });

  it('blocks in other languages are not compiled', () => {
    const markdown = ['```sh', 'npm test', '```', '```text', 'out', '```', '```', 'plain', '```'].join('\n');
    expect(extractSnippets('x.md', markdown)).toEqual([]);
  });

  it('a continuation of an unknown name and an unknown attribute are refused, naming the place', () => {
    expect(() => toModules(extractSnippets('x.md', '```ts continues=nope\nx;\n```'))).toThrow(
      /x\.md:1: continues=nope names no earlier block/,
    );
    expect(() => extractSnippets('x.md', 'text\n```ts runn\nx;\n```')).toThrow(SnippetConventionError);
    expect(() => extractSnippets('x.md', 'text\n```ts runn\nx;\n```')).toThrow(
      /x\.md:2: unknown code block attribute "runn"/,
    );
  });
});
