/**
 * Clause bags matched in code. A clause bag is `(?:A)[^.!?;\n]{0,N}(?:B)`: a match of side A, a
 * clause gap of at most N code points holding no sentence end or line break, then a match of side
 * B (`semantic.ts`: "your … rules" and a change or read-out verb, in either order). Written as one
 * pattern, some of them make recheck's analysis grow past 3 GB (the gap's class also matches the
 * optional word runs around it), so they cannot be in the regex check. Here each side is a small
 * pattern of its own and the gap is walked in code:
 *
 * 1. the starts of side B are listed once (every position where B matches, overlapping ones
 *    included);
 * 2. at each start `s` of side A, in order, every end A can have at `s` is found with a sticky
 *    pattern per shape (see {@link ClauseSide.ends}); from each end `e` the gap is walked at most
 *    N code points, stopping at a sentence end, and a B start in that window makes `s` the match.
 *
 * The first such `s` is where the whole pattern first matches. Work per start of A: a few sticky
 * tests, a walk of at most N code points and a binary search, so the cost is linear in the text.
 */
import type { ScannedPart } from './pattern-union.js';

/** One side of a clause bag. */
export interface ClauseSide {
  /** The side's pattern, as the feature table writes it (singly spaced). */
  readonly source: string;
  /**
   * Sticky patterns whose matches at a start are the side's matches there, each with at most one
   * end per start. A shape ending in `\w*` after a word character may stand for its longest end
   * only when the other side starts with `\b` and a word character: no match of that side can
   * start inside the word, so the shorter ends add no window the longest end lacks.
   */
  readonly ends: readonly string[];
}

/** Whether the UTF-16 unit ends a clause for the gap `[^.!?;\n]`. */
const isStop = (c: number): boolean => c === 0x2e || c === 0x21 || c === 0x3f || c === 0x3b || c === 0x0a;

/**
 * The furthest position a gap `[^.!?;\n]{0,n}` (flag `u`, so counted in code points) starting at
 * `from` reaches: after `n` code points, before the first sentence end, or the text's end.
 */
export function gapEnd(text: string, from: number, n: number): number {
  let p = from;
  for (let k = 0; k < n && p < text.length; k++) {
    const c = text.charCodeAt(p);
    if (isStop(c)) break;
    const pair = c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(p + 1) & 0xfc00) === 0xdc00;
    p += pair ? 2 : 1;
  }
  return p;
}

/** The first index of the sorted `values` holding a value >= `min` (`values.length` when none). */
function lowerBound(values: readonly number[], min: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as number) < min) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Every position where the global `re` matches, overlapping matches included, increasing. */
function allStarts(re: RegExp, text: string): number[] {
  const out: number[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(m.index);
    re.lastIndex = m.index + 1;
  }
  re.lastIndex = 0;
  return out;
}

/** `(?:A)[^.!?;\n]{0,gap}(?:B)` matched in code (see the file comment). */
export class ClauseBagPart implements ScannedPart {
  readonly name: string;
  /** The alternative this part stands for, as the feature table writes it. */
  readonly source: string;
  readonly #first: RegExp;
  readonly #ends: readonly RegExp[];
  readonly #then: RegExp;
  readonly #gap: number;

  /**
   * @param name stable name, for messages
   * @param first side A
   * @param then side B
   * @param gap N, the most code points between the sides
   * @param flags as the feature is compiled (neither `g` nor `y`)
   */
  constructor(name: string, first: ClauseSide, then: ClauseSide, gap: number, flags: string) {
    this.name = name;
    this.source = `(?:${first.source})[^.!?;\\n]{0,${gap}}(?:${then.source})`;
    this.#first = new RegExp(first.source, `${flags}g`);
    this.#ends = first.ends.map((e) => new RegExp(e, `${flags}y`));
    this.#then = new RegExp(then.source, `${flags}g`);
    this.#gap = gap;
  }

  firstIndex(text: string): number {
    const first = this.#first;
    let then: number[] | undefined;
    first.lastIndex = 0;
    for (let m = first.exec(text); m !== null; m = first.exec(text)) {
      const s = m.index;
      then ??= allStarts(this.#then, text);
      if (then.length === 0 || (then[then.length - 1] as number) < s) break;
      for (const end of this.#ends) {
        end.lastIndex = s;
        const ok = end.test(text);
        const e = end.lastIndex;
        end.lastIndex = 0;
        if (!ok) continue;
        const j = lowerBound(then, e);
        if (j < then.length && (then[j] as number) <= gapEnd(text, e, this.#gap)) {
          first.lastIndex = 0;
          return s;
        }
      }
      first.lastIndex = s + 1;
    }
    first.lastIndex = 0;
    return -1;
  }
}

/** Thrown when a clause side cannot be cut into shapes (a programming error in the bag table). */
class ClauseSideError extends Error {
  readonly code = 'INJECTION_CLAUSE_SIDE';
  constructor(source: string, why: string) {
    super(`clause-bag side cannot be matched in code (${why}): ${source.slice(0, 80)} — fix the bag table.`);
    this.name = 'ClauseSideError';
  }
}

/** The optional word run of an owner side, as singly spaced by the table. */
const WORD_RUN = '(?:\\w+\\s){0,2}?';

/**
 * The owner side ("your … rules"): a possessive, up to two words, then a word holding a stem.
 * Each count of skipped words is one shape (each of those words and the stem word run to their
 * end, so each shape has one end per start).
 */
export function ownerSide(source: string): ClauseSide {
  const at = source.indexOf(WORD_RUN);
  if (at < 0 || source.indexOf(WORD_RUN, at + 1) >= 0 || source.includes('|\\b'))
    throw new ClauseSideError(source, `expected one ${WORD_RUN} and a single alternative`);
  const shape = (k: number) =>
    `${source.slice(0, at)}${k === 0 ? '' : `(?:\\w+\\s){${k}}`}${source.slice(at + WORD_RUN.length)}`;
  return { source, ends: [0, 1, 2].map(shape) };
}

/**
 * A verb side: top-level alternatives `\b(?:stem|…)\w*` or `\b(?:phrase|…)\b`. Each alternative
 * is one shape; `\w*` stands for its longest end (allowed because the owner side starts with
 * `\b` and a word character, see {@link ClauseSide.ends}).
 */
export function verbSide(source: string): ClauseSide {
  const ends = source.split('|\\b').map((alt, k) => (k === 0 ? alt : `\\b${alt}`));
  for (const e of ends)
    if (!e.startsWith('\\b(?:') || !(e.endsWith(')\\w*') || e.endsWith(')\\b')))
      throw new ClauseSideError(source, `"${e}" is not \\b(?:…)\\w* or \\b(?:…)\\b`);
  return { source, ends };
}
