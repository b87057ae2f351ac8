import { createHash } from 'node:crypto';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { digitsOf, standsAlone } from './boundaries.js';
import { hasCueBefore, lastCueEnd, lookalikeWins, NON_PHONE_CUES, PHONE_CUES } from './cues.js';
import type { Candidate, ScanContext } from './types.js';

/**
 * A run that could be a phone number: optional `+`/`00`, then digits with single spaces,
 * dots, dashes, slashes or parentheses between them. Validation is libphonenumber's job.
 */
/** An IBAN's country code, check digits and alphanumeric bank code right before a digit run. */
const IBAN_HEAD = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}[ ]?[A-Z0-9]{4}[ ]?$/;
// Groups are joined by a space, a dot, a dash or a slash, never by a tab or a line break (a
// number in one TSV column is not continued by the date in the next).
const CANDIDATE = /(?:\+|(?<!\d)00)?\(?\d(?:\)?[ \u00a0.\-/]?\(?\d){5,16}/g;

/** Calendar dates and clock times that the candidate pattern also matches. */
const DATE_LIKE =
  /^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}|\d{1,2}[.:]\d{2}(?:[.:]\d{2})?)$/;

/** Countries tried for numbers written without a country code, when nothing hints otherwise. */
export const DEFAULT_PHONE_COUNTRIES = ['US', 'GB', 'DE', 'FR', 'ES', 'CN', 'JP', 'KR'] as const;

/** `possible`: the length fits the country's plan though the number is not (yet) assigned. */
type Parsed = { valid: boolean; international: boolean; possible: boolean };

/**
 * libphonenumber's parse + validation costs 50–90 µs per country tried, far more than the rest
 * of a scan; the stream window re-checks its overlap, and chats repeat numbers. A small bounded
 * memo of recent verdicts (keyed by a digest of the candidate and the countries tried) absorbs both.
 */
const MEMO = new Map<string, Parsed>();
const MEMO_MAX = 512;

function parse(candidate: string, countries: readonly string[]): Parsed {
  // Keyed by a digest: the memo must not keep phone numbers in memory.
  const key = createHash('sha256').update(candidate).update('|').update(countries.join(',')).digest('base64');
  const hit = MEMO.get(key);
  if (hit !== undefined) return hit;
  const parsed = parseUncached(candidate, countries);
  if (MEMO.size >= MEMO_MAX) MEMO.delete(MEMO.keys().next().value as string);
  MEMO.set(key, parsed);
  return parsed;
}

/**
 * Digit counts a nationally written number can have (trunk prefix included) in the default
 * countries. A candidate outside its country's range is not parsed for it: each parse costs
 * 50–90 µs, the length check nothing. Countries not listed are always parsed.
 */
const NATIONAL_DIGITS: Readonly<Record<string, readonly [number, number]>> = {
  US: [10, 11],
  GB: [10, 11],
  DE: [6, 14],
  FR: [10, 10],
  ES: [9, 9],
  CN: [7, 12],
  JP: [10, 11],
  KR: [9, 11],
};

function parseUncached(candidate: string, countries: readonly string[]): Parsed {
  const trimmed = candidate.startsWith('00') ? `+${candidate.slice(2)}` : candidate;
  if (trimmed.startsWith('+')) {
    const number = parsePhoneNumberFromString(trimmed);
    return {
      valid: number?.isValid() === true,
      international: true,
      possible: number?.isPossible() === true,
    };
  }
  const digits = digitsOf(trimmed).length;
  let possible = false;
  for (const country of countries) {
    const range = NATIONAL_DIGITS[country];
    if (range !== undefined && (digits < range[0] || digits > range[1])) continue;
    const number = parsePhoneNumberFromString(trimmed, country as CountryCode);
    if (number?.isValid() === true) return { valid: true, international: false, possible: true };
    // Only the first (most likely) country's plan counts for "possible".
    if (country === countries[0] && number?.isPossible() === true) possible = true;
  }
  return { valid: false, international: false, possible };
}

/**
 * Phone numbers in any country libphonenumber knows, validated against its numbering plans.
 * National numbers are read in the countries of `phoneCountries`. Confidence: after a phone cue
 * 0.95, international format 0.9, grouped national format 0.8, bare digits 0.5 (below the
 * default threshold: ten bare digits are as likely an account number).
 */
export function findPhones({ text, phoneCountries }: ScanContext, out: Candidate[]): void {
  let countries: readonly string[] | undefined;
  CANDIDATE.lastIndex = 0;
  for (let m = CANDIDATE.exec(text); m !== null; m = CANDIDATE.exec(text)) {
    let raw = m[0];
    let start = m.index;
    // A "(" the pattern took without its ")" is not part of the number.
    if (raw.startsWith('(') && !raw.includes(')')) {
      raw = raw.slice(1);
      start++;
    }
    const end = start + raw.length;
    if (!standsAlone(text, start, end)) continue;
    if (DATE_LIKE.test(raw)) continue;
    // 〒100-0001: the Japanese postal mark makes NNN-NNNN a postal code, not a phone number.
    if (/〒[ \t\u3000]?$/u.test(text.slice(Math.max(0, start - 2), start))) continue;
    // 281-3798 愛知県…: a Japanese postal code written without 〒 before the prefecture.
    if (
      /^\d{3}-\d{4}$/.test(raw) &&
      /^[ \u3000]?(?:東京都|北海道|京都府|大阪府|\p{Script=Han}{2,3}県)/u.test(text.slice(end, end + 5))
    )
      continue;
    // "4/24/2026 21:53": a date followed by the hour of a timestamp.
    if (/^\d{1,2}[-./]\d{1,2}[-./](?:19|20)\d{2}\s\d{1,2}$/.test(raw) && text[end] === ':') continue;
    // "(1" without its ")" means the run went into a parenthetical remark, not a number.
    if (raw.lastIndexOf('(') > raw.lastIndexOf(')')) continue;
    // 2019-09/2020-12: year-month dates.
    if (/(?:^|[^\d])(?:19|20)\d{2}-(?:0[1-9]|1[0-2])(?!\d)/.test(raw)) continue;
    // 2013-2019: a range of years (copyright lines, tenures), not a number to call.
    if (/^(?:19|20)\d{2}\s?[-–/]\s?(?:19|20)\d{2}$/.test(raw)) continue;
    // 20240315-0042: a compact date with a sequence number, the shape of receipt numbers.
    if (/^(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])-\d{1,6}$/.test(raw)) continue;
    // CIDR blocks ("169.254/16") mix dots and a slash; phone numbers never do.
    if (raw.includes('.') && raw.includes('/')) continue;
    // "2.2.14.668": dotted groups with a single digit are version numbers, not phone numbers.
    if (/^[\d.]+$/.test(raw) && raw.split('.').some((g) => g.length === 1)) continue;
    const digits = digitsOf(raw);
    if (digits.length < 7 || digits.length > 15) continue;
    if (/^(\d)\1+$/.test(digits)) continue;
    if (lookalikeWins(text, start, PHONE_CUES)) continue;
    // "IBAN GB10 DYNZ 6445 1450 1680 79": the digits of an IBAN (one that fails its checksum
    // too) after its country, check digits and bank code are not a phone number.
    if (IBAN_HEAD.test(text.slice(Math.max(0, start - 14), start))) continue;
    const notPhone = lastCueEnd(text, start, NON_PHONE_CUES);
    if (notPhone >= 0 && notPhone >= lastCueEnd(text, start, PHONE_CUES)) continue;
    const cued = hasCueBefore(text, start, PHONE_CUES, 40);
    // AAA-GG-SSSS is how SSNs are written (valid or not); a phone written so needs its cue.
    if (!cued && /^\d{3}-\d{2}-\d{4}$/.test(raw)) continue;
    // 663-72-84913: the layout of Korean business registration numbers; 21.303.782: a count
    // with thousands separators. Neither is a phone number without a phone cue.
    if (!cued && (/^\d{3}-\d{2}-\d{5}$/.test(raw) || /^\d{1,3}(?:\.\d{3}){2,}$/.test(raw))) continue;
    // 2026-5729-16: a year, then a serial and a check part, the shape of lot, job and meeting
    // numbers; no numbering plan groups a phone number so, and without a phone cue it is not one.
    if (!cued && /^(?:19|20)\d{2}[-./]\d{3,5}[-./]\d{1,2}$/.test(raw)) continue;
    // 2026-113578: a year, a hyphen and a six-digit serial is how contract, return and case
    // numbers are issued; no numbering plan writes a phone number as 4 + 5-6 digits uncued.
    if (!cued && /^(?:19|20)\d{2}-\d{5,6}$/.test(raw)) continue;
    countries ??= phoneCountries();
    const { valid, international, possible } = parse(raw, countries);
    // Right after a phone cue, a number of a possible length for its plan is taken even when
    // the plan does not list its range (new ranges, numbers written for examples of a form).
    if (!valid) {
      if (cued && possible && /[\s.\-/()+]/.test(raw))
        out.push({ type: 'phone', start, end, confidence: 0.7 });
      else if (cued && possible && international) out.push({ type: 'phone', start, end, confidence: 0.7 });
      continue;
    }
    const grouped = /[\s.\-/()]/.test(raw);
    const confidence = cued ? 0.95 : international ? 0.9 : grouped ? 0.8 : 0.5;
    out.push({ type: 'phone', start, end, confidence });
  }
}
