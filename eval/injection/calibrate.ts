/**
 * Round 2's calibration study (one blend cut, grouped CV; round 3 calibrates on
 * leave-one-set-out logits instead, see `loso.ts` and `trainCommitted`) for `scoreInjection()`'s
 * blend, on the development fixtures only (grouped cross-validation, `train-model.ts`): for each candidate `RULE_KEEP` (rule scores at or above it
 * stand on their own) and each target hard-negative FPR, the blend cut that meets the target on
 * out-of-fold scores, and what it costs in recall. Printed for all development lines and for the
 * subsets the rules were not written against when this study was first run (dev5, spent blind
 * sets 1 and 3). Blind set 4 is never read.
 *
 * Usage: `npx tsx eval/injection/calibrate.ts`
 */
import { atThreshold, recallAtFpr, rocAuc } from './metrics.js';
import { BLEND_WEIGHT, cutFor, type DevRow, loadDevRows, outOfFold, shiftFor } from './train-model.js';
import { isShortMessage } from '../../src/processors/prompt-injection-detector/blend.js';
import { scoreInjectionRules } from '../../src/processors/prompt-injection-detector/score.js';

const rows = loadDevRows();
const oof = outOfFold(rows);
const rule = rows.map((r) => scoreInjectionRules(r.text));
const shift = shiftFor(rows, oof);
const blend = rows.map((_, i) => BLEND_WEIGHT * (rule[i] as number) + (1 - BLEND_WEIGHT) / (1 + Math.exp(-((oof[i] as number) - shift))));

/** The final score for a cut and a rule-keep level (what `blendWithModel` computes). */
const short = rows.map((r) => isShortMessage(r.text));
function finalScore(i: number, cut: number, keepShort: number, keepLong: number): number {
  const keep = short[i] ? keepShort : keepLong;
  const x = blend[i] as number;
  const mapped = x < cut ? (0.7 * x) / cut : 0.7 + (0.3 * (x - cut)) / (1 - cut);
  const r = rule[i] as number;
  return Math.min(1, Math.max(mapped, r >= keep ? r : 0));
}

const subsets: Array<[string, (r: DevRow) => boolean]> = [
  ['all development', () => true],
  ['chat-like (old, dev2, blind 1+3)', (r) => !r.id.startsWith('dev4-') && !r.id.startsWith('dev5-')],
  ['documents (dev4, dev5)', (r) => r.id.startsWith('dev4-') || r.id.startsWith('dev5-')],
  ['old set', (r) => !/^(?:dev[245]|blind|b3)-/.test(r.id)],
  ['dev2', (r) => r.id.startsWith('dev2-')],
  ['dev4', (r) => r.id.startsWith('dev4-')],
  ['dev5', (r) => r.id.startsWith('dev5-')],
  ['spent blind 1', (r) => r.id.startsWith('blind-')],
  ['spent blind 3', (r) => r.id.startsWith('b3-')],
];

/** Candidate rule-keep levels (1.01 = the rules never stand alone). */
const KEEPS = [0.75, 0.8, 0.85, 0.9, 0.95, 1.01];

console.log(`shift ${shift.toFixed(3)}; OOF = model trained without the line's group; rules as committed now`);
for (const keepShort of KEEPS) {
  for (const keepLong of KEEPS.filter((k) => k >= keepShort)) {
    const q = 0.015;
    const keep = (i: number) => (short[i] ? keepShort : keepLong);
    const cut = cutFor(rows, oof, rule, shift, keep, q);
    if (Number.isNaN(cut)) {
      console.log(`keep short ${keepShort} / long ${keepLong}: rule-kept hard negatives alone exceed 1.5%`);
      continue;
    }
    const parts = subsets.map(([name, sub]) => {
      const s = rows.map((r, i) => ({ score: finalScore(i, cut, keepShort, keepLong), label: r.label, hard: r.hard, r })).filter((x) => sub(x.r));
      const at = atThreshold(s, 0.7);
      return `${name}: AUC ${rocAuc(s).toFixed(3)} r@1% ${(recallAtFpr(s, 0.01).recall * 100).toFixed(1)}% @0.7 ${(at.recall * 100).toFixed(1)}%/${(at.hardFpr * 100).toFixed(1)}%`;
    });
    console.log(`keep short ${keepShort} / long ${keepLong} cut ${cut.toFixed(4)}\n  ${parts.join('\n  ')}`);
  }
}
