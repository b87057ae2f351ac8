import { standsAlone } from './boundaries.js';
import { hasCueBefore, lookalikeWins, SSN_CUES } from './cues.js';
import type { Candidate, ScanContext } from './types.js';

const DASHED = /\d{3}([- ])\d{2}\1\d{4}/g;
const BARE = /\d{9}/g;

/** Numbers the SSA never issues or that were published as examples. */
const NEVER_ISSUED = new Set(['078051120', '219099999', '123456789']);

/** Whether area, group and serial are in the ranges the SSA issues. */
function ssnValid(digits: string): boolean {
  const area = Number(digits.slice(0, 3));
  const group = Number(digits.slice(3, 5));
  const serial = Number(digits.slice(5));
  if (area === 0 || area === 666 || area >= 900) return false;
  if (group === 0 || serial === 0) return false;
  return !NEVER_ISSUED.has(digits);
}

/**
 * US social security numbers: `AAA-GG-SSSS` (or spaced) in the issued ranges; nine bare
 * digits only after an SSN cue.
 */
export function findSsns({ text }: ScanContext, out: Candidate[]): void {
  DASHED.lastIndex = 0;
  for (let m = DASHED.exec(text); m !== null; m = DASHED.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (!standsAlone(text, start, end)) continue;
    const digits = m[0].replace(/\D/g, '');
    if (!ssnValid(digits)) continue;
    const cued = hasCueBefore(text, start, SSN_CUES);
    if (!cued && lookalikeWins(text, start)) continue;
    // Spaced groups are also how some phone and account numbers are written: need the cue.
    if (m[1] === ' ' && !cued) continue;
    out.push({ type: 'ssn', start, end, confidence: cued ? 0.97 : 0.85 });
  }
  BARE.lastIndex = 0;
  for (let m = BARE.exec(text); m !== null; m = BARE.exec(text)) {
    const start = m.index;
    const end = start + 9;
    if (!standsAlone(text, start, end) || !hasCueBefore(text, start, SSN_CUES)) continue;
    if (!ssnValid(m[0])) continue;
    out.push({ type: 'ssn', start, end, confidence: 0.9 });
  }
}
