/**
 * The injection half of `npm run eval`: scores `scoreInjection()` on the generated fixtures
 * (`eval/injection/`) and prints, for the development half, the held-out half and the fresh set,
 * ROC AUC, recall at 1% false-positive rate, and recall / precision / FPR / hard-negative FPR at
 * the default threshold, plus recall per attack family.
 *
 * Flags: `--tuning` hides the fresh set (scored only with the scorer frozen); `--misses`,
 * `--heldout-misses`, `--fresh-misses` list a half's misclassified lines. See
 * docs-drafts/prompt-injection.md for which figures are blind.
 */
import { scoreInjection } from '../src/processors/prompt-injection-detector/score.js';
import { generateInjectionFixtures, type InjectionFixture } from './injection/generate.js';
import { atThreshold, recallAtFpr, rocAuc, type Scored } from './injection/metrics.js';

/** `PromptInjectionDetector`'s default threshold. */
const THRESHOLD = 0.7;

/** Figures for one half. */
export interface InjectionFigures {
  split: 'dev' | 'heldout' | 'fresh';
  lines: number;
  positives: number;
  hardNegatives: number;
  auc: number;
  recallAt1Fpr: number;
  cutAt1Fpr: number;
  recall: number;
  precision: number;
  fpr: number;
  hardFpr: number;
  byFamily: Record<string, number>;
  misses: Array<{ id: string; label: 0 | 1; score: number; text: string }>;
}

/** Scores every fixture and computes the figures per half. */
export function evaluateInjection(): InjectionFigures[] {
  const fixtures = generateInjectionFixtures();
  const scored = fixtures.map((f) => ({ ...f, score: scoreInjection(f.text).score }));
  return (['dev', 'heldout', 'fresh'] as const).map((split) => {
    const rows = scored.filter((r) => r.split === split);
    const s: Scored[] = rows;
    const at = atThreshold(s, THRESHOLD);
    const r1 = recallAtFpr(s, 0.01);
    const byFamily: Record<string, number> = {};
    for (const fam of new Set(rows.filter((r) => r.label === 1).map((r) => r.family))) {
      const p = rows.filter((r) => r.label === 1 && r.family === fam);
      byFamily[fam] = p.filter((r) => r.score >= THRESHOLD).length / p.length;
    }
    const misses = rows
      .filter((r: InjectionFixture & { score: number }) => (r.label === 1) !== r.score >= THRESHOLD)
      .map((r) => ({ id: r.id, label: r.label, score: r.score, text: r.text }));
    return {
      split,
      lines: rows.length,
      positives: rows.filter((r) => r.label === 1).length,
      hardNegatives: rows.filter((r) => r.hard).length,
      auc: rocAuc(s),
      recallAt1Fpr: r1.recall,
      cutAt1Fpr: r1.cut,
      ...at,
      byFamily,
      misses,
    };
  });
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** Prints the injection figures for both halves. */
export async function run(): Promise<void> {
  const figures = evaluateInjection();
  console.log('\n== Prompt injection: scoreInjection() (offline) ==');
  // --tuning hides the fresh set, which is scored only once the scorer is frozen.
  const shown = process.argv.includes('--tuning') ? figures.filter((f) => f.split !== 'fresh') : figures;
  for (const f of shown) {
    console.log(
      `${f.split.padEnd(7)}  lines ${f.lines} (positives ${f.positives}, hard negatives ${f.hardNegatives})  ` +
        `ROC AUC ${f.auc.toFixed(3)}  recall@1%FPR ${pct(f.recallAt1Fpr)} (cut ${f.cutAt1Fpr.toFixed(3)})  ` +
        `at threshold ${THRESHOLD}: recall ${pct(f.recall)}, precision ${pct(f.precision)}, FPR ${pct(f.fpr)}, hard-negative FPR ${pct(f.hardFpr)}`,
    );
    console.log(
      `         recall by family: ${Object.entries(f.byFamily)
        .map(([k, v]) => `${k} ${pct(v)}`)
        .join(', ')}`,
    );
  }
  // Which rows are blind: a note of record, not a measurement (the measurement is above).
  console.log(
    '  note: the held-out half was scored blind once with the scorer frozen (ROC AUC 0.916, recall@1%FPR 45.8%, ' +
      'hard-negative FPR 6.4%: targets missed) and tuned on afterwards, so its row above is not blind; ' +
      'the fresh set (written before that tuning or after it stopped, each batch scored once) is the blind check.',
  );
  // --misses lists the development half's errors (for tuning); --heldout-misses the held-out
  // half's (for the README's limits only: tuning never reads them).
  for (const [flag, split] of [
    ['--misses', 'dev'],
    ['--heldout-misses', 'heldout'],
    ['--fresh-misses', 'fresh'],
  ] as const) {
    if (!process.argv.includes(flag)) continue;
    const half = figures.find((f) => f.split === split);
    for (const m of half?.misses ?? []) {
      console.log(`  ${split} miss ${m.label ? 'FN' : 'FP'} ${m.score.toFixed(3)} ${m.id}: ${JSON.stringify(m.text).slice(0, 160)}`);
    }
  }
}

if (process.argv[1]?.endsWith('injection.ts')) await run();
