import type { Candidate, ScanContext } from './types.js';

const URL_RE =
  /(?:\b[a-z][a-z0-9+.-]{1,15}:\/\/|\bwww\.)[^\s<>"'`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]+/giu;
/** `user:password@` right after the scheme. */
const USERINFO = /^[a-z][a-z0-9+.-]*:\/\/([^\s/@:]+):([^\s/@]+)@/i;

/** Characters that end a sentence rather than a URL. */
const TRAILING = /[.,;:!?)\]}>'"。、，！？）]+$/u;

/**
 * URLs (any `scheme://` and `www.`), and the `user:password` pair inside a URL as a separate,
 * more sensitive `credential` detection (it wins the overlap, so redaction keeps the rest of
 * the URL readable).
 */
export function findUrls({ text }: ScanContext, out: Candidate[], credentialsOnly: boolean): void {
  URL_RE.lastIndex = 0;
  for (let m = URL_RE.exec(text); m !== null; m = URL_RE.exec(text)) {
    let value = m[0];
    const trailing = TRAILING.exec(value);
    // Keep a closing parenthesis that balances one inside the URL (Wikipedia links).
    if (trailing !== null) {
      let cut = trailing[0];
      if (cut.startsWith(')') && value.includes('(')) cut = cut.slice(1);
      value = value.slice(0, value.length - cut.length);
    }
    const start = m.index;
    const creds = USERINFO.exec(value);
    if (creds !== null && creds[1] !== undefined && creds[2] !== undefined) {
      const at = value.indexOf('://') + 3;
      out.push({
        type: 'credential',
        start: start + at,
        end: start + at + creds[1].length + 1 + creds[2].length,
        confidence: 0.98,
      });
    }
    if (!credentialsOnly && value.length > 4)
      out.push({ type: 'url', start, end: start + value.length, confidence: 0.9 });
  }
}
