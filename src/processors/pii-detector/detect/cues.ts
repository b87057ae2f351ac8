/**
 * Context words that decide what a bare value is. A nine-digit number is an SSN after "SSN",
 * an order number after "order no." and nothing at all on its own; the detectors ask these
 * helpers what the few words before (or, for Japanese and Korean, after) a value say.
 *
 * Cues are written in lower case for English, German, French, Spanish, Chinese, Japanese and
 * Korean and matched case-insensitively. The lists are data: `data/cues.json`, one list per
 * kind of cue.
 */
import { piiData } from './data.js';

/** The cue lists of `data/cues.json`, by the kind of value they announce. */
interface CueLists {
  readonly lookalike: readonly string[];
  readonly nonPhone: readonly string[];
  readonly phone: readonly string[];
  readonly birth: readonly string[];
  readonly passport: readonly string[];
  readonly ssn: readonly string[];
  readonly secret: readonly string[];
  readonly digest: readonly string[];
}
const CUES = piiData<CueLists>('cues');

/** Characters before a value searched for its cue. */
const CUE_WINDOW = 32;

function words(list: readonly string[]): RegExp {
  // Longest first so "order number" wins over "order"; the lookarounds keep "lot" out of "pilot".
  const sorted = [...list].sort((a, b) => b.length - a.length);
  const escaped = sorted.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s*'));
  // The trailing check only applies to cues that end in a Latin letter: "护照号码E1234…" is the
  // cue 护照号码 followed by a number, since a change of script is a word boundary.
  return new RegExp(`(?<![a-z0-9à-ÿ])(?:${escaped.join('|')})(?!(?<=[a-zà-ÿ])[a-zà-ÿ])`, 'giu');
}

/** Reference numbers that look like personal data: orders, parcels, invoices, lots, products. */
const LOOKALIKE_CUES = words(CUES.lookalike);

/**
 * Number cues that only rule out a phone reading: the German "Charge" (lot) is also the English
 * verb of "charge 4012 8888 …", so it cannot veto cards the way {@link LOOKALIKE_CUES} do.
 */
export const NON_PHONE_CUES = words(CUES.nonPhone);

/** Words that say a number is a phone number. */
export const PHONE_CUES = words(CUES.phone);

/** Words that say a date is a date of birth (before the date). */
export const BIRTH_CUES = words(CUES.birth);

/** Birth cues written after the date (Japanese 生まれ, Korean 생, Chinese 出生). */
export const BIRTH_CUES_AFTER =
  /^\s*(?:生まれ|生れ|出生|生(?![产產成效活意前涯物]|日快)|출생|생(?![산성활각명])|태생|born|geboren|né|née|nacid[oa])/iu;

/** Words that announce a passport number. */
export const PASSPORT_CUES = words(CUES.passport);

/** Words that announce a social security number. */
export const SSN_CUES = words(CUES.ssn);

/** Words that announce a secret. */
export const SECRET_CUES = words(CUES.secret);

/** Words that say a hex or base64 string is a digest, not a secret. */
export const DIGEST_CUES = words(CUES.digest);

/**
 * The index, relative to `text`, just past the last match of `cues` in the `window`
 * characters before `at`, or -1. Closer cues win in {@link closestCue}.
 */
export function lastCueEnd(text: string, at: number, cues: RegExp, window = CUE_WINDOW): number {
  const from = Math.max(0, at - window);
  const slice = text.slice(from, at);
  cues.lastIndex = 0;
  let end = -1;
  for (let m = cues.exec(slice); m !== null; m = cues.exec(slice)) {
    end = from + m.index + m[0].length;
    if (m[0].length === 0) cues.lastIndex++;
  }
  return end;
}

/** Whether a cue of `cues` occurs in the `window` characters before `at`. */
export function hasCueBefore(text: string, at: number, cues: RegExp, window = CUE_WINDOW): boolean {
  return lastCueEnd(text, at, cues, window) >= 0;
}

/**
 * Whether the nearest cue before `at` says "look-alike" rather than one of `positive`: "call
 * me about order 4711-…" is an order, "order question, call 030 …" is a phone.
 */
export function lookalikeWins(text: string, at: number, positive?: RegExp): boolean {
  const bad = lastCueEnd(text, at, LOOKALIKE_CUES);
  if (bad < 0) return false;
  if (positive === undefined) return true;
  return bad >= lastCueEnd(text, at, positive);
}
