/**
 * The normalised view guardrails match on, with a map back to the original text.
 *
 * A detector that matches the text as written misses `jane\u200b.roe@…`, a card number with a
 * zero-width space in it, `ｊａｎｅ＠ｇｍａｉｌ．ｃｏｍ` or `jаne@gmail.com` with a Cyrillic `а`. The
 * view is the text with
 * 1. invisible characters removed (default-ignorable code points: zero-width space and joiners,
 *    word joiner, BOM, soft hyphen, bidi controls, tag characters, variation selectors, Hangul
 *    fillers; except the joiners and tags that carry meaning, see `invisible-characters.ts`),
 * 2. NFKC: in `matchingView` only where it yields ASCII letters, digits, value punctuation
 *    (`@ . + - _ / # % = ~`) or a space (full-width and mathematical letters and digits,
 *    ligatures, compatibility spaces); in `comparisonView` everywhere,
 * 3. (`matchingView` only) TR39 look-alikes folded to ASCII inside tokens that already hold ASCII
 *    letters or digits (`jаne@gmail.com` → `jane@gmail.com`; a Russian word stays Russian).
 * Detections found on the view map back onto the original, so a redaction replaces the value
 * as written, including the invisible characters inside it.
 *
 * Cost: plain ASCII text is returned as it is after one native length count; other text is walked once
 * per code point with per-code-point caches, and offset arrays are allocated only when the view
 * differs from the text.
 */
import { Buffer } from 'node:buffer';
import { latinFold } from './confusables.js';
import { isInvisible, keepsInvisible } from './invisible-characters.js';

/** A text as detectors see it, and the way back to the original. */
export interface TextView {
  /** The original text. */
  readonly original: string;
  /** The normalised text detectors match on. */
  readonly text: string;
  /** Whether view offsets equal original offsets (no character was removed or expanded). */
  readonly sameOffsets: boolean;
  /** Original `[start, end)` of view `[start, end)` (covers invisible characters inside it). */
  toOriginal(start: number, end: number): { start: number; end: number };
  /** The first view offset whose character comes from original offset `index` or later. */
  toView(index: number): number;
}

/**
 * Whether `text` is plain ASCII: its UTF-8 length equals its UTF-16 length only then. Node
 * counts that natively, ~8× faster than a regex scan for non-ASCII (0.3 ns per character).
 */
function isAscii(text: string): boolean {
  return Buffer.byteLength(text, 'utf8') === text.length;
}

/** Marks, Hangul vowel/final jamo and kana voicing marks: they compose with what precedes them. */
const COMPOSING = /[\p{M}\u1160-\u11ff\ud7b0-\ud7ff\u3099\u309a\uff9e\uff9f]/u;

/**
 * What NFKC may turn a character into for the matching view: ASCII letters and digits, the
 * punctuation values are built from, or a space. Full-width `（：，`, `º` or `…` keep their
 * form there, since detectors of CJK and European text read them as written.
 */
const VALUE_FORM = /^(?:[A-Za-z0-9]+|[@.+\-_/#%=~]| )$/;

/**
 * Per BMP code point: 0 unknown, else 1 (stable under NFKC) or 2 (changes), plus 4 when it
 * composes with what precedes it, plus 8 when its NFKC form is a {@link VALUE_FORM}.
 */
const nfkcFlags = new Uint8Array(0x10000);
/** The same for astral code points (emoji, mathematical letters), bounded. */
const astralFlags = new Map<number, number>();
const nfkcOf = new Map<number, string>();

function flagsOf(cp: number): number {
  if (cp < 0x80) return 1;
  let f = cp < 0x10000 ? (nfkcFlags[cp] as number) : (astralFlags.get(cp) ?? 0);
  if (f !== 0) return f;
  const ch = String.fromCodePoint(cp);
  const n = ch.normalize('NFKC');
  f = n === ch ? 1 : 2;
  if (f === 2) {
    nfkcOf.set(cp, n);
    // Latin-1 letters and signs (º, ª, ², ½) are ordinary European text, not disguises.
    if (VALUE_FORM.test(n) && (cp > 0xff || cp === 0xa0)) f |= 8;
  }
  if (COMPOSING.test(ch)) f |= 4;
  if (cp < 0x10000) nfkcFlags[cp] = f;
  else if (astralFlags.size < 8192) astralFlags.set(cp, f);
  return f;
}

/** Multi-code-point segments (a letter and its marks) seen before, bounded. */
const segmentCache = new Map<string, string>();

function normalizeSegment(segment: string): string {
  let n = segmentCache.get(segment);
  if (n === undefined) {
    n = segment.normalize('NFKC');
    if (segmentCache.size >= 4096) segmentCache.clear();
    segmentCache.set(segment, n);
  }
  return n;
}

/** Growable pair of offset arrays: for each view code unit, its original [start, end). */
class OffsetMap {
  starts: Int32Array;
  ends: Int32Array;
  length = 0;
  constructor(capacity: number) {
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
  }
  push(start: number, end: number): void {
    if (this.length === this.starts.length) {
      const starts = new Int32Array(this.length * 2 + 16);
      starts.set(this.starts);
      const ends = new Int32Array(this.length * 2 + 16);
      ends.set(this.ends);
      this.starts = starts;
      this.ends = ends;
    }
    this.starts[this.length] = start;
    this.ends[this.length] = end;
    this.length++;
  }
}

class IdentityView implements TextView {
  readonly sameOffsets = true;
  constructor(
    readonly original: string,
    readonly text: string,
  ) {}
  toOriginal(start: number, end: number): { start: number; end: number } {
    return { start, end };
  }
  toView(index: number): number {
    return index;
  }
}

class MappedView implements TextView {
  readonly sameOffsets = false;
  constructor(
    readonly original: string,
    readonly text: string,
    readonly map: OffsetMap,
  ) {}
  toOriginal(start: number, end: number): { start: number; end: number } {
    const n = this.map.length;
    if (n === 0) return { start: 0, end: 0 };
    const s = start >= n ? this.original.length : (this.map.starts[start] as number);
    const e = end <= 0 ? s : end > n ? this.original.length : (this.map.ends[end - 1] as number);
    return { start: s, end: Math.max(s, e) };
  }
  toView(index: number): number {
    // Binary search: starts are non-decreasing.
    const starts = this.map.starts;
    let lo = 0;
    let hi = this.map.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((starts[mid] as number) < index) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * Invisible characters removed and NFKC applied; `undefined` when neither changes anything.
 * One pass over the code points; a "segment" is a character and the marks that follow it
 * (composition never crosses one), normalised as a unit only when it needs it.
 */
function stripAndNormalize(text: string, allForms: boolean): { text: string; map: OffsetMap } | undefined {
  /** Flags a single character needs for NFKC to apply to it. */
  const needs = allForms ? 2 : 10;
  const n = text.length;
  let map: OffsetMap | undefined;
  let out = '';
  /** Original offset up to which `out` and `map` are written (lazily, once something changed). */
  let written = 0;
  let i = 0;
  while (i < n) {
    const segStart = i;
    const cp = text.codePointAt(i) as number;
    if (cp < 0x80) {
      // ASCII: stable, and only marks could follow and compose with it.
      i++;
      const next = i < n ? text.charCodeAt(i) : 0;
      if (next < 0x80) continue;
    } else i += cp > 0xffff ? 2 : 1;
    // Gather the segment: following composing marks and invisible characters.
    let parts = 1;
    let dropped = false;
    let kept = 1;
    if (cp >= 0x80) {
      if (isInvisible(cp, 'ignorable') && !keepsInvisible(text, segStart, cp, i - segStart)) {
        dropped = true;
        kept = 0;
      } else parts = flagsOf(cp);
    }
    let segment = dropped ? '' : String.fromCodePoint(cp);
    while (i < n) {
      const next = text.codePointAt(i) as number;
      if (next < 0x80) break;
      const width = next > 0xffff ? 2 : 1;
      if (isInvisible(next, 'ignorable')) {
        if (keepsInvisible(text, i, next, width)) break;
        if (kept === 0) {
          // A segment of dropped characters only: the whole run goes, in one pass.
          i += width;
          continue;
        }
        // Dropped. The segment goes on only when a composing mark follows the invisible run (a
        // mark after a zero-width space still composes); otherwise the run is a segment of its
        // own, so a span ending at this character does not take the invisible ones after it.
        const after = afterInvisibleRun(text, i + width);
        const following = after < n ? (text.codePointAt(after) as number) : 0;
        if (following < 0x80 || (flagsOf(following) & 4) === 0) break;
        dropped = true;
        i = after;
        continue;
      }
      const f = flagsOf(next);
      if ((f & 4) === 0) break;
      segment += String.fromCodePoint(next);
      kept++;
      parts |= f;
      i += width;
    }
    let replacement: string | undefined;
    if (kept === 0) replacement = '';
    else if (kept === 1) {
      if ((parts & needs) === needs) replacement = nfkcOf.get(segment.codePointAt(0) as number) ?? segment;
      else if (dropped) replacement = segment;
    } else {
      const normalized = normalizeSegment(segment);
      if (dropped || normalized !== segment) replacement = normalized;
    }
    if (replacement === undefined) continue;
    // Something changed: write what came before 1:1, then the replacement for the segment.
    if (map === undefined) map = new OffsetMap(n + 16);
    if (written < segStart) {
      out += text.slice(written, segStart);
      for (let k = written; k < segStart; k++) map.push(k, k + 1);
    }
    out += replacement;
    for (let k = 0; k < replacement.length; k++) map.push(segStart, i);
    written = i;
  }
  if (map === undefined) return undefined;
  if (written < n) {
    out += text.slice(written);
    for (let k = written; k < n; k++) map.push(k, k + 1);
  }
  return { text: out, map };
}

/** The offset after the run of droppable invisible characters starting at `i`. */
function afterInvisibleRun(text: string, i: number): number {
  let at = i;
  while (at < text.length) {
    const cp = text.codePointAt(at) as number;
    const width = cp > 0xffff ? 2 : 1;
    if (cp < 0x80 || !isInvisible(cp, 'ignorable') || keepsInvisible(text, at, cp, width)) break;
    at += width;
  }
  return at;
}

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0x85 || code === 0x2028 || code === 0x2029;
}

function isAsciiAlnum(code: number): boolean {
  return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
}

/**
 * `text` with look-alikes folded to ASCII inside whitespace-separated tokens that hold at least
 * one ASCII letter or digit and one look-alike. Offsets do not move (one code unit for one).
 * Returns `text` itself when no token qualifies.
 */
function foldMixedTokens(text: string): string {
  let out = '';
  let copied = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    const start = i;
    let ascii = false;
    let lookalike = false;
    while (i < n) {
      const code = text.charCodeAt(i);
      if (isSpace(code)) break;
      if (code < 0x80) {
        if (!ascii && isAsciiAlnum(code)) ascii = true;
      } else if (!lookalike && latinFold(code) !== 0) lookalike = true;
      i++;
    }
    if (!ascii || !lookalike) continue;
    out += text.slice(copied, start);
    for (let k = start; k < i; k++) {
      const code = text.charCodeAt(k);
      const to = latinFold(code);
      out += to === 0 ? text.charAt(k) : String.fromCharCode(to);
    }
    copied = i;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * The view pattern detectors (`PIIDetector`, `RegexFilterProcessor`) match on: invisible
 * characters removed, NFKC, and look-alikes folded to ASCII in tokens mixing them with ASCII.
 */
export function matchingView(text: string): TextView {
  if (isAscii(text)) return new IdentityView(text, text);
  const base = stripAndNormalize(text, false);
  if (base === undefined) return new IdentityView(text, foldMixedTokens(text));
  return new MappedView(text, foldMixedTokens(base.text), base.map);
}

/**
 * The view texts are compared on (`SystemPromptScrubber`): invisible characters removed and
 * NFKC. Look-alikes are left to `comparisonKey`, which folds both sides alike.
 */
export function comparisonView(text: string): TextView {
  if (isAscii(text)) return new IdentityView(text, text);
  const base = stripAndNormalize(text, true);
  if (base === undefined) return new IdentityView(text, text);
  return new MappedView(text, base.text, base.map);
}
