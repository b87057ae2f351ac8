/**
 * Renders independent set 3: every template of `independent-3/templates.ts`, `RENDERS_PER_TEMPLATE`
 * times, with values from one fixed seed, into `independent-3.jsonl` (one JSON object per line,
 * the same line format as the other PII fixture files). Deterministic: running it again gives the
 * same bytes, which `src/processors/pii-detector/eval-fixtures-match-generator.test.ts` checks.
 *
 * Run: `npx tsx eval/pii/generators/independent-3/generate.ts` (writes `eval/pii/development/independent-3.jsonl`).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { INDEPENDENT_3_TEMPLATES, RENDERS_PER_TEMPLATE } from './templates.js';
import { type Independent3Lang, Independent3Values } from './values.js';

/** The seed of the committed set. */
export const INDEPENDENT_3_SEED = 0x5b1d3;

/** The labelled types of the set. */
export type Independent3Type =
  | 'email' | 'phone' | 'credit-card' | 'ssn' | 'api-key' | 'ip-address' | 'iban' | 'date-of-birth'
  | 'address' | 'url' | 'name' | 'crypto-wallet' | 'passport' | 'credential';

/** One labelled span (`end` exclusive, string indices). */
export interface Independent3Span {
  type: Independent3Type;
  start: number;
  end: number;
}

/** One fixture line. */
export interface Independent3Fixture {
  id: string;
  text: string;
  lang: Independent3Lang;
  negative: boolean;
  spans: Independent3Span[];
  /** The whole set is held out: tuning never reads it. */
  half: 'held-out';
  /** Index of the template in `INDEPENDENT_3_TEMPLATES`. */
  template: number;
}

const LANGS: readonly Independent3Lang[] = ['en', 'de', 'fr', 'es', 'zh', 'ja', 'ko'];

/** The country of a language's IBANs when the slot names none. */
const IBAN_CC: Readonly<Record<Independent3Lang, string>> = { en: 'GB', de: 'DE', fr: 'FR', es: 'ES', zh: 'NL', ja: 'GB', ko: 'DE' };

const PII_SLOTS: Readonly<Record<string, Independent3Type>> = {
  name: 'name', first: 'name', last: 'name', email: 'email', phone: 'phone', card: 'credit-card',
  ssn: 'ssn', key: 'api-key', ip: 'ip-address', ipp: 'ip-address', ip6: 'ip-address', iban: 'iban',
  dob: 'date-of-birth', address: 'address', url: 'url', btc: 'crypto-wallet', passport: 'passport',
  cred: 'credential',
};

/** Draws the value of one slot; returns its type when it is PII. */
function draw(v: Independent3Values, slot: string, lang: Independent3Lang): { value: string; type?: Independent3Type } {
  const [base, arg] = slot.split('_') as [string, string | undefined];
  const type = PII_SLOTS[base];
  switch (base) {
    case 'name': return { value: v.name(lang), type };
    case 'first': return { value: v.first(lang), type };
    case 'last': return { value: v.last(lang), type };
    case 'email': return { value: v.email(lang), type };
    case 'phone': return { value: v.phone(lang), type };
    case 'card': return { value: v.card(), type };
    case 'ssn': return { value: v.ssn(), type };
    case 'key': return { value: v.key(arg), type };
    case 'ip': return { value: v.ip(), type };
    case 'ipp': return { value: v.ipp(), type };
    case 'ip6': return { value: v.ip6(), type };
    case 'iban': return { value: v.iban(arg ?? IBAN_CC[lang]), type };
    case 'dob': return { value: v.dob(lang), type };
    case 'address': return { value: v.address(lang), type };
    case 'url': return { value: v.url(lang), type };
    case 'btc': return { value: v.btc(), type };
    case 'passport': return { value: v.passport(lang), type };
    case 'cred': return { value: v.cred(), type };
    case 'badcard': return { value: v.badcard() };
    case 'badiban': return { value: v.badiban(arg ?? IBAN_CC[lang]) };
    case 'badssn': return { value: v.badssn() };
    case 'badbtc': return { value: v.badbtc() };
    case 'date': return { value: v.date(lang) };
    case 'order': case 'tracking': case 'invoice': case 'lot': case 'isbn': case 'version': case 'sha':
    case 'uuid': case 'masked': case 'amount': case 'ts': case 'sku': case 'product': case 'company':
    case 'place': case 'ticket': case 'num':
      return { value: v[base]() };
    default:
      throw new Error(`blind3-templates: unknown slot {${slot}}`);
  }
}

/** Renders the whole set from `seed`. */
export function generateIndependent3(seed = INDEPENDENT_3_SEED): Independent3Fixture[] {
  const v = new Independent3Values(seed);
  const out: Independent3Fixture[] = [];
  const perLang = new Map<Independent3Lang, number>();
  INDEPENDENT_3_TEMPLATES.forEach((tpl, index) => {
    for (let k = 0; k < RENDERS_PER_TEMPLATE; k++) {
      let text = '';
      const spans: Independent3Span[] = [];
      let last = 0;
      for (const m of tpl.text.matchAll(/\{([A-Za-z0-9_]+)(?:@([a-z]{2}))?\}/g)) {
        text += tpl.text.slice(last, m.index);
        const lang = (m[2] as Independent3Lang | undefined) ?? tpl.lang;
        if (!LANGS.includes(lang)) throw new Error(`blind3-templates: unknown language in ${m[0]}`);
        const { value, type } = draw(v, m[1] as string, lang);
        if (type !== undefined) spans.push({ type, start: text.length, end: text.length + value.length });
        text += value;
        last = (m.index ?? 0) + m[0].length;
      }
      text += tpl.text.slice(last);
      const n = (perLang.get(tpl.lang) ?? 0) + 1;
      perLang.set(tpl.lang, n);
      out.push({
        id: `blind3-${tpl.lang}-${String(n).padStart(3, '0')}`,
        text,
        lang: tpl.lang,
        negative: spans.length === 0,
        spans,
        half: 'held-out',
        template: index,
      });
    }
  });
  return out;
}

/** The file's exact contents: one JSON object per line, trailing newline. */
export function serializeIndependent3(fixtures: readonly Independent3Fixture[]): string {
  return `${fixtures.map((f) => JSON.stringify(f)).join('\n')}\n`;
}

/** Where the committed set lives. */
export const INDEPENDENT_3_PATH = fileURLToPath(new URL('../../development/independent-3.jsonl', import.meta.url));

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const fixtures = generateIndependent3();
  writeFileSync(INDEPENDENT_3_PATH, serializeIndependent3(fixtures));
  console.log(`wrote ${fixtures.length} lines to ${INDEPENDENT_3_PATH}`);
}
