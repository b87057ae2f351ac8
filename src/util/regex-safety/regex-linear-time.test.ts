/**
 * Every regular expression Sluice compiles runs in linear time: the regex literals of every
 * non-test file under `src/` (found with the TypeScript compiler API) and every pattern built
 * at run time with `new RegExp(…)` (recorded while each shipped module is imported and each
 * text scanner runs once) is analysed by `recheck`. A flagged pattern fails the test unless it
 * is listed in `regex-budget.json` with the input bound that makes its real cost linear.
 *
 * recheck runs with step limits only (no wall-clock limit), so its verdicts do not depend on
 * how busy the machine is. They are stored in `regex-verdicts.json` (`npm run regex:verdicts`):
 * `npm test` analyses only patterns the file does not hold; with `CI` or `REGEX_RECHECK_ALL=1`
 * every pattern is analysed again and must match the file. No pattern is skipped.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasUnboundedLookbehind } from './pattern-checker.js';
import { collectPatterns, distinct, patternKey as key, type Pattern } from './testing/collect.js';
import type { BuiltPattern } from './testing/record-built.js';
import { loadRegexBudget, type RegexBudget } from './testing/regex-budget.js';
import { PARAMETERS_HASH, RECHECK_VERSION, recheckAll } from './testing/run-recheck.js';
import {
  type RegExpCallSite,
  regexLiterals,
  type SourcePattern,
  sourceFiles,
} from './testing/source-files.js';
import {
  describeVerdict,
  formatVerdictFile,
  loadVerdictFile,
  REFRESH,
  type Resolution,
  type Resolved,
  resolveVerdicts,
  VERDICTS_FILE,
  type VerdictFile,
  writeVerdictFile,
} from './testing/verdicts.js';

/** Where the injection detector's feature parts are compiled (`PatternUnion`). */
const FEATURE_PARTS_FILE = 'src/processors/prompt-injection-detector/pattern-union.ts';
/** Where its clause bags matched in code compile their side patterns. */
const CLAUSE_BAG_FILE = 'src/processors/prompt-injection-detector/clause-bag.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');
/** `REGEX_CHECK_DIRS=src/processors/x/,…` checks only those folders. */
const ONLY = process.env.REGEX_CHECK_DIRS?.split(',').filter((d) => d !== '');
/** CI (and `REGEX_RECHECK_ALL=1`) analyses every pattern live and compares with the stored verdicts. */
const CI = process.env.CI;
/**
 * `npm run regex:verdicts` runs this file with `REGEX_VERDICTS_WRITE=1`: analyse all, rewrite the
 * file. With `REGEX_VERDICTS_WRITE=incremental` (`npm run regex:verdicts -- --incremental`) the
 * stored verdicts of patterns still found are kept, only new patterns are analysed, and the
 * verdicts of patterns no longer found are dropped.
 */
const WRITE_MODE = process.env.REGEX_VERDICTS_WRITE;
const INCREMENTAL = WRITE_MODE === 'incremental';
const WRITE = WRITE_MODE === '1' || INCREMENTAL;
const ALL =
  (WRITE && !INCREMENTAL) ||
  process.env.REGEX_RECHECK_ALL === '1' ||
  (CI !== undefined && CI !== '' && CI !== 'false' && CI !== '0');

const label = (e: object) =>
  'package' in e ? String(e.package) : key(e as { source: string; flags: string });

/**
 * Whether a checked pattern is proven linear: `recheck` says so, and no lookbehind holds an
 * unbounded quantifier (V8 runs lookbehinds backwards from every position; recheck does not
 * model that, so `(?<=key[ \t]+)` passes it while being quadratic).
 */
const proven = (r: Resolved<Pattern>) =>
  r.verdict.status === 'safe' && !hasUnboundedLookbehind(r.item.source);

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
function offenders(results: readonly Resolved<Pattern>[], budget: RegexBudget): string[] {
  const out: string[] = [];
  for (const r of results) {
    if (proven(r)) continue;
    if (r.item.at.every((where) => budgeted(where, r.item, budget))) continue;
    const verdict =
      r.verdict.status === 'safe' ? 'a lookbehind with an unbounded quantifier' : describeVerdict(r.verdict);
    out.push(`${r.item.at.join(', ')} ${key(r.item).slice(0, 160)} — ${verdict}`);
  }
  return out;
}

/** A verdict file holding `verdicts`, as written by this recheck with these parameters. */
const storedFile = (verdicts: VerdictFile['verdicts'], recheck = RECHECK_VERSION): VerdictFile => ({
  about: 'self-test',
  recheck,
  parameters: PARAMETERS_HASH,
  verdicts,
});

describe('every regular expression Sluice compiles runs in linear time (recheck)', () => {
  let literals: SourcePattern[] = [];
  let sites: RegExpCallSite[] = [];
  let built: BuiltPattern[] = [];
  let resolution: Promise<Resolution<Pattern>> | undefined;
  /** The verdict of every pattern found: stored, or analysed live (all of them with `ALL`). */
  const resolved = () =>
    (resolution ??= (async () => {
      const found = distinct([...literals, ...built]);
      const stored = WRITE && !INCREMENTAL ? undefined : loadVerdictFile(ROOT);
      const r = await resolveVerdicts(found, stored, { all: ALL });
      if (WRITE && ONLY === undefined)
        writeVerdictFile(
          ROOT,
          r.results.map((x) => x.verdict),
        );
      return r;
    })());

  beforeAll(async () => {
    ({ literals, sites, built } = await collectPatterns(ROOT, ONLY));
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

  it('a new unbudgeted super-linear literal in a source file is analysed live and fails the check (self-test)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-regex-'));
    try {
      mkdirSync(join(dir, 'src/feature'), { recursive: true });
      writeFileSync(
        join(dir, 'src/feature/scan.ts'),
        'export const SAID = /[ \\t]+said/g;\nexport const OK = /a/;\nexport const KEY = /(?<=key[ \\t]+)\\w+/g;\n',
      );
      const found = distinct(regexLiterals(dir, sourceFiles(dir)));
      expect(found.map(key)).toEqual(['/[ \\t]+said/g', '/a/', '/(?<=key[ \\t]+)\\w+/g']);
      // The repository's stored verdicts are in play, as in `npm test`: the new patterns are not among them.
      const { results } = await resolveVerdicts(found, loadVerdictFile(ROOT), { all: false });
      expect(results[0]?.live).toBe(true);
      expect(results[0]?.verdict.status).toBe('vulnerable');
      const reported = offenders(results, loadRegexBudget(ROOT));
      expect(reported).toHaveLength(2);
      expect(reported[0]).toContain('src/feature/scan.ts:1');
      expect(reported[1]).toContain('src/feature/scan.ts:3');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('a stored verdict is reused only under the same recheck version and parameters; gone patterns are stale; CI mode compares (self-test)', async () => {
    const items = [{ source: 'a', flags: '' }];
    // A stored verdict that disagrees with recheck shows which one was used.
    const wrong = {
      source: 'a',
      flags: '',
      status: 'vulnerable' as const,
      complexity: 'exponential',
      attack: "'a'",
    };
    const gone = { source: 'gone', flags: 'g', status: 'safe' as const, complexity: 'linear' };

    const reused = await resolveVerdicts(items, storedFile([wrong, gone]), { all: false });
    expect(reused.results.map((r) => [r.live, r.verdict.status])).toEqual([[false, 'vulnerable']]);
    expect(reused.stale).toEqual(['/gone/g']);
    expect(reused.differing).toEqual([]);

    const otherVersion = await resolveVerdicts(items, storedFile([wrong], '0.0.1'), { all: false });
    expect(otherVersion.unusable).toContain('recheck 0.0.1');
    expect(otherVersion.results.map((r) => [r.live, r.verdict.status])).toEqual([[true, 'safe']]);

    const all = await resolveVerdicts([...items, { source: 'b', flags: '' }], storedFile([wrong]), {
      all: true,
    });
    expect(all.results.map((r) => [r.live, r.verdict.status])).toEqual([
      [true, 'safe'],
      [true, 'safe'],
    ]);
    expect(all.differing).toHaveLength(2);
    expect(all.differing[0]).toContain('stored: exponential');
    expect(all.differing[1]).toContain('/b/ — not stored');
  }, 120_000);

  it('the incremental rewrite keeps stored verdicts of found patterns, analyses new ones and drops gone ones (self-test)', async () => {
    // A stored verdict that disagrees with recheck shows it was kept, not re-derived.
    const kept = {
      source: 'a',
      flags: '',
      status: 'vulnerable' as const,
      complexity: 'exponential',
      attack: "'a'",
    };
    const gone = { source: 'gone', flags: 'g', status: 'safe' as const, complexity: 'linear' };
    const items = [
      { source: 'a', flags: '' },
      { source: 'b', flags: '' },
    ];
    const { results } = await resolveVerdicts(items, storedFile([kept, gone]), { all: false });
    const written = JSON.parse(formatVerdictFile(results.map((r) => r.verdict))) as VerdictFile;
    expect(written.verdicts.map((v) => [key(v), v.status])).toEqual([
      ['/a/', 'vulnerable'],
      ['/b/', 'safe'],
    ]);
    expect(results.map((r) => r.live)).toEqual([false, true]);
  }, 120_000);

  it('the verdict file is written sorted and stable', () => {
    const z = { source: 'z', flags: '', status: 'safe' as const, complexity: 'linear' };
    const a = { complexity: 'linear', status: 'safe' as const, flags: 'g', source: 'a' };
    const text = formatVerdictFile([z, a]);
    expect(formatVerdictFile([a, z])).toBe(text);
    const parsed = JSON.parse(text) as VerdictFile;
    expect(parsed.verdicts.map((v) => Object.keys(v))).toEqual([
      ['source', 'flags', 'status', 'complexity'],
      ['source', 'flags', 'status', 'complexity'],
    ]);
    expect(parsed.verdicts.map(key)).toEqual(['/a/g', '/z/']);
    expect([parsed.recheck, parsed.parameters]).toEqual([RECHECK_VERSION, PARAMETERS_HASH]);
  });

  it('finds the literals and the run-time patterns (a scan that finds nothing checks nothing)', () => {
    expect(literals.length).toBeGreaterThan(0);
    if (ONLY !== undefined) return;
    expect(literals.length).toBeGreaterThan(300);
    expect(built.length).toBeGreaterThan(20);
    expect(literals.some((p) => p.file === 'src/processors/regex-filter/presets.ts')).toBe(true);
    expect(built.some((p) => p.file === 'src/processors/pii-detector/detect/cues.ts')).toBe(true);
    // The prompt-injection detector is in the check: its literals and its feature parts.
    const injection = 'src/processors/prompt-injection-detector/';
    expect(literals.filter((p) => p.file.startsWith(injection)).length).toBeGreaterThan(30);
    expect(built.filter((p) => p.file === FEATURE_PARTS_FILE).length).toBeGreaterThan(400);
  });

  it('no pattern is skipped: the clause bags matched in code have their side patterns checked', () => {
    if (ONLY !== undefined) return;
    const sides = built.filter((b) => b.file === CLAUSE_BAG_FILE);
    // Per bag side: the side in global mode and one sticky pattern per shape.
    expect(sides.filter((b) => b.flags.includes('y')).length).toBeGreaterThan(10);
    expect(sides.filter((b) => b.flags.includes('g')).length).toBeGreaterThan(4);
  });

  it('every `RegExp(…)` call in src was reached while recording, so its patterns were checked', () => {
    const reached = new Set(built.map((b) => `${b.file}:${b.line}`));
    const missed = sites.map((s) => `${s.file}:${s.line}`).filter((s) => !reached.has(s));
    // A miss means a scanner builds patterns on a path `testing/exercise.ts` does not run: run it there.
    expect(missed).toEqual([]);
  });

  it('no pattern can backtrack super-linearly unless the budget bounds its input', async () => {
    const budget = loadRegexBudget(ROOT);
    const { results } = await resolved();
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
  }, 3_600_000);

  it(`the stored verdicts (${VERDICTS_FILE}) are current: none stale${ALL ? ', every one re-derived live' : ''}`, async () => {
    const { results, unusable, stale, differing } = await resolved();
    if (WRITE) {
      expect(ONLY, 'the verdict file covers every folder: unset REGEX_CHECK_DIRS').toBeUndefined();
      return;
    }
    const refresh = `run \`${REFRESH}\` and commit ${VERDICTS_FILE}`;
    expect(unusable, `${unusable}: ${refresh}`).toBeUndefined();
    // A partial scan (REGEX_CHECK_DIRS) cannot tell a removed pattern from one it did not scan.
    if (ONLY === undefined)
      expect(stale, `stored verdicts for patterns no longer in src: ${refresh}`).toEqual([]);
    if (!ALL) {
      const live = results.filter((r) => r.live).map((r) => key(r.item).slice(0, 100));
      if (live.length > 0)
        console.info(`analysed live (not in ${VERDICTS_FILE}, ${refresh}):\n${live.join('\n')}`);
      return;
    }
    expect(differing, `live verdicts differ from ${VERDICTS_FILE}: ${refresh}`).toEqual([]);
    if (ONLY === undefined)
      expect(
        readFileSync(join(ROOT, VERDICTS_FILE), 'utf8'),
        `${VERDICTS_FILE} is not as written: ${refresh}`,
      ).toBe(formatVerdictFile(results.map((r) => r.verdict)));
  }, 3_600_000);

  it('each budget entry names its bound, where the bound is enforced, its measured worst case and why', () => {
    const budget = loadRegexBudget(ROOT);
    for (const e of [...budget.entries, ...budget.dependencies]) {
      expect(e.maxInput, label(e)).toBeGreaterThan(0);
      expect(e.maxInput, label(e)).toBeLessThanOrEqual(1_000);
      expect(e.boundedBy.length, label(e)).toBeGreaterThan(10);
      expect(e.why.length, label(e)).toBeGreaterThan(10);
      expect(e.worstCaseMicros, label(e)).toBeGreaterThan(0);
    }
  });
});
