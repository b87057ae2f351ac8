/**
 * Fake values for the PII eval's THIRD blind set (`independent-3/templates.ts`). Everything is drawn from
 * one seeded PRNG (plus `@faker-js/faker` seeded from it), so the set regenerates byte for byte.
 *
 * Checksummed values are produced by their own generators here, never copied: Luhn cards in real
 * issuer ranges, ISO 13616 IBANs (mod 97, per-country length), SSNs in issued ranges, bitcoin
 * Base58Check / bech32 addresses, vendor-prefixed API keys with random bodies, and phone numbers
 * that `libphonenumber-js/max` accepts as valid for their country. The `bad*` generators make the
 * look-alike twins that fail the same checks.
 */
import { createHash } from 'node:crypto';
import { type Faker, fakerDE, fakerEN_US, fakerES, fakerFR, fakerJA, fakerKO, fakerZH_CN } from '@faker-js/faker';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** The seven languages of independent set 3. */
export type Independent3Lang = 'en' | 'de' | 'fr' | 'es' | 'zh' | 'ja' | 'ko';

/** A small deterministic PRNG (mulberry32): the generator must not depend on Math.random. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** Uniform in [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)] as T;
  }
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
  chars(alphabet: string, n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[this.int(0, alphabet.length - 1)];
    return s;
  }
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const HEX = '0123456789abcdef';

// ---------------------------------------------------------------- checksums (also used by the test)

/** Luhn check over the digits of `s`. */
export function luhnValid(s: string): boolean {
  const d = s.replace(/\D/g, '');
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let v = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      v *= 2;
      if (v > 9) v -= 9;
    }
    sum += v;
  }
  return d.length >= 12 && sum % 10 === 0;
}

function luhnDigit(body: string): string {
  for (let c = 0; c <= 9; c++) if (luhnValid(body + c)) return String(c);
  throw new Error('unreachable');
}

/** IBAN lengths per country (ISO 13616 registry) for the countries the set uses. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  DE: 22, FR: 27, ES: 24, GB: 22, NL: 18, IT: 27, AT: 20, CH: 21, BE: 16, PT: 25,
};

function ibanMod97(rearranged: string): number {
  let r = 0;
  for (const ch of rearranged) {
    const v = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) r = (r * 10 + Number(d)) % 97;
  }
  return r;
}

/** Mod-97 and country-length check of an IBAN (spaces allowed). */
export function ibanValid(s: string): boolean {
  const c = s.replace(/\s/g, '').toUpperCase();
  const len = IBAN_LENGTHS[c.slice(0, 2)];
  if (len === undefined || c.length !== len || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(c)) return false;
  return ibanMod97(c.slice(4) + c.slice(0, 4)) === 1;
}

/** An SSN in an issued range: area not 000, 666 or 9xx; group not 00; serial not 0000. */
export function ssnValid(s: string): boolean {
  const m = /^(\d{3})-(\d{2})-(\d{4})$/.exec(s);
  if (!m) return false;
  const a = Number(m[1]);
  return a !== 0 && a !== 666 && a < 900 && m[2] !== '00' && m[3] !== '0000';
}

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function sha256(b: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(b).digest());
}

function b58encode(bytes: Uint8Array): string {
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

function b58decode(s: string): Uint8Array | undefined {
  let n = 0n;
  for (const ch of s) {
    const i = B58.indexOf(ch);
    if (i < 0) return undefined;
    n = n * 58n + BigInt(i);
  }
  const out: number[] = [];
  while (n > 0n) {
    out.unshift(Number(n % 256n));
    n /= 256n;
  }
  for (const ch of s) {
    if (ch !== '1') break;
    out.unshift(0);
  }
  return new Uint8Array(out);
}

const BECH = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function bechPolymod(values: number[]): number {
  const G = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= G[i] as number;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const r: number[] = [];
  for (const c of hrp) r.push(c.charCodeAt(0) >> 5);
  r.push(0);
  for (const c of hrp) r.push(c.charCodeAt(0) & 31);
  return r;
}

function to5bit(bytes: Uint8Array): number[] {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
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

/** Base58Check (version 0x00 / 0x05) or bech32 (`bc1q…`, witness v0) checksum check. */
export function btcValid(s: string): boolean {
  if (s.startsWith('bc1')) {
    const data = [...s.slice(3)].map((c) => BECH.indexOf(c));
    if (data.some((x) => x < 0)) return false;
    return bechPolymod([...hrpExpand('bc'), ...data]) === 1;
  }
  const raw = b58decode(s);
  if (raw === undefined || raw.length !== 25 || (raw[0] !== 0 && raw[0] !== 5)) return false;
  const sum = sha256(sha256(raw.slice(0, 21)));
  return sum.slice(0, 4).every((b, i) => b === raw[21 + i]);
}

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/** The API-key prefixes the set uses; the test checks every `api-key` span starts with one. */
export const KEY_PREFIXES = ['sk_live_', 'rk_live_', 'ghp_', 'github_pat_', 'AKIA', 'xoxb-', 'xoxp-', 'sk-proj-', 'sk-ant-api03-', 'glpat-', 'AIza', 'SG.', 'npm_', 'hf_'] as const;

/** Region of each language's phone numbers. */
export const PHONE_REGION: Readonly<Record<Independent3Lang, CountryCode>> = {
  en: 'US', de: 'DE', fr: 'FR', es: 'ES', zh: 'CN', ja: 'JP', ko: 'KR',
};

// ---------------------------------------------------------------- the value source

const FAKERS: Readonly<Record<Independent3Lang, Faker>> = {
  en: fakerEN_US, de: fakerDE, fr: fakerFR, es: fakerES, zh: fakerZH_CN, ja: fakerJA, ko: fakerKO,
};

const ASCII_FOLD: Readonly<Record<string, string>> = {
  ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', é: 'e', è: 'e', ê: 'e', ë: 'e', à: 'a', â: 'a', ç: 'c', î: 'i', ï: 'i',
  ô: 'o', û: 'u', ù: 'u', á: 'a', í: 'i', ó: 'o', ú: 'u', ñ: 'n', ÿ: 'y', œ: 'oe',
};

const ROMAN_ZH = ['wang', 'li', 'zhang', 'liu', 'chen', 'yang', 'zhao', 'huang', 'zhou', 'wu', 'xu', 'sun', 'ma', 'hu', 'guo', 'lin'];
const ROMAN_JA = ['sato', 'suzuki', 'takahashi', 'tanaka', 'watanabe', 'ito', 'yamamoto', 'nakamura', 'kobayashi', 'kato', 'yoshida', 'yamada'];
const ROMAN_KO = ['kim', 'lee', 'park', 'choi', 'jung', 'kang', 'cho', 'yoon', 'jang', 'lim', 'han', 'seo'];

const MAIL_DOMAINS: Readonly<Record<Independent3Lang, readonly string[]>> = {
  en: ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me', 'hey.com'],
  de: ['gmx.de', 'web.de', 't-online.de', 'posteo.de', 'gmail.com', 'mailbox.org'],
  fr: ['orange.fr', 'free.fr', 'laposte.net', 'sfr.fr', 'gmail.com', 'wanadoo.fr'],
  es: ['gmail.com', 'hotmail.es', 'yahoo.es', 'telefonica.net', 'outlook.es'],
  zh: ['qq.com', '163.com', '126.com', 'sina.com', 'foxmail.com', 'aliyun.com'],
  ja: ['yahoo.co.jp', 'docomo.ne.jp', 'gmail.com', 'ezweb.ne.jp', 'nifty.com', 'icloud.com'],
  ko: ['naver.com', 'daum.net', 'kakao.com', 'hanmail.net', 'gmail.com', 'nate.com'],
};

const CITIES: Readonly<Record<'de' | 'fr' | 'es', readonly string[]>> = {
  de: ['Berlin', 'München', 'Hamburg', 'Köln', 'Leipzig', 'Dresden', 'Freiburg im Breisgau', 'Münster', 'Bremen', 'Kassel', 'Regensburg', 'Mainz'],
  fr: ['Lyon', 'Marseille', 'Toulouse', 'Nantes', 'Bordeaux', 'Lille', 'Rennes', 'Montpellier', 'Grenoble', 'Dijon', 'Angers', 'Paris'],
  es: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Zaragoza', 'Málaga', 'Bilbao', 'Granada', 'Valladolid', 'Alicante', 'Córdoba', 'Salamanca'],
};
const FR_STREETS = ['rue', 'avenue', 'boulevard', 'impasse', 'allée', 'chemin', 'place'];
const FR_NAMES = ['des Lilas', 'Victor Hugo', 'de la République', 'Jean Jaurès', 'du Général Leclerc', 'Pasteur', 'des Tanneurs', 'Saint-Exupéry', 'de la Gare', 'des Acacias'];
const ES_STREETS = ['Calle', 'Avenida', 'Paseo', 'Plaza', 'Camino', 'Ronda'];
const ES_NAMES = ['Mayor', 'de la Constitución', 'del Prado', 'de Goya', 'San Bernardo', 'de Cervantes', 'Real', 'de la Libertad', 'del Mar', 'de Alfonso XIII'];
const DE_SUFFIX = ['straße', 'str.', 'weg', 'allee', 'gasse', 'ring', 'platz'];
const DE_STEMS = ['Linden', 'Garten', 'Berg', 'Schiller', 'Goethe', 'Bahnhof', 'Mozart', 'Kirch', 'Ahorn', 'Rosen', 'Tannen', 'Hafen'];
const US_STATES = ['IL', 'TX', 'CA', 'OR', 'WA', 'NY', 'MA', 'OH', 'GA', 'CO', 'MN', 'NC', 'AZ', 'PA'];
const US_STREET_T = ['Street', 'St.', 'Avenue', 'Ave', 'Road', 'Lane', 'Drive', 'Blvd', 'Court', 'Way'];
const ZH_PLACES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['北京市', ['朝阳区', '海淀区', '东城区', '丰台区']],
  ['上海市', ['浦东新区', '徐汇区', '静安区', '闵行区']],
  ['广东省广州市', ['天河区', '越秀区', '番禺区']],
  ['广东省深圳市', ['南山区', '福田区', '宝安区']],
  ['浙江省杭州市', ['西湖区', '滨江区', '余杭区']],
  ['四川省成都市', ['武侯区', '锦江区', '高新区']],
  ['江苏省南京市', ['鼓楼区', '玄武区', '建邺区']],
];
const ZH_ROADS = ['建国路', '中山路', '人民路', '解放大道', '科技园南路', '文三路', '长江路', '世纪大道', '南京西路', '天府大道'];
const JA_PLACES: ReadonlyArray<readonly [string, string, readonly string[]]> = [
  ['東京都', '渋谷区', ['神宮前', '恵比寿', '代々木']],
  ['東京都', '世田谷区', ['三軒茶屋', '北沢', '用賀']],
  ['大阪府', '大阪市北区', ['梅田', '中崎', '天神橋']],
  ['神奈川県', '横浜市中区', ['山下町', '元町', '本町']],
  ['愛知県', '名古屋市中村区', ['名駅', '則武', '太閤']],
  ['福岡県', '福岡市博多区', ['博多駅前', '祇園町', '中洲']],
  ['京都府', '京都市左京区', ['北白川', '岡崎', '下鴨']],
];
const KO_PLACES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['서울특별시', ['강남구 테헤란로', '마포구 월드컵북로', '종로구 세종대로', '송파구 올림픽로', '서초구 반포대로']],
  ['부산광역시', ['해운대구 해운대로', '부산진구 중앙대로', '수영구 광안해변로']],
  ['경기도', ['성남시 분당구 판교역로', '수원시 팔달구 효원로', '고양시 일산동구 중앙로']],
  ['대구광역시', ['중구 동성로', '수성구 달구벌대로']],
  ['인천광역시', ['연수구 컨벤시아대로', '남동구 인하로']],
];

const URL_SITES = [
  (slug: string, r: Rng) => `https://www.linkedin.com/in/${slug}-${r.chars(HEX, 6)}`,
  (slug: string) => `https://github.com/${slug}`,
  (slug: string) => `https://calendly.com/${slug}/30min`,
  (_slug: string, r: Rng) => `https://drive.google.com/file/d/1${r.chars(`${ALNUM}_-`, 32)}/view?usp=sharing`,
  (slug: string) => `https://www.instagram.com/${slug.replace(/-/g, '_')}/`,
  (slug: string) => `https://${slug}.substack.com/`,
  (_slug: string, r: Rng) => `https://photos.app.goo.gl/${r.chars(ALNUM, 17)}`,
  (slug: string) => `https://mastodon.social/@${slug.replace(/-/g, '')}`,
];

const PRODUCTS = ['Sluice Pro', 'AquaPure X2', 'Nimbus Router 6', 'Falcon Desk Lamp', 'Orbit Kettle', 'Kestrel 14 Laptop', 'Atlas Backpack 30L', 'Lumen Smart Bulb'];
const COMPANIES = ['Müller & Söhne GmbH', 'Banco Santander', 'Deutsche Bahn', 'Crédit Agricole', 'Nordwind Logistics', 'Société Générale', 'Samsung Electronics', 'Tencent', 'Rakuten', 'Telefónica'];
const PLACES = ['Jefferson City', 'Washington Square', 'Lincoln Tunnel', 'Rue de Rivoli', 'Alexanderplatz', 'Plaza de España', 'Victoria Station', 'Georgia Avenue Café'];

/** The seeded source of every fake value of the set. */
export class Independent3Values {
  readonly r: Rng;
  private lastName: Partial<Record<Independent3Lang, { first: string; last: string }>> = {};

  constructor(seed: number) {
    this.r = new Rng(seed);
    for (const f of Object.values(FAKERS)) f.seed(this.r.int(1, 2 ** 31 - 2));
  }

  private person(lang: Independent3Lang): { first: string; last: string } {
    const f = FAKERS[lang];
    const p = { first: f.person.firstName(), last: f.person.lastName() };
    this.lastName[lang] = p;
    return p;
  }

  /** A person's full name in the language's own order (CJK without a space, Japanese sometimes with). */
  name(lang: Independent3Lang): string {
    const p = this.person(lang);
    if (lang === 'zh' || lang === 'ko') return `${p.last}${p.first}`;
    if (lang === 'ja') return this.r.next() < 0.5 ? `${p.last}${p.first}` : `${p.last} ${p.first}`;
    return this.r.next() < 0.15 ? `${p.first} ${this.r.pick(UPPER.split(''))}. ${p.last}` : `${p.first} ${p.last}`;
  }

  /** Just a first name (chat, salutations); a name span too. */
  first(lang: Independent3Lang): string {
    return this.person(lang).first;
  }

  /** Just a surname (used after honorifics). */
  last(lang: Independent3Lang): string {
    return this.person(lang).last;
  }

  private slug(lang: Independent3Lang): string {
    const p = this.lastName[lang] ?? this.person(lang);
    if (lang === 'zh') return `${this.r.pick(ROMAN_ZH)}${this.r.pick(ROMAN_ZH.slice(0, 8))}${this.r.int(1, 99)}`;
    if (lang === 'ja') return `${this.r.pick(ROMAN_JA)}.${this.r.pick(['yuki', 'ren', 'aoi', 'haruto', 'mei', 'sora'])}`;
    if (lang === 'ko') return `${this.r.pick(ROMAN_KO)}${this.r.pick(['minji', 'jiho', 'seoyeon', 'dohyun', 'yuna'])}`;
    const fold = (s: string) =>
      [...s.toLowerCase()]
        .map((c) => ASCII_FOLD[c] ?? c)
        .join('')
        .replace(/[^a-z]/g, '');
    return `${fold(p.first)}-${fold(p.last)}`;
  }

  email(lang: Independent3Lang): string {
    const s = this.slug(lang);
    const local = this.r.pick([s.replace('-', '.'), s.replace('-', '_'), `${s.replace('-', '')}${this.r.int(7, 99)}`, s.split('-')[0] ?? s]);
    if (lang === 'zh' && this.r.next() < 0.4) return `${this.r.int(10000000, 2999999999)}@qq.com`;
    return `${local}@${this.r.pick(MAIL_DOMAINS[lang])}`;
  }

  url(lang: Independent3Lang): string {
    return this.r.pick(URL_SITES)(this.slug(lang).replace('.', '-'), this.r);
  }

  /** A phone number valid for the language's country, in one of its usual written forms. */
  phone(lang: Independent3Lang): string {
    const region = PHONE_REGION[lang];
    for (;;) {
      const r = this.r;
      let national: string;
      switch (region) {
        case 'US':
          national = `${r.int(2, 9)}${r.digits(2)}${r.int(2, 9)}${r.digits(2)}${r.digits(4)}`;
          if (national.slice(3, 6) === '555') continue;
          break;
        case 'DE':
          national = r.next() < 0.6 ? `01${r.pick(['51', '52', '60', '62', '70', '71', '76', '79'])}${r.digits(7)}` : `0${r.pick(['30', '40', '89', '221', '341'])}${r.digits(7)}`;
          break;
        case 'FR':
          national = `0${r.pick(['1', '2', '4', '6', '7'])}${r.digits(8)}`;
          break;
        case 'ES':
          national = `${r.pick(['6', '7', '91', '93'])}`;
          national += r.digits(9 - national.length);
          break;
        case 'CN':
          national = `1${r.pick(['38', '39', '50', '58', '86', '88', '36', '77'])}${r.digits(8)}`;
          break;
        case 'JP':
          national = r.next() < 0.6 ? `0${r.pick(['90', '80', '70'])}${r.digits(8)}` : `03${r.digits(8)}`;
          break;
        default:
          national = r.next() < 0.7 ? `010${r.digits(8)}` : `02${r.int(2, 9)}${r.digits(6)}`;
      }
      const p = parsePhoneNumberFromString(national, region);
      if (p === undefined || !p.isValid()) continue;
      const form = r.int(0, 3);
      if (region === 'US') {
        const d = p.nationalNumber;
        return [
          p.formatNational(),
          `+1 ${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
          `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`,
          `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`,
        ][form] as string;
      }
      if (region === 'CN' && form === 3) return p.nationalNumber;
      return form < 2 ? p.formatNational() : p.formatInternational();
    }
  }

  /** A Luhn-valid card number in a real issuer range (never the published test number). */
  card(): string {
    const r = this.r;
    const kind = r.int(0, 5);
    let body: string;
    let groups: number[];
    if (kind === 0) {
      body = `4${r.int(0, 9) === 1 ? '0' : r.digits(1)}${r.digits(13)}`;
      groups = [4, 4, 4, 4];
    } else if (kind === 1) {
      body = r.next() < 0.7 ? `5${r.int(1, 5)}${r.digits(13)}` : `2${r.int(221, 720)}${r.digits(11)}`;
      groups = [4, 4, 4, 4];
    } else if (kind === 2) {
      body = `3${r.pick(['4', '7'])}${r.digits(12)}`;
      groups = [4, 6, 5];
    } else if (kind === 3) {
      body = `6011${r.digits(11)}`;
      groups = [4, 4, 4, 4];
    } else if (kind === 4) {
      body = `35${r.int(28, 89)}${r.digits(11)}`;
      groups = [4, 4, 4, 4];
    } else {
      body = `62${r.int(2, 8)}${r.digits(12)}`;
      groups = [4, 4, 4, 4];
    }
    const num = body + luhnDigit(body);
    if (num.startsWith('411111')) return this.card();
    const sep = r.pick([' ', ' ', '-', '']);
    let out = '';
    let i = 0;
    for (const g of groups) {
      out += (i === 0 ? '' : sep) + num.slice(i, i + g);
      i += g;
    }
    return out;
  }

  /** A card-shaped number that fails Luhn. */
  badcard(): string {
    const c = this.card();
    const last = Number(c[c.length - 1]);
    return c.slice(0, -1) + String((last + this.r.int(1, 9)) % 10);
  }

  /** A mod-97-valid IBAN of the given country (default: the language's), printed grouped or compact. */
  iban(cc = 'DE'): string {
    const r = this.r;
    const len = IBAN_LENGTHS[cc] ?? 22;
    let bban: string;
    if (cc === 'GB') bban = r.chars(UPPER, 4) + r.digits(14);
    else if (cc === 'NL') bban = r.chars(UPPER, 4) + r.digits(10);
    else if (cc === 'IT') bban = r.chars(UPPER, 1) + r.digits(22);
    else bban = r.digits(len - 4);
    const check = 98 - ibanMod97(`${bban}${cc}00`);
    const iban = `${cc}${String(check).padStart(2, '0')}${bban}`;
    return r.next() < 0.6 ? (iban.match(/.{1,4}/g) ?? []).join(' ') : iban;
  }

  /** An IBAN-shaped string with wrong check digits. */
  badiban(cc = 'DE'): string {
    const good = this.iban(cc).replace(/\s/g, '');
    const wrong = String((Number(good.slice(2, 4)) + this.r.int(1, 50)) % 97).padStart(2, '0');
    const bad = good.slice(0, 2) + (wrong === '00' ? '01' : wrong) + good.slice(4);
    return ibanValid(bad) ? this.badiban(cc) : (bad.match(/.{1,4}/g) ?? []).join(' ');
  }

  ssn(): string {
    const r = this.r;
    let area = r.int(1, 899);
    if (area === 666) area = 667;
    return `${String(area).padStart(3, '0')}-${String(r.int(1, 99)).padStart(2, '0')}-${String(r.int(1, 9999)).padStart(4, '0')}`;
  }

  /** An SSN-shaped number from a never-issued range (000, 666, 9xx). */
  badssn(): string {
    const area = this.r.pick(['000', '666', String(this.r.int(900, 999))]);
    return `${area}-${String(this.r.int(1, 99)).padStart(2, '0')}-${String(this.r.int(1, 9999)).padStart(4, '0')}`;
  }

  /** An API key with a vendor prefix and a random high-entropy body. */
  key(vendor?: string): string {
    const r = this.r;
    const v = vendor ?? r.pick(['stripe', 'github', 'aws', 'slack', 'openai', 'anthropic', 'gitlab', 'google', 'sendgrid', 'npm', 'hf', 'ghpat', 'rk']);
    switch (v) {
      case 'stripe': return `sk_live_${r.chars(ALNUM, 32)}`;
      case 'rk': return `rk_live_${r.chars(ALNUM, 32)}`;
      case 'github': return `ghp_${r.chars(ALNUM, 36)}`;
      case 'ghpat': return `github_pat_11${r.chars(UPPER + DIGITS, 20)}_${r.chars(ALNUM, 59)}`;
      case 'aws': return `AKIA${r.chars(UPPER + '234567', 16)}`;
      case 'slack': return `xoxb-${r.digits(12)}-${r.digits(13)}-${r.chars(ALNUM, 24)}`;
      case 'openai': return `sk-proj-${r.chars(`${ALNUM}_-`, 56)}`;
      case 'anthropic': return `sk-ant-api03-${r.chars(`${ALNUM}_-`, 86)}AA`;
      case 'gitlab': return `glpat-${r.chars(`${ALNUM}_-`, 20)}`;
      case 'google': return `AIza${r.chars(`${ALNUM}_-`, 35)}`;
      case 'sendgrid': return `SG.${r.chars(`${ALNUM}_-`, 22)}.${r.chars(`${ALNUM}_-`, 43)}`;
      case 'npm': return `npm_${r.chars(ALNUM, 36)}`;
      default: return `hf_${r.chars(ALNUM, 34)}`;
    }
  }

  /** A public IPv4 address outside reserved and documentation ranges. */
  ip(): string {
    for (;;) {
      const a = this.r.int(1, 223);
      const b = this.r.int(0, 255);
      if ([10, 127, 100, 169, 172, 192, 198, 203, 0].includes(a)) continue;
      return `${a}.${b}.${this.r.int(0, 255)}.${this.r.int(1, 254)}`;
    }
  }

  /** A private-range IPv4 address (still an `ip-address` under the conventions). */
  ipp(): string {
    return this.r.next() < 0.5 ? `10.${this.r.int(0, 255)}.${this.r.int(0, 255)}.${this.r.int(2, 254)}` : `192.168.${this.r.int(0, 255)}.${this.r.int(2, 254)}`;
  }

  /** A global-unicast IPv6 address, sometimes compressed. */
  ip6(): string {
    const g = () => this.r.chars(HEX, 4).replace(/^0+(?=.)/, '');
    const head = this.r.pick(['2a02', '2001:4860'.split(':')[0] ?? '2001', '2600', '2406', '2a01', '240e']);
    return this.r.next() < 0.5 ? `${head}:${g()}:${g()}:${g()}::${g()}` : `${head}:${g()}:${g()}:${g()}:${g()}:${g()}:${g()}:${g()}`;
  }

  /** A bitcoin address with a valid checksum: P2PKH, P2SH or bech32 P2WPKH. */
  btc(): string {
    const kind = this.r.int(0, 2);
    const payload = new Uint8Array(20).map(() => this.r.int(0, 255));
    if (kind === 2) {
      const data = [0, ...to5bit(payload)];
      const pm = bechPolymod([...hrpExpand('bc'), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
      const cs = [0, 1, 2, 3, 4, 5].map((i) => (pm >>> (5 * (5 - i))) & 31);
      return `bc1${[...data, ...cs].map((x) => BECH[x]).join('')}`;
    }
    const ver = new Uint8Array([kind === 0 ? 0 : 5, ...payload]);
    const sum = sha256(sha256(ver)).slice(0, 4);
    return b58encode(new Uint8Array([...ver, ...sum]));
  }

  /** A bitcoin-shaped address whose checksum fails. */
  badbtc(): string {
    const a = this.btc();
    const alphabet = a.startsWith('bc1') ? BECH : B58;
    for (;;) {
      const i = this.r.int(a.startsWith('bc1') ? 5 : 2, a.length - 1);
      const c = alphabet[this.r.int(0, alphabet.length - 1)] as string;
      const bad = a.slice(0, i) + c + a.slice(i + 1);
      if (bad !== a && !btcValid(bad)) return bad;
    }
  }

  /** A passport number in the shape of the language's country. */
  passport(lang: Independent3Lang): string {
    const r = this.r;
    const noVowel = 'CFGHJKLMNPRTVWXYZ';
    switch (lang) {
      case 'de': return `C${r.chars(noVowel + DIGITS, 8)}`;
      case 'fr': return `${r.digits(2)}${r.chars(UPPER, 2)}${r.digits(5)}`;
      case 'es': return `${r.chars(UPPER, 3)}${r.digits(6)}`;
      case 'zh': return `E${r.digits(8)}`;
      case 'ja': return `${r.pick(['TK', 'TR', 'TZ', 'MU'])}${r.digits(7)}`;
      case 'ko': return `M${r.digits(8)}`;
      default: return `${r.int(5, 6)}${r.digits(8)}`;
    }
  }

  /** A birth date written the language's way (the template supplies the birth cue). */
  dob(lang: Independent3Lang, fromYear = 1941, toYear = 2006): string {
    const r = this.r;
    const y = r.int(fromYear, toYear);
    const m = r.int(1, 12);
    const d = r.int(1, 28);
    const p2 = (n: number) => String(n).padStart(2, '0');
    const EN_M = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    const DE_M = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
    const FR_M = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
    const ES_M = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
    const f = r.int(0, 2);
    switch (lang) {
      case 'en': return [`${p2(m)}/${p2(d)}/${y}`, `${EN_M[m - 1]} ${d}, ${y}`, `${y}-${p2(m)}-${p2(d)}`][f] as string;
      case 'de': return [`${p2(d)}.${p2(m)}.${y}`, `${d}. ${DE_M[m - 1]} ${y}`, `${d}.${m}.${y}`][f] as string;
      case 'fr': return [`${p2(d)}/${p2(m)}/${y}`, `${d} ${FR_M[m - 1]} ${y}`, `${p2(d)}/${p2(m)}/${y}`][f] as string;
      case 'es': return [`${p2(d)}/${p2(m)}/${y}`, `${d} de ${ES_M[m - 1]} de ${y}`, `${d}-${p2(m)}-${y}`][f] as string;
      case 'zh': return [`${y}年${m}月${d}日`, `${y}-${p2(m)}-${p2(d)}`, `${y}.${m}.${d}`][f] as string;
      case 'ja': return [`${y}年${m}月${d}日`, `${y}/${p2(m)}/${p2(d)}`, `${y}年${p2(m)}月${p2(d)}日`][f] as string;
      default: return [`${y}년 ${m}월 ${d}일`, `${y}.${p2(m)}.${p2(d)}`, `${y}-${p2(m)}-${p2(d)}`][f] as string;
    }
  }

  /** A full postal address in the country's own layout (one span). */
  address(lang: Independent3Lang): string {
    const r = this.r;
    switch (lang) {
      case 'en': {
        const street = `${r.int(12, 9899)} ${FAKERS.en.location.street().replace(/ (Street|Avenue|Road|Lane|Drive|Court|Way|Boulevard)$/, '')} ${r.pick(US_STREET_T)}`;
        const unit = r.next() < 0.3 ? `, ${r.pick(['Apt', 'Unit', 'Suite'])} ${r.int(1, 40)}${r.pick(['', 'B', 'C'])}` : '';
        return `${street}${unit}, ${FAKERS.en.location.city()}, ${r.pick(US_STATES)} ${r.digits(1)}${r.int(1000, 9999)}`;
      }
      case 'de': {
        const suf = r.pick(DE_SUFFIX);
        const st = `${r.pick(DE_STEMS)}${suf}`;
        return `${st} ${r.int(1, 140)}${r.pick(['', '', 'a', 'b'])}, ${r.int(10, 99)}${r.digits(3)} ${r.pick(CITIES.de)}`;
      }
      case 'fr': {
        const bis = r.pick(['', '', ' bis', ' ter']);
        return `${r.int(1, 180)}${bis} ${r.pick(FR_STREETS)} ${r.pick(FR_NAMES)}, ${r.int(10, 95)}${r.digits(3)} ${r.pick(CITIES.fr)}`;
      }
      case 'es': {
        const piso = r.next() < 0.5 ? `, ${r.int(1, 9)}º ${r.pick(['A', 'B', 'C', 'D', 'izq.', 'dcha.'])}` : '';
        return `${r.pick(ES_STREETS)} ${r.pick(ES_NAMES)} ${r.int(1, 220)}${piso}, ${String(r.int(1, 52)).padStart(2, '0')}${r.digits(3)} ${r.pick(CITIES.es)}`;
      }
      case 'zh': {
        const [city, districts] = r.pick(ZH_PLACES);
        const unit = r.next() < 0.6 ? `${r.int(1, 12)}号楼${r.int(1, 3)}单元${r.int(1, 32)}0${r.int(1, 9)}室` : '';
        return `${city}${r.pick(districts)}${r.pick(ZH_ROADS)}${r.int(1, 999)}号${unit}`;
      }
      case 'ja': {
        const [pref, city, towns] = r.pick(JA_PLACES);
        const bldg = r.next() < 0.5 ? ` ${r.pick(['グランメゾン', 'サンハイツ', 'パークコート', 'メゾン'])}${r.pick(['青山', '桜', '緑'])}${r.int(1, 9)}0${r.int(1, 9)}` : '';
        return `〒${r.int(100, 999)}-${r.digits(4)} ${pref}${city}${r.pick(towns)}${r.int(1, 6)}丁目${r.int(1, 30)}番${r.int(1, 20)}号${bldg}`;
      }
      default: {
        const [city, roads] = r.pick(KO_PLACES);
        const unit = r.next() < 0.5 ? `, ${r.int(1, 20)}층` : r.next() < 0.5 ? ` ${r.int(101, 120)}동 ${r.int(1, 25)}0${r.int(1, 4)}호` : '';
        return `${city} ${r.pick(roads)} ${r.int(1, 400)}${unit}`;
      }
    }
  }

  /** `user:password` for a connection string. */
  cred(): string {
    const user = this.r.pick(['admin', 'app_rw', 'deploy', 'svc_billing', 'root', 'etl_user', 'reporting']);
    return `${user}:${this.r.chars(`${ALNUM}!*_`, this.r.int(12, 20))}`;
  }

  // ---- look-alike values (never labelled)
  order(): string {
    return this.r.pick([`#${this.r.int(100000, 999999)}`, `ORD-${this.r.int(2024, 2026)}-${this.r.digits(6)}`, `${this.r.digits(3)}-${this.r.digits(7)}-${this.r.digits(7)}`]);
  }
  tracking(): string {
    return this.r.pick([`1Z${this.r.chars(UPPER + DIGITS, 16)}`, `${this.r.chars(UPPER, 2)}${this.r.digits(9)}DE`, this.r.digits(12), `JD${this.r.digits(15)}`, `9400${this.r.digits(18)}`]);
  }
  invoice(): string {
    return this.r.pick([`INV-${this.r.digits(6)}`, `RE-${this.r.int(2025, 2026)}-${this.r.digits(5)}`, `F${this.r.digits(8)}`]);
  }
  lot(): string {
    return `${this.r.chars(UPPER, 2)}${this.r.pick(['-', '', '/'])}${this.r.digits(6)}`;
  }
  /** A valid ISBN-13 (978/979) or EAN-13: right checksum, still not PII. */
  isbn(): string {
    const body = `${this.r.pick(['978', '979', '400', '590', '880', '690'])}${this.r.digits(9)}`;
    let s = 0;
    for (let i = 0; i < 12; i++) s += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
    const full = body + String((10 - (s % 10)) % 10);
    return body.startsWith('97') && this.r.next() < 0.5 ? `${full.slice(0, 3)}-${full.slice(3, 4)}-${full.slice(4, 7)}-${full.slice(7, 12)}-${full.slice(12)}` : full;
  }
  version(): string {
    return this.r.pick([`v${this.r.int(1, 9)}.${this.r.int(0, 30)}.${this.r.int(0, 99)}`, `${this.r.int(1, 20)}.${this.r.int(0, 9)}.${this.r.int(0, 9)}.${this.r.int(100, 9999)}`, `${this.r.int(1, 5)}.${this.r.int(0, 12)}.${this.r.int(0, 9)}-rc.${this.r.int(1, 5)}`]);
  }
  sha(): string {
    return this.r.chars(HEX, this.r.pick([7, 40, 64]));
  }
  uuid(): string {
    const h = (n: number) => this.r.chars(HEX, n);
    return `${h(8)}-${h(4)}-4${h(3)}-${this.r.pick(['8', '9', 'a', 'b'])}${h(3)}-${h(12)}`;
  }
  masked(): string {
    return this.r.pick([`**** **** **** ${this.r.digits(4)}`, `XXXX-XXXX-XXXX-${this.r.digits(4)}`, `${this.r.pick(['4', '5'])}${this.r.digits(3)} •••• •••• ${this.r.digits(4)}`, `***-**-${this.r.digits(4)}`]);
  }
  amount(): string {
    return this.r.pick([`$${this.r.int(5, 4999)}.${this.r.digits(2)}`, `${this.r.int(5, 4999)},${this.r.digits(2)} €`, `¥${this.r.int(100, 99999)}`, `₩${this.r.int(1, 999)},${this.r.digits(3)}`]);
  }
  /** A recent calendar date (delivery, appointment, build) with no birth cue around it. */
  date(lang: Independent3Lang): string {
    return this.dob(lang, 2024, 2027);
  }
  ts(): string {
    return `2026-${String(this.r.int(1, 11)).padStart(2, '0')}-${String(this.r.int(1, 28)).padStart(2, '0')}T${String(this.r.int(0, 23)).padStart(2, '0')}:${String(this.r.int(0, 59)).padStart(2, '0')}:${String(this.r.int(0, 59)).padStart(2, '0')}Z`;
  }
  sku(): string {
    return `${this.r.chars(UPPER, 3)}-${this.r.digits(4)}-${this.r.chars(UPPER + DIGITS, 2)}`;
  }
  product(): string {
    return this.r.pick(PRODUCTS);
  }
  company(): string {
    return this.r.pick(COMPANIES);
  }
  place(): string {
    return this.r.pick(PLACES);
  }
  ticket(): string {
    return `${this.r.pick(['SUP', 'OPS', 'HD', 'JIRA'])}-${this.r.int(100, 99999)}`;
  }
  num(): string {
    return String(this.r.int(2, 480));
  }
}
