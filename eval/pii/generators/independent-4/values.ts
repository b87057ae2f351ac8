/**
 * Fake values for independent set 4 (`independent-4/templates.ts`): a seeded random source and
 * generators for every labelled type and for the look-alike negatives. Every value is made up
 * here (own name and street lists, `@faker-js/faker` for Latin-script names); checksums are
 * computed, not copied: Luhn for cards, mod-97 for IBANs (plus the French RIB key and the
 * Spanish control digits), bech32 / bech32m and base58check for Bitcoin, ISBN-13 / EAN-13 check
 * digits for the negatives.
 *
 * Written without reading the detector, its rules or any other eval value file.
 */
import { createHash } from 'node:crypto';
import { fakerDE, fakerEN_GB, fakerEN_US, fakerES, fakerFR } from '@faker-js/faker';

/** The seven languages of the set. */
export type Lang4 = 'en' | 'de' | 'fr' | 'es' | 'zh' | 'ja' | 'ko';

/** The labelled types (documented names, plus `passport`). */
export type PII4Type =
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
  | 'crypto-wallet'
  | 'name'
  | 'passport';

/** One labelled value inside a template. */
export interface Pii4 {
  readonly type: PII4Type;
  readonly value: string;
}

/** Wraps a value as a labelled span. */
export function pii(type: PII4Type, value: string): Pii4 {
  return { type, value };
}

// ---------------------------------------------------------------------------------------------
// Random source
// ---------------------------------------------------------------------------------------------

/** A small seeded random source (mulberry32), so every run generates the same lines. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)] as T;
  }
  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** `n` characters drawn from `alphabet`. */
  chars(n: number, alphabet: string): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
  /** `n` decimal digits (may start with 0). */
  digits(n: number): string {
    return this.chars(n, '0123456789');
  }
  /** `n` random bytes. */
  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.int(0, 255);
    return out;
  }
}

/** A stable 32-bit hash of a string (FNV-1a), to derive per-template seeds. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const ALNUM = UPPER + LOWER + DIGITS;
const URLSAFE = ALNUM + '-_';
const HEX = '0123456789abcdef';
const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** Seeds faker's shared state (Latin-script names) for one line. */
export function seedFaker(seed: number): void {
  [fakerDE, fakerEN_GB, fakerEN_US, fakerES, fakerFR].forEach((f, i) => {
    f.seed((seed + i * 7919) >>> 0);
  });
}

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

/** [native, romanised] pairs. */
type NamePart = readonly [string, string];

const ZH_FAMILY: readonly NamePart[] = [
  ['王', 'Wang'],
  ['李', 'Li'],
  ['张', 'Zhang'],
  ['刘', 'Liu'],
  ['陈', 'Chen'],
  ['杨', 'Yang'],
  ['黄', 'Huang'],
  ['赵', 'Zhao'],
  ['周', 'Zhou'],
  ['吴', 'Wu'],
  ['徐', 'Xu'],
  ['孙', 'Sun'],
  ['马', 'Ma'],
  ['朱', 'Zhu'],
  ['胡', 'Hu'],
  ['郭', 'Guo'],
  ['林', 'Lin'],
  ['何', 'He'],
  ['高', 'Gao'],
  ['罗', 'Luo'],
  ['欧阳', 'Ouyang'],
  ['司马', 'Sima'],
  ['谢', 'Xie'],
  ['宋', 'Song'],
];
const ZH_GIVEN: readonly NamePart[] = [
  ['伟', 'Wei'],
  ['芳', 'Fang'],
  ['秀英', 'Xiuying'],
  ['敏', 'Min'],
  ['静', 'Jing'],
  ['强', 'Qiang'],
  ['磊', 'Lei'],
  ['军', 'Jun'],
  ['洋', 'Yang'],
  ['勇', 'Yong'],
  ['艳', 'Yan'],
  ['杰', 'Jie'],
  ['娟', 'Juan'],
  ['涛', 'Tao'],
  ['明', 'Ming'],
  ['超', 'Chao'],
  ['秀兰', 'Xiulan'],
  ['霞', 'Xia'],
  ['子涵', 'Zihan'],
  ['浩然', 'Haoran'],
  ['雨桐', 'Yutong'],
  ['梓萱', 'Zixuan'],
  ['俊杰', 'Junjie'],
  ['思远', 'Siyuan'],
  ['建国', 'Jianguo'],
  ['晓燕', 'Xiaoyan'],
  ['志强', 'Zhiqiang'],
  ['一鸣', 'Yiming'],
];
const JA_FAMILY: readonly NamePart[] = [
  ['佐藤', 'Sato'],
  ['鈴木', 'Suzuki'],
  ['高橋', 'Takahashi'],
  ['田中', 'Tanaka'],
  ['伊藤', 'Ito'],
  ['渡辺', 'Watanabe'],
  ['山本', 'Yamamoto'],
  ['中村', 'Nakamura'],
  ['小林', 'Kobayashi'],
  ['加藤', 'Kato'],
  ['吉田', 'Yoshida'],
  ['山田', 'Yamada'],
  ['佐々木', 'Sasaki'],
  ['松本', 'Matsumoto'],
  ['井上', 'Inoue'],
  ['木村', 'Kimura'],
  ['林', 'Hayashi'],
  ['清水', 'Shimizu'],
  ['森', 'Mori'],
  ['池田', 'Ikeda'],
  ['長谷川', 'Hasegawa'],
  ['石井', 'Ishii'],
];
const JA_GIVEN: readonly NamePart[] = [
  ['翔太', 'Shota'],
  ['陽菜', 'Hina'],
  ['大輔', 'Daisuke'],
  ['美咲', 'Misaki'],
  ['健一', 'Kenichi'],
  ['由美子', 'Yumiko'],
  ['拓也', 'Takuya'],
  ['さくら', 'Sakura'],
  ['蓮', 'Ren'],
  ['結衣', 'Yui'],
  ['直樹', 'Naoki'],
  ['恵', 'Megumi'],
  ['誠', 'Makoto'],
  ['彩', 'Aya'],
  ['悠斗', 'Yuto'],
  ['真由美', 'Mayumi'],
  ['和也', 'Kazuya'],
  ['愛子', 'Aiko'],
  ['隆', 'Takashi'],
  ['花子', 'Hanako'],
];
const JA_FAMILY_KANA: readonly string[] = [
  'サトウ',
  'スズキ',
  'タナカ',
  'ヤマダ',
  'キムラ',
  'モリ',
  'イケダ',
];
const JA_GIVEN_KANA: readonly string[] = ['ショウタ', 'ハナ', 'ケンイチ', 'ユイ', 'マコト', 'アヤ', 'タカシ'];
const KO_FAMILY: readonly NamePart[] = [
  ['김', 'Kim'],
  ['이', 'Lee'],
  ['박', 'Park'],
  ['최', 'Choi'],
  ['정', 'Jung'],
  ['강', 'Kang'],
  ['조', 'Cho'],
  ['윤', 'Yoon'],
  ['장', 'Jang'],
  ['임', 'Lim'],
  ['한', 'Han'],
  ['오', 'Oh'],
  ['서', 'Seo'],
  ['신', 'Shin'],
  ['권', 'Kwon'],
  ['황', 'Hwang'],
  ['안', 'Ahn'],
  ['송', 'Song'],
  ['남궁', 'Namgung'],
  ['류', 'Ryu'],
];
const KO_GIVEN: readonly NamePart[] = [
  ['민준', 'Minjun'],
  ['서연', 'Seoyeon'],
  ['지훈', 'Jihoon'],
  ['수빈', 'Subin'],
  ['현우', 'Hyunwoo'],
  ['지민', 'Jimin'],
  ['예은', 'Yeeun'],
  ['도윤', 'Doyoon'],
  ['하은', 'Haeun'],
  ['성민', 'Sungmin'],
  ['은지', 'Eunji'],
  ['준호', 'Junho'],
  ['미경', 'Mikyung'],
  ['영수', 'Youngsoo'],
  ['혜진', 'Hyejin'],
  ['동현', 'Donghyun'],
  ['상철', 'Sangcheol'],
  ['유나', 'Yuna'],
];

/** A person: how they are written in the text's language plus a romanised form for e-mails. */
export interface Person {
  /** Full name as written in the text (native script for zh/ja/ko). */
  readonly full: string;
  /** Family name alone, as written. */
  readonly family: string;
  /** Given name alone, as written. */
  readonly given: string;
  /** Lower-case ASCII given name (for e-mail local parts). */
  readonly givenAscii: string;
  /** Lower-case ASCII family name (for e-mail local parts). */
  readonly familyAscii: string;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** A made-up person for a language. */
export function person(rng: Rng, lang: Lang4): Person {
  if (lang === 'zh') {
    const f = rng.pick(ZH_FAMILY);
    const g = rng.pick(ZH_GIVEN);
    return {
      full: f[0] + g[0],
      family: f[0],
      given: g[0],
      givenAscii: g[1].toLowerCase(),
      familyAscii: f[1].toLowerCase(),
    };
  }
  if (lang === 'ja') {
    const f = rng.pick(JA_FAMILY);
    const g = rng.pick(JA_GIVEN);
    const sep = rng.pick(['', ' ', '\u3000']);
    return {
      full: f[0] + sep + g[0],
      family: f[0],
      given: g[0],
      givenAscii: g[1].toLowerCase(),
      familyAscii: f[1].toLowerCase(),
    };
  }
  if (lang === 'ko') {
    const f = rng.pick(KO_FAMILY);
    const g = rng.pick(KO_GIVEN);
    return {
      full: f[0] + g[0],
      family: f[0],
      given: g[0],
      givenAscii: g[1].toLowerCase(),
      familyAscii: f[1].toLowerCase(),
    };
  }
  const fk =
    lang === 'de'
      ? fakerDE
      : lang === 'fr'
        ? fakerFR
        : lang === 'es'
          ? fakerES
          : rng.chance(0.3)
            ? fakerEN_GB
            : fakerEN_US;
  const given = fk.person.firstName();
  let family = fk.person.lastName();
  if (lang === 'es' && rng.chance(0.6)) family = `${family} ${fakerES.person.lastName()}`;
  return {
    full: `${given} ${family}`,
    family,
    given,
    givenAscii: fold(given),
    familyAscii: fold(family.split(' ')[0] as string),
  };
}

/** A Japanese name in katakana (as on forms' furigana line). */
export function jaKana(rng: Rng): string {
  return `${rng.pick(JA_FAMILY_KANA)} ${rng.pick(JA_GIVEN_KANA)}`;
}

/** A Korean name romanised the way passports write it (`KIM MINJUN`). */
export function koRoman(rng: Rng): string {
  return `${rng.pick(KO_FAMILY)[1].toUpperCase()} ${rng.pick(KO_GIVEN)[1].toUpperCase()}`;
}

// ---------------------------------------------------------------------------------------------
// E-mail, URL with credentials
// ---------------------------------------------------------------------------------------------

const MAIL_DOMAINS: Record<Lang4, readonly string[]> = {
  en: [
    'gmail.com',
    'outlook.com',
    'yahoo.com',
    'icloud.com',
    'protonmail.com',
    'hey.com',
    'fastmail.fm',
    'btinternet.com',
  ],
  de: ['gmx.de', 'web.de', 't-online.de', 'posteo.de', 'freenet.de', 'mailbox.org', 'gmail.com'],
  fr: ['orange.fr', 'free.fr', 'laposte.net', 'sfr.fr', 'wanadoo.fr', 'gmail.com', 'hotmail.fr'],
  es: ['gmail.com', 'hotmail.es', 'yahoo.es', 'telefonica.net', 'outlook.es', 'movistar.es'],
  zh: ['qq.com', '163.com', '126.com', 'sina.com', 'foxmail.com', 'aliyun.com', 'gmail.com'],
  ja: ['docomo.ne.jp', 'ezweb.ne.jp', 'yahoo.co.jp', 'gmail.com', 'icloud.com', 'nifty.com'],
  ko: ['naver.com', 'daum.net', 'hanmail.net', 'kakao.com', 'gmail.com', 'nate.com'],
};
const WORK_DOMAINS: readonly string[] = [
  'northwind-logistics.com',
  'brightpath.io',
  'kessler-bau.de',
  'atelier-morel.fr',
  'grupo-almadena.es',
  'hengtai-tech.cn',
  'sakura-shoji.co.jp',
  'hanbit-soft.co.kr',
  'quarrystone.co.uk',
  'fjordline-analytics.com',
  'mediconnect.health',
  'voltera.energy',
];

/** An e-mail address, built from the person when given. */
export function email(rng: Rng, lang: Lang4, p?: Person, work = false): string {
  const given = p?.givenAscii ?? rng.chars(rng.int(4, 7), LOWER);
  const family = p?.familyAscii ?? rng.chars(rng.int(4, 8), LOWER);
  const domain = work ? rng.pick(WORK_DOMAINS) : rng.pick(MAIL_DOMAINS[lang]);
  const style = rng.int(0, 6);
  let local: string;
  if (lang === 'zh' && !work && domain === 'qq.com' && rng.chance(0.7))
    local = String(rng.int(10000000, 2999999999));
  else if (style === 0) local = `${given}.${family}`;
  else if (style === 1) local = `${given[0]}${family}`;
  else if (style === 2) local = `${given}_${family}${rng.int(1, 99)}`;
  else if (style === 3) local = `${family}.${given[0]}`;
  else if (style === 4) local = `${given}${rng.int(70, 2005)}`;
  else if (style === 5) local = `${given}.${family}+${rng.pick(['shop', 'news', 'work', 'bills'])}`;
  else local = `${family}-${given}`;
  return `${local}@${domain}`;
}

/** A URL carrying a user name and password. */
export function credUrl(rng: Rng): string {
  const user = rng.pick(['deploy', 'admin', 'svc_backup', 'jenkins', 'ci-bot', 'report', 'ftpuser', 'app']);
  const pass = rng.chars(rng.int(10, 18), ALNUM + '!*');
  const host = rng.pick([
    'git.corp-internal.net',
    'files.brightpath.io',
    'nexus.kessler-bau.de',
    'registry.hanbit-soft.co.kr',
    'backup.atelier-morel.fr',
    'ci.hengtai-tech.cn',
    'dav.sakura-shoji.co.jp',
    'db-primary.voltera.energy',
  ]);
  const kind = rng.int(0, 5);
  if (kind === 0) return `ftp://${user}:${pass}@${host}/exports/${rng.int(2021, 2026)}/`;
  if (kind === 1) return `postgres://${user}:${pass}@${host}:5432/${rng.pick(['orders', 'billing', 'crm'])}`;
  if (kind === 2) return `https://${user}:${pass}@${host}/repo/${rng.pick(['infra', 'site', 'etl'])}.git`;
  if (kind === 3) return `mongodb+srv://${user}:${pass}@${host}/?retryWrites=true`;
  return `https://${user}:${pass}@${host}/${rng.pick(['api/v2/export', 'remote.php/dav/files', 'artifactory/libs-release'])}`;
}

// ---------------------------------------------------------------------------------------------
// Phones
// ---------------------------------------------------------------------------------------------

/** Countries a phone / address / passport can come from. */
export type Country = 'US' | 'GB' | 'DE' | 'FR' | 'ES' | 'CN' | 'JP' | 'KR';

/** The country a language's lines usually use. */
export function homeCountry(rng: Rng, lang: Lang4): Country {
  if (lang === 'en') return rng.chance(0.65) ? 'US' : 'GB';
  return ({ de: 'DE', fr: 'FR', es: 'ES', zh: 'CN', ja: 'JP', ko: 'KR' } as const)[lang];
}

/** A phone number in one of the country's usual national or international notations. */
export function phone(rng: Rng, c: Country): string {
  const d = (n: number) => rng.digits(n);
  const nz = () => String(rng.int(2, 9));
  switch (c) {
    case 'US': {
      const area = rng.pick([
        '212',
        '312',
        '415',
        '503',
        '617',
        '646',
        '702',
        '713',
        '206',
        '303',
        '404',
        '512',
        '919',
      ]);
      const ex = nz() + d(2);
      const ln = d(4);
      return rng.pick([
        `(${area}) ${ex}-${ln}`,
        `${area}-${ex}-${ln}`,
        `${area}.${ex}.${ln}`,
        `+1 ${area} ${ex} ${ln}`,
        `+1-${area}-${ex}-${ln}`,
        `1 (${area}) ${ex}-${ln}`,
        `+1 (${area}) ${ex}-${ln}`,
      ]);
    }
    case 'GB': {
      if (rng.chance(0.5)) {
        const m = `7${rng.int(4, 9)}${d(2)}`;
        const r = d(6);
        return rng.pick([`0${m} ${r}`, `+44 ${m} ${r}`, `+44 (0)${m} ${r}`]);
      }
      const a = d(4);
      const b = d(4);
      return rng.pick([
        `020 ${nz()}${a.slice(1)} ${b}`,
        `+44 20 ${nz()}${a.slice(1)} ${b}`,
        `0161 ${nz()}${d(2)} ${d(4)}`,
      ]);
    }
    case 'DE': {
      if (rng.chance(0.5)) {
        const pre = rng.pick(['151', '152', '157', '160', '162', '170', '171', '172', '176', '179']);
        const r = nz() + d(6 + rng.int(0, 1));
        return rng.pick([
          `0${pre} ${r}`,
          `+49 ${pre} ${r}`,
          `0${pre}-${r}`,
          `+49 (0)${pre} ${r}`,
          `0${pre}/${r}`,
        ]);
      }
      const city = rng.pick(['30', '89', '40', '221', '69', '711', '211', '341']);
      const r = nz() + d(8 - city.length);
      return rng.pick([
        `0${city} ${r}`,
        `0${city}/${r}`,
        `+49 ${city} ${r}`,
        `+49 (0)${city} ${r}`,
        `0${city}-${r}`,
      ]);
    }
    case 'FR': {
      const first = rng.pick(['1', '2', '3', '4', '5', '6', '7', '9']);
      const g = [d(2), d(2), d(2), d(2)];
      return rng.pick([
        `0${first} ${g.join(' ')}`,
        `0${first}.${g.join('.')}`,
        `+33 ${first} ${g.join(' ')}`,
        `+33 (0)${first} ${g.join(' ')}`,
        `0${first}${g.join('')}`,
        `0${first}-${g.join('-')}`,
      ]);
    }
    case 'ES': {
      const first = rng.pick(['6', '7', '9']);
      const n = first + d(8);
      return rng.pick([
        `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`,
        `+34 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`,
        `+34 ${n.slice(0, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)} ${n.slice(7)}`,
        `0034 ${n}`,
        `${n}`,
        first === '9' ? `${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5, 7)} ${n.slice(7)}` : `+34${n}`,
      ]);
    }
    case 'CN': {
      if (rng.chance(0.7)) {
        const n = rng.pick(['13', '15', '18', '17', '19']) + d(9);
        return rng.pick([
          n,
          `${n.slice(0, 3)} ${n.slice(3, 7)} ${n.slice(7)}`,
          `${n.slice(0, 3)}-${n.slice(3, 7)}-${n.slice(7)}`,
          `+86 ${n}`,
          `+86 ${n.slice(0, 3)} ${n.slice(3, 7)} ${n.slice(7)}`,
          `+86-${n}`,
        ]);
      }
      const area = rng.pick(['010', '021', '020', '0755', '0571', '028']);
      const r = nz() + d(7);
      return rng.pick([
        `${area}-${r}`,
        `(${area}) ${r}`,
        `+86 ${area.slice(1)} ${r}`,
        `${area}-${r.slice(0, 4)} ${r.slice(4)}`,
      ]);
    }
    case 'JP': {
      if (rng.chance(0.6)) {
        const pre = rng.pick(['90', '80', '70']);
        const a = d(4);
        const b = d(4);
        return rng.pick([
          `0${pre}-${a}-${b}`,
          `0${pre}${a}${b}`,
          `+81 ${pre}-${a}-${b}`,
          `+81 ${pre} ${a} ${b}`,
          `0${pre}(${a})${b}`,
        ]);
      }
      const area = rng.pick(['3', '6', '45', '52', '92', '11']);
      const mid = d(5 - area.length);
      const tail = d(4);
      return rng.pick([
        `0${area}-${nz()}${mid.slice(1)}-${tail}`,
        `+81 ${area}-${nz()}${mid.slice(1)}-${tail}`,
        `0${area}(${nz()}${mid.slice(1)})${tail}`,
      ]);
    }
    case 'KR': {
      if (rng.chance(0.65)) {
        const a = nz() + d(3);
        const b = d(4);
        return rng.pick([
          `010-${a}-${b}`,
          `010 ${a} ${b}`,
          `010${a}${b}`,
          `+82 10-${a}-${b}`,
          `+82 10 ${a} ${b}`,
          `+82-10-${a}-${b}`,
        ]);
      }
      const area = rng.pick(['2', '31', '32', '51', '53', '42']);
      const mid = nz() + d(area === '2' ? rng.int(2, 3) : 2);
      return rng.pick([`0${area}-${mid}-${d(4)}`, `+82 ${area}-${mid}-${d(4)}`, `(0${area}) ${mid}-${d(4)}`]);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Cards, SSN, passport
// ---------------------------------------------------------------------------------------------

function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let n = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return String((10 - (sum % 10)) % 10);
}

/** True when a digit string passes Luhn (for the structural check). */
export function luhnValid(digits: string): boolean {
  return luhnCheckDigit(digits.slice(0, -1)) === digits.slice(-1);
}

/** A Luhn-valid card number in a real issuer range, formatted as people type them. */
export function creditCard(rng: Rng): string {
  const brand = rng.int(0, 7);
  let prefix: string;
  let len = 16;
  if (brand <= 2) prefix = '4';
  else if (brand === 3) prefix = String(rng.int(51, 55));
  else if (brand === 4) prefix = String(rng.int(2221, 2720));
  else if (brand === 5) {
    prefix = rng.pick(['34', '37']);
    len = 15;
  } else if (brand === 6) prefix = rng.pick(['6011', '65', String(rng.int(3528, 3589))]);
  else prefix = '62';
  const body = prefix + rng.digits(len - 1 - prefix.length);
  const n = body + luhnCheckDigit(body);
  const sep = rng.pick([' ', ' ', '-', '']);
  if (len === 15) return sep === '' ? n : [n.slice(0, 4), n.slice(4, 10), n.slice(10)].join(sep);
  return sep === '' ? n : [n.slice(0, 4), n.slice(4, 8), n.slice(8, 12), n.slice(12)].join(sep);
}

/** A US social security number in the valid ranges (area not 000/666/9xx, group and serial non-zero). */
export function ssn(rng: Rng, sep: '-' | ' ' | '' = '-'): string {
  let area = rng.int(1, 899);
  if (area === 666) area = 667;
  const a = pad(area, 3);
  const g = pad(rng.int(1, 99), 2);
  const s = pad(rng.int(1, 9999), 4);
  return `${a}${sep}${g}${sep}${s}`;
}

/** A passport number in the issuing country's format. */
export function passport(rng: Rng, c: Country): string {
  switch (c) {
    case 'US':
      return rng.chance(0.5) ? rng.digits(9).replace(/^0/, '5') : `A${rng.digits(8)}`;
    case 'GB':
      return String(rng.int(1, 9)) + rng.digits(8);
    case 'DE':
      return rng.chars(1, 'CFGHJK') + rng.chars(8, 'CFGHJKLMNPRTVWXYZ0123456789');
    case 'FR':
      return rng.digits(2) + rng.chars(2, UPPER) + rng.digits(5);
    case 'ES':
      return rng.chars(3, 'ABCDEFGHJKLMNPRSTVWXYZ') + rng.digits(6);
    case 'CN':
      return rng.chance(0.6) ? `E${rng.digits(8)}` : `E${rng.chars(1, 'ABCDEFGH')}${rng.digits(7)}`;
    case 'JP':
      return rng.pick(['TK', 'TR', 'MZ', 'TZ', 'RE']) + rng.digits(7);
    case 'KR':
      return rng.chance(0.5)
        ? `M${rng.digits(8)}`
        : `M${rng.digits(3)}${rng.chars(1, UPPER)}${rng.digits(4)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Secrets
// ---------------------------------------------------------------------------------------------

/** An API key with a real provider's prefix and a random body of the provider's length. */
export function apiKey(rng: Rng): string {
  switch (rng.int(0, 11)) {
    case 0:
      return `sk-proj-${rng.chars(rng.int(56, 96), URLSAFE)}`;
    case 1:
      return `sk-ant-api03-${rng.chars(93, URLSAFE)}AA`;
    case 2:
      return `ghp_${rng.chars(36, ALNUM)}`;
    case 3:
      return `github_pat_11${rng.chars(20, UPPER + DIGITS)}_${rng.chars(59, ALNUM)}`;
    case 4:
      return `xoxb-${rng.digits(11)}-${rng.digits(13)}-${rng.chars(24, ALNUM)}`;
    case 5:
      return `AKIA${rng.chars(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`;
    case 6:
      return `AIza${rng.chars(35, URLSAFE)}`;
    case 7:
      return `${rng.pick(['sk_live_', 'rk_live_'])}${rng.chars(rng.int(24, 99), ALNUM)}`;
    case 8:
      return `glpat-${rng.chars(20, URLSAFE)}`;
    case 9:
      return `hf_${rng.chars(34, UPPER + LOWER)}`;
    case 10:
      return `SG.${rng.chars(22, URLSAFE)}.${rng.chars(43, URLSAFE)}`;
    default:
      return `npm_${rng.chars(36, ALNUM)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// IP addresses
// ---------------------------------------------------------------------------------------------

/** A public-looking IPv4 address (no 0.x, 127.x, multicast). */
export function ipv4(rng: Rng, privateRange = false): string {
  if (privateRange)
    return rng.pick([
      `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
      `192.168.${rng.int(0, 20)}.${rng.int(2, 254)}`,
      `172.${rng.int(16, 31)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
    ]);
  let a = rng.int(1, 223);
  if (a === 10 || a === 127 || a === 172 || a === 192) a += 3;
  return `${a}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
}

/** An IPv6 address, full or with a compressed zero run, sometimes upper-case. */
export function ipv6(rng: Rng): string {
  const groups: string[] = [rng.pick(['2001', '2a02', '2600', '2a01', '2409', '240e', '2405'])];
  for (let i = 1; i < 8; i++) groups.push(rng.chars(rng.int(1, 4), HEX).replace(/^0+(?=.)/, ''));
  const style = rng.int(0, 3);
  let s: string;
  if (style === 0) s = groups.join(':');
  else {
    const from = rng.int(2, 4);
    const to = rng.int(from + 1, 6);
    s = `${groups.slice(0, from).join(':')}::${groups.slice(to + 1).join(':')}`;
  }
  return rng.chance(0.2) ? s.toUpperCase() : s;
}

// ---------------------------------------------------------------------------------------------
// IBAN
// ---------------------------------------------------------------------------------------------

function mod97(numeric: string): number {
  let r = 0;
  for (const ch of numeric) r = (r * 10 + Number(ch)) % 97;
  return r;
}

function toIbanDigits(s: string): string {
  let out = '';
  for (const ch of s) out += /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
  return out;
}

/** True when an IBAN (spaces allowed) passes mod-97 (for the structural check). */
export function ibanValid(iban: string): boolean {
  const s = iban.replace(/ /g, '');
  return mod97(toIbanDigits(s.slice(4) + s.slice(0, 4))) === 1;
}

/** IBAN lengths per country, for the structural check. */
export const IBAN_LENGTHS: Record<string, number> = {
  DE: 22,
  FR: 27,
  ES: 24,
  GB: 22,
  NL: 18,
  IT: 27,
  AT: 20,
  CH: 21,
  BE: 16,
};

function esControl(digits10: string): number {
  const w = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(digits10[i]) * (w[i] as number);
  const c = 11 - (sum % 11);
  return c === 11 ? 0 : c === 10 ? 1 : c;
}

/** A mod-97-valid IBAN for `country`, in the electronic form or grouped by four. */
export function iban(rng: Rng, country: keyof typeof IBAN_LENGTHS, grouped = rng.chance(0.6)): string {
  let bban: string;
  switch (country) {
    case 'DE':
      bban =
        rng.pick(['10010010', '20050550', '37040044', '50010517', '70020270', '43060967']) + rng.digits(10);
      break;
    case 'FR': {
      const bank = rng.pick(['30004', '30003', '20041', '10278', '30002']);
      const branch = rng.digits(5);
      const account = rng.digits(11);
      const key = 97 - ((89 * Number(bank) + 15 * Number(branch) + 3 * (Number(account) % 97)) % 97);
      bban = bank + branch + account + pad(key, 2);
      break;
    }
    case 'ES': {
      const bank = rng.pick(['2100', '0049', '0182', '2038', '0081']);
      const branch = rng.digits(4);
      const account = rng.digits(10);
      bban = bank + branch + String(esControl(`00${bank}${branch}`)) + String(esControl(account)) + account;
      break;
    }
    case 'GB':
      bban = rng.pick(['NWBK', 'BARC', 'LOYD', 'HBUK', 'MIDL']) + rng.digits(6) + rng.digits(8);
      break;
    case 'NL':
      bban = rng.pick(['ABNA', 'INGB', 'RABO', 'TRIO']) + rng.digits(10);
      break;
    case 'IT':
      bban = rng.chars(1, UPPER) + rng.pick(['03069', '02008', '05034']) + rng.digits(5) + rng.digits(12);
      break;
    case 'AT':
      bban = rng.pick(['19043', '20111', '12000']) + rng.digits(11);
      break;
    case 'CH':
      bban = rng.pick(['00762', '00230', '08390']) + rng.digits(12);
      break;
    default:
      bban = rng.digits(12);
  }
  const check = 98 - mod97(toIbanDigits(`${bban}${country}00`));
  const s = `${country}${pad(check, 2)}${bban}`;
  return grouped ? (s.match(/.{1,4}/g) as string[]).join(' ') : s;
}

// ---------------------------------------------------------------------------------------------
// Crypto wallets
// ---------------------------------------------------------------------------------------------

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function bech32Polymod(values: number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i] as number;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = [];
  for (const c of hrp) out.push(c.charCodeAt(0) >> 5);
  out.push(0);
  for (const c of hrp) out.push(c.charCodeAt(0) & 31);
  return out;
}

function toWords(bytes: Uint8Array): number[] {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) out.push((acc << (5 - bits)) & 31);
  return out;
}

/** A segwit address: v0 (bech32, 20-byte program) or v1 taproot (bech32m, 32 bytes). */
export function btcBech32(rng: Rng, taproot = rng.chance(0.3)): string {
  const version = taproot ? 1 : 0;
  const data = [version, ...toWords(rng.bytes(taproot ? 32 : 20))];
  const constant = taproot ? 0x2bc830a3 : 1;
  const pm = bech32Polymod([...hrpExpand('bc'), ...data, 0, 0, 0, 0, 0, 0]) ^ constant;
  const checksum: number[] = [];
  for (let i = 0; i < 6; i++) checksum.push((pm >>> (5 * (5 - i))) & 31);
  return `bc1${[...data, ...checksum].map((v) => BECH32[v]).join('')}`;
}

/** True when a bech32/bech32m `bc1` address has a valid checksum (for the structural check). */
export function bech32Valid(addr: string): boolean {
  const data = [...addr.slice(3)].map((c) => BECH32.indexOf(c));
  if (data.some((v) => v < 0)) return false;
  const pm = bech32Polymod([...hrpExpand('bc'), ...data]);
  return pm === (data[0] === 0 ? 1 : 0x2bc830a3);
}

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let s = '';
  while (n > 0n) {
    s = B58[Number(n % 58n)] + s;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    s = `1${s}`;
  }
  return s;
}

const sha256 = (b: Uint8Array) => new Uint8Array(createHash('sha256').update(b).digest());

/** A base58check legacy (`1…`, P2PKH) or script (`3…`, P2SH) Bitcoin address. */
export function btcBase58(rng: Rng): string {
  const payload = new Uint8Array(21);
  payload[0] = rng.chance(0.5) ? 0x00 : 0x05;
  payload.set(rng.bytes(20), 1);
  const check = sha256(sha256(payload)).slice(0, 4);
  const full = new Uint8Array(25);
  full.set(payload);
  full.set(check, 21);
  return base58(full);
}

/** An Ethereum address (lower-case hex, which needs no EIP-55 checksum). */
export function ethAddress(rng: Rng): string {
  return `0x${rng.chars(40, HEX)}`;
}

/** Any wallet address. */
export function wallet(rng: Rng): string {
  const k = rng.int(0, 2);
  return k === 0 ? btcBech32(rng) : k === 1 ? btcBase58(rng) : ethAddress(rng);
}

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

const MONTHS: Record<'en' | 'de' | 'fr' | 'es', readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
};
const EN_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date written the way the language writes dates. `birth` picks a plausible birth year. */
export function date(rng: Rng, lang: Lang4, birth: boolean): string {
  const y = birth ? rng.int(1941, 2006) : rng.int(2019, 2027);
  const m = rng.int(1, 12);
  const d = rng.int(1, 28);
  const mm = pad(m, 2);
  const dd = pad(d, 2);
  switch (lang) {
    case 'en':
      return rng.pick([
        `${mm}/${dd}/${y}`,
        `${m}/${d}/${y}`,
        `${MONTHS.en[m - 1]} ${d}, ${y}`,
        `${d} ${MONTHS.en[m - 1]} ${y}`,
        `${y}-${mm}-${dd}`,
        `${dd} ${EN_SHORT[m - 1]} ${y}`,
      ]);
    case 'de':
      return rng.pick([
        `${dd}.${mm}.${y}`,
        `${d}.${m}.${y}`,
        `${d}. ${MONTHS.de[m - 1]} ${y}`,
        `${y}-${mm}-${dd}`,
      ]);
    case 'fr':
      return rng.pick([
        `${dd}/${mm}/${y}`,
        `${d} ${MONTHS.fr[m - 1]} ${y}`,
        `${d === 1 ? '1er' : d} ${MONTHS.fr[m - 1]} ${y}`,
        `${dd}.${mm}.${y}`,
      ]);
    case 'es':
      return rng.pick([
        `${dd}/${mm}/${y}`,
        `${d} de ${MONTHS.es[m - 1]} de ${y}`,
        `${dd}-${mm}-${y}`,
        `${d}/${m}/${y}`,
      ]);
    case 'zh':
      return rng.pick([`${y}年${m}月${d}日`, `${y}-${mm}-${dd}`, `${y}.${mm}.${dd}`, `${y}/${m}/${d}`]);
    case 'ja': {
      const era =
        birth && y >= 1989
          ? `平成${y - 1988 === 1 ? '元' : y - 1988}年${m}月${d}日`
          : birth && y < 1989
            ? `昭和${y - 1925}年${m}月${d}日`
            : `${y}年${m}月${d}日`;
      return rng.pick([`${y}年${m}月${d}日`, `${y}/${mm}/${dd}`, era, `${y}年${mm}月${dd}日`]);
    }
    case 'ko':
      return rng.pick([`${y}년 ${m}월 ${d}일`, `${y}.${mm}.${dd}`, `${y}. ${m}. ${d}`, `${y}-${mm}-${dd}`]);
  }
}

// ---------------------------------------------------------------------------------------------
// Addresses
// ---------------------------------------------------------------------------------------------

const US_STREETS = [
  'Maple Avenue',
  'Oak Street',
  'Cedar Lane',
  'Hillcrest Drive',
  'W 34th Street',
  'Lakeview Blvd',
  'Sunset Road',
  'N Broadway',
  'Elm Court',
  'Pine Ridge Rd',
];
const US_CITIES: ReadonlyArray<readonly [string, string, string]> = [
  ['Portland', 'OR', '972'],
  ['Austin', 'TX', '787'],
  ['Columbus', 'OH', '432'],
  ['Raleigh', 'NC', '276'],
  ['Denver', 'CO', '802'],
  ['Brooklyn', 'NY', '112'],
  ['Madison', 'WI', '537'],
  ['Tucson', 'AZ', '857'],
];
const GB_STREETS = [
  'Baker Lane',
  'Church Road',
  'Victoria Street',
  'Mill Close',
  'Station Approach',
  'Queens Crescent',
];
const GB_CITIES: ReadonlyArray<readonly [string, string]> = [
  ['Leeds', 'LS6'],
  ['Bristol', 'BS8'],
  ['Manchester', 'M14'],
  ['York', 'YO10'],
  ['Cardiff', 'CF24'],
];
const DE_STREETS = [
  'Lindenstraße',
  'Hauptstr.',
  'Am Markt',
  'Goethestraße',
  'Bahnhofstraße',
  'Kastanienallee',
  'Schillerplatz',
  'Weidenweg',
  'Friedrich-Ebert-Str.',
  'Auf dem Kamp',
];
const DE_CITIES: ReadonlyArray<readonly [string, string]> = [
  ['Berlin', '10'],
  ['München', '80'],
  ['Hamburg', '22'],
  ['Köln', '50'],
  ['Leipzig', '04'],
  ['Freiburg im Breisgau', '79'],
  ['Kassel', '34'],
  ['Bremen', '28'],
];
const FR_STREETS = [
  'rue des Lilas',
  'avenue Victor-Hugo',
  'boulevard Voltaire',
  'rue de la République',
  'impasse des Tilleuls',
  'place du Marché',
  'chemin des Vignes',
  'allée Jean-Jaurès',
];
const FR_CITIES: ReadonlyArray<readonly [string, string]> = [
  ['Lyon', '6900'],
  ['Paris', '750'],
  ['Marseille', '130'],
  ['Toulouse', '310'],
  ['Nantes', '440'],
  ['Lille', '590'],
  ['Bordeaux', '330'],
];
const ES_STREETS = [
  'Calle Mayor',
  'Calle de Alcalá',
  'Avenida de la Constitución',
  'Paseo de Gracia',
  'Calle San Vicente',
  'Plaza de España',
  'Carrer de Balmes',
  'Calle Real',
];
const ES_CITIES: ReadonlyArray<readonly [string, string]> = [
  ['Madrid', '280'],
  ['Barcelona', '080'],
  ['Valencia', '460'],
  ['Sevilla', '410'],
  ['Zaragoza', '500'],
  ['Málaga', '290'],
  ['Bilbao', '480'],
];
const CN_PLACES: ReadonlyArray<readonly [string, readonly string[], readonly string[]]> = [
  ['北京市', ['朝阳区', '海淀区', '东城区'], ['建国路', '中关村大街', '东直门内大街']],
  ['上海市', ['浦东新区', '徐汇区', '静安区'], ['世纪大道', '漕溪北路', '南京西路']],
  ['广东省深圳市', ['南山区', '福田区'], ['科技园路', '深南大道', '华强北路']],
  ['浙江省杭州市', ['西湖区', '滨江区'], ['文三路', '江南大道']],
  ['四川省成都市', ['武侯区', '锦江区'], ['人民南路', '春熙路']],
];
const JA_PLACES: ReadonlyArray<readonly [string, string, readonly string[]]> = [
  ['東京都', '渋谷区', ['渋谷', '神宮前', '恵比寿']],
  ['東京都', '新宿区', ['西新宿', '高田馬場']],
  ['大阪府', '大阪市北区', ['梅田', '天満']],
  ['神奈川県', '横浜市中区', ['山下町', '本町']],
  ['愛知県', '名古屋市中村区', ['名駅', '椿町']],
  ['福岡県', '福岡市博多区', ['博多駅前', '中洲']],
];
const JA_BUILDINGS = ['サンシャインハイツ', 'グランドメゾン', 'パークコート', '第二松本ビル', 'コーポ山田'];
const KO_PLACES: ReadonlyArray<readonly [string, readonly string[], readonly string[]]> = [
  ['서울특별시', ['강남구', '마포구', '종로구', '송파구'], ['테헤란로', '월드컵북로', '종로', '올림픽로']],
  ['부산광역시', ['해운대구', '수영구'], ['해운대로', '광안해변로']],
  ['경기도 성남시', ['분당구'], ['판교역로', '불정로']],
  ['대구광역시', ['수성구'], ['동대구로', '달구벌대로']],
];
const KO_APTS = ['래미안', '푸르지오', '자이', '힐스테이트', '아이파크'];

/** A street address in the country's own order (single line; see the span convention in the templates). */
export function address(rng: Rng, c: Country): string {
  switch (c) {
    case 'US': {
      const [city, st, zip3] = rng.pick(US_CITIES);
      const unit = rng.chance(0.35)
        ? `, ${rng.pick(['Apt', 'Unit', 'Suite', '#'])} ${rng.int(1, 40)}${rng.pick(['', 'B', 'C'])}`
        : '';
      return `${rng.int(12, 9870)} ${rng.pick(US_STREETS)}${unit}, ${city}, ${st} ${zip3}${rng.digits(2)}`;
    }
    case 'GB': {
      const [city, pc] = rng.pick(GB_CITIES);
      return `${rng.chance(0.2) ? `Flat ${rng.int(1, 12)}, ` : ''}${rng.int(1, 220)} ${rng.pick(GB_STREETS)}, ${city} ${pc} ${rng.int(1, 9)}${rng.chars(2, 'ABDEFGHJLNPQRSTUWXYZ')}`;
    }
    case 'DE': {
      const [city, pc] = rng.pick(DE_CITIES);
      return `${rng.pick(DE_STREETS)} ${rng.int(1, 140)}${rng.pick(['', '', 'a', 'b'])}, ${pc}${rng.digits(3)} ${city}`;
    }
    case 'FR': {
      const [city, pc] = rng.pick(FR_CITIES);
      const num = `${rng.int(1, 180)}${rng.pick(['', '', ' bis', ' ter'])}`;
      return `${num}${rng.pick([' ', ', '])}${rng.pick(FR_STREETS)}, ${pc}${rng.digits(5 - pc.length)} ${city}`;
    }
    case 'ES': {
      const [city, pc] = rng.pick(ES_CITIES);
      const floor = rng.chance(0.5)
        ? `, ${rng.int(1, 9)}º ${rng.pick(['A', 'B', 'C', 'izq.', 'dcha.'])}`
        : '';
      return `${rng.pick(ES_STREETS)}, ${rng.int(1, 220)}${floor}, ${pc}${rng.digits(5 - pc.length)} ${city}`;
    }
    case 'CN': {
      const [city, districts, roads] = rng.pick(CN_PLACES);
      const extra = rng.chance(0.5) ? `${rng.int(1, 30)}号楼${rng.int(1, 28)}0${rng.int(1, 6)}室` : '';
      return `${city}${rng.pick(districts)}${rng.pick(roads)}${rng.int(1, 999)}号${extra}`;
    }
    case 'JP': {
      const [pref, city, towns] = rng.pick(JA_PLACES);
      const bld = rng.chance(0.4) ? ` ${rng.pick(JA_BUILDINGS)}${rng.int(1, 12)}0${rng.int(1, 9)}号室` : '';
      const pc = rng.chance(0.6) ? `${rng.digits(3)}-${rng.digits(4)} ` : '';
      return `${pc}${pref}${city}${rng.pick(towns)}${rng.int(1, 5)}-${rng.int(1, 30)}-${rng.int(1, 20)}${bld}`;
    }
    case 'KR': {
      const [city, districts, roads] = rng.pick(KO_PLACES);
      const apt = rng.chance(0.5)
        ? `, ${rng.pick(KO_APTS)} ${rng.int(101, 115)}동 ${rng.int(1, 25)}0${rng.int(1, 4)}호`
        : '';
      return `${city} ${rng.pick(districts)} ${rng.pick(roads)} ${rng.int(1, 600)}${apt}`;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Look-alike values for negatives
// ---------------------------------------------------------------------------------------------

function ean13Check(body12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

/** A valid ISBN-13 with hyphens. */
export function isbn13(rng: Rng): string {
  const group = rng.pick(['3', '2', '84', '7', '4', '89', '1', '0']);
  const pub = rng.digits(rng.int(2, 4));
  const title = rng.digits(9 - group.length - pub.length);
  const body = `978${group}${pub}${title}`;
  return `978-${group}-${pub}-${title}-${ean13Check(body)}`;
}

/** A valid EAN-13 / JAN with a country prefix. */
export function ean13(rng: Rng): string {
  const body = rng.pick(['400', '401', '300', '840', '690', '450', '490', '880']) + rng.digits(9);
  return body + ean13Check(body);
}

/** A lower-case hex string. */
export function hex(rng: Rng, n: number): string {
  return rng.chars(n, HEX);
}

/** A random v4 UUID. */
export function uuid(rng: Rng): string {
  const h = hex(rng, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${rng.pick(['8', '9', 'a', 'b'])}${h.slice(17, 20)}-${h.slice(20)}`;
}

/** A semantic version, optionally with a pre-release tag. */
export function semver(rng: Rng): string {
  return `${rng.int(0, 24)}.${rng.int(0, 40)}.${rng.int(0, 30)}${rng.pick(['', '', '', '-rc.1', '-beta.3'])}`;
}

/** A four-part build number that looks like an IPv4 address. */
export function buildNumber(rng: Rng): string {
  return `${rng.int(1, 12)}.${rng.int(0, 9)}.${rng.int(1000, 22631)}.${rng.int(1, 4000)}`;
}

/** A parcel tracking number (UPS, DHL, China Post, Japan Post style). */
export function tracking(rng: Rng): string {
  return rng.pick([
    `1Z${rng.chars(6, UPPER + DIGITS)}${rng.digits(10)}`,
    `JJD${rng.digits(18)}`,
    `${rng.pick(['LX', 'RB', 'CP', 'EA'])}${rng.digits(9)}${rng.pick(['CN', 'DE', 'FR', 'JP', 'KR'])}`,
    `${rng.digits(4)}-${rng.digits(4)}-${rng.digits(4)}`,
    `SF${rng.digits(13)}`,
    `00340434${rng.digits(12)}`,
  ]);
}

/** A masked card number the way receipts print it. */
export function maskedCard(rng: Rng): string {
  const last = rng.digits(4);
  return rng.pick([
    `**** **** **** ${last}`,
    `XXXX-XXXX-XXXX-${last}`,
    `•••• ${last}`,
    `${rng.pick(['4', '5'])}${rng.digits(3)} **** **** ${last}`,
    `************${last}`,
  ]);
}

/** A masked IBAN as banking apps show it. */
export function maskedIban(rng: Rng): string {
  return `${rng.pick(['DE', 'FR', 'ES'])}${rng.digits(2)} **** **** **** ${rng.digits(2)}`;
}
