/**
 * Generates independent set 8 (`eval/pii/heldout/independent-8.jsonl`) from `independent-8/templates.ts` and
 * `independent-8/values.ts` with fixed faker seeds. Run: `npx tsx eval/pii/generators/independent-8/generate.ts`.
 * The check at the end is structural only (spans slice to their values, counts); no detector runs.
 */
import { writeFileSync } from 'node:fs';
import { Faker, en, de, fr, es, zh_CN, ja, ko, base } from '@faker-js/faker';
import { INDEPENDENT_8_TEMPLATES, type Independent8Template, type Vals } from './templates.js';
import * as V from './values.js';

/** One generated line, in the format `eval/pii.ts` loads. */
export interface Independent8Line {
  id: string;
  text: string;
  lang: string;
  negative: boolean;
  spans: Array<{ type: string; start: number; end: number }>;
  half: 'held-out';
  template: string;
}

const LOCALES = { en: [en, base], de: [de, en, base], fr: [fr, en, base], es: [es, en, base], zh: [zh_CN, en, base], ja: [ja, en, base], ko: [ko, en, base] } as const;
const PER_LANG: Record<Independent8Template['lang'], number> = { en: 140, de: 54, fr: 54, es: 54, zh: 54, ja: 54, ko: 54 };
const IBAN_CC = { en: ['GB', 'NL', 'IT'], de: ['DE'], fr: ['FR'], es: ['ES'], zh: ['DE', 'GB'], ja: ['GB'], ko: ['DE'] } as const;

function asciiFold(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z]/g, '').toLowerCase();
}

function makeVals(f: Faker, loc: Faker, lang: Independent8Template['lang']): Vals {
  const domain = () => f.helpers.arrayElement(['gmail.com', 'outlook.com', 'yahoo.co.jp', 'naver.com', 'qq.com', 'web.de', 'orange.fr', 'protonmail.com', f.internet.domainName()]);
  const v: Vals = {
    f,
    lang,
    name: () => V.personName(f, lang, loc),
    family: () => V.familyName(f, lang, loc),
    email: () => {
      const a = asciiFold(f.person.firstName());
      const b = asciiFold(f.person.lastName());
      return `${f.helpers.arrayElement([`${a}.${b}`, `${a[0]}${b}`, `${a}${f.number.int({ max: 99 })}`, `${b}_${a}`])}@${domain()}`;
    },
    phone: () => V.phone(f, lang),
    card: () => V.creditCard(f),
    ssn: () => V.ssn(f),
    iban: (spaced = true) => V.iban(f, f.helpers.arrayElement(IBAN_CC[lang]), spaced),
    key: () => V.apiKey(f),
    ip: () => V.ip(f),
    wallet: () => V.wallet(f),
    passport: () => V.passport(f, lang),
    address: () => V.address(f, lang, loc),
    dob: () => V.dob(f, lang),
    url: () => `https://${f.helpers.arrayElement(['drive.', 'docs.', 'www.', 'share.', ''])}${f.internet.domainName()}/${f.helpers.arrayElement(['s', 'd', 'files', 'doc'])}/${f.string.alphanumeric(12)}${f.helpers.arrayElement(['', '?dl=1', '/view'])}`,
    cred: () => `${f.internet.username().replace(/[^A-Za-z0-9._-]/g, '')}:${f.internet.password({ length: 12, pattern: /[A-Za-z0-9!$*]/ })}`,
    host: () => f.helpers.arrayElement([`db-${f.number.int({ max: 9 })}.internal`, f.internet.domainName(), `10.0.${f.number.int({ max: 255 })}.${f.number.int({ max: 255 })}`]),
  };
  return v;
}

/** Every line of independent set 8, the same on every call. */
export function generateIndependent8(): Independent8Line[] {
  const out: Independent8Line[] = [];
  const seen = new Set<string>();
  let seed = 8008;
  for (const lang of Object.keys(PER_LANG) as Array<Independent8Template['lang']>) {
    const f = new Faker({ locale: [...LOCALES.en] });
    const loc = new Faker({ locale: [...LOCALES[lang]] });
    f.seed(seed++);
    loc.seed(seed++);
    const v = makeVals(f, loc, lang);
    const pos = INDEPENDENT_8_TEMPLATES.filter((t) => t.lang === lang && !t.negative);
    const neg = INDEPENDENT_8_TEMPLATES.filter((t) => t.lang === lang && t.negative);
    const nNeg = Math.round(PER_LANG[lang] / 3);
    for (let i = 0; i < PER_LANG[lang]; i++) {
      const isNeg = i % 3 === 2 && i / 3 < nNeg;
      const list = isNeg ? neg : pos;
      const base = isNeg ? Math.floor(i / 3) : i - Math.floor(i / 3);
      // Exact duplicates are redrawn with the next template of the same kind.
      let t = list[0] as Independent8Template;
      let text = '';
      let spans: Independent8Line['spans'] = [];
      for (let k = 0; k < list.length; k++) {
        t = list[(base + k) % list.length] as Independent8Template;
        text = '';
        spans = [];
        for (const p of t.render(v)) {
          if (typeof p === 'string') text += p;
          else {
            spans.push({ type: p[0], start: text.length, end: text.length + p[1].length });
            text += p[1];
          }
        }
        if (!seen.has(text)) break;
      }
      if (seen.has(text)) continue;
      seen.add(text);
      out.push({ id: `b8-${lang}-${String(i).padStart(3, '0')}`, text, lang, negative: spans.length === 0, spans, half: 'held-out', template: t.id });
    }
  }
  return out;
}

if (process.argv[1]?.endsWith('pii/generators/independent-8/generate.ts')) {
  const lines = generateIndependent8();
  writeFileSync(new URL('../../heldout/independent-8.jsonl', import.meta.url), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  console.log(`wrote ${lines.length} lines`);
}
