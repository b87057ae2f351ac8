/** Where held stream text may be cut: never inside a word that may be a match, never inside a character. */

/** One whitespace character: where a word (and a match without spaces) ends. */
export const SPACE = /\s/;

/**
 * Where the word around `cut` starts, when `cut` falls inside a word (a run of non-space
 * characters) that started at or after `limit`; otherwise `cut`. A word reaching into the held
 * tail may be the start of a match that is not complete yet (`sk-ab…`): holding it whole keeps
 * the boundary from cutting that match in half.
 */
export function wordStart(text: string, cut: number, limit: number): number {
  if (cut >= text.length || SPACE.test(text.charAt(cut))) return cut;
  let start = cut;
  while (start > limit && !SPACE.test(text.charAt(start - 1))) start--;
  return start > limit || SPACE.test(text.charAt(start - 1)) || start === 0 ? start : cut;
}

/** Marks and joiners that belong to the character before them. */
const JOINS_PREVIOUS = /[\p{M}\u200D]/u;

/**
 * `cut`, moved back so it does not split a surrogate pair, or separate a character from the
 * combining marks, variation selectors and zero-width joiners that follow it. Never below `limit`.
 */
export function clusterStart(text: string, cut: number, limit: number): number {
  let at = cut;
  // The text so far ends inside a pair (or on a joiner): the rest comes with the next chunk.
  if (at === text.length && at > limit) {
    const last = text.charCodeAt(at - 1);
    if (isHighSurrogate(last) || last === 0x200d) at--;
  }
  while (at > limit && at < text.length) {
    const code = text.charCodeAt(at);
    const inPair = code >= 0xdc00 && code <= 0xdfff && isHighSurrogate(text.charCodeAt(at - 1));
    const modifier =
      isHighSurrogate(code) &&
      (text.codePointAt(at) ?? 0) >= 0x1f3fb &&
      (text.codePointAt(at) ?? 0) <= 0x1f3ff;
    if (!inPair && !modifier && !JOINS_PREVIOUS.test(text.charAt(at)) && text.charCodeAt(at - 1) !== 0x200d)
      break;
    at--;
  }
  return at;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
