/**
 * How a detected value is rewritten under `strategy: 'redact'`. Pure string functions, one per
 * `redactionMethod`; `applyRedactions` rewrites a text given non-overlapping spans.
 */
import { createHash } from 'node:crypto';
import { stripInvisible } from '../guardrails/invisible-characters.js';

/** How `redact` rewrites a value. */
export type PIIRedactionMethod = 'mask' | 'hash' | 'remove' | 'placeholder';

/** Types whose last four characters stay readable under `mask` with `preserveFormat`. */
const KEEP_LAST_FOUR = new Set(['credit-card', 'phone', 'ssn', 'iban']);

/** `[EMAIL]`, `[CREDIT_CARD]`, `[DATE_OF_BIRTH]`, … */
export function placeholderFor(type: string): string {
  return `[${type.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}]`;
}

/**
 * `mask`: with `preserveFormat`, separators stay and so does the part people use to recognise
 * their own data — the last four digits of cards, phones, SSNs and IBANs (`***-**-6789`), the
 * first letter and the domain of an e-mail (`j***@gmail.com`); every other letter or digit
 * becomes `*`. Without it, the value becomes as many `*` as it has characters. Invisible
 * characters inside the value are dropped either way.
 */
function maskValue(type: string, written: string, preserveFormat: boolean): string {
  // Invisible characters inside the value (a zero-width space hiding an e-mail) are not format.
  const value = stripInvisible(written, 'ignorable');
  if (!preserveFormat) return '*'.repeat(Math.max(3, [...value].length));
  if (type === 'email') {
    const at = value.lastIndexOf('@');
    if (at > 0) return `${value.charAt(0)}${'*'.repeat(Math.max(3, at - 1))}${value.slice(at)}`;
  }
  let keep = 0;
  if (KEEP_LAST_FOUR.has(type)) {
    // Index of the fourth-last letter or digit: from there on, characters stay.
    let seen = 0;
    keep = value.length;
    for (let i = value.length - 1; i >= 0 && seen < 4; i--) {
      if (/[\p{L}\p{N}]/u.test(value.charAt(i))) seen++;
      keep = i;
    }
  } else keep = value.length;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value.charAt(i);
    out += i < keep && /[\p{L}\p{N}]/u.test(ch) ? '*' : ch;
  }
  return out;
}

/** `hash`: the first 16 hex digits of the value's SHA-256, tagged with the type. */
function hashValue(type: string, value: string): string {
  return `[${type.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}:${createHash('sha256').update(value).digest('hex').slice(0, 16)}]`;
}

/** The replacement of one value. */
export function redactValue(
  type: string,
  value: string,
  method: PIIRedactionMethod,
  preserveFormat: boolean,
): string {
  switch (method) {
    case 'mask':
      return maskValue(type, value, preserveFormat);
    case 'hash':
      return hashValue(type, value);
    case 'remove':
      return '';
    case 'placeholder':
      return placeholderFor(type);
  }
}

/** `text` with each span replaced; spans must be sorted by `start` and must not overlap. */
export function applyRedactions(
  text: string,
  spans: ReadonlyArray<{ start: number; end: number; replacement: string }>,
): string {
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += text.slice(at, s.start) + s.replacement;
    at = s.end;
  }
  return out + text.slice(at);
}
