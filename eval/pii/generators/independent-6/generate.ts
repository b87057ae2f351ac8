/**
 * Generates independent set 6 (`independent-6.jsonl`) from `independent-6/templates.ts` and the value
 * generators of `independent-6/values.ts`, with fixed seeds, and checks it structurally (every span slices
 * to the value put there, counts and ratios). It never runs a detector.
 *
 * Run: `npx tsx eval/pii/generators/independent-6/generate.ts` (writes the file) or with `--check` (only checks).
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
import { INDEPENDENT_6_TEMPLATES } from './templates.js';
import {
  address,
  apiKey,
  creditCard,
  date,
  IBAN_COUNTRIES,
  iban,
  ipv4,
  ipv6,
  type Lang6,
  lookAlike,
  type PersonName,
  passport,
  personName,
  phone,
  Rand,
  ssn,
  wallet,
} from './values.js';

/** One line of the set, in the format `eval/pii.ts` loads. */
export interface Independent6Line {
  id: string;
  text: string;
  lang: Lang6;
  negative: boolean;
  spans: Array<{ type: string; start: number; end: number }>;
  half: 'held-out';
  template: string;
}

/** Where the set is written. */
export const INDEPENDENT_6_PATH = new URL('../../development/independent-6.jsonl', import.meta.url);

const FAKERS: Record<Lang6, Faker> = {
  en: fakerEN_US,
  de: fakerDE,
  fr: fakerFR,
  es: fakerES,
  zh: fakerZH_CN,
  ja: fakerJA,
  ko: fakerKO,
};

/** Lines per language: positive and look-alike negative. */
const COUNTS: Record<Lang6, { pos: number; neg: number }> = {
  en: { pos: 110, neg: 55 },
  de: { pos: 42, neg: 21 },
  fr: { pos: 42, neg: 21 },
  es: { pos: 42, neg: 21 },
  zh: { pos: 42, neg: 21 },
  ja: { pos: 42, neg: 21 },
  ko: { pos: 42, neg: 21 },
};

const ROMAN_LOCALS = [
  'wang.lei',
  'lixin',
  'zhang_wei',
  'chenjing',
  'tanaka.k',
  'sato_yui',
  'yamamoto',
  'kim.minjun',
  'park.sy',
  'leejh',
  'choi.ej',
  'liu.yang',
];
const MAIL_DOMAINS: Record<Lang6, readonly string[]> = {
  en: ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'brightlane.io', 'hartwell-legal.com'],
  de: ['web.de', 'gmx.de', 't-online.de', 'posteo.de', 'mueller-bau.de'],
  fr: ['orange.fr', 'free.fr', 'laposte.net', 'gmail.com', 'atelier-roux.fr'],
  es: ['gmail.com', 'hotmail.es', 'telefonica.net', 'grupo-iberna.es'],
  zh: ['qq.com', '163.com', 'sina.com', 'foxmail.com'],
  ja: ['docomo.ne.jp', 'yahoo.co.jp', 'gmail.com', 'nifty.com'],
  ko: ['naver.com', 'daum.net', 'kakao.com', 'gmail.com'],
};
const URL_HOSTS = [
  'shop.brightlane.io',
  'www.kleinmann-moebel.de',
  'portal.helios-energie.fr',
  'www.tiendaolivar.es',
  'track.kuaidi-express.cn',
  'mypage.sakura-denki.jp',
  'www.hanbit-mall.co.kr',
  'app.northwind-crm.com',
];

function ascii(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function email(r: Rand, lang: Lang6, n: PersonName | undefined): string {
  const domain = r.pick(MAIL_DOMAINS[lang]);
  if (n === undefined || lang === 'zh' || lang === 'ja' || lang === 'ko')
    return `${r.pick(ROMAN_LOCALS)}${r.chance(0.5) ? r.int(1, 99) : ''}@${domain}`;
  const g = ascii(n.given);
  const f = ascii(n.family);
  return `${r.pick([`${g}.${f}`, `${g[0]}${f}`, `${g}${r.int(1, 99)}`, `${f}.${g}`, `${g}_${f}`])}@${domain}`;
}

function url(r: Rand): string {
  const host = r.pick(URL_HOSTS);
  const path = r.pick([
    `/account/orders/${r.digits(8)}?ref=mail`,
    `/reset-password?token=${r.chars(32, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
    `/t/${r.chars(10, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')}`,
    `/invoice/view?id=${r.digits(9)}&lang=de`,
    `/u/${r.chars(8, 'abcdefghijkmnpqrstuvwxyz')}/profile`,
  ]);
  const scheme = host.startsWith('www.') && r.chance(0.5) ? '' : 'https://';
  return `${scheme}${host}${path}`;
}

/** A URL with user info: returns the text and where `user:password` sits in it. */
function credUrl(r: Rand): { text: string; start: number; end: number } {
  const scheme = r.pick(['https://', 'postgres://', 'ftp://', 'redis://', 'mongodb://']);
  const user = r.pick(['admin', 'deploy', 'svc_report', 'backup', 'qa-user', 'root']);
  const pass = r.chars(r.int(10, 18), 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789!$%');
  const host = r.pick([
    'db-staging.internal.brightlane.io',
    'files.kleinmann-moebel.de',
    'cache01.northwind-crm.com',
    'ftp.helios-energie.fr',
  ]);
  const port =
    scheme === 'postgres://'
      ? ':5432/app'
      : scheme === 'redis://'
        ? ':6379/0'
        : scheme === 'mongodb://'
          ? ':27017/crm'
          : '/logs/';
  const text = `${scheme}${user}:${pass}@${host}${port}`;
  return { text, start: scheme.length, end: scheme.length + user.length + 1 + pass.length };
}

const SLOT = /\{(~?[a-z0-9_]+)\}/g;

/** Fills one template: the text and its exact spans. */
export function fill(template: string, r: Rand, lang: Lang6): { text: string; spans: Independent6Line['spans'] } {
  let text = '';
  const spans: Independent6Line['spans'] = [];
  let current: PersonName | undefined;
  let last = 0;
  const put = (value: string, type?: string) => {
    if (type !== undefined) spans.push({ type, start: text.length, end: text.length + value.length });
    text += value;
  };
  for (const m of template.matchAll(SLOT)) {
    text += template.slice(last, m.index);
    last = (m.index as number) + m[0].length;
    const slot = m[1] as string;
    if (slot.startsWith('~')) {
      const kind = slot.slice(1);
      put(kind === 'date' ? date(r, lang, false) : lookAlike(r, kind));
      continue;
    }
    switch (slot) {
      case 'name':
        current = personName(r, lang);
        put(current.full, 'name');
        break;
      case 'name_ns':
        current = personName(r, lang, { spacedJa: false });
        put(current.full, 'name');
        break;
      case 'given':
        current ??= personName(r, lang);
        put(current.given, 'name');
        break;
      case 'family':
        current ??= personName(r, lang);
        put(current.family, 'name');
        break;
      case 'email':
        put(email(r, lang, current), 'email');
        break;
      case 'phone':
        put(phone(r, lang), 'phone');
        break;
      case 'card':
        put(creditCard(r), 'credit-card');
        break;
      case 'ssn':
        put(ssn(r), 'ssn');
        break;
      case 'key':
        put(apiKey(r), 'api-key');
        break;
      case 'ip':
        put(ipv4(r), 'ip-address');
        break;
      case 'ip6':
        put(ipv6(r), 'ip-address');
        break;
      case 'iban':
        put(iban(r, r.pick(IBAN_COUNTRIES[lang]), true), 'iban');
        break;
      case 'ibanc':
        put(iban(r, r.pick(IBAN_COUNTRIES[lang]), false), 'iban');
        break;
      case 'dob':
        put(date(r, lang, true), 'date-of-birth');
        break;
      case 'addr':
        put(address(r, lang, true), 'address');
        break;
      case 'street':
        put(address(r, lang, false), 'address');
        break;
      case 'url':
        put(url(r), 'url');
        break;
      case 'credurl': {
        const c = credUrl(r);
        spans.push({ type: 'credential', start: text.length + c.start, end: text.length + c.end });
        text += c.text;
        break;
      }
      case 'wallet':
        put(wallet(r), 'crypto-wallet');
        break;
      case 'passport':
        put(passport(r, lang), 'passport');
        break;
      default:
        throw new Error(`blind6-generate: unknown slot {${slot}} in template ${JSON.stringify(template)}`);
    }
  }
  text += template.slice(last);
  return { text, spans };
}

/** Generates the whole set, the same on every call. */
export function generateIndependent6(seed = 60606): Independent6Line[] {
  const out: Independent6Line[] = [];
  (Object.keys(COUNTS) as Lang6[]).forEach((lang, li) => {
    const faker = FAKERS[lang];
    faker.seed(seed + li * 1009);
    const r = new Rand(faker);
    const { positive, negative } = INDEPENDENT_6_TEMPLATES[lang];
    for (const [isNeg, templates, count] of [
      [false, positive, COUNTS[lang].pos],
      [true, negative, COUNTS[lang].neg],
    ] as const) {
      for (let i = 0; i < count; i++) {
        const ti = i % templates.length;
        const { text, spans } = fill(templates[ti] as string, r, lang);
        out.push({
          id: `b6-${lang}-${isNeg ? 'neg' : 'pos'}-${i}`,
          text,
          lang,
          negative: isNeg,
          spans,
          half: 'held-out',
          template: `${lang}-${isNeg ? 'neg' : 'pos'}-t${ti}`,
        });
      }
    }
  });
  return out;
}

/** Structural checks: spans in bounds, sorted, not overlapping, trimmed, negatives empty. */
export function checkIndependent6(lines: readonly Independent6Line[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const l of lines) {
    if (ids.has(l.id)) problems.push(`${l.id}: duplicate id`);
    ids.add(l.id);
    if (l.negative !== (l.spans.length === 0)) problems.push(`${l.id}: negative flag does not match spans`);
    let prevEnd = -1;
    for (const s of l.spans) {
      const v = l.text.slice(s.start, s.end);
      if (s.start < 0 || s.end > l.text.length || s.end <= s.start)
        problems.push(`${l.id}: span out of bounds`);
      if (s.start < prevEnd) problems.push(`${l.id}: overlapping spans`);
      prevEnd = s.end;
      if (v !== v.trim() || /^[.,;:()"'<>[\]]|[.,;:()"'<>[\]]$/.test(v.replace(/\)$/, ''))) {
        if (!(s.type === 'phone' && v.startsWith('(')))
          problems.push(`${l.id}: ${s.type} span has edge punctuation/space: ${JSON.stringify(v)}`);
      }
    }
  }
  return problems;
}

function summary(lines: readonly Independent6Line[]): void {
  const byLang = new Map<string, { lines: number; neg: number }>();
  const byType = new Map<string, number>();
  for (const l of lines) {
    const e = byLang.get(l.lang) ?? { lines: 0, neg: 0 };
    e.lines++;
    if (l.negative) e.neg++;
    byLang.set(l.lang, e);
    for (const s of l.spans) byType.set(s.type, (byType.get(s.type) ?? 0) + 1);
  }
  const neg = lines.filter((l) => l.negative).length;
  console.log(`lines ${lines.length}, negatives ${neg} (${((neg / lines.length) * 100).toFixed(1)}%)`);
  for (const [lang, e] of byLang) console.log(`  ${lang}: ${e.lines} lines (${e.neg} negatives)`);
  console.log(`  spans: ${[...byType].map(([t, n]) => `${t} ${n}`).join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--check')) {
    const lines = readFileSync(INDEPENDENT_6_PATH, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Independent6Line);
    const regenerated = generateIndependent6();
    if (JSON.stringify(regenerated) !== JSON.stringify(lines))
      console.log('file differs from a fresh generation');
    const problems = checkIndependent6(lines);
    for (const p of problems) console.log(p);
    summary(lines);
    if (problems.length > 0) process.exitCode = 1;
  } else {
    const lines = generateIndependent6();
    const problems = checkIndependent6(lines);
    for (const p of problems) console.log(p);
    if (problems.length > 0) process.exitCode = 1;
    writeFileSync(INDEPENDENT_6_PATH, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    summary(lines);
  }
}
