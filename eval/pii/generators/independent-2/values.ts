/**
 * Value generators of independent set 2 (see `independent-2/templates.ts` for the conventions).
 * Written from scratch for this set: every checksummed value is computed here (Luhn, IBAN mod-97,
 * Base58Check, Bech32), phone numbers are drawn from per-country national patterns and kept only
 * when libphonenumber-js says they are valid for that country. All randomness comes from the one
 * seeded faker instance passed in, so the output is a pure function of the seed.
 */
import { createHash } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import type { CountryCode } from 'libphonenumber-js/max';
import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/max';

/** The seven languages of the set. */
export type Independent2Lang = 'en' | 'de' | 'fr' | 'es' | 'zh' | 'ja' | 'ko';

/** A small random toolkit over a seeded faker, so every draw is reproducible. */
export class Rng {
  constructor(readonly f: Faker) {}
  int(min: number, max: number): number {
    return this.f.number.int({ min, max });
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(0, xs.length - 1)] as T;
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
  hex(n: number): string {
    return this.chars('0123456789abcdef', n);
  }
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const B62 = UPPER + LOWER + DIGITS;

// ---------------------------------------------------------------- cards

/** The Luhn check digit that makes `body + digit` valid. */
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

/** True when `digits` passes the Luhn check. */
export function luhnValid(digits: string): boolean {
  return luhnDigit(digits.slice(0, -1)) === digits.slice(-1);
}

/** A Luhn-valid card number in a real issuer range: [digits, brand]. */
export function cardDigits(r: Rng, brand?: string): [string, string] {
  const b = brand ?? r.pick(['visa', 'visa', 'mc', 'mc2', 'amex', 'discover', 'jcb', 'unionpay']);
  let prefix: string;
  let len = 16;
  switch (b) {
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
      prefix = `62${r.pick(['22', '28', '12', '60'])}${r.digits(2)}`;
  }
  const body = prefix + r.digits(len - 1 - prefix.length);
  return [body + luhnDigit(body), b];
}

/** Groups card digits the way people write them (4-4-4-4, Amex 4-6-5, or unbroken). */
export function formatCard(r: Rng, digits: string): string {
  const style = r.pick(['space', 'space', 'dash', 'plain']);
  if (style === 'plain') return digits;
  const sep = style === 'space' ? ' ' : '-';
  if (digits.length === 15) return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].join(sep);
  return (digits.match(/.{4}/g) ?? []).join(sep);
}

/** A 16-digit number in a Visa/MC range whose Luhn digit is deliberately wrong. */
export function badCard(r: Rng): string {
  const [good] = cardDigits(r, r.pick(['visa', 'mc']));
  const last = Number(good.slice(-1));
  const bad = good.slice(0, -1) + String((last + r.int(1, 9)) % 10);
  return formatCard(r, bad);
}

/** A masked card as receipts print it (only English lines get the "ending in" wording). */
export function maskedCard(r: Rng, lang = 'xx'): string {
  const last4 = r.digits(4);
  return r.pick([
    `**** **** **** ${last4}`,
    `XXXX-XXXX-XXXX-${last4}`,
    `•••• ${last4}`,
    `4${r.digits(3)} 12** **** ${last4}`,
    lang === 'en' ? `ending in ${last4}` : `************${last4}`,
  ]);
}

// ---------------------------------------------------------------- IBAN

function mod97(numeric: string): number {
  let rem = 0;
  for (const ch of numeric) rem = (rem * 10 + Number(ch)) % 97;
  return rem;
}

function ibanNumeric(s: string): string {
  return [...s].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
}

/** Builds a mod-97-valid IBAN from country and BBAN. */
export function ibanFrom(country: string, bban: string): string {
  const check = 98 - mod97(ibanNumeric(`${bban}${country}00`));
  return `${country}${String(check).padStart(2, '0')}${bban}`;
}

/** True when `iban` (no spaces) passes mod-97. */
export function ibanValid(iban: string): boolean {
  return mod97(ibanNumeric(iban.slice(4) + iban.slice(0, 4))) === 1;
}

/** Country → [IBAN length, BBAN generator]. */
const IBAN_COUNTRIES: Record<string, [number, (r: Rng) => string]> = {
  DE: [22, (r) => r.digits(18)],
  AT: [20, (r) => r.digits(16)],
  CH: [21, (r) => r.digits(17)],
  FR: [27, (r) => r.digits(23)],
  BE: [16, (r) => r.digits(12)],
  ES: [24, (r) => r.digits(20)],
  IT: [27, (r) => r.chars(UPPER, 1) + r.digits(22)],
  NL: [18, (r) => r.pick(['ABNA', 'RABO', 'INGB', 'TRIO']) + r.digits(10)],
  GB: [22, (r) => r.pick(['NWBK', 'BARC', 'HBUK', 'LOYD']) + r.digits(14)],
  PL: [28, (r) => r.digits(24)],
};

/** A valid IBAN for `country`, printed grouped by four (`spaced`) or compact. */
export function iban(r: Rng, country: string, spaced = r.int(0, 2) > 0): string {
  const spec = IBAN_COUNTRIES[country];
  if (spec === undefined) throw new Error(`blind2: no IBAN spec for ${country}`);
  const value = ibanFrom(country, spec[1](r));
  if (value.length !== spec[0] || !ibanValid(value)) throw new Error(`blind2: bad IBAN ${value}`);
  return spaced ? (value.match(/.{1,4}/g) ?? []).join(' ') : value;
}

/** An IBAN of the right length whose check digits are wrong. */
export function badIban(r: Rng, country: string): string {
  const good = iban(r, country, false);
  const check = Number(good.slice(2, 4));
  const wrong = String(((check - 2 + r.int(1, 90)) % 97) + 2).padStart(2, '0');
  const bad =
    good.slice(0, 2) +
    (wrong === good.slice(2, 4) ? String((check % 90) + 3).padStart(2, '0') : wrong) +
    good.slice(4);
  if (ibanValid(bad)) throw new Error('blind2: bad IBAN is valid');
  return (bad.match(/.{1,4}/g) ?? []).join(' ');
}

// ---------------------------------------------------------------- SSN

/** An SSN in the issued ranges (area 001–899 except 666, group ≠ 00, serial ≠ 0000). */
export function ssn(r: Rng): string {
  let area = r.int(1, 899);
  if (area === 666) area = 667;
  const group = r.int(1, 99);
  const serial = r.int(1, 9999);
  const s = `${String(area).padStart(3, '0')}-${String(group).padStart(2, '0')}-${String(serial).padStart(4, '0')}`;
  if (s === '078-05-1120' || s === '219-09-9999') return '123-45-6780';
  return s;
}

/** A nine-digit number shaped like an SSN but never issued (area 000, 666 or 9xx). */
export function badSsn(r: Rng): string {
  const area = r.pick(['000', '666', `9${r.digits(2)}`]);
  return `${area}-${String(r.int(1, 99)).padStart(2, '0')}-${String(r.int(1, 9999)).padStart(4, '0')}`;
}

// ---------------------------------------------------------------- crypto wallets

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function sha256(b: Buffer): Buffer {
  return createHash('sha256').update(b).digest();
}

function base58(buf: Buffer): string {
  let n = BigInt(`0x${buf.toString('hex') || '0'}`);
  let s = '';
  while (n > 0n) {
    s = B58[Number(n % 58n)] + s;
    n /= 58n;
  }
  for (const byte of buf) {
    if (byte !== 0) break;
    s = `1${s}`;
  }
  return s;
}

function randomBytes(r: Rng, n: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = r.int(0, 255);
  return b;
}

/** A Base58Check legacy (`1…`, P2PKH) or script (`3…`, P2SH) bitcoin address. */
export function btcBase58(r: Rng, version: 0 | 5): string {
  const payload = Buffer.concat([Buffer.from([version]), randomBytes(r, 20)]);
  const check = sha256(sha256(payload)).subarray(0, 4);
  return base58(Buffer.concat([payload, check]));
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function polymod(values: number[]): number {
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

function toWords(bytes: Buffer): number[] {
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

/** A bech32 (BIP-173) segwit v0 address: P2WPKH (20-byte program) or P2WSH (32). */
export function btcBech32(r: Rng, programLength: 20 | 32 = 20): string {
  const data = [0, ...toWords(randomBytes(r, programLength))];
  const mod = polymod([...hrpExpand('bc'), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum: number[] = [];
  for (let i = 0; i < 6; i++) checksum.push((mod >>> (5 * (5 - i))) & 31);
  return `bc1${[...data, ...checksum].map((v) => BECH32[v]).join('')}`;
}

/** True when `addr` carries a correct bech32 checksum. */
export function bech32Valid(addr: string): boolean {
  const data = [...addr.slice(3)].map((c) => BECH32.indexOf(c));
  return polymod([...hrpExpand('bc'), ...data]) === 1;
}

/** True when `addr` carries a correct Base58Check checksum. */
export function base58Valid(addr: string): boolean {
  let n = 0n;
  for (const c of addr) n = n * 58n + BigInt(B58.indexOf(c));
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  let lead = 0;
  while (addr[lead] === '1') lead++;
  const buf = Buffer.concat([Buffer.alloc(lead), Buffer.from(hex, 'hex')]);
  const payload = buf.subarray(0, -4);
  return sha256(sha256(payload)).subarray(0, 4).equals(buf.subarray(-4));
}

/** Some bitcoin address, of the three common kinds. */
export function btc(r: Rng): string {
  const k = r.int(0, 3);
  if (k === 0) return btcBase58(r, 0);
  if (k === 1) return btcBase58(r, 5);
  return btcBech32(r, k === 2 ? 20 : 32);
}

/** A bech32 address with one character changed, so its checksum fails. */
export function badBtc(r: Rng): string {
  const good = btcBech32(r, 20);
  const i = r.int(6, good.length - 2);
  const c = good[i] as string;
  const repl = BECH32[(BECH32.indexOf(c) + r.int(1, 31)) % 32] as string;
  return good.slice(0, i) + repl + good.slice(i + 1);
}

// ---------------------------------------------------------------- API keys

/** A realistic secret with a well-known vendor prefix and a high-entropy body. */
export function apiKey(r: Rng, kind?: string): string {
  const k = kind ?? r.pick(['openai', 'github', 'aws', 'stripe', 'slack', 'google', 'anthropic', 'gitlab']);
  switch (k) {
    case 'openai':
      return `sk-proj-${r.chars(`${B62}_-`, 64)}`;
    case 'github':
      return `ghp_${r.chars(B62, 36)}`;
    case 'aws':
      return `AKIA${r.chars(`${UPPER}234567`, 16)}`;
    case 'stripe':
      return `sk_live_${r.chars(B62, 24)}`;
    case 'slack':
      return `xoxb-${r.digits(12)}-${r.digits(13)}-${r.chars(B62, 24)}`;
    case 'google':
      return `AIza${r.chars(`${B62}_-`, 35)}`;
    case 'anthropic':
      return `sk-ant-api03-${r.chars(`${B62}_-`, 93)}AA`;
    default:
      return `glpat-${r.chars(`${B62}_-`, 20)}`;
  }
}

// ---------------------------------------------------------------- network

/** A public IPv4 address outside private, loopback, multicast and documentation ranges. */
export function ipv4(r: Rng): string {
  for (;;) {
    const a = r.int(11, 223);
    const b = r.int(0, 255);
    if (a === 127 || a === 100 || a === 169 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168))
      continue;
    if ((a === 192 && b === 0) || (a === 198 && (b === 51 || b === 18 || b === 19)) || (a === 203 && b === 0))
      continue;
    return `${a}.${b}.${r.int(0, 255)}.${r.int(1, 254)}`;
  }
}

/** A private-range IPv4 address (still an IP address, still labelled). */
export function ipv4Private(r: Rng): string {
  return r.pick([
    `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(2, 254)}`,
    `192.168.${r.int(0, 255)}.${r.int(2, 254)}`,
  ]);
}

/** A global-unicast IPv6 address (2a00::/12 or 2400::/12 style, never 2001:db8::/32), sometimes compressed. */
export function ipv6(r: Rng): string {
  const groups = [
    r.pick(['2a02', '2a01', '2406', '2607', '2804', '240e']),
    ...Array.from({ length: 7 }, () => r.hex(4).replace(/^0+(?=.)/, '')),
  ];
  if (r.int(0, 1) === 0) return `${groups.slice(0, 4).join(':')}::${groups.slice(6).join(':')}`;
  return groups.join(':');
}

// ---------------------------------------------------------------- phones

interface PhonePlan {
  country: CountryCode;
  /** National significant numbers. */
  patterns: Array<(r: Rng) => string>;
}

const US_AREAS = [
  '206',
  '212',
  '213',
  '303',
  '305',
  '312',
  '404',
  '415',
  '503',
  '512',
  '617',
  '646',
  '702',
  '713',
  '718',
  '808',
  '917',
];

const PHONE_PLANS: Record<string, PhonePlan> = {
  US: {
    country: 'US',
    patterns: [(r) => `${r.pick(US_AREAS)}${r.int(2, 9)}${r.int(0, 9)}${r.int(0, 9)}${r.digits(4)}`],
  },
  GB: {
    country: 'GB',
    patterns: [
      (r) => `7${r.pick(['4', '5', '7', '8', '9'])}${r.digits(8)}`,
      (r) => `20${r.pick(['7', '8', '3'])}${r.digits(7)}`,
    ],
  },
  DE: {
    country: 'DE',
    patterns: [
      (r) => `15${r.pick(['1', '2', '7', '9'])}${r.digits(8)}`,
      (r) => `17${r.int(0, 9)}${r.digits(7)}`,
      (r) => `30${r.int(2, 9)}${r.digits(7)}`,
      (r) => `89${r.int(2, 9)}${r.digits(6)}`,
    ],
  },
  FR: {
    country: 'FR',
    patterns: [(r) => `${r.pick(['6', '7'])}${r.digits(8)}`, (r) => `${r.int(1, 5)}${r.digits(8)}`],
  },
  ES: {
    country: 'ES',
    patterns: [
      (r) => `6${r.digits(8)}`,
      (r) => `91${r.int(2, 9)}${r.digits(6)}`,
      (r) => `93${r.int(2, 9)}${r.digits(6)}`,
    ],
  },
  CN: {
    country: 'CN',
    patterns: [
      (r) => `1${r.pick(['38', '39', '50', '58', '86', '88', '36'])}${r.digits(8)}`,
      (r) => `10${r.int(5, 8)}${r.digits(7)}`,
      (r) => `21${r.int(5, 6)}${r.digits(7)}`,
    ],
  },
  JP: {
    country: 'JP',
    patterns: [
      (r) => `${r.pick(['90', '80', '70'])}${r.int(1, 9)}${r.digits(7)}`,
      (r) => `3${r.int(3, 6)}${r.digits(7)}`,
      (r) => `6${r.int(6, 7)}${r.digits(7)}`,
    ],
  },
  KR: {
    country: 'KR',
    patterns: [
      (r) => `10${r.int(2, 9)}${r.digits(7)}`,
      (r) => `2${r.int(2, 9)}${r.digits(6)}`,
      (r) => `31${r.int(2, 9)}${r.digits(6)}`,
    ],
  },
};

const LANG_COUNTRY: Record<Independent2Lang, string> = {
  en: 'US',
  de: 'DE',
  fr: 'FR',
  es: 'ES',
  zh: 'CN',
  ja: 'JP',
  ko: 'KR',
};

/** A phone number valid for its country (checked with libphonenumber-js), in a human format. */
export function phone(r: Rng, lang: Independent2Lang, countryOverride?: string): string {
  const plan = PHONE_PLANS[countryOverride ?? LANG_COUNTRY[lang]] as PhonePlan;
  for (let tries = 0; tries < 200; tries++) {
    const nsn = r.pick(plan.patterns)(r);
    const p = parsePhoneNumberWithError(nsn, plan.country);
    if (!p.isValid()) continue;
    // Reserved fictional numbers (555-01xx) are a negative convention of this set, never a positive.
    if (plan.country === 'US' && nsn.slice(3, 6) === '555') continue;
    const style = r.int(0, 3);
    let out: string;
    if (style === 0) out = p.formatInternational();
    else if (style === 1) out = p.number;
    else if (plan.country === 'US' && style === 3) out = nsn.replace(/(\d{3})(\d{3})(\d{4})/, '$1-$2-$3');
    else if (plan.country === 'FR' && style === 3) out = p.formatNational().replace(/ /g, '.');
    else out = p.formatNational();
    if (!isValidPhoneNumber(out, plan.country))
      throw new Error(`blind2: ${out} not valid for ${plan.country}`);
    return out;
  }
  throw new Error(`blind2: no valid phone for ${plan.country}`);
}

// ---------------------------------------------------------------- identity documents

/** A passport number shaped like the issuing country's (always written next to a passport cue). */
export function passport(r: Rng, lang: Independent2Lang): string {
  switch (lang) {
    case 'en':
      return r.pick([r.digits(9), `A${r.digits(8)}`]).replace(/^0/, '5');
    case 'de':
      return `C${r.chars('CFGHJKLMNPRTVWXYZ0123456789', 8)}`;
    case 'fr':
      return `${r.digits(2)}${r.chars(UPPER, 2)}${r.digits(5)}`;
    case 'es':
      return `${r.chars(UPPER, 3)}${r.digits(6)}`;
    case 'zh':
      return r.pick([`E${r.digits(8)}`, `EA${r.digits(7)}`, `G${r.digits(8)}`]);
    case 'ja':
      return `${r.pick(['TK', 'TR', 'MZ', 'TZ'])}${r.digits(7)}`;
    default:
      return `M${r.digits(8)}`;
  }
}

// ---------------------------------------------------------------- names, e-mails, URLs

const ROMAN_FIRST = [
  'anna',
  'lukas',
  'marie',
  'jonas',
  'sofia',
  'liam',
  'emma',
  'noah',
  'lea',
  'hugo',
  'lucia',
  'pablo',
  'wei',
  'yuki',
  'minjun',
  'jiho',
  'kenta',
  'mei',
];
const MAIL_DOMAINS: Record<Independent2Lang, string[]> = {
  en: ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'protonmail.com', 'northwindtraders.io'],
  de: ['gmx.de', 'web.de', 't-online.de', 'posteo.de', 'mailbox.org', 'stadtwerke-kassel.de'],
  fr: ['orange.fr', 'free.fr', 'laposte.net', 'sfr.fr', 'gmail.com', 'atelier-dupont.fr'],
  es: ['gmail.com', 'hotmail.es', 'telefonica.net', 'yahoo.es', 'outlook.es', 'clinicasanjorge.es'],
  zh: ['qq.com', '163.com', '126.com', 'sina.com', 'foxmail.com', 'aliyun.com'],
  ja: ['yahoo.co.jp', 'docomo.ne.jp', 'ezweb.ne.jp', 'gmail.com', 'nifty.com', 'sakura-denki.co.jp'],
  ko: ['naver.com', 'daum.net', 'kakao.com', 'hanmail.net', 'gmail.com', 'nate.com'],
};

function ascii(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** A personal e-mail address on a real-looking provider for the language (never a reserved example domain). */
export function email(r: Rng, f: Faker, lang: Independent2Lang): string {
  const latin = lang === 'en' || lang === 'de' || lang === 'fr' || lang === 'es';
  const first = latin ? ascii(f.person.firstName()) || r.pick(ROMAN_FIRST) : r.pick(ROMAN_FIRST);
  const last = latin
    ? ascii(f.person.lastName()) || 'kim'
    : r.pick(['zhang', 'li', 'tanaka', 'sato', 'park', 'choi', 'chen', 'kim']);
  const local = r.pick([
    `${first}.${last}`,
    `${first}${last}${r.int(1, 99)}`,
    `${first[0]}${last}`,
    `${first}_${last}`,
    `${last}.${first}${r.int(70, 99)}`,
  ]);
  return `${local}@${r.pick(MAIL_DOMAINS[lang])}`;
}

/** A person's name as written in the language (CJK names without spaces, family name first). */
export function personName(r: Rng, f: Faker, lang: Independent2Lang): string {
  if (lang === 'zh' || lang === 'ko') return `${f.person.lastName()}${f.person.firstName()}`;
  if (lang === 'ja')
    return r.int(0, 2) === 0
      ? `${f.person.lastName()} ${f.person.firstName()}`
      : `${f.person.lastName()}${f.person.firstName()}`;
  return `${f.person.firstName()} ${f.person.lastName()}`;
}

/** An http(s) URL that points at a person's page, shared file or booking link (host and path shape go together). */
export function url(r: Rng): string {
  const slug = `${r.chars(LOWER, r.int(4, 7))}${r.pick(['', '-', '.', '_'])}${r.chars(LOWER, r.int(3, 6))}`;
  return r.pick([
    () => `https://www.linkedin.com/in/${slug}-${r.hex(8)}`,
    () => `https://drive.google.com/file/d/${r.chars(`${B62}_-`, 33)}/view?usp=sharing`,
    () => `https://www.dropbox.com/s/${r.chars(`${LOWER}${DIGITS}`, 15)}/scan_ausweis.pdf?dl=0`,
    () => `https://calendly.com/${slug.replace(/[._]/g, '-')}/30min`,
    () => `https://github.com/${slug.replace(/[._]/g, '')}${r.int(1, 99)}`,
    () => `https://www.instagram.com/${slug}/`,
    () => `https://blog.naver.com/${slug.replace(/[-.]/g, '_')}/${r.digits(12)}`,
    () => `https://note.com/${slug.replace(/[-.]/g, '_')}/n/n${r.hex(12)}`,
    () => `http://${slug.replace(/[._]/g, '-')}.de/impressum`,
  ])();
}

/** `user:password` as it sits inside a connection URL. */
export function credential(r: Rng, f: Faker): string {
  const user = r.pick([
    'admin',
    'app',
    'deploy',
    'svc_billing',
    ascii(f.person.firstName()) || 'ops',
    'root',
    'etl',
  ]);
  const pass = r.pick([
    r.chars(`${B62}`, 14),
    `${ascii(f.word.noun()) || 'winter'}${r.int(10, 99)}!`,
    r.chars(`${B62}%*`, 20),
    `S3cure-${r.digits(4)}`,
  ]);
  return `${user}:${pass}`;
}

// ---------------------------------------------------------------- dates

const MONTHS: Record<string, string[]> = {
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

const p2 = (n: number) => String(n).padStart(2, '0');

/** A calendar date written the way the language writes it; `birth` keeps the year plausible for a birth date. */
export function date(r: Rng, lang: Independent2Lang, birth: boolean): string {
  const y = birth ? r.int(1948, 2006) : r.int(2024, 2027);
  const m = r.int(1, 12);
  const d = r.int(1, 28);
  const style = r.int(0, 2);
  switch (lang) {
    case 'en':
      return [
        `${(MONTHS.en as string[])[m - 1]} ${d}, ${y}`,
        `${p2(m)}/${p2(d)}/${y}`,
        `${y}-${p2(m)}-${p2(d)}`,
      ][style] as string;
    case 'de':
      return [
        `${p2(d)}.${p2(m)}.${y}`,
        `${d}. ${(MONTHS.de as string[])[m - 1]} ${y}`,
        `${p2(d)}.${p2(m)}.${y}`,
      ][style] as string;
    case 'fr':
      return [
        `${p2(d)}/${p2(m)}/${y}`,
        `${d} ${(MONTHS.fr as string[])[m - 1]} ${y}`,
        `${p2(d)}/${p2(m)}/${y}`,
      ][style] as string;
    case 'es':
      return [
        `${p2(d)}/${p2(m)}/${y}`,
        `${d} de ${(MONTHS.es as string[])[m - 1]} de ${y}`,
        `${p2(d)}-${p2(m)}-${y}`,
      ][style] as string;
    case 'zh':
    case 'ja':
      return [`${y}年${m}月${d}日`, `${y}/${p2(m)}/${p2(d)}`, `${y}年${p2(m)}月${p2(d)}日`][style] as string;
    default:
      return [`${y}년 ${m}월 ${d}일`, `${y}.${p2(m)}.${p2(d)}`, `${y}-${p2(m)}-${p2(d)}`][style] as string;
  }
}

// ---------------------------------------------------------------- addresses

/** A whole postal address in the country's order, with real city names. */
export function address(r: Rng, f: Faker, lang: Independent2Lang): string {
  switch (lang) {
    case 'en': {
      const [city, st, zip] = r.pick([
        ['Portland', 'OR', '972'],
        ['Austin', 'TX', '787'],
        ['Columbus', 'OH', '432'],
        ['Denver', 'CO', '802'],
        ['Raleigh', 'NC', '276'],
        ['Sacramento', 'CA', '958'],
      ] as const);
      const street = `${r.int(12, 9850)} ${r.pick(['Maple', 'Oak', 'Cedar', 'Lincoln', 'Washington', 'Park', 'Willow', 'Highland'])} ${r.pick(['Street', 'Ave', 'Drive', 'Road', 'Blvd', 'Lane'])}`;
      const unit = r.int(0, 2) === 0 ? `, Apt ${r.int(1, 40)}${r.pick(['', 'B'])}` : '';
      return `${street}${unit}, ${city}, ${st} ${zip}${r.digits(2)}`;
    }
    case 'de': {
      const [city, zip] = r.pick([
        ['Berlin', '10'],
        ['Hamburg', '22'],
        ['München', '80'],
        ['Köln', '50'],
        ['Leipzig', '04'],
        ['Stuttgart', '70'],
      ] as const);
      return `${r.pick(['Lindenstraße', 'Hauptstraße', 'Schillerstr.', 'Bahnhofstraße', 'Am Mühlbach', 'Goethestraße', 'Wiesenweg'])} ${r.int(1, 140)}${r.pick(['', '', 'a'])}, ${zip}${r.digits(3)} ${city}`;
    }
    case 'fr': {
      const [city, zip] = r.pick([
        ['Paris', '750'],
        ['Lyon', '6900'],
        ['Toulouse', '3100'],
        ['Nantes', '4400'],
        ['Bordeaux', '3300'],
        ['Lille', '5900'],
      ] as const);
      return `${r.int(1, 120)}${r.pick(['', '', ' bis'])} ${r.pick(['rue de la République', 'avenue Jean Jaurès', 'boulevard Voltaire', 'rue des Lilas', 'place du Marché', 'rue Victor Hugo'])}, ${zip}${r.digits(5 - zip.length)} ${city}`;
    }
    case 'es': {
      const [city, zip] = r.pick([
        ['Madrid', '280'],
        ['Barcelona', '080'],
        ['Valencia', '460'],
        ['Sevilla', '410'],
        ['Zaragoza', '500'],
        ['Bilbao', '480'],
      ] as const);
      return `${r.pick(['Calle Mayor', 'Avenida de la Constitución', 'Calle de Alcalá', 'Paseo de Gracia', 'Calle del Sol', 'Gran Vía'])}, ${r.int(1, 180)}, ${r.pick(['', `${r.int(1, 8)}º ${r.pick(['A', 'B', 'C'])}, `])}${zip}${r.digits(2)} ${city}`;
    }
    case 'zh': {
      const [city, districts] = r.pick([
        ['北京市', ['朝阳区', '海淀区', '东城区']],
        ['上海市', ['浦东新区', '徐汇区', '静安区']],
        ['广东省深圳市', ['南山区', '福田区']],
        ['浙江省杭州市', ['西湖区', '滨江区']],
        ['四川省成都市', ['武侯区', '锦江区']],
      ] as const);
      return `${city}${r.pick(districts)}${r.pick(['建国路', '中山路', '人民路', '科技园南路', '文三路', '长江路'])}${r.int(1, 399)}号${r.pick(['', `${r.int(1, 30)}栋${r.int(101, 2908)}室`, `${r.pick(['阳光', '金茂', '华润'])}大厦${r.int(3, 28)}层`])}`;
    }
    case 'ja': {
      const [pref, towns, zip] = r.pick([
        ['東京都', ['渋谷区神南', '新宿区西新宿', '世田谷区三軒茶屋'], '1'],
        ['大阪府', ['大阪市北区梅田', '大阪市中央区難波'], '5'],
        ['神奈川県', ['横浜市西区みなとみらい', '川崎市中原区小杉町'], '2'],
        ['愛知県', ['名古屋市中区栄'], '4'],
        ['福岡県', ['福岡市博多区博多駅前'], '8'],
      ] as const);
      const zipPart = r.int(0, 1) === 0 ? `〒${zip}${r.digits(2)}-${r.digits(4)} ` : '';
      return `${zipPart}${pref}${r.pick(towns)}${r.int(1, 5)}丁目${r.int(1, 30)}番${r.int(1, 20)}号${r.pick(['', `${r.pick(['サンハイツ', 'グランメゾン', 'パークコート'])}${r.int(101, 905)}号室`])}`;
    }
    default: {
      const [city, gu, roads] = r.pick([
        ['서울특별시', '강남구', ['테헤란로', '도산대로', '선릉로']],
        ['서울특별시', '마포구', ['월드컵북로', '양화로']],
        ['서울특별시', '송파구', ['올림픽로', '송파대로']],
        ['부산광역시', '해운대구', ['해운대로', '센텀중앙로']],
        ['경기도 성남시', '분당구', ['판교역로', '황새울로']],
        ['대구광역시', '수성구', ['달구벌대로', '동대구로']],
        ['인천광역시', '연수구', ['컨벤시아대로', '송도과학로']],
      ] as const);
      void f;
      return `${city} ${gu} ${r.pick(roads)} ${r.int(1, 450)}${r.pick(['', `, ${r.int(1, 20)}층`, ` ${r.int(101, 120)}동 ${r.int(101, 2405)}호`])}`;
    }
  }
}

// ---------------------------------------------------------------- look-alikes

/** An ISBN-13 with a correct check digit (978/979 prefix), hyphenated as printed. */
export function isbn13(r: Rng): string {
  const body = `978${r.digits(9)}`;
  const check = (10 - ([...body].reduce((s, c, i) => s + Number(c) * (i % 2 ? 3 : 1), 0) % 10)) % 10;
  const all = body + check;
  return `${all.slice(0, 3)}-${all.slice(3, 4)}-${all.slice(4, 8)}-${all.slice(8, 12)}-${all.slice(12)}`;
}

/** An EAN-13 barcode with a correct check digit. */
export function ean13(r: Rng): string {
  const body = r.pick(['40', '30', '84', '69', '45', '88']) + r.digits(10);
  const check = (10 - ([...body].reduce((s, c, i) => s + Number(c) * (i % 2 ? 3 : 1), 0) % 10)) % 10;
  return body + check;
}

/** A random version 4 UUID. */
export function uuid(r: Rng): string {
  return `${r.hex(8)}-${r.hex(4)}-4${r.hex(3)}-${r.pick(['8', '9', 'a', 'b'])}${r.hex(3)}-${r.hex(12)}`;
}

/** Parcel tracking numbers of common carriers. */
export function tracking(r: Rng): string {
  return r.pick([
    `1Z${r.chars(`${UPPER}${DIGITS}`, 6)}${r.digits(10)}`,
    `JJD${r.digits(18)}`,
    `9400${r.digits(18)}`,
    `SF${r.digits(13)}`,
    `${r.chars(UPPER, 2)}${r.digits(9)}JP`,
    `6${r.digits(11)}`,
  ]);
}

/** Order / invoice / lot / ticket references and version strings. */
export function reference(r: Rng, kind: string): string {
  switch (kind) {
    case 'order':
      return r.pick([
        `#${r.digits(7)}`,
        `ORD-${r.int(2024, 2026)}-${r.digits(6)}`,
        `${r.digits(3)}-${r.digits(7)}-${r.digits(7)}`,
        `A${r.digits(10)}`,
      ]);
    case 'invoice':
      return r.pick([
        `INV-${r.digits(8)}`,
        `RE-${r.int(2024, 2026)}/${r.digits(5)}`,
        `F${r.int(2024, 2026)}${r.digits(6)}`,
        `${r.digits(4)}/${r.digits(6)}`,
      ]);
    case 'lot':
      return r.pick([
        `L${r.digits(6)}-${r.chars(UPPER, 2)}`,
        `${r.digits(2)}${r.chars(UPPER, 1)}${r.digits(5)}`,
        `B${r.digits(9)}`,
      ]);
    case 'ticket':
      return r.pick([
        `#${r.int(10000, 99999)}`,
        `SUP-${r.digits(6)}`,
        `CS${r.digits(10)}`,
        `INC${r.digits(7)}`,
      ]);
    case 'version':
      return r.pick([
        `v${r.int(1, 19)}.${r.int(0, 30)}.${r.int(0, 40)}`,
        `${r.int(1, 9)}.${r.int(0, 20)}.${r.int(0, 99)}-rc.${r.int(1, 5)}`,
        `10.0.${r.int(17000, 26100)}.${r.int(100, 5000)}`,
        `build ${r.digits(5)}`,
      ]);
    case 'sha256':
      return r.hex(64);
    case 'gitsha':
      return r.hex(r.pick([7, 12, 40]));
    case 'md5':
      return r.hex(32);
    case 'sku':
      return `${r.chars(UPPER, 3)}-${r.digits(4)}-${r.chars(UPPER, 2)}`;
    case 'amount':
      return `${r.int(1, 9)}${r.digits(3)}.${r.digits(2)}`;
    case 'timestamp':
      return `${r.int(2025, 2026)}-${p2(r.int(1, 12))}-${p2(r.int(1, 28))}T${p2(r.int(0, 23))}:${p2(r.int(0, 59))}:${p2(r.int(0, 59))}.${r.digits(3)}Z`;
    case 'epoch':
      return `17${r.digits(8)}`;
    default:
      throw new Error(`blind2: unknown reference kind ${kind}`);
  }
}

/** Placeholder secrets as docs and .env templates carry them. */
export function placeholderKey(r: Rng): string {
  return r.pick([
    'YOUR_API_KEY',
    'sk-xxxxxxxxxxxxxxxxxxxxxxxx',
    '<your-token-here>',
    'AKIAXXXXXXXXXXXXXXXX',
    'ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
    'sk_live_...',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal shell-variable placeholder
    '${OPENAI_API_KEY}',
    'REPLACE_ME',
    'sk-proj-**********',
  ]);
}
