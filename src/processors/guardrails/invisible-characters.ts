/**
 * Which invisible characters guardrails look through, and which they must keep. Shared by the
 * normalised view detectors match on (`text-view.ts`) and `UnicodeNormalizer`.
 *
 * An invisible character inside a value (`jane\u200b.roe@…`, a card number with U+200B in it)
 * breaks every pattern without changing what a reader sees. Two joiners carry meaning, though,
 * and are kept where they do: ZWJ inside emoji sequences (👨‍👩‍👧) and ZWJ / ZWNJ between letters of
 * the scripts whose spelling needs them (Persian `می‌خواهم`, Indic conjuncts). Emoji tag
 * sequences (subdivision flags such as 🏴 + tags + cancel tag) keep their tag characters; tag
 * characters anywhere else (invisible "ASCII smuggling") are removed.
 */

/** Format characters (category Cf): what `UnicodeNormalizer` strips. */
const FORMAT = /\p{Cf}/u;
/**
 * Default-ignorable code points: format characters plus variation selectors, the combining
 * grapheme joiner and the Hangul fillers. What the matching view ignores (never shown to anyone,
 * so dropping a variation selector there costs nothing).
 */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
/**
 * Scripts whose spelling uses ZWNJ / ZWJ between letters: Arabic script (Persian, Urdu, …),
 * Syriac, N'Ko, Mongolian and the Brahmic scripts of South Asia. Script_Extensions, so the
 * shared signs (virama, danda) count too. One class, not a table.
 */
const JOINING_SCRIPT =
  /[\p{scx=Arab}\p{scx=Syrc}\p{scx=Nkoo}\p{scx=Mong}\p{scx=Deva}\p{scx=Beng}\p{scx=Guru}\p{scx=Gujr}\p{scx=Orya}\p{scx=Taml}\p{scx=Telu}\p{scx=Knda}\p{scx=Mlym}\p{scx=Sinh}]/u;
/** What may precede an emoji ZWJ: a pictograph, a skin tone, or the emoji variation selector. */
const EMOJI_BEFORE_ZWJ = /^(?:[\p{Extended_Pictographic}\p{Emoji_Modifier}]|\uFE0F)$/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;
/** Longest tag run kept after 🏴 (RGI subdivision flags use 5–6 tags and the cancel tag). */
const MAX_TAG_RUN = 16;

/** Which set of characters a caller strips. */
export type InvisibleSet = 'format' | 'ignorable';

/**
 * Per-BMP-code-point cache: 0 = not computed, 1 = kept, 2 = stripped by `format`, 3 = stripped
 * by `ignorable` only, 4 = stripped by both. Computed once per code point per process.
 */
const bmp = new Uint8Array(0x10000);
const astral = new Map<number, number>();

function classify(cp: number): number {
  const ch = String.fromCodePoint(cp);
  const ignorable = IGNORABLE.test(ch);
  const format = FORMAT.test(ch);
  if (format) return 4;
  if (ignorable) return 3;
  return 1;
}

function classOf(cp: number): number {
  if (cp < 0x10000) {
    let c = bmp[cp] as number;
    if (c === 0) {
      c = classify(cp);
      bmp[cp] = c;
    }
    return c;
  }
  let c = astral.get(cp);
  if (c === undefined) {
    c = classify(cp);
    if (astral.size < 4096) astral.set(cp, c);
  }
  return c;
}

/** Whether `cp` belongs to `set` (before the keep rules). Never true for ASCII. */
export function isInvisible(cp: number, set: InvisibleSet): boolean {
  if (cp < 0xad) return false;
  const c = classOf(cp);
  return set === 'format' ? c === 4 : c >= 3;
}

function codePointBefore(text: string, i: number): number {
  if (i <= 0) return -1;
  const low = text.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(i - 2) as number;
  }
  return low;
}

function isJoiningLetter(cp: number): boolean {
  return cp >= 0x600 && JOINING_SCRIPT.test(String.fromCodePoint(cp));
}

/**
 * Whether the invisible character at `i` (code point `cp`, `width` code units) stays because it
 * carries meaning: an emoji ZWJ, a ZWJ/ZWNJ between letters of a joining script, or a tag of an
 * emoji tag sequence. Looks only at the neighbours in `text` (linear overall: tag runs are
 * bounded).
 */
export function keepsInvisible(text: string, i: number, cp: number, width: number): boolean {
  if (cp === ZWJ || cp === ZWNJ) {
    const before = codePointBefore(text, i);
    const after = text.codePointAt(i + width) ?? -1;
    if (before < 0 || after < 0) return false;
    if (
      cp === ZWJ &&
      before > 0xff &&
      after > 0xff &&
      EMOJI_BEFORE_ZWJ.test(String.fromCodePoint(before)) &&
      PICTOGRAPH.test(String.fromCodePoint(after))
    )
      return true;
    return isJoiningLetter(before) && isJoiningLetter(after);
  }
  if (cp >= 0xe0020 && cp <= CANCEL_TAG) return inTagSequence(text, i);
  return false;
}

/** Whether the tag at `i` is inside 🏴 + tags + cancel tag (the RGI subdivision flags). */
function inTagSequence(text: string, i: number): boolean {
  // Walk back to the start of the tag run (bounded), then check the base and the terminator.
  let start = i;
  let steps = 0;
  while (start >= 2 && steps <= MAX_TAG_RUN) {
    const cp = codePointBefore(text, start);
    if (cp < 0xe0020 || cp > CANCEL_TAG) break;
    start -= 2;
    steps++;
  }
  if (codePointBefore(text, start) !== BLACK_FLAG) return false;
  let end = start;
  for (let n = 0; n <= MAX_TAG_RUN; n++) {
    const cp = text.codePointAt(end) ?? -1;
    if (cp < 0xe0020 || cp > CANCEL_TAG) return false;
    end += 2;
    if (cp === CANCEL_TAG) return end > i;
  }
  return false;
}

/** A quick test for "may hold a character of `set`" (false for ASCII-only and most text). */
function mayHoldInvisible(text: string, set: InvisibleSet): boolean {
  return set === 'format' ? FORMAT_ANY.test(text) : IGNORABLE_ANY.test(text);
}
const FORMAT_ANY = /\p{Cf}/u;
const IGNORABLE_ANY = /\p{Default_Ignorable_Code_Point}/u;

/**
 * `text` without the invisible characters of `set`, except those {@link keepsInvisible} keeps.
 * Returns `text` itself when nothing is removed.
 */
export function stripInvisible(text: string, set: InvisibleSet): string {
  if (!mayHoldInvisible(text, set)) return text;
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    if (isInvisible(cp, set) && !keepsInvisible(text, i, cp, width)) {
      out += text.slice(copied, i);
      copied = i + width;
    }
    i += width;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
