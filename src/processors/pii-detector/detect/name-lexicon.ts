/**
 * What the person-name detectors share: the words that are not names, the shape of a Latin
 * full name, and the CJK surname tables and name-length readers. Below `name.ts` (the combined
 * detector) and the single detectors it runs (`name-structure.ts`, `name-contexts.ts`,
 * `name-casual.ts`), so none of them imports another in a circle.
 */
import { gluesToToken } from './boundaries.js';
import { piiData } from './data.js';

const LATIN = piiData<{ readonly notNameWords: string[]; readonly notNames: string[] }>('names/latin');
const ZH = piiData<{
  readonly surnames: string;
  readonly compoundSurnames: string[];
  readonly afterName: string;
}>('names/zh');
const KO = piiData<{
  readonly surnames: string;
  readonly rareSurnames: string;
  readonly compoundSurnames: string[];
}>('names/ko');
const CJK = piiData<{ readonly rolesBeforeHonorific: string[] }>('names/cjk');

/**
 * Words that are capitalised after a role cue without being a name: departments, teams,
 * services, places and calendar words. A candidate with any of them is dropped.
 */
export const NOT_NAME_WORDS = new Set<string>(LATIN.notNameWords);

/** A company form as one word of a capitalised run. */
const COMPANY_WORD =
  /^(?:Inc|Corp|Corporation|Ltd|LLC|LLP|PLC|Co|GmbH|AG|KG|OHG|UG|SA|SAS|SARL|SL|SLU|BV|NV|SpA|Srl|KK)\.?$/u;

/** Company forms: a capitalised run followed by one of them is an organisation, not a person. */
const COMPANY =
  /^[\s,]*(?:Inc|Corp|Corporation|Ltd|LLC|LLP|PLC|Co|GmbH|AG|KG|OHG|UG|e\.V|SA|SAS|SARL|SL|SLU|S\.A|S\.L|BV|NV|SpA|Srl|KK|K\.K)\b\.?/u;

/** An honorific right after a role cue. */
export const HONORIFIC_AHEAD =
  /^(?:Mr|Mrs|Ms|Miss|Dr|Prof|Herr|Frau|Monsieur|Madame|Mademoiselle|Mme|Mlle|M|Señor|Señora|Señorita|Sr|Sra|Srta|Don|Doña)(?![\p{L}])/u;

/** Whether a capitalised run after a role cue reads as a person's full name. */
export function fullName(text: string, start: number, name: string): boolean {
  const words = name.split(/[\s\u00a0]+/);
  if (words.length < 2) return false;
  if (words.some((w) => NOT_NAMES.has(w) || NOT_NAME_WORDS.has(w) || w.length < 2)) return false;
  // Cut inside a longer word ("Müller Gmb|H"): not a run of name words.
  if (gluesToToken(text, start + name.length)) return false;
  // "Acme Inc", "Müller GmbH": a company form inside or right after the run.
  if (words.some((w) => COMPANY_WORD.test(w))) return false;
  return !COMPANY.test(text.slice(start + name.length, start + name.length + 8));
}

/**
 * The name after a cue: capitalised words (case-sensitive; `O'Neil`, `Jean-Pierre`), with
 * particles and middle initials between them ("Wade W. Howell", "Juan Carlos M. Chacón Abreu").
 */
export const WORD = "\\p{Lu}\\p{Ll}*(?:['’-]\\p{Lu}?\\p{Ll}+)*";
export const LATIN_NAME = new RegExp(
  `${WORD}(?:(?:[ \\u00a0]|[ \\u00a0]?-[ \\u00a0]?)(?:\\p{Lu}\\.[ \\t]+)?(?:(?:de|del|de la|de los|de las|van|von|der|van der|van den|von der|da|das|dos|du|des|di|le|la|ter|ten|y)\\s+)?${WORD}){0,3}`,
  'uy',
);

/** Capitalised words that follow a cue without being a name. */
export const NOT_NAMES = new Set<string>(LATIN.notNames);

/**
 * Common Chinese surnames (simplified and traditional), the first character of a name read
 * after a role cue. Two-character surnames are checked first.
 */
const ZH_SURNAMES_1 = new Set(Array.from(ZH.surnames));
const ZH_SURNAMES_2 = new Set<string>(ZH.compoundSurnames);

/** Characters that end a Chinese name run: particles, verbs and honorifics that follow names. */
const ZH_STOP = new Set(Array.from(ZH.afterName));

/** Common Korean surnames (one syllable; the two-syllable ones are checked first). */
export const KO_SURNAMES_1: ReadonlySet<string> = new Set(Array.from(KO.surnames + KO.rareSurnames));
export const KO_SURNAMES_2: ReadonlySet<string> = new Set<string>(KO.compoundSurnames);

/** What may follow a Korean name: particles, the copula, honorifics. */
const KO_AFTER =
  /^(?:입니다|이에요|예요|이고|이며|이라고|라고|님|씨|에게|께|의|은|는|이|가|을|를|와|과|한테|(?![가-힣]))/u;

/** Words before an honorific that are roles, not names (社長さん, 고객님, 先生). */
export const NOT_CJK_NAMES: ReadonlySet<string> = new Set<string>(CJK.rolesBeforeHonorific);

const HAN = /\p{Script=Han}/u;
/** Time words written without a break before a name (今朝菅遥さん, 昨日田中さん). */
export const JA_TIME_WORD = /^(?:今朝|今日|昨日|明日|先日|本日|昨夜|今晩|今夜|毎日|来週|先週|今週)/u;
export const CJK_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}가-힣]/u;

/** The length of the common Chinese surname starting at `at` (2 for compound ones), or 0. */
export function zhSurnameLength(text: string, at: number): number {
  return ZH_SURNAMES_2.has(text.slice(at, at + 2)) ? 2 : ZH_SURNAMES_1.has(text.charAt(at)) ? 1 : 0;
}

/** The length of the Chinese name starting at `at` (surname + one or two characters), or 0. */
export function zhNameLength(text: string, at: number): number {
  const two = text.slice(at, at + 2);
  const surname = ZH_SURNAMES_2.has(two) ? 2 : ZH_SURNAMES_1.has(text.charAt(at)) ? 1 : 0;
  if (surname === 0) return 0;
  let end = at + surname;
  while (end < at + surname + 2 && HAN.test(text.charAt(end)) && !ZH_STOP.has(text.charAt(end))) end++;
  if (end === at + surname) return 0;
  // A longer run of Han characters without a stop is a phrase, not a name.
  if (HAN.test(text.charAt(end)) && !ZH_STOP.has(text.charAt(end))) return 0;
  return end - at;
}

/** Hiragana after a kanji surname that is grammar, not a given name (です, さん, から, …). */
const JA_NOT_GIVEN =
  /[のがをへ]|^[ \u3000]?(?:みな|たち|ども|です|でし|だっ|さん|さま|くん|ちゃ|から|まで|より|など|には|とは|では|にて|ので|ます|まし|たい|ない)/u;

/** The length of a Japanese name in kanji (2–4, an optional space inside) at `at`, or 0. */
export function jaNameLength(text: string, at: number): number {
  const m = /^[\p{Script=Han}々]{1,3}[ \u3000]?[\p{Script=Han}々]{1,3}(?![\p{Script=Han}々])/u.exec(
    text.slice(at, at + 8),
  );
  // "内海陸様": the honorific after the name is not part of it.
  if (m !== null && /[様殿氏宛]$/u.test(m[0]) && m[0].length > 2) {
    const trimmed = m[0].slice(0, -1).trimEnd();
    if (trimmed.replace(/[ \u3000]/g, '').length >= 2) return trimmed.length;
  }
  if (m !== null && m[0].replace(/[ \u3000]/g, '').length <= 5) {
    // A given name in hiragana after the kanji surname (加藤きみ, 長島 はる) when a delimiter ends it.
    const h =
      /^[ \u3000]?(?:[\p{Script=Hiragana}]{2,3}|[\p{Script=Katakana}]{2,3})(?=[ \u3000]*(?:[<（(、,。様]|さん|$|\n))/u.exec(
        text.slice(at + m[0].length, at + m[0].length + 6),
      );
    if (h !== null && !JA_NOT_GIVEN.test(h[0])) return m[0].length + h[0].length;
    return m[0].length;
  }
  // Katakana forms of foreign names: ジョン・スミス.
  const k = /^[\p{Script=Katakana}ー]{2,}(?:[・=＝][\p{Script=Katakana}ー]{2,})+/u.exec(
    text.slice(at, at + 24),
  );
  return k === null ? 0 : k[0].length;
}

/** The length of a Korean name (surname + one or two syllables) at `at`, or 0. */
export function koNameLength(text: string, at: number): number {
  const run = /^[가-힣]+/u.exec(text.slice(at, at + 12))?.[0] ?? '';
  const surname = KO_SURNAMES_2.has(run.slice(0, 2)) ? 2 : KO_SURNAMES_1.has(run.charAt(0)) ? 1 : 0;
  if (surname === 0) return 0;
  // "배정이", "주소를": a two-syllable word and its particle, not a three-syllable name.
  if (run.length === surname + 2 && /[이가을를은는의에도와과]$/u.test(run)) return 0;
  for (const given of [2, 1]) {
    const len = surname + given;
    if (run.length < len) continue;
    if (KO_AFTER.test(run.slice(len) + text.slice(at + run.length, at + run.length + 1))) return len;
  }
  return 0;
}
