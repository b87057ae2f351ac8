/**
 * Blind set 7 (PII) templates, written without reading the detector or any other set.
 *
 * Labels follow the documented contract (README "PIIDetector and detectPII()" type table):
 * - `email`, `phone`, `credit-card`, `ssn`, `iban`, `api-key`, `ip-address`, `crypto-wallet`,
 *   `passport`: the value only, no cue word, no surrounding quotes, brackets or final punctuation.
 * - `url`: the whole `scheme://…` or `www.…` address up to (not including) trailing punctuation.
 *   When the URL carries `user:password@`, that `user:password` is its own `credential` span and
 *   the `url` span still covers the whole address around it (both are labelled).
 * - `date-of-birth`: the date only, and only with a birth cue (dates without one are negatives).
 * - `name`: a person's name as written (given + family, or the CJK name without honorific such as
 *   様 / さん / 씨 / 님 / 女士 / 先生, and without titles such as Dr. / Frau / M.).
 * - `address` span convention: from the house number or street (whichever comes first in that
 *   country's order) through the street, number, and — when they follow in the same run on the
 *   same line, separated only by a comma or space — the postal code and city (and US state).
 *   The country name, the recipient's name and cue words ("Address:") are never included.
 *   Chinese: from the province/municipality to the building/room. Japanese: from the postal code
 *   digits (a leading 〒 mark is NOT part of the span) to the building and room. Korean: from the
 *   city/province to the building and unit.
 * - `uuid` values are never labelled (uuid is PII only when asked for); lines with UUIDs as
 *   identifiers are negatives unless another value is present.
 * Negatives (`negative: true`) carry no span at all: look-alike numbers, placeholders, masked
 * values, text that only talks about PII.
 */
import { JA_PLACES, KO_PLACES, type Lang, type Values, ZH_PLACES } from './values.js';

/** A labelled piece of a template. */
export interface Slot {
  type: string;
  value: string;
}
/** A template renders to text pieces and labelled slots. */
export type Part = string | Slot;
/** One template. */
export interface Template {
  id: string;
  lang: Lang;
  negative: boolean;
  make: (v: Values) => Part[];
}

const S = (type: string, value: string): Slot => ({ type, value });
const n = (v: Values, l: Lang) => S('name', v.name(l));

const DE_CITIES = [
  ['10115', 'Berlin'],
  ['80331', 'München'],
  ['50667', 'Köln'],
  ['20095', 'Hamburg'],
  ['04109', 'Leipzig'],
  ['70173', 'Stuttgart'],
] as const;
const FR_CITIES = [
  ['75011', 'Paris'],
  ['69003', 'Lyon'],
  ['13006', 'Marseille'],
  ['31000', 'Toulouse'],
  ['44000', 'Nantes'],
  ['67000', 'Strasbourg'],
] as const;
const ES_CITIES = [
  ['28013', 'Madrid'],
  ['08012', 'Barcelona'],
  ['46002', 'Valencia'],
  ['41004', 'Sevilla'],
  ['48001', 'Bilbao'],
  ['29015', 'Málaga'],
] as const;
const US_CITIES = [
  ['Austin', 'TX', '78704'],
  ['Portland', 'OR', '97214'],
  ['Columbus', 'OH', '43215'],
  ['Denver', 'CO', '80205'],
  ['Raleigh', 'NC', '27601'],
] as const;

/** A street address in the language's order (see the span convention above). */
export function address(v: Values, l: Lang, withCity = true): string {
  switch (l) {
    case 'en': {
      const [c, st, z] = v.pick(US_CITIES);
      const base = `${v.int(12, 9800)} ${v.fk.en.location.street()}${v.rnd() < 0.3 ? `, Apt ${v.int(2, 40)}` : ''}`;
      return withCity ? `${base}, ${c}, ${st} ${z}` : base;
    }
    case 'de': {
      const [z, c] = v.pick(DE_CITIES);
      const base = `${v.fk.de.location.street()} ${v.int(1, 180)}${v.rnd() < 0.2 ? 'a' : ''}`;
      return withCity ? `${base}, ${z} ${c}` : base;
    }
    case 'fr': {
      const [z, c] = v.pick(FR_CITIES);
      const base = `${v.int(1, 140)}${v.rnd() < 0.15 ? ' bis' : ''} ${v.fk.fr.location.street()}`;
      return withCity ? `${base}, ${z} ${c}` : base;
    }
    case 'es': {
      const [z, c] = v.pick(ES_CITIES);
      const base = `${v.pick(['Calle', 'C/', 'Avenida', 'Paseo de'])} ${v.fk.es.person.lastName()}, ${v.int(1, 220)}${v.rnd() < 0.4 ? `, ${v.int(1, 8)}º ${v.pick(['A', 'B', 'C', 'izda.'])}` : ''}`;
      return withCity ? `${base}, ${z} ${c}` : base;
    }
    case 'zh': {
      const [p, d, r] = v.pick(ZH_PLACES);
      return `${p}${d}${r}${v.int(1, 999)}号${v.pick(['', `${v.int(1, 30)}号楼${v.int(1, 4)}单元${v.int(101, 2808)}室`, `${v.pick(['华润大厦', '国贸中心', '星河大厦'])}${v.int(2, 40)}层`])}`;
    }
    case 'ja': {
      const [p, c] = v.pick(JA_PLACES);
      return `${v.int(100, 999)}-${v.digits(4)} ${p}${c}${v.int(1, 6)}-${v.int(1, 30)}-${v.int(1, 20)}${v.pick(['', ` ${v.pick(['サンハイツ', 'グランドメゾン', '第一ビル'])}${v.int(101, 905)}号室`])}`;
    }
    case 'ko': {
      const [p, d, r] = v.pick(KO_PLACES);
      return `${p} ${d} ${r} ${v.int(1, 400)}${v.pick(['', `, ${v.pick(['래미안', '푸르지오', '힐스테이트'])} ${v.int(101, 120)}동 ${v.int(101, 2404)}호`])}`;
    }
  }
}

const MONTHS: Record<'en' | 'de' | 'fr' | 'es', string[]> = {
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
const p2 = (x: number) => String(x).padStart(2, '0');

/** A date formatted the way the language writes it (used both as DOB and as plain dates). */
export function date(v: Values, l: Lang, d = v.dob()): string {
  switch (l) {
    case 'en':
      return v.pick([
        `${p2(d.m)}/${p2(d.d)}/${d.y}`,
        `${MONTHS.en[d.m - 1]} ${d.d}, ${d.y}`,
        `${d.y}-${p2(d.m)}-${p2(d.d)}`,
      ]);
    case 'de':
      return v.pick([`${p2(d.d)}.${p2(d.m)}.${d.y}`, `${d.d}. ${MONTHS.de[d.m - 1]} ${d.y}`]);
    case 'fr':
      return v.pick([`${p2(d.d)}/${p2(d.m)}/${d.y}`, `${d.d} ${MONTHS.fr[d.m - 1]} ${d.y}`]);
    case 'es':
      return v.pick([`${p2(d.d)}/${p2(d.m)}/${d.y}`, `${d.d} de ${MONTHS.es[d.m - 1]} de ${d.y}`]);
    case 'zh':
      return v.pick([`${d.y}年${d.m}月${d.d}日`, `${d.y}-${p2(d.m)}-${p2(d.d)}`]);
    case 'ja':
      return v.pick([`${d.y}年${d.m}月${d.d}日`, `${d.y}/${p2(d.m)}/${p2(d.d)}`]);
    case 'ko':
      return v.pick([`${d.y}년 ${d.m}월 ${d.d}일`, `${d.y}. ${d.m}. ${d.d}`, `${d.y}.${p2(d.m)}.${p2(d.d)}`]);
  }
}

const url = (v: Values) =>
  `https://${v.pick(['portal', 'app', 'share', 'docs', 'files'])}.${v.pick(['northwind-cloud.com', 'kestrel.io', 'brightdesk.net', 'lumo-drive.de', 'hanbit-store.co.kr'])}/${v.pick(['s', 'invite', 'd', 'reset'])}/${v.chars(14, 'abcdefghijkmnpqrstuvwxyz23456789')}`;
const www = (v: Values) =>
  `www.${v.pick(['mairie-lyon-services.fr', 'stadtwerke-nord.de', 'clinica-sanmartin.es', 'tokyo-gas-support.jp', 'hana-clinic.kr', 'sunrise-dental.com'])}/${v.pick(['kontakt', 'rendez-vous', 'cita', 'contact', 'booking'])}`;
const credUrl = (v: Values): Part[] => {
  const user = v.pick(['deploy', 'admin', 'svc_backup', 'ftpuser', 'jenkins', 'app']);
  const pw = v.chars(v.int(10, 16), 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789!_');
  const host = `${v.pick(['db', 'ftp', 'git', 'mq', 'files'])}.${v.pick(['corp-intra.net', 'acme-ops.com', 'sto-gruppe.de', 'hx-data.cn'])}`;
  const scheme = v.pick(['postgres', 'https', 'ftp', 'amqp', 'redis']);
  const tail = v.pick([':5432/orders', '/releases/', '/vhost1', ':6379/0', '/export/']);
  // The url span covers the credential span too (both labelled).
  return [{ type: 'url', value: `${scheme}://${user}:${pw}@${host}${tail}` }];
};

/** A GS1 check digit over 12 digits. */
const gs1 = (d12: string): string => {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(d12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
};
const ean13 = (v: Values): string => {
  const d = `${v.pick(['40', '50', '76', '84', '87'])}${v.digits(10)}`;
  return d + gs1(d);
};
const isbn13 = (v: Values): string => {
  const d = `978${v.int(0, 1)}${v.digits(8)}`;
  return `${d.slice(0, 3)}-${d.slice(3, 4)}-${d.slice(4, 7)}-${d.slice(7, 12)}-${gs1(d)}`;
};
const dobEn = (v: Values) => date(v, 'en');
const eth = (v: Values) => S('crypto-wallet', v.ethWallet());
const btc = (v: Values) => S('crypto-wallet', v.btcWallet());

const en: Array<[string, (v: Values) => Part[]]> = [
  [
    'en-mail-sig',
    (v) => {
      const nm = v.name('en');
      return [
        'Hi team,\n\nThe replacement router shipped this morning. Let me know if anything looks off.\n\nThanks,\n',
        S('name', nm),
        '\nCustomer Success | Hollis Group\n',
        S('phone', v.phone('en')),
        ' | ',
        S('email', v.email('en', nm)),
      ];
    },
  ],
  [
    'en-ticket-card',
    (v) => [
      'Ticket #',
      String(v.int(40000, 99999)),
      ' — customer says the charge on card ',
      S('credit-card', v.card()),
      ' went through twice. Refund the duplicate, please.',
    ],
  ],
  [
    'en-crm-note',
    (v) => {
      const nm = v.name('en');
      return [
        'CRM note: spoke to ',
        S('name', nm),
        ' about the renewal. Best number is ',
        S('phone', v.phone('en')),
        ', prefers calls after 3pm.',
      ];
    },
  ],
  [
    'en-form-dump',
    (v) => {
      const nm = v.name('en');
      return [
        'full_name: ',
        S('name', nm),
        '\nemail: ',
        S('email', v.email('en', nm)),
        '\ndob: ',
        S('date-of-birth', dobEn(v)),
        '\nssn: ',
        S('ssn', v.ssn()),
        '\nplan: premium',
      ];
    },
  ],
  [
    'en-shipping',
    (v) => [
      'Please update my shipping address to ',
      S('address', address(v, 'en')),
      ' before the next box goes out.',
    ],
  ],
  [
    'en-log-ip',
    (v) => [
      `${v.int(2024, 2026)}-0${v.int(1, 9)}-1${v.int(0, 9)}T0${v.int(0, 9)}:${v.int(10, 59)}:${v.int(10, 59)}Z WARN auth failed user_id=${v.int(1000, 99999)} src=`,
      S('ip-address', v.ipv4()),
      ' attempts=',
      String(v.int(3, 9)),
    ],
  ],
  ['en-log-ipv6', (v) => ['[edge] blocked request from ', S('ip-address', v.ipv6()), ' (rate limit, 429)']],
  [
    'en-slack-key',
    (v) => ['hey can you rotate this, I accidentally pasted it in #general: ', S('api-key', v.apiKey())],
  ],
  [
    'en-env-file',
    (v) => [
      '# .env.production\nNODE_ENV=production\nPAYMENTS_KEY=',
      S('api-key', v.apiKey()),
      '\nLOG_LEVEL=info',
    ],
  ],
  [
    'en-json-customer',
    (v) => {
      const nm = v.name('en');
      return [
        '{"customer": "',
        S('name', nm),
        '", "email": "',
        S('email', v.email('en', nm)),
        '", "tier": "gold", "orders": ',
        String(v.int(2, 40)),
        '}',
      ];
    },
  ],
  [
    'en-csv',
    (v) => [
      'name,phone,city\n',
      n(v, 'en'),
      ',',
      S('phone', v.phone('en')),
      ',Austin\n',
      n(v, 'en'),
      ',',
      S('phone', v.phone('en')),
      ',Denver',
    ],
  ],
  [
    'en-passport',
    (v) => {
      const nm = v.name('en');
      return [
        'Traveler: ',
        S('name', nm),
        '\nPassport No. ',
        S('passport', v.passport('en')),
        '\nFlight: UA ',
        String(v.int(100, 2999)),
      ];
    },
  ],
  [
    'en-wire',
    (v) => ['Wire the deposit to IBAN ', S('iban', v.iban('en')), ' and reference the contract number.'],
  ],
  [
    'en-crypto',
    (v) => [
      'Payout wallet updated. New address: ',
      v.rnd() < 0.5 ? eth(v) : btc(v),
      '. Old one is no longer monitored.',
    ],
  ],
  [
    'en-cred-url',
    (v) => ['The nightly job still uses ', ...credUrl(v), ' — we should move that into the vault.'],
  ],
  ['en-share-link', (v) => ['Here is the signed contract: ', S('url', url(v)), ' (link expires in 7 days)']],
  [
    'en-md-table',
    (v) => [
      '| Contact | Phone |\n|---|---|\n| ',
      n(v, 'en'),
      ' | ',
      S('phone', v.phone('en')),
      ' |\n| ',
      n(v, 'en'),
      ' | ',
      S('phone', v.phone('en')),
      ' |',
    ],
  ],
  [
    'en-born',
    (v) => [
      'Patient ',
      n(v, 'en'),
      ' was born on ',
      S('date-of-birth', `${MONTHS.en[v.int(0, 11)]} ${v.int(1, 28)}, ${v.int(1945, 2001)}`),
      ' and is allergic to penicillin.',
    ],
  ],
  [
    'en-chat',
    (v) => {
      const a = v.name('en').split(' ')[0] as string;
      return [
        '[10:4',
        String(v.int(0, 9)),
        '] ',
        S('name', a),
        ': my new address is ',
        S('address', address(v, 'en')),
        '\n[10:4',
        String(v.int(0, 9)),
        '] agent: got it, updated',
      ];
    },
  ],
  [
    'en-hr-onboarding',
    (v) => {
      const nm = v.name('en');
      return [
        'New hire paperwork for ',
        S('name', nm),
        ': SSN ',
        S('ssn', v.ssn()),
        ', start date Monday, home address ',
        S('address', address(v, 'en')),
        '.',
      ];
    },
  ],
  [
    'en-tax-csv',
    (v) => [
      'employee_id,ssn,state\n',
      String(v.int(1000, 9999)),
      ',',
      S('ssn', v.ssn()),
      ',TX\n',
      String(v.int(1000, 9999)),
      ',',
      S('ssn', v.ssn()),
      ',OH',
    ],
  ],
  [
    'en-uk-phone',
    (v) => [
      'Call me back on ',
      S('phone', `+44 7${v.int(400, 999)} ${v.digits(6)}`),
      ' if the courier cannot find the gate.',
    ],
  ],
];

const enNeg: Array<[string, (v: Values) => Part[]]> = [
  [
    'en-n-order',
    (v) => [
      `Your order #${v.int(100, 999)}-${v.digits(7)}-${v.digits(7)} has shipped. Tracking: 1Z${v.chars(6, 'ABCDEFGHJKLMNPRSTUVWXY0123456789')}${v.digits(10)}.`,
    ],
  ],
  ['en-n-isbn', (v) => [`Reading list: ISBN ${isbn13(v)}, 2nd edition, ${v.int(200, 700)} pages.`]],
  [
    'en-n-masked',
    (v) => [
      `Payment received from card ending **** ${v.digits(4)}. Receipt ${v.chars(3, 'ABCDEFGHJK')}-${v.digits(6)}.`,
    ],
  ],
  [
    'en-n-placeholder',
    () => [
      'Set OPENAI_API_KEY=YOUR_API_KEY in your .env and replace <email> with the account owner address.',
    ],
  ],
  [
    'en-n-uuid',
    (v) => [
      `job ${v.hex(8)}-${v.hex(4)}-4${v.hex(3)}-a${v.hex(3)}-${v.hex(12)} finished in ${v.int(2, 900)}ms, ${v.int(0, 40)} retries`,
    ],
  ],
  [
    'en-n-version',
    (v) => [
      `Upgraded the agent from v${v.int(1, 4)}.${v.int(0, 20)}.${v.int(0, 9)} to v${v.int(5, 6)}.${v.int(0, 3)}.${v.int(0, 12)}; build ${v.hex(7)}.`,
    ],
  ],
  ['en-n-hash', (v) => [`sha256: ${v.hex(64)}  release.tar.gz`]],
  [
    'en-n-policy',
    () => [
      'Never paste a social security number, card number or date of birth into a support chat; agents will ask you to use the secure form instead.',
    ],
  ],
  [
    'en-n-date',
    (v) => [
      `Meeting moved to ${date(v, 'en', { y: 2026, m: v.int(1, 12), d: v.int(1, 28) })} at 2pm, room 4B. Invoice INV-${v.int(2024, 2026)}-${v.digits(5)} is due then.`,
    ],
  ],
  [
    'en-n-lot',
    (v) => [
      `Lot ${v.chars(2, 'ABCDEFGH')}${v.digits(6)}, EAN ${ean13(v)}, qty ${v.int(10, 500)} — QA passed.`,
    ],
  ],
  [
    'en-n-doc-email',
    () => ['For the demo, sign in as test.user@example.com with any password; the sandbox resets hourly.'],
  ],
  [
    'en-n-sku',
    (v) => [
      `SKU ${v.chars(3, 'ABCDEFGHJKLMNPRSTUVWXYZ')}-${v.digits(4)}-${v.chars(2, 'XLSM')} is back in stock (${v.int(3, 80)} units, aisle ${v.int(1, 30)}).`,
    ],
  ],
];

const DE: Array<[string, (v: Values) => Part[]]> = [
  [
    'de-mail',
    (v) => {
      const nm = v.name('de');
      return [
        'Sehr geehrte Damen und Herren,\n\nbitte ändern Sie meine Lieferadresse auf ',
        S('address', address(v, 'de')),
        '.\n\nMit freundlichen Grüßen\n',
        S('name', nm),
      ];
    },
  ],
  [
    'de-ticket',
    (v) => [
      'Rückruf erbeten unter ',
      S('phone', v.phone('de')),
      ', Kundin erreicht man am besten vormittags.',
    ],
  ],
  [
    'de-iban',
    (v) => [
      'Bitte überweisen Sie die Erstattung auf mein Konto, IBAN: ',
      S('iban', v.iban('de')),
      ', Kontoinhaber ',
      n(v, 'de'),
      '.',
    ],
  ],
  [
    'de-form',
    (v) => {
      const nm = v.name('de');
      return [
        'Name: ',
        S('name', nm),
        '\nGeburtsdatum: ',
        S('date-of-birth', date(v, 'de')),
        '\nE-Mail: ',
        S('email', v.email('de', nm)),
        '\nTarif: Basis',
      ];
    },
  ],
  [
    'de-crm',
    (v) => ['Habe heute mit ', n(v, 'de'), ' telefoniert, neue Mobilnummer ', S('phone', v.phone('de')), '.'],
  ],
  [
    'de-log',
    (v) => [
      'Fehlgeschlagene Anmeldung von ',
      S('ip-address', v.ipv4()),
      ' für Konto ',
      String(v.int(10000, 99999)),
      ' (3 Versuche).',
    ],
  ],
  [
    'de-key',
    (v) => ['Im Repo liegt noch der alte Schlüssel ', S('api-key', v.apiKey()), ', bitte sofort widerrufen.'],
  ],
  [
    'de-born',
    (v) => [
      n(v, 'de'),
      ', geboren am ',
      S('date-of-birth', date(v, 'de')),
      ', wohnhaft ',
      S('address', address(v, 'de')),
      '.',
    ],
  ],
  ['de-pass', (v) => ['Reisepassnummer: ', S('passport', v.passport('de')), '\nGültig bis: 2031']],
  ['de-link', (v) => ['Den Termin können Sie hier buchen: ', S('url', www(v)), ' oder telefonisch.']],
];
const deNeg: Array<[string, (v: Values) => Part[]]> = [
  [
    'de-n-order',
    (v) => [
      `Ihre Bestellung Nr. ${v.digits(3)}-${v.digits(7)} wurde versandt, Sendungsnummer ${v.digits(14)}.`,
    ],
  ],
  [
    'de-n-invoice',
    (v) => [
      `Rechnung RE-${v.int(2024, 2026)}-${v.digits(5)} vom ${date(v, 'de', { y: 2026, m: v.int(1, 12), d: v.int(1, 28) })}, Betrag ${v.int(10, 900)},${v.digits(2)} €.`,
    ],
  ],
  [
    'de-n-masked',
    (v) => [
      `Ihre IBAN endet auf ${v.digits(4)}; aus Sicherheitsgründen zeigen wir nur DE** **** **** **** **${v.digits(2)} ${v.digits(2)}.`,
    ],
  ],
  [
    'de-n-talk',
    () => [
      'Bitte senden Sie uns keine Ausweiskopien oder Kontodaten per E-Mail, nutzen Sie das Kundenportal.',
    ],
  ],
  [
    'de-n-version',
    (v) => [
      `Firmware ${v.int(1, 9)}.${v.int(0, 20)}.${v.int(0, 99)} behebt den Fehler mit Seriennummer ${v.chars(2, 'ABCDEF')}${v.digits(8)}.`,
    ],
  ],
];

const FR: Array<[string, (v: Values) => Part[]]> = [
  [
    'fr-mail',
    (v) => {
      const nm = v.name('fr');
      return [
        'Bonjour,\n\nMerci de me rappeler au ',
        S('phone', v.phone('fr')),
        ' au sujet du dossier.\n\nCordialement,\n',
        S('name', nm),
      ];
    },
  ],
  ['fr-address', (v) => ['Nouvelle adresse de livraison : ', S('address', address(v, 'fr')), '.']],
  [
    'fr-iban',
    (v) => [
      'RIB du fournisseur — IBAN ',
      S('iban', v.iban('fr')),
      ', BIC ',
      v.chars(4, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
      'FRPP.',
    ],
  ],
  [
    'fr-form',
    (v) => {
      const nm = v.name('fr');
      return [
        'Nom : ',
        S('name', nm),
        '\nNé le : ',
        S('date-of-birth', date(v, 'fr')),
        '\nCourriel : ',
        S('email', v.email('fr', nm)),
      ];
    },
  ],
  [
    'fr-crm',
    (v) => [
      "J'ai eu ",
      n(v, 'fr'),
      ' au téléphone, elle confirme le rendez-vous. Portable : ',
      S('phone', v.phone('fr')),
      '.',
    ],
  ],
  [
    'fr-card',
    (v) => ['Le client a payé avec la carte ', S('credit-card', v.card()), ', le débit apparaît deux fois.'],
  ],
  [
    'fr-log',
    (v) => [
      'connexion refusée depuis ',
      S('ip-address', v.rnd() < 0.5 ? v.ipv4() : v.ipv6()),
      ' — compte verrouillé',
    ],
  ],
  ['fr-wallet', (v) => ['Adresse de dépôt ETH : ', eth(v), ' (réseau principal uniquement).']],
  ['fr-pass', (v) => ['Numéro de passeport : ', S('passport', v.passport('fr')), ', délivré à Lyon.']],
  ['fr-cred', (v) => ['La sauvegarde pointe encore vers ', ...credUrl(v), ', à corriger.']],
];
const frNeg: Array<[string, (v: Values) => Part[]]> = [
  [
    'fr-n-order',
    (v) => [
      `Commande n° ${v.digits(9)} expédiée, colis ${v.chars(2, 'ABCDEFGHJKLMNPRSTUVWXYZ')}${v.digits(9)}FR.`,
    ],
  ],
  [
    'fr-n-masked',
    (v) => [`Carte se terminant par ${v.digits(4)} (**** **** **** ${v.digits(4)}) enregistrée.`],
  ],
  [
    'fr-n-talk',
    () => [
      'Le formulaire demande votre numéro de sécurité sociale uniquement pour le remboursement ; ne le communiquez jamais par téléphone.',
    ],
  ],
  [
    'fr-n-date',
    (v) => [
      `La réunion du ${date(v, 'fr', { y: 2026, m: v.int(1, 12), d: v.int(1, 28) })} est reportée, référence ${v.chars(3, 'ABCDEFGH')}-${v.digits(5)}.`,
    ],
  ],
  [
    'fr-n-ref',
    (v) => [
      `Version ${v.int(1, 5)}.${v.int(0, 9)}.${v.int(0, 30)} — lot ${v.digits(6)}, code produit ${v.chars(2, 'ABCDEF')}${v.digits(5)}.`,
    ],
  ],
];

const ES: Array<[string, (v: Values) => Part[]]> = [
  [
    'es-mail',
    (v) => {
      const nm = v.name('es');
      return [
        'Hola,\n\nnecesito cambiar la dirección de envío a ',
        S('address', address(v, 'es')),
        '.\n\nUn saludo,\n',
        S('name', nm),
      ];
    },
  ],
  ['es-phone', (v) => ['Llámame al ', S('phone', v.phone('es')), ' cuando llegue el técnico, por favor.']],
  [
    'es-iban',
    (v) => ['Datos para la devolución: titular ', n(v, 'es'), ', IBAN ', S('iban', v.iban('es')), '.'],
  ],
  [
    'es-form',
    (v) => {
      const nm = v.name('es');
      return [
        'Nombre: ',
        S('name', nm),
        '\nFecha de nacimiento: ',
        S('date-of-birth', date(v, 'es')),
        '\nCorreo: ',
        S('email', v.email('es', nm)),
      ];
    },
  ],
  [
    'es-crm',
    (v) => ['Hablé con ', n(v, 'es'), '; pide factura a su correo ', S('email', v.email('es')), '.'],
  ],
  ['es-log', (v) => ['Acceso bloqueado desde la IP ', S('ip-address', v.ipv4()), ' tras 5 intentos.']],
  [
    'es-key',
    (v) => ['La clave de producción ', S('api-key', v.apiKey()), ' quedó en el log, hay que rotarla.'],
  ],
  ['es-btc', (v) => ['Enviar el pago a la cartera ', btc(v), ' antes del viernes.']],
  ['es-pass', (v) => ['Pasaporte n.º ', S('passport', v.passport('es')), ', caduca en 2030.']],
  ['es-link', (v) => ['Pide tu cita aquí: ', S('url', www(v)), ' o en recepción.']],
];
const esNeg: Array<[string, (v: Values) => Part[]]> = [
  [
    'es-n-order',
    (v) => [
      `Pedido ${v.digits(3)}-${v.digits(7)} enviado. Número de seguimiento: ${v.chars(2, 'PQRS')}${v.digits(9)}ES.`,
    ],
  ],
  [
    'es-n-masked',
    (v) => [
      `Tarjeta terminada en ${v.digits(4)}: **** **** **** ${v.digits(4)}. Autorización ${v.digits(6)}.`,
    ],
  ],
  [
    'es-n-talk',
    () => ['Por seguridad, nunca te pediremos tu DNI, tu contraseña ni los datos de tu tarjeta por correo.'],
  ],
  [
    'es-n-date',
    (v) => [
      `La entrega está prevista para el ${date(v, 'es', { y: 2026, m: v.int(1, 12), d: v.int(1, 28) })}, albarán ${v.digits(8)}.`,
    ],
  ],
  [
    'es-n-ver',
    (v) => [`Actualizado a la versión ${v.int(1, 9)}.${v.int(0, 9)}.${v.int(0, 9)}, commit ${v.hex(12)}.`],
  ],
];

const ZH: Array<[string, (v: Values) => Part[]]> = [
  [
    'zh-ship',
    (v) => [
      '收货人：',
      n(v, 'zh'),
      '\n电话：',
      S('phone', v.phone('zh')),
      '\n地址：',
      S('address', address(v, 'zh')),
    ],
  ],
  [
    'zh-chat',
    (v) => ['您好，我是', n(v, 'zh'), '，订单一直没到，麻烦联系我 ', S('phone', v.phone('zh')), '。'],
  ],
  ['zh-mail', (v) => ['请把发票发到我的邮箱 ', S('email', v.email('zh')), '，谢谢。']],
  [
    'zh-born',
    (v) => ['员工档案：', n(v, 'zh'), '，出生日期：', S('date-of-birth', date(v, 'zh')), '，部门：财务部。'],
  ],
  ['zh-pass', (v) => ['护照号码：', S('passport', v.passport('zh')), '，签发地：上海。']],
  ['zh-log', (v) => ['登录异常：来自 ', S('ip-address', v.ipv4()), ' 的请求被拒绝。']],
  ['zh-key', (v) => ['测试环境配置里还有 ', S('api-key', v.apiKey()), '，请尽快作废。']],
  ['zh-card', (v) => ['客户反映尾号不对，完整卡号 ', S('credit-card', v.card()), ' 被重复扣款。']],
  ['zh-wallet', (v) => ['充值地址（ERC-20）：', eth(v)]],
];
const zhNeg: Array<[string, (v: Values) => Part[]]> = [
  ['zh-n-order', (v) => [`您的订单号 ${v.digits(18)} 已发货，快递单号 SF${v.digits(12)}。`]],
  ['zh-n-masked', (v) => [`手机号 1${v.int(30, 89)}****${v.digits(4)} 已绑定，银行卡尾号 ${v.digits(4)}。`]],
  ['zh-n-talk', () => ['请勿在聊天中发送身份证号、银行卡号或密码，客服不会索要这些信息。']],
  [
    'zh-n-ver',
    (v) => [
      `版本 v${v.int(1, 9)}.${v.int(0, 20)}.${v.int(0, 9)} 已发布，构建号 ${v.digits(8)}，批次 ${v.chars(2, 'ABCDEF')}${v.digits(6)}。`,
    ],
  ],
  [
    'zh-n-date',
    (v) => [
      `会议定于 ${date(v, 'zh', { y: 2026, m: v.int(1, 12), d: v.int(1, 28) })} 下午三点，发票号码 ${v.digits(8)}。`,
    ],
  ],
];

const JA: Array<[string, (v: Values) => Part[]]> = [
  [
    'ja-ship',
    (v) => {
      const addr = address(v, 'ja');
      return ['お届け先：〒', S('address', addr), '\n', n(v, 'ja'), ' 様\nTEL ', S('phone', v.phone('ja'))];
    },
  ],
  [
    'ja-mail',
    (v) => [
      n(v, 'ja'),
      '様\n\nいつもお世話になっております。請求書は ',
      S('email', v.email('ja')),
      ' までお送りください。',
    ],
  ],
  [
    'ja-born',
    (v) => [
      '氏名：',
      n(v, 'ja'),
      '\n生年月日：',
      S('date-of-birth', date(v, 'ja')),
      '\n連絡先：',
      S('phone', v.phone('ja')),
    ],
  ],
  ['ja-pass', (v) => ['旅券番号 ', S('passport', v.passport('ja')), ' で予約済みです。']],
  [
    'ja-log',
    (v) => [
      '不正アクセスの疑い：',
      S('ip-address', v.rnd() < 0.5 ? v.ipv4() : v.ipv6()),
      ' から連続ログイン失敗',
    ],
  ],
  ['ja-key', (v) => ['Slackに貼られたトークン ', S('api-key', v.apiKey()), ' を無効化してください。']],
  ['ja-card', (v) => ['カード番号 ', S('credit-card', v.card()), ' の決済が二重になっています。']],
  ['ja-addr2', (v) => ['現住所は ', S('address', address(v, 'ja')), ' です。']],
  ['ja-link', (v) => ['資料はこちら：', S('url', url(v)), '（社外秘）']],
];
const jaNeg: Array<[string, (v: Values) => Part[]]> = [
  ['ja-n-order', (v) => [`ご注文番号 ${v.digits(3)}-${v.digits(7)}-${v.digits(7)} の商品を発送しました。`]],
  [
    'ja-n-masked',
    (v) => [`ご登録のカード（末尾 ${v.digits(4)}）で決済しました。**** **** **** ${v.digits(4)}`],
  ],
  ['ja-n-talk', () => ['マイナンバーやパスワードをチャットに書き込まないでください。']],
  [
    'ja-n-ver',
    (v) => [`バージョン ${v.int(1, 9)}.${v.int(0, 9)}.${v.int(0, 30)} にアップデート、ビルド ${v.hex(8)}。`],
  ],
  [
    'ja-n-date',
    (v) => [
      `次回の打ち合わせは${date(v, 'ja', { y: 2026, m: v.int(1, 12), d: v.int(1, 28) })}です。請求書番号 ${v.digits(10)}。`,
    ],
  ],
];

const KO: Array<[string, (v: Values) => Part[]]> = [
  [
    'ko-ship',
    (v) => [
      '받는 분: ',
      n(v, 'ko'),
      '\n연락처: ',
      S('phone', v.phone('ko')),
      '\n주소: ',
      S('address', address(v, 'ko')),
    ],
  ],
  [
    'ko-chat',
    (v) => [
      '안녕하세요, ',
      n(v, 'ko'),
      '입니다. 환불 계좌 확인 후 ',
      S('phone', v.phone('ko')),
      '로 연락 부탁드립니다.',
    ],
  ],
  ['ko-mail', (v) => ['견적서는 ', S('email', v.email('ko')), ' 으로 보내 주세요.']],
  [
    'ko-born',
    (v) => ['성명: ', n(v, 'ko'), '\n생년월일: ', S('date-of-birth', date(v, 'ko')), '\n부서: 영업팀'],
  ],
  ['ko-pass', (v) => ['여권번호: ', S('passport', v.passport('ko')), ' (만료 2029)']],
  ['ko-log', (v) => ['로그인 차단: ', S('ip-address', v.ipv4()), ' 에서 비정상 접근']],
  ['ko-key', (v) => ['배포 스크립트에 ', S('api-key', v.apiKey()), ' 키가 하드코딩되어 있습니다.']],
  ['ko-wallet', (v) => ['출금 주소: ', v.rnd() < 0.5 ? eth(v) : btc(v)]],
  ['ko-card', (v) => ['카드번호 ', S('credit-card', v.card()), ' 결제 취소 요청드립니다.']],
];
const koNeg: Array<[string, (v: Values) => Part[]]> = [
  ['ko-n-order', (v) => [`주문번호 ${v.digits(14)} 상품이 발송되었습니다. 운송장 ${v.digits(12)}.`]],
  ['ko-n-masked', (v) => [`등록된 휴대폰 010-****-${v.digits(4)}, 카드 끝자리 ${v.digits(4)}.`]],
  ['ko-n-talk', () => ['주민등록번호나 비밀번호는 채팅으로 보내지 마세요. 상담원은 요청하지 않습니다.']],
  [
    'ko-n-ver',
    (v) => [`앱 버전 ${v.int(1, 9)}.${v.int(0, 9)}.${v.int(0, 40)} 배포 완료, 빌드 ${v.digits(6)}.`],
  ],
  [
    'ko-n-date',
    (v) => [
      `회의는 ${date(v, 'ko', { y: 2026, m: v.int(1, 12), d: v.int(1, 28) })} 오후 2시입니다. 송장번호 ${v.digits(10)}.`,
    ],
  ],
];

const uuid = (v: Values) =>
  `${v.hex(8)}-${v.hex(4)}-4${v.hex(3)}-${v.pick(['8', '9', 'a', 'b'])}${v.hex(3)}-${v.hex(12)}`;

/** More carriers per language (JSON, logs, tables, signatures), added to the lists above. */
const EXTRA: Array<[Lang, boolean, string, (v: Values) => Part[]]> = [
  [
    'de',
    false,
    'de-json',
    (v) => {
      const nm = v.name('de');
      return [
        '{"kunde": "',
        S('name', nm),
        '", "telefon": "',
        S('phone', v.phone('de')),
        '", "email": "',
        S('email', v.email('de', nm)),
        '", "status": "aktiv"}',
      ];
    },
  ],
  [
    'de',
    false,
    'de-sig',
    (v) => {
      const nm = v.name('de');
      return [
        'Viele Grüße\n',
        S('name', nm),
        '\nTeamleitung Vertrieb\nTel. ',
        S('phone', v.phone('de')),
        '\n',
        S('address', address(v, 'de')),
      ];
    },
  ],
  [
    'de',
    true,
    'de-n-uuid',
    (v) => [
      `Vorgang ${uuid(v)} abgeschlossen, Dauer ${v.int(20, 900)} ms, Platzhalter {{kunde.email}} nicht ersetzt.`,
    ],
  ],
  [
    'fr',
    false,
    'fr-table',
    (v) => [
      '| Nom | Téléphone |\n|---|---|\n| ',
      n(v, 'fr'),
      ' | ',
      S('phone', v.phone('fr')),
      ' |\n| ',
      n(v, 'fr'),
      ' | ',
      S('phone', v.phone('fr')),
      ' |',
    ],
  ],
  [
    'fr',
    false,
    'fr-sig',
    (v) => {
      const nm = v.name('fr');
      return [
        'Bien à vous,\n',
        S('name', nm),
        '\nResponsable clientèle\n',
        S('email', v.email('fr', nm)),
        ' — ',
        S('phone', v.phone('fr')),
      ];
    },
  ],
  [
    'fr',
    true,
    'fr-n-placeholder',
    () => ['Remplacez VOTRE_CLE_API et <adresse e-mail> par vos propres valeurs avant de lancer le script.'],
  ],
  [
    'es',
    false,
    'es-json',
    (v) => {
      const nm = v.name('es');
      return [
        '{"cliente": "',
        S('name', nm),
        '", "movil": "',
        S('phone', v.phone('es')),
        '", "direccion": "',
        S('address', address(v, 'es')),
        '"}',
      ];
    },
  ],
  ['es', false, 'es-cred', (v) => ['El cron sigue usando ', ...credUrl(v), ', hay que cambiarlo.']],
  ['es', true, 'es-n-uuid', (v) => [`Solicitud ${uuid(v)} procesada; hash ${v.hex(40)}.`]],
  [
    'zh',
    false,
    'zh-json',
    (v) => [
      '{"姓名": "',
      n(v, 'zh'),
      '", "手机": "',
      S('phone', v.phone('zh')),
      '", "邮箱": "',
      S('email', v.email('zh')),
      '"}',
    ],
  ],
  [
    'zh',
    false,
    'zh-log',
    (v) => [
      '[WARN] 用户 ',
      String(v.int(10000, 99999)),
      ' 从 ',
      S('ip-address', v.ipv6()),
      ' 登录失败，已锁定 30 分钟',
    ],
  ],
  ['zh', true, 'zh-n-uuid', (v) => [`任务 ${uuid(v)} 已完成，请勿在工单中填写 <手机号> 之外的个人信息。`]],
  [
    'ja',
    false,
    'ja-json',
    (v) => [
      '{"氏名": "',
      n(v, 'ja'),
      '", "電話": "',
      S('phone', v.phone('ja')),
      '", "メール": "',
      S('email', v.email('ja')),
      '"}',
    ],
  ],
  [
    'ja',
    false,
    'ja-iban',
    (v) => ['海外送金先 IBAN：', S('iban', v.iban('ja')), '（名義：', n(v, 'en'), '）'],
  ],
  [
    'ja',
    true,
    'ja-n-uuid',
    (v) => [`ジョブ ${uuid(v)} は正常終了しました。YOUR_API_KEY を設定してください。`],
  ],
  [
    'ko',
    false,
    'ko-json',
    (v) => [
      '{"이름": "',
      n(v, 'ko'),
      '", "휴대폰": "',
      S('phone', v.phone('ko')),
      '", "주소": "',
      S('address', address(v, 'ko')),
      '"}',
    ],
  ],
  ['ko', false, 'ko-link', (v) => ['계약서 링크입니다: ', S('url', url(v)), ' (7일 후 만료)']],
  ['ko', true, 'ko-n-uuid', (v) => [`요청 ${uuid(v)} 처리 완료, 커밋 ${v.hex(12)}.`]],
  [
    'en',
    false,
    'en-ticket-multi',
    (v) => {
      const nm = v.name('en');
      return [
        'Subject: Account locked\nFrom: ',
        S('email', v.email('en', nm)),
        '\n\nHi, this is ',
        S('name', nm),
        '. I was locked out after logging in from ',
        S('ip-address', v.ipv4()),
        ' on holiday. My date of birth is ',
        S('date-of-birth', dobEn(v)),
        ' if you need to verify.',
      ];
    },
  ],
  [
    'en',
    true,
    'en-n-uuid-log',
    (v) => [`request_id=${uuid(v)} status=200 latency=${v.int(3, 400)}ms user=<redacted> email=[EMAIL]`],
  ],
];

const mk = (lang: Lang, negative: boolean, xs: Array<[string, (v: Values) => Part[]]>): Template[] =>
  xs.map(([id, make]) => ({ id, lang, negative, make }));

/** Every template of independent set 7, in a fixed order. */
export const INDEPENDENT_7_PII_TEMPLATES: readonly Template[] = [
  ...mk('en', false, en),
  ...mk('en', true, enNeg),
  ...mk('de', false, DE),
  ...mk('de', true, deNeg),
  ...mk('fr', false, FR),
  ...mk('fr', true, frNeg),
  ...mk('es', false, ES),
  ...mk('es', true, esNeg),
  ...mk('zh', false, ZH),
  ...mk('zh', true, zhNeg),
  ...mk('ja', false, JA),
  ...mk('ja', true, jaNeg),
  ...mk('ko', false, KO),
  ...mk('ko', true, koNeg),
  ...EXTRA.map(([lang, negative, id, make]) => ({ id, lang, negative, make })),
];
