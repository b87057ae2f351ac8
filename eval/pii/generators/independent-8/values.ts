/**
 * Fake values for independent set 8 (`independent-8/templates.ts`). Every value is generated from the
 * seeded faker instance passed in, so `independent-8/generate.ts` is reproducible. Checksums are real
 * (Luhn card numbers, mod-97 IBANs), formats are per country; nothing here is a real person.
 */
import type { Faker } from '@faker-js/faker';

/** A seeded random source: the faker instance the generator passes around. */
export type Rng = Faker;

const pick = <T>(f: Rng, xs: readonly T[]): T => f.helpers.arrayElement(xs);
const digits = (f: Rng, n: number): string => f.string.numeric({ length: n, allowLeadingZeros: true });

/** Luhn check digit for a digit string. */
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

/** A Luhn-valid card number from a real issuer range, grouped the way it is usually written. */
export function creditCard(f: Rng): string {
  const kind = pick(f, ['visa', 'mc', 'amex', 'mc2', 'disc'] as const);
  const prefix = { visa: '4', mc: String(f.number.int({ min: 51, max: 55 })), mc2: String(f.number.int({ min: 2221, max: 2720 })), amex: pick(f, ['34', '37']), disc: '6011' }[kind];
  const len = kind === 'amex' ? 15 : 16;
  const body = prefix + digits(f, len - 1 - prefix.length);
  const n = body + luhnDigit(body);
  const sep = pick(f, [' ', '-', '', ' ']);
  if (kind === 'amex') return [n.slice(0, 4), n.slice(4, 10), n.slice(10)].join(sep);
  return (n.match(/.{4}/g) ?? []).join(sep);
}

/** A US SSN in valid ranges (area 001–665/667–899, group 01–99, serial 0001–9999). */
export function ssn(f: Rng): string {
  let area = f.number.int({ min: 1, max: 899 });
  if (area === 666) area = 667;
  const g = f.number.int({ min: 1, max: 99 });
  const s = f.number.int({ min: 1, max: 9999 });
  return `${String(area).padStart(3, '0')}-${String(g).padStart(2, '0')}-${String(s).padStart(4, '0')}`;
}

function mod97(s: string): number {
  let r = 0;
  for (const ch of s) r = (r * 10 + Number(ch)) % 97;
  return r;
}

/** A mod-97-valid IBAN with the country's length; `spaced` groups it in fours. */
export function iban(f: Rng, country: 'DE' | 'FR' | 'ES' | 'GB' | 'NL' | 'IT', spaced: boolean): string {
  const bban = {
    DE: () => digits(f, 18),
    FR: () => `${digits(f, 10)}${f.string.alphanumeric({ length: 11, casing: 'upper' })}${digits(f, 2)}`,
    ES: () => digits(f, 20),
    GB: () => `${pick(f, ['NWBK', 'BARC', 'LOYD', 'HBUK'])}${digits(f, 14)}`,
    NL: () => `${pick(f, ['ABNA', 'RABO', 'INGB'])}${digits(f, 10)}`,
    IT: () => `${f.string.alpha({ length: 1, casing: 'upper' })}${digits(f, 10)}${digits(f, 12)}`,
  }[country]();
  const numeric = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = String(98 - mod97(numeric)).padStart(2, '0');
  const raw = `${country}${check}${bban}`;
  return spaced ? (raw.match(/.{1,4}/g) ?? []).join(' ') : raw;
}

/** An API key with a realistic provider prefix and a random body. */
export function apiKey(f: Rng): string {
  const an = (n: number) => f.string.alphanumeric({ length: n });
  return pick(f, [
    () => `sk-proj-${an(48)}`,
    () => `sk-ant-api03-${an(40)}-${an(12)}`,
    () => `ghp_${an(36)}`,
    () => `AKIA${f.string.alphanumeric({ length: 16, casing: 'upper' })}`,
    () => `xoxb-${digits(f, 12)}-${digits(f, 13)}-${an(24)}`,
    () => `sk_live_${an(32)}`,
    () => `AIza${an(35)}`,
    () => `glpat-${an(20)}`,
  ])();
}

/** An IPv4 or IPv6 address. */
export function ip(f: Rng): string {
  return f.datatype.boolean(0.7) ? f.internet.ipv4() : f.internet.ipv6();
}

/** A BTC (bech32 or base58) or ETH address that looks valid. */
export function wallet(f: Rng): string {
  const b32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  const b58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  const from = (abc: string, n: number) => Array.from({ length: n }, () => abc[f.number.int({ max: abc.length - 1 })]).join('');
  return pick(f, [
    () => `bc1q${from(b32, 38)}`,
    () => `${pick(f, ['1', '3'])}${from(b58, 33)}`,
    () => `0x${f.string.hexadecimal({ length: 40, casing: 'mixed', prefix: '' })}`,
  ])();
}

/** A passport number in a per-country shape. */
export function passport(f: Rng, lang: string): string {
  const up = (n: number) => f.string.alpha({ length: n, casing: 'upper' });
  switch (lang) {
    case 'de': return `C${f.string.alphanumeric({ length: 8, casing: 'upper' })}`;
    case 'fr': return `${digits(f, 2)}${up(2)}${digits(f, 5)}`;
    case 'es': return `${up(3)}${digits(f, 6)}`;
    case 'zh': return `E${digits(f, 8)}`;
    case 'ja': return `${up(2)}${digits(f, 7)}`;
    case 'ko': return `M${digits(f, 8)}`;
    default: return digits(f, 9);
  }
}

/** A phone number written the way people in that country write it. */
export function phone(f: Rng, lang: string): string {
  const d = (n: number) => digits(f, n);
  switch (lang) {
    case 'de': return pick(f, [`+49 ${pick(f, ['151', '160', '176'])} ${d(8)}`, `030 ${d(4)} ${d(4)}`, `0${pick(f, ['89', '40', '221'])}/${d(7)}`, `+49 (0)${pick(f, ['69', '711'])} ${d(3)} ${d(4)}`]);
    case 'fr': return pick(f, [`0${pick(f, ['6', '7', '1'])} ${d(2)} ${d(2)} ${d(2)} ${d(2)}`, `+33 ${pick(f, ['6', '7'])} ${d(2)} ${d(2)} ${d(2)} ${d(2)}`, `0${pick(f, ['6', '4'])}.${d(2)}.${d(2)}.${d(2)}.${d(2)}`]);
    case 'es': return pick(f, [`+34 6${d(2)} ${d(3)} ${d(3)}`, `6${d(2)} ${d(2)} ${d(2)} ${d(2)}`, `91 ${d(3)} ${d(2)} ${d(2)}`]);
    case 'zh': return pick(f, [`13${d(1)}${d(4)}${d(4)}`, `+86 1${pick(f, ['38', '59', '86'])} ${d(4)} ${d(4)}`, `010-${d(8)}`, `1${pick(f, ['39', '77'])}-${d(4)}-${d(4)}`]);
    case 'ja': return pick(f, [`090-${d(4)}-${d(4)}`, `03-${d(4)}-${d(4)}`, `+81 80-${d(4)}-${d(4)}`, `06-${d(4)}-${d(4)}`]);
    case 'ko': return pick(f, [`010-${d(4)}-${d(4)}`, `02-${d(3)}-${d(4)}`, `+82 10-${d(4)}-${d(4)}`, `031-${d(3)}-${d(4)}`]);
    default: return pick(f, [`(${f.number.int({ min: 201, max: 989 })}) ${f.number.int({ min: 200, max: 989 })}-${d(4)}`, `+1 ${f.number.int({ min: 201, max: 989 })}-${f.number.int({ min: 200, max: 989 })}-${d(4)}`, `+44 7${d(3)} ${d(6)}`, `020 ${d(4)} ${d(4)}`, `${f.number.int({ min: 201, max: 989 })}.${f.number.int({ min: 200, max: 989 })}.${d(4)}`]);
  }
}

const ZH_FAM = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '周', '吴', '徐', '孙', '马', '胡', '郭', '林', '何', '高', '罗', '郑'];
const ZH_GIV = ['伟', '芳', '娜', '敏', '静', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '建华', '子涵', '浩然', '雨桐', '思远', '梓萱', '俊杰', '晓东'];
const JA_FAM = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤', '吉田', '山田', '松本', '井上', '木村', '清水', '森', '池田'];
const JA_GIV = ['翔太', '大輔', '健一', '誠', '陽菜', '美咲', 'さくら', '結衣', '拓也', '直樹', '恵子', '由美', '亮', '真由美', '浩二', 'あかり'];
const KO_FAM = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권'];
const KO_GIV = ['민준', '서연', '지훈', '하은', '도윤', '수빈', '예준', '지우', '현우', '은지', '성민', '유진', '재원', '다은', '태호'];

/** A person name for the language (native script for zh/ja/ko; `spaced` puts a space in ja names). */
export function personName(f: Rng, lang: string, locale: Rng): string {
  if (lang === 'zh') return pick(f, ZH_FAM) + pick(f, ZH_GIV);
  if (lang === 'ja') return pick(f, JA_FAM) + pick(f, ['', ' ', '　', '']) + pick(f, JA_GIV);
  if (lang === 'ko') return pick(f, KO_FAM) + pick(f, KO_GIV);
  return `${locale.person.firstName()} ${locale.person.lastName()}`;
}

/** A family name alone (used with honorifics: "Mr. X", "X様"). */
export function familyName(f: Rng, lang: string, locale: Rng): string {
  if (lang === 'zh') return pick(f, ZH_FAM);
  if (lang === 'ja') return pick(f, JA_FAM);
  if (lang === 'ko') return pick(f, KO_FAM);
  return locale.person.lastName();
}

const ZH_PROV = [['北京市', '朝阳区', '建国路'], ['上海市', '浦东新区', '世纪大道'], ['广东省深圳市', '南山区', '科技园南路'], ['浙江省杭州市', '西湖区', '文三路'], ['四川省成都市', '武侯区', '人民南路']];
const JA_PREF = [['東京都', '港区', '南青山'], ['大阪府', '大阪市北区', '梅田'], ['神奈川県', '横浜市西区', 'みなとみらい'], ['愛知県', '名古屋市中区', '栄'], ['福岡県', '福岡市中央区', '天神']];
const KO_CITY = [['서울특별시', '강남구', '테헤란로'], ['부산광역시', '해운대구', '해운대로'], ['경기도 성남시', '분당구', '판교역로'], ['인천광역시', '연수구', '컨벤시아대로'], ['대구광역시', '수성구', '달구벌대로']];

/** A street address in the country's own order (street+number and, where written, postcode/city). */
export function address(f: Rng, lang: string, locale: Rng): string {
  const n = () => String(f.number.int({ min: 1, max: 180 }));
  switch (lang) {
    case 'de': return pick(f, [`${locale.location.street()} ${n()}, ${digits(f, 5)} ${locale.location.city()}`, `${locale.location.street()} ${n()}${pick(f, ['', 'a', 'b'])}`]);
    case 'fr': return pick(f, [`${n()} ${pick(f, ['rue', 'avenue', 'boulevard', 'allée'])} ${pick(f, ['des Lilas', 'de la République', 'du Général Leclerc', 'Pasteur', 'de Paris', 'Jean Jaurès'])}, ${digits(f, 5)} ${locale.location.city()}`, `${n()} ${pick(f, ['rue', 'place', 'impasse'])} ${pick(f, ['des Écoles', 'Saint-Michel', 'du Marché'])}`]);
    case 'es': return pick(f, [`${pick(f, ['Calle', 'Avenida', 'Paseo', 'C/'])} ${pick(f, ['de Alcalá', 'Mayor', 'del Prado', 'de la Castellana', 'Gran Vía', 'San Vicente'])} ${n()}, ${pick(f, ['2º B', '1º izq.', '3ºA', 'bajo'])}, ${digits(f, 5)} ${locale.location.city()}`, `${pick(f, ['Calle', 'Avda.'])} ${pick(f, ['Serrano', 'de Colón', 'Real'])}, ${n()}`]);
    case 'zh': { const [p, d, r] = pick(f, ZH_PROV); return `${p}${d}${r}${n()}号${pick(f, ['', `${f.number.int({ min: 1, max: 12 })}号楼${f.number.int({ min: 1, max: 3 })}单元${f.number.int({ min: 101, max: 2508 })}室`, `${f.number.int({ min: 2, max: 30 })}层`])}`; }
    case 'ja': { const [p, c, t] = pick(f, JA_PREF); const pc = `${digits(f, 3)}-${digits(f, 4)}`; const body = `${p}${c}${t}${f.number.int({ min: 1, max: 6 })}丁目${n()}番${f.number.int({ min: 1, max: 30 })}号`; return pick(f, [`〒${pc} ${body}`, `${pc} ${body}`, body, `〒${pc} ${body} ${pick(f, ['サンハイツ', 'グランドメゾン', '第一ビル'])}${f.number.int({ min: 101, max: 905 })}`]); }
    case 'ko': { const [c, g, r] = pick(f, KO_CITY); return `${c} ${g} ${r} ${n()}${pick(f, ['', `, ${pick(f, ['래미안', '자이', '푸르지오'])} ${f.number.int({ min: 101, max: 115 })}동 ${f.number.int({ min: 101, max: 2203 })}호`])}`; }
    default: return pick(f, [`${locale.location.buildingNumber()} ${locale.location.street()}, ${locale.location.city()}, ${locale.location.state({ abbreviated: true })} ${locale.location.zipCode('#####')}`, `${locale.location.buildingNumber()} ${locale.location.street()}${pick(f, [', Apt 4B', ' Suite 210', ''])}`]);
  }
}

/** A birth date written per language. */
export function dob(f: Rng, lang: string): string {
  const dt = f.date.between({ from: '1942-01-01', to: '2006-12-31' });
  const y = dt.getUTCFullYear(), m = dt.getUTCMonth() + 1, d = dt.getUTCDate();
  const p = (x: number) => String(x).padStart(2, '0');
  switch (lang) {
    case 'de': return pick(f, [`${p(d)}.${p(m)}.${y}`, `${d}. ${pick(f, ['Januar', 'März', 'Mai', 'Juli', 'Oktober'])} ${y}`]);
    case 'fr': return pick(f, [`${p(d)}/${p(m)}/${y}`, `${d} ${pick(f, ['janvier', 'avril', 'juin', 'septembre', 'décembre'])} ${y}`]);
    case 'es': return pick(f, [`${p(d)}/${p(m)}/${y}`, `${d} de ${pick(f, ['enero', 'marzo', 'agosto', 'noviembre'])} de ${y}`]);
    case 'zh': return pick(f, [`${y}年${m}月${d}日`, `${y}-${p(m)}-${p(d)}`]);
    case 'ja': return pick(f, [`${y}年${m}月${d}日`, `${y}/${p(m)}/${p(d)}`]);
    case 'ko': return pick(f, [`${y}년 ${m}월 ${d}일`, `${y}. ${m}. ${d}`, `${y}-${p(m)}-${p(d)}`]);
    default: return pick(f, [`${p(m)}/${p(d)}/${y}`, `${dt.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${d}, ${y}`, `${y}-${p(m)}-${p(d)}`]);
  }
}
