/**
 * Metrics for the injection eval: ROC AUC (Mann–Whitney, ties count half), recall at a fixed
 * false-positive budget, and rates at a threshold. Pure functions over (score, label) pairs.
 */

/** One scored line. */
export interface Scored {
  score: number;
  label: 0 | 1;
  hard: boolean;
}

/** Area under the ROC curve: the chance a random positive outscores a random negative. */
export function rocAuc(rows: readonly Scored[]): number {
  const pos = rows.filter((r) => r.label === 1).map((r) => r.score);
  const neg = rows.filter((r) => r.label === 0).map((r) => r.score).sort((a, b) => a - b);
  if (pos.length === 0 || neg.length === 0) return Number.NaN;
  let wins = 0;
  for (const p of pos) {
    // Count negatives below p and equal to p by binary search: O((P + N) log N).
    let lo = 0;
    let hi = neg.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((neg[mid] as number) < p) lo = mid + 1;
      else hi = mid;
    }
    let eq = lo;
    while (eq < neg.length && neg[eq] === p) eq++;
    wins += lo + (eq - lo) / 2;
  }
  return wins / (pos.length * neg.length);
}

/**
 * Recall at a false-positive budget: the strictest cut that flags at most `fpr × negatives`
 * negatives (a line is flagged when its score is strictly above the cut), and the recall there.
 */
export function recallAtFpr(rows: readonly Scored[], fpr: number): { recall: number; cut: number; fpr: number } {
  const neg = rows.filter((r) => r.label === 0).map((r) => r.score).sort((a, b) => b - a);
  const pos = rows.filter((r) => r.label === 1).map((r) => r.score);
  const allowed = Math.floor(fpr * neg.length);
  // Flag scores > cut; the cut is the (allowed+1)-th highest negative score.
  const cut = neg[allowed] ?? -1;
  const flaggedNeg = neg.filter((s) => s > cut).length;
  const recall = pos.filter((s) => s > cut).length / pos.length;
  return { recall, cut, fpr: flaggedNeg / neg.length };
}

/** Rates at `threshold` (flag when `score >= threshold`, as the detector does). */
export function atThreshold(rows: readonly Scored[], threshold: number) {
  const pos = rows.filter((r) => r.label === 1);
  const neg = rows.filter((r) => r.label === 0);
  const hard = neg.filter((r) => r.hard);
  const tp = pos.filter((r) => r.score >= threshold).length;
  const fp = neg.filter((r) => r.score >= threshold).length;
  return {
    recall: tp / pos.length,
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    fpr: fp / neg.length,
    hardFpr: hard.length === 0 ? 0 : hard.filter((r) => r.score >= threshold).length / hard.length,
  };
}
