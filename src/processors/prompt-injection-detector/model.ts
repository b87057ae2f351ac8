/**
 * The learned half of `scoreInjection()`: a logistic-regression model over hashed features of
 * the folded text (character 3–5-grams and word unigrams/bigrams). The rules recognise phrasings
 * someone wrote a pattern for; the n-gram model generalises a little to paraphrases and
 * translations of them. Weights are trained by `eval/injection/train-model.ts` on the development
 * fixtures only and committed as `model-weights.ts` (int8-quantised, base64).
 *
 * Scoring is one linear pass over the text: every n-gram is hashed incrementally (FNV-1a) into a
 * fixed-size weight array; nothing is allocated per n-gram. Measured on the development lines
 * (mean 80 characters): about 11 µs per call (fold + logit, ~140 ns per character) against
 * 200–300 µs for the rules; 79,000 characters take about 9 ms. The weights are 16 KB of int8
 * (22 KB of base64 source), decoded once on first use into a 64 KB `Float32Array`.
 */

/** Number of hashed feature slots (a power of two). */
export const MODEL_DIM = 1 << 14;
const MASK = MODEL_DIM - 1;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** One FNV-1a step: folds `code` into `h`. */
function step(h: number, code: number): number {
  return Math.imul(h ^ code, FNV_PRIME) >>> 0;
}

/** Final avalanche so n-grams of different kinds land in unrelated slots. */
function finish(h: number, kind: number): number {
  let x = Math.imul(h ^ (kind * 0x9e3779b1), 0x85ebca6b) >>> 0;
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35) >>> 0;
  x ^= x >>> 16;
  return x & MASK;
}

/** Word characters: letters and digits of any script (CJK runs count as one word). */
function isWordChar(code: number): boolean {
  if (code >= 97 && code <= 122) return true; // a-z (text is lower-cased)
  if (code >= 48 && code <= 57) return true;
  if (code < 0xc0) return false;
  // Everything outside ASCII that is not a space or common punctuation counts as a letter;
  // the exact boundary matters little because character n-grams carry CJK text.
  return (
    !(code >= 0x2000 && code <= 0x206f) &&
    !(code >= 0x3000 && code <= 0x303f) &&
    !(code >= 0xff00 && code <= 0xff0f)
  );
}

/**
 * Calls `visit(slot)` once for every hashed feature occurrence of `folded` (already folded by
 * `foldText`): character 3-, 4- and 5-grams (whitespace runs read as one space, text padded
 * with spaces at both ends), word unigrams and bigrams, and for every a–z word of at least four
 * letters a scramble-invariant key (first letter, last letter, the inner letters as a multiset),
 * so typoglycemia spellings share a feature with the word they scramble. Linear in
 * `folded.length`.
 */
export function forEachFeature(folded: string, visit: (slot: number) => void): void {
  const n = folded.length;
  // Character n-grams over ' ' + text + ' ', reading any whitespace as a space.
  const len = n + 2;
  for (let i = 0; i + 3 <= len; i++) {
    let h = FNV_OFFSET;
    for (let k = 0; k < 5 && i + k < len; k++) {
      const j = i + k - 1;
      const c = j < 0 || j >= n ? 32 : folded.charCodeAt(j);
      h = step(h, c === 10 || c === 9 || c === 13 ? 32 : c);
      if (k >= 2) visit(finish(h, k + 1));
    }
  }
  // Word unigrams and bigrams, plus one scramble-invariant key per Latin word of 4+ letters.
  let word = FNV_OFFSET;
  let inWord = false;
  let prev = 0;
  let havePrev = false;
  // Scramble key state: first and previous letter, a commutative sum over the letters between
  // them, the length, and whether every character so far was a-z.
  let first = 0;
  let last = 0;
  let inner = 0;
  let wlen = 0;
  let latin = true;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? folded.charCodeAt(i) : 32;
    if (isWordChar(c)) {
      word = step(word, c);
      inWord = true;
      if (c < 97 || c > 122) latin = false;
      if (wlen === 0) first = c;
      else if (wlen >= 2)
        inner = (inner + (LETTER_MIX[last >= 97 && last <= 122 ? last - 97 : 26] as number)) >>> 0;
      last = c;
      wlen++;
    } else if (inWord) {
      visit(finish(word, 11));
      if (havePrev) visit(finish(step(step(prev, 0x2b), word), 12));
      // Typoglycemia key: first letter, last letter and the multiset of the inner letters, so
      // "instructions" and "itnsrtuicnos" share it (a scrambled attack word matches its lexicon
      // word by sorted letters without sorting anything).
      if (latin && wlen >= 4) visit(finish(step(step(step(inner, first), last), wlen), 14));
      prev = word;
      havePrev = true;
      word = FNV_OFFSET;
      inWord = false;
      wlen = 0;
      inner = 0;
      latin = true;
    }
  }
}

/** Per-letter odd multipliers for the scramble key's commutative sum (a–z, then "other"). */
const LETTER_MIX: readonly number[] = Array.from({ length: 27 }, (_, k) => {
  let x = Math.imul((k + 1) ^ 0x5bd1e995, 0x27d4eb2d) >>> 0;
  x ^= x >>> 15;
  return (Math.imul(x, 0x85ebca6b) | 1) >>> 0;
});

/** A trained model: one weight per slot plus a bias, applied to binary, length-normalised features. */
export interface InjectionModel {
  weights: Float32Array;
  bias: number;
}

/** Per-slot stamp of the last call that saw the slot: dedupes slots without allocating per call. */
const seenStamp = new Uint32Array(MODEL_DIM);
let stamp = 0;

/**
 * Calls `visit(slot)` once per distinct slot of `folded` (binary presence, not counts): the same
 * n-gram repeated in every item of a long JSON array or log counts once, so repetition alone
 * cannot push a text's score up. Linear in `folded.length`; reuses one module-level stamp array.
 */
export function forEachDistinctFeature(folded: string, visit: (slot: number) => void): void {
  stamp = (stamp + 1) >>> 0;
  if (stamp === 0) {
    seenStamp.fill(0);
    stamp = 1;
  }
  const mine = stamp;
  forEachFeature(folded, (slot) => {
    if (seenStamp[slot] === mine) return;
    seenStamp[slot] = mine;
    visit(slot);
  });
}

/**
 * The slot of the length-bucket intercept for a text with `distinct` distinct features
 * (⌊log2(distinct + 1)⌋, one slot per bucket, applied with value 1, not normalised). It gives
 * short and long texts their own intercept: without it the many long benign tool results pull the
 * shared bias around and short texts pay for it.
 */
export function lengthBucketSlot(distinct: number): number {
  return finish(31 - Math.clz32(distinct + 1), 13);
}

/**
 * The model's logit for already-folded text:
 * `bias + w[lengthBucket] + Σ w[slot] / √(distinct slot count)` over the distinct slots. Binary
 * presence plus the division by the square root of the number of distinct features keeps long or
 * repetitive documents (tool results, logs, catalogues) from scoring high on volume alone.
 */
export function modelLogit(model: InjectionModel, folded: string): number {
  let sum = 0;
  let count = 0;
  const w = model.weights;
  forEachDistinctFeature(folded, (slot) => {
    sum += w[slot] as number;
    count++;
  });
  // An empty text has no features and no length bucket: its logit is the bias.
  return count === 0
    ? model.bias
    : model.bias + (w[lengthBucketSlot(count)] as number) + sum / Math.sqrt(count);
}

/** Decodes committed weights: int8 values (base64) times `scale`. */
export function decodeWeights(base64: string, scale: number, bias: number): InjectionModel {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length !== MODEL_DIM)
    throw new Error(`injection model weights: expected ${MODEL_DIM} bytes, got ${bytes.length}`);
  const weights = new Float32Array(MODEL_DIM);
  for (let i = 0; i < MODEL_DIM; i++) weights[i] = (((bytes[i] as number) << 24) >> 24) * scale;
  return { weights, bias };
}

/** Quantises weights to int8 (symmetric, max |w| → 127) for committing; the inverse of {@link decodeWeights}. */
export function encodeWeights(weights: Float64Array | Float32Array): { base64: string; scale: number } {
  let max = 0;
  for (const x of weights) max = Math.max(max, Math.abs(x));
  const scale = max === 0 ? 1 : max / 127;
  const bytes = Buffer.alloc(weights.length);
  for (let i = 0; i < weights.length; i++) bytes[i] = Math.round((weights[i] as number) / scale) & 0xff;
  return { base64: bytes.toString('base64'), scale: Number(scale.toPrecision(9)) };
}
