import { digitsOf, standsAlone } from './boundaries.js';
import { luhnValid } from './checksums.js';
import { lookalikeWins } from './cues.js';
import type { Candidate, ScanContext } from './types.js';

/** 12–19 digits, optionally in groups split by one space or dash. */
const CARD = /\d(?:[ -]?\d){11,18}/g;

const CARD_CUES =
  /(?<![\p{L}])(?:card|credit|visa|mastercard|amex|karte|kreditkarte|carte|tarjeta|卡号|信用卡|カード|카드)/giu;

/**
 * Whether `digits` starts with an issuer prefix and has a length that issuer uses (IIN ranges
 * of the major networks).
 */
function cardIssuer(digits: string): string | undefined {
  const n = digits.length;
  const p2 = Number(digits.slice(0, 2));
  const p3 = Number(digits.slice(0, 3));
  const p4 = Number(digits.slice(0, 4));
  const p6 = Number(digits.slice(0, 6));
  if (digits.charAt(0) === '4' && (n === 13 || n === 16 || n === 19)) return 'visa';
  if (((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) && n === 16) return 'mastercard';
  if ((p2 === 34 || p2 === 37) && n === 15) return 'amex';
  if (
    (p4 === 6011 || (p3 >= 644 && p3 <= 649) || p2 === 65 || (p6 >= 622126 && p6 <= 622925)) &&
    n >= 16 &&
    n <= 19
  )
    return 'discover';
  if (p4 >= 3528 && p4 <= 3589 && n >= 16 && n <= 19) return 'jcb';
  if (((p3 >= 300 && p3 <= 305) || p2 === 36 || p2 === 38 || p2 === 39) && n >= 14 && n <= 19)
    return 'diners';
  if (p2 === 62 && n >= 16 && n <= 19) return 'unionpay';
  if ((p2 === 50 || (p2 >= 56 && p2 <= 69)) && n >= 12 && n <= 19) return 'maestro';
  return undefined;
}

/** Payment card numbers: a known issuer range, a length it issues, and a valid Luhn digit. */
export function findCards({ text }: ScanContext, out: Candidate[]): void {
  CARD.lastIndex = 0;
  for (let m = CARD.exec(text); m !== null; m = CARD.exec(text)) {
    const raw = m[0];
    const start = m.index;
    const end = start + raw.length;
    if (!standsAlone(text, start, end)) continue;
    // Mixed separators ("4111 1111-1111") or groups of one are not how cards are written.
    if (/ /.test(raw) && /-/.test(raw)) continue;
    const groups = raw.split(/[ -]/);
    if (groups.length > 1 && groups.some((g) => g.length < 3)) continue;
    const digits = digitsOf(raw);
    if (/^(\d)\1+$/.test(digits)) continue;
    if (cardIssuer(digits) === undefined || !luhnValid(digits)) continue;
    if (lookalikeWins(text, start, CARD_CUES)) continue;
    out.push({ type: 'credit-card', start, end, confidence: 0.95 });
  }
}
