import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The package root (`sluice`) holds what a first program needs and nothing more: at most this
 * many names, runtime values and types together. Everything else belongs in the subpath of its
 * concept (`sluice/processors`, `sluice/memory`, …).
 */
const MAX_ROOT_NAMES = 80;

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every name `src/index.ts` exports, with whether it exists at run time (a value) or only as a type. */
function rootExports(): { name: string; value: boolean }[] {
  const configPath = path.join(rootDir, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (parsed === undefined) throw new Error(`could not read ${configPath}`);
  const entry = path.join(rootDir, 'src', 'index.ts');
  const program = ts.createProgram([entry], { ...parsed.options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (moduleSymbol === undefined) throw new Error(`could not load ${entry}`);
  return checker.getExportsOfModule(moduleSymbol).map((symbol) => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const typeOnly = symbol.declarations?.some((d) => ts.isTypeOnlyExportDeclaration(d)) ?? false;
    return { name: symbol.name, value: !typeOnly && (target.flags & ts.SymbolFlags.Value) !== 0 };
  });
}

describe('the package root stays small', () => {
  const names = rootExports();

  it(`exports at most ${MAX_ROOT_NAMES} names, values and types together`, () => {
    const count = names.length;
    expect(
      count,
      `src/index.ts exports ${count} names (limit ${MAX_ROOT_NAMES}). Export the new names from the subpath of their concept (src/<concept>/index.ts) instead of the root, or remove others from the root and list the move in CHANGELOG.md.`,
    ).toBeLessThanOrEqual(MAX_ROOT_NAMES);
  });

  it('holds what a first program needs', () => {
    const byName = new Map(names.map((n) => [n.name, n.value]));
    for (const value of ['Agent', 'createTool', 'TripWire', 'RequestContext', 'MessageList', 'SluiceError']) {
      expect(byName.get(value), `${value} is a runtime export of the root`).toBe(true);
    }
    for (const type of ['Processor', 'AgentConfig', 'MastraDBMessage', 'ProcessInputArgs', 'ChunkType']) {
      expect(byName.has(type), `${type} is exported by the root`).toBe(true);
    }
  });

  it('counts as runtime names exactly those the loaded module has', async () => {
    const runtime = Object.keys(await import('./index.js')).sort();
    const counted = names
      .filter((n) => n.value)
      .map((n) => n.name)
      .sort();
    expect(counted).toEqual(runtime);
  });
});
