/**
 * The TypeScript files of `src/` whose regular expressions ship, for the linear-time check.
 * Test-only helper (excluded from the build): it reads the file system and the compiler API.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/** A regular expression found in the source: where it is written, and what V8 compiles. */
export interface SourcePattern {
  /** Repository-relative path with `/` separators. */
  readonly file: string;
  readonly line: number;
  readonly source: string;
  readonly flags: string;
}

/** A `new RegExp(…)` or `RegExp(…)` call in the source. */
export interface RegExpCallSite {
  readonly file: string;
  readonly line: number;
}

const toPosix = (path: string) => path.split(sep).join('/');

/** Whether `file` (repository-relative) is test code: tests, type tests, declaration files. */
function isTestFile(file: string): boolean {
  return file.endsWith('.test.ts') || file.endsWith('.test-d.ts') || file.endsWith('.d.ts');
}

/**
 * Every non-test `.ts` file under `root/src`, repository-relative; or, with `only` (folder
 * prefixes such as `src/processors/x/`), just the files under those folders
 * (`REGEX_CHECK_DIRS=… npx vitest run …`).
 */
export function sourceFiles(root: string, only?: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) out.push(toPosix(relative(root, path)));
    }
  };
  walk(join(root, 'src'));
  const inScope = (f: string) => only === undefined || only.some((d) => f.startsWith(d));
  return out.filter((f) => !isTestFile(f) && inScope(f)).sort();
}

/**
 * The files the build ships (`tsconfig.build.json` excludes test helpers and child-process
 * entry points, which must not be imported for their side effects).
 */
export function shippedFiles(root: string, only?: readonly string[]): string[] {
  const config = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8')) as {
    exclude?: string[];
  };
  const excluded = (config.exclude ?? []).filter((p) => !p.includes('*.'));
  return sourceFiles(root, only).filter(
    (f) => !excluded.some((p) => (p.endsWith('/**') ? f.startsWith(p.slice(0, -2)) : f === p)),
  );
}

function parse(root: string, file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
}

/** Every regular-expression literal in `files`. */
export function regexLiterals(root: string, files: readonly string[]): SourcePattern[] {
  const out: SourcePattern[] = [];
  for (const file of files) {
    const sf = parse(root, file);
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(sf);
        const slash = text.lastIndexOf('/');
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        out.push({ file, line, source: text.slice(1, slash), flags: text.slice(slash + 1) });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

/** Every place in `files` that builds a pattern at run time with `new RegExp(…)` or `RegExp(…)`. */
export function regExpCallSites(root: string, files: readonly string[]): RegExpCallSite[] {
  const out: RegExpCallSite[] = [];
  for (const file of files) {
    const sf = parse(root, file);
    const visit = (node: ts.Node) => {
      if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp'
      ) {
        out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}
