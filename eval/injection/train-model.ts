/**
 * Trains the learned half of `scoreInjection()` (`src/processors/prompt-injection-detector/
 * model.ts`) on the development fixtures only (the old set, dev2, dev4, dev5, dev6 and the spent
 * blind sets 1, 3, 4, 5 and 6; the held-out blind set 7 is never read) and reports grouped
 * cross-validation. Since issue #11 round 3 the committed calibration (logit shift, the two blend
 * cuts) is chosen on leave-one-set-out logits (`leaveOneSetOut`, report in `loso.ts`): grouped
 * CV by template read optimistic against a new author's set (round 2: 91.5% recall@1%FPR out of
 * fold, 54.6% on the next blind set).
 *
 * Deterministic: fixed seed (mulberry32), fixed epoch count, fixed line order; the same data
 * gives bit-identical weights (a test pins the committed weights to this script's output).
 *
 * Model: L2-regularised logistic regression, AdaGrad SGD, class-balanced, over the hashed
 * character 3–5-grams and word uni/bigrams of the folded text.
 *
 * Cross-validation holds out whole groups, never random lines (random lines leak template
 * phrasing): each dev2 batch (b1…b9) is one fold; the old set's templates (family + template
 * number, all languages and fillings together) are spread over the same nine folds by hash.
 *
 * Usage: `npx tsx eval/injection/train-model.ts` (CV report) or with `--write` (also rewrites
 * `data/model.json`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeWeights, forEachDistinctFeature, forEachFeature, lengthBucketSlot, MODEL_DIM } from '../../src/processors/prompt-injection-detector/model.js';
import { foldText } from '../../src/processors/prompt-injection-detector/normalize.js';
import { CORROBORATE_P, isShortMessage } from '../../src/processors/prompt-injection-detector/blend.js';
import { scoreInjectionRuleParts, scoreInjectionRules } from '../../src/processors/prompt-injection-detector/score.js';

const here = dirname(fileURLToPath(import.meta.url));

/** One development line. */
export interface DevRow {
  id: string;
  family: string;
  lang: string;
  label: 0 | 1;
  hard: boolean;
  text: string;
}

/**
 * The development lines, in file order: the old set, dev2, dev4, dev5, the spent blind sets 1
 * and 3, spent blind set 4, dev6 and spent blind sets 5 and 6. Blind set 7 (the held-out half)
 * is never read.
 */
export function loadDevRows(): DevRow[] {
  const rows: DevRow[] = [];
  // INJECTION_SKIP_DEV4=1 trains without the structured tool output (only to report the before/after comparison).
  const files = [
    'family-templates',
    'natural-phrasings',
    ...(process.env.INJECTION_SKIP_DEV4 ? [] : ['structured-tool-output']),
    // INJECTION_ONLY_OLD_DEV=1 trains on the sets above only (the model before issue #11's data).
    ...(process.env.INJECTION_ONLY_OLD_DEV ? [] : ['benign-documents', 'independent-1', 'independent-2']),
    // Independent set 3 (tuned on since issue #11's third round).
    ...(process.env.INJECTION_ONLY_OLD_DEV ? [] : ['independent-3']),
    // The unusual phrasings (issue #11 round 3). INJECTION_SKIP_DEV6=1 trains without
    // it (only to report the before/after comparison).
    ...(process.env.INJECTION_ONLY_OLD_DEV || process.env.INJECTION_SKIP_DEV6 ? [] : ['unusual-phrasings']),
    // Independent set 4 (tuned on since issue #11's fourth round). INJECTION_SKIP_BLIND5=1 trains
    // without it (only to report the before/after comparison).
    ...(process.env.INJECTION_ONLY_OLD_DEV || process.env.INJECTION_SKIP_BLIND5 ? [] : ['independent-4']),
    // Independent set 5 (tuned on since issue #11's fifth round). INJECTION_SKIP_BLIND6=1 trains
    // without it (only to report the before/after comparison).
    ...(process.env.INJECTION_ONLY_OLD_DEV || process.env.INJECTION_SKIP_BLIND6 ? [] : ['independent-5']),
  ];
  for (const f of files) {
    for (const line of readFileSync(join(here, 'data/development', `${f}.jsonl`), 'utf8').split('\n')) {
      if (line.trim() !== '') rows.push(JSON.parse(line) as DevRow);
    }
  }
  return rows;
}

/**
 * The author/set a development line belongs to, for leave-one-set-out cross-validation: each set
 * was written by a different author or in a different session, so holding out a whole set is the
 * honest estimate of what a new author's phrasing scores (templates of one set are correlated).
 */
export type DevSet = 'old' | 'dev2' | 'dev4' | 'dev5' | 'dev6' | 'blind1' | 'blind3' | 'blind4' | 'blind5' | 'blind6';

/** Every development set, in a fixed order. */
export const DEV_SETS: readonly DevSet[] = ['old', 'dev2', 'dev4', 'dev5', 'dev6', 'blind1', 'blind3', 'blind4', 'blind5', 'blind6'];

/** The set a line's id belongs to (see {@link DevSet}). */
export function setOf(id: string): DevSet {
  if (id.startsWith('dev2-')) return 'dev2';
  if (id.startsWith('dev4-')) return 'dev4';
  if (id.startsWith('dev5-')) return 'dev5';
  if (id.startsWith('dev6-')) return 'dev6';
  if (id.startsWith('blind4-')) return 'blind4';
  if (id.startsWith('blind-')) return 'blind1';
  if (id.startsWith('b3-')) return 'blind3';
  if (id.startsWith('b5-')) return 'blind5';
  if (id.startsWith('b6-')) return 'blind6';
  return 'old';
}

/** Documents rather than chat-like lines (the calibration's second population). */
export function isDocumentSet(id: string): boolean {
  return id.startsWith('dev4-') || id.startsWith('dev5-');
}

/** Weight of the rule score in the blend with the model's probability (chosen on grouped CV). */
export const BLEND_WEIGHT = 0.3;

/**
 * The blend value mapped to 0.7, from `train-honest.ts`: on dev2 batches 7–9 scored by the rules
 * as they were when each batch was first scored (never tuned on it) and by a model trained only on
 * earlier data, the cut just above the second-highest hard negative (1 of 69 = 1.4% FPR).
 */
export const HONEST_CUT = 0.622;

/**
 * Rule scores at or above these keep their own value (strong rule evidence is not diluted); below
 * them the rules only count through the blend, where the learned model can outvote them. Two
 * levels: `RULE_KEEP` for documents and `RULE_KEEP_SHORT` for short messages (`isShortMessage`
 * in score.ts: at most 400 characters on at most four lines), where a strong rule match is most
 * of the text. Chosen by `calibrate.ts` on grouped cross-validation over every development set
 * (issue #11): among the settings whose out-of-fold hard-negative FPR at 0.7 stays at or under
 * 1.5% in both populations (chat-like lines, documents), short 0.8 / documents 0.95 has the best
 * out-of-fold recall at 1% FPR: ROC AUC 0.994, recall@1%FPR 91.5%, recall 90.0% and
 * hard-negative FPR 0.8% at 0.7 (chat-like 0.6%, documents 1.1%). 0.75 for short messages
 * exceeds 1.5% on documents (1.9%). Four lines rather than three: three scored about the same
 * on CV (91.5% against 90.4%, measured before the last rule fix) but would leave a four-line
 * ChatML role switch (`Thanks!\n<|im_end|>\n<|im_start|>system\n…`) to the model, which does
 * not flag it. The old single level 0.75 let rule-only false positives through on their own:
 * the spent blind sets' 6.3% hard-negative FPR was 23 rule scores between 0.75 and 0.86 (of 24
 * false positives).
 */
export const RULE_KEEP = 0.95;
/** See {@link RULE_KEEP}. */
export const RULE_KEEP_SHORT = 0.8;

/** Hyper-parameters (chosen on grouped CV). */
/**
 * Hyper-parameters. Round 3 chose `l2` on leave-one-set-out CV (`loso.ts`, every set scored and
 * calibrated without itself): 3e-4 against round 2's 1e-4 (pooled recall@1%FPR 72.9% vs 71.1%,
 * hard-negative FPR at 0.7 1.1% vs 2.5%). 1e-3 scores the same out of set (72.5%, 1.2%) but fits
 * the development lines less (in-sample recall at 0.7 85.6% vs 90.6%); 3e-3 and 1e-2 generalise
 * worse to dev5 and blind set 4; 3e-5 worse everywhere. `INJ_L2` / `INJ_EPOCHS` / `INJ_RATE`
 * override them for a study run only.
 */
export const TRAIN_OPTIONS = {
  epochs: Number(process.env.INJ_EPOCHS ?? 24),
  rate: Number(process.env.INJ_RATE ?? 0.3),
  l2: Number(process.env.INJ_L2 ?? 3e-4),
  seed: 20261203,
};

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A line as sparse features: slots (with repeats) and the shared value 1/√count. */
interface Sparse {
  slots: Int32Array;
  value: number;
  /** The length-bucket intercept's slot (value 1), or -1 (counts mode). */
  bucket: number;
}

/**
 * How features are counted: `binary` (each distinct slot once, what `modelLogit` does) or
 * `counts` (every occurrence, the model before dev4; kept to report the comparison on CV).
 * `INJECTION_FEATURES=counts` selects the old mode for a CV run.
 */
export const FEATURE_MODE: 'binary' | 'counts' = process.env.INJECTION_FEATURES === 'counts' ? 'counts' : 'binary';

export function featurize(text: string, mode = FEATURE_MODE): Sparse {
  const slots: number[] = [];
  (mode === 'binary' ? forEachDistinctFeature : forEachFeature)(foldText(text).text, (s) => slots.push(s));
  return {
    slots: Int32Array.from(slots),
    value: slots.length === 0 ? 0 : 1 / Math.sqrt(slots.length),
    bucket: mode === 'binary' && slots.length > 0 ? lengthBucketSlot(slots.length) : -1,
  };
}

/** Trains logistic regression; returns weights and bias (float64). */
export function train(xs: Sparse[], ys: Array<0 | 1>, opts = TRAIN_OPTIONS): { weights: Float64Array; bias: number } {
  const w = new Float64Array(MODEL_DIM);
  const g2 = new Float64Array(MODEL_DIM).fill(1e-8);
  let bias = 0;
  let bg2 = 1e-8;
  const pos = ys.filter((y) => y === 1).length;
  const neg = ys.length - pos;
  const cw = [ys.length / (2 * Math.max(1, neg)), ys.length / (2 * Math.max(1, pos))];
  const order = xs.map((_, i) => i);
  const rand = mulberry32(opts.seed);
  for (let e = 0; e < opts.epochs; e++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      const t = order[i] as number;
      order[i] = order[j] as number;
      order[j] = t;
    }
    for (const i of order) {
      const x = xs[i] as Sparse;
      let z = bias;
      for (const s of x.slots) z += (w[s] as number) * x.value;
      if (x.bucket >= 0) z += w[x.bucket] as number;
      const p = 1 / (1 + Math.exp(-z));
      const g = (p - (ys[i] as number)) * (cw[ys[i] as number] as number);
      for (const s of x.slots) {
        const gs = g * x.value + opts.l2 * (w[s] as number);
        g2[s] = (g2[s] as number) + gs * gs;
        w[s] = (w[s] as number) - (opts.rate * gs) / Math.sqrt(g2[s] as number);
      }
      if (x.bucket >= 0) {
        const gb = g + opts.l2 * (w[x.bucket] as number);
        g2[x.bucket] = (g2[x.bucket] as number) + gb * gb;
        w[x.bucket] = (w[x.bucket] as number) - (opts.rate * gb) / Math.sqrt(g2[x.bucket] as number);
      }
      bg2 += g * g;
      bias -= (opts.rate * g) / Math.sqrt(bg2);
    }
  }
  return { weights: w, bias };
}

function logit(m: { weights: Float64Array; bias: number }, x: Sparse): number {
  let z = m.bias;
  for (const s of x.slots) z += (m.weights[s] as number) * x.value;
  if (x.bucket >= 0) z += m.weights[x.bucket] as number;
  return z;
}

/**
 * The CV group of a line: a dev2 batch, a dev4/dev5 container kind, a blind-set template family,
 * or an old-set template (all languages together).
 */
export function groupOf(id: string, family = ''): string {
  // dev4 / dev5: one group per container kind (all languages, benign and attacked lines together).
  const doc = /^(dev[45])-([a-z]+(?:-[a-z]+)?)-(?:en|de|fr|es|zh|ja|ko)-/.exec(id);
  if (doc) return `${doc[1]}-${doc[2]}`;
  const dev2 = /^dev2-(?:(b\d+)-)?/.exec(id);
  if (dev2) return `dev2-${dev2[1] ?? 'b1'}`;
  // Spent blind set 1: family + template number, all languages and fillings together.
  const b1 = /^blind-(.+)-(?:en|de|fr|es|zh|ja|ko)-(\d+)-\d+-\d+$/.exec(id);
  if (b1) return `blind1-${b1[1]}-${b1[2]}`;
  // Spent blind set 3: ids carry no template, so the family is the group.
  if (id.startsWith('b3-')) return `blind3-${family}`;
  // Spent blind set 4 and dev6: the family is the group.
  if (id.startsWith('blind4-')) return `blind4-${family}`;
  if (id.startsWith('dev6-')) return `dev6-${family}`;
  if (id.startsWith('b5-')) return `blind5-${family}`;
  if (id.startsWith('b6-')) return `blind6-${family}`;
  const parts = id.split('-');
  // family-lang-template-variant: drop the language and the variant.
  return `${parts.slice(0, -3).join('-')}-${parts[parts.length - 2]}`;
}

/** Nine folds: dev2 batch k → fold k−1; old-set templates by hash. */
export function foldOf(id: string, family = ''): number {
  const g = groupOf(id, family);
  const b = /^dev2-b(\d+)$/.exec(g);
  if (b) return (Number(b[1]) - 1) % 9;
  let h = 0x811c9dc5;
  for (let i = 0; i < g.length; i++) h = Math.imul(h ^ g.charCodeAt(i), 0x01000193) >>> 0;
  return h % 9;
}

/** Trains on all development lines: what `data/model.json` holds. */
export function trainFull(rows = loadDevRows(), opts = TRAIN_OPTIONS): { weights: Float64Array; bias: number } {
  return train(
    rows.map((r) => featurize(r.text)),
    rows.map((r) => r.label),
    opts,
  );
}

/** Out-of-fold logits for every row (grouped CV). */
export function outOfFold(rows: DevRow[], opts = TRAIN_OPTIONS): Float64Array {
  const xs = rows.map((r) => featurize(r.text));
  const oof = new Float64Array(rows.length);
  const folds = rows.map((r) => foldOf(r.id, r.family));
  for (let k = 0; k < 9; k++) {
    const tr = rows.map((_, i) => i).filter((i) => folds[i] !== k);
    const m = train(
      tr.map((i) => xs[i] as Sparse),
      tr.map((i) => (rows[i] as DevRow).label),
      opts,
    );
    for (let i = 0; i < rows.length; i++) if (folds[i] === k) oof[i] = logit(m, xs[i] as Sparse);
  }
  return oof;
}

/**
 * Leave-one-set-out logits: every line scored by a model trained on the other sets only (one
 * model per set in {@link DEV_SETS}). What the committed calibration is chosen on.
 */
export function leaveOneSetOut(rows: DevRow[], opts = TRAIN_OPTIONS): Float64Array {
  const xs = rows.map((r) => featurize(r.text));
  const sets = rows.map((r) => setOf(r.id));
  const out = new Float64Array(rows.length);
  for (const held of DEV_SETS) {
    if (!sets.includes(held)) continue;
    const tr = rows.map((_, i) => i).filter((i) => sets[i] !== held);
    const m = train(
      tr.map((i) => xs[i] as Sparse),
      tr.map((i) => (rows[i] as DevRow).label),
      opts,
    );
    for (let i = 0; i < rows.length; i++) if (sets[i] === held) out[i] = logit(m, xs[i] as Sparse);
  }
  return out;
}

/** Populations the logit shift is taken over (the stricter one wins). */
export const SHIFT_POPULATIONS: Array<(r: DevRow) => boolean> =
  process.env.INJECTION_SHIFT === 'both'
    ? [(r) => !isDocumentSet(r.id), (r) => isDocumentSet(r.id)]
    : [(r) => !isDocumentSet(r.id)];

/**
 * The calibration shift: the model's logit where grouped-CV FPR is ~1.5% moves to 0.7, taken per
 * population (chat-like lines of the old set, dev2 and the spent blind sets; dev4's structured tool
 * output and dev5's documents) and the
 * stricter of the two kept. Pooling them would let hundreds of easy structured negatives loosen
 * the cut for chat text.
 */
export function shiftFor(rows: DevRow[], oof: Float64Array, pops: Array<(r: DevRow) => boolean> = SHIFT_POPULATIONS): number {
  let cut = -Infinity;
  for (const pop of pops) {
    const negs = rows.map((r, i) => (r.label === 0 && pop(r) ? (oof[i] as number) : -Infinity)).sort((a, b) => b - a);
    const nNeg = rows.filter((r) => r.label === 0 && pop(r)).length;
    if (nNeg > 0) cut = Math.max(cut, negs[Math.floor(0.015 * nNeg)] as number);
  }
  return cut - Math.log(0.7 / 0.3);
}

/**
 * The blend value mapped to 0.7 for a rule-keep level: the lowest cut at which the out-of-fold
 * hard-negative FPR of the final score (rule-kept lines included) is at most `q`, and never
 * below {@link HONEST_CUT}. `NaN` when the rule-kept hard negatives alone exceed `q`.
 */
export function cutFor(
  rows: DevRow[],
  oof: Float64Array,
  rule: number[],
  shift: number,
  keep: (i: number) => number = (i) => (isShortMessage((rows[i] as DevRow).text) ? RULE_KEEP_SHORT : RULE_KEEP),
  q = 0.015,
  subset: (r: DevRow) => boolean = () => true,
  sure: number[] = rule,
): number {
  let hardCount = 0;
  let kept = 0;
  const rest: number[] = [];
  rows.forEach((r, i) => {
    if (r.label !== 0 || !r.hard || !subset(r)) return;
    hardCount++;
    const ru = rule[i] as number;
    // Only the sure part of the rule score stands alone (round 4, `rule-trust.ts`).
    if (Math.min(sure[i] as number, ru) >= Math.max(keep(i), 0.7)) kept++;
    else rest.push(BLEND_WEIGHT * ru + (1 - BLEND_WEIGHT) / (1 + Math.exp(-((oof[i] as number) - shift))));
  });
  rest.sort((a, b) => b - a);
  const allowed = Math.floor(q * hardCount) - kept;
  if (allowed < 0) return Number.NaN;
  const c = allowed >= rest.length ? 0 : (rest[allowed] as number) + 1e-6;
  return Math.max(c, HONEST_CUT);
}

/**
 * The part of a rule score that may stand on its own (what `blendWithModel` in score.ts keeps):
 * the whole rule score when the model's probability is at least `CORROBORATE_P`, else only the
 * sure part (features allowed to stand alone, `rule-trust.ts`).
 */
export function standingOf(rule: number, sure: number, logit: number, shift: number): number {
  const p = 1 / (1 + Math.exp(-(logit - shift)));
  return p >= Number(process.env.INJECTION_CORROBORATE ?? CORROBORATE_P) ? rule : Math.min(rule, sure);
}

/**
 * The two blend cuts (issue #11 round 3): one for short messages and one for documents
 * (`isShortMessage`), each the lowest at which that population's hard-negative FPR is at most
 * 1.5% (see {@link cutFor}). One pooled cut let the many easy chat negatives loosen the cut for
 * documents: on leave-one-set-out, pooled hard-negative FPR 4.4% with one cut, 1.2% with two.
 */
export function cutsFor(
  rows: DevRow[],
  logits: Float64Array,
  rule: number[],
  shift: number,
  sure: number[] = rule,
): { short: number; long: number } {
  const keep = (i: number) => (isShortMessage((rows[i] as DevRow).text) ? RULE_KEEP_SHORT : RULE_KEEP);
  return {
    short: cutFor(rows, logits, rule, shift, keep, 0.015, (r) => isShortMessage(r.text), sure),
    long: cutFor(rows, logits, rule, shift, keep, 0.015, (r) => !isShortMessage(r.text), sure),
  };
}

/**
 * Everything `data/model.json` holds, recomputed from the development fixtures. The calibration
 * (shift and cuts) is chosen on leave-one-set-out logits (every set scored by a model trained
 * without it), the weights are the full fit.
 */
export function trainCommitted(): { base64: string; scale: number; bias: number; shift: number; cut: number; cutShort: number } {
  const rows = loadDevRows();
  const loso = leaveOneSetOut(rows);
  const parts = rows.map((r) => scoreInjectionRuleParts(r.text));
  const rule = parts.map((p) => p.rule);
  const shift = shiftFor(rows, loso);
  const standing = parts.map((p, i) => standingOf(p.rule, p.sure, loso[i] as number, shift));
  const cuts = cutsFor(rows, loso, rule, shift, standing);
  if (Number.isNaN(cuts.short) || Number.isNaN(cuts.long))
    throw new Error(`RULE_KEEP ${RULE_KEEP_SHORT}/${RULE_KEEP}: rule-kept hard negatives alone exceed 1.5%`);
  const m = trainFull(rows);
  const enc = encodeWeights(m.weights);
  return {
    base64: enc.base64,
    scale: enc.scale,
    bias: Number(m.bias.toPrecision(9)),
    shift: Number(shift.toPrecision(9)),
    cut: Number(cuts.long.toPrecision(9)),
    cutShort: Number(cuts.short.toPrecision(9)),
  };
}

async function main(): Promise<void> {
  const { atThreshold, recallAtFpr, rocAuc } = await import('./metrics.js');
  const rows = loadDevRows();
  const t0 = Date.now();
  const oof = outOfFold(rows);
  console.log(`grouped CV (9 folds) trained in ${Date.now() - t0} ms`);
  const rule = rows.map((r) => scoreInjectionRules(r.text));
  const sig = (z: number) => 1 / (1 + Math.exp(-z));
  const report = (name: string, score: (i: number) => number, subset?: (r: DevRow) => boolean) => {
    const s = rows
      .map((r, i) => ({ score: score(i), label: r.label, hard: r.hard, r }))
      .filter((x) => (subset ? subset(x.r) : true));
    const at = atThreshold(s, 0.7);
    const r1 = recallAtFpr(s, 0.01);
    console.log(
      `${name.padEnd(44)} AUC ${rocAuc(s).toFixed(3)}  recall@1%FPR ${(r1.recall * 100).toFixed(1)}%  ` +
        `@0.7: recall ${(at.recall * 100).toFixed(1)}% hardFPR ${(at.hardFpr * 100).toFixed(1)}%`,
    );
    return { auc: rocAuc(s), r1: r1.recall, hard: at.hardFpr, recall: at.recall };
  };
  // Shift the model's logit so that 0.7 sits where OOF FPR is ~1.5% (stricter of the populations).
  const shift = shiftFor(rows, oof);
  const cal = (i: number) => sig((oof[i] as number) - shift);
  console.log(`calibration shift ${shift.toFixed(3)}`);
  report('(a) rules only (in-sample: tuned on all dev)', (i) => rule[i] as number);
  report('(b) model only (OOF, calibrated)', cal);
  report('(c1) max(rule, model)', (i) => Math.max(rule[i] as number, cal(i)));
  for (const a of [0.3, 0.5, 0.7]) report(`(c2) ${a}·rule + ${(1 - a).toFixed(1)}·model`, (i) => a * (rule[i] as number) + (1 - a) * cal(i));
  console.log('\nper dev2 batch (model OOF = trained without that batch; compare the rules first scores in the git log: b2 0.768, b3 0.684, b4 0.643, b5 0.652, b6 0.417, b7 0.670, b8 0.681, b9 0.779):');
  for (let b = 1; b <= 9; b++) {
    const sub = (r: DevRow) => groupOf(r.id) === `dev2-b${b}`;
    report(`  b${b} model OOF`, cal, sub);
    report(`  b${b} max(rule in-sample, model OOF)`, (i) => Math.max(rule[i] as number, cal(i)), sub);
  }
  const dev4 = (r: DevRow) => r.id.startsWith('dev4-');
  if (rows.some(dev4)) {
    console.log('\ndev4 (structured tool output; model OOF = trained without that container kind):');
    report('  dev4 model OOF', cal, dev4);
    report('  dev4 max(rule, model OOF)', (i) => Math.max(rule[i] as number, cal(i)), dev4);
  }
  // Forward chaining: batch k scored by a model trained on the old set and batches < k only,
  // the same position the rules were in when each batch was first scored.
  console.log('\nforward chaining (model trained on old set + earlier dev2 batches only):');
  const xs = rows.map((r) => featurize(r.text));
  const batchOf = (r: DevRow) => {
    const m = /^dev2-b(\d+)$/.exec(groupOf(r.id));
    return m ? Number(m[1]) : 0;
  };
  const fwd = new Float64Array(rows.length);
  for (let b = 2; b <= 9; b++) {
    // Only the old set and earlier dev2 batches (dev4, dev5 and the spent blind sets came later).
    const tr = rows.map((_, i) => i).filter((i) => batchOf(rows[i] as DevRow) < b && !/^(?:dev[456]|blind|blind4|b3|b5|b6)-/.test((rows[i] as DevRow).id));
    const m = train(
      tr.map((i) => xs[i] as Sparse),
      tr.map((i) => (rows[i] as DevRow).label),
    );
    for (let i = 0; i < rows.length; i++) if (batchOf(rows[i] as DevRow) === b) fwd[i] = logit(m, xs[i] as Sparse);
    const sub = (r: DevRow) => batchOf(r) === b;
    report(`  b${b} model fwd`, (i) => sig((fwd[i] as number) - shift), sub);
  }
  const b9 = (r: DevRow) => batchOf(r) === 9;
  const later = (r: DevRow) => batchOf(r) >= 2;
  console.log('\nb9 (rules never tuned on it):');
  report('  rules', (i) => rule[i] as number, b9);
  report('  model fwd', (i) => sig((fwd[i] as number) - shift), b9);
  report('  max', (i) => Math.max(rule[i] as number, sig((fwd[i] as number) - shift)), b9);
  for (const a of [0.3, 0.5, 0.7]) report(`  ${a}·rule + model`, (i) => a * (rule[i] as number) + (1 - a) * sig((fwd[i] as number) - shift), b9);
  console.log('\nb2..b9 pooled, model forward-chained:');
  report('  model fwd', (i) => sig((fwd[i] as number) - shift), later);
  // Chosen blend: BLEND_WEIGHT·rule + (1−BLEND_WEIGHT)·model, remapped piecewise-linearly so the
  // blend value where pooled-CV hard-negative FPR is ~1.5% lands on the default threshold 0.7.
  const blendOf = (r: number, z: number) => BLEND_WEIGHT * r + (1 - BLEND_WEIGHT) * sig(z - shift);
  // The cut: the lowest blend value where the out-of-fold hard-negative FPR of the final score
  // (rule-kept lines included) is at most 1.5%, and never below HONEST_CUT (see cutFor).
  const blendCut = cutFor(rows, oof, rule, shift);
  console.log(`committed cut ${blendCut.toFixed(4)} (honest floor ${HONEST_CUT}, rule keep ${RULE_KEEP})`);
  const remap0 = (x: number) => (x < blendCut ? (0.7 * x) / blendCut : 0.7 + (0.3 * (x - blendCut)) / (1 - blendCut));
  const remap = (x: number, r = 0, i = -1) => Math.max(remap0(x), r >= (i >= 0 && isShortMessage((rows[i] as DevRow).text) ? RULE_KEEP_SHORT : RULE_KEEP) ? r : 0);
  console.log(`\nchosen blend: ${BLEND_WEIGHT}·rule + ${1 - BLEND_WEIGHT}·model, cut ${blendCut.toFixed(4)} → 0.7`);
  report('(c) chosen blend, pooled (model OOF)', (i) => remap(blendOf(rule[i] as number, oof[i] as number), rule[i], i));
  report('(c) chosen blend, b9 (model fwd)', (i) => remap(blendOf(rule[i] as number, fwd[i] as number), rule[i], i), b9);
  report('(c) chosen blend, b2..b9 (model fwd)', (i) => remap(blendOf(rule[i] as number, fwd[i] as number), rule[i], i), later);
  report('(a) rules, b2..b9 (in-sample)', (i) => rule[i] as number, later);
  if (rows.some(dev4)) report('(c) chosen blend, dev4 (model OOF)', (i) => remap(blendOf(rule[i] as number, oof[i] as number), rule[i], i), dev4);
  if (process.argv.includes('--write')) {
    const c = trainCommitted();
    const out = join(here, '../../src/processors/prompt-injection-detector/data/model.json');
    // Same keys and order as the committed file, so a retrain diffs only in its numbers.
    const previous = JSON.parse(readFileSync(out, 'utf8')) as { about: string };
    const model = {
      about: previous.about,
      scale: c.scale,
      bias: c.bias,
      shift: c.shift,
      blendWeight: BLEND_WEIGHT,
      blendCut: c.cut,
      blendCutShort: c.cutShort,
      ruleKeep: RULE_KEEP,
      ruleKeepShort: RULE_KEEP_SHORT,
      weights: c.base64,
    };
    writeFileSync(out, `${JSON.stringify(model, null, 2)}\n`);
    console.log(`wrote ${out}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
