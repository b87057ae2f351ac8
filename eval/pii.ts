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

/** Blind set 7, in the held-out half. */
export const HELDOUT_FIXTURES_PATH = heldout('blind7-fixtures.jsonl');
/** Blind set 8, in the held-out half. */
export const BLIND8_FIXTURES_PATH = heldout('blind8-fixtures.jsonl');
/** Blind set 4, spent: in the development half. */
export const BLIND4_FIXTURES_PATH = development('blind4-fixtures.jsonl');
/** Blind set 5, spent: in the development half. */
export const BLIND5_FIXTURES_PATH = development('blind5-fixtures.jsonl');

/** The held-out half's sets, one printed row each (a set whose file is missing is left out). */
export function heldoutSets(): Array<{ name: string; fixtures: PIIFixture[] }> {
  const sets = [
    { name: 'blind set 7', path: HELDOUT_FIXTURES_PATH },
    { name: 'blind set 8', path: BLIND8_FIXTURES_PATH },
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
 * `eval/pii/development/` (the labels name the sets as the history in `CHANGELOG.md` does).
 */
const DEVELOPMENT_SETS: ReadonlyArray<readonly [name: string, file: string]> = [
  ['templates + fresh + hard cases', 'templates-fresh-hard-cases.jsonl'],
  ['blind set 1 (spent)', 'blind1-fixtures.jsonl'],
  ['dev2 + dev3', 'dev2-dev3-fixtures.jsonl'],
  ['blind set 2 (spent)', 'blind2-fixtures.jsonl'],
  ['blind set 3 (spent)', 'blind3-fixtures.jsonl'],
  ['dev5 batch 1 (generated names/addresses)', 'dev5-batch1-fixtures.jsonl'],
  ['dev5 batch 2 (generated names/addresses)', 'dev5-batch2-fixtures.jsonl'],
  ['dev5 batch 3 (generated names/addresses)', 'dev5-batch3-fixtures.jsonl'],
  ['dev5 batch 4 (generated names/addresses)', 'dev5-batch4-fixtures.jsonl'],
  ['dev5 batch 5 (never tuned on)', 'dev5-batch5-fixtures.jsonl'],
  ['blind set 4 (spent; first blind score P 0.920 / R 0.833)', 'blind4-fixtures.jsonl'],
  ['blind set 5 (spent; first blind score P 0.938 / R 0.787)', 'blind5-fixtures.jsonl'],
  ['blind set 6 (spent; first blind score P 0.961 / R 0.940)', 'blind6-fixtures.jsonl'],
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
    if (heldoutFixtures === undefined) console.log('\nheld-out (blind sets 7 + 8): pending');
    else {
      const heldout = scorePII(heldoutFixtures);
      print(`${PII_SPLIT_LABELS.heldout}, blind sets 7 + 8`, heldoutFixtures, heldout);
      for (const set of heldoutSets()) print(`${PII_SPLIT_LABELS.heldout}, ${set.name}`, set.fixtures, scorePII(set.fixtures));
      if (process.env.PII_EVAL_HELDOUT_MISSES === '1') printErrors(PII_SPLIT_LABELS.heldout, heldout);
    }
  }
  if (process.env.PII_EVAL_ERRORS === '1') printErrors(PII_SPLIT_LABELS.development, dev);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
