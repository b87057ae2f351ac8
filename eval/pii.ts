/**
 * The PII half of `npm run eval`: `detectPII()` at `PIIDetector`'s default threshold on the
 * project's generated fixtures (`eval/pii/`), per-type precision / recall / F1 and micro averages
 * for the development half and the held-out half.
 *
 * - Development half (tuned on): every line written so far — `generate.ts` (`templates.ts`, both
 *   of its old hash halves, and `fresh-templates.ts`), both sets of `hard-cases.ts`, the first
 *   blind set (`generate-blind.ts`, `blind-fixtures.jsonl`: scored once, its misses were reported,
 *   so it is spent as a held-out set and tuned on since), `dev2-templates.ts` and `dev3-templates.ts`.
 * - Held-out half (blind, never tuned on): whatever `eval/pii/blind2-fixtures.jsonl`,
 *   `blind3-fixtures.jsonl` and `blind4-fixtures.jsonl` hold, one {@link PIIFixture} per line, written by an engineer who never read the detector. Until that
 *   file exists the half is reported as pending. Tuning must not read its lines, its misses or its
 *   per-type figures; once it has, it belongs in development and a new blind set has to be written.
 *
 * Flags: `--tuning` hides the held-out half (what tuning sessions run); `PII_EVAL_ERRORS=1` lists
 * the development half's mistakes. `PII_EVAL_HELDOUT_MISSES=1` lists the held-out half's mistakes:
 * it exists for the single scoring run whose report hands them over, and any session that reads
 * that list has spent the blind set.
 */
import { existsSync, readFileSync } from 'node:fs';
import { generateDev2PIIFixtures } from './pii/dev2-templates.js';
import { generateDev3PIIFixtures } from './pii/dev3-templates.js';
import { generateBlindPIIFixtures } from './pii/generate-blind.js';
import { generateFreshPIIFixtures, generatePIIFixtures, type PIIFixture } from './pii/generate.js';
import { hardCaseFixtures } from './pii/hard-cases.js';
import { EVAL_MIN_CONFIDENCE, type PIIScore, scorePII } from './pii/score.js';

/** Which half a row of figures is. */
export type PIISplit = 'development' | 'heldout';

/** How each half is labelled when printed. */
export const PII_SPLIT_LABELS: Record<PIISplit, string> = {
  development: 'development (tuned on)',
  heldout: 'held-out (blind, never tuned on)',
};

/** The held-out half: the second, third and fourth blind sets, each written without reading the detector. */
export const HELDOUT_FIXTURES_PATH = new URL('./pii/blind2-fixtures.jsonl', import.meta.url);
/** The third blind set (see {@link HELDOUT_FIXTURES_PATH}). */
export const HELDOUT3_FIXTURES_PATH = new URL('./pii/blind3-fixtures.jsonl', import.meta.url);
/** The fourth blind set (`blind4-generate.ts`), written without reading the detector or the other sets. */
export const HELDOUT4_FIXTURES_PATH = new URL('./pii/blind4-fixtures.jsonl', import.meta.url);

function readJsonl(path: URL): PIIFixture[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as PIIFixture);
}

/**
 * Every fixture of a half, the same on every call. The held-out half is `undefined` while
 * {@link HELDOUT_FIXTURES_PATH} does not exist yet.
 */
export function piiFixtures(split: 'development'): PIIFixture[];
export function piiFixtures(split: PIISplit): PIIFixture[] | undefined;
export function piiFixtures(split: PIISplit): PIIFixture[] | undefined {
  if (split === 'heldout') {
    if (!existsSync(HELDOUT_FIXTURES_PATH)) return undefined;
    return [
      ...readJsonl(HELDOUT_FIXTURES_PATH),
      ...readJsonl(HELDOUT3_FIXTURES_PATH),
      ...readJsonl(HELDOUT4_FIXTURES_PATH),
    ];
  }
  return [
    ...generatePIIFixtures(),
    ...generateFreshPIIFixtures(),
    ...hardCaseFixtures('dev'),
    ...hardCaseFixtures('heldout'),
    ...generateBlindPIIFixtures(),
    ...generateDev2PIIFixtures(),
    ...generateDev3PIIFixtures(),
  ];
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

function printErrors(label: string, s: PIIScore): void {
  console.log(`\n${label} mistakes:`);
  for (const e of s.errors) console.log(`  ${e.id} ${e.kind} ${e.type} ${JSON.stringify(e.value)} in ${JSON.stringify(e.text)}`);
}

/** Prints the PII figures for both halves (only development with `--tuning`). */
export async function run(): Promise<void> {
  const tuning = process.argv.includes('--tuning');
  console.log(`PII detection (detectPII, threshold ${EVAL_MIN_CONFIDENCE}); exact type and span required`);
  const devFixtures = piiFixtures('development');
  const dev = scorePII(devFixtures);
  print(PII_SPLIT_LABELS.development, devFixtures, dev);
  if (!tuning) {
    const heldoutFixtures = piiFixtures('heldout');
    if (heldoutFixtures === undefined) console.log('\nheld-out: pending');
    else {
      const heldout = scorePII(heldoutFixtures);
      print(PII_SPLIT_LABELS.heldout, heldoutFixtures, heldout);
      for (const [label, path] of [
        ['held-out, blind set 2', HELDOUT_FIXTURES_PATH],
        ['held-out, blind set 3', HELDOUT3_FIXTURES_PATH],
        ['held-out, blind set 4', HELDOUT4_FIXTURES_PATH],
      ] as const) {
        const part = readJsonl(path);
        print(label, part, scorePII(part));
      }
      if (process.env.PII_EVAL_HELDOUT_MISSES === '1') printErrors(PII_SPLIT_LABELS.heldout, heldout);
    }
  }
  if (process.env.PII_EVAL_ERRORS === '1') printErrors(PII_SPLIT_LABELS.development, dev);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
