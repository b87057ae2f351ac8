/**
 * Generates independent set 5 (`independent-5.jsonl`) from `independent-5/templates.ts` and the seeded
 * values of `independent-5/values.ts`. Deterministic: the same file on every run.
 *
 *   npx tsx eval/pii/generators/independent-5/generate.ts
 *
 * It only builds lines; it never runs a detector.
 */
import { writeFileSync } from 'node:fs';
import { type Independent5Type, INDEPENDENT_5_TEMPLATES, type Part, type Template, type Values } from './templates.js';
import {
  address,
  apiKey,
  type Independent5Lang,
  badCard,
  badIban,
  birthDate,
  btcBase58,
  btcBech32,
  card,
  email,
  eth,
  familyName,
  givenName,
  hexDigest,
  iban,
  ipv4,
  ipv4Private,
  ipv6,
  jaPostcode,
  PHONE_COUNTRY,
  passport,
  personName,
  phone,
  Rng,
  seedFakers,
  ssn,
  uuid,
  wallet,
} from './values.js';

/** One line of the set, in the format `eval/pii.ts` loads. */
export interface Independent5PIIFixture {
  id: string;
  text: string;
  lang: Independent5Lang;
  negative: boolean;
  spans: Array<{ type: Independent5Type; start: number; end: number }>;
  half: 'heldout';
  template: string;
}

const IBAN_COUNTRY: Record<Independent5Lang, string> = {
  en: 'GB',
  de: 'DE',
  fr: 'FR',
  es: 'ES',
  zh: 'DE',
  ja: 'DE',
  ko: 'GB',
};

function valuesFor(r: Rng, lang: Independent5Lang): Values {
  return {
    r,
    name: () => personName(r, lang),
    family: () => familyName(r, lang),
    given: () => givenName(r, lang),
    phone: (intl) => phone(r, PHONE_COUNTRY[lang], intl),
    email: () => email(r, lang),
    card: () => card(r),
    badCard: () => badCard(r),
    badIban: (country) => badIban(r, country ?? IBAN_COUNTRY[lang]),
    iban: (country, grouped) => iban(r, country ?? IBAN_COUNTRY[lang], grouped),
    ssn: (sep) => ssn(r, sep),
    key: (provider) => apiKey(r, provider),
    ip4: () => ipv4(r),
    ip4Private: () => ipv4Private(r),
    ip6: () => ipv6(r),
    address: (withCity) => address(r, lang, withCity),
    dob: (style) => birthDate(r, lang, style),
    passport: () => passport(r, lang),
    wallet: () => wallet(r),
    btc: () => (r.chance(0.5) ? btcBech32(r) : btcBase58(r)),
    eth: () => eth(r),
    uuid: () => uuid(r),
    hex: (n) => hexDigest(r, n),
    jaPostcode: () => jaPostcode(r),
  };
}

/** Concatenates parts into a line and its exact spans. */
export function assemble(parts: readonly Part[]): { text: string; spans: Independent5PIIFixture['spans'] } {
  let text = '';
  const spans: Independent5PIIFixture['spans'] = [];
  for (const p of parts) {
    if (typeof p === 'string') text += p;
    else if ('url' in p) {
      const [before, cred, after] = p.url;
      // The documented contract (README, type table: the `user:password` of a URL "is its own
      // detection and wins the overlap") makes a credential URL one `credential` span, not a
      // `url` span around it as well; the set's writer had labelled both (relabelled in round 4).
      const start = text.length;
      spans.push({
        type: 'credential',
        start: start + before.length,
        end: start + before.length + cred.length,
      });
      text += before + cred + after;
    } else {
      spans.push({ type: p.t, start: text.length, end: text.length + p.v.length });
      text += p.v;
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  return { text, spans };
}

/** Every line of independent set 5, the same on every call. */
export function generateIndependent5PIIFixtures(): Independent5PIIFixture[] {
  seedFakers(5005);
  const out: Independent5PIIFixture[] = [];
  INDEPENDENT_5_TEMPLATES.forEach(({ template, count }: { template: Template; count: number }, ti) => {
    for (let i = 0; i < count; i++) {
      const r = new Rng(5_000_003 + ti * 101 + i * 7919);
      const { text, spans } = assemble(template.make(valuesFor(r, template.lang)));
      out.push({
        id: `b5-pii-${template.id}-${i + 1}`,
        text,
        lang: template.lang,
        negative: template.negative,
        spans: template.negative ? [] : spans,
        half: 'heldout',
        template: template.id,
      });
    }
  });
  return out;
}

if (process.argv[1]?.endsWith('pii/generators/independent-5/generate.ts')) {
  const lines = generateIndependent5PIIFixtures().map((f) => JSON.stringify(f));
  writeFileSync(new URL('../../development/independent-5.jsonl', import.meta.url), `${lines.join('\n')}\n`);
  console.log(`wrote ${lines.length} lines to eval/pii/development/independent-5.jsonl`);
}
