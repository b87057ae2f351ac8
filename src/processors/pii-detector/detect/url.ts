import type { Candidate, ScanContext } from './types.js';

/** A URL starting exactly at `lastIndex` (sticky: tried only at the few positions before a "://"). */
const URL_RE =
  /(?:\b[a-z][a-z0-9+.-]{1,15}:\/\/|\bwww\.)[^\s<>"'`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]+/iuy;
/** `user:password@` right after the scheme. */
const USERINFO = /^[a-z][a-z0-9+.-]*:\/\/([^\s/@:]+):([^\s/@]+)@/i;

/** Characters that end a sentence rather than a URL. */
const TRAILING = /(?<![.,;:!?)\]}>'"。、，！？）])[.,;:!?)\]}>'"。、，！？）]+$/u;

/**
 * Whether a URL is a bare service endpoint: an API host (`api.…`) or an API path (`/api/…`,
 * `/v1/…`, `/graphql`) with no userinfo, no query or fragment, and no path segment that could
 * name someone (an `@`, a number of three digits or more, a long random-looking token).
 * `https://api.github.com/user` in a `curl` line addresses a service, not a person.
 */
function serviceEndpoint(url: string): boolean {
  // The path starts at the first "/", so host and path split one way only.
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\s]+)(\/[^?#]*)?$/i.exec(url);
  if (m === null) return false;
  const host = m[1] as string;
  const path = m[2] ?? '';
  if (host.includes('@')) return false;
  if (!/^api[.-]/i.test(host) && !/^\/(?:api|v\d+|graphql|rest)(?:\/|$)/i.test(path)) return false;
  if (path.includes('@') || /\d{3,}/.test(path)) return false;
  return path.split('/').every((segment) => segment.length <= 24);
}

/**
 * URLs (any `scheme://` and `www.`; bare service endpoints such as `https://api.github.com/user`
 * only at confidence 0.4, below the default threshold), and the `user:password` pair inside a URL as a separate,
 * more sensitive `credential` detection (it wins the overlap, so redaction keeps the rest of
 * the URL readable).
 */
export function findUrls({ text }: ScanContext, out: Candidate[], credentialsOnly: boolean): void {
  // Jump from one "://" or "www." to the next instead of trying the pattern at every position.
  let from = 0;
  for (;;) {
    const a = text.indexOf('://', from);
    const w = text.indexOf('www.', from);
    if (a < 0 && w < 0) return;
    const hit = a < 0 ? w : w < 0 ? a : Math.min(a, w);
    // A scheme is at most 16 characters before its "://": try those starts only, so text
    // without a URL after a "://" is never scanned again from the next "://".
    let m: RegExpExecArray | null = null;
    for (let at = hit === a ? Math.max(from, a - 16) : Math.max(from, w); at <= hit && m === null; at++) {
      URL_RE.lastIndex = at;
      m = URL_RE.exec(text);
    }
    if (m === null) {
      from = hit + 3;
      continue;
    }
    from = m.index + m[0].length;
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
    // Rule: a URL is reported (0.9) unless it is a bare service endpoint (see `serviceEndpoint`),
    // which is kept below the default threshold (0.4): it names a provider's API, and what is
    // personal in such requests (tokens, keys, ids in the query) is detected on its own.
    if (!credentialsOnly && value.length > 4)
      out.push({
        type: 'url',
        start,
        end: start + value.length,
        confidence: serviceEndpoint(value) ? 0.4 : 0.9,
      });
  }
}
