/**
 * Calibration study for `scoreInjection()`'s blend, on the development fixtures only (grouped
 * cross-validation, `train-model.ts`): for each candidate `RULE_KEEP` (rule scores at or above it
 * stand on their own) and each target hard-negative FPR, the blend cut that meets the target on
 * out-of-fold scores, and what it costs in recall. Printed for all development lines and for the
 * subsets the rules were not written against when this study was first run (dev5, spent blind
 * sets 1 and 3). Blind set 4 is never read.
 *
 * Usage: `npx tsx eval/injection/calibrate.ts`
 */
import { atThreshold, recallAtFpr, rocAuc } from './metrics.js';
import { BLEND_WEIGHT, type DevRow, HONEST_CUT, loadDevRows, outOfFold, shiftFor } from './train-model.js';
import { scoreInjectionRules } from '../../src/processors/prompt-injection-detector/score.js';

const rows = loadDevRows();
const oof = outOfFold(rows);
const rule = rows.map((r) => scoreInjectionRules(r.text));
const shift = shiftFor(rows, oof);
const blend = rows.map((_, i) => BLEND_WEIGHT * (rule[i] as number) + (1 - BLEND_WEIGHT) / (1 + Math.exp(-((oof[i] as number) - shift))));

/** The final score for a cut and a rule-keep level (what `blendWithModel` computes). */
function finalScore(i: number, cut: number, keep: number): number {
  const x = blend[i] as number;
  const mapped = x < cut ? (0.7 * x) / cut : 0.7 + (0.3 * (x - cut)) / (1 - cut);
  const r = rule[i] as number;
  return Math.min(1, Math.max(mapped, r >= keep ? r : 0));
}

/** The lowest cut (≥ HONEST_CUT) whose OOF hard-negative FPR is at most `q`. */
export function cutForTarget(keep: number, q: number, subset: (r: DevRow) => boolean = () => true): number {
  const hard = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.label === 0 && r.hard && subset(r));
  const kept = hard.filter(({ i }) => (rule[i] as number) >= Math.max(keep, 0.7)).length;
  const rest = hard
    .filter(({ i }) => (rule[i] as number) < Math.max(keep, 0.7))
    .map(({ i }) => blend[i] as number)
    .sort((a, b) => b - a);
  const allowed = Math.floor(q * hard.length) - kept;
  if (allowed < 0) return Number.NaN;
  const c = allowed >= rest.length ? 0 : (rest[allowed] as number) + 1e-6;
  return Math.max(c, HONEST_CUT);
}

const subsets: Array<[string, (r: DevRow) => boolean]> = [
  ['all development', () => true],
  ['chat-like (old, dev2, blind 1+3)', (r) => !r.id.startsWith('dev4-') && !r.id.startsWith('dev5-')],
  ['documents (dev4, dev5)', (r) => r.id.startsWith('dev4-') || r.id.startsWith('dev5-')],
  ['dev5', (r) => r.id.startsWith('dev5-')],
  ['spent blind 1+3', (r) => r.id.startsWith('blind-') || r.id.startsWith('b3-')],
];

console.log(`shift ${shift.toFixed(3)}; OOF = model trained without the line's group; rules as committed now`);
for (const keep of [0.75, 0.85, 0.9, 0.95, 1.01]) {
  for (const q of [0.015, 0.01, 0.0075]) {
    const cut = cutForTarget(keep, q);
    if (Number.isNaN(cut)) {
      console.log(`keep ${keep} target ${q}: rule-kept hard negatives alone exceed the target`);
      continue;
    }
    const parts = subsets.map(([name, sub]) => {
      const s = rows.map((r, i) => ({ score: finalScore(i, cut, keep), label: r.label, hard: r.hard, r })).filter((x) => sub(x.r));
      const at = atThreshold(s, 0.7);
      return `${name}: AUC ${rocAuc(s).toFixed(3)} r@1% ${(recallAtFpr(s, 0.01).recall * 100).toFixed(1)}% @0.7 ${(at.recall * 100).toFixed(1)}%/${(at.hardFpr * 100).toFixed(1)}%`;
    });
    console.log(`keep ${keep} target ${q} cut ${cut.toFixed(4)}\n  ${parts.join('\n  ')}`);
  }
}
