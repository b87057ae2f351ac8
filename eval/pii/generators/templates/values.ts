/**
 * Value generators of the PII eval: valid (checksummed, in-range) personal data and the
 * look-alikes that must not be reported. Every value comes from a seeded `Random`, so the
 * fixtures are the same on every run. Checksums are computed here, not looked up: no value is
 * copied from any data set.
 */
import { createHash } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import { type CountryCode, getExampleNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';

/** The faker instance of a line's language, seeded by the generator. */
export interface Random {
  faker: Faker;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  digits(n: number): string;
  chars(n: number, alphabet: string): string;
}

export function makeRandom(faker: Faker): Random {
  const int = (min: number, max: number) => faker.number.int({ min, max });
  return {
    faker,
    int,
    pick: <T>(list: readonly T[]) => list[int(0, list.length - 1)] as T,
    digits: (n) => Array.from({ length: n }, () => String(int(0, 9))).join(''),
    chars: (n, alphabet) => Array.from({ length: n }, () => alphabet.charAt(int(0, alphabet.length - 1))).join(''),
  };
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

function luhnDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body.charAt(body.length - 1 - i));
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A card number of a real issuer range with a valid Luhn digit, written as people write it. */
export function card(r: Random): string {
  const [prefix, length] = r.pick([
    ['4', 16],
    ['51', 16],
    ['55', 16],
    ['2221', 16],
    ['34', 15],
    ['37', 15],
    ['6011', 16],
    ['3530', 16],
  ] as const);
  const body = prefix + r.digits(length - prefix.length - 1);
  const number = body + luhnDigit(body);
  if (r.int(0, 2) === 0) return number;
  const sep = r.pick([' ', '-']);
  if (length === 15) return [number.slice(0, 4), number.slice(4, 10), number.slice(10)].join(sep);
  return number.match(/.{4}/g)?.join(sep) ?? number;
}

/** A Luhn-valid 16-digit number that is not a card (no issuer prefix 2–6 wins: starts with 9 or 1). */
export function luhnReference(r: Random): string {
  const body = r.pick(['9', '1', '8']) + r.digits(14);
  return body + luhnDigit(body);
}

function mod97(s: string): number {
  let rest = 0;
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    rest = c >= 65 ? (rest * 100 + (c - 55)) % 97 : (rest * 10 + (c - 48)) % 97;
  }
  return rest;
}

const IBAN_SHAPES: Readonly<Record<string, (r: Random) => string>> = {
  DE: (r) => r.digits(18),
  FR: (r) => r.digits(10) + r.chars(11, '0123456789ABCDEFGHIJ') + r.digits(2),
  ES: (r) => r.digits(20),
  GB: (r) => r.chars(4, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') + r.digits(14),
  NL: (r) => r.chars(4, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') + r.digits(10),
  IT: (r) => r.chars(1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') + r.digits(22),
  AT: (r) => r.digits(16),
  CH: (r) => r.digits(17),
};

/** An IBAN with correct check digits for its country's length, grouped by four (or compact). */
export function iban(r: Random, country?: string): string {
  const cc = country ?? r.pick(Object.keys(IBAN_SHAPES));
  const bban = (IBAN_SHAPES[cc] as (r: Random) => string)(r);
  const check = 98 - mod97(`${bban + cc}00`);
  const value = `${cc}${String(check).padStart(2, '0')}${bban}`;
  return r.int(0, 2) === 0 ? value : (value.match(/.{1,4}/g)?.join(' ') ?? value);
}

/** An SSN in the issued ranges. */
export function ssn(r: Random): string {
  let area = r.int(1, 899);
  if (area === 666) area = 667;
  return `${String(area).padStart(3, '0')}-${String(r.int(1, 99)).padStart(2, '0')}-${String(r.int(1, 9999)).padStart(4, '0')}`;
}

/** A phone number of `country` that libphonenumber accepts, national or international format. */
export function phone(r: Random, country: CountryCode, international: boolean): string {
  const example = getExampleNumber(country, examples);
  if (example === undefined) throw new Error(`no example number for ${country}`);
  const national = example.nationalNumber as string;
  for (let attempt = 0; attempt < 50; attempt++) {
    const keep = Math.max(2, national.length - 5);
    const candidate = national.slice(0, keep) + r.digits(national.length - keep);
    const parsed = parsePhoneNumberFromString(candidate, country);
    if (parsed?.isValid() === true) return international ? parsed.formatInternational() : parsed.formatNational();
  }
  return international ? example.formatInternational() : example.formatNational();
}

/** A public-looking IPv4 address, or an IPv6 one. */
export function ip(r: Random): string {
  if (r.int(0, 3) === 0) {
    return `2001:db8:${Array.from({ length: 3 }, () => r.chars(r.int(1, 4), HEX).replace(/^0+(?=.)/, '')).join(':')}::${r.chars(2, HEX)}`;
  }
  return `${r.int(11, 223)}.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`;
}

/** An API key in a provider format with a random body. */
export function apiKey(r: Random): string {
  const kind = r.int(0, 5);
  if (kind === 0) return `sk-proj-${r.chars(40, ALNUM)}`;
  if (kind === 1) return `AKIA${r.chars(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`;
  if (kind === 2) return `ghp_${r.chars(36, ALNUM)}`;
  if (kind === 3) return `AIza${r.chars(35, ALNUM)}`;
  if (kind === 4) return `sk_live_${r.chars(24, ALNUM)}`;
  return `xoxb-${r.digits(11)}-${r.digits(12)}-${r.chars(24, ALNUM)}`;
}

/** A plain URL of a fake site. */
export function url(r: Random): string {
  const host = `${r.faker.internet.domainWord()}.${r.pick(['com', 'de', 'fr', 'es', 'cn', 'jp', 'kr', 'io'])}`;
  return `https://${r.pick(['', 'www.'])}${host}/${r.faker.string.alpha({ length: r.int(3, 8), casing: 'lower' })}${r.pick(['', '/', `?id=${r.int(1, 999)}`, `/${r.faker.string.alpha({ length: 5, casing: 'lower' })}.html`])}`;
}

/** A database URL with credentials; returns the URL and the `user:password` part. */
export function credentialUrl(r: Random): { url: string; credential: string } {
  const user = r.faker.internet.username().replace(/[^A-Za-z0-9_]/g, '').slice(0, 12) || 'admin';
  const credential = `${user}:${r.chars(14, ALNUM)}`;
  const scheme = r.pick(['postgres', 'mysql', 'redis', 'mongodb', 'https']);
  return { url: `${scheme}://${credential}@${r.faker.internet.domainWord()}.internal:5432/app`, credential };
}

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58(bytes: Uint8Array): string {
  const digits: number[] = [];
  for (const byte of bytes) {
    let carry = byte;
    for (let j = 0; j < digits.length; j++) {
      carry += (digits[j] as number) << 8;
      digits[j] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = Math.floor(carry / 58);
    }
  }
  let out = '';
  for (const byte of bytes) {
    if (byte !== 0) break;
    out += '1';
  }
  for (let i = digits.length - 1; i >= 0; i--) out += B58.charAt(digits[i] as number);
  return out;
}

const BECH = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function polymod(values: number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i] as number;
  }
  return chk;
}

/** A wallet address: Bitcoin legacy (base58check), SegWit v0 (bech32) or Ethereum. */
export function wallet(r: Random): string {
  const kind = r.int(0, 2);
  if (kind === 0) {
    const payload = new Uint8Array(21);
    for (let i = 1; i < 21; i++) payload[i] = r.int(0, 255);
    const once = createHash('sha256').update(payload).digest();
    const check = createHash('sha256').update(once).digest().subarray(0, 4);
    return base58(new Uint8Array([...payload, ...check]));
  }
  if (kind === 1) {
    const program = Array.from({ length: 20 }, () => r.int(0, 255));
    const data = [0];
    let acc = 0;
    let bits = 0;
    for (const b of program) {
      acc = (acc << 8) | b;
      bits += 8;
      while (bits >= 5) {
        bits -= 5;
        data.push((acc >> bits) & 31);
      }
    }
    if (bits > 0) data.push((acc << (5 - bits)) & 31);
    const hrp = [...'bc'].map((c) => c.charCodeAt(0));
    const mod = polymod([...hrp.map((c) => c >> 5), 0, ...hrp.map((c) => c & 31), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
    const checksum = Array.from({ length: 6 }, (_, i) => (mod >> (5 * (5 - i))) & 31);
    return `bc1${[...data, ...checksum].map((v) => BECH.charAt(v)).join('')}`;
  }
  return `0x${r.chars(40, '0123456789abcdefABCDEF')}`;
}

/** A passport number: a letter or two and seven or eight digits. */
export function passport(r: Random): string {
  return r.chars(r.int(1, 2), 'ABCDEFGHJKLMNPRSTUVWXYZ') + r.digits(r.int(7, 8));
}

/** A birth date `{ y, m, d }` between 1940 and 2005. */
export function birthDate(r: Random): { y: number; m: number; d: number } {
  return { y: r.int(1940, 2005), m: r.int(1, 12), d: r.int(1, 28) };
}

// Look-alikes --------------------------------------------------------------------------------

export function isbn13(r: Random): string {
  const body = `978${r.digits(9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body.charAt(i)) * (i % 2 === 0 ? 1 : 3);
  const digits = body + String((10 - (sum % 10)) % 10);
  return `${digits.slice(0, 3)}-${digits.slice(3, 4)}-${digits.slice(4, 7)}-${digits.slice(7, 12)}-${digits.slice(12)}`;
}

export function version(r: Random): string {
  return `${r.pick(['v', ''])}${r.int(0, 12)}.${r.int(0, 30)}.${r.int(0, 99)}${r.pick(['', `.${r.int(0, 9999)}`, '-beta.2', '-rc1'])}`;
}

export function hash(r: Random): string {
  return r.chars(r.pick([32, 40, 64]), HEX);
}

export function uuid(r: Random): string {
  return r.faker.string.uuid();
}

export function tracking(r: Random): string {
  return r.pick([
    `1Z${r.chars(6, 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789')}${r.digits(10)}`,
    r.digits(12),
    `${r.chars(2, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${r.digits(9)}${r.pick(['DE', 'FR', 'ES', 'CN', 'JP', 'KR', 'US'])}`,
  ]);
}

export function invoiceNumber(r: Random): string {
  return r.pick([`INV-${r.int(2019, 2026)}-${r.digits(5)}`, `${r.int(2019, 2026)}${r.digits(6)}`, `RE-${r.digits(7)}`]);
}

export function lotNumber(r: Random): string {
  return r.pick([`${r.int(2019, 2026)}${r.digits(4)}-${r.chars(1, 'ABCDEF')}`, `L${r.digits(8)}`, r.digits(10)]);
}

export function maskedCard(r: Random): string {
  return r.pick([`**** **** **** ${r.digits(4)}`, `XXXX-XXXX-XXXX-${r.digits(4)}`, `${r.digits(4)} **** **** ${r.digits(4)}`]);
}

export function maskedSsn(r: Random): string {
  return r.pick([`XXX-XX-${r.digits(4)}`, `***-**-${r.digits(4)}`]);
}

export function placeholderKey(r: Random): string {
  return r.pick(['YOUR_API_KEY', 'sk-xxxxxxxxxxxxxxxxxxxxxxxx', '<your-api-key>', 'sk-...', 'sk-your-key-here', 'API_KEY_HERE', 'ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX']);
}

export function plainDate(r: Random): string {
  return `${r.int(2015, 2026)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
}

export function bigNumber(r: Random): string {
  return r.digits(r.int(7, 11)).replace(/^0/, '1');
}
