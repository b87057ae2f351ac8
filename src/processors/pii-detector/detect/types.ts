/**
 * The kinds of personal data `detectPII()` reports. The first thirteen are the documented
 * `PIIDetector` types; `passport` and `credential` (a `user:password` pair inside a URL) are
 * Sluice additions.
 */
export type PIIType =
  | 'email'
  | 'phone'
  | 'credit-card'
  | 'ssn'
  | 'api-key'
  | 'ip-address'
  | 'name'
  | 'address'
  | 'date-of-birth'
  | 'url'
  | 'uuid'
  | 'crypto-wallet'
  | 'iban'
  | 'passport'
  | 'credential';

/** One piece of personal data found by `detectPII()`. */
export interface PIIDetection {
  type: PIIType;
  /** Index of the first character (UTF-16 code units, as `String.prototype.slice`). */
  start: number;
  /** Index after the last character (exclusive). */
  end: number;
  /** `text.slice(start, end)`. */
  value: string;
  /**
   * How sure the detector is, in [0, 1]. Checksummed values (cards, IBANs, wallets) and
   * structured ones (emails, URLs) score 0.9 and above; cue-based heuristics (names,
   * addresses) 0.6–0.75, so a `threshold` between them keeps only the validated kinds.
   */
  confidence: number;
}

/** Options of `detectPII()`. */
export interface DetectPIIOptions {
  /**
   * Kinds to look for. Default: every kind except `uuid` (identifiers of records are rarely
   * personal data; ask for `uuid` to get them).
   */
  types?: readonly PIIType[];
  /** Drop detections below this confidence. Default `0` (report everything found). */
  minConfidence?: number;
  /**
   * Countries (ISO 3166 alpha-2, e.g. `'DE'`) to read national phone numbers in, tried in
   * order. Default: the country suggested by the text's script and wording (Korean → `KR`,
   * German wording → `DE`, …), then `US`, `GB`, `DE`, `FR`, `ES`, `CN`, `JP`, `KR`.
   * Numbers written with `+` or `00` are read internationally whatever this says.
   */
  phoneCountries?: readonly string[];
  /**
   * Score e-mail addresses at documentation domains (`example.com`/`.org`/`.net`, `*.example`,
   * `*.test`, `*.invalid`, `*.localhost`) and placeholder mailboxes (`user@`, `someone@`,
   * `your.email@`, `foo@`, …) at 0.3 instead of as ordinary addresses, so the default threshold
   * lets them through. Default `false`: they are flagged like any address.
   */
  ignoreDocumentationDomains?: boolean;
}

/** A candidate before overlaps are resolved. */
export interface Candidate {
  type: PIIType;
  start: number;
  end: number;
  confidence: number;
}

/** What every detector family receives: the text plus facts computed once per call. */
export interface ScanContext {
  text: string;
  /** Phone countries to try for national numbers, most likely first (computed on first use). */
  phoneCountries(): readonly string[];
  /** `DetectPIIOptions.ignoreDocumentationDomains`. */
  ignoreDocumentationDomains?: boolean;
}
