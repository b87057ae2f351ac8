/**
 * Markdown code fences found with `indexOf` instead of a regex: a pattern such as
 * /```(?:json)?\s*([\s\S]*?)```/ rereads a blank run once per blank when the fence never
 * closes, so a hostile reply of blanks costs quadratic time. These are linear.
 */

const FENCE = '```';

/** Index just past `tag` when `text` has it at `at` (case-sensitive), else `at`. */
function skipTag(text: string, at: number, tags: readonly string[]): number {
  for (const tag of tags) if (text.startsWith(tag, at)) return at + tag.length;
  return at;
}

/** Index of the first non-whitespace character at or after `at` (whitespace as in `trim()`). */
function skipBlanks(text: string, at: number): number {
  let i = at;
  while (i < text.length && text.charAt(i).trim() === '') i++;
  return i;
}

/**
 * The body of the first fenced block in `text`: after the opening fence, an optional tag
 * (`json`), and blanks; up to the next fence. `undefined` when no fence closes.
 */
export function firstFencedBlock(text: string, tags: readonly string[] = ['json']): string | undefined {
  const open = text.indexOf(FENCE);
  if (open < 0) return undefined;
  const bodyStart = skipBlanks(text, skipTag(text, open + FENCE.length, tags));
  const close = text.indexOf(FENCE, bodyStart);
  return close < 0 ? undefined : text.slice(bodyStart, close);
}

/**
 * The body of `text` when all of it is one fenced block (```json … ```), trimmed; `undefined`
 * otherwise. `text` is expected trimmed.
 */
export function wholeFencedBlock(text: string, tags: readonly string[] = ['json']): string | undefined {
  if (text.length < 2 * FENCE.length || !text.startsWith(FENCE) || !text.endsWith(FENCE)) return undefined;
  const bodyStart = skipTag(text, FENCE.length, tags);
  if (bodyStart > text.length - FENCE.length) return undefined;
  return text.slice(bodyStart, text.length - FENCE.length).trim();
}

/** `text` without every `open … close` block (an unclosed `open` is kept). */
export function withoutBlocks(text: string, open: string, close: string): string {
  let out = '';
  let at = 0;
  for (let start = text.indexOf(open); start >= 0; start = text.indexOf(open, at)) {
    const end = text.indexOf(close, start + open.length);
    if (end < 0) break;
    out += text.slice(at, start);
    at = end + close.length;
  }
  return at === 0 ? text : out + text.slice(at);
}
