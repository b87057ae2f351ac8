/**
 * Language names and ISO 639-1 codes for `targetLanguages`, which takes either (`'English'`,
 * `'en'`, `'Deutsch'`, `'日本語'`). Only what the detector and helper prompts need: code → English
 * name, and every accepted spelling → code.
 */

/** ISO 639-1 code → English name, for the languages the offline detector (eld) knows best. */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  ar: 'Arabic',
  bg: 'Bulgarian',
  bn: 'Bengali',
  ca: 'Catalan',
  cs: 'Czech',
  da: 'Danish',
  de: 'German',
  el: 'Greek',
  en: 'English',
  es: 'Spanish',
  et: 'Estonian',
  fa: 'Persian',
  fi: 'Finnish',
  fr: 'French',
  he: 'Hebrew',
  hi: 'Hindi',
  hr: 'Croatian',
  hu: 'Hungarian',
  id: 'Indonesian',
  it: 'Italian',
  ja: 'Japanese',
  ko: 'Korean',
  lt: 'Lithuanian',
  lv: 'Latvian',
  ms: 'Malay',
  nl: 'Dutch',
  no: 'Norwegian',
  pl: 'Polish',
  pt: 'Portuguese',
  ro: 'Romanian',
  ru: 'Russian',
  sk: 'Slovak',
  sl: 'Slovenian',
  sr: 'Serbian',
  sv: 'Swedish',
  ta: 'Tamil',
  th: 'Thai',
  tr: 'Turkish',
  uk: 'Ukrainian',
  ur: 'Urdu',
  vi: 'Vietnamese',
  zh: 'Chinese',
};

/** Native and alternative spellings accepted besides the English names. */
const ALIASES: Readonly<Record<string, string>> = {
  deutsch: 'de',
  français: 'fr',
  francais: 'fr',
  español: 'es',
  espanol: 'es',
  castellano: 'es',
  中文: 'zh',
  汉语: 'zh',
  漢語: 'zh',
  mandarin: 'zh',
  'simplified chinese': 'zh',
  'traditional chinese': 'zh',
  日本語: 'ja',
  한국어: 'ko',
  português: 'pt',
  portugues: 'pt',
  italiano: 'it',
  nederlands: 'nl',
  flemish: 'nl',
  русский: 'ru',
  farsi: 'fa',
  norsk: 'no',
  bokmål: 'no',
  svenska: 'sv',
  polski: 'pl',
  türkçe: 'tr',
};

const BY_NAME: ReadonlyMap<string, string> = new Map([
  ...Object.entries(LANGUAGE_NAMES).map(([code, name]) => [name.toLowerCase(), code] as const),
  ...Object.entries(ALIASES),
]);

/**
 * The ISO 639-1 code of a language name or code (`'English'` → `'en'`, `'de'` → `'de'`,
 * `'pt-BR'` → `'pt'`), or `undefined` when the name is not known.
 */
export function toIsoCode(language: string): string | undefined {
  const key = language.trim().toLowerCase();
  const base = key.split(/[-_]/)[0] ?? key;
  if (base.length === 2 && /^[a-z]{2}$/.test(base)) return base;
  return BY_NAME.get(key);
}

/** The English name of an ISO code (the code itself when unknown). */
export function languageName(code: string): string {
  return LANGUAGE_NAMES[code] ?? code;
}
