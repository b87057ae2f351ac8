/**
 * Blind set 7 (PII): fake values, written for this set only. Every value is generated from a
 * seeded RNG (faker for Latin-script names and towns, small own lists for CJK), so the set is
 * reproducible. Checksummed types (cards, IBANs, wallets) are computed, not typed in.
 */
import { createHash } from 'node:crypto';
import { de, en, es, Faker, fr } from '@faker-js/faker';

/** Languages of the set. */
export type Lang = 'en' | 'de' | 'fr' | 'es' | 'zh' | 'ja' | 'ko';

/** A seeded value source for one generation run. */
export class Values {
  private state: number;
  readonly fk: Record<'en' | 'de' | 'fr' | 'es', Faker>;
  constructor(seed: number) {
    this.state = seed >>> 0;
    this.fk = {
      en: new Faker({ locale: [en] }),
      de: new Faker({ locale: [de, en] }),
      fr: new Faker({ locale: [fr, en] }),
      es: new Faker({ locale: [es, en] }),
    };
    let i = 0;
    for (const f of Object.values(this.fk)) f.seed(seed + ++i * 7919);
  }
  /** Uniform float in [0, 1). */
  rnd(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.rnd() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rnd() * xs.length)] as T;
  }
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
  chars(n: number, alphabet: string): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[this.int(0, alphabet.length - 1)];
    return s;
  }
  hex(n: number): string {
    return this.chars(n, '0123456789abcdef');
  }

  // ---- names ----
  /** A person name in the language's usual order and script. */
  name(lang: Lang): string {
    if (lang === 'zh') return this.pick(ZH_FAMILY) + this.pick(ZH_GIVEN);
    if (lang === 'ja') return `${this.pick(JA_FAMILY)}${this.rnd() < 0.4 ? ' ' : ''}${this.pick(JA_GIVEN)}`;
    if (lang === 'ko') return this.pick(KO_FAMILY) + this.pick(KO_GIVEN);
    const f = this.fk[lang];
    return `${f.person.firstName()} ${f.person.lastName()}`;
  }
  /** Latin ASCII romanisation-ish local part for an e-mail of a name. */
  email(lang: Lang, name?: string): string {
    const domains: Record<Lang, string[]> = {
      en: ['gmail.com', 'outlook.com', 'yahoo.com', 'fastmail.com', 'brightwave.io', 'hollisgroup.com'],
      de: ['web.de', 'gmx.de', 't-online.de', 'posteo.de', 'mueller-bau.de'],
      fr: ['orange.fr', 'free.fr', 'laposte.net', 'sfr.fr', 'cabinet-roux.fr'],
      es: ['gmail.com', 'hotmail.es', 'telefonica.net', 'grupo-arenas.es'],
      zh: ['qq.com', '163.com', 'sina.com', 'aliyun.com', 'huaxin-tech.cn'],
      ja: ['yahoo.co.jp', 'docomo.ne.jp', 'gmail.com', 'sakura-shoji.co.jp'],
      ko: ['naver.com', 'daum.net', 'kakao.com', 'hanmail.net', 'seoul-logis.co.kr'],
    };
    let local: string;
    if (name !== undefined && /^[A-Za-zÀ-ÿ' -]+$/.test(name)) {
      const parts = name
        .normalize('NFD')
        .replace(/[\u0300-\u036f']/g, '')
        .toLowerCase()
        .split(/\s+/);
      const [a = 'x', b = 'y'] = parts;
      local = this.pick([`${a}.${b}`, `${a[0]}${b}`, `${a}${this.int(1, 99)}`, `${b}.${a[0]}`]);
    } else {
      local =
        this.pick(['wang', 'li.na', 'tanaka', 'yuki', 'minji', 'jh.park', 'chen', 'sato', 'kim']) +
        this.int(7, 9999);
    }
    return `${local}@${this.pick(domains[lang])}`;
  }

  // ---- phone ----
  phone(lang: Lang): string {
    switch (lang) {
      case 'en':
        return this.pick([
          () => `(${this.pick(['415', '312', '617', '206', '512'])}) ${this.int(201, 989)}-${this.digits(4)}`,
          () => `+1 ${this.pick(['646', '303', '404', '713'])} ${this.int(201, 989)} ${this.digits(4)}`,
          () => `${this.pick(['720', '971', '801'])}-${this.int(201, 989)}-${this.digits(4)}`,
          () => `+44 20 ${this.int(7000, 8999)} ${this.digits(4)}`,
          () => `07${this.int(400, 999)} ${this.digits(6)}`,
        ])();
      case 'de':
        return this.pick([
          () => `+49 30 ${this.int(2000000, 9999999)}`,
          () => `0${this.pick(['151', '160', '171', '176'])} ${this.int(1000000, 9999999)}`,
          () => `089 / ${this.int(100000, 999999)}`,
          () => `+49 (0)40 ${this.int(100, 999)} ${this.int(1000, 9999)}`,
        ])();
      case 'fr':
        return this.pick([
          () =>
            `0${this.pick(['6', '7'])} ${this.int(10, 99)} ${this.int(10, 99)} ${this.int(10, 99)} ${this.int(10, 99)}`,
          () =>
            `+33 ${this.pick(['1', '6', '4'])} ${this.int(10, 99)} ${this.int(10, 99)} ${this.int(10, 99)} ${this.int(10, 99)}`,
          () => `01.${this.int(40, 59)}.${this.int(10, 99)}.${this.int(10, 99)}.${this.int(10, 99)}`,
        ])();
      case 'es':
        return this.pick([
          () => `+34 6${this.int(10, 99)} ${this.int(100, 999)} ${this.int(100, 999)}`,
          () => `6${this.int(10, 99)} ${this.int(10, 99)} ${this.int(10, 99)} ${this.int(10, 99)}`,
          () => `91 ${this.int(100, 999)} ${this.int(10, 99)} ${this.int(10, 99)}`,
        ])();
      case 'zh':
        return this.pick([
          () => `1${this.pick(['38', '39', '59', '86', '77'])}${this.digits(8)}`,
          () => `+86 1${this.pick(['35', '52', '88'])} ${this.digits(4)} ${this.digits(4)}`,
          () => `010-${this.int(6000, 8999)}${this.digits(4)}`,
        ])();
      case 'ja':
        return this.pick([
          () => `0${this.pick(['90', '80', '70'])}-${this.int(1000, 9999)}-${this.digits(4)}`,
          () => `03-${this.int(3000, 6999)}-${this.digits(4)}`,
          () => `+81 90 ${this.int(1000, 9999)} ${this.digits(4)}`,
          () => `06-${this.int(6000, 6999)}-${this.digits(4)}`,
        ])();
      case 'ko':
        return this.pick([
          () => `010-${this.int(2000, 9999)}-${this.digits(4)}`,
          () => `+82 10-${this.int(2000, 9999)}-${this.digits(4)}`,
          () => `02-${this.int(300, 999)}-${this.digits(4)}`,
          () => `010 ${this.int(2000, 9999)} ${this.digits(4)}`,
        ])();
    }
  }

  // ---- cards ----
  card(): string {
    const kind = this.pick(['visa', 'visa', 'mc', 'mc2', 'amex']);
    let body: string;
    if (kind === 'visa') body = `4${this.digits(14)}`;
    else if (kind === 'mc') body = `5${this.int(1, 5)}${this.digits(13)}`;
    else if (kind === 'mc2') body = `2${this.int(221, 720)}${this.digits(11)}`;
    else body = `3${this.pick(['4', '7'])}${this.digits(12)}`;
    const full = body + luhnDigit(body);
    const sep = this.pick([' ', ' ', '-', '']);
    if (full.length === 15) return [full.slice(0, 4), full.slice(4, 10), full.slice(10)].join(sep);
    return (full.match(/.{4}/g) ?? []).join(sep);
  }

  ssn(): string {
    let area = this.int(1, 899);
    if (area === 666) area = 667;
    return `${String(area).padStart(3, '0')}-${String(this.int(1, 99)).padStart(2, '0')}-${String(this.int(1, 9999)).padStart(4, '0')}`;
  }

  apiKey(): string {
    const an = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    return this.pick([
      () => `sk-proj-${this.chars(48, `${an}_-`)}`,
      () => `sk-ant-api03-${this.chars(86, `${an}_-`)}AA`,
      () => `AKIA${this.chars(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`,
      () => `ghp_${this.chars(36, an)}`,
      () => `xoxb-${this.digits(12)}-${this.digits(13)}-${this.chars(24, an)}`,
      () => `AIza${this.chars(35, `${an}_-`)}`,
      () => `sk_live_${this.chars(24, an)}`,
      () => `glpat-${this.chars(20, `${an}_-`)}`,
      () => `hf_${this.chars(34, an)}`,
      () => `npm_${this.chars(36, an)}`,
    ])();
  }

  ipv4(): string {
    return `${this.pick([81, 93, 104, 145, 178, 185, 203, 212, 37, 62])}.${this.int(1, 254)}.${this.int(0, 254)}.${this.int(1, 254)}`;
  }
  ipv6(): string {
    return this.pick([
      () => `2001:db8:${this.hex(4)}:${this.hex(2)}::${this.hex(3)}`,
      () =>
        `2a02:${this.hex(4)}:${this.hex(4)}:${this.hex(4)}:${this.hex(4)}:${this.hex(4)}:${this.hex(4)}:${this.hex(4)}`,
      () => `2607:f8b0:${this.hex(4)}:${this.hex(3)}::${this.hex(4)}`,
    ])();
  }

  iban(lang: Lang): string {
    const c =
      lang === 'de' ? 'DE' : lang === 'fr' ? 'FR' : lang === 'es' ? 'ES' : this.pick(['GB', 'DE', 'NL']);
    let bban: string;
    if (c === 'DE') bban = this.digits(18);
    else if (c === 'FR')
      bban = `${this.digits(10)}${this.chars(11, '0123456789ABCDEFGHJK')}${this.digits(2)}`;
    else if (c === 'ES') bban = this.digits(20);
    else if (c === 'NL') bban = `${this.pick(['ABNA', 'INGB', 'RABO'])}${this.digits(10)}`;
    else bban = `${this.pick(['NWBK', 'BARC', 'LOYD'])}${this.digits(14)}`;
    const iban = c + ibanCheck(c, bban) + bban;
    return this.rnd() < 0.6 ? (iban.match(/.{1,4}/g) ?? []).join(' ') : iban;
  }

  /** Date of birth parts (for formatting per language). */
  dob(): { y: number; m: number; d: number } {
    return { y: this.int(1941, 2004), m: this.int(1, 12), d: this.int(1, 28) };
  }

  ethWallet(): string {
    return `0x${this.chars(40, '0123456789abcdefABCDEF')}`;
  }
  btcWallet(): string {
    if (this.rnd() < 0.5) {
      const data = [0, ...Array.from({ length: 32 }, () => this.int(0, 31))];
      return bech32Encode('bc', data);
    }
    const payload = Buffer.from([
      this.pick([0x00, 0x05]),
      ...Array.from({ length: 20 }, () => this.int(0, 255)),
    ]);
    const check = sha256(sha256(payload)).subarray(0, 4);
    return base58(Buffer.concat([payload, check]));
  }

  passport(lang: Lang): string {
    switch (lang) {
      case 'en':
        return this.digits(9);
      case 'de':
        return `C${this.chars(8, 'CFGHJKLMNPRTVWXYZ0123456789')}`;
      case 'fr':
        return `${this.digits(2)}${this.chars(2, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${this.digits(5)}`;
      case 'es':
        return `${this.chars(3, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${this.digits(6)}`;
      case 'zh':
        return `E${this.digits(8)}`;
      case 'ja':
        return `T${this.pick(['K', 'R', 'Z'])}${this.digits(7)}`;
      case 'ko':
        return `M${this.digits(8)}`;
    }
  }
}

function luhnDigit(body: string): string {
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

/** Whether a digit string passes Luhn (used by the structural check). */
export function luhnValid(s: string): boolean {
  const d = s.replace(/\D/g, '');
  return luhnDigit(d.slice(0, -1)) === d.slice(-1);
}

function ibanCheck(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let rem = 0;
  for (const ch of rearranged) rem = (rem * 10 + Number(ch)) % 97;
  return String(98 - rem).padStart(2, '0');
}

/** mod-97 validity of an IBAN (used by the structural check). */
export function ibanValid(iban: string): boolean {
  const s = iban.replace(/\s/g, '');
  const r = `${s.slice(4)}${s.slice(0, 4)}`.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let rem = 0;
  for (const ch of r) rem = (rem * 10 + Number(ch)) % 97;
  return rem === 1;
}

function sha256(b: Buffer): Buffer {
  return createHash('sha256').update(b).digest();
}

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
function base58(buf: Buffer): string {
  let n = BigInt(`0x${buf.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const byte of buf) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

const BECH = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
function polymod(values: number[]): number {
  const g = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const b = chk >> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((b >> i) & 1) chk ^= g[i] as number;
  }
  return chk;
}
function bech32Encode(hrp: string, data: number[]): string {
  const exp = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
  const mod = polymod([...exp, ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const check = Array.from({ length: 6 }, (_, i) => (mod >> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...check].map((d) => BECH[d]).join('')}`;
}

const ZH_FAMILY = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '周',
  '吴',
  '徐',
  '孙',
  '马',
  '胡',
  '郭',
  '林',
  '何',
  '高',
  '罗',
  '郑',
];
const ZH_GIVEN = [
  '伟',
  '芳',
  '秀英',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀兰',
  '霞',
  '平',
  '建华',
  '子涵',
  '浩然',
  '雨桐',
  '俊杰',
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
  '松本',
  '井上',
  '木村',
  '清水',
  '森',
];
const JA_GIVEN = [
  '翔太',
  '陽菜',
  '大輔',
  '美咲',
  '健一',
  '由美',
  '拓也',
  '彩',
  '直樹',
  '恵子',
  '誠',
  '真由美',
  '亮',
  '香織',
  '浩二',
  'さくら',
  'ひかり',
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
];
const KO_GIVEN = [
  '민준',
  '서연',
  '지훈',
  '수빈',
  '현우',
  '지민',
  '예은',
  '도윤',
  '하은',
  '준서',
  '은지',
  '성민',
  '유진',
  '태희',
  '영수',
  '미경',
];

/** Towns and streets per language for addresses (own lists; faker fills Latin ones). */
export const ZH_PLACES = [
  ['北京市', '朝阳区', '建国路'],
  ['上海市', '浦东新区', '世纪大道'],
  ['广东省深圳市', '南山区', '科技园路'],
  ['浙江省杭州市', '西湖区', '文三路'],
  ['四川省成都市', '武侯区', '人民南路'],
  ['江苏省南京市', '鼓楼区', '中山北路'],
] as const;
export const JA_PLACES = [
  ['東京都', '渋谷区神宮前'],
  ['東京都', '新宿区西新宿'],
  ['大阪府', '大阪市北区梅田'],
  ['神奈川県', '横浜市中区山下町'],
  ['福岡県', '福岡市博多区博多駅前'],
  ['北海道', '札幌市中央区北一条西'],
] as const;
export const KO_PLACES = [
  ['서울특별시', '강남구', '테헤란로'],
  ['서울특별시', '마포구', '월드컵북로'],
  ['부산광역시', '해운대구', '센텀중앙로'],
  ['경기도 성남시', '분당구', '판교역로'],
  ['대구광역시', '수성구', '동대구로'],
] as const;
