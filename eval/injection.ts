/**
 * The injection half of `npm run eval`: scores `scoreInjection()` on the committed fixture sets
 * (`eval/injection/data/`) and prints, for the development half and the held-out half, ROC AUC,
 * recall at 1% false-positive rate, and recall / precision / FPR / hard-negative FPR at the
 * default threshold, plus recall per attack family and per language.
 *
 * - Development half (`data/development/`, tuned on): the sets written to widen coverage (family
 *   templates, natural phrasings, structured tool output, benign documents, unusual phrasings)
 *   and the independent sets 1–5, written by engineers who never read the scorer, scored once
 *   blind and tuned on since. Each set gets its own row.
 * - Held-out half (`data/heldout/`, never tuned on): independent sets 6 and 7. Tuning must not
 *   read their lines, their misses or their per-family figures; once tuned on, a set moves to
 *   the development half and a new one has to be written.
 *
 * Every set is a `.jsonl` file written by its generator (`eval/injection/generators/`); a test
 * pins each file to its generator's output. `eval/README.md` says how each was made.
 *
 * Flags: `--tuning` never loads the held-out files at all (what tuning sessions run); `--misses`
 * lists the development half's misclassified lines. There is deliberately no flag that lists
 * held-out misses.
 */
import { existsSync, readFileSync } from 'node:fs';
import { scoreInjection, scoreInjectionRules } from '../src/processors/prompt-injection-detector/score.js';
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

/** Reads a committed jsonl fixture file. */
function readJsonl(url: URL): Row[] {
  return readFileSync(url, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row);
}

const DEVELOPMENT = new URL('./injection/data/development/', import.meta.url);
const HELDOUT = new URL('./injection/data/heldout/', import.meta.url);

/** The development sets in printing order: file name and what the row says. */
const DEVELOPMENT_SETS: ReadonlyArray<readonly [string, string]> = [
  ['family-templates', 'family templates, all seven languages'],
  ['natural-phrasings', 'natural phrasings per family'],
  ['structured-tool-output', 'structured tool output'],
  ['benign-documents', 'benign documents + planted attacks'],
  ['independent-1', 'independent set 1'],
  ['independent-2', 'independent set 2'],
  ['independent-3', 'independent set 3'],
  ['unusual-phrasings', 'unusual phrasings: role-play, scrambled, paraphrases, long documents'],
  ['independent-4', 'independent set 4'],
  ['independent-5', 'independent set 5'],
];

/** The held-out sets: file name and what the row says. */
const HELDOUT_SETS: ReadonlyArray<readonly [string, string]> = [
  ['independent-6', 'independent set 6'],
  ['independent-7', 'independent set 7'],
];

/** Where a held-out set is committed. */
export const heldoutUrl = (name: string): URL => new URL(`${name}.jsonl`, HELDOUT);

/** The held-out half's sets, one printed row each (a set whose file is missing is left out). */
export function heldoutSets(): Array<[string, Row[]]> {
  return HELDOUT_SETS.filter(([file]) => existsSync(heldoutUrl(file))).map(([file, name]) => [
    name,
    readJsonl(heldoutUrl(file)),
  ]);
}

/** The development sets, one row each, in a fixed order. */
export function developmentSets(): Array<[string, Row[]]> {
  return DEVELOPMENT_SETS.map(([file, name]) => [
    `development, ${name}`,
    readJsonl(new URL(`${file}.jsonl`, DEVELOPMENT)),
  ]);
}

/**
 * The held-out half's rows, or `undefined` while none of its files exists. Only
 * called when the held-out half is asked for; `--tuning` never calls it.
 */
export function heldoutRows(): Row[] | undefined {
  const sets = heldoutSets();
  return sets.length === 0 ? undefined : sets.flatMap(([, rows]) => rows);
}

/** The development half: every development set. */
export function developmentRows(): Row[] {
  return developmentSets().flatMap(([, rows]) => rows);
}

/** The development sets figured separately, plus the rules alone over all of them. */
export function developmentParts(): Array<{ label: string; figures: InjectionFigures }> {
  const parts = developmentSets();
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

/**
 * Scores the development half, and the held-out half when `heldout` is true and its file exists
 * (development first). With `heldout: false` the held-out file is never opened.
 */
export function evaluateInjection(options: { heldout?: boolean } = {}): InjectionFigures[] {
  const score = (rows: Row[]) => rows.map((r) => ({ ...r, score: scoreInjection(r.text).score }));
  const out = [figuresFor('development', score(developmentRows()))];
  if (options.heldout ?? true) {
    const held = heldoutRows();
    if (held !== undefined) out.push(figuresFor('heldout', score(held)));
  }
  return out;
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** Prints the injection figures for both halves (`--tuning`: the development half only). */
export async function run(): Promise<void> {
  // --tuning never opens the blind half: a tuning session must not see it move.
  const tuning = process.argv.includes('--tuning');
  const figures = evaluateInjection({ heldout: !tuning });
  console.log('\n== Prompt injection: scoreInjection() (offline) ==');
  const shown: Array<{ label: string; figures: InjectionFigures }> = [
    ...figures.map((f) => ({
      label: f.split === 'heldout' ? `${SPLIT_LABELS.heldout}, independent sets 6 + 7` : SPLIT_LABELS[f.split],
      figures: f,
    })),
    ...(tuning
      ? []
      : heldoutSets().map(([name, rows]) => ({
          label: `${SPLIT_LABELS.heldout}, ${name}`,
          figures: figuresFor('heldout', rows.map((r) => ({ ...r, score: scoreInjection(r.text).score }))),
        }))),
    ...developmentParts(),
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
  if (!tuning && !figures.some((f) => f.split === 'heldout')) {
    console.log(`${SPLIT_LABELS.heldout}: pending (no set committed in eval/injection/data/heldout/)`);
  }
  // --misses lists the development half's errors (for tuning). Held-out misses are never listed.
  if (process.argv.includes('--misses')) {
    const half = figures.find((f) => f.split === 'development');
    for (const m of half?.misses ?? []) {
      console.log(`  development miss ${m.label ? 'FN' : 'FP'} ${m.score.toFixed(3)} ${m.id}: ${JSON.stringify(m.text).slice(0, 160)}`);
    }
  }
}

if (process.argv[1]?.endsWith('injection.ts')) await run();
