/**
 * Deterministic generator for the PII eval's blind held-out set (`independent-1/templates.ts`): each
 * template is filled {@link INDEPENDENT_1_FILLS} times from a `@faker-js/faker` instance of its language
 * seeded with {@link INDEPENDENT_1_SEED} (duplicate lines dropped, so a template without slots gives one
 * line). Every value of a PII slot is recorded with its exact span (string indices, `end`
 * exclusive). Run directly to (re)write `eval/pii/development/independent-1.jsonl`; a test checks that the
 * committed file is exactly this output.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Faker, fakerDE, fakerEN_US, fakerES, fakerFR, fakerJA, fakerKO, fakerZH_CN } from '@faker-js/faker';
import type { PIIType } from '../../../../src/processors/pii-detector/detect/types.js';
import { INDEPENDENT_1_TEMPLATES } from './templates.js';
import {
  apiKey,
  badCardNumber,
  badIban,
  type Independent1Lang,
  btcBech32,
  btcLegacy,
  type CardBrand,
  cardNumber,
  dateText,
  ean13,
  ethAddress,
  fullName,
  hexHash,
  iban,
  invoiceNumber,
  ipv4,
  ipv6,
  isbn13,
  lotNumber,
  maskedCard,
  orderNumber,
  passport,
  phone,
  postalAddress,
  ssn,
  tracking,
  urlCredential,
  uuid4,
  version,
} from './values.js';
import type { PIIFixture } from '../templates/generate.js';

/** The blind generator's fixed seed (each language's faker gets this plus its index). */
export const INDEPENDENT_1_SEED = 20261211;

/** Fill attempts per template. */
export const INDEPENDENT_1_FILLS = 2;

/** Where the committed snapshot lives. */
export const INDEPENDENT_1_FIXTURES_PATH = fileURLToPath(new URL('../../development/independent-1.jsonl', import.meta.url));

const LANGS: readonly Independent1Lang[] = ['en', 'de', 'fr', 'es', 'zh', 'ja', 'ko'];

const FAKERS: Record<Independent1Lang, Faker> = {
  en: fakerEN_US,
  de: fakerDE,
  fr: fakerFR,
  es: fakerES,
  zh: fakerZH_CN,
  ja: fakerJA,
  ko: fakerKO,
};

/** Card brands a customer writing in each language plausibly holds. */
const BRANDS: Record<Independent1Lang, readonly CardBrand[]> = {
  en: ['visa', 'mastercard', 'amex', 'discover'],
  de: ['visa', 'mastercard'],
  fr: ['visa', 'mastercard'],
  es: ['visa', 'mastercard', 'amex'],
  zh: ['unionpay', 'visa'],
  ja: ['jcb', 'visa', 'mastercard'],
  ko: ['visa', 'mastercard'],
};

/** IBAN countries per language (CJK speakers paying into European accounts). */
const IBAN_COUNTRIES: Record<Independent1Lang, readonly string[]> = {
  en: ['GB'],
  de: ['DE', 'AT', 'CH'],
  fr: ['FR', 'BE'],
  es: ['ES'],
  zh: ['DE', 'NL', 'GB'],
  ja: ['DE', 'FR', 'IT'],
  ko: ['GB', 'NL', 'DE'],
};

/** A slot's value and, for a PII slot, its type. */
interface Piece {
  text: string;
  type?: PIIType;
}

type Slot = (f: Faker, lang: Independent1Lang) => Piece;

const pii =
  (type: PIIType, gen: (f: Faker, lang: Independent1Lang) => string): Slot =>
  (f, lang) => ({ text: gen(f, lang), type });
const plain =
  (gen: (f: Faker, lang: Independent1Lang) => string): Slot =>
  (f, lang) => ({ text: gen(f, lang) });

const SLOTS: Record<string, Slot> = {
  // personal data, labelled
  name: pii('name', fullName),
  email: pii('email', (f) => f.internet.email().toLowerCase()),
  phone: pii('phone', phone),
  address: pii('address', postalAddress),
  dob: pii('date-of-birth', (f, lang) => dateText(f, lang, true)),
  passport: pii('passport', passport),
  ssn: pii('ssn', (f) => ssn(f, '-')),
  card: pii('credit-card', (f, lang) => cardNumber(f, f.helpers.arrayElement(BRANDS[lang]), f.helpers.arrayElement([' ', '-', '']))),
  iban: pii('iban', (f, lang) => iban(f, f.helpers.arrayElement(IBAN_COUNTRIES[lang]), f.datatype.boolean())),
  ip: pii('ip-address', ipv4),
  ip6: pii('ip-address', ipv6),
  btc: pii('crypto-wallet', (f) => (f.datatype.boolean() ? btcLegacy(f, false) : btcLegacy(f, true))),
  btc_bech32: pii('crypto-wallet', btcBech32),
  eth: pii('crypto-wallet', ethAddress),
  cred: pii('credential', urlCredential),
  key_openai: pii('api-key', (f) => apiKey(f, 'openai')),
  key_anthropic: pii('api-key', (f) => apiKey(f, 'anthropic')),
  key_github: pii('api-key', (f) => apiKey(f, f.datatype.boolean() ? 'github' : 'github-pat')),
  key_aws: pii('api-key', (f) => apiKey(f, 'aws')),
  key_slack: pii('api-key', (f) => apiKey(f, 'slack')),
  key_stripe: pii('api-key', (f) => apiKey(f, 'stripe')),
  key_google: pii('api-key', (f) => apiKey(f, 'google')),
  // look-alikes, never labelled
  uuid: plain(uuid4),
  version: plain(version),
  sha256: plain((f) => hexHash(f, 32)),
  gitsha: plain((f) => hexHash(f, 20).slice(0, f.helpers.arrayElement([7, 12, 40]))),
  order: plain(orderNumber),
  tracking: plain(tracking),
  invoice: plain(invoiceNumber),
  lot: plain(lotNumber),
  isbn: plain(isbn13),
  ean: plain(ean13),
  masked: plain(maskedCard),
  badcard: plain((f) => badCardNumber(f, f.helpers.arrayElement([' ', '-']))),
  badiban: plain((f, lang) => badIban(f, f.helpers.arrayElement(IBAN_COUNTRIES[lang]), f.datatype.boolean())),
  date: plain((f, lang) => dateText(f, lang, false)),
};

const SLOT_RE = /\{([a-z0-9_]+)(?:@([a-z]{2}))?\}/g;

/** Fills one template: the text and the exact span of every PII slot. */
function fill(template: string, lang: Independent1Lang, fakers: Record<Independent1Lang, Faker>): Pick<PIIFixture, 'text' | 'spans'> {
  let text = '';
  const spans: PIIFixture['spans'] = [];
  let last = 0;
  for (const m of template.matchAll(SLOT_RE)) {
    const [marker, name, at] = m as unknown as [string, string, string | undefined];
    const slot = SLOTS[name];
    if (slot === undefined) throw new Error(`blind template slot {${name}} is unknown: ${template}`);
    const valueLang = (at ?? lang) as Independent1Lang;
    if (!LANGS.includes(valueLang)) throw new Error(`blind template slot {${marker}} names an unknown language`);
    text += template.slice(last, m.index);
    const piece = slot(fakers[valueLang], valueLang);
    if (piece.type !== undefined) spans.push({ type: piece.type, start: text.length, end: text.length + piece.text.length });
    text += piece.text;
    last = m.index + marker.length;
  }
  text += template.slice(last);
  return { text, spans };
}

/** Every blind fixture line (all in the held-out half), the same on every call. */
export function generateIndependent1PIIFixtures(): PIIFixture[] {
  LANGS.forEach((lang, i) => FAKERS[lang].seed(INDEPENDENT_1_SEED + i));
  const out: PIIFixture[] = [];
  const seen = new Set<string>();
  const count: Record<string, number> = {};
  for (let round = 0; round < INDEPENDENT_1_FILLS; round++) {
    for (const tpl of INDEPENDENT_1_TEMPLATES) {
      const { text, spans } = fill(tpl.text, tpl.lang, FAKERS);
      if (seen.has(text)) continue;
      seen.add(text);
      count[tpl.lang] = (count[tpl.lang] ?? 0) + 1;
      out.push({ id: `blind-${tpl.lang}-${String(count[tpl.lang]).padStart(3, '0')}`, lang: tpl.lang, text, spans, negative: spans.length === 0, half: 'heldout' });
    }
  }
  return out;
}

/** The snapshot's exact content: one JSON object per line. */
export function independent1Jsonl(): string {
  return `${generateIndependent1PIIFixtures()
    .map((f) => JSON.stringify(f))
    .join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(INDEPENDENT_1_FIXTURES_PATH, independent1Jsonl());
  console.log(`wrote ${generateIndependent1PIIFixtures().length} lines to ${INDEPENDENT_1_FIXTURES_PATH}`);
}
