/**
 * Text an attacker hides from a human reader but not from a model: HTML comments, styled or
 * `hidden` elements, markdown comments, image alt text and link titles. `scoreInjection` scores
 * each hidden segment again on its own (`score.ts`).
 */

// Hidden markup; the last group is the hidden text. HTML comments are found with `indexOf`
// (`htmlComments`). A tag's attributes never hold `<`, alt text never holds `[`, a link target
// never holds a parenthesis, a markdown comment never holds `(`: so a run of openers (`<<<<`,
// `![![![`, `](](`) is read once instead of a bounded window per opener. The hidden text of a
// styled or `hidden` element is still a bounded window (2,000 characters) per such element.
// A markdown comment `[//]: # (hidden text)`: its opener; the text is read by `markdownComments`.
const MARKDOWN_COMMENT_OPEN = /\[\/\/\]:\s{0,20}#\s{0,20}[("]/g;
/** Stands in {@link HIDDEN_MARKUP} for the markdown comments, found by `markdownComments`. */
const MARKDOWN_COMMENT = Symbol('markdown comment');

const HIDDEN_MARKUP: ReadonlyArray<RegExp | typeof MARKDOWN_COMMENT> = [
  /<(\w+)[^<>]{0,200}?style\s{0,20}=\s{0,20}["'][^"'<>]{0,200}?(?:display\s{0,20}:\s{0,20}none|visibility\s{0,20}:\s{0,20}hidden|font-size\s{0,20}:\s{0,20}0|opacity\s{0,20}:\s{0,20}0(?:\.0+)?\b|color\s{0,20}:\s{0,20}(?:white|#fff(?:fff)?\b|transparent)|height\s{0,20}:\s{0,20}0|left\s{0,20}:\s{0,20}-\d{3,})[^<>]{0,200}>([\s\S]{0,2000}?)<\/\1>/gi,
  /<(\w+)[^<>]{0,200}?\b(?:hidden|aria-hidden\s{0,20}=\s{0,20}["']true["'])[^<>]{0,200}>([\s\S]{0,2000}?)<\/\1>/gi,
  MARKDOWN_COMMENT,
  /!\[([^[\]]{8,500})\]\(/g,
  /\]\([^\s()]{1,500}\s{1,20}"([^"]{8,500})"\)/g,
];

/**
 * The text of up to `max` HTML comments (`<!--` … first `-->`, at most 2,000 characters), as the
 * lazy pattern `<!--([\s\S]{0,2000}?)-->` would find them, in one pass: the next `-->` is looked
 * up once and reused by every opener before it.
 */
function htmlComments(raw: string, max: number): string[] {
  const out: string[] = [];
  let close = -1;
  for (let open = raw.indexOf('<!--'); open !== -1 && out.length < max; ) {
    const from = open + 4;
    if (close < from) close = raw.indexOf('-->', from);
    if (close === -1) break;
    if (close - from <= 2000) {
      out.push(raw.slice(from, close));
      open = raw.indexOf('<!--', close + 3);
    } else open = raw.indexOf('<!--', open + 1);
  }
  return out;
}

/**
 * The text of up to `max` markdown comments (`[//]: # (text)` or `[//]: # "text"`): after the
 * opener, a run of at most 2,000 characters holding no parenthesis or double quote, closed by `)`
 * or `"` — what `/\[\/\/\]:\s{0,20}#\s{0,20}[("]([^()"]{0,2000})[)"]/g` finds, read with one
 * bounded walk per opener instead of a 2,000-character repetition the regex check analyses slowly.
 * Exported for its equivalence test; not part of the public API.
 */
export function markdownComments(raw: string, max: number): string[] {
  const out: string[] = [];
  const re = MARKDOWN_COMMENT_OPEN;
  re.lastIndex = 0;
  for (let m = re.exec(raw); m !== null && out.length < max; m = re.exec(raw)) {
    const from = m.index + m[0].length;
    const limit = Math.min(raw.length, from + 2001);
    let end = from;
    while (end < limit) {
      const c = raw.charCodeAt(end);
      if (c === 0x28 || c === 0x29 || c === 0x22) break;
      end++;
    }
    const close = raw.charCodeAt(end);
    if (end - from > 2000 || !(close === 0x29 || close === 0x22)) continue;
    out.push(raw.slice(from, end));
    re.lastIndex = end + 1;
  }
  re.lastIndex = 0;
  return out;
}

/**
 * The hidden segments of `raw`, in the order the scorer reads them: up to `max` HTML comments,
 * then up to `max` of each hidden-markup kind. Lazy on purpose: the caller scores each segment
 * before the next is found, and that scoring reuses these global patterns (a nested text resets
 * their `lastIndex`), so the interleaving is part of the behaviour.
 */
export function* hiddenSegments(raw: string, max: number): Generator<string> {
  yield* htmlComments(raw, max);
  for (const re of HIDDEN_MARKUP) {
    if (re === MARKDOWN_COMMENT) {
      yield* markdownComments(raw, max);
      continue;
    }
    re.lastIndex = 0;
    let found = 0;
    for (let m = re.exec(raw); m !== null && found < max; m = re.exec(raw)) {
      found++;
      yield m[m.length - 1] ?? '';
    }
    re.lastIndex = 0;
  }
}
