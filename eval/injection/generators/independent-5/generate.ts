/**
 * Generates prompt-injection blind set 6 (`independent-5.jsonl`) from `independent-5/templates.ts` with
 * a fixed seed, and checks it structurally (labels, families, counts, ratios, no duplicate text).
 * It never runs the scorer.
 *
 * Run: `npx tsx eval/injection/generators/independent-5/generate.ts` (writes the file) or `--check` (only checks).
 */
import { readFileSync, writeFileSync } from 'node:fs';
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
import {
  ATTACK_FAMILIES,
  INDEPENDENT5_TEMPLATES,
  type Family,
  type Fill,
  type InjLang,
  NEGATIVE_FAMILIES,
} from './templates.js';

/** One line, in the format `eval/injection.ts` loads blind sets in. */
export interface Independent5Line {
  id: string;
  split: 'blind';
  family: Family;
  lang: InjLang;
  label: 0 | 1;
  hard: boolean;
  text: string;
}

/** Where the set is written. */
export const INDEPENDENT5_PATH = new URL('../../data/development/independent-5.jsonl', import.meta.url);

const FAKERS: Record<InjLang, Faker> = {
  en: fakerEN_US,
  de: fakerDE,
  fr: fakerFR,
  es: fakerES,
  zh: fakerZH_CN,
  ja: fakerJA,
  ko: fakerKO,
};

/** Lines per language: attacks, hard negatives, plain benign. */
const COUNTS: Record<InjLang, { attacks: number; hard: number; benign: number }> = {
  en: { attacks: 96, hard: 96, benign: 6 },
  de: { attacks: 24, hard: 24, benign: 2 },
  fr: { attacks: 24, hard: 24, benign: 2 },
  es: { attacks: 24, hard: 24, benign: 2 },
  zh: { attacks: 24, hard: 24, benign: 2 },
  ja: { attacks: 24, hard: 24, benign: 2 },
  ko: { attacks: 24, hard: 24, benign: 2 },
};

/** Families whose text is a whole artefact (code, config, markup, tool output): never wrapped. */
const UNWRAPPED = new Set<Family>([
  'hn-code',
  'hn-config',
  'hn-changelog',
  'indirect-tool-output',
  'fake-delimiter',
  'hidden-markup',
  'indirect-document',
]);

/** Conversational carriers per language; `{x}` is the template's text. Same for every label. */
const CARRIERS: Record<InjLang, readonly string[]> = {
  en: [
    '{x}',
    '{x}',
    '{x}',
    'Hi there! {x}',
    'Re: ticket #{n}\n\n{x}',
    '[{t}] {p}: {x}',
    '{x}\n\nThanks,\n{p}',
    'Subject: question\n\n{x}',
    'Chat transcript #{n}\nuser: {x}',
  ],
  de: ['{x}', '{x}', 'Hallo! {x}', 'AW: Ticket {n}\n\n{x}', '[{t}] {p}: {x}', '{x}\n\nViele Grüße\n{p}'],
  fr: [
    '{x}',
    '{x}',
    'Bonjour ! {x}',
    'RE : dossier {n}\n\n{x}',
    '[{t}] {p} : {x}',
    '{x}\n\nCordialement,\n{p}',
  ],
  es: ['{x}', '{x}', '¡Hola! {x}', 'RE: incidencia {n}\n\n{x}', '[{t}] {p}: {x}', '{x}\n\nSaludos,\n{p}'],
  zh: ['{x}', '{x}', '你好，{x}', '回复：工单{n}\n\n{x}', '[{t}] {p}：{x}', '{x}\n\n{p}'],
  ja: [
    '{x}',
    '{x}',
    'お世話になっております。{x}',
    'Re: お問い合わせ{n}\n\n{x}',
    '[{t}] {p}：{x}',
    '{x}\n\n{p}',
  ],
  ko: ['{x}', '{x}', '안녕하세요. {x}', 'RE: 문의 {n}\n\n{x}', '[{t}] {p}: {x}', '{x}\n\n{p} 드림'],
};

const PRODUCTS = [
  'FiberMax 500',
  'CloudDesk',
  'Nimbus Pro',
  'HomeHub',
  'PayLite',
  'TrailRunner X',
  'Aurora TV',
  'DataVault',
];

const HOMOGLYPHS: Record<string, string> = {
  a: 'а',
  e: 'е',
  o: 'о',
  p: 'р',
  c: 'с',
  i: 'і',
  x: 'х',
  y: 'у',
  s: 'ѕ',
};
const LEET: Record<string, string> = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7' };

function makeFill(faker: Faker, lang: InjLang): Fill {
  const int = (min: number, max: number) => faker.number.int({ min, max });
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  const scrambleWord = (w: string): string => {
    if (w.length < 4 || !/^\p{L}+$/u.test(w)) return w;
    const mid = [...w.slice(1, -1)];
    for (let i = mid.length - 1; i > 0; i--) {
      const j = int(0, i);
      [mid[i], mid[j]] = [mid[j] as string, mid[i] as string];
    }
    return w[0] + mid.join('') + w[w.length - 1];
  };
  return {
    pick,
    int,
    b64: (s) => Buffer.from(s, 'utf8').toString('base64'),
    hex: (s) => Buffer.from(s, 'utf8').toString('hex'),
    rot13: (s) =>
      s.replace(/[a-z]/gi, (c) =>
        String.fromCharCode(
          ((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c === c.toLowerCase() ? 97 : 65),
        ),
      ),
    urlenc: (s) => encodeURIComponent(s),
    leet: (s) =>
      [...s]
        .map((c) => (LEET[c.toLowerCase()] !== undefined && int(0, 9) < 7 ? LEET[c.toLowerCase()] : c))
        .join(''),
    homoglyph: (s) =>
      [...s].map((c) => (HOMOGLYPHS[c] !== undefined && int(0, 9) < 6 ? HOMOGLYPHS[c] : c)).join(''),
    fullwidth: (s) =>
      [...s]
        .map((c) =>
          c === ' ' ? '\u3000' : c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c,
        )
        .join(''),
    zeroWidth: (s) => [...s].map((c, i) => (i > 0 && c !== ' ' && int(0, 9) < 5 ? `\u200b${c}` : c)).join(''),
    tags: (s) => [...s].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join(''),
    scramble: (s) => s.replace(/\p{L}+/gu, scrambleWord),
    person: () =>
      lang === 'zh'
        ? pick(['王磊', '李娜', '陈静', '赵强'])
        : lang === 'ja'
          ? pick(['佐藤', '田中', '鈴木', '高橋'])
          : lang === 'ko'
            ? pick(['김민준', '이서연', '박지훈'])
            : faker.person.fullName(),
    product: () => pick(PRODUCTS),
  };
}

/** Generates the set, the same on every call. */
export function generateIndependent5(seed = 66006): Independent5Line[] {
  const out: Independent5Line[] = [];
  const seen = new Set<string>();
  (Object.keys(COUNTS) as InjLang[]).forEach((lang, li) => {
    const faker = FAKERS[lang];
    faker.seed(seed + li * 7919);
    const f = makeFill(faker, lang);
    const all = INDEPENDENT5_TEMPLATES[lang];
    const groups: Array<[string, typeof all, number]> = [
      ['atk', all.filter((t) => t.label === 1), COUNTS[lang].attacks],
      ['hn', all.filter((t) => t.label === 0 && t.hard), COUNTS[lang].hard],
      ['ben', all.filter((t) => t.label === 0 && !t.hard), COUNTS[lang].benign],
    ];
    for (const [tag, templates, count] of groups) {
      let made = 0;
      for (let attempt = 0; made < count; attempt++) {
        if (attempt > count * 20)
          throw new Error(`blind6-generate: cannot make ${count} distinct ${lang} ${tag} lines`);
        const t = templates[attempt % templates.length];
        if (t === undefined) throw new Error(`blind6-generate: no ${lang} ${tag} templates`);
        const body = t.make(f);
        const carrier = UNWRAPPED.has(t.family) ? '{x}' : f.pick(CARRIERS[lang]);
        const text = carrier
          .replace('{n}', String(f.int(10000, 99999)))
          .replace('{t}', `${String(f.int(8, 19)).padStart(2, '0')}:${String(f.int(0, 59)).padStart(2, '0')}`)
          .replace('{p}', f.person())
          .replace('{x}', () => body);
        if (seen.has(text)) continue;
        seen.add(text);
        out.push({
          id: `b6-${lang}-${tag}-${made}`,
          split: 'blind',
          family: t.family,
          lang,
          label: t.label,
          hard: t.hard,
          text,
        });
        made++;
      }
    }
  });
  return out;
}

/** Structural checks: family list, label/family agreement, hard only on negatives, unique ids and texts. */
export function checkIndependent5(lines: readonly Independent5Line[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const texts = new Set<string>();
  const attacks = new Set<string>(ATTACK_FAMILIES);
  const negatives = new Set<string>(NEGATIVE_FAMILIES);
  for (const l of lines) {
    if (ids.has(l.id)) problems.push(`${l.id}: duplicate id`);
    if (texts.has(l.text)) problems.push(`${l.id}: duplicate text`);
    ids.add(l.id);
    texts.add(l.text);
    if (l.label === 1 && (!attacks.has(l.family) || l.hard))
      problems.push(`${l.id}: attack with family ${l.family} / hard ${l.hard}`);
    if (l.label === 0 && !negatives.has(l.family)) problems.push(`${l.id}: negative with family ${l.family}`);
    if (l.label === 0 && l.hard !== (l.family !== 'benign'))
      problems.push(`${l.id}: hard flag does not match family`);
    if (l.split !== 'blind') problems.push(`${l.id}: split is not "blind"`);
  }
  const total = lines.length;
  const hard = lines.filter((l) => l.hard).length;
  const atk = lines.filter((l) => l.label === 1).length;
  if (total < 400) problems.push(`only ${total} lines`);
  if (Math.abs(hard - atk) > total * 0.05)
    problems.push(`hard negatives ${hard} vs attacks ${atk} are not about half each`);
  return problems;
}

function summary(lines: readonly Independent5Line[]): void {
  const count = (key: (l: Independent5Line) => string) => {
    const m = new Map<string, number>();
    for (const l of lines) m.set(key(l), (m.get(key(l)) ?? 0) + 1);
    return [...m].map(([k, n]) => `${k} ${n}`).join(', ');
  };
  const en = lines.filter((l) => l.lang === 'en').length;
  console.log(
    `lines ${lines.length}: attacks ${lines.filter((l) => l.label === 1).length}, hard negatives ${lines.filter((l) => l.hard).length}, benign ${lines.filter((l) => l.family === 'benign').length}; English ${((en / lines.length) * 100).toFixed(1)}%`,
  );
  console.log(`  by language: ${count((l) => `${l.lang}/${l.label === 1 ? 'atk' : l.hard ? 'hn' : 'ben'}`)}`);
  console.log(`  by family: ${count((l) => l.family)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const check = process.argv.includes('--check');
  const lines = check
    ? readFileSync(INDEPENDENT5_PATH, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Independent5Line)
    : generateIndependent5();
  if (check && JSON.stringify(lines) !== JSON.stringify(generateIndependent5()))
    console.log('file differs from a fresh generation');
  const problems = checkIndependent5(lines);
  for (const p of problems) console.log(p);
  if (problems.length > 0) process.exitCode = 1;
  if (!check) writeFileSync(INDEPENDENT5_PATH, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  summary(lines);
}
