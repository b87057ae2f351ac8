/**
 * Records every pattern Sluice builds at run time (`new RegExp(…)` from word lists, option
 * values, other patterns' sources): a recording `RegExp` replaces the global one while every
 * shipped module is imported and each text scanner runs once. Test-only helper.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RegExpCallSite } from './source-files.js';

/**
 * A pattern built at run time, and the line of `src/` that built it — or, for a pattern a
 * dependency builds (`dependency`), the line of `src/` that called into the dependency.
 */
export interface BuiltPattern extends RegExpCallSite {
  readonly source: string;
  readonly flags: string;
  readonly dependency?: string;
}

/** The package of the frame that called `RegExp(…)`, when it is not Sluice's own code. */
function callingPackage(stack: string): string | undefined {
  for (const frame of stack.split('\n').slice(1)) {
    if (frame.includes('/regex-safety/testing/')) continue;
    const at = frame.lastIndexOf('/node_modules/');
    if (at < 0) return undefined;
    const parts = frame.slice(at + '/node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return undefined;
}

/** The first stack frame under `root/src/` outside this file. */
function callerIn(root: string, stack: string): RegExpCallSite | undefined {
  const src = `${root}/src/`;
  for (const frame of stack.split('\n').slice(1)) {
    // "    at fn (/abs/file.ts:12:34)" or "    at /abs/file.ts:12:34": path, line, column.
    const text = frame.trim().replace(/\)$/, '');
    const column = text.lastIndexOf(':');
    const colon = text.lastIndexOf(':', column - 1);
    if (colon < 0) continue;
    const opening = text.lastIndexOf('(', colon);
    const path = text
      .slice(opening >= 0 ? opening + 1 : text.indexOf(' ') + 1, colon)
      .replace(/^file:\/\//, '');
    if (!path.startsWith(src) || path.includes('/regex-safety/testing/')) continue;
    return { file: path.slice(root.length + 1), line: Number(text.slice(colon + 1, column)) };
  }
  return undefined;
}

/**
 * Runs `body` with a recording `RegExp` installed as `globalThis.RegExp`, and returns what it
 * built. Patterns built by a copy (`new RegExp(re)`) are recorded too; `instanceof RegExp`
 * and literals are unaffected (a Proxy forwards everything else to the real constructor).
 */
export async function recordBuiltPatterns(root: string, body: () => Promise<void>): Promise<BuiltPattern[]> {
  const Real = globalThis.RegExp;
  const built: BuiltPattern[] = [];
  const record = (args: unknown[]) => {
    const [pattern, flags] = args;
    const source = pattern instanceof Real ? pattern.source : String(pattern ?? '(?:)');
    const f = flags !== undefined ? String(flags) : pattern instanceof Real ? pattern.flags : '';
    const stack = new Error().stack ?? '';
    const site = callerIn(root, stack);
    if (site === undefined) return;
    const dependency = callingPackage(stack);
    built.push(
      dependency === undefined ? { ...site, source, flags: f } : { ...site, source, flags: f, dependency },
    );
  };
  globalThis.RegExp = new Proxy(Real, {
    construct(target, args, newTarget) {
      record(args);
      return Reflect.construct(target, args, newTarget === globalThis.RegExp ? target : newTarget);
    },
    apply(target, thisArg, args) {
      record(args);
      return Reflect.apply(target, thisArg, args);
    },
  });
  // Deep enough to reach the `src/` frame under any loader (tsx adds frames vitest does not).
  const depth = Error.stackTraceLimit;
  Error.stackTraceLimit = 200;
  try {
    await body();
  } finally {
    globalThis.RegExp = Real;
    Error.stackTraceLimit = depth;
  }
  return built;
}

/** Imports each of `files` (repository-relative) so their module-level patterns are built. */
export async function importAll(root: string, files: readonly string[]): Promise<void> {
  for (const file of files) await import(pathToFileURL(join(root, file)).href);
}
