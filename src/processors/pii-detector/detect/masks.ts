/**
 * Stretches that are known not to be personal data although digit-based detectors would read
 * into them: UUIDs, hex digests, ISBN-13/EAN-13 codes with a valid check digit. Found once per
 * call; numeric candidates inside them are dropped.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const HEX = /(?<![0-9a-fA-Fx])[0-9a-fA-F]{32,128}(?![0-9a-fA-F])/g;
const EAN13 = /(?<!\d)(?:97[89]|\d{3})[- ]?(?:\d[- ]?){9}\d(?!\d)/g;

function ean13Valid(digits: string): boolean {
  if (digits.length !== 13) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (digits.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === digits.charCodeAt(12) - 48;
}

/** Sorted, disjoint `[start, end)` ranges. */
export function findMasks(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const re of [UUID, HEX]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) out.push([m.index, m.index + m[0].length]);
  }
  EAN13.lastIndex = 0;
  for (let m = EAN13.exec(text); m !== null; m = EAN13.exec(text)) {
    const digits = m[0].replace(/\D/g, '');
    // Only book and retail codes (978/979 ISBNs) are masked without a cue: other thirteen-digit
    // numbers with a lucky check digit stay candidates.
    if (ean13Valid(digits) && /^97[89]/.test(digits)) out.push([m.index, m.index + m[0].length]);
  }
  out.sort((a, b) => a[0] - b[0]);
  // Merge overlaps so `masked` can binary-search disjoint ranges.
  const merged: Array<[number, number]> = [];
  for (const range of out) {
    const last = merged[merged.length - 1];
    if (last !== undefined && range[0] < last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push(range);
  }
  return merged;
}

/** Whether `[start, end)` overlaps one of `masks` (disjoint, sorted: from `findMasks`). */
export function masked(masks: ReadonlyArray<[number, number]>, start: number, end: number): boolean {
  // The last mask starting before `end` is the only one that can overlap.
  let lo = 0;
  let hi = masks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((masks[mid] as [number, number])[0] < end) lo = mid + 1;
    else hi = mid;
  }
  const candidate = masks[lo - 1];
  return candidate !== undefined && candidate[1] > start;
}
