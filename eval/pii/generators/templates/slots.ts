/**
 * The slots of the PII templates: `{name}` in a template is filled by the slot's generator, in
 * the line's language. A slot either is personal data (its `type`, the span recorded) or a
 * look-alike that must not be reported (`type: null`).
 */
import type { CountryCode } from 'libphonenumber-js/max';
import type { PIIType } from '../../../../src/processors/pii-detector/detect/types.js';
import * as v from './values.js';
import type { Random } from './values.js';

export type Lang = 'en' | 'de' | 'fr' | 'es' | 'zh' | 'ja' | 'ko';

/** A filled slot: the text, and the spans of personal data inside it (relative to it). */
export interface Filled {
  text: string;
  spans: Array<{ type: PIIType; start: number; end: number }>;
}

type Slot = (r: Random, lang: Lang) => Filled;

const whole =
  (type: PIIType | null, gen: (r: Random, lang: Lang) => string): Slot =>
  (r, lang) => {
    const text = gen(r, lang);
    return { text, spans: type === null ? [] : [{ type, start: 0, end: text.length }] };
  };

const PHONE_COUNTRIES: Record<Lang, readonly CountryCode[]> = {
  en: ['US', 'GB'],
  de: ['DE', 'AT', 'CH'],
  fr: ['FR', 'BE'],
  es: ['ES', 'MX'],
  zh: ['CN'],
  ja: ['JP'],
  ko: ['KR'],
};

const MONTHS: Partial<Record<Lang, readonly string[]>> = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
};

const pad = (n: number) => String(n).padStart(2, '0');

function dob(r: Random, lang: Lang): string {
  const { y, m, d } = v.birthDate(r);
  const month = MONTHS[lang]?.[m - 1] ?? '';
  const style = r.int(0, 1);
  switch (lang) {
    case 'en':
      return style === 0 ? `${month} ${d}, ${y}` : `${y}-${pad(m)}-${pad(d)}`;
    case 'de':
      return style === 0 ? `${d}. ${month} ${y}` : `${pad(d)}.${pad(m)}.${y}`;
    case 'fr':
      return style === 0 ? `${d} ${month} ${y}` : `${pad(d)}/${pad(m)}/${y}`;
    case 'es':
      return style === 0 ? `${d} de ${month} de ${y}` : `${pad(d)}/${pad(m)}/${y}`;
    case 'ko':
      return `${y}년 ${m}월 ${d}일`;
    default:
      return `${y}年${m}月${d}日`;
  }
}

const CITIES: Partial<Record<Lang, readonly string[]>> = {
  de: ['Berlin', 'Hamburg', 'München', 'Köln', 'Leipzig', 'Dresden', 'Bremen', 'Hannover', 'Nürnberg', 'Stuttgart'],
  fr: ['Paris', 'Lyon', 'Marseille', 'Toulouse', 'Nantes', 'Bordeaux', 'Lille', 'Rennes', 'Saint-Étienne', 'Grenoble'],
  es: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Zaragoza', 'Málaga', 'Bilbao', 'Granada', 'Alicante', 'Córdoba'],
};

/** A capitalised single word from faker's last names (names with spaces or particles skipped). */
function capWord(r: Random): string {
  for (let i = 0; i < 20; i++) {
    const w = r.faker.person.lastName();
    if (/^\p{Lu}\p{Ll}{2,}$/u.test(w)) return w;
  }
  return 'Linden';
}

function address(r: Random, lang: Lang): string {
  const num = r.int(1, 480);
  switch (lang) {
    case 'en':
      return `${num} ${capWord(r)} ${r.pick(['Street', 'Avenue', 'Road', 'Lane', 'Drive', 'Court'])}, ${capWord(r)}${r.pick(['ville', 'ton', ' City', ' Falls'])}, ${r.faker.location.state({ abbreviated: true })} ${r.digits(5)}`;
    case 'de':
      return `${capWord(r)}${r.pick(['straße', 'weg', 'gasse', 'platz', 'allee'])} ${num}, ${r.digits(5)} ${r.pick(CITIES.de ?? [])}`;
    case 'fr':
      return `${num} ${r.pick(['rue', 'avenue', 'boulevard', 'place'])} ${r.pick(['de la ', 'du ', 'des ', ''])}${capWord(r)}, ${r.digits(5)} ${r.pick(CITIES.fr ?? [])}`;
    case 'es':
      return `${r.pick(['Calle', 'Avenida', 'Paseo', 'Plaza'])} ${r.pick(['de ', 'del ', ''])}${capWord(r)} ${num}, ${r.digits(5)} ${r.pick(CITIES.es ?? [])}`;
    case 'zh':
      return `${r.pick(['北京', '上海', '广州', '深圳', '杭州', '成都'])}市${r.pick(['朝阳', '海淀', '浦东', '天河', '西湖', '武侯'])}区${r.pick(['建国', '人民', '中山', '解放', '长江', '和平'])}${r.pick(['路', '街', '大道'])}${num}号`;
    case 'ja':
      return `${r.pick(['東京都新宿区', '東京都港区', '大阪府大阪市北区', '神奈川県横浜市中区', '愛知県名古屋市中区', '福岡県福岡市博多区'])}${r.pick(['西新宿', '芝公園', '梅田', '山下町', '栄', '博多駅前'])}${r.int(1, 9)}丁目${r.int(1, 30)}番${r.int(1, 20)}号`;
    case 'ko':
      return `${r.pick(['서울특별시', '부산광역시', '인천광역시', '대구광역시'])} ${r.pick(['강남구', '종로구', '해운대구', '남동구', '수성구'])} ${r.pick(['테헤란', '세종대', '중앙', '해운대', '동성'])}로 ${num}`;
  }
}

function personName(r: Random, lang: Lang): string {
  const f = r.faker;
  if (lang === 'zh' || lang === 'ko') return `${f.person.lastName()}${f.person.firstName()}`;
  if (lang === 'ja') return `${f.person.lastName()}${f.person.firstName()}`;
  for (let i = 0; i < 20; i++) {
    const first = f.person.firstName();
    if (/^\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?$/u.test(first)) return `${first} ${capWord(r)}`;
  }
  return `Alex ${capWord(r)}`;
}

function email(r: Random): string {
  const first = r.faker.string.alpha({ length: r.int(3, 8), casing: 'lower' });
  const last = r.faker.string.alpha({ length: r.int(3, 9), casing: 'lower' });
  const domain = r.pick(['gmail.com', 'yahoo.co.jp', 'web.de', 'orange.fr', 'hotmail.es', 'qq.com', 'naver.com', 'outlook.com', 'gmx.de', 'icloud.com']);
  return `${first}${r.pick(['.', '_', ''])}${last}${r.pick(['', String(r.int(1, 99))])}@${domain}`;
}

export const SLOTS: Readonly<Record<string, Slot>> = {
  email: whole('email', email),
  phone: whole('phone', (r, lang) => v.phone(r, r.pick(PHONE_COUNTRIES[lang]), r.int(0, 2) === 0)),
  intlphone: whole('phone', (r, lang) => v.phone(r, r.pick(PHONE_COUNTRIES[lang]), true)),
  card: whole('credit-card', v.card),
  iban: whole('iban', (r, lang) => v.iban(r, { de: 'DE', fr: 'FR', es: 'ES' }[lang as string])),
  ssn: whole('ssn', v.ssn),
  ip: whole('ip-address', v.ip),
  key: whole('api-key', v.apiKey),
  url: whole('url', v.url),
  credurl: (r) => {
    const { url, credential } = v.credentialUrl(r);
    const start = url.indexOf(credential);
    return { text: url, spans: [{ type: 'credential', start, end: start + credential.length }] };
  },
  wallet: whole('crypto-wallet', v.wallet),
  passport: whole('passport', v.passport),
  dob: whole('date-of-birth', dob),
  address: whole('address', address),
  name: whole('name', personName),
  // Look-alikes.
  cardlike: whole(null, (r) => v.card(r).replace(/\D/g, '')),
  luhnref: whole(null, v.luhnReference),
  isbn: whole(null, v.isbn13),
  version: whole(null, v.version),
  hash: whole(null, v.hash),
  uuid: whole(null, v.uuid),
  tracking: whole(null, v.tracking),
  invoice: whole(null, v.invoiceNumber),
  lot: whole(null, v.lotNumber),
  maskedcard: whole(null, v.maskedCard),
  maskedssn: whole(null, v.maskedSsn),
  placeholder: whole(null, v.placeholderKey),
  date: whole(null, v.plainDate),
  number: whole(null, v.bigNumber),
  ipversion: whole(null, (r) => `${r.int(1, 9)}.${r.int(0, 9)}.${r.int(0, 20)}.${r.int(0, 999)}`),
};

/** Fills `{slot}` markers of `template`; the spans are in indices of the result. */
export function fill(template: string, r: Random, lang: Lang): Filled {
  let text = '';
  const spans: Filled['spans'] = [];
  let last = 0;
  for (const m of template.matchAll(/\{(\w+)\}/g)) {
    text += template.slice(last, m.index);
    const slot = SLOTS[m[1] as string];
    if (slot === undefined) throw new Error(`PII eval: unknown slot {${m[1]}} in "${template}"`);
    const filled = slot(r, lang);
    for (const s of filled.spans) spans.push({ type: s.type, start: text.length + s.start, end: text.length + s.end });
    text += filled.text;
    last = (m.index ?? 0) + m[0].length;
  }
  text += template.slice(last);
  return { text, spans };
}
