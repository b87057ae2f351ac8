/**
 * Fake values for independent set 5 (`independent-5/templates.ts`): checksummed cards, IBANs, SSNs,
 * wallets, provider-shaped API keys, numbering-plan-valid phones, and own lists of names and
 * streets per language. Every value comes from a seeded generator, so the set is reproducible.
 * Written without reading the detector or any other fixture set.
 */
import { createHash } from 'node:crypto';
import { type Faker, fakerDE, fakerEN_US, fakerES, fakerFR } from '@faker-js/faker';
import { isValidPhoneNumber } from 'libphonenumber-js/max';

/** The seven languages of the set. */
export type Independent5Lang = 'en' | 'de' | 'fr' | 'es' | 'zh' | 'ja' | 'ko';

/** A small seeded PRNG (mulberry32), so values do not depend on faker's internals. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  /** One element of a list. */
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)] as T;
  }
  /** `n` random digits. */
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
  /** `n` characters drawn from `alphabet`. */
  chars(n: number, alphabet: string): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[this.int(0, alphabet.length - 1)];
    return s;
  }
  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

// ---------------------------------------------------------------- cards

function luhnComplete(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    let d = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return partial + String((10 - (sum % 10)) % 10);
}

/** True when `digits` passes the Luhn check. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A Luhn-valid card number in a real issuer range, formatted in one of the usual ways. */
export function card(r: Rng): string {
  const kind = r.pick(['visa', 'visa', 'mc', 'mc2', 'amex', 'disc', 'jcb', 'unionpay'] as const);
  let raw: string;
  switch (kind) {
    case 'visa':
      raw = luhnComplete(`4${r.digits(14)}`);
      break;
    case 'mc':
      raw = luhnComplete(`5${r.int(1, 5)}${r.digits(13)}`);
      break;
    case 'mc2':
      raw = luhnComplete(`${r.int(2221, 2720)}${r.digits(11)}`);
      break;
    case 'amex':
      raw = luhnComplete(`3${r.pick(['4', '7'])}${r.digits(12)}`);
      break;
    case 'disc':
      raw = luhnComplete(`6011${r.digits(11)}`);
      break;
    case 'jcb':
      raw = luhnComplete(`${r.int(3528, 3589)}${r.digits(11)}`);
      break;
    default:
      raw = luhnComplete(`62${r.digits(13)}`);
  }
  const sep = r.pick([' ', ' ', '-', '']);
  if (raw.length === 15) return [raw.slice(0, 4), raw.slice(4, 10), raw.slice(10)].join(sep);
  return [raw.slice(0, 4), raw.slice(4, 8), raw.slice(8, 12), raw.slice(12)].join(sep);
}

/** A 16-digit number in a card range whose Luhn check fails (a look-alike). */
export function badCard(r: Rng): string {
  const good = luhnComplete(`4${r.digits(14)}`);
  const last = (Number(good[15]) + r.int(1, 9)) % 10;
  const raw = good.slice(0, 15) + String(last);
  return [raw.slice(0, 4), raw.slice(4, 8), raw.slice(8, 12), raw.slice(12)].join(' ');
}

// ---------------------------------------------------------------- IBAN

const IBAN_LAYOUT: Record<string, string> = {
  DE: 'n18',
  FR: 'n23',
  ES: 'n20',
  GB: 'a4n14',
  NL: 'a4n10',
  IT: 'a1n22',
  AT: 'n16',
  BE: 'n12',
  CH: 'n17',
};

function mod97(s: string): number {
  let rem = 0;
  for (const ch of s) rem = (rem * 10 + Number(ch)) % 97;
  return rem;
}

function ibanToDigits(s: string): string {
  let out = '';
  for (const ch of s) out += /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
  return out;
}

/** True when an IBAN (spaces allowed) passes mod 97. */
export function ibanValid(iban: string): boolean {
  const c = iban.replace(/ /g, '');
  return mod97(ibanToDigits(c.slice(4) + c.slice(0, 4))) === 1;
}

/** A mod-97-valid IBAN of `country`, compact or in groups of four. */
export function iban(r: Rng, country: string, grouped = r.chance(0.6)): string {
  const layout = IBAN_LAYOUT[country] ?? 'n18';
  let bban = '';
  for (const m of layout.matchAll(/([an])(\d+)/g)) {
    const n = Number(m[2]);
    bban += m[1] === 'a' ? r.chars(n, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') : r.digits(n);
  }
  const check = 98 - mod97(ibanToDigits(`${bban}${country}00`));
  const compact = `${country}${String(check).padStart(2, '0')}${bban}`;
  return grouped ? (compact.match(/.{1,4}/g) ?? []).join(' ') : compact;
}

// ---------------------------------------------------------------- SSN

/** An SSN in the issued ranges (no 000/666/9xx area, no 00 group, no 0000 serial). */
export function ssn(r: Rng, sep = '-'): string {
  let area = r.int(1, 899);
  if (area === 666) area = 667;
  const s = `${String(area).padStart(3, '0')}${sep}${String(r.int(1, 99)).padStart(2, '0')}${sep}${String(r.int(1, 9999)).padStart(4, '0')}`;
  return s === '078-05-1120' || s === '219-09-9999' ? ssn(r, sep) : s;
}

// ---------------------------------------------------------------- API keys

/** A provider-shaped API key with a random body. */
export function apiKey(r: Rng, provider?: string): string {
  const p =
    provider ??
    r.pick([
      'openai',
      'anthropic',
      'aws',
      'github',
      'slack',
      'google',
      'stripe',
      'gitlab',
      'hf',
      'npm',
      'sendgrid',
    ]);
  switch (p) {
    case 'openai':
      return `sk-proj-${r.chars(48, B62 + '_-')}`;
    case 'anthropic':
      return `sk-ant-api03-${r.chars(86, B62 + '_-')}AA`;
    case 'aws':
      return `AKIA${r.chars(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`;
    case 'github':
      return `ghp_${r.chars(36, B62)}`;
    case 'slack':
      return `xoxb-${r.digits(12)}-${r.digits(13)}-${r.chars(24, B62)}`;
    case 'google':
      return `AIza${r.chars(35, B62 + '_-')}`;
    case 'stripe':
      return `sk_live_${r.chars(24, B62)}`;
    case 'gitlab':
      return `glpat-${r.chars(20, B62 + '_-')}`;
    case 'hf':
      return `hf_${r.chars(34, B62)}`;
    case 'npm':
      return `npm_${r.chars(36, B62)}`;
    default:
      return `SG.${r.chars(22, B62 + '_-')}.${r.chars(43, B62 + '_-')}`;
  }
}

/** A 40-hex commit hash, 64-hex digest or similar (look-alike). */
export function hexDigest(r: Rng, n: number): string {
  return r.chars(n, HEX);
}

/** A random v4 UUID (look-alike: not labelled in this set). */
export function uuid(r: Rng): string {
  const h = r.chars(32, HEX);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${r.pick(['8', '9', 'a', 'b'])}${h.slice(17, 20)}-${h.slice(20)}`;
}

// ---------------------------------------------------------------- IP

/** A public-looking IPv4 address (no loopback, no documentation ranges). */
export function ipv4(r: Rng): string {
  const first = r.pick([
    31, 46, 62, 78, 81, 85, 91, 103, 112, 121, 141, 151, 175, 185, 188, 193, 203, 211, 217,
  ]);
  return `${first}.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`;
}

/** A private-range IPv4 address (still an IP address). */
export function ipv4Private(r: Rng): string {
  return r.chance(0.5)
    ? `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(2, 254)}`
    : `192.168.${r.int(0, 255)}.${r.int(2, 254)}`;
}

/** A global unicast IPv6 address, full or compressed. */
export function ipv6(r: Rng): string {
  const groups = [r.pick(['2a02', '2a01', '2001:4860', '2600', '2400', '240e', '2404'])];
  const need = 8 - groups[0]!.split(':').length;
  const rest: string[] = [];
  for (let i = 0; i < need; i++) rest.push(r.chars(r.int(1, 4), HEX).replace(/^0+(?=.)/, ''));
  if (r.chance(0.5)) {
    // compress a run of zero groups in the middle
    return `${groups[0]}:${rest[0]}:${rest[1]}::${rest[need - 2]}:${rest[need - 1]}`;
  }
  return [...groups, ...rest].join(':');
}

// ---------------------------------------------------------------- crypto wallets

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function sha256(b: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(b).digest());
}

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

function randBytes(r: Rng, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = r.int(0, 255);
  return out;
}

/** A base58check Bitcoin address (P2PKH `1…` or P2SH `3…`). */
export function btcBase58(r: Rng): string {
  const payload = new Uint8Array(21);
  payload[0] = r.chance(0.5) ? 0x00 : 0x05;
  payload.set(randBytes(r, 20), 1);
  const check = sha256(sha256(payload)).slice(0, 4);
  const all = new Uint8Array(25);
  all.set(payload);
  all.set(check, 21);
  return base58(all);
}

const BECH = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function polymod(values: number[]): number {
  const G = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= G[i]!;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = [];
  for (const c of hrp) out.push(c.charCodeAt(0) >>> 5);
  out.push(0);
  for (const c of hrp) out.push(c.charCodeAt(0) & 31);
  return out;
}

function toWords(bytes: Uint8Array): number[] {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out.push((acc >>> bits) & 31);
    }
  }
  if (bits > 0) out.push((acc << (5 - bits)) & 31);
  return out;
}

/** A bech32 (v0, `bc1q…`) or bech32m (v1 taproot, `bc1p…`) Bitcoin address. */
export function btcBech32(r: Rng): string {
  const taproot = r.chance(0.3);
  const data = [taproot ? 1 : 0, ...toWords(randBytes(r, taproot ? 32 : 20))];
  const constant = taproot ? 0x2bc830a3 : 1;
  const pm = polymod([...hrpExpand('bc'), ...data, 0, 0, 0, 0, 0, 0]) ^ constant;
  const checksum: number[] = [];
  for (let i = 0; i < 6; i++) checksum.push((pm >>> (5 * (5 - i))) & 31);
  return `bc1${[...data, ...checksum].map((d) => BECH[d]).join('')}`;
}

/** An Ethereum address (`0x` + 40 hex, lower case). */
export function eth(r: Rng): string {
  return `0x${r.chars(40, HEX)}`;
}

/** Any wallet. */
export function wallet(r: Rng): string {
  const k = r.int(0, 2);
  return k === 0 ? btcBech32(r) : k === 1 ? btcBase58(r) : eth(r);
}

// ---------------------------------------------------------------- phones

type PhoneCountry = 'US' | 'GB' | 'DE' | 'FR' | 'ES' | 'CN' | 'JP' | 'KR';

function phoneCandidate(r: Rng, c: PhoneCountry, intl: boolean): string {
  const d = (n: number) => r.digits(n);
  switch (c) {
    case 'US': {
      const area = r.pick([
        '212',
        '312',
        '415',
        '617',
        '206',
        '303',
        '512',
        '646',
        '713',
        '404',
        '305',
        '702',
      ]);
      const ex = `${r.int(2, 9)}${r.int(0, 9)}${r.int(1, 9)}`;
      const ln = d(4);
      if (intl)
        return r.pick([`+1 ${area} ${ex} ${ln}`, `+1 (${area}) ${ex}-${ln}`, `+1-${area}-${ex}-${ln}`]);
      return r.pick([`(${area}) ${ex}-${ln}`, `${area}-${ex}-${ln}`, `${area}.${ex}.${ln}`]);
    }
    case 'GB': {
      if (r.chance(0.5)) {
        const m = `7${r.int(4, 9)}${d(2)}`;
        const rest = d(6);
        return intl ? `+44 ${m} ${rest}` : `0${m} ${rest}`;
      }
      const lon = `${r.pick(['3', '7', '8'])}${d(3)} ${d(4)}`;
      return intl ? `+44 20 ${lon}` : `020 ${lon}`;
    }
    case 'DE': {
      if (r.chance(0.5)) {
        const pre = r.pick(['151', '160', '170', '171', '176', '157', '152']);
        const rest = d(pre === '176' || pre === '160' ? 8 : pre === '157' ? 8 : 8);
        return intl
          ? `+49 ${pre} ${rest}`
          : r.pick([`0${pre} ${rest}`, `0${pre}/${rest}`, `0${pre}-${rest}`]);
      }
      const city = r.pick([
        ['30', 8],
        ['40', 8],
        ['89', 8],
        ['221', 7],
        ['69', 8],
      ] as const);
      const rest = d(city[1]);
      return intl
        ? `+49 ${city[0]} ${rest}`
        : r.pick([`0${city[0]} ${rest}`, `0${city[0]}/${rest}`, `(0${city[0]}) ${rest}`]);
    }
    case 'FR': {
      const first = r.pick(['6', '7', '1', '4', '5']);
      const g = [d(2), d(2), d(2), d(2)];
      if (intl)
        return r.pick([
          `+33 ${first} ${g.join(' ')}`,
          `+33 (0)${first} ${g.join(' ')}`,
          `+33${first}${g.join('')}`,
        ]);
      return r.pick([`0${first} ${g.join(' ')}`, `0${first}.${g.join('.')}`, `0${first}${g.join('')}`]);
    }
    case 'ES': {
      if (r.chance(0.6)) {
        const m = `6${d(2)}`;
        const a = d(3);
        const b = d(3);
        return intl
          ? r.pick([`+34 ${m} ${a} ${b}`, `(+34) ${m} ${a} ${b}`])
          : r.pick([`${m} ${a} ${b}`, `${m}${a}${b}`]);
      }
      const fixed = `9${r.pick(['1', '3', '5'])}`;
      const x = `${d(3)} ${d(2)} ${d(2)}`;
      return intl ? `+34 ${fixed} ${x}` : `${fixed} ${x}`;
    }
    case 'CN': {
      if (r.chance(0.7)) {
        const pre = r.pick(['138', '139', '136', '150', '158', '186', '188', '177', '135']);
        const a = d(4);
        const b = d(4);
        return intl
          ? r.pick([`+86 ${pre} ${a} ${b}`, `+86-${pre}-${a}-${b}`])
          : r.pick([`${pre}${a}${b}`, `${pre} ${a} ${b}`, `${pre}-${a}-${b}`]);
      }
      const city = r.pick(['010', '021']);
      return intl ? `+86 ${city.slice(1)} ${d(4)} ${d(4)}` : `${city}-${d(8)}`;
    }
    case 'JP': {
      if (r.chance(0.6)) {
        const pre = r.pick(['90', '80', '70']);
        const a = d(4);
        const b = d(4);
        return intl
          ? r.pick([`+81 ${pre}-${a}-${b}`, `+81 ${pre} ${a} ${b}`])
          : r.pick([`0${pre}-${a}-${b}`, `0${pre}${a}${b}`]);
      }
      const city = r.pick(['3', '6']);
      return intl ? `+81 ${city}-${d(4)}-${d(4)}` : `0${city}-${d(4)}-${d(4)}`;
    }
    default: {
      if (r.chance(0.7)) {
        const a = d(4);
        const b = d(4);
        return intl
          ? r.pick([`+82 10-${a}-${b}`, `+82 10 ${a} ${b}`])
          : r.pick([`010-${a}-${b}`, `010 ${a} ${b}`, `010${a}${b}`]);
      }
      return intl ? `+82 2-${r.int(2, 9)}${d(2)}-${d(4)}` : `02-${r.int(2, 9)}${d(2)}-${d(4)}`;
    }
  }
}

/** A phone number valid in libphonenumber's numbering plan for `country`. */
export function phone(r: Rng, country: PhoneCountry, intl = r.chance(0.45)): string {
  for (let i = 0; i < 50; i++) {
    const p = phoneCandidate(r, country, intl);
    if (isValidPhoneNumber(p.replace('(0)', ''), country)) return p;
  }
  throw new Error(`blind5-values: no valid ${country} phone after 50 tries`);
}

/** The phone country of each language. */
export const PHONE_COUNTRY: Record<Independent5Lang, PhoneCountry> = {
  en: 'US',
  de: 'DE',
  fr: 'FR',
  es: 'ES',
  zh: 'CN',
  ja: 'JP',
  ko: 'KR',
};

// ---------------------------------------------------------------- names

const FAKER: Record<'en' | 'de' | 'fr' | 'es', Faker> = {
  en: fakerEN_US,
  de: fakerDE,
  fr: fakerFR,
  es: fakerES,
};

const ZH_FAMILY = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
  '罗',
  '高',
  '欧阳',
  '司马',
];
const ZH_GIVEN = [
  '伟',
  '芳',
  '娜',
  '秀英',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀兰',
  '霞',
  '平',
  '刚',
  '桂英',
  '子轩',
  '梓涵',
  '浩然',
  '雨桐',
  '思远',
];
const JA_FAMILY = [
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '山本',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山田',
  '佐々木',
  '山口',
  '松本',
  '井上',
  '木村',
  '林',
  '清水',
  '森',
];
const JA_GIVEN = [
  '翔太',
  '陽菜',
  '蓮',
  '結衣',
  '大輔',
  '美咲',
  '健一',
  '由美',
  '直樹',
  '愛',
  '拓也',
  'さくら',
  '誠',
  '恵子',
  '裕子',
  '隆',
  '花子',
  '悠真',
  '真由美',
  '和也',
];
const KO_FAMILY = [
  '김',
  '이',
  '박',
  '최',
  '정',
  '강',
  '조',
  '윤',
  '장',
  '임',
  '한',
  '오',
  '서',
  '신',
  '권',
  '황',
  '안',
  '송',
  '남궁',
];
const KO_GIVEN = [
  '민준',
  '서연',
  '지훈',
  '하은',
  '도윤',
  '지우',
  '예준',
  '수빈',
  '현우',
  '지민',
  '서준',
  '은지',
  '민서',
  '준호',
  '영희',
  '철수',
  '성민',
  '유진',
  '태양',
  '다은',
];
/** Non-Western names written in Latin script (for the Latin-script languages). */
const WORLD_NAMES = [
  'Oluwaseun Adeyemi',
  'Nguyen Thi Lan',
  'Priya Raghunathan',
  'Mehmet Yılmaz',
  'Aigerim Nurlanovna',
  'Tran Van Duc',
  'Chidi Okonkwo',
  'Siddharth Venkataraman',
  'Fatima Zahra El Amrani',
  'Hamid Reza Karimi',
  'Wanjiru Kamau',
  'Bui Minh Chau',
  'Ayşe Demir',
  'Kofi Mensah',
  'Li Wei',
  'Zhang Xiaoming',
  'Kim Min-jun',
  'Park Ji-hoon',
  'Tanaka Yuki',
  'Arjun Mehta',
  'Nomvula Dlamini',
  'Farhan Chowdhury',
];

/** A person's name as written in `lang` (native script for zh/ja/ko). */
export function personName(r: Rng, lang: Independent5Lang): string {
  switch (lang) {
    case 'zh':
      return r.pick(ZH_FAMILY) + r.pick(ZH_GIVEN);
    case 'ja':
      return r.chance(0.5)
        ? `${r.pick(JA_FAMILY)}${r.pick(JA_GIVEN)}`
        : `${r.pick(JA_FAMILY)} ${r.pick(JA_GIVEN)}`;
    case 'ko':
      return r.pick(KO_FAMILY) + r.pick(KO_GIVEN);
    default: {
      if (r.chance(0.15)) return r.pick(WORLD_NAMES);
      const f = FAKER[lang];
      const first = f.person.firstName();
      const last = f.person.lastName();
      const shape = r.int(0, 9);
      if (shape === 0) return `${first[0]}. ${last}`;
      if (shape === 1) return `${first} ${String.fromCharCode(65 + r.int(0, 25))}. ${last}`;
      if (shape === 2) return `${first} ${last}-${f.person.lastName()}`;
      return `${first} ${last}`;
    }
  }
}

/** A family name of `lang` (for "Dr. X", "X様", "X 선생님"). */
export function familyName(r: Rng, lang: Independent5Lang): string {
  if (lang === 'zh') return r.pick(ZH_FAMILY);
  if (lang === 'ja') return r.pick(JA_FAMILY);
  if (lang === 'ko') return r.pick(KO_FAMILY);
  return FAKER[lang].person.lastName();
}

/** A given name of `lang`. */
export function givenName(r: Rng, lang: Independent5Lang): string {
  if (lang === 'zh') return r.pick(ZH_GIVEN);
  if (lang === 'ja') return r.pick(JA_GIVEN);
  if (lang === 'ko') return r.pick(KO_GIVEN);
  return FAKER[lang].person.firstName();
}

/** Seeds faker's locales for reproducible names. */
export function seedFakers(seed: number): void {
  for (const f of Object.values(FAKER)) f.seed(seed);
}

// ---------------------------------------------------------------- addresses

const US_STREETS = [
  'Maple',
  'Oak',
  'Cedar',
  'Lincoln',
  'Washington',
  'Elm',
  'Sunset',
  'Highland',
  'Park',
  'Lakeview',
  'Willow',
  'Franklin',
];
const US_TYPES = ['St', 'Street', 'Ave', 'Avenue', 'Rd', 'Blvd', 'Drive', 'Ln', 'Court', 'Way'];
const US_CITIES = [
  ['Portland', 'OR', '972'],
  ['Austin', 'TX', '787'],
  ['Columbus', 'OH', '432'],
  ['Denver', 'CO', '802'],
  ['Raleigh', 'NC', '276'],
  ['Madison', 'WI', '537'],
  ['Tucson', 'AZ', '857'],
  ['Albany', 'NY', '122'],
] as const;
const DE_STREETS = [
  'Hauptstraße',
  'Bahnhofstr.',
  'Goethestraße',
  'Lindenallee',
  'Am Mühlbach',
  'Schillerweg',
  'Kirchgasse',
  'Bergstraße',
  'Friedrich-Ebert-Platz',
  'Uhlandstraße',
  'Rosenweg',
  'Marktplatz',
];
const DE_CITIES = [
  ['10115', 'Berlin'],
  ['80331', 'München'],
  ['50667', 'Köln'],
  ['20095', 'Hamburg'],
  ['04109', 'Leipzig'],
  ['70173', 'Stuttgart'],
  ['90402', 'Nürnberg'],
  ['28195', 'Bremen'],
] as const;
const FR_STREETS = [
  'rue de la République',
  'avenue Jean Jaurès',
  'boulevard Voltaire',
  'rue des Lilas',
  'place du Marché',
  'chemin des Vignes',
  'allée des Tilleuls',
  'rue Victor Hugo',
  'impasse du Moulin',
  'quai de Saône',
];
const FR_CITIES = [
  ['75011', 'Paris'],
  ['69003', 'Lyon'],
  ['13006', 'Marseille'],
  ['31000', 'Toulouse'],
  ['44000', 'Nantes'],
  ['67000', 'Strasbourg'],
  ['33000', 'Bordeaux'],
  ['59000', 'Lille'],
] as const;
const ES_STREETS = [
  'Calle Mayor',
  'Avenida de la Constitución',
  'Calle del Olmo',
  'Paseo de Gracia',
  'Calle de Alcalá',
  'Plaza de España',
  'Calle San Vicente',
  'Avda. Blasco Ibáñez',
  'Camino Real',
  'C/ Toledo',
];
const ES_CITIES = [
  ['28013', 'Madrid'],
  ['08007', 'Barcelona'],
  ['46010', 'Valencia'],
  ['41004', 'Sevilla'],
  ['29015', 'Málaga'],
  ['50001', 'Zaragoza'],
  ['48001', 'Bilbao'],
] as const;
const ZH_CITIES = [
  ['北京市', ['朝阳区', '海淀区', '东城区'], ['建国路', '中关村大街', '东直门内大街']],
  ['上海市', ['浦东新区', '徐汇区', '静安区'], ['世纪大道', '漕溪北路', '南京西路']],
  ['广东省广州市', ['天河区', '越秀区'], ['天河路', '中山五路']],
  ['浙江省杭州市', ['西湖区', '上城区'], ['文三路', '延安路']],
  ['四川省成都市', ['武侯区', '锦江区'], ['人民南路', '春熙路']],
] as const;
const JA_PLACES = [
  ['東京都', ['渋谷区渋谷', '新宿区西新宿', '港区六本木', '世田谷区三軒茶屋'], '1'],
  ['大阪府', ['大阪市北区梅田', '大阪市中央区難波'], '5'],
  ['神奈川県', ['横浜市西区みなとみらい', '川崎市中原区小杉町'], '2'],
  ['愛知県', ['名古屋市中区栄'], '4'],
  ['福岡県', ['福岡市博多区博多駅前'], '8'],
] as const;
const KO_PLACES = [
  ['서울특별시', ['강남구 테헤란로', '마포구 월드컵북로', '종로구 세종대로', '송파구 올림픽로']],
  ['부산광역시', ['해운대구 해운대로', '부산진구 중앙대로']],
  ['경기도', ['성남시 분당구 판교역로', '수원시 팔달구 효원로']],
  ['대구광역시', ['중구 동성로']],
] as const;

/** One postal address of `lang`'s country, in that country's order, as one line. */
export function address(r: Rng, lang: Independent5Lang, withCity = true): string {
  switch (lang) {
    case 'en': {
      const [city, st, zip] = r.pick(US_CITIES);
      const line = `${r.int(12, 9800)} ${r.chance(0.3) ? `${r.pick(['N', 'S', 'E', 'W'])} ` : ''}${r.pick(US_STREETS)} ${r.pick(US_TYPES)}`;
      const apt = r.chance(0.3)
        ? `, ${r.pick(['Apt', 'Suite', 'Unit'])} ${r.int(1, 40)}${r.pick(['', 'B', 'C'])}`
        : '';
      return withCity ? `${line}${apt}, ${city}, ${st} ${zip}${r.digits(2)}` : `${line}${apt}`;
    }
    case 'de': {
      const [plz, city] = r.pick(DE_CITIES);
      const line = `${r.pick(DE_STREETS)} ${r.int(1, 140)}${r.pick(['', '', 'a', 'b'])}`;
      return withCity ? `${line}, ${plz} ${city}` : line;
    }
    case 'fr': {
      const [cp, city] = r.pick(FR_CITIES);
      const line = `${r.int(1, 120)}${r.pick(['', '', ' bis', ' ter'])} ${r.pick(FR_STREETS)}`;
      return withCity ? `${line}, ${cp} ${city}` : line;
    }
    case 'es': {
      const [cp, city] = r.pick(ES_CITIES);
      const line = `${r.pick(ES_STREETS)}, ${r.int(1, 180)}${r.pick(['', ', 3º B', ', 2º izq.', ', 1.ª'])}`;
      return withCity ? `${line}, ${cp} ${city}` : line;
    }
    case 'zh': {
      const [city, districts, roads] = r.pick(ZH_CITIES);
      return `${city}${r.pick(districts)}${r.pick(roads)}${r.int(1, 399)}号${r.chance(0.4) ? `${r.int(1, 30)}栋${r.int(101, 2805)}室` : ''}`;
    }
    case 'ja': {
      const [pref, towns] = r.pick(JA_PLACES);
      return `${pref}${r.pick(towns)}${r.int(1, 6)}-${r.int(1, 30)}-${r.int(1, 20)}${r.chance(0.3) ? ` ${r.pick(['サンシャインビル', 'グランドメゾン', '第二ビル'])}${r.int(2, 12)}階` : ''}`;
    }
    default: {
      const [city, roads] = r.pick(KO_PLACES);
      return `${city} ${r.pick(roads)} ${r.int(1, 320)}${r.chance(0.4) ? `, ${r.int(1, 15)}층` : ''}`;
    }
  }
}

/** A Japanese postcode (`150-0002`). */
export function jaPostcode(r: Rng): string {
  return `${r.int(100, 999)}-${r.digits(4)}`;
}

// ---------------------------------------------------------------- dates, e-mails, misc

/** A birth date between 1935 and 2006, written the way `lang` writes dates. */
export function birthDate(r: Rng, lang: Independent5Lang, style = r.int(0, 2)): string {
  const y = r.int(1935, 2006);
  const m = r.int(1, 12);
  const d = r.int(1, 28);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const EN_M = [
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
  ];
  const DE_M = [
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
  ];
  const FR_M = [
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
  ];
  const ES_M = [
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
  ];
  switch (lang) {
    case 'en':
      return [`${p2(m)}/${p2(d)}/${y}`, `${EN_M[m - 1]} ${d}, ${y}`, `${y}-${p2(m)}-${p2(d)}`][style]!;
    case 'de':
      return [`${p2(d)}.${p2(m)}.${y}`, `${d}. ${DE_M[m - 1]} ${y}`, `${d}.${m}.${y}`][style]!;
    case 'fr':
      return [`${p2(d)}/${p2(m)}/${y}`, `${d} ${FR_M[m - 1]} ${y}`, `${p2(d)}.${p2(m)}.${y}`][style]!;
    case 'es':
      return [`${p2(d)}/${p2(m)}/${y}`, `${d} de ${ES_M[m - 1]} de ${y}`, `${d}-${p2(m)}-${y}`][style]!;
    case 'zh':
      return [`${y}年${m}月${d}日`, `${y}-${p2(m)}-${p2(d)}`, `${y}/${p2(m)}/${p2(d)}`][style]!;
    case 'ja':
      return [`${y}年${m}月${d}日`, `${y}/${p2(m)}/${p2(d)}`, `${y}年${p2(m)}月${p2(d)}日`][style]!;
    default:
      return [`${y}년 ${m}월 ${d}일`, `${y}.${p2(m)}.${p2(d)}`, `${y}-${p2(m)}-${p2(d)}`][style]!;
  }
}

const MAIL_DOMAINS: Record<Independent5Lang, readonly string[]> = {
  en: [
    'gmail.com',
    'outlook.com',
    'yahoo.com',
    'icloud.com',
    'protonmail.com',
    'hartwellcapital.com',
    'fastmail.fm',
  ],
  de: ['web.de', 'gmx.de', 't-online.de', 'posteo.de', 'mueller-logistik.de', 'gmail.com'],
  fr: ['orange.fr', 'free.fr', 'laposte.net', 'sfr.fr', 'gmail.com', 'cabinet-moreau.fr'],
  es: ['gmail.com', 'hotmail.es', 'telefonica.net', 'yahoo.es', 'construcciones-ruiz.es'],
  zh: ['qq.com', '163.com', '126.com', 'sina.com', 'aliyun.com'],
  ja: ['yahoo.co.jp', 'docomo.ne.jp', 'gmail.com', 'ezweb.ne.jp', 'nifty.com'],
  ko: ['naver.com', 'daum.net', 'kakao.com', 'gmail.com', 'hanmail.net'],
};

const ROMAN = [
  'wang',
  'li',
  'zhang',
  'liu',
  'chen',
  'sato',
  'suzuki',
  'tanaka',
  'kim',
  'park',
  'lee',
  'choi',
  'jung',
];

/** An e-mail address plausible for `lang`'s country. */
export function email(r: Rng, lang: Independent5Lang): string {
  let local: string;
  if (lang === 'zh' || lang === 'ja' || lang === 'ko') {
    local = r.chance(0.4)
      ? r.digits(r.int(6, 10))
      : `${r.pick(ROMAN)}${r.pick(['', '.', '_'])}${r.chars(r.int(2, 6), 'abcdefghijklmnopqrstuvwxyz')}${r.chance(0.5) ? r.int(1, 99) : ''}`;
  } else {
    const f = FAKER[lang];
    const first = f.person
      .firstName()
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '');
    const last = f.person
      .lastName()
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '');
    local = r.pick([
      `${first}.${last}`,
      `${first[0]}${last}`,
      `${first}_${last}${r.int(1, 99)}`,
      `${last}.${first[0]}`,
      `${first}+${r.pick(['news', 'shop', 'work'])}`,
    ]);
  }
  return `${local}@${r.pick(MAIL_DOMAINS[lang])}`;
}

/** A passport number in the shape of `lang`'s country. */
export function passport(r: Rng, lang: Independent5Lang): string {
  const U = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  switch (lang) {
    case 'en':
      return r.chance(0.5) ? r.digits(9) : `${r.chars(1, U)}${r.digits(8)}`;
    case 'de':
      return `${r.chars(1, 'CFGHJK')}${r.chars(8, 'CFGHJKLMNPRTVWXYZ0123456789')}`;
    case 'fr':
      return `${r.digits(2)}${r.chars(2, U)}${r.digits(5)}`;
    case 'es':
      return `${r.chars(3, U)}${r.digits(6)}`;
    case 'zh':
      return `E${r.digits(8)}`;
    case 'ja':
      return `${r.pick(['TK', 'TR', 'MZ', 'TZ'])}${r.digits(7)}`;
    default:
      return `M${r.digits(8)}`;
  }
}

/** An IBAN of `country` whose check digits are wrong (a look-alike). */
export function badIban(r: Rng, country: string): string {
  const good = iban(r, country, false);
  const check = Number(good.slice(2, 4));
  const wrong = String(((check + r.int(1, 50) - 2) % 97) + 2).padStart(2, '0');
  const out = `${good.slice(0, 2)}${wrong}${good.slice(4)}`;
  return ibanValid(out) ? badIban(r, country) : (out.match(/.{1,4}/g) ?? []).join(' ');
}
