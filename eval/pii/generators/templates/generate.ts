/**
 * The PII eval's fixtures: templates × fake values, generated deterministically (fixed faker
 * seed per language) and split into a development half and a held-out half by a hash of each
 * line's text. Tuning looks at the development half only; the held-out half is what the targets
 * are checked on.
 */
import { createHash } from 'node:crypto';
import { type Faker, fakerDE, fakerEN_US, fakerES, fakerFR, fakerJA, fakerKO, fakerZH_CN } from '@faker-js/faker';
import type { PIIType } from '../../../../src/processors/pii-detector/detect/types.js';
import { fill, type Lang } from './slots.js';
import { UNSEEN_PHRASING_TEMPLATES } from './unseen-phrasing-templates.js';
import { TEMPLATES } from './templates.js';
import { makeRandom } from './values.js';

/** One labelled line. */
export interface PIIFixture {
  id: string;
  lang: Lang;
  text: string;
  /** Exact spans of the personal data in `text` (`end` exclusive). Empty for negatives. */
  spans: Array<{ type: PIIType; start: number; end: number }>;
  negative: boolean;
  /** `fresh`: from `unseen-phrasing-templates.ts`, phrasings written after tuning (see there). */
  half: 'dev' | 'heldout' | 'fresh';
}

const FAKERS: Record<Lang, Faker> = {
  en: fakerEN_US,
  de: fakerDE,
  fr: fakerFR,
  es: fakerES,
  zh: fakerZH_CN,
  ja: fakerJA,
  ko: fakerKO,
};

/** Lines per language: two thirds positive, one third look-alike negatives. */
export const POSITIVE_PER_LANG = 60;
export const NEGATIVE_PER_LANG = 30;

/** Which half a line belongs to: the first byte of SHA-256 of its text, even → dev. */
export function halfOf(text: string): 'dev' | 'heldout' {
  const byte = createHash('sha256').update(text).digest()[0] as number;
  return byte % 2 === 0 ? 'dev' : 'heldout';
}

/** All fixtures, the same on every call. */
export function generatePIIFixtures(seed = 20261203): PIIFixture[] {
  const out: PIIFixture[] = [];
  for (const lang of Object.keys(TEMPLATES) as Lang[]) {
    const faker = FAKERS[lang];
    faker.seed(seed + lang.charCodeAt(0) * 31 + lang.charCodeAt(1));
    const r = makeRandom(faker);
    const { positive, negative } = TEMPLATES[lang];
    const make = (templates: readonly string[], count: number, isNegative: boolean) => {
      for (let i = 0; i < count; i++) {
        const template = templates[i % templates.length] as string;
        const { text, spans } = fill(template, r, lang);
        out.push({
          id: `${lang}-${isNegative ? 'neg' : 'pos'}-${i}`,
          lang,
          text,
          spans,
          negative: isNegative,
          half: halfOf(text),
        });
      }
    };
    make(positive, POSITIVE_PER_LANG, false);
    make(negative, NEGATIVE_PER_LANG, true);
  }
  return out;
}

/** Lines of the fresh-phrasing set: each fresh template filled three times. */
export function generateUnseenPhrasingPIIFixtures(seed = 20261204): PIIFixture[] {
  const out: PIIFixture[] = [];
  for (const lang of Object.keys(UNSEEN_PHRASING_TEMPLATES) as Lang[]) {
    const faker = FAKERS[lang];
    faker.seed(seed + lang.charCodeAt(0) * 31 + lang.charCodeAt(1));
    const r = makeRandom(faker);
    const { positive, negative } = UNSEEN_PHRASING_TEMPLATES[lang];
    for (const [templates, isNegative] of [
      [positive, false],
      [negative, true],
    ] as const) {
      templates.forEach((template, t) => {
        for (let k = 0; k < 3; k++) {
          const { text, spans } = fill(template, r, lang);
          out.push({ id: `${lang}-fresh-${isNegative ? 'neg' : 'pos'}-${t}-${k}`, lang, text, spans, negative: isNegative, half: 'fresh' });
        }
      });
    }
  }
  return out;
}

/**
 * `npx tsx eval/pii/generators/templates/generate.ts` rewrites `eval/pii/development/templates-and-hard-cases.jsonl`, the committed snapshot of
 * every generated line (for reading and review; the eval itself regenerates them).
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { writeFileSync } = await import('node:fs');
  const { hardCaseFixtures } = await import('./hard-cases.js');
  const all = [
    ...generatePIIFixtures(),
    ...generateUnseenPhrasingPIIFixtures(),
    ...hardCaseFixtures('dev'),
    ...hardCaseFixtures('heldout'),
  ];
  const path = new URL('../../development/templates-and-hard-cases.jsonl', import.meta.url);
  writeFileSync(path, `${all.map((f) => JSON.stringify(f)).join('\n')}\n`);
  console.log(`wrote ${all.length} lines to ${path.pathname}`);
}
