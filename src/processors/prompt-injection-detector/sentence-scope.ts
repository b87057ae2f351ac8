/**
 * Sentence scope for the scorer's modifiers: a modifier with `scope: 'sentence'` damps only
 * evidence whose first match starts in a sentence where the modifier matched (a prohibition in
 * one sentence must not excuse an order in the next). Sentences end at Latin or CJK punctuation
 * or a line break, and are walked at most 400 characters each way from a match.
 */
import type { InjectionFeature } from './features.js';
import { PatternUnion } from './pattern-union.js';

// Sentence ends for sentence-scoped modifiers (Latin and CJK punctuation, line breaks).
const SENTENCE_END = /[.!?;\n\u3002\uff01\uff1f\uff1b]/;

const NEXT_MATCH = new Map<string, NextMatch>();
const SCOPED_IDS = new Map<string, ReadonlySet<string>>();

/** The ids a sentence-scoped modifier damps, as a set (built once per modifier). */
export function scopedIds(f: InjectionFeature): ReadonlySet<string> {
  let ids = SCOPED_IDS.get(f.id);
  if (ids === undefined) {
    ids = new Set(f.dampens?.ids ?? []);
    SCOPED_IDS.set(f.id, ids);
  }
  return ids;
}

/**
 * The [start, end) spans of the sentences a modifier matched in (at most 8 matches), as a flat
 * array. Linear: one global scan plus a bounded walk to each match's sentence ends.
 */
export function sentenceSpans(f: InjectionFeature, text: string): number[] {
  let next = NEXT_MATCH.get(f.id);
  if (next === undefined) {
    next = nextMatchOf(f.re);
    NEXT_MATCH.set(f.id, next);
  }
  const spans: number[] = [];
  let lastEnd = -1;
  for (let m = next(text, 0), n = 0; m !== null && n < 8; n++) {
    const index = m.index;
    const length = m[0].length;
    if (index >= lastEnd) {
      let start = index;
      while (start > 0 && !SENTENCE_END.test(text[start - 1] as string) && index - start < 400) start--;
      let end = index + length;
      while (end < text.length && !SENTENCE_END.test(text[end] as string) && end - index < 400) end++;
      spans.push(start, end);
      lastEnd = end;
    }
    m = next(text, index + length + (length === 0 ? 1 : 0));
  }
  return spans;
}

/** The next match at or after `from` of a feature's pattern, as one global scan would find it. */
type NextMatch = (text: string, from: number) => RegExpExecArray | null;

function nextMatchOf(re: RegExp | PatternUnion): NextMatch {
  const union = re instanceof PatternUnion ? re : new PatternUnion(re.source, re.flags);
  return (text, from) => union.nextMatch(text, from);
}

/** Whether `at` falls in one of the flat [start, end) `spans`. */
export function inSpans(spans: readonly number[], at: number): boolean {
  for (let i = 0; i < spans.length; i += 2)
    if (at >= (spans[i] as number) && at < (spans[i + 1] as number)) return true;
  return false;
}
