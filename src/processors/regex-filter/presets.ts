import { type CompiledRule, hasPhoneDigits, passesLuhn } from './matcher.js';

/** Names of the built-in rule sets of `RegexFilterProcessor`. */
export type RegexFilterPreset = 'pii' | 'secrets' | 'urls';

const REDACTED = '[REDACTED]';

// The patterns anchor their start with a lookbehind instead of `\b` where a `+` run begins
// the match: a match can then only start where such a run starts, so a long run without a
// match is scanned once, not once per character. V8 runs a lookbehind backwards from each
// position it is tried at, so a lookbehind never holds an unbounded run (`Bearer[ \t]{1,16}`,
// not `Bearer[ \t]+`), and it sits behind a lookahead for the value's first character, so it
// is tried only where a value starts.

/** Personal data: email addresses, phone numbers, US social security numbers, card numbers. */
const PII: readonly CompiledRule[] = [
  {
    name: 'email',
    pattern: /(?<![\w.%+-])[\w.%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![A-Za-z0-9-])/g,
    replacement: REDACTED,
  },
  {
    // North American numbers need separators (`555-123-4567`, `(555) 123 4567`); other
    // numbers need a leading `+` (`+33 1 42 68 53 00`, `+49 (0) 30 123456`, `+442079460958`)
    // and 7 to 15 digits in all. Bare digit runs (ids, amounts, dates) are not phones. Groups
    // after the `+` need a separator, so a digit run splits one way only (no backtracking).
    name: 'phone',
    pattern:
      /(?<![\w+]|\d[.-])(?:(?:\+?1[ .-]?)?(?:\(\d{3}\)[ .]?|\d{3}[ .-])\d{3}[ .-]\d{4}|\+\d{1,3}(?:[ .-]?\(\d{1,4}\))?(?:[ .-]\d{1,6}){2,6}|\+\d{7,15})(?![\w-]|\.\d)/g,
    replacement: REDACTED,
    validate: hasPhoneDigits,
  },
  {
    // Dashed form only; area 000/666/9xx, group 00 and serial 0000 are never issued.
    name: 'ssn',
    pattern: /(?<![\w-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\w-])/g,
    replacement: REDACTED,
  },
  {
    // 13–19 digits, contiguous or in the printed groupings (4-4-4-x, Amex 4-6-5), that pass
    // the Luhn checksum: random long numbers are left alone.
    name: 'credit-card',
    pattern: /(?<![\d-])(?:\d{13,19}|\d{4}([ -])\d{4}\1\d{4}\1\d{1,7}|\d{4}([ -])\d{6}\2\d{4,5})(?!\d)/g,
    replacement: REDACTED,
    validate: passesLuhn,
  },
];

/** Credentials: provider API keys, access tokens, bearer tokens, passwords, private keys. */
const SECRETS: readonly CompiledRule[] = [
  {
    // OpenAI/Anthropic (`sk-…`, `sk-proj-…`, `sk-ant-…`), Stripe secret/restricted keys (`sk_live_…`, `rk_…`).
    name: 'api-key',
    pattern: /(?<![\w-])(?:sk|rk)[-_][A-Za-z0-9_-]{20,}/g,
    replacement: REDACTED,
  },
  {
    name: 'aws-access-key',
    pattern: /(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Z0-9])/g,
    replacement: REDACTED,
  },
  {
    name: 'github-token',
    pattern: /(?<![\w])(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/g,
    replacement: REDACTED,
  },
  { name: 'slack-token', pattern: /(?<![\w-])xox[abposr]-[A-Za-z0-9-]{10,}/g, replacement: REDACTED },
  { name: 'google-api-key', pattern: /(?<![\w-])AIza[0-9A-Za-z_-]{35}(?![\w-])/g, replacement: REDACTED },
  { name: 'jwt', pattern: /(?<![\w-])eyJ[\w-]{5,}\.eyJ[\w-]{5,}\.[\w-]{5,}/g, replacement: REDACTED },
  {
    // Only the token: `Authorization: Bearer [REDACTED]` keeps the sentence readable.
    name: 'bearer-token',
    pattern: /(?=[A-Za-z0-9._~+/-])(?<=\bBearer[ \t]{1,16})[A-Za-z0-9._~+/-]{8,}=*/g,
    replacement: REDACTED,
  },
  {
    // The value of `password=…`, `api_key: "…"`, `client_secret = …` and similar assignments.
    name: 'password',
    // The name may carry a prefix joined by `_` (`DB_PASSWORD=`, `AWS_SECRET_ACCESS_KEY=`).
    pattern:
      /(?=[^\s"',;])(?<=(?:\b|_)(?:password|passwd|pwd|secret|secret[_-]?(?:access[_-]?)?key|private[_-]?key|client[_-]?secret|api[_-]?(?:key|secret)|access[_-]?token|auth[_-]?token|refresh[_-]?token)["']?[ \t]{0,16}[:=][ \t]{0,16}["']?)[^\s"',;]{4,}/gi,
    replacement: REDACTED,
  },
  {
    // PEM and PGP blocks. A block without its END line (cut off, or still streaming) is
    // redacted to the end of the text: key material is secret even when incomplete. A stream
    // sends the replacement once the block outgrows the hold, then drops text until the END line.
    name: 'private-key',
    pattern:
      /-----BEGIN [A-Z ]*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END [A-Z ]*PRIVATE KEY(?: BLOCK)?-----|[\s\S]*)/g,
    replacement: REDACTED,
  },
];

/** Web addresses: `http://` and `https://` URLs, without trailing sentence punctuation. */
const URLS: readonly CompiledRule[] = [
  {
    name: 'url',
    pattern: /\bhttps?:\/\/[^\s<>"'`]*[^\s<>"'`.,;:!?)\]}]/gi,
    replacement: REDACTED,
  },
];

/** The rules of each preset. Each compiled rule is cloned per processor before use. */
export const PRESET_RULES: Readonly<Record<RegexFilterPreset, readonly CompiledRule[]>> = {
  pii: PII,
  secrets: SECRETS,
  urls: URLS,
};
