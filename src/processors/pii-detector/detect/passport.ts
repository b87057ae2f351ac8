import { PASSPORT_CUES } from './cues.js';
import type { Candidate, ScanContext } from './types.js';

/** After the cue: an optional "no."/"number"/":" and then the document number. */
const NUMBER =
  /(?:\s*(?:no\.?|nr\.?|n[°º]|number|nummer|numéro|número|号码|号|番号|번호))?\s*[:：#.]?\s*(?:is\s+|ist\s+|est\s+|es\s+|是|为|は|는\s*|은\s*)?(\d{2}[A-Z]{2}\d{5}|[A-Z]{0,3}\d{6,9}|[A-Z]{1,2}[0-9A-Z]{6,8})(?![\p{L}\p{N}_](?<![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]))/iuy;

/**
 * Formats per issuing country, all covered by the alternatives above: FR `12AB34567` (2 digits,
 * 2 letters, 5 digits), DE `C01X00T47` (9 letters/digits), ES `PAB123456` (3 letters, 6 digits),
 * UK and US 9 digits, JP `TK1234567` (2 letters, 7 digits), KR `M12345678`, CN `E12345678`.
 * The cue is what makes the value a passport, so it wins over a phone reading of the same
 * digits (confidence above a cued phone's 0.95).
 */
const PASSPORT_CONFIDENCE = 0.96;

/**
 * Passport numbers: only right after a passport cue ("passport no.", "Reisepass", "护照号码",
 * "旅券番号", "여권번호", …), since the formats (a letter or two and six to nine digits) are
 * shared with countless other references.
 */
export function findPassports({ text }: ScanContext, out: Candidate[]): void {
  PASSPORT_CUES.lastIndex = 0;
  for (let m = PASSPORT_CUES.exec(text); m !== null; m = PASSPORT_CUES.exec(text)) {
    NUMBER.lastIndex = m.index + m[0].length;
    const n = NUMBER.exec(text);
    if (n === null || n[1] === undefined || !/\d/.test(n[1])) continue;
    const end = NUMBER.lastIndex;
    out.push({ type: 'passport', start: end - n[1].length, end, confidence: PASSPORT_CONFIDENCE });
  }
}
