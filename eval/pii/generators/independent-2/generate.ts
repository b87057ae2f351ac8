/**
 * Generator of independent set 2: renders `INDEPENDENT_2_TEMPLATES` with values from
 * `independent-2/values.ts` under one fixed seed and records the exact span of every PII slot.
 * Deterministic: the same code always yields the same lines, and `independent-2.jsonl` is
 * exactly this output (pinned by `src/processors/pii-detector/eval-fixture-values-validate.test.ts`).
 *
 * Regenerate with `npx tsx eval/pii/generators/independent-2/generate.ts --write`.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type Faker,
  fakerDE,
  fakerEN_US,
  fakerES,
  fakerFR,
  fakerJA,
  fakerKO,
  fakerZH_CN,
} from '@faker-js/faker';
import { INDEPENDENT_2_TEMPLATES, type Independent2Template, RENDERS_PER_TEMPLATE } from './templates.js';
import type { Independent2Lang } from './values.js';
import * as v from './values.js';

/** The PII type names this set labels (the documented names of issue #11). */
export type Independent2PIIType =
  | 'email'
  | 'phone'
  | 'credit-card'
  | 'ssn'
  | 'api-key'
  | 'ip-address'
  | 'iban'
  | 'date-of-birth'
  | 'address'
  | 'url'
  | 'name'
  | 'crypto-wallet'
  | 'passport'
  | 'credential';

/** One fixture line, in the same shape as the other PII eval sets. */
export interface Independent2Fixture {
  id: string;
  lang: Independent2Lang;
  text: string;
  /** Exact spans of the personal data in `text` (`end` exclusive). Empty for negatives. */
  spans: Array<{ type: Independent2PIIType; start: number; end: number }>;
  negative: boolean;
  half: 'heldout';
}

/** The fixed seed of the set. */
export const INDEPENDENT_2_SEED = 20261203;

const FAKERS: Record<Independent2Lang, Faker> = {
  en: fakerEN_US,
  de: fakerDE,
  fr: fakerFR,
  es: fakerES,
  zh: fakerZH_CN,
  ja: fakerJA,
  ko: fakerKO,
};

const IBAN_COUNTRY: Record<Independent2Lang, readonly string[]> = {
  en: ['GB'],
  de: ['DE', 'DE', 'AT', 'CH'],
  fr: ['FR', 'FR', 'BE'],
  es: ['ES'],
  zh: ['DE', 'FR', 'GB', 'NL', 'IT', 'PL'],
  ja: ['DE', 'FR', 'GB', 'NL', 'IT'],
  ko: ['DE', 'GB', 'NL', 'FR', 'PL'],
};

type Gen = (r: v.Rng, f: Faker, lang: Independent2Lang) => string;

/** PII slots: generator and label. */
const PII_SLOTS: Record<string, [Independent2PIIType, Gen]> = {
  name: ['name', (r, f, l) => v.personName(r, f, l)],
  email: ['email', (r, f, l) => v.email(r, f, l)],
  phone: ['phone', (r, _f, l) => v.phone(r, l)],
  card: ['credit-card', (r) => v.formatCard(r, v.cardDigits(r)[0])],
  card_visa: ['credit-card', (r) => v.formatCard(r, v.cardDigits(r, 'visa')[0])],
  card_amex: ['credit-card', (r) => v.formatCard(r, v.cardDigits(r, 'amex')[0])],
  ssn: ['ssn', (r) => v.ssn(r)],
  key: ['api-key', (r) => v.apiKey(r)],
  key_openai: ['api-key', (r) => v.apiKey(r, 'openai')],
  key_github: ['api-key', (r) => v.apiKey(r, 'github')],
  key_aws: ['api-key', (r) => v.apiKey(r, 'aws')],
  key_stripe: ['api-key', (r) => v.apiKey(r, 'stripe')],
  key_slack: ['api-key', (r) => v.apiKey(r, 'slack')],
  key_google: ['api-key', (r) => v.apiKey(r, 'google')],
  ip: ['ip-address', (r) => v.ipv4(r)],
  ipp: ['ip-address', (r) => v.ipv4Private(r)],
  ip6: ['ip-address', (r) => v.ipv6(r)],
  iban: ['iban', (r, _f, l) => v.iban(r, r.pick(IBAN_COUNTRY[l]))],
  iban_de: ['iban', (r) => v.iban(r, 'DE')],
  iban_fr: ['iban', (r) => v.iban(r, 'FR')],
  dob: ['date-of-birth', (r, _f, l) => v.date(r, l, true)],
  address: ['address', (r, f, l) => v.address(r, f, l)],
  url: ['url', (r) => v.url(r)],
  btc: ['crypto-wallet', (r) => v.btc(r)],
  passport: ['passport', (r, _f, l) => v.passport(r, l)],
  cred: ['credential', (r, f) => v.credential(r, f)],
};

/** Look-alike slots: never labelled. */
const DECOY_SLOTS: Record<string, Gen> = {
  order: (r) => v.reference(r, 'order'),
  invoice: (r) => v.reference(r, 'invoice'),
  lot: (r) => v.reference(r, 'lot'),
  ticket: (r) => v.reference(r, 'ticket'),
  version: (r) => v.reference(r, 'version'),
  sha256: (r) => v.reference(r, 'sha256'),
  gitsha: (r) => v.reference(r, 'gitsha'),
  sku: (r) => v.reference(r, 'sku'),
  amount: (r) => v.reference(r, 'amount'),
  timestamp: (r) => v.reference(r, 'timestamp'),
  uuid: (r) => v.uuid(r),
  tracking: (r) => v.tracking(r),
  isbn: (r) => v.isbn13(r),
  ean: (r) => v.ean13(r),
  masked: (r, _f, l) => v.maskedCard(r, l),
  badcard: (r) => v.badCard(r),
  badiban: (r, _f, l) => v.badIban(r, l === 'es' ? 'ES' : l === 'fr' ? 'FR' : 'DE'),
  badssn: (r) => v.badSsn(r),
  badbtc: (r) => v.badBtc(r),
  placeholder: (r) => v.placeholderKey(r),
  date: (r, _f, l) => v.date(r, l, false),
};

const SLOT_TEST = /\{[a-z0-9_]+(?:@[a-z]{2})?\}/;
const SLOT = /\{([a-z0-9_]+)(?:@(en|de|fr|es|zh|ja|ko))?\}/g;

/** True when the template has no PII slot, i.e. renders to a look-alike negative. */
export function isNegativeTemplate(t: Independent2Template): boolean {
  for (const m of t.text.matchAll(SLOT)) if ((m[1] as string) in PII_SLOTS) return false;
  return true;
}

function render(t: Independent2Template, r: v.Rng, id: string): Independent2Fixture {
  let text = '';
  let last = 0;
  const spans: Independent2Fixture['spans'] = [];
  for (const m of t.text.matchAll(SLOT)) {
    const slot = m[1] as string;
    const lang = (m[2] as Independent2Lang | undefined) ?? t.lang;
    text += t.text.slice(last, m.index);
    last = (m.index as number) + m[0].length;
    const pii = PII_SLOTS[slot];
    const f = FAKERS[lang];
    if (pii !== undefined) {
      const value = pii[1](r, f, lang);
      spans.push({ type: pii[0], start: text.length, end: text.length + value.length });
      text += value;
    } else {
      const decoy = DECOY_SLOTS[slot];
      if (decoy === undefined) throw new Error(`blind2: unknown slot {${slot}} in "${t.text}"`);
      text += decoy(r, f, lang);
    }
  }
  text += t.text.slice(last);
  return { id, lang: t.lang, text, spans, negative: spans.length === 0, half: 'heldout' };
}

/** Every line of independent set 2, in a fixed order. */
export function generateIndependent2Fixtures(): Independent2Fixture[] {
  for (const f of Object.values(FAKERS)) f.seed(INDEPENDENT_2_SEED);
  const r = new v.Rng(fakerEN_US);
  const perLang = new Map<Independent2Lang, number>();
  const out: Independent2Fixture[] = [];
  for (const t of INDEPENDENT_2_TEMPLATES) {
    // A template without slots would render the same line twice: it yields one line.
    const renders = SLOT_TEST.test(t.text) ? RENDERS_PER_TEMPLATE : 1;
    for (let k = 0; k < renders; k++) {
      const n = perLang.get(t.lang) ?? 0;
      perLang.set(t.lang, n + 1);
      out.push(render(t, r, `blind2-${t.lang}-${String(n).padStart(3, '0')}`));
    }
  }
  return out;
}

/** The committed file's content: one JSON object per line, trailing newline. */
export function independent2Jsonl(): string {
  return `${generateIndependent2Fixtures()
    .map((f) => JSON.stringify(f))
    .join('\n')}\n`;
}

/** Path of the committed fixtures. */
export const INDEPENDENT_2_PATH = fileURLToPath(new URL('../../development/independent-2.jsonl', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--write')) {
  writeFileSync(INDEPENDENT_2_PATH, independent2Jsonl());
  console.log(`wrote ${INDEPENDENT_2_PATH}`);
}
