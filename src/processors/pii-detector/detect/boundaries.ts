/** Token-edge checks shared by the detector families. */

const WORD = /[\p{L}\p{N}_]/u;

/** Whether the character at `i` is a letter, digit or underscore (false outside the text). */
function isWordChar(text: string, i: number): boolean {
  return i >= 0 && i < text.length && WORD.test(text.charAt(i));
}

/**
 * Whether `[start, end)` stands alone as a number: no digit, letter or joining punctuation
 * (`-`, `.`, `/`, `_`) glued to either side. `4111-…-1111-22` or `v1.2.3.4.5` are longer tokens
 * whose inner part must not be read as a card or an IP.
 */
export function standsAlone(text: string, start: number, end: number): boolean {
  const before = start > 0 ? text.charAt(start - 1) : '';
  const after = end < text.length ? text.charAt(end) : '';
  if (
    before !== '' &&
    /[\p{L}\p{N}_]/u.test(before) &&
    !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(before)
  )
    return false;
  if (
    after !== '' &&
    /[\p{L}\p{N}_]/u.test(after) &&
    !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(after)
  )
    return false;
  if (/[-_/.#]/.test(before) && isWordChar(text, start - 2)) return false;
  if (/[-_/.]/.test(after) && isWordChar(text, end + 1)) return false;
  return true;
}

/** Han, kana and Hangul: scripts written without spaces, so a letter of them ends a token. */
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u30ff\uff00-\uffef]/u;

/** Whether the character at `i` is Han, kana, Hangul or CJK punctuation. */
function isCjkChar(text: string, i: number): boolean {
  return i >= 0 && i < text.length && CJK.test(text.charAt(i));
}

/**
 * Whether the character at `i` glues onto a Latin-script token: a word character that is not
 * CJK. Chinese, Japanese and Korean text runs straight into values (`密钥是sk-…`, `AKIA…가`),
 * so for them a script change is the token boundary.
 */
export function gluesToToken(text: string, i: number): boolean {
  return isWordChar(text, i) && !isCjkChar(text, i);
}

/** Digits of `s` only. */
export function digitsOf(s: string): string {
  return s.replace(/\D/g, '');
}
