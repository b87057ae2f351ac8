/**
 * The weights the name model scores with, and the feature hashing that indexes them: the
 * shipped weights come from `data/name-model.json` (int8 × scale, written by
 * `eval/pii/train-name-model.ts --write`) and are expanded once, on first use; the training
 * script's cross-validation swaps in its own with {@link setNameModelForEval}.
 */
import { piiData } from './data.js';

/** Number of hashed feature slots (a power of two). */
export const NAME_MODEL_SLOTS = 1 << 16;
const MASK = NAME_MODEL_SLOTS - 1;

/** Weights the classifier scores with (dense, one per slot) plus bias and threshold. */
export interface NameModel {
  weights: Float32Array;
  bias: number;
  threshold: number;
}

/** `data/name-model.json`, as `eval/pii/train-name-model.ts --write` writes it. */
interface ShippedWeights {
  /** int8 weights, one per slot, in base64. */
  readonly weights: string;
  /** What each int8 weight is multiplied by. */
  readonly scale: number;
  readonly bias: number;
  readonly threshold: number;
}

let shipped: NameModel | undefined;
let override: NameModel | null | undefined;

/** The model in use: the shipped weights, or the one set by {@link setNameModelForEval}. */
export function currentNameModel(): NameModel | null {
  if (override !== undefined) return override;
  if (shipped === undefined) {
    const file = piiData<ShippedWeights>('name-model');
    const bytes = Buffer.from(file.weights, 'base64');
    const weights = new Float32Array(NAME_MODEL_SLOTS);
    for (let i = 0; i < NAME_MODEL_SLOTS && i < bytes.length; i++) {
      const b = bytes[i] as number;
      weights[i] = (b > 127 ? b - 256 : b) * file.scale;
    }
    shipped = { weights, bias: file.bias, threshold: file.threshold };
  }
  return shipped;
}

/**
 * Replaces the model `detectPII` uses (`null` switches the model off, `undefined` restores the
 * shipped weights). For the training script's grouped cross-validation only; not exported from
 * the package.
 */
export function setNameModelForEval(model: NameModel | null | undefined): void {
  override = model;
}

/** The slot a feature key hashes to (FNV-1a); exported for tests that build a model by hand. */
export function nameFeatureSlot(key: string): number {
  return (step(0x811c9dc5, key) >>> 0) & MASK;
}

function step(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

/** FNV-1a of the concatenation of the parts, without building it. */
export function slot(a: string, b = '', c = '', d = '', e = '', f = ''): number {
  let h = step(0x811c9dc5, a);
  if (b !== '') h = step(h, b);
  if (c !== '') h = step(h, c);
  if (d !== '') h = step(h, d);
  if (e !== '') h = step(h, e);
  if (f !== '') h = step(h, f);
  return (h >>> 0) & MASK;
}

/** Probability that a candidate is a name, under `model`. */
export function nameProbability(model: NameModel, feats: readonly number[]): number {
  let z = model.bias;
  for (const slot of feats) z += model.weights[slot] as number;
  return 1 / (1 + Math.exp(-z));
}
