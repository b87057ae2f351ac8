/**
 * The payload-splitting shape `a = "…" … b = "…" … a + b`: two one-letter string assignments
 * (each value 1 to 60 characters), the second at most 20 characters after the first on the same
 * line, and a one-letter concatenation at most 80 characters after the second, on the same line.
 *
 * Written as one pattern (`\b[a-z]\s?=\s?["'][^"']{1,60}["'].{0,20}\b[a-z]…\+…`) its nested
 * bounded windows make recheck's analysis run for minutes and past a gigabyte, so it cannot be in
 * the regex check. Here each piece is a short sticky pattern tried only where its `=` or `+` is,
 * and the windows are walked in code: the same first match, a bounded amount of work per `=`.
 */
import type { ScannedPart } from './pattern-union.js';

/** One assignment `x = "value"` starting exactly at `lastIndex`. */
const ASSIGNMENT = /\b[a-z]\s?=\s?["'][^"']{1,60}["']/y;
/** One concatenation `x + y` starting exactly at `lastIndex`. */
const CONCAT = /\b[a-z]\s?\+\s?[a-z]\b/y;

/** The alternative of the `concat-payload` feature this part stands for, as the table writes it. */
export const ASSIGNMENT_CONCAT_SOURCE =
  '\\b[a-z]\\s?=\\s?["\'][^"\']{1,60}["\'].{0,20}\\b[a-z]\\s?=\\s?["\'][^"\']{1,60}["\'].{0,80}\\b[a-z]\\s?\\+\\s?[a-z]\\b';

/** Whether the UTF-16 unit is a line terminator (what `.` never matches). */
const isLineEnd = (c: number): boolean => c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;

/** The end of the assignment starting at `at`, or -1. */
function assignmentEnd(text: string, at: number): number {
  ASSIGNMENT.lastIndex = at;
  const ok = ASSIGNMENT.test(text);
  const end = ASSIGNMENT.lastIndex;
  ASSIGNMENT.lastIndex = 0;
  return ok ? end : -1;
}

/**
 * The last position a `.{0,n}` gap starting at `from` can reach: `from + n`, or the first line
 * terminator before that (a gap never crosses one), capped at the text's end.
 */
function gapLimit(text: string, from: number, n: number): number {
  const last = Math.min(text.length, from + n);
  for (let p = from; p < last; p++) if (isLineEnd(text.charCodeAt(p))) return p;
  return last;
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

/**
 * The starts at which `re` (sticky) matches, increasing: tried one and two characters before each
 * `mark` (an `x=` or `x =` piece starts there), each position once.
 */
function startsBefore(text: string, mark: string, re: RegExp): number[] {
  const out: number[] = [];
  let tried = -1;
  for (let at = text.indexOf(mark); at !== -1; at = text.indexOf(mark, at + 1)) {
    for (let start = Math.max(0, at - 2, tried + 1); start <= at - 1; start++) {
      tried = start;
      re.lastIndex = start;
      if (re.test(text)) out.push(start);
      re.lastIndex = 0;
    }
  }
  return out;
}

/** The `a = "…" b = "…" a + b` shape, matched in code (see the file comment). */
export const ASSIGNMENT_CONCAT: ScannedPart = {
  name: 'assignment-concat',
  firstIndex(text: string): number {
    if (text.indexOf('=') === -1 || text.indexOf('+') === -1) return -1;
    const starts = startsBefore(text, '=', ASSIGNMENT);
    if (starts.length < 2) return -1;
    const concats = startsBefore(text, '+', CONCAT);
    if (concats.length === 0) return -1;
    const ends = starts.map((s) => assignmentEnd(text, s));
    // Whether a concatenation starts in the 80-character gap after assignment `j`.
    const thenConcat = (j: number): boolean => {
      const end = ends[j] as number;
      const c = lowerBound(concats, end);
      return c < concats.length && (concats[c] as number) <= gapLimit(text, end, 80);
    };
    for (let k = 0; k < starts.length; k++) {
      const end = ends[k] as number;
      const limit = gapLimit(text, end, 20);
      for (let j = lowerBound(starts, end); j < starts.length && (starts[j] as number) <= limit; j++)
        if (thenConcat(j)) return starts[k] as number;
    }
    return -1;
  },
};
