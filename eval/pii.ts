/**
 * The PII half of `npm run eval`: `detectPII()` at `PIIDetector`'s default threshold on the
 * project's labelled fixtures (`eval/pii/`), per-type precision / recall / F1 and micro averages
 * for the development half and the held-out half. How the sets were made is in
 * `eval/README.md` ("PII"); how each was spent, in `CHANGELOG.md` ("History").
 *
 * - Development half (tuned on): every file of `eval/pii/development/`, one printed row per set,
 *   with name/address figures per language.
 * - Held-out half (blind, never tuned on): every file of `eval/pii/heldout/`, written by
 *   engineers who never read the detector. Tuning must not read its lines, its misses or its
 *   per-type figures; once it has, the set moves to `development/` and a new blind set has to
 *   be written.
 *
 * Flags: `--tuning` hides the held-out half (what tuning sessions run); `PII_EVAL_ERRORS=1` lists
 * the development half's mistakes. `PII_EVAL_HELDOUT_MISSES=1` lists the held-out half's mistakes:
 * it exists for the single scoring run whose report hands them over, and any session that reads
 * that list has spent the blind set.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { PIIFixture } from './pii/generators/templates/generate.js';
import { EVAL_MIN_CONFIDENCE, type PIIScore, scorePII } from './pii/score.js';

/** Which half a row of figures is. */
export type PIISplit = 'development' | 'heldout';

/** How each half is labelled when printed. */
export const PII_SPLIT_LABELS: Record<PIISplit, string> = {
  development: 'development (tuned on)',
  heldout: 'held-out (blind, never tuned on)',
};

const development = (file: string) => new URL(`./pii/development/${file}`, import.meta.url);
const heldout = (file: string) => new URL(`./pii/heldout/${file}`, import.meta.url);

/** Independent set 7, in the held-out half. */
export const HELDOUT_FIXTURES_PATH = heldout('independent-7.jsonl');
/** Independent set 8, in the held-out half. */
export const INDEPENDENT_8_FIXTURES_PATH = heldout('independent-8.jsonl');
/** Independent set 4, spent: in the development half. */
export const INDEPENDENT_4_FIXTURES_PATH = development('independent-4.jsonl');
/** Independent set 5, spent: in the development half. */
export const INDEPENDENT_5_FIXTURES_PATH = development('independent-5.jsonl');

/** The held-out half's sets, one printed row each (a set whose file is missing is left out). */
export function heldoutSets(): Array<{ name: string; fixtures: PIIFixture[] }> {
  const sets = [
    { name: 'independent set 7', path: HELDOUT_FIXTURES_PATH },
    { name: 'independent set 8', path: INDEPENDENT_8_FIXTURES_PATH },
  ];
  return sets.filter((s) => existsSync(s.path)).map((s) => ({ name: s.name, fixtures: readJsonl(s.path) }));
}

function readJsonl(path: URL): PIIFixture[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as PIIFixture);
}

/**
 * The development half's sets, in printing order: each row's label and its file in
 * `eval/pii/development/` (`CHANGELOG.md` History maps each to the name it had while tuning).
 */
const DEVELOPMENT_SETS: ReadonlyArray<readonly [name: string, file: string]> = [
  ['templates + hard cases', 'templates-and-hard-cases.jsonl'],
  ['independent set 1 (spent)', 'independent-1.jsonl'],
  ['hand-written rule cases', 'hand-written-rule-cases.jsonl'],
  ['independent set 2 (spent)', 'independent-2.jsonl'],
  ['independent set 3 (spent)', 'independent-3.jsonl'],
  ['generated names/addresses 1', 'generated-names-addresses-1.jsonl'],
  ['generated names/addresses 2', 'generated-names-addresses-2.jsonl'],
  ['generated names/addresses 3', 'generated-names-addresses-3.jsonl'],
  ['generated names/addresses 4', 'generated-names-addresses-4.jsonl'],
  ['generated names/addresses 5 (never tuned on)', 'generated-names-addresses-5.jsonl'],
  ['independent set 4 (spent; first blind score P 0.920 / R 0.833)', 'independent-4.jsonl'],
  ['independent set 5 (spent; first blind score P 0.938 / R 0.787)', 'independent-5.jsonl'],
  ['independent set 6 (spent; first blind score P 0.961 / R 0.940)', 'independent-6.jsonl'],
];

/** The development half, one named set per row of the printout. */
export function developmentSets(): Array<{ name: string; fixtures: PIIFixture[] }> {
  return DEVELOPMENT_SETS.map(([name, file]) => ({ name, fixtures: readJsonl(development(file)) }));
}

/**
 * Every fixture of a half, the same on every call. The held-out half is `undefined` while
 * {@link HELDOUT_FIXTURES_PATH} does not exist yet.
 */
export function piiFixtures(split: 'development'): PIIFixture[];
export function piiFixtures(split: PIISplit): PIIFixture[] | undefined;
export function piiFixtures(split: PIISplit): PIIFixture[] | undefined {
  if (split === 'heldout') {
    const sets = heldoutSets();
    return sets.length === 0 ? undefined : sets.flatMap((s) => s.fixtures);
  }
  return developmentSets().flatMap((s) => s.fixtures);
}

const f3 = (n: number) => n.toFixed(3);

function print(label: string, fixtures: readonly PIIFixture[], s: PIIScore): void {
  const langs = [...new Set(fixtures.map((f) => f.lang))].join(', ');
  console.log(`\n${label}: ${s.lines} lines (${s.negatives} look-alike negatives; ${langs})`);
  console.log('  type            tp   fp   fn  precision  recall     f1');
  for (const [type, t] of s.perType) {
    console.log(
      `  ${type.padEnd(14)} ${String(t.tp).padStart(4)} ${String(t.fp).padStart(4)} ${String(t.fn).padStart(4)}  ${f3(t.precision).padStart(9)}  ${f3(t.recall).padStart(6)}  ${f3(t.f1).padStart(5)}`,
    );
  }
  const m = s.micro;
  console.log(
    `  micro          ${String(m.tp).padStart(4)} ${String(m.fp).padStart(4)} ${String(m.fn).padStart(4)}  ${f3(m.precision).padStart(9)}  ${f3(m.recall).padStart(6)}  ${f3(m.f1).padStart(5)}`,
  );
  console.log(`  negative lines with any detection: ${s.negativeLinesFlagged} / ${s.negatives}`);
}

/** Name and address precision / recall per language: the types rules find least reliably. */
function printByLanguage(fixtures: readonly PIIFixture[]): void {
  const langs = [...new Set(fixtures.map((f) => f.lang))];
  for (const type of ['name', 'address'] as const) {
    const cells = langs.map((lang) => {
      const t = scorePII(fixtures.filter((f) => f.lang === lang)).perType.get(type);
      return t === undefined ? `${lang} –` : `${lang} ${f3(t.precision)}/${f3(t.recall)}`;
    });
    console.log(`  ${type} P/R by language: ${cells.join(', ')}`);
  }
}

function printErrors(label: string, s: PIIScore): void {
  console.log(`\n${label} mistakes:`);
  for (const e of s.errors) console.log(`  ${e.id} ${e.kind} ${e.type} ${JSON.stringify(e.value)} in ${JSON.stringify(e.text)}`);
}

/** Prints the PII figures for both halves (only development with `--tuning`). */
export async function run(): Promise<void> {
  const tuning = process.argv.includes('--tuning');
  console.log(`PII detection (detectPII, threshold ${EVAL_MIN_CONFIDENCE}); exact type and span required`);
  const sets = developmentSets();
  const devFixtures = sets.flatMap((s) => s.fixtures);
  const dev = scorePII(devFixtures);
  print(PII_SPLIT_LABELS.development, devFixtures, dev);
  printByLanguage(devFixtures);
  for (const set of sets) print(`development, ${set.name}`, set.fixtures, scorePII(set.fixtures));
  if (!tuning) {
    const heldoutFixtures = piiFixtures('heldout');
    if (heldoutFixtures === undefined) console.log('\nheld-out (independent sets 7 + 8): pending');
    else {
      const heldout = scorePII(heldoutFixtures);
      print(`${PII_SPLIT_LABELS.heldout}, independent sets 7 + 8`, heldoutFixtures, heldout);
      for (const set of heldoutSets()) print(`${PII_SPLIT_LABELS.heldout}, ${set.name}`, set.fixtures, scorePII(set.fixtures));
      if (process.env.PII_EVAL_HELDOUT_MISSES === '1') printErrors(PII_SPLIT_LABELS.heldout, heldout);
    }
  }
  if (process.env.PII_EVAL_ERRORS === '1') printErrors(PII_SPLIT_LABELS.development, dev);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
