/**
 * Deterministic generator for the injection eval's first blind set (`independent-1/templates.ts`), held
 * out until issue #11 tuned on it; a development set since (`eval/injection.ts`):
 * each template is filled {@link INDEPENDENT1_PER_TEMPLATE} times from a seeded `@faker-js/faker`
 * (duplicates dropped, so a template without slots gives one line). Run directly to (re)write
 * `independent-1.jsonl` beside it; a test checks the committed file matches this output.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { en, Faker } from '@faker-js/faker';
import { INDEPENDENT1_GOALS, INDEPENDENT1_GROUPS, type Independent1Fill, type Independent1Lang } from './templates.js';

/** One labelled line of the blind set. */
export interface Independent1Fixture {
  id: string;
  split: 'blind';
  family: string;
  lang: Independent1Lang;
  /** 1 = injection attempt, 0 = innocent twin. */
  label: 0 | 1;
  /** Every negative of the blind set is an innocent twin of an attack. */
  hard: boolean;
  text: string;
}

/** The blind generator's fixed seed. */
export const INDEPENDENT1_SEED = 20261203;

/** Fill attempts per template (a template without slots gives one line). */
export const INDEPENDENT1_PER_TEMPLATE = 2;

const GREETS = ['', 'Hi. ', 'One more thing: ', 'Hey assistant, ', 'OK, '];
const TOPICS = ['the venue booking', 'the budget slides', 'tax deadlines', 'the school trip', 'server migration'];

const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060'];
const HOMOGLYPHS: Record<string, string> = {
  a: '\u0430',
  e: '\u0435',
  o: '\u043e',
  p: '\u0440',
  c: '\u0441',
  x: '\u0445',
  i: '\u0456',
  y: '\u0443',
  s: '\u0455',
  I: '\u0406',
  O: '\u039f',
  T: '\u03a4',
};
const LEET: Record<string, string> = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7', A: '4', E: '3', I: '1', O: '0', S: '5', T: '7' };

/** Every blind fixture line, the same on every call. */
export function generateIndependent1Fixtures(): Independent1Fixture[] {
  const faker = new Faker({ locale: [en] });
  faker.seed(INDEPENDENT1_SEED);
  const pick = <T>(xs: readonly T[]): T => faker.helpers.arrayElement(xs);

  const goal = (lang: Independent1Lang = 'en'): string => fill(pick(INDEPENDENT1_GOALS[lang]));
  const slot = (name: string): string => {
    if (name === 'goal') return goal('en');
    if (name === 'goal_cap') {
      const g = goal('en');
      return g.charAt(0).toUpperCase() + g.slice(1);
    }
    if (name.startsWith('goal_')) return goal(name.slice(5) as Independent1Lang);
    switch (name) {
      case 'greet':
        return pick(GREETS);
      case 'topic':
        return pick(TOPICS);
      case 'name':
        return faker.person.firstName();
      case 'city':
        return faker.location.city();
      case 'company':
        return faker.company.name();
      case 'product':
        return faker.commerce.productName();
      case 'url':
        return faker.internet.url();
      case 'email':
        return faker.internet.email();
      case 'sha':
        return faker.string.hexadecimal({ length: 40, casing: 'lower', prefix: '' });
      case 'num':
        return String(faker.number.int({ min: 1, max: 999 }));
      default:
        // Not a slot: code samples in the templates contain literal `{user}`-style braces.
        return `{${name}}`;
    }
  };
  const fill = ((template: string) => template.replace(/\{([a-z_]+)\}/g, (_m, n: string) => slot(n))) as Independent1Fill;
  fill.goal = goal;
  fill.b64 = (s) => Buffer.from(s, 'utf8').toString('base64');
  fill.hex = (s) => Buffer.from(s, 'utf8').toString('hex');
  fill.rot13 = (s) =>
    s.replace(/[a-z]/gi, (c) => {
      const base = c <= 'Z' ? 65 : 97;
      return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
    });
  fill.url = (s) =>
    [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  fill.query = (s) => encodeURIComponent(s);
  fill.leet = (s) => s.replace(/[aeiostAEIOST]/g, (c) => LEET[c] ?? c);
  fill.homoglyph = (s) => {
    let k = 0;
    return [...s].map((c) => (HOMOGLYPHS[c] !== undefined && k++ % 2 === 0 ? HOMOGLYPHS[c] : c)).join('');
  };
  fill.fullwidth = (s) =>
    [...s]
      .map((c) => {
        const code = c.codePointAt(0) as number;
        if (code === 0x20) return '\u3000';
        return code > 0x20 && code < 0x7f ? String.fromCodePoint(code + 0xfee0) : c;
      })
      .join('');
  fill.zw = (s) => {
    let k = 0;
    return s
      .split(' ')
      .map((w) => [...w].join(ZERO_WIDTH[k++ % ZERO_WIDTH.length]))
      .join(' ');
  };
  fill.tags = (s) =>
    [...s].map((c) => {
      const code = c.codePointAt(0) as number;
      return code >= 0x20 && code < 0x7f ? String.fromCodePoint(0xe0000 + code) : c;
    }).join('');
  fill.scramble = (s) =>
    s.replace(/\p{L}{4,}/gu, (w) => {
      const chars = [...w];
      const inner = chars.slice(1, -1);
      let shuffled = inner;
      for (let tries = 0; tries < 4 && shuffled.join('') === inner.join(''); tries++) shuffled = faker.helpers.shuffle(inner);
      return chars[0] + shuffled.join('') + chars[chars.length - 1];
    });
  fill.spaced = (s, sep = ' ') =>
    s
      .split(' ')
      .map((w) => [...w].join(sep))
      .join('   ');

  const out: Independent1Fixture[] = [];
  INDEPENDENT1_GROUPS.forEach((group, gi) => {
    group.templates.forEach((template, ti) => {
      const seen = new Set<string>();
      for (let k = 0; k < INDEPENDENT1_PER_TEMPLATE; k++) {
        const text = typeof template === 'string' ? fill(template) : template(fill);
        if (seen.has(text)) continue;
        seen.add(text);
        out.push({
          id: `blind-${group.family}-${group.lang}-${gi}-${ti}-${k}`,
          split: 'blind',
          family: group.family,
          lang: group.lang,
          label: group.label,
          hard: group.label === 0,
          text,
        });
      }
    });
  });
  return out;
}

/** Where the committed snapshot lives. */
export const INDEPENDENT1_PATH = fileURLToPath(new URL('../../data/development/independent-1.jsonl', import.meta.url));

/** The snapshot's exact text for the current generator output. */
export function independent1Jsonl(): string {
  return `${generateIndependent1Fixtures()
    .map((f) => JSON.stringify(f))
    .join('\n')}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = independent1Jsonl();
  writeFileSync(INDEPENDENT1_PATH, text);
  console.log(`wrote ${text.split('\n').length - 1} lines to ${INDEPENDENT1_PATH}`);
}
