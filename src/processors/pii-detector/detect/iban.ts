import { standsAlone } from './boundaries.js';
import { ibanMod97 } from './checksums.js';
import type { Candidate, ScanContext } from './types.js';

/** IBAN length per country (ISO 13616 registry). */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

/** Country code, check digits, then groups of up to four letters or digits. */
const IBAN = /[A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4}){3,8}/g;

/** IBANs: a registered country, that country's length, and check digits that pass mod 97. */
export function findIbans({ text }: ScanContext, out: Candidate[]): void {
  IBAN.lastIndex = 0;
  for (let m = IBAN.exec(text); m !== null; m = IBAN.exec(text)) {
    const start = m.index;
    const compact = m[0].replace(/ /g, '');
    const length = IBAN_LENGTHS[compact.slice(0, 2)];
    if (length === undefined || compact.length < length) continue;
    // The greedy match may run into the next word ("… 1234 AB"): cut at the country's length.
    let end = start;
    for (let seen = 0; seen < length; end++) if (text.charAt(end) !== ' ') seen++;
    if (!standsAlone(text, start, end)) continue;
    if (ibanMod97(compact.slice(0, length)) !== 1) continue;
    out.push({ type: 'iban', start, end, confidence: 0.97 });
    IBAN.lastIndex = end;
  }
}
