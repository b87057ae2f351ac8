/**
 * Leave-one-set-out estimate for `scoreInjection()` (issue #11, round 3): each development set
 * (old, dev2, dev4, dev5, dev6, spent blind sets 1, 3, 4, 5 and 6; one author or session each) is
 * scored by a learned model trained on the other sets only, with the calibration (logit shift
 * and blend cut, `shiftFor` / `cutFor`) also chosen on the other sets' leave-one-set-out scores.
 * The rule half is as committed (tuned on every development set, so it is in-sample). This is
 * the honest estimate of a new author's set; the grouped cross-validation of `train-model.ts`
 * holds out templates of the same author and reads optimistic (round 2: 91.5% recall@1%FPR out of
 * fold, 54.6% on the next blind set). Never reads the held-out half (blind set 7).
 *
 * Usage: `npx tsx eval/injection/loso.ts` (`INJECTION_SKIP_DEV6=1` for the run without dev6).
 */
import { CORROBORATE_P, isShortMessage } from '../../src/processors/prompt-injection-detector/blend.js';
import { scoreInjectionRuleParts, scoreInjectionRules } from '../../src/processors/prompt-injection-detector/score.js';
import { notStandaloneOn } from './rule-precision.js';
import { atThreshold, recallAtFpr, rocAuc } from './metrics.js';
import {
  BLEND_WEIGHT,
  cutFor,
  DEV_SETS,
  type DevRow,
  leaveOneSetOut,
  loadDevRows,
  RULE_KEEP,
  RULE_KEEP_SHORT,
  setOf,
  shiftFor,
  standingOf,
} from './train-model.js';

/** Per-set and pooled leave-one-set-out figures at the default threshold 0.7. */
export interface LosoFigures {
  set: string;
  lines: number;
  auc: number;
  recallAt1Fpr: number;
  recall: number;
  hardFpr: number;
}

/**
 * Final scores of every development line, each set scored and calibrated without itself
 * (what `blendWithModel` in score.ts computes, with the held-out set's own shift and cut).
 */
export function losoScores(
  rows: DevRow[] = loadDevRows(),
  keepShort = RULE_KEEP_SHORT,
  keepLong = RULE_KEEP,
): { rows: DevRow[]; score: Float64Array; rule: number[] } {
  const loso = leaveOneSetOut(rows);
  const rule = rows.map((r) => scoreInjectionRules(r.text));
  const short = rows.map((r) => isShortMessage(r.text));
  const score = new Float64Array(rows.length);
  const corroborate = Number(process.env.INJECTION_CORROBORATE ?? CORROBORATE_P);
  for (const held of DEV_SETS) {
    const inSet = rows.map((r) => setOf(r.id) === held);
    if (!inSet.includes(true)) continue;
    // Round 4: which features may stand alone is chosen on the other sets too (their
    // stand-alone precision, `rule-precision.ts`), and every line's sure part is scored with it.
    // INJECTION_STANDALONE=all lets every feature stand alone (the round-3 behaviour).
    const capped = process.env.INJECTION_STANDALONE === 'all' ? new Set<string>() : notStandaloneOn(rows.filter((_, i) => !inSet[i]));
    const sure = rows.map((r) => scoreInjectionRuleParts(r.text, capped).sure);
    const idx = rows.map((_, i) => i).filter((i) => !inSet[i]);
    const others = idx.map((i) => rows[i] as DevRow);
    const otherLogits = Float64Array.from(idx, (i) => loso[i] as number);
    const shift = shiftFor(others, otherLogits);
    const otherRule = idx.map((i) => rule[i] as number);
    const otherSure = idx.map((i) => standingOf(rule[i] as number, sure[i] as number, loso[i] as number, shift));
    const keepOf = (j: number) => (short[idx[j] as number] ? keepShort : keepLong);
    const cutS = cutFor(others, otherLogits, otherRule, shift, keepOf, 0.015, (r) => isShortMessage(r.text), otherSure);
    const cutL = cutFor(others, otherLogits, otherRule, shift, keepOf, 0.015, (r) => !isShortMessage(r.text), otherSure);
    const cutAll = cutFor(others, otherLogits, otherRule, shift, keepOf, 0.015, () => true, otherSure);
    const split = process.env.INJECTION_CUT !== 'one';
    if (process.env.INJECTION_DEBUG) console.log(held, `shift ${shift.toFixed(3)} cutS ${cutS.toFixed(3)} cutL ${cutL.toFixed(3)}`);
    for (let i = 0; i < rows.length; i++) {
      if (!inSet[i]) continue;
      const r = rule[i] as number;
      const p = 1 / (1 + Math.exp(-((loso[i] as number) - shift)));
      const b = BLEND_WEIGHT * r + (1 - BLEND_WEIGHT) * p;
      const cut = split ? (short[i] ? cutS : cutL) : cutAll;
      const c = Number.isNaN(cut) ? 0.99 : cut;
      let mapped = b < c ? (0.7 * b) / c : 0.7 + (0.3 * (b - c)) / (1 - c);
      if (r === 0 && mapped < 0.05) mapped = 0;
      // Round 5 (score.ts MODEL_ONLY_DOC_CAP): the model alone never flags a document.
      // INJECTION_NO_DOC_CAP=1 for the run without it.
      if (!process.env.INJECTION_NO_DOC_CAP && r === 0 && !short[i]) mapped = Math.min(mapped, 0.69);
      const keep = short[i] ? keepShort : keepLong;
      // A capped feature's rule score still stands when the model leans its way (CORROBORATE_P).
      const standing = p >= corroborate ? r : Math.min(r, sure[i] as number);
      score[i] = Math.min(1, Math.max(mapped, standing >= keep ? standing : 0));
    }
  }
  return { rows, score, rule };
}

/** Figures of a subset of scored lines. */
export function figuresOf(set: string, rows: DevRow[], score: Float64Array, pick: (r: DevRow) => boolean): LosoFigures {
  const s = rows.map((r, i) => ({ score: score[i] as number, label: r.label, hard: r.hard, r })).filter((x) => pick(x.r));
  const at = atThreshold(s, 0.7);
  return { set, lines: s.length, auc: rocAuc(s), recallAt1Fpr: recallAtFpr(s, 0.01).recall, recall: at.recall, hardFpr: at.hardFpr };
}

function main(): void {
  const t0 = Date.now();
  const { rows, score } = losoScores();
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(`leave-one-set-out over ${rows.length} development lines (${Date.now() - t0} ms)`);
  const out: LosoFigures[] = [];
  for (const set of DEV_SETS) if (rows.some((r) => setOf(r.id) === set)) out.push(figuresOf(set, rows, score, (r) => setOf(r.id) === set));
  out.push(figuresOf('pooled', rows, score, () => true));
  for (const f of out)
    console.log(
      `${f.set.padEnd(8)} lines ${String(f.lines).padStart(5)}  AUC ${f.auc.toFixed(3)}  recall@1%FPR ${pct(f.recallAt1Fpr)}  @0.7 recall ${pct(f.recall)} hard-negative FPR ${pct(f.hardFpr)}`,
    );
  if (process.argv.includes('--by')) {
    const held = process.argv[process.argv.indexOf('--by') + 1] ?? 'blind5';
    const sub = rows.map((r, i) => ({ r, s: score[i] as number })).filter((x) => setOf(x.r.id) === held);
    for (const key of ['family', 'lang'] as const) {
      const groups = new Map<string, { tp: number; p: number; fp: number; n: number }>();
      for (const { r, s } of sub) {
        const g = groups.get(r[key]) ?? { tp: 0, p: 0, fp: 0, n: 0 };
        if (r.label === 1) {
          g.p++;
          if (s >= 0.7) g.tp++;
        } else if (r.hard) {
          g.n++;
          if (s >= 0.7) g.fp++;
        }
        groups.set(r[key], g);
      }
      console.log(`${held} by ${key}: ${[...groups].map(([k, g]) => `${k} ${g.p ? pct(g.tp / g.p) : '-'}/${g.n ? pct(g.fp / g.n) : '-'}`).join(', ')}`);
    }
  }
}

if (process.argv[1]?.endsWith('loso.ts')) main();
