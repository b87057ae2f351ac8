/**
 * Value generators for the PII eval's blind held-out set (`independent-1/templates.ts`). Everything that
 * carries a checksum is computed here rather than taken from faker, so a positive is really valid
 * (Luhn in real issuer ranges, IBAN mod-97 with the country's length, SSN area/group/serial
 * ranges, Base58Check and Bech32 Bitcoin addresses) and a look-alike negative is really invalid
 * (wrong Luhn digit, wrong IBAN check digits) or not personal data at all (ISBN-13, EAN-13,
 * tracking numbers, hashes, versions, masked values, placeholders).
 *
 * Every generator draws from the `Faker` instance it is given, so a fixed seed gives fixed values.
 */
import { createHash } from 'node:crypto';
import type { Faker } from '@faker-js/faker';

/** The seven languages of the eval. */
export type Independent1Lang = 'en' | 'de' | 'fr' | 'es' | 'zh' | 'ja' | 'ko';

const DIGITS = '0123456789';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const HEX = '0123456789abcdef';

/** `n` characters drawn uniformly from `alphabet`. */
export function draw(f: Faker, alphabet: string, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[f.number.int({ min: 0, max: alphabet.length - 1 })];
  return s;
}

/** A random integer in [min, max]. */
export function int(f: Faker, min: number, max: number): number {
  return f.number.int({ min, max });
}

// ---------------------------------------------------------------- Luhn and payment cards

/** The Luhn check digit that makes `body` + digit valid. */
export function luhnDigit(body: string): string {
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

/** Whether `digits` passes the Luhn check. */
export function luhnValid(digits: string): boolean {
  return luhnDigit(digits.slice(0, -1)) === digits.slice(-1);
}

/** Card brands with real issuer prefixes (IIN ranges) and lengths. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'unionpay';

function cardPrefix(f: Faker, brand: CardBrand): { prefix: string; length: number } {
  switch (brand) {
    case 'visa':
      return { prefix: `4${draw(f, DIGITS, 5)}`, length: 16 };
    case 'mastercard':
      return f.datatype.boolean()
        ? { prefix: String(int(f, 51, 55)), length: 16 }
        : { prefix: String(int(f, 2221, 2720)), length: 16 };
    case 'amex':
      return { prefix: f.helpers.arrayElement(['34', '37']), length: 15 };
    case 'discover':
      return { prefix: f.helpers.arrayElement(['6011', '65']), length: 16 };
    case 'jcb':
      return { prefix: String(int(f, 3528, 3589)), length: 16 };
    case 'unionpay':
      return { prefix: `62${int(f, 2126, 2925)}`, length: 16 };
  }
}

/** Groups the digits the way the brand prints them (4-6-5 for Amex, 4-4-4-4 otherwise). */
function groupCard(digits: string, sep: string): string {
  if (sep === '') return digits;
  if (digits.length === 15) return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].join(sep);
  return digits.match(/.{1,4}/g)?.join(sep) ?? digits;
}

/** A Luhn-valid card number of `brand`, printed with `sep` between groups. */
export function cardNumber(f: Faker, brand: CardBrand, sep = ' '): string {
  const { prefix, length } = cardPrefix(f, brand);
  const body = prefix + draw(f, DIGITS, length - 1 - prefix.length);
  return groupCard(body + luhnDigit(body), sep);
}

/** A card-shaped number (Visa/Mastercard prefix) whose Luhn digit is deliberately wrong. */
export function badCardNumber(f: Faker, sep = ' '): string {
  const { prefix, length } = cardPrefix(f, f.helpers.arrayElement(['visa', 'mastercard'] as const));
  const body = prefix + draw(f, DIGITS, length - 1 - prefix.length);
  const good = Number(luhnDigit(body));
  const wrong = String((good + int(f, 1, 9)) % 10);
  return groupCard(body + wrong, sep);
}

// ---------------------------------------------------------------- IBAN

/** Country → BBAN pattern (`n` digit, `a` upper-case letter); lengths are the registry's. */
const IBAN_BBAN: Record<string, string> = {
  DE: 'nnnnnnnnnnnnnnnnnn', // 22
  FR: 'nnnnnnnnnnnnnnnnnnnnnnn', // 27
  ES: 'nnnnnnnnnnnnnnnnnnnn', // 24
  GB: 'aaaannnnnnnnnnnnnn', // 22
  NL: 'aaaannnnnnnnnn', // 18
  IT: 'annnnnnnnnnnnnnnnnnnnnn', // 27
  BE: 'nnnnnnnnnnnn', // 16
  CH: 'nnnnnnnnnnnnnnnnn', // 21
  AT: 'nnnnnnnnnnnnnnnn', // 20
};

function mod97(numeric: string): number {
  let r = 0;
  for (const ch of numeric) r = (r * 10 + Number(ch)) % 97;
  return r;
}

function ibanNumeric(s: string): string {
  return [...s].map((c) => (c >= 'A' && c <= 'Z' ? String(c.charCodeAt(0) - 55) : c)).join('');
}

/** The two check digits that make `country` + `bban` a valid IBAN. */
export function ibanCheck(country: string, bban: string): string {
  const r = mod97(ibanNumeric(`${bban}${country}00`));
  return String(98 - r).padStart(2, '0');
}

/** Whether `iban` (spaces allowed) passes mod-97. */
export function ibanValid(iban: string): boolean {
  const s = iban.replace(/ /g, '');
  return mod97(ibanNumeric(s.slice(4) + s.slice(0, 4))) === 1;
}

function bban(f: Faker, country: string): string {
  const pattern = IBAN_BBAN[country];
  if (pattern === undefined) throw new Error(`no BBAN pattern for ${country}`);
  return [...pattern].map((p) => (p === 'n' ? draw(f, DIGITS, 1) : draw(f, UPPER, 1))).join('');
}

function printIban(s: string, grouped: boolean): string {
  return grouped ? (s.match(/.{1,4}/g)?.join(' ') ?? s) : s;
}

/** A mod-97-valid IBAN of `country`, grouped by four or in electronic form. */
export function iban(f: Faker, country: string, grouped: boolean): string {
  const b = bban(f, country);
  return printIban(`${country}${ibanCheck(country, b)}${b}`, grouped);
}

/** An IBAN-shaped string of the right length whose check digits are wrong. */
export function badIban(f: Faker, country: string, grouped: boolean): string {
  const b = bban(f, country);
  const good = Number(ibanCheck(country, b));
  let wrong = (good + int(f, 1, 90)) % 97;
  if (wrong < 2) wrong += 2;
  return printIban(`${country}${String(wrong).padStart(2, '0')}${b}`, grouped);
}

// ---------------------------------------------------------------- SSN, passports

/** A US SSN in the issued ranges: area 001–899 except 666, group 01–99, serial 0001–9999. */
export function ssn(f: Faker, sep = '-'): string {
  let area = int(f, 1, 899);
  if (area === 666) area = 667;
  const group = int(f, 1, 99);
  const serial = int(f, 1, 9999);
  return [String(area).padStart(3, '0'), String(group).padStart(2, '0'), String(serial).padStart(4, '0')].join(sep);
}

/** A passport number in the shape the country issues. */
export function passport(f: Faker, country: Independent1Lang): string {
  switch (country) {
    case 'en':
      return draw(f, DIGITS, 9);
    case 'de':
      return draw(f, 'CFGHJK', 1) + draw(f, 'CFGHJKLMNPRTVWXYZ0123456789', 8);
    case 'fr':
      return draw(f, DIGITS, 2) + draw(f, UPPER, 2) + draw(f, DIGITS, 5);
    case 'es':
      return draw(f, UPPER, 3) + draw(f, DIGITS, 6);
    case 'zh':
      return `E${draw(f, DIGITS, 8)}`;
    case 'ja':
      return f.helpers.arrayElement(['TR', 'TK', 'MZ', 'TS']) + draw(f, DIGITS, 7);
    case 'ko':
      return `M${draw(f, DIGITS, 8)}`;
  }
}

// ---------------------------------------------------------------- secrets

/** An API key with a real provider prefix and a high-entropy body. */
export function apiKey(f: Faker, kind: 'openai' | 'anthropic' | 'github' | 'github-pat' | 'aws' | 'slack' | 'stripe' | 'google'): string {
  switch (kind) {
    case 'openai':
      return `sk-proj-${draw(f, `${ALNUM}_-`, 44)}${draw(f, ALNUM, 4)}`;
    case 'anthropic':
      return `sk-ant-api03-${draw(f, `${ALNUM}_-`, 90)}${draw(f, ALNUM, 3)}AA`;
    case 'github':
      return `ghp_${draw(f, ALNUM, 36)}`;
    case 'github-pat':
      return `github_pat_11${draw(f, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 20)}_${draw(f, ALNUM, 59)}`;
    case 'aws':
      return `AKIA${draw(f, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}`;
    case 'slack':
      return `xoxb-${draw(f, DIGITS, 12)}-${draw(f, DIGITS, 13)}-${draw(f, ALNUM, 24)}`;
    case 'stripe':
      return `sk_live_${draw(f, ALNUM, 99).slice(0, 48)}`;
    case 'google':
      return `AIza${draw(f, `${ALNUM}_-`, 35)}`;
  }
}

// ---------------------------------------------------------------- crypto wallets

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function sha256d(b: Buffer): Buffer {
  return createHash('sha256').update(createHash('sha256').update(b).digest()).digest();
}

function base58(b: Buffer): string {
  let n = BigInt(`0x${b.toString('hex') || '0'}`);
  let s = '';
  while (n > 0n) {
    s = B58[Number(n % 58n)] + s;
    n /= 58n;
  }
  for (const byte of b) {
    if (byte !== 0) break;
    s = `1${s}`;
  }
  return s;
}

function randomBytes(f: Faker, n: number): Buffer {
  return Buffer.from(Array.from({ length: n }, () => int(f, 0, 255)));
}

/** A Base58Check P2PKH (`1…`) or P2SH (`3…`) Bitcoin address with a valid checksum. */
export function btcLegacy(f: Faker, p2sh = false): string {
  const payload = Buffer.concat([Buffer.from([p2sh ? 0x05 : 0x00]), randomBytes(f, 20)]);
  return base58(Buffer.concat([payload, sha256d(payload).subarray(0, 4)]));
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function polymod(values: number[]): number {
  const G = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= G[i] as number;
  }
  return chk >>> 0;
}

/** A Bech32 (BIP-173) native SegWit v0 P2WPKH address (`bc1q…`) with a valid checksum. */
export function btcBech32(f: Faker): string {
  const prog = randomBytes(f, 20);
  const data = [0];
  let acc = 0;
  let bits = 0;
  for (const byte of prog) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      data.push((acc >>> bits) & 31);
    }
  }
  if (bits > 0) data.push((acc << (5 - bits)) & 31);
  const hrp = 'bc';
  const hrpExpand = [...hrp].map((c) => c.charCodeAt(0) >> 5).concat([0], [...hrp].map((c) => c.charCodeAt(0) & 31));
  const mod = polymod([...hrpExpand, ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => BECH32[d]).join('')}`;
}

/**
 * An Ethereum address, all lower-case (valid: EIP-55 mixed-case checksumming is optional and
 * Node's crypto has no Keccak-256 to compute it).
 */
export function ethAddress(f: Faker): string {
  return `0x${draw(f, HEX, 40)}`;
}

// ---------------------------------------------------------------- network

/** A public unicast IPv4 address (no private, loopback, link-local, multicast or documentation ranges). */
export function ipv4(f: Faker): string {
  for (;;) {
    const a = int(f, 11, 223);
    const b = int(f, 0, 255);
    if (a === 127 || a === 100 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) continue;
    if (a === 198 && (b === 18 || b === 19 || b === 51)) continue;
    if (a === 203 && b === 0) continue;
    return `${a}.${b}.${int(f, 0, 255)}.${int(f, 1, 254)}`;
  }
}

/** A global unicast IPv6 address outside the documentation prefix, compressed form. */
export function ipv6(f: Faker): string {
  const head = f.helpers.arrayElement(['2a02', '2a01', '2001:4860', '2600:1f18', '2a00:1450', '2c0f', '2405']);
  const groups = head.split(':');
  while (groups.length < 4) groups.push(int(f, 1, 0xffff).toString(16));
  const tail = [int(f, 1, 0xffff).toString(16), int(f, 1, 0xffff).toString(16)];
  return `${groups.join(':')}::${tail.join(':')}`;
}

// ---------------------------------------------------------------- look-alikes (never PII)

/** A valid ISBN-13 (978/979 prefix, mod-10 weights 1/3), hyphenated. */
export function isbn13(f: Faker): string {
  const body = `${f.helpers.arrayElement(['978', '979'])}${draw(f, DIGITS, 9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  const check = (10 - (sum % 10)) % 10;
  return `${body.slice(0, 3)}-${body.slice(3, 4)}-${body.slice(4, 8)}-${body.slice(8, 12)}-${check}`;
}

/** A valid EAN-13 product barcode (GS1 prefix for Germany, France, Spain, China, Japan, Korea or the US). */
export function ean13(f: Faker): string {
  const body = `${f.helpers.arrayElement(['400', '300', '840', '690', '450', '880', '036'])}${draw(f, DIGITS, 9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

/** A parcel tracking number: UPS `1Z…`, a USPS 22-digit number, or a 12-digit FedEx number. */
export function tracking(f: Faker): string {
  const k = int(f, 0, 2);
  if (k === 0) return `1Z${draw(f, 'ABCDEFGHJKLMNPRSTVWXY0123456789', 6)}${draw(f, DIGITS, 10)}`;
  if (k === 1) return `9400 1${draw(f, DIGITS, 3)} ${draw(f, DIGITS, 4)} ${draw(f, DIGITS, 4)} ${draw(f, DIGITS, 4)} ${draw(f, DIGITS, 2)}`;
  return draw(f, DIGITS, 12);
}

/** A lower-case hex digest of `bytes` bytes (64 hex for SHA-256, 40 for a git commit). */
export function hexHash(f: Faker, bytes: number): string {
  return draw(f, HEX, bytes * 2);
}

/** A random version-4 UUID. */
export function uuid4(f: Faker): string {
  const h = draw(f, HEX, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[int(f, 0, 3)]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A semantic version string, sometimes with a `v` and a pre-release tag. */
export function version(f: Faker): string {
  const core = `${int(f, 0, 14)}.${int(f, 0, 40)}.${int(f, 0, 30)}`;
  return `${f.datatype.boolean() ? 'v' : ''}${core}${f.datatype.boolean() ? '' : `-${f.helpers.arrayElement(['rc', 'beta', 'alpha'])}.${int(f, 1, 9)}`}`;
}

/** A masked card number showing only the last four digits. */
export function maskedCard(f: Faker): string {
  const last = draw(f, DIGITS, 4);
  return f.helpers.arrayElement([`**** **** **** ${last}`, `XXXX-XXXX-XXXX-${last}`, `•••• ${last}`, `************${last}`]);
}

/** An order number in one of several shop formats. */
export function orderNumber(f: Faker): string {
  const k = int(f, 0, 3);
  if (k === 0) return `${draw(f, DIGITS, 3)}-${draw(f, DIGITS, 7)}-${draw(f, DIGITS, 7)}`;
  if (k === 1) return `#${draw(f, DIGITS, 8)}`;
  if (k === 2) return `ORD-${int(f, 2023, 2026)}-${draw(f, DIGITS, 6)}`;
  return `${draw(f, UPPER, 2)}${draw(f, DIGITS, 10)}`;
}

/** An invoice number. */
export function invoiceNumber(f: Faker): string {
  return f.helpers.arrayElement([
    `INV-${int(f, 2023, 2026)}-${draw(f, DIGITS, 5)}`,
    `RE${int(f, 2023, 2026)}/${draw(f, DIGITS, 4)}`,
    `F-${draw(f, DIGITS, 4)}-${draw(f, DIGITS, 6)}`,
    `${int(f, 2023, 2026)}${draw(f, DIGITS, 8)}`,
  ]);
}

/** A production lot / batch number. */
export function lotNumber(f: Faker): string {
  return f.helpers.arrayElement([
    `${draw(f, UPPER, 1)}${draw(f, DIGITS, 2)}${draw(f, UPPER, 1)}${draw(f, DIGITS, 4)}`,
    `${int(f, 2023, 2026)}-${draw(f, DIGITS, 4)}-${draw(f, DIGITS, 2)}`,
    `${draw(f, DIGITS, 10)}`,
  ]);
}

// ---------------------------------------------------------------- locale-shaped values

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A phone number valid in the language's main country, in one of its usual written forms. */
export function phone(f: Faker, lang: Independent1Lang): string {
  const d = (n: number) => draw(f, DIGITS, n);
  const sub = (first: string, n: number) => draw(f, first, 1) + d(n - 1);
  switch (lang) {
    case 'en': {
      const area = f.helpers.arrayElement(['212', '312', '415', '617', '206', '303', '512', '404', '213', '718']);
      let ex = sub('23456789', 3);
      if (ex === '555' || ex.endsWith('11')) ex = '486';
      const line = d(4);
      return f.helpers.arrayElement([`(${area}) ${ex}-${line}`, `${area}-${ex}-${line}`, `+1 ${area} ${ex} ${line}`, `${area}.${ex}.${line}`]);
    }
    case 'de':
      return f.helpers.arrayElement([
        `+49 151 ${sub('123456789', 4)}${d(4)}`,
        `0170 ${sub('123456789', 7)}`,
        `030 ${sub('23456789', 8)}`,
        `+49 89 ${sub('23456789', 7)}`,
      ]);
    case 'fr': {
      const g = () => d(2);
      return f.helpers.arrayElement([
        `06 ${g()} ${g()} ${g()} ${g()}`,
        `+33 6 ${g()} ${g()} ${g()} ${g()}`,
        `01 ${sub('2345', 2)} ${g()} ${g()} ${g()}`,
        `07.${sub('5678', 2)}.${g()}.${g()}.${g()}`,
      ]);
    }
    case 'es':
      return f.helpers.arrayElement([`6${d(2)} ${d(3)} ${d(3)}`, `+34 6${d(2)} ${d(2)} ${d(2)} ${d(2)}`, `91 ${sub('2345', 3)} ${d(2)} ${d(2)}`]);
    case 'zh': {
      const pre = f.helpers.arrayElement(['138', '139', '150', '186', '135', '177', '188']);
      return f.helpers.arrayElement([`${pre}${d(8)}`, `${pre} ${d(4)} ${d(4)}`, `+86 ${pre} ${d(4)} ${d(4)}`, `010-${sub('68', 4)}${d(4)}`]);
    }
    case 'ja': {
      const pre = f.helpers.arrayElement(['090', '080', '070']);
      return f.helpers.arrayElement([`${pre}-${sub('123456789', 4)}-${d(4)}`, `03-${sub('3456', 4)}-${d(4)}`, `+81 ${pre.slice(1)}-${sub('123456789', 4)}-${d(4)}`]);
    }
    case 'ko':
      return f.helpers.arrayElement([`010-${sub('23456789', 4)}-${d(4)}`, `+82 10-${sub('23456789', 4)}-${d(4)}`, `02-${sub('23456789', 4)}-${d(4)}`]);
  }
}

const MONTHS: Partial<Record<Independent1Lang, string[]>> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
};

/** A calendar date written the way `lang` writes dates; `birth` picks a plausible birth year. */
export function dateText(f: Faker, lang: Independent1Lang, birth: boolean): string {
  const y = birth ? int(f, 1948, 2005) : int(f, 2024, 2026);
  const m = int(f, 1, 12);
  const day = int(f, 1, 28);
  const months = MONTHS[lang];
  const alt = f.datatype.boolean();
  switch (lang) {
    case 'en':
      return alt ? `${pad2(m)}/${pad2(day)}/${y}` : `${months?.[m - 1]} ${day}, ${y}`;
    case 'de':
      return alt ? `${pad2(day)}.${pad2(m)}.${y}` : `${day}. ${months?.[m - 1]} ${y}`;
    case 'fr':
      return alt ? `${pad2(day)}/${pad2(m)}/${y}` : `${day} ${months?.[m - 1]} ${y}`;
    case 'es':
      return alt ? `${pad2(day)}/${pad2(m)}/${y}` : `${day} de ${months?.[m - 1]} de ${y}`;
    case 'zh':
      return alt ? `${y}年${m}月${day}日` : `${y}-${pad2(m)}-${pad2(day)}`;
    case 'ja':
      return alt ? `${y}年${m}月${day}日` : `${y}/${pad2(m)}/${pad2(day)}`;
    case 'ko':
      return alt ? `${y}년 ${m}월 ${day}일` : `${y}.${pad2(m)}.${pad2(day)}`;
  }
}

/** A person's full name as it is written in `lang` (family name first, no space, in CJK). */
export function fullName(f: Faker, lang: Independent1Lang): string {
  const first = f.person.firstName();
  const last = f.person.lastName();
  return lang === 'zh' || lang === 'ja' || lang === 'ko' ? `${last}${first}` : `${first} ${last}`;
}

/** District and a road that really runs through it, so an address reads like a real one. */
const ZH_PLACES: ReadonlyArray<[string, string]> = [
  ['北京市朝阳区', '建国路'],
  ['上海市静安区', '南京西路'],
  ['广州市天河区', '天河路'],
  ['深圳市南山区', '科技园路'],
  ['杭州市西湖区', '文三路'],
  ['成都市武侯区', '人民南路'],
  ['南京市鼓楼区', '中山北路'],
];
const JA_PLACES: ReadonlyArray<[string, string]> = [
  ['東京都新宿区', '西新宿'],
  ['東京都渋谷区', '神南'],
  ['大阪府大阪市北区', '梅田'],
  ['神奈川県横浜市西区', 'みなとみらい'],
  ['愛知県名古屋市中区', '栄'],
  ['福岡県福岡市博多区', '博多駅前'],
  ['北海道札幌市中央区', '大通西'],
];
const KO_PLACES: ReadonlyArray<[string, string]> = [
  ['서울특별시 강남구', '테헤란로'],
  ['서울특별시 마포구', '월드컵북로'],
  ['부산광역시 해운대구', '해운대로'],
  ['인천광역시 연수구', '센트럴로'],
  ['대구광역시 수성구', '달구벌대로'],
  ['경기도 성남시 분당구', '판교역로'],
];
const US_STATES = ['NY', 'CA', 'TX', 'IL', 'WA', 'MA', 'CO', 'GA', 'OR', 'FL'];

/** A full postal address (street, number, postcode, city) in the order `lang` writes it. */
export function postalAddress(f: Faker, lang: Independent1Lang): string {
  const n = int(f, 1, 180);
  switch (lang) {
    case 'en':
      return `${int(f, 10, 9800)} ${f.location.street()}, ${f.location.city()}, ${f.helpers.arrayElement(US_STATES)} ${draw(f, DIGITS, 5)}`;
    case 'de':
      return `${f.location.street()} ${n}, ${draw(f, '123456789', 1)}${draw(f, DIGITS, 4)} ${f.location.city()}`;
    case 'fr':
      return `${n} ${f.location.street()}, ${draw(f, '123456789', 1)}${draw(f, DIGITS, 4)} ${f.location.city()}`;
    case 'es':
      return `${f.location.street()}, ${n}, ${draw(f, '0123456', 1)}${draw(f, DIGITS, 4)} ${f.location.city()}`;
    case 'zh':
      return `${f.helpers.arrayElement(ZH_PLACES).join('')}${n}号${f.datatype.boolean() ? `${int(f, 1, 12)}栋${int(f, 1, 30)}0${int(f, 1, 6)}室` : ''}`;
    case 'ja':
      return `${f.helpers.arrayElement(JA_PLACES).join('')}${f.datatype.boolean() ? `${int(f, 1, 5)}丁目${int(f, 1, 20)}番${int(f, 1, 30)}号` : `${int(f, 1, 5)}-${int(f, 1, 20)}-${int(f, 1, 30)}`}`;
    case 'ko':
      return `${f.helpers.arrayElement(KO_PLACES).join(' ')} ${n}${f.datatype.boolean() ? `, ${int(f, 101, 115)}동 ${int(f, 1, 25)}0${int(f, 1, 4)}호` : ''}`;
  }
}

/** A `user:password` pair as it appears inside a connection URL. */
export function urlCredential(f: Faker): string {
  const user = f.helpers.arrayElement(['admin', 'deploy', 'app_user', 'svc-backup', 'root', 'ci-bot']);
  return `${user}:${draw(f, `${ALNUM}!_~`, int(f, 12, 20))}`;
}
