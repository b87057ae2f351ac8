/**
 * Every regular expression Sluice compiles runs in linear time: the regex literals of every
 * non-test file under `src/` (found with the TypeScript compiler API) and every pattern built
 * at run time with `new RegExp(…)` (recorded while each shipped module is imported and each
 * text scanner runs once) is analysed by `recheck`. A flagged pattern fails the test unless it
 * is listed in `regex-budget.json` with the input bound that makes its real cost linear.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasUnboundedLookbehind } from './pattern-checker.js';
import { exerciseTextScanners } from './testing/exercise.js';
import { type BuiltPattern, importAll, recordBuiltPatterns } from './testing/record-built.js';
import { loadRegexBudget, type RegexBudget } from './testing/regex-budget.js';
import { type Checked, recheckAll } from './testing/run-recheck.js';
import {
  type RegExpCallSite,
  regExpCallSites,
  regexLiterals,
  type SourcePattern,
  shippedFiles,
  sourceFiles,
} from './testing/source-files.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');
/** `REGEX_CHECK_DIRS=src/processors/x/,…` checks only those folders. */
const ONLY = process.env.REGEX_CHECK_DIRS?.split(',').filter((d) => d !== '');
const inScope = (file: string) => ONLY === undefined || ONLY.some((d) => file.startsWith(d));

/** A distinct pattern and every place that writes or builds it. */
interface Pattern {
  readonly source: string;
  readonly flags: string;
  readonly at: string[];
}

const key = (p: { source: string; flags: string }) => `/${p.source}/${p.flags}`;
const label = (e: object) =>
  'package' in e ? String(e.package) : key(e as { source: string; flags: string });

function distinct(found: ReadonlyArray<SourcePattern | BuiltPattern>): Pattern[] {
  const byKey = new Map<string, Pattern>();
  for (const p of found) {
    const k = key(p);
    // A dependency's pattern is placed where Sluice calls into it: "src/x.ts:2 (package)".
    const where = `${p.file}:${p.line}${'dependency' in p && p.dependency !== undefined ? ` (${p.dependency})` : ''}`;
    const seen = byKey.get(k);
    if (seen === undefined) byKey.set(k, { source: p.source, flags: p.flags, at: [where] });
    else if (!seen.at.includes(where)) seen.at.push(where);
  }
  return [...byKey.values()];
}

/**
 * Whether a checked pattern is proven linear: `recheck` says so, and no lookbehind holds an
 * unbounded quantifier (V8 runs lookbehinds backwards from every position; recheck does not
 * model that, so `(?<=key[ \t]+)` passes it while being quadratic).
 */
const proven = (r: Checked<Pattern>) =>
  r.diagnostics.status === 'safe' && !hasUnboundedLookbehind(r.item.source);

/** Whether the pattern, written or built at `where`, is covered by a budget entry. */
function budgeted(where: string, item: Pattern, budget: RegexBudget): boolean {
  const dependency = / \((.+)\)$/.exec(where)?.[1];
  if (dependency !== undefined)
    return budget.dependencies.some((d) => d.package === dependency && where.startsWith(`${d.enteredFrom}:`));
  return budget.entries.some(
    (e) => e.source === item.source && e.flags === item.flags && where.startsWith(`${e.file}:`),
  );
}

/** Patterns not proven linear that the budget does not cover, described. */
function offenders(results: readonly Checked<Pattern>[], budget: RegexBudget): string[] {
  const out: string[] = [];
  for (const r of results) {
    const { item, diagnostics: d } = r;
    if (proven(r)) continue;
    if (item.at.every((where) => budgeted(where, item, budget))) continue;
    const verdict =
      d.status === 'safe'
        ? 'a lookbehind with an unbounded quantifier'
        : d.status === 'vulnerable'
          ? `${d.complexity.summary}, attack ${d.attack.pattern.slice(0, 80)}`
          : `not proven (${d.error.kind})`;
    out.push(`${item.at.join(', ')} ${key(item).slice(0, 160)} — ${verdict}`);
  }
  return out;
}

describe('every regular expression Sluice compiles runs in linear time (recheck)', () => {
  let literals: SourcePattern[] = [];
  let sites: RegExpCallSite[] = [];
  let built: BuiltPattern[] = [];

  beforeAll(async () => {
    const files = sourceFiles(ROOT, ONLY);
    literals = regexLiterals(ROOT, files);
    sites = regExpCallSites(ROOT, files);
    // Importing the shipped files that call `RegExp(…)` builds their module-level patterns
    // (and those of everything they import); the scanners then build the lazy ones.
    const building = new Set(sites.map((s) => s.file));
    built = await recordBuiltPatterns(ROOT, async () => {
      await importAll(
        ROOT,
        shippedFiles(ROOT, ONLY).filter((f) => building.has(f)),
      );
      await exerciseTextScanners(ROOT);
    });
    built = built.filter((b) => inScope(b.file));
  }, 120_000);

  it('the checker flags super-linear patterns and passes their linear rewrites (self-test)', async () => {
    const [nested, blankRun, guarded] = await recheckAll([
      { source: '^(a+)+$', flags: '' },
      { source: '[ \\t]+(?:said|wrote)', flags: 'g' },
      { source: '(?<![ \\t])[ \\t]+(?:said|wrote)', flags: 'g' },
    ]);
    expect(nested?.diagnostics.status).toBe('vulnerable');
    expect(blankRun?.diagnostics.status).toBe('vulnerable');
    expect(guarded?.diagnostics.status).toBe('safe');
  }, 120_000);

  it('a new unbudgeted super-linear literal in a source file fails the check (self-test)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-regex-'));
    try {
      mkdirSync(join(dir, 'src/feature'), { recursive: true });
      writeFileSync(
        join(dir, 'src/feature/scan.ts'),
        'export const SAID = /[ \\t]+said/g;\nexport const OK = /a/;\nexport const KEY = /(?<=key[ \\t]+)\\w+/g;\n',
      );
      const found = distinct(regexLiterals(dir, sourceFiles(dir)));
      expect(found.map(key)).toEqual(['/[ \\t]+said/g', '/a/', '/(?<=key[ \\t]+)\\w+/g']);
      const reported = offenders(await recheckAll(found), loadRegexBudget(ROOT));
      expect(reported).toHaveLength(2);
      expect(reported[0]).toContain('src/feature/scan.ts:1');
      expect(reported[1]).toContain('src/feature/scan.ts:3');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('finds the literals and the run-time patterns (a scan that finds nothing checks nothing)', () => {
    expect(literals.length).toBeGreaterThan(0);
    if (ONLY !== undefined) return;
    expect(literals.length).toBeGreaterThan(300);
    expect(built.length).toBeGreaterThan(20);
    expect(literals.some((p) => p.file === 'src/processors/regex-filter/presets.ts')).toBe(true);
    expect(built.some((p) => p.file === 'src/processors/pii-detector/detect/cues.ts')).toBe(true);
  });

  it('every `RegExp(…)` call in src was reached while recording, so its patterns were checked', () => {
    const reached = new Set(built.map((b) => `${b.file}:${b.line}`));
    const missed = sites.map((s) => `${s.file}:${s.line}`).filter((s) => !reached.has(s));
    // A miss means a scanner builds patterns on a path `testing/exercise.ts` does not run: run it there.
    expect(missed).toEqual([]);
  });

  it('no pattern can backtrack super-linearly unless the budget bounds its input', async () => {
    const budget = loadRegexBudget(ROOT);
    const results = await recheckAll(distinct([...literals, ...built]));
    expect(offenders(results, budget)).toEqual([]);
    // A budget entry for a pattern that is gone or now proven linear is stale: remove it.
    const flagged = new Set(results.filter((r) => !proven(r)).map((r) => key(r.item)));
    expect(budget.entries.filter((e) => !flagged.has(key(e))).map(key)).toEqual([]);
    const entered = results.filter((r) => !proven(r)).flatMap((r) => r.item.at);
    const unusedDependencies = budget.dependencies.filter(
      (d) =>
        !entered.some((where) => where.startsWith(`${d.enteredFrom}:`) && where.endsWith(` (${d.package})`)),
    );
    expect(unusedDependencies.map((d) => `${d.package} from ${d.enteredFrom}`)).toEqual([]);
  }, 1_200_000);

  it('each budget entry names its bound, where the bound is enforced, its measured worst case and why', () => {
    const budget = loadRegexBudget(ROOT);
    for (const e of [...budget.entries, ...budget.dependencies]) {
      expect(e.maxInput, label(e)).toBeGreaterThan(0);
      // A short slice bounds a budgeted pattern; the injection scorer's window entries are the
      // one listed exception (linear per window, large constant, to be rewritten).
      expect(e.maxInput, label(e)).toBeLessThanOrEqual('window' in e && e.window === true ? 100_000 : 1_000);
      expect(e.boundedBy.length, label(e)).toBeGreaterThan(10);
      expect(e.why.length, label(e)).toBeGreaterThan(10);
      expect(e.worstCaseMicros, label(e)).toBeGreaterThan(0);
    }
  });
});
