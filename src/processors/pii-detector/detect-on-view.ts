/**
 * `detectPII()` as users and `PIIDetector` call it: the detector families run on the normalised
 * view of the text (invisible characters removed, NFKC, Latin look-alikes folded in tokens that
 * mix them with ASCII; see `guardrails/text-view.ts`) and every detection is mapped back onto
 * the original text, so `start`/`end`/`value` name the characters as written — invisible
 * characters inside a value included, which a redaction then replaces too.
 */
import { matchingView } from '../guardrails/text-view.js';
import { detectPII as detectOnText } from './detect/index.js';
import type { DetectPIIOptions, PIIDetection } from './detect/types.js';

/**
 * Finds personal data in `text`, offline and synchronously: e-mails, phone numbers (through
 * libphonenumber's numbering plans, in any country), payment cards (issuer ranges + Luhn),
 * IBANs (country length + mod 97), US SSNs (issued ranges), IP addresses, API keys, URLs and the
 * credentials inside them, crypto wallets, passport numbers and dates of birth after a cue,
 * street addresses, and names. Values hidden with zero-width or other invisible characters,
 * written in full-width forms or with Cyrillic/Greek look-alikes of Latin letters are found too.
 *
 * Returns detections sorted by `start`, never overlapping, with offsets into `text` as given.
 *
 * @example
 * detectPII('Mail jane.doe@gmail.com or call +49 30 12345678');
 * // → [{ type: 'email', start: 5, end: 23, … }, { type: 'phone', start: 32, end: 47, … }]
 */
export function detectPII(text: string, options: DetectPIIOptions = {}): PIIDetection[] {
  const view = matchingView(text);
  if (view.text === text) return detectOnText(text, options);
  const found = detectOnText(view.text, options);
  if (view.sameOffsets) {
    for (const d of found) d.value = text.slice(d.start, d.end);
    return found;
  }
  for (const d of found) {
    const span = view.toOriginal(d.start, d.end);
    d.start = span.start;
    d.end = span.end;
    d.value = text.slice(span.start, span.end);
  }
  return found;
}
