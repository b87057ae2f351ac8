/**
 * The injection half of `npm run eval`: scores `scoreInjection()` on the generated fixtures
 * (`eval/injection/`) and prints, for the development half and the held-out half, ROC AUC,
 * recall at 1% false-positive rate, and recall / precision / FPR / hard-negative FPR at the
 * default threshold, plus recall per attack family and per language.
 *
 * - Development half (tuned on): every line of `generate.ts` (`templates.ts` dev and old
 *   held-out templates, `fresh-templates.ts`) plus the `dev2` set (`dev2-templates.ts`: varied
 *   natural phrasings and innocent twins in all seven languages). All of it has been read or
 *   tuned against; `--tuning` also prints the old lines and `dev2` as separate rows.
 * - Held-out half (blind, never tuned on): `generate-blind.ts` (`blind-templates.ts`), written by
 *   an engineer who never read the scorer, its tests or the other templates, committed before it
 *   was first scored, and scored once. Tuning must not read its lines, its misses or its
 *   per-family figures; once it has been tuned on, it belongs in development and a new blind set
 *   has to be written. Blind sets 3 and 4 (`blind3-fixtures.jsonl`, `blind4-fixtures.jsonl`) were
 *   written the same way and sit in the same half.
 *
 * Flags: `--tuning` hides the held-out row (what tuning sessions run); `--misses` lists the
 * development half's misclassified lines. There is deliberately no flag that lists held-out misses.
 */
import { readFileSync } from 'node:fs';
import { scoreInjection, scoreInjectionRules } from '../src/processors/prompt-injection-detector/score.js';
import { generateBlindFixtures } from './injection/generate-blind.js';
import { generateDev2Fixtures } from './injection/dev2-templates.js';
import { generateDev4Fixtures } from './injection/dev4-templates.js';
import { generateInjectionFixtures } from './injection/generate.js';
import { atThreshold, recallAtFpr, rocAuc, type Scored } from './injection/metrics.js';

/** `PromptInjectionDetector`'s default threshold. */
const THRESHOLD = 0.7;

/** Which half a row of figures is. */
export type InjectionSplit = 'development' | 'heldout';

/** How each half is labelled when printed. */
export const SPLIT_LABELS: Record<InjectionSplit, string> = {
  development: 'development (tuned on)',
  heldout: 'held-out (blind, never tuned on)',
};

/** One line to score, from either generator. */
interface Row {
  id: string;
  family: string;
  lang: string;
  label: 0 | 1;
  hard: boolean;
  text: string;
}

/** Figures for one half. */
export interface InjectionFigures {
  split: InjectionSplit;
  lines: number;
  positives: number;
  hardNegatives: number;
  auc: number;
  recallAt1Fpr: number;
  cutAt1Fpr: number;
  /** Share of negatives flagged at the 1%-FPR cut (at most 1%). */
  fprAtCut: number;
  recall: number;
  precision: number;
  fpr: number;
  hardFpr: number;
  /** Recall at the default threshold per attack family. */
  byFamily: Record<string, number>;
  /** Recall and hard-negative FPR at the default threshold per language. */
  byLang: Record<string, { recall: number; hardFpr: number }>;
  misses: Array<{ id: string; label: 0 | 1; score: number; text: string }>;
}

function readBlindJsonl(file: string): Row[] {
  return readFileSync(new URL(`./injection/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row);
}

/** The third blind set (`blind3-generate.ts`), written by an engineer who never read the scorer. */
function blind3Fixtures(): Row[] {
  return readBlindJsonl('blind3-fixtures.jsonl');
}

/** The fourth blind set (`blind4-generate.ts`), written by an engineer who never read the scorer or the other sets. */
function blind4Fixtures(): Row[] {
  return readBlindJsonl('blind4-fixtures.jsonl');
}

/**
 * The two halves' rows: development = everything tuning has seen; held-out = the blind sets
 * (`generate-blind.ts`, `blind3-generate.ts` and `blind4-generate.ts`), none ever tuned on.
 */
export function injectionHalves(): Record<InjectionSplit, Row[]> {
  return {
    development: [...generateInjectionFixtures(), ...generateDev2Fixtures(), ...generateDev4Fixtures()],
    heldout: [...generateBlindFixtures(), ...blind3Fixtures(), ...blind4Fixtures()],
  };
}

/** The held-out half's blind sets, figured separately (not printed with `--tuning`). */
export function heldoutParts(): Array<{ label: string; figures: InjectionFigures }> {
  const parts: Array<[string, Row[]]> = [
    ['held-out, blind set 1 (blind-templates.ts)', generateBlindFixtures()],
    ['held-out, blind set 3 (blind3-templates.ts)', blind3Fixtures()],
    ['held-out, blind set 4 (blind4-templates.ts)', blind4Fixtures()],
  ];
  return parts.map(([label, rows]) => ({
    label,
    figures: figuresFor(
      'heldout',
      rows.map((r) => ({ ...r, score: scoreInjection(r.text).score })),
    ),
  }));
}

/** The development half's two parts, figured separately (printed by `--tuning`). */
export function developmentParts(): Array<{ label: string; figures: InjectionFigures }> {
  const parts: Array<[string, Row[]]> = [
    ['development, old sets (generate.ts)', generateInjectionFixtures()],
    ['development, dev2 set (dev2-templates.ts)', generateDev2Fixtures()],
    ['development, dev4 set (dev4-templates.ts, structured tool output)', generateDev4Fixtures()],
  ];
  const shown = parts.map(([label, rows]) => ({
    label,
    figures: figuresFor(
      'development',
      rows.map((r) => ({ ...r, score: scoreInjection(r.text).score })),
    ),
  }));
  // The rules alone (without the learned model blended in), for comparison.
  const all = parts.flatMap(([, rows]) => rows);
  shown.push({
    label: 'development, rules only (no learned model)',
    figures: figuresFor(
      'development',
      all.map((r) => ({ ...r, score: scoreInjectionRules(r.text) })),
    ),
  });
  return shown;
}

function figuresFor(split: InjectionSplit, rows: Array<Row & { score: number }>): InjectionFigures {
  const s: Scored[] = rows;
  const at = atThreshold(s, THRESHOLD);
  const r1 = recallAtFpr(s, 0.01);
  const byFamily: Record<string, number> = {};
  for (const fam of new Set(rows.filter((r) => r.label === 1).map((r) => r.family))) {
    const p = rows.filter((r) => r.label === 1 && r.family === fam);
    byFamily[fam] = p.filter((r) => r.score >= THRESHOLD).length / p.length;
  }
  const byLang: Record<string, { recall: number; hardFpr: number }> = {};
  for (const lang of new Set(rows.map((r) => r.lang))) {
    const ofLang = rows.filter((r) => r.lang === lang);
    const l = atThreshold(ofLang, THRESHOLD);
    byLang[lang] = { recall: l.recall, hardFpr: l.hardFpr };
  }
  const misses = rows
    .filter((r) => (r.label === 1) !== r.score >= THRESHOLD)
    .map((r) => ({ id: r.id, label: r.label, score: r.score, text: r.text }));
  return {
    split,
    lines: rows.length,
    positives: rows.filter((r) => r.label === 1).length,
    hardNegatives: rows.filter((r) => r.label === 0 && r.hard).length,
    auc: rocAuc(s),
    recallAt1Fpr: r1.recall,
    cutAt1Fpr: r1.cut,
    fprAtCut: r1.fpr,
    ...at,
    byFamily,
    byLang,
    misses,
  };
}

/** Scores every fixture and computes the figures per half (development first). */
export function evaluateInjection(): InjectionFigures[] {
  const halves = injectionHalves();
  return (['development', 'heldout'] as const).map((split) =>
    figuresFor(
      split,
      halves[split].map((r) => ({ ...r, score: scoreInjection(r.text).score })),
    ),
  );
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** Prints the injection figures for both halves. */
export async function run(): Promise<void> {
  const figures = evaluateInjection();
  console.log('\n== Prompt injection: scoreInjection() (offline) ==');
  // --tuning hides the blind half: a tuning session must not see it move.
  const tuning = process.argv.includes('--tuning');
  const shown: Array<{ label: string; figures: InjectionFigures }> = [
    ...(tuning ? figures.filter((f) => f.split !== 'heldout') : figures).map((f) => ({ label: SPLIT_LABELS[f.split], figures: f })),
    ...(tuning ? developmentParts() : heldoutParts()),
  ];
  for (const { label, figures: f } of shown) {
    console.log(
      `${label}: lines ${f.lines} (positives ${f.positives}, hard negatives ${f.hardNegatives})\n` +
        `  ROC AUC ${f.auc.toFixed(3)}  recall@1%FPR ${pct(f.recallAt1Fpr)} (cut ${f.cutAt1Fpr.toFixed(3)}, FPR there ${pct(f.fprAtCut)})  ` +
        `at threshold ${THRESHOLD}: recall ${pct(f.recall)}, precision ${pct(f.precision)}, FPR ${pct(f.fpr)}, hard-negative FPR ${pct(f.hardFpr)}`,
    );
    console.log(
      `  recall by family: ${Object.entries(f.byFamily)
        .map(([k, v]) => `${k} ${pct(v)}`)
        .join(', ')}`,
    );
    console.log(
      `  by language (recall / hard-negative FPR): ${Object.entries(f.byLang)
        .map(([k, v]) => `${k} ${pct(v.recall)} / ${pct(v.hardFpr)}`)
        .join(', ')}`,
    );
  }
  // A note of record, not a measurement (the measurement is above).
  console.log(
    '  note: blind set 1 (committed before it was scored) was scored with the first scorer (ROC AUC 0.887, ' +
      'recall@1%FPR 39.8%, hard-negative FPR 3.4%), again after the rules were generalised on development data ' +
      '(0.902 / 52.3% / 5.3%), and with the learned component; blind set 3 only with the learned component. ' +
      'Tuning on either would turn it into development data.'
  );
  // --misses lists the development half's errors (for tuning). Held-out misses are never listed.
  if (process.argv.includes('--misses')) {
    const half = figures.find((f) => f.split === 'development');
    for (const m of half?.misses ?? []) {
      console.log(`  development miss ${m.label ? 'FN' : 'FP'} ${m.score.toFixed(3)} ${m.id}: ${JSON.stringify(m.text).slice(0, 160)}`);
    }
  }
}

if (process.argv[1]?.endsWith('injection.ts')) await run();
