/**
 * The injection half of `npm run eval`: scores `scoreInjection()` on the generated fixtures
 * (`eval/injection/`) and prints, for the development half and the held-out half, ROC AUC,
 * recall at 1% false-positive rate, and recall / precision / FPR / hard-negative FPR at the
 * default threshold, plus recall per attack family and per language.
 *
 * - Development half (tuned on): every set the scorer's authors have seen — `generate.ts`
 *   (`templates.ts` dev and old held-out templates, `fresh-templates.ts`), `dev2`
 *   (`dev2-templates.ts`), `dev4` (structured tool output), `dev5` (benign documents: configs,
 *   changelogs, security write-ups, e-mails, code, policies, recipes, chat logs) and the two
 *   spent blind sets: blind set 1 (`generate-blind.ts`), blind set 3 (`blind3-generate.ts`) and
 *   blind set 4 (`blind4-generate.ts`), plus dev6 (`dev6-templates.ts`, issue #11 round 3's own
 *   deliberately different phrasings), blind set 5 (`blind5-generate.ts`, spent since round 4) and
 *   blind set 6 (`blind6-generate.ts`, spent since round 5). The blind sets were scored blind (figures in
 *   `eval.test.ts`), then their misses were read and tuned on for issue #11, so they are
 *   development data now. Each set gets its own row.
 * - Held-out half (blind, never tuned on): blind set 7, read from
 *   `eval/injection/blind7-fixtures.jsonl`, written by an engineer who never read the scorer or
 *   the other sets. Until that file exists the held-out row prints `pending`. Tuning must not
 *   read its lines, its misses or its per-family figures; once it has been tuned on, it belongs
 *   in development and a new blind set has to be written.
 *
 * Flags: `--tuning` never loads the held-out file at all (what tuning sessions run); `--misses`
 * lists the development half's misclassified lines. There is deliberately no flag that lists
 * held-out misses.
 */
import { existsSync, readFileSync } from 'node:fs';
import { scoreInjection, scoreInjectionRules } from '../src/processors/prompt-injection-detector/score.js';
import { generateBlindFixtures } from './injection/generate-blind.js';
import { generateDev2Fixtures } from './injection/dev2-templates.js';
import { generateDev4Fixtures } from './injection/dev4-templates.js';
import { generateDev5Fixtures } from './injection/dev5-templates.js';
import { generateDev6Fixtures } from './injection/dev6-templates.js';
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

/** Reads a committed jsonl fixture file beside this script. */
function readJsonl(url: URL): Row[] {
  return readFileSync(url, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row);
}

/** The third blind set (`blind3-generate.ts`), spent: development data since issue #11. */
function blind3Fixtures(): Row[] {
  return readJsonl(new URL('./injection/blind3-fixtures.jsonl', import.meta.url));
}

/** The fourth blind set (`blind4-generate.ts`), spent: development data since issue #11 round 3. */
function blind4Fixtures(): Row[] {
  return readJsonl(new URL('./injection/blind4-fixtures.jsonl', import.meta.url));
}

/** The fifth blind set (`blind5-generate.ts`), spent: development data since issue #11 round 4. */
function blind5Fixtures(): Row[] {
  return readJsonl(new URL('./injection/blind5-fixtures.jsonl', import.meta.url));
}

/** The sixth blind set (`blind6-generate.ts`), spent: development data since issue #11 round 5. */
function blind6Fixtures(): Row[] {
  return readJsonl(new URL('./injection/blind6-fixtures.jsonl', import.meta.url));
}

/** Where the seventh blind set, the held-out half, is committed (only this file is ever read). */
export const BLIND7_URL = new URL('./injection/blind7-fixtures.jsonl', import.meta.url);
/** Where the eighth blind set, also in the held-out half, is committed. */
export const BLIND8_URL = new URL('./injection/blind8-fixtures.jsonl', import.meta.url);

/** The held-out half's sets, one printed row each (a set whose file is missing is left out). */
export function heldoutSets(): Array<[string, Row[]]> {
  const sets: Array<[string, URL]> = [
    ['blind set 7', BLIND7_URL],
    ['blind set 8', BLIND8_URL],
  ];
  return sets.filter(([, url]) => existsSync(url)).map(([name, url]) => [name, readJsonl(url)]);
}

/** The development sets, one row each, in a fixed order. */
export function developmentSets(): Array<[string, Row[]]> {
  return [
    ['development, old sets (generate.ts)', generateInjectionFixtures()],
    ['development, dev2 set (dev2-templates.ts)', generateDev2Fixtures()],
    ['development, dev4 set (dev4-templates.ts, structured tool output)', generateDev4Fixtures()],
    ['development, dev5 set (dev5-templates.ts, benign documents + planted attacks)', generateDev5Fixtures()],
    ['development, spent blind set 1 (blind-templates.ts)', generateBlindFixtures()],
    ['development, spent blind set 3 (blind3-templates.ts)', blind3Fixtures()],
    // First scored blind (issue #11 round 2's scorer): ROC AUC 0.940, recall@1%FPR 54.6% (cut
    // 0.80), at 0.7 recall 62.8% / hard-negative FPR 2.7%. Tuned on since round 3.
    ['development, spent blind set 4 (blind4-templates.ts; first blind score AUC 0.940, recall@1%FPR 54.6%, HN FPR 2.7%)', blind4Fixtures()],
    ['development, dev6 set (dev6-templates.ts, round 3: role-play, scrambled, paraphrases, long documents)', generateDev6Fixtures()],
    // First scored blind (issue #11 round 3's scorer): ROC AUC 0.963, recall@1%FPR 27.5% (cut
    // 0.932), at 0.7 recall 73.5% / precision 93.8% / hard-negative FPR 4.9%. Tuned on since round 4.
    ['development, spent blind set 5 (blind5-templates.ts; first blind score AUC 0.963, recall@1%FPR 27.5%, HN FPR 4.9%)', blind5Fixtures()],
    // First scored blind (issue #11 round 4's scorer): ROC AUC 0.993, recall@1%FPR 78.8%, at 0.7
    // recall 85.8% / precision 97.6% / hard-negative FPR 2.1% (5 of 240). Tuned on since round 5.
    ['development, spent blind set 6 (blind6-templates.ts; first blind score AUC 0.993, recall@1%FPR 78.8%, HN FPR 2.1%)', blind6Fixtures()],
  ];
}

/**
 * The held-out half's rows (blind sets 7 and 8), or `undefined` while its file does not exist. Only
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
      label: f.split === 'heldout' ? `${SPLIT_LABELS.heldout}, blind sets 7 + 8` : SPLIT_LABELS[f.split],
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
    console.log(`${SPLIT_LABELS.heldout}: blind set 7 pending (eval/injection/blind7-fixtures.jsonl not committed yet)`);
  }
  // A note of record, not a measurement (the measurement is above).
  console.log(
    '  note: blind sets 1 and 3 were scored blind before issue #11 tuned on them (both together: ROC AUC 0.952, ' +
      'recall@1%FPR 68.0%, hard-negative FPR 6.3% at 0.7); blind set 4 was scored blind before round 3 tuned on it ' +
      '(ROC AUC 0.940, recall@1%FPR 54.6% at cut 0.80, at 0.7 recall 62.8% / hard-negative FPR 2.7%); blind set 5 was ' +
      'scored blind before round 4 tuned on it (ROC AUC 0.963, recall@1%FPR 27.5% at cut 0.932, at 0.7 recall 73.5% / ' +
      'precision 93.8% / hard-negative FPR 4.9%); blind set 6 was scored blind before round 5 tuned on it (ROC AUC 0.993, ' +
      'recall@1%FPR 78.8%, at 0.7 recall 85.8% / precision 97.6% / hard-negative FPR 2.1%); all five are development rows ' +
      'now. Blind set 7 is the held-out half.',
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
