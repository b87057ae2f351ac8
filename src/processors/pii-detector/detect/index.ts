/**
 * `detectPII()`: offline personal-data detection. Each family of values lives in its own
 * module (`email.ts`, `phone.ts`, `card.ts`, …) and validates what it matches — checksums,
 * numbering plans, issued ranges, cues — so look-alikes (order numbers, ISBNs, versions,
 * hashes, placeholders) do not fire. This module runs the families, drops numeric candidates
 * inside known non-PII stretches (`masks.ts`) and resolves overlaps.
 */
import { findAddresses } from './address.js';
import { findCards } from './card.js';
import { findWallets } from './crypto-wallet.js';
import { findBirthDates } from './date-of-birth.js';
import { findEmails } from './email.js';
import { findIbans } from './iban.js';
import { findIps } from './ip.js';
import { findMasks, masked } from './masks.js';
import { findNames } from './name.js';
import { findCjkCellNames } from './name-cells.js';
import { NOT_NAME_WORDS, NOT_NAMES } from './name-lexicon.js';
import { findModelNames } from './name-model.js';
import { namesBeforeAddresses } from './name-records.js';
import { findPassports } from './passport.js';
import { DEFAULT_PHONE_COUNTRIES, findPhones } from './phone.js';
import { findSecrets } from './secret.js';
import { findSsns } from './ssn.js';
import type { Candidate, DetectPIIOptions, PIIDetection, PIIType, ScanContext } from './types.js';
import { findUrls } from './url.js';
import { findUuids } from './uuid.js';

export type { DetectPIIOptions, PIIDetection, PIIType } from './types.js';

/** Every type `detectPII()` knows, in the order overlaps are decided when confidence ties. */
export const PII_TYPES: readonly PIIType[] = [
  'credential',
  'api-key',
  'credit-card',
  'iban',
  'ssn',
  'crypto-wallet',
  'email',
  'passport',
  'phone',
  'ip-address',
  'date-of-birth',
  'uuid',
  'url',
  'address',
  'name',
];

/** The default of `DetectPIIOptions.types`: everything but `uuid`. */
export const DEFAULT_DETECT_TYPES: readonly PIIType[] = PII_TYPES.filter((t) => t !== 'uuid');

const PRIORITY = new Map(PII_TYPES.map((t, i) => [t, i]));

/** Types found by counting digits, which must not be read out of UUIDs, digests or ISBNs. */
const NUMERIC: ReadonlySet<PIIType> = new Set([
  'phone',
  'credit-card',
  'ssn',
  'passport',
  'iban',
  'ip-address',
]);

/** Guess the country of national phone numbers from the script and a few function words. */
function phoneCountriesFor(text: string, given: readonly string[] | undefined): readonly string[] {
  if (given !== undefined) return given;
  let hint: string | undefined;
  if (/[가-힣]/.test(text)) hint = 'KR';
  else if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) hint = 'JP';
  else if (/\p{Script=Han}/u.test(text)) hint = 'CN';
  else if (/\b(?:und|ist|ich|nicht|mit|Sie|unter|Telefon|Handy|erreichbar|bitte)\b/.test(text)) hint = 'DE';
  else if (/(?:\b(?:vous|est|mon|numéro|téléphone|appelez|joindre|je|au)\b|\bà\b)/.test(text)) hint = 'FR';
  else if (/\b(?:el|es|mi|su|número|teléfono|llame|llámame|móvil|al)\b/.test(text)) hint = 'ES';
  if (hint === undefined) return DEFAULT_PHONE_COUNTRIES;
  return [hint, ...DEFAULT_PHONE_COUNTRIES.filter((c) => c !== hint)];
}

/**
 * Inserts `c` into `byStart` (sorted by start, never overlapping) unless it overlaps one of
 * them. A binary search finds its neighbours, so resolving n candidates is O(n log n) plus the
 * array moves.
 */
function insertIfFree(byStart: Candidate[], c: Candidate): void {
  let lo = 0;
  let hi = byStart.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((byStart[mid] as Candidate).start < c.start) lo = mid + 1;
    else hi = mid;
  }
  const before = byStart[lo - 1];
  const after = byStart[lo];
  if (before !== undefined && before.end > c.start) return;
  if (after !== undefined && after.start < c.end) return;
  byStart.splice(lo, 0, c);
}

/**
 * Finds personal data in `text`, offline and synchronously: e-mails, phone numbers (through
 * libphonenumber's numbering plans, in any country), payment cards (issuer ranges + Luhn),
 * IBANs (country length + mod 97), US SSNs (issued ranges), IP addresses (`node:net`), API keys
 * (provider prefixes + entropy), URLs and the credentials inside them, crypto wallets
 * (base58check / bech32), passport numbers and dates of birth after a cue, street addresses in
 * each country's postal layouts, and names after cues or structural anchors or, in Latin
 * script, from a learned span classifier (`name-model.ts`), in English, German, French, Spanish,
 * Chinese, Japanese and Korean text.
 *
 * Returns detections sorted by `start`, never overlapping (the more confident, then the more
 * sensitive, detection wins). Detection is best-effort: see docs/reference/eval.md for measured precision
 * and recall and what is out of reach offline (names without any anchor, free-form addresses).
 *
 * @example
 * detectPII('Mail jane.doe@gmail.com or call +49 30 12345678');
 * // → [{ type: 'email', start: 5, end: 23, … }, { type: 'phone', start: 32, end: 47, … }]
 */
export function detectPII(text: string, options: DetectPIIOptions = {}): PIIDetection[] {
  if (text.length === 0) return [];
  const types = new Set(options.types ?? DEFAULT_DETECT_TYPES);
  const min = options.minConfidence ?? 0;
  // The country guess reads the whole text: only worth it once a candidate needs parsing.
  let countries: readonly string[] | undefined;
  const ctx: ScanContext = {
    text,
    ignoreDocumentationDomains: options.ignoreDocumentationDomains === true,
    phoneCountries: () => {
      countries ??= phoneCountriesFor(text, options.phoneCountries);
      return countries;
    },
  };
  const found: Candidate[] = [];
  // Cheap pre-checks keep each family off texts that cannot hold its values.
  const hasDigit = /\d/.test(text);
  if (types.has('email') && text.includes('@')) findEmails(ctx, found);
  if ((types.has('url') || types.has('credential')) && (text.includes('://') || text.includes('www.')))
    findUrls(ctx, found, !types.has('url'));
  if (hasDigit) {
    if (types.has('phone')) findPhones(ctx, found);
    if (types.has('credit-card')) findCards(ctx, found);
    if (types.has('iban')) findIbans(ctx, found);
    if (types.has('ssn')) findSsns(ctx, found);
    if (types.has('ip-address')) findIps(ctx, found);
    if (types.has('passport')) findPassports(ctx, found);
    if (types.has('date-of-birth')) findBirthDates(ctx, found);
    if (types.has('address')) findAddresses(ctx, found);
    if (types.has('crypto-wallet')) findWallets(ctx, found);
  } else if (types.has('address')) findAddresses(ctx, found);
  if (types.has('api-key')) findSecrets(ctx, found);
  if (types.has('name')) {
    findNames(ctx, found);
    findModelNames(text, found);
    findCjkCellNames(text, found);
    // The person before an address is read from the address candidates, found here too when
    // addresses themselves were not asked for, so names do not depend on `types`.
    const anchors: Candidate[] = [];
    if (!types.has('address')) findAddresses(ctx, anchors);
    namesBeforeAddresses(text, types.has('address') ? found : anchors, found);
    if (text.includes(']')) chatSpeakers(text, found);
    tidyNameEdges(text, found);
  }
  const masks = hasDigit && found.some((c) => NUMERIC.has(c.type)) ? findMasks(text) : [];
  if (types.has('uuid')) findUuids(ctx, found);
  const kept = found.filter(
    (c) =>
      types.has(c.type) &&
      c.confidence >= min &&
      c.end > c.start &&
      !(NUMERIC.has(c.type) && masked(masks, c.start, c.end)),
  );
  kept.sort(
    (a, b) =>
      b.confidence - a.confidence ||
      (PRIORITY.get(a.type) ?? 99) - (PRIORITY.get(b.type) ?? 99) ||
      b.end - b.start - (a.end - a.start),
  );
  const accepted: Candidate[] = [];
  for (const c of kept) insertIfFree(accepted, c);
  return accepted.map((c) => ({
    type: c.type,
    start: c.start,
    end: c.end,
    value: text.slice(c.start, c.end),
    confidence: c.confidence,
  }));
}

/** Greetings, thanks and account roles a capitalised run can start with: never a given name. */
const NAME_LEAD =
  /^(?:thanks|thank|thx|danke|merci|gracias|grazie|hi|hey|hello|hallo|dear|liebe|lieber|cher|chère|hola|bonjour|salut|kontoinhaber|kontoinhaberin|inhaber|inhaberin|titulaire|titular)[\s,]+/iu;
/** Words that make a capitalised run a closing, a department or a compass point, not a person. */
const NAME_NEVER =
  /(?:^|[\s-])(?:grüße|grüßen|gruß|vertrieb|einkauf|buchhaltung|süd|nord|ost|정보)(?=$|[\s-])/iu;
/** Chinese job titles glued after a surname: "罗经理" names 罗. */
const ZH_TITLE_AFTER = /(?<=^\p{Script=Han})(?:经理|總經理|总经理|主任|老师|老師)$/u;

/**
 * Edges of name candidates: a leading greeting or account role ("Thanks Alek", "Kontoinhaberin
 * Jan Tilgner") is cut off, a Chinese title after a one-character surname is cut off, and a run
 * that is a closing or a department ("Viele Grüße", "Vertrieb Süd") is dropped. One regex test
 * per name candidate.
 */
function tidyNameEdges(text: string, found: Candidate[]): void {
  for (const c of found) {
    if (c.type !== 'name') continue;
    let value = text.slice(c.start, c.end);
    const lead = NAME_LEAD.exec(value);
    if (lead !== null && lead[0].length < value.length) {
      c.start += lead[0].length;
      value = value.slice(lead[0].length);
    }
    const title = ZH_TITLE_AFTER.exec(value);
    if (title !== null) c.end -= title[0].length;
    if (NAME_NEVER.test(value)) c.end = c.start;
  }
}

/**
 * A chat export line: "[10:22] Félicie : …", "[10:12] 王明：…", "[15:20] 윤승민: …". The
 * bracketed time, then a speaker of one to three capitalised words (or two to four Han, kana or
 * Hangul characters, or one Han surname), then a colon.
 */
const CHAT_LINE =
  /^[ \t]*\[\d{1,2}:\d{2}(?::\d{2})?\][ \t]*(\p{Lu}\p{Ll}+(?:[ -]\p{Lu}\p{Ll}+){0,2}|[\p{Script=Han}\p{Script=Hangul}]{1,4})[ \t\u3000]*[:：]/gmu;
/** Speakers of chat lines that are roles, not people. */
const CHAT_ROLES = new Set([
  'System',
  'Bot',
  'Admin',
  'Support',
  'Assistant',
  'User',
  'Agent',
  'Moderator',
  'Server',
  'Customer',
  'Kunde',
  'Kundin',
  'Mitarbeiter',
  'Client',
  'Cliente',
  'Agente',
  'Usuario',
  'Utilisateur',
  'Conseiller',
  '系统',
  '管理员',
  '客服',
  '客户',
  '用户',
  'お客様',
  '担当',
  '시스템',
  '관리자',
  '상담원',
  '고객',
  '사용자',
]);

function chatSpeakers(text: string, found: Candidate[]): void {
  CHAT_LINE.lastIndex = 0;
  for (let m = CHAT_LINE.exec(text); m !== null; m = CHAT_LINE.exec(text)) {
    const speaker = m[1] ?? '';
    if (CHAT_ROLES.has(speaker)) continue;
    if (speaker.split(/[ -]/u).some((w) => NOT_NAME_WORDS.has(w) || NOT_NAMES.has(w))) continue;
    const start = m.index + m[0].indexOf(speaker, m[0].indexOf(']'));
    found.push({ type: 'name', start, end: start + speaker.length, confidence: 0.75 });
  }
}
