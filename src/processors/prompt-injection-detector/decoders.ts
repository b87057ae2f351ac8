/**
 * Bounded decoders for payloads hidden in encodings: base64, hex (plain runs and `\xNN`),
 * percent-encoding, HTML character references and ROT13. Each candidate is decoded once, kept
 * only when it decodes to readable text, and the total decoded volume is capped, so a hostile
 * input cannot make the scorer do more than a constant multiple of linear work.
 */

/** One decoded payload and the encoding it came from. */
export interface DecodedPayload {
  encoding: 'base64' | 'hex' | 'url' | 'html-entities' | 'rot13';
  text: string;
}

/** Caps that keep decoding linear and small. */
const DECODE_LIMITS = { maxCandidates: 8, maxCandidateChars: 4096, maxTotalChars: 16384 } as const;

const BASE64_RUN = /[A-Za-z0-9+/_-]{16,}={0,2}/g;
const HEX_RUN = /\b[0-9a-fA-F]{16,}\b|\b(?:[0-9a-fA-F]{2}[ :]){7,}[0-9a-fA-F]{2}\b/g;
const HEX_ESCAPES = /(?:\\x[0-9a-fA-F]{2}){4,}/g;
const PERCENT_RUN = /(?:%[0-9a-fA-F]{2}){3,}/g;
const PERCENT_ANY = /%[0-9a-fA-F]{2}/g;
const HTML_REFS = /(?:&#x?[0-9a-fA-F]{1,6};){3,}/g;

// Readable means: valid UTF-8, and almost only letters, digits, punctuation and spaces, with
// letters the majority. One pass over char codes, no per-character regex.
function readable(s: string): boolean {
  if (s.length < 6 || s.includes('\uFFFD')) return false;
  let ok = 0;
  let letters = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 9 || c === 10 || c === 13 || (c >= 0x20 && c !== 0x7f && !(c >= 0x80 && c < 0xa0))) ok++;
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c >= 0xc0) letters++;
  }
  return ok / s.length >= 0.95 && letters / s.length >= 0.5;
}

// ROT13 spellings of the scorer's core words (English, plus the German, French and Spanish words
// for ignore / forget / instructions / rules / previous; accented letters are left as they are,
// as ROT13 does): the ROT13 view is only scored when one is there.
const ROT13_HINT =
  /\b(?:vtaber|qvfertneq|sbetrg|cerivbhf|cevbe|vafgehpgvbaf?|flfgrz|cebzcg|erirny|ehyrf|bireevqr|wnvyoernx|cnffjbeq|frperg|vtabevrer?|najrvfhatra|ertrya|iretvff|ibeurevtra|flfgrzcebzcg|bhoyvr|pbafvtarf|e[eè]tyrf|c[eé]p[eé]qragrf|vtaben|vtabene|vafgehppvbarf|ertynf|nagrevberf|byivqn)(?![a-z])/i;

function rot13(s: string): string {
  return s.replace(/[a-zA-Z]/g, (ch) => {
    const base = ch <= 'Z' ? 65 : 97;
    return String.fromCharCode(((ch.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/**
 * Every readable payload decoded from `text`, within {@link DECODE_LIMITS}. ROT13 is always
 * included (it is a cheap whole-text rewrite; gibberish in, gibberish out) when the text has
 * enough Latin letters for it to matter.
 */
export function decodePayloads(text: string, withRot13 = true): DecodedPayload[] {
  const out: DecodedPayload[] = [];
  let budget: number = DECODE_LIMITS.maxTotalChars;
  const push = (encoding: DecodedPayload['encoding'], decoded: string): void => {
    if (out.length >= DECODE_LIMITS.maxCandidates || budget <= 0) return;
    if (!readable(decoded)) return;
    const clipped = decoded.slice(0, Math.min(budget, DECODE_LIMITS.maxCandidateChars));
    budget -= clipped.length;
    out.push({ encoding, text: clipped });
  };
  const scan = (
    re: RegExp,
    encoding: DecodedPayload['encoding'],
    decode: (m: string) => string | undefined,
  ) => {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (out.length >= DECODE_LIMITS.maxCandidates || budget <= 0) return;
      const raw = m[0].slice(0, DECODE_LIMITS.maxCandidateChars * 2);
      const decoded = decode(raw);
      if (decoded !== undefined) push(encoding, decoded);
    }
  };
  scan(BASE64_RUN, 'base64', (m) => {
    // Plain words and hex runs also match the alphabet; real base64 mixes case or digits.
    if (!/[A-Z]/.test(m) || !/[a-z]/.test(m)) return undefined;
    const norm = m.replace(/-/g, '+').replace(/_/g, '/');
    return Buffer.from(norm, 'base64').toString('utf8');
  });
  scan(HEX_RUN, 'hex', (m) => {
    const digits = m.replace(/[ :]/g, '');
    if (digits.length % 2 !== 0) return undefined;
    return Buffer.from(digits, 'hex').toString('utf8');
  });
  scan(HEX_ESCAPES, 'hex', (m) => Buffer.from(m.replace(/\\x/g, ''), 'hex').toString('utf8'));
  PERCENT_RUN.lastIndex = 0;
  if (PERCENT_RUN.test(text) || (text.match(PERCENT_ANY)?.length ?? 0) >= 3) {
    try {
      const decoded = text.slice(0, DECODE_LIMITS.maxCandidateChars).replace(/(?:%[0-9a-fA-F]{2})+/g, (m) => {
        try {
          return decodeURIComponent(m);
        } catch {
          return m;
        }
      });
      push('url', decoded);
    } catch {
      // undecodable: nothing to score
    }
  }
  PERCENT_RUN.lastIndex = 0;
  if (HTML_REFS.test(text)) {
    const decoded = text
      .slice(0, DECODE_LIMITS.maxCandidateChars)
      .replace(/&#(x?)([0-9a-fA-F]{1,6});/g, (_m, x: string, d: string) => {
        const cp = Number.parseInt(d, x ? 16 : 10);
        return cp > 0 && cp < 0x110000 ? String.fromCodePoint(cp) : '';
      });
    push('html-entities', decoded);
  }
  HTML_REFS.lastIndex = 0;
  if (withRot13 && ROT13_HINT.test(text))
    push('rot13', rot13(text.slice(0, DECODE_LIMITS.maxCandidateChars)));
  return out;
}
