/**
 * Value generators for independent set 6 (`independent-6/generate.ts`). Every value is fake: faker (seeded
 * by the generator) for Latin-script names, the project's own small lists for CJK names and
 * streets, and checksummed generators written here (Luhn cards, mod-97 IBANs, bech32 and
 * base58check wallets, ISBN-13). Phones are checked against libphonenumber-js so that every
 * labelled phone is a valid number of its country's plan. Written without reading the detector.
 */
import { createHash } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import { isValidPhoneNumber } from 'libphonenumber-js/max';

/** The seven languages of the set. */
export type Lang6 = 'en' | 'de' | 'fr' | 'es' | 'zh' | 'ja' | 'ko';

/** A small random source over a seeded faker. */
export class Rand {
  constructor(readonly faker: Faker) {}
  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return this.faker.number.int({ min, max });
  }
  /** One element. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)] as T;
  }
  /** `n` decimal digits. */
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
  /** `n` characters from `alphabet`. */
  chars(n: number, alphabet: string): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[this.int(0, alphabet.length - 1)];
    return s;
  }
  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.faker.number.float({ min: 0, max: 1 }) < p;
  }
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_NUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const HEX = '0123456789abcdef';

// ---------------------------------------------------------------- checksummed numbers

function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A Luhn-valid card number in a real issuer range, formatted as people type it. */
export function creditCard(r: Rand): string {
  const kind = r.pick(['visa', 'visa', 'mc', 'mc2', 'amex', 'discover', 'jcb', 'unionpay'] as const);
  let prefix: string;
  let len = 16;
  switch (kind) {
    case 'visa':
      prefix = `4${r.digits(5)}`;
      break;
    case 'mc':
      prefix = `5${r.int(1, 5)}${r.digits(4)}`;
      break;
    case 'mc2':
      prefix = String(r.int(2221, 2720)) + r.digits(2);
      break;
    case 'amex':
      prefix = r.pick(['34', '37']) + r.digits(4);
      len = 15;
      break;
    case 'discover':
      prefix = `6011${r.digits(2)}`;
      break;
    case 'jcb':
      prefix = String(r.int(3528, 3589)) + r.digits(2);
      break;
    default:
      prefix = `62${r.int(2, 8)}${r.digits(3)}`;
  }
  const body = prefix + r.digits(len - prefix.length - 1);
  const n = body + luhnCheckDigit(body);
  const style = r.int(0, 2);
  if (len === 15) {
    const parts = [n.slice(0, 4), n.slice(4, 10), n.slice(10)];
    return style === 0 ? n : parts.join(style === 1 ? ' ' : '-');
  }
  const groups = n.match(/.{4}/g) as string[];
  return style === 0 ? n : groups.join(style === 1 ? ' ' : '-');
}

/** A US SSN in the issued ranges, dashed. */
export function ssn(r: Rand): string {
  let area = r.int(1, 899);
  if (area === 666) area = 667;
  const group = r.int(1, 99);
  const serial = r.int(1, 9999);
  return `${String(area).padStart(3, '0')}-${String(group).padStart(2, '0')}-${String(serial).padStart(4, '0')}`;
}

const IBAN_LAYOUT: Record<string, () => (r: Rand) => string> = {
  DE: () => (r) => r.digits(18),
  FR: () => (r) => r.digits(23),
  ES: () => (r) => r.digits(20),
  GB: () => (r) => r.pick(['NWBK', 'BARC', 'LOYD', 'HBUK', 'MIDL']) + r.digits(14),
  NL: () => (r) => r.pick(['ABNA', 'RABO', 'INGB', 'TRIO']) + r.digits(10),
  BE: () => (r) => r.digits(12),
  AT: () => (r) => r.digits(16),
  CH: () => (r) => r.digits(17),
  IT: () => (r) => r.chars(1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') + r.digits(22),
};

function mod97(s: string): number {
  let rem = 0;
  for (const ch of s) {
    const v = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rem = (rem * 10 + Number(d)) % 97;
  }
  return rem;
}

/** A mod-97-valid IBAN of `country`, compact or in groups of four. */
export function iban(r: Rand, country: string, grouped: boolean): string {
  const layout = IBAN_LAYOUT[country];
  if (layout === undefined) throw new Error(`blind6-values: no IBAN layout for ${country}`);
  const bban = layout()(r);
  const check = 98 - mod97(`${bban}${country}00`);
  const value = `${country}${String(check).padStart(2, '0')}${bban}`;
  return grouped ? (value.match(/.{1,4}/g) as string[]).join(' ') : value;
}

/** Which IBAN country each language's traffic mostly carries. */
export const IBAN_COUNTRIES: Record<Lang6, readonly string[]> = {
  en: ['GB', 'NL', 'IT', 'DE'],
  de: ['DE', 'DE', 'AT', 'CH'],
  fr: ['FR', 'FR', 'BE', 'CH'],
  es: ['ES', 'ES', 'IT'],
  zh: ['DE', 'GB', 'FR'],
  ja: ['DE', 'GB', 'NL'],
  ko: ['DE', 'GB', 'ES'],
};

/** A valid ISBN-13 (978/979), hyphenated. A look-alike, never labelled. */
export function isbn13(r: Rand): string {
  const body = `${r.pick(['978', '979'])}${r.digits(9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  const check = (10 - (sum % 10)) % 10;
  return `${body.slice(0, 3)}-${body.slice(3, 4)}-${body.slice(4, 8)}-${body.slice(8, 12)}-${check}`;
}

/** A valid EAN-13 (no hyphens). A look-alike, never labelled. */
export function ean13(r: Rand): string {
  const body = `${r.pick(['400', '301', '840', '690', '450', '880'])}${r.digits(9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

// ---------------------------------------------------------------- wallets

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

function bech32Encode(hrp: string, data: number[], constant: number): string {
  const expand = [
    ...[...hrp].map((c) => c.charCodeAt(0) >> 5),
    0,
    ...[...hrp].map((c) => c.charCodeAt(0) & 31),
  ];
  const mod = bech32Polymod([...expand, ...data, 0, 0, 0, 0, 0, 0]) ^ constant;
  const checksum: number[] = [];
  for (let i = 0; i < 6; i++) checksum.push((mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => BECH32[d]).join('')}`;
}

function toFiveBit(bytes: number[]): number[] {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
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

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
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

function randomBytes(r: Rand, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(r.int(0, 255));
  return out;
}

/** A checksum-valid BTC (bech32 segwit v0, bech32m taproot, base58check P2PKH/P2SH) or ETH address. */
export function wallet(r: Rand): string {
  const kind = r.pick(['bech32', 'bech32', 'taproot', 'p2pkh', 'p2sh', 'eth', 'eth', 'eth'] as const);
  if (kind === 'bech32') return bech32Encode('bc', [0, ...toFiveBit(randomBytes(r, 20))], 1);
  if (kind === 'taproot') return bech32Encode('bc', [1, ...toFiveBit(randomBytes(r, 32))], 0x2bc830a3);
  if (kind === 'eth') {
    const hex = r.chars(40, HEX);
    return `0x${r.chance(0.5) ? hex : [...hex].map((c) => (r.chance(0.5) ? c.toUpperCase() : c)).join('')}`;
  }
  const payload = Buffer.from([kind === 'p2pkh' ? 0x00 : 0x05, ...randomBytes(r, 20)]);
  const check = createHash('sha256')
    .update(createHash('sha256').update(payload).digest())
    .digest()
    .subarray(0, 4);
  return base58(Buffer.concat([payload, check]));
}

// ---------------------------------------------------------------- secrets, network

/** An API key in a real provider's format with a random body. */
export function apiKey(r: Rand): string {
  switch (r.int(0, 11)) {
    case 0:
      return `sk-proj-${r.chars(48, `${ALNUM}_-`)}`;
    case 1:
      return `sk-ant-api03-${r.chars(93, `${ALNUM}_-`)}AA`;
    case 2:
      return `AKIA${r.chars(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`;
    case 3:
      return `ghp_${r.chars(36, ALNUM)}`;
    case 4:
      return `xoxb-${r.digits(12)}-${r.digits(13)}-${r.chars(24, ALNUM)}`;
    case 5:
      return `AIza${r.chars(35, `${ALNUM}_-`)}`;
    case 6:
      return `sk_live_${r.chars(24, ALNUM)}`;
    case 7:
      return `glpat-${r.chars(20, `${ALNUM}_-`)}`;
    case 8:
      return `hf_${r.chars(34, ALNUM)}`;
    case 9:
      return `npm_${r.chars(36, ALNUM)}`;
    case 10:
      return `SG.${r.chars(22, `${ALNUM}_-`)}.${r.chars(43, `${ALNUM}_-`)}`;
    default:
      return `github_pat_11${r.chars(20, UPPER_NUM)}_${r.chars(59, ALNUM)}`;
  }
}

/** A public-looking IPv4 address (no private, loopback or documentation ranges). */
export function ipv4(r: Rand): string {
  const first = r.pick([
    23, 31, 46, 52, 62, 81, 89, 91, 104, 109, 118, 121, 133, 151, 172, 185, 203, 211, 217,
  ]);
  const second = first === 172 ? r.int(32, 250) : r.int(1, 254);
  return `${first}.${second}.${r.int(0, 254)}.${r.int(1, 254)}`;
}

/** A global-unicast IPv6 address, compressed or full. */
export function ipv6(r: Rand): string {
  const head = r.pick(['2a02', '2001:4860', '2a00:1450', '2600:1f18', '2406:da14', '2a01:4f8', '240e']);
  const groups = head.split(':').length;
  const rest: string[] = [];
  for (let i = groups; i < 8; i++) rest.push(r.chars(r.int(1, 4), HEX).replace(/^0+(?=.)/, ''));
  if (r.chance(0.5)) return `${head}:${rest.slice(0, 2).join(':')}::${rest.slice(-2).join(':')}`;
  return `${head}:${rest.join(':')}`;
}

/** A passport number in the given country's shape. */
export function passport(r: Rand, lang: Lang6): string {
  switch (lang) {
    case 'en':
      return r.chance(0.5) ? r.digits(9) : `${r.int(1, 5)}${r.digits(8)}`;
    case 'de':
      return `C${r.chars(8, 'CFGHJKLMNPRTVWXYZ0123456789')}`;
    case 'fr':
      return `${r.digits(2)}${r.chars(2, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${r.digits(5)}`;
    case 'es':
      return `${r.chars(3, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${r.digits(6)}`;
    case 'zh':
      return `E${r.digits(8)}`;
    case 'ja':
      return `${r.pick(['TK', 'TR', 'MZ', 'TZ'])}${r.digits(7)}`;
    default:
      return `M${r.digits(8)}`;
  }
}

// ---------------------------------------------------------------- phones

function until(make: () => string, region: string): string {
  for (let i = 0; i < 50; i++) {
    const v = make();
    if (isValidPhoneNumber(v, region as never)) return v;
  }
  throw new Error(`blind6-values: could not make a valid ${region} phone`);
}

/** A phone number valid in the language's main country, in a national or international format. */
export function phone(r: Rand, lang: Lang6): string {
  const intl = r.chance(0.4);
  switch (lang) {
    case 'en':
      if (r.chance(0.25)) {
        return until(
          () => (intl ? `+44 7${r.int(400, 999)} ${r.digits(6)}` : `07${r.int(400, 999)} ${r.digits(6)}`),
          'GB',
        );
      }
      return until(() => {
        const a = r.pick(['212', '415', '617', '312', '206', '303', '512', '646', '702', '919', '404']);
        const b = `${r.int(2, 9)}${r.digits(2)}`;
        const c = r.digits(4);
        return r.pick([
          `(${a}) ${b}-${c}`,
          `${a}-${b}-${c}`,
          `+1 ${a} ${b} ${c}`,
          `${a}.${b}.${c}`,
          `+1-${a}-${b}-${c}`,
        ]);
      }, 'US');
    case 'de':
      return until(
        () =>
          r.pick([
            `030 ${r.digits(8)}`,
            `089 ${r.digits(3)} ${r.digits(4)}`,
            `+49 30 ${r.digits(4)} ${r.digits(4)}`,
            `0151 ${r.digits(8)}`,
            `+49 176 ${r.digits(8)}`,
            `0221/${r.digits(7)}`,
            `040 ${r.digits(3)} ${r.digits(2)} ${r.digits(3)}`,
          ]),
        'DE',
      );
    case 'fr':
      return until(() => {
        const p = () => r.digits(2);
        return r.pick([
          `06 ${p()} ${p()} ${p()} ${p()}`,
          `07 ${p()} ${p()} ${p()} ${p()}`,
          `01 ${p()} ${p()} ${p()} ${p()}`,
          `+33 6 ${p()} ${p()} ${p()} ${p()}`,
          `04.${p()}.${p()}.${p()}.${p()}`,
          `+33 (0)1 ${p()} ${p()} ${p()} ${p()}`,
        ]);
      }, 'FR');
    case 'es':
      return until(
        () =>
          r.pick([
            `6${r.digits(2)} ${r.digits(3)} ${r.digits(3)}`,
            `+34 6${r.digits(2)} ${r.digits(2)} ${r.digits(2)} ${r.digits(2)}`,
            `91 ${r.digits(3)} ${r.digits(2)} ${r.digits(2)}`,
            `+34 93 ${r.digits(3)} ${r.digits(2)} ${r.digits(2)}`,
            `7${r.int(1, 4)}${r.digits(7)}`,
          ]),
        'ES',
      );
    case 'zh':
      return until(() => {
        const mob = `1${r.pick(['38', '39', '50', '58', '86', '88', '35', '77'])}`;
        return r.pick([
          `${mob}${r.digits(8)}`,
          `${mob} ${r.digits(4)} ${r.digits(4)}`,
          `+86 ${mob} ${r.digits(4)} ${r.digits(4)}`,
          `010-${r.int(5, 8)}${r.digits(7)}`,
          `021-${r.int(5, 6)}${r.digits(7)}`,
          `0755-${r.int(2, 8)}${r.digits(7)}`,
        ]);
      }, 'CN');
    case 'ja':
      return until(
        () =>
          r.pick([
            `090-${r.digits(4)}-${r.digits(4)}`,
            `080-${r.digits(4)}-${r.digits(4)}`,
            `03-${r.int(3, 6)}${r.digits(3)}-${r.digits(4)}`,
            `06-${r.int(6, 6)}${r.digits(3)}-${r.digits(4)}`,
            `+81 90 ${r.digits(4)} ${r.digits(4)}`,
            `+81-3-${r.int(3, 6)}${r.digits(3)}-${r.digits(4)}`,
          ]),
        'JP',
      );
    default:
      return until(
        () =>
          r.pick([
            `010-${r.int(2, 9)}${r.digits(3)}-${r.digits(4)}`,
            `010 ${r.int(2, 9)}${r.digits(3)} ${r.digits(4)}`,
            `02-${r.int(2, 9)}${r.digits(2)}-${r.digits(4)}`,
            `031-${r.int(2, 9)}${r.digits(2)}-${r.digits(4)}`,
            `+82 10-${r.int(2, 9)}${r.digits(3)}-${r.digits(4)}`,
            `+82 2 ${r.int(2, 9)}${r.digits(3)} ${r.digits(4)}`,
          ]),
        'KR',
      );
  }
}

// ---------------------------------------------------------------- names

const ZH_FAMILY = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
  '何',
  '郭',
  '马',
  '罗',
  '梁',
  '宋',
  '郑',
  '谢',
  '韩',
  '唐',
  '冯',
  '于',
  '董',
  '萧',
];
const ZH_GIVEN = [
  '伟',
  '芳',
  '娜',
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
  '秀英',
  '霞',
  '平',
  '刚',
  '桂英',
  '建华',
  '子涵',
  '浩然',
  '雨桐',
  '思远',
  '欣怡',
  '宇轩',
  '梓萱',
  '俊杰',
  '晓东',
  '海燕',
  '志强',
  '佳琪',
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
  '池田',
  '橋本',
  '石川',
  '前田',
  '藤田',
  '岡田',
  '長谷川',
  '村上',
];
const JA_GIVEN = [
  '翔太',
  '蓮',
  '大輝',
  '陽菜',
  '結衣',
  '美咲',
  '健太',
  '拓海',
  '葵',
  'さくら',
  '直樹',
  '由美',
  '恵子',
  '浩二',
  '真央',
  '悠人',
  '彩花',
  '誠',
  '裕子',
  '一郎',
  'ひかり',
  '亮',
  '千尋',
  '和也',
  '奈々',
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
  '류',
  '홍',
];
const KO_GIVEN = [
  '민준',
  '서연',
  '지훈',
  '하은',
  '도윤',
  '수빈',
  '예준',
  '지민',
  '현우',
  '유진',
  '승민',
  '지아',
  '준호',
  '은지',
  '성민',
  '다은',
  '태현',
  '혜진',
  '동현',
  '소영',
  '재원',
  '미경',
  '영수',
  '정호',
];

/** A person name with family and given parts, in the language's native order and script. */
export interface PersonName {
  full: string;
  given: string;
  family: string;
}

/** A person name for `lang`: faker for Latin scripts, own lists for zh/ja/ko. */
export function personName(r: Rand, lang: Lang6, opts: { spacedJa?: boolean } = {}): PersonName {
  if (lang === 'zh') {
    const family = r.pick(ZH_FAMILY);
    const given = r.pick(ZH_GIVEN);
    return { full: family + given, given, family };
  }
  if (lang === 'ja') {
    const family = r.pick(JA_FAMILY);
    const given = r.pick(JA_GIVEN);
    return { full: opts.spacedJa === false ? family + given : `${family} ${given}`, given, family };
  }
  if (lang === 'ko') {
    const family = r.pick(KO_FAMILY);
    const given = r.pick(KO_GIVEN);
    return { full: family + given, given, family };
  }
  const given = r.faker.person.firstName();
  const family = r.faker.person.lastName();
  return { full: `${given} ${family}`, given, family };
}

// ---------------------------------------------------------------- addresses

const STREETS: Record<'de' | 'fr' | 'es', readonly string[]> = {
  de: [
    'Lindenstraße',
    'Hauptstraße',
    'Bahnhofstr.',
    'Gartenweg',
    'Schillerstraße',
    'Am Mühlbach',
    'Kastanienallee',
    'Bergstraße',
    'Goethestr.',
    'Rosenweg',
    'Wiesenstraße',
    'Marktplatz',
  ],
  fr: [
    'rue des Lilas',
    'avenue Jean Jaurès',
    'boulevard Voltaire',
    'rue de la République',
    'impasse des Tilleuls',
    'rue du Moulin',
    'chemin des Vignes',
    'allée des Érables',
    'place du Marché',
    'rue Saint-Martin',
  ],
  es: [
    'Calle Mayor',
    'Avenida de la Constitución',
    'Calle del Olmo',
    'Paseo de Gracia',
    'Calle Real',
    'Plaza de España',
    'Calle de Alcalá',
    'Avenida del Puerto',
    'Calle San Vicente',
    'Ronda de Valencia',
  ],
};
const CITIES: Record<'de' | 'fr' | 'es', ReadonlyArray<[string, string]>> = {
  de: [
    ['10115', 'Berlin'],
    ['80331', 'München'],
    ['50667', 'Köln'],
    ['20095', 'Hamburg'],
    ['60311', 'Frankfurt am Main'],
    ['70173', 'Stuttgart'],
    ['04109', 'Leipzig'],
    ['28195', 'Bremen'],
  ],
  fr: [
    ['75011', 'Paris'],
    ['69003', 'Lyon'],
    ['13006', 'Marseille'],
    ['31000', 'Toulouse'],
    ['44000', 'Nantes'],
    ['67000', 'Strasbourg'],
    ['33000', 'Bordeaux'],
    ['59000', 'Lille'],
  ],
  es: [
    ['28013', 'Madrid'],
    ['08008', 'Barcelona'],
    ['46002', 'Valencia'],
    ['41004', 'Sevilla'],
    ['48001', 'Bilbao'],
    ['29005', 'Málaga'],
    ['50001', 'Zaragoza'],
  ],
};
const US_STREETS = [
  'Maple Avenue',
  'Oak Street',
  'Pine Road',
  'Cedar Lane',
  'Elm Street',
  'Washington Blvd',
  'Lakeview Drive',
  'Sunset Blvd',
  'Hillcrest Rd',
  'Park Ave',
  'River Road',
  'Highland Ave',
];
const US_CITIES: ReadonlyArray<[string, string, string]> = [
  ['Portland', 'OR', '97205'],
  ['Austin', 'TX', '78701'],
  ['Denver', 'CO', '80202'],
  ['Columbus', 'OH', '43215'],
  ['Raleigh', 'NC', '27601'],
  ['Madison', 'WI', '53703'],
  ['Boise', 'ID', '83702'],
  ['Tampa', 'FL', '33602'],
];
const ZH_PLACES: ReadonlyArray<[string, readonly string[]]> = [
  ['北京市朝阳区', ['建国路', '望京街', '朝阳北路']],
  ['上海市浦东新区', ['世纪大道', '张杨路', '陆家嘴环路']],
  ['广东省深圳市南山区', ['科技园路', '深南大道', '南海大道']],
  ['浙江省杭州市西湖区', ['文三路', '天目山路', '教工路']],
  ['四川省成都市武侯区', ['人民南路', '科华北路', '玉林路']],
  ['江苏省南京市鼓楼区', ['中山路', '北京西路', '湖南路']],
];
const JA_PLACES: ReadonlyArray<[string, string]> = [
  ['150-0001', '東京都渋谷区神宮前'],
  ['160-0022', '東京都新宿区新宿'],
  ['530-0001', '大阪府大阪市北区梅田'],
  ['460-0008', '愛知県名古屋市中区栄'],
  ['810-0001', '福岡県福岡市中央区天神'],
  ['060-0042', '北海道札幌市中央区大通西'],
  ['220-0012', '神奈川県横浜市西区みなとみらい'],
];
const JA_BUILDINGS = [
  'グランドメゾン',
  'パークハイツ',
  'サンライズビル',
  'コーポ青葉',
  'ライオンズマンション',
  '第一ビル',
];
const KO_PLACES: ReadonlyArray<[string, readonly string[]]> = [
  ['서울특별시 강남구', ['테헤란로', '역삼로', '선릉로']],
  ['서울특별시 마포구', ['월드컵로', '양화로', '독막로']],
  ['부산광역시 해운대구', ['해운대로', '센텀중앙로', '달맞이길']],
  ['경기도 성남시 분당구', ['판교역로', '정자일로', '불정로']],
  ['대구광역시 수성구', ['달구벌대로', '동대구로']],
  ['인천광역시 연수구', ['컨벤시아대로', '송도과학로']],
];
const KO_APTS = ['래미안', '자이', '힐스테이트', '푸르지오', '아이파크', '롯데캐슬'];

/**
 * A street address in the country's order, as one span. `withCity` adds the postcode and city
 * (Latin scripts); CJK addresses always run from the province/city (ja: postal code) to the unit.
 */
export function address(r: Rand, lang: Lang6, withCity = true): string {
  switch (lang) {
    case 'en': {
      const street = `${r.int(12, 9870)} ${r.pick(US_STREETS)}`;
      const unit = r.chance(0.25)
        ? `, ${r.pick(['Apt', 'Suite', 'Unit'])} ${r.int(2, 40)}${r.pick(['', 'B', ''])}`
        : '';
      const [city, st, zip] = r.pick(US_CITIES);
      return withCity ? `${street}${unit}, ${city}, ${st} ${zip}` : `${street}${unit}`;
    }
    case 'de': {
      const [zip, city] = r.pick(CITIES.de);
      const street = `${r.pick(STREETS.de)} ${r.int(1, 140)}${r.pick(['', '', 'a', 'b'])}`;
      return withCity ? `${street}, ${zip} ${city}` : street;
    }
    case 'fr': {
      const [zip, city] = r.pick(CITIES.fr);
      const street = `${r.int(1, 120)}${r.pick(['', '', ' bis'])} ${r.pick(STREETS.fr)}`;
      return withCity ? `${street}, ${zip} ${city}` : street;
    }
    case 'es': {
      const [zip, city] = r.pick(CITIES.es);
      const street = `${r.pick(STREETS.es)}, ${r.int(1, 150)}${r.pick(['', ', 2º B', ', 4º izq.', ', 1º'])}`;
      return withCity ? `${street}, ${zip} ${city}` : street;
    }
    case 'zh': {
      const [district, roads] = r.pick(ZH_PLACES);
      const unit = r.pick([
        `${r.int(1, 12)}号楼${r.int(1, 4)}单元${r.int(101, 2808)}室`,
        `${r.int(2, 30)}层`,
        `${r.int(1, 9)}栋${r.int(101, 1802)}室`,
      ]);
      return `${district}${r.pick(roads)}${r.int(1, 999)}号${unit}`;
    }
    case 'ja': {
      const [zip, area] = r.pick(JA_PLACES);
      const block = r.chance(0.5)
        ? `${r.int(1, 6)}丁目${r.int(1, 30)}番${r.int(1, 20)}号`
        : `${r.int(1, 6)}-${r.int(1, 30)}-${r.int(1, 20)}`;
      const bldg = r.chance(0.6) ? ` ${r.pick(JA_BUILDINGS)}${r.int(101, 1205)}` : '';
      return `${zip} ${area}${block}${bldg}`;
    }
    default: {
      const [district, roads] = r.pick(KO_PLACES);
      const unit = r.chance(0.6) ? `, ${r.pick(KO_APTS)} ${r.int(101, 125)}동 ${r.int(101, 2502)}호` : '';
      return `${district} ${r.pick(roads)} ${r.int(1, 450)}${unit}`;
    }
  }
}

// ---------------------------------------------------------------- dates

const EN_MONTHS = [
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
const DE_MONTHS = [
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
const FR_MONTHS = [
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
const ES_MONTHS = [
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

/** A calendar date written the way `lang` writes it; `birth` keeps it in 1935–2006. */
export function date(r: Rand, lang: Lang6, birth: boolean): string {
  const y = birth ? r.int(1935, 2006) : r.int(2019, 2026);
  const m = r.int(1, 12);
  const d = r.int(1, 28);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const iso = `${y}-${p2(m)}-${p2(d)}`;
  switch (lang) {
    case 'en':
      return r.pick([
        `${EN_MONTHS[m - 1]} ${d}, ${y}`,
        `${p2(m)}/${p2(d)}/${y}`,
        iso,
        `${d} ${EN_MONTHS[m - 1]} ${y}`,
      ]);
    case 'de':
      return r.pick([`${p2(d)}.${p2(m)}.${y}`, `${d}. ${DE_MONTHS[m - 1]} ${y}`, `${d}.${m}.${y}`]);
    case 'fr':
      return r.pick([`${p2(d)}/${p2(m)}/${y}`, `${d} ${FR_MONTHS[m - 1]} ${y}`]);
    case 'es':
      return r.pick([`${p2(d)}/${p2(m)}/${y}`, `${d} de ${ES_MONTHS[m - 1]} de ${y}`]);
    case 'zh':
      return r.pick([`${y}年${m}月${d}日`, iso, `${y}.${p2(m)}.${p2(d)}`]);
    case 'ja':
      return r.pick([`${y}年${m}月${d}日`, `${y}/${p2(m)}/${p2(d)}`]);
    default:
      return r.pick([`${y}년 ${m}월 ${d}일`, `${y}. ${m}. ${d}`, `${y}.${p2(m)}.${p2(d)}`]);
  }
}

// ---------------------------------------------------------------- look-alikes (never labelled)

/** A look-alike value of `kind`, never personal data. */
export function lookAlike(r: Rand, kind: string): string {
  switch (kind) {
    case 'order':
      return r.pick([
        `${r.digits(3)}-${r.digits(7)}-${r.digits(7)}`,
        `ORD-${r.int(2023, 2026)}-${r.digits(6)}`,
        `#${r.digits(8)}`,
        `SO${r.digits(9)}`,
      ]);
    case 'tracking':
      return r.pick([
        `1Z${r.chars(6, UPPER_NUM)}${r.digits(10)}`,
        `JD${r.digits(16)}`,
        `${r.digits(12)}`,
        `LX${r.digits(9)}DE`,
        `SF${r.digits(13)}`,
      ]);
    case 'isbn':
      return isbn13(r);
    case 'ean':
      return ean13(r);
    case 'invoice':
      return r.pick([
        `INV-${r.int(2023, 2026)}-${r.digits(5)}`,
        `RE-${r.digits(8)}`,
        `F${r.int(2024, 2026)}/${r.digits(4)}`,
        `${r.digits(10)}`,
      ]);
    case 'lot':
      return `${r.chars(2, 'ABCDEFGHKLMNPRSTX')}${r.digits(4)}-${r.digits(2)}`;
    case 'version':
      return r.pick([
        `${r.int(1, 9)}.${r.int(0, 30)}.${r.int(0, 40)}`,
        `v${r.int(1, 5)}.${r.int(0, 20)}.${r.int(0, 9)}`,
        `10.0.${r.int(17000, 26100)}.${r.int(100, 5000)}`,
        `${r.int(1, 4)}.${r.int(0, 9)}.${r.int(0, 9)}.${r.int(100, 999)}`,
      ]);
    case 'sha':
      return r.chars(r.pick([40, 64]), HEX);
    case 'shortsha':
      return r.chars(7, HEX);
    case 'uuid':
      return r.faker.string.uuid();
    case 'maskedcard':
      return r.pick([
        `**** **** **** ${r.digits(4)}`,
        `•••• ${r.digits(4)}`,
        `XXXX-XXXX-XXXX-${r.digits(4)}`,
        `ending in ${r.digits(4)}`,
      ]);
    case 'maskedphone':
      return r.pick([
        `***-***-${r.digits(4)}`,
        `+49 *** *** ${r.digits(2)}`,
        `138****${r.digits(4)}`,
        `010-****-${r.digits(4)}`,
      ]);
    case 'placeholder':
      return r.pick([
        'YOUR_API_KEY',
        '<email>',
        'sk-xxxxxxxxxxxxxxxxxxxxxxxx',
        '{{customer_phone}}',
        '<API_TOKEN>',
        'name@domain',
        'xxx-xx-xxxx',
        '[REDACTED]',
      ]);
    case 'sku':
      return `${r.chars(3, 'ABCDEFGHKLMNPRSTUVWXYZ')}-${r.digits(4)}-${r.pick(['BLK', 'WHT', 'RED', 'XL', 'M', 'S'])}`;
    case 'ticket':
      return r.pick([`#${r.digits(5)}`, `TCK-${r.digits(6)}`, `JIRA-${r.digits(4)}`, `INC${r.digits(7)}`]);
    case 'serial':
      return `SN${r.chars(10, UPPER_NUM)}`;
    case 'amount':
      return r.pick([
        `$${r.int(10, 9999)}.${r.digits(2)}`,
        `${r.int(10, 9999)},${r.digits(2)} €`,
        `¥${r.int(1000, 99999)}`,
        `₩${r.int(10, 999)},${r.digits(3)}`,
      ]);
    case 'port':
      return String(r.pick([8080, 5432, 6379, 3000, 443, 9200]));
    case 'build':
      return `${r.int(2024, 2026)}${r.digits(4)}.${r.int(1, 9)}`;
    case 'case':
      return `${r.int(2024, 2026)}-${r.digits(6)}`;
    default:
      throw new Error(`blind6-values: unknown look-alike kind "${kind}"`);
  }
}
