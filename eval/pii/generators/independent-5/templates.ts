/**
 * Independent set 5: templates. Written by an engineer who never read the detector, its rules or
 * any other fixture set; labelled by the documented contract (README, `PIIDetector and
 * detectPII()`), not by what a detector would find.
 *
 * A template returns a list of parts: plain strings, labelled values (`{ t, v }`) and URLs with
 * user info (`{ url: [before, 'user:password', after] }`, labelled as a `url` over the whole
 * address and a `credential` over `user:password`, as the README's type table says). The
 * generator concatenates the parts and computes the spans, so every span is exact by
 * construction.
 *
 * Span conventions:
 * - Every span is the value only: no cue words ("Tel.", "IBAN:"), no brackets, quotes or trailing
 *   punctuation around it.
 * - `name`: given + family name (with middle names, initials, hyphenated parts) as written,
 *   without titles and honorifics (Dr., Frau, M., Sr., 様, さん, 先生, 씨, 님, 女士, 先生). A name
 *   written alone (a given name in chat, a family name after a title) is labelled too, lower-case
 *   chat names included. `Last, First` in a spreadsheet is one span.
 * - `address`: the postal address as one span, from its first component (house number in the
 *   US/FR order, street name in DE/ES, province/prefecture/city in zh/ja/ko) to its last one in
 *   the same run: street + number, apartment/floor, postcode and city (and US state) when they
 *   follow on the same line. A postal mark (〒) and cue words ("Adresse:") stay outside; a
 *   country name after the city stays outside. A postcode written before the address in
 *   Japanese/Korean style (`〒150-0002 東京都…`, `(우) 06236 서울특별시…`) is inside, from its
 *   first digit; a postcode in a separate form field of its own (`邮编 100020`) is not labelled. A PO box with its
 *   city/state/ZIP is an address.
 * - `phone`: the number with its country code and separators as written, `(0)` included.
 * - `date-of-birth`: only dates with a birth cue (born, DOB, geboren, né, nacido, 出生, 生年月日,
 *   생년월일 …); other dates (appointments, invoices, deadlines) are not labelled.
 * - `url`: `scheme://…` and `www.…` web addresses (path and query included, closing punctuation
 *   excluded); bare API endpoints (an `api.` host or `/v1/` path without query or token) are not
 *   labelled, as the README says they score below the default threshold.
 * - `uuid` is never labelled (only reported when asked for), so UUIDs appear in negatives.
 * - Emails at documentation domains (`example.com`) and loopback IPs are not labelled (the README
 *   scores them below the default threshold); they appear only in negatives.
 */
import type { Independent5Lang, Rng } from './values.js';

/** The documented PII type names used in this set. */
export type Independent5Type =
  | 'email'
  | 'phone'
  | 'credit-card'
  | 'ssn'
  | 'api-key'
  | 'ip-address'
  | 'iban'
  | 'date-of-birth'
  | 'address'
  | 'url'
  | 'credential'
  | 'crypto-wallet'
  | 'name'
  | 'passport';

/** One piece of a generated line. */
export type Part = string | { t: Independent5Type; v: string } | { url: [string, string, string] };

/** What a template may draw values from (bound to one language and one seeded RNG). */
export interface Values {
  r: Rng;
  name(): string;
  family(): string;
  given(): string;
  phone(intl?: boolean): string;
  email(): string;
  card(): string;
  badCard(): string;
  badIban(country?: string): string;
  iban(country?: string, grouped?: boolean): string;
  ssn(sep?: string): string;
  key(provider?: string): string;
  ip4(): string;
  ip4Private(): string;
  ip6(): string;
  address(withCity?: boolean): string;
  dob(style?: number): string;
  passport(): string;
  wallet(): string;
  btc(): string;
  eth(): string;
  uuid(): string;
  hex(n: number): string;
  jaPostcode(): string;
}

/** A template: its id, language, whether it is a look-alike negative, and its builder. */
export interface Template {
  id: string;
  lang: Independent5Lang;
  negative: boolean;
  make(v: Values): Part[];
}

const L = (t: Independent5Type, v: string): Part => ({ t, v });
const N = (v: string) => L('name', v);
const E = (v: string) => L('email', v);
const P = (v: string) => L('phone', v);
const A = (v: string) => L('address', v);
const U = (v: string) => L('url', v);

function slug(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

// ============================================================== English (positives)

const EN: Template[] = [
  {
    id: 'en-support-chat',
    lang: 'en',
    negative: false,
    make: (v) => {
      const g = v.given().toLowerCase();
      return [
        '[10:42] Agent: Thanks for waiting! Can I have the email on the account?\n[10:43] Customer: sure its ',
        E(v.email()),
        '\n[10:43] Customer: oh and my wife ',
        N(g),
        ' might call too, her cell is ',
        P(v.phone(false)),
        '\n[10:44] Agent: Noted.',
      ];
    },
  },
  {
    id: 'en-voice-transcript',
    lang: 'en',
    negative: false,
    make: (v) => {
      const n = v.name();
      return [
        'CALL TRANSCRIPT (auto) 00:01:12 CALLER: yeah hi this is ',
        N(n),
        ' um I moved recently so the new address would be ',
        A(v.address()),
        ' and uh the best number is ',
        P(v.phone(true)),
        ' thanks',
      ];
    },
  },
  {
    id: 'en-ocr-intake',
    lang: 'en',
    negative: false,
    make: (v) => [
      'PATIENT  INTAKE  FORM\nName :  ',
      N(v.name()),
      '    Date of Birth :  ',
      L('date-of-birth', v.dob(0)),
      '\nSSN :  ',
      L('ssn', v.ssn()),
      '    Insurance ID: HMO-',
      v.r.digits(7),
      '\nHome  Address : ',
      A(v.address()),
      '\nReferring physician: Dr. ',
      N(v.family()),
    ],
  },
  {
    id: 'en-hr-record-csv',
    lang: 'en',
    negative: false,
    make: (v) => {
      const last = v.family();
      const first = v.given();
      return [
        'employee_id,full_name,personal_email,ssn,start_date\nE-',
        v.r.digits(5),
        ',"',
        N(`${last}, ${first}`),
        '",',
        E(v.email()),
        ',',
        L('ssn', v.ssn()),
        ',2023-0',
        String(v.r.int(1, 9)),
        '-15',
      ];
    },
  },
  {
    id: 'en-git-commit',
    lang: 'en',
    negative: false,
    make: (v) => [
      'commit message: "fix(config): remove leaked key\n\nOops — the staging deploy script had ',
      L('api-key', v.key('github')),
      ' hardcoded. Rotated it.\n\nReported-by: ',
      N(v.name()),
      ' <',
      E(v.email()),
      '>"',
    ],
  },
  {
    id: 'en-code-comment',
    lang: 'en',
    negative: false,
    make: (v) => [
      '// TODO(remove before merge): temporary creds for the sandbox\nconst client = new Client({ apiKey: "',
      L('api-key', v.key('stripe')),
      '", webhook: "',
      U(
        `https://hooks.${v.r.pick(['brightfield', 'quillpay', 'tallyhouse'])}.io/in/${v.hex(12)}?sig=${v.hex(20)}`,
      ),
      '" });',
    ],
  },
  {
    id: 'en-calendar-invite',
    lang: 'en',
    negative: false,
    make: (v) => [
      'BEGIN:VEVENT\nSUMMARY:Contract review with ',
      N(v.name()),
      '\nLOCATION:',
      A(v.address()),
      '\nDTSTART:2026',
      String(v.r.int(10, 12)),
      '0',
      String(v.r.int(1, 9)),
      'T150000Z\nDESCRIPTION:Dial-in ',
      P(v.phone(true)),
      ' if remote\nEND:VEVENT',
    ],
  },
  {
    id: 'en-legal-letter',
    lang: 'en',
    negative: false,
    make: (v) => {
      const fam = v.family();
      return [
        'Re: Estate of the late ',
        N(v.name()),
        '\n\nDear Ms. ',
        N(fam),
        ',\n\nPlease wire the retainer to IBAN ',
        L('iban', v.iban('GB')),
        ' and send the signed copy to our office at ',
        A(v.address()),
        '.\n\nSincerely,\n',
        N(v.name()),
        ', Esq.',
      ];
    },
  },
  {
    id: 'en-po-box',
    lang: 'en',
    negative: false,
    make: (v) => {
      const city = v.r.pick([
        ['Anchorage', 'AK', '995'],
        ['Boise', 'ID', '837'],
        ['Fargo', 'ND', '581'],
      ] as const);
      return [
        'Mail checks to: ',
        N(v.name()),
        ', ',
        A(`PO Box ${v.r.int(100, 99999)}, ${city[0]}, ${city[1]} ${city[2]}${v.r.digits(2)}`),
        ' (not the storefront).',
      ];
    },
  },
  {
    id: 'en-log-line',
    lang: 'en',
    negative: false,
    make: (v) => [
      '2026-11-0',
      String(v.r.int(1, 9)),
      'T08:14:22.418Z WARN auth: failed login user=',
      E(v.email()),
      ' src=',
      L('ip-address', v.ip4()),
      ' ua="Mozilla/5.0" attempts=',
      String(v.r.int(3, 9)),
    ],
  },
  {
    id: 'en-ipv6-firewall',
    lang: 'en',
    negative: false,
    make: (v) => [
      'Firewall rule #',
      String(v.r.int(10, 99)),
      ': allow tcp/22 from ',
      L('ip-address', v.ip6()),
      ' and from the office NAT ',
      L('ip-address', v.ip4Private()),
      '; ping me if it breaks.',
    ],
  },
  {
    id: 'en-checkout-note',
    lang: 'en',
    negative: false,
    make: (v) => [
      'customer pasted their whole card in the gift message lol: "happy bday!! ',
      L('credit-card', v.card()),
      ' exp 0',
      String(v.r.int(1, 9)),
      '/2',
      String(v.r.int(7, 9)),
      '" — order still went through, please scrub',
    ],
  },
  {
    id: 'en-crypto-payout',
    lang: 'en',
    negative: false,
    make: (v) => [
      'Hey, for the freelance invoice could you pay in BTC instead? My wallet: ',
      L('crypto-wallet', v.btc()),
      ' (or ETH to ',
      L('crypto-wallet', v.eth()),
      '). cheers, ',
      N(v.given()),
    ],
  },
  {
    id: 'en-db-url',
    lang: 'en',
    negative: false,
    make: (v) => {
      const user = v.r.pick(['svc_report', 'admin', 'etl', 'readonly']);
      const pw = v.r.chars(14, 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789');
      const host = `${v.r.pick(['db', 'pg', 'warehouse'])}-${v.r.int(1, 9)}.${v.r.pick(['corp-internal.net', 'northwind.cloud', 'acmeops.io'])}`;
      return [
        'DATABASE_URL from the runbook still works: ',
        { url: ['postgres://', `${user}:${pw}`, `@${host}:5432/analytics`] },
        ' — we should move it to vault.',
      ];
    },
  },
  {
    id: 'en-ftp-creds',
    lang: 'en',
    negative: false,
    make: (v) => {
      const cred = `${slug(v.given()).replace(/-/g, '')}:${v.r.chars(10, 'abcdefghijkmnpqrstuvwxyz23456789!')}`;
      return [
        'Upload the scans via ',
        { url: ['https://', cred, `@files.${v.r.pick(['harborlaw.com', 'pinecrest-clinic.org'])}/upload/`] },
        ' before Friday. Gallery preview: ',
        U(
          `www.${v.r.pick(['flickr.com/photos', 'behance.net'])}/${v.r.chars(8, 'abcdefghijklmnopqrstuvwxyz')}`,
        ),
      ];
    },
  },
  {
    id: 'en-passport-travel',
    lang: 'en',
    negative: false,
    make: (v) => [
      'Booking for ',
      N(v.name()),
      ' — passport no. ',
      L('passport', v.passport()),
      ', born ',
      L('date-of-birth', v.dob(1)),
      ', frequent flyer ',
      v.r.chars(2, 'ABCDEFGHJKLMNPQRSTUVWXYZ'),
      v.r.digits(8),
    ],
  },
  {
    id: 'en-no-cue-names',
    lang: 'en',
    negative: false,
    make: (v) => [
      'Can you loop in ',
      N(v.given()),
      '? She worked with ',
      N(v.name()),
      ' on the Q3 rollout and knows where the bodies are buried.',
    ],
  },
  {
    id: 'en-signature',
    lang: 'en',
    negative: false,
    make: (v) => {
      const n = v.name();
      return [
        'Thanks,\n\n',
        N(n),
        ' | Senior Paralegal\nHartwell & Stone LLP\nm: ',
        P(v.phone(false)),
        '  e: ',
        E(v.email()),
        '\n',
        A(v.address()),
      ];
    },
  },
  {
    id: 'en-markdown-table',
    lang: 'en',
    negative: false,
    make: (v) => [
      '| tenant | unit | phone | deposit acct |\n|---|---|---|---|\n| ',
      N(v.name()),
      ' | 4B | ',
      P(v.phone(false)),
      ' | ',
      L('iban', v.iban('DE')),
      ' |\n| ',
      N(v.name()),
      ' | 5A | ',
      P(v.phone(false)),
      ' | pending |',
    ],
  },
  {
    id: 'en-json-webhook',
    lang: 'en',
    negative: false,
    make: (v) => [
      '{"event":"customer.updated","data":{"name":"',
      N(v.name()),
      '","email":"',
      E(v.email()),
      '","dob":"',
      L('date-of-birth', v.dob(2)),
      '","last_ip":"',
      L('ip-address', v.ip6()),
      '","id":"',
      v.uuid(),
      '"}}',
    ],
  },
  {
    id: 'en-sms-lowercase',
    lang: 'en',
    negative: false,
    make: (v) => [
      'hey its ',
      N(v.given().toLowerCase()),
      ' from the climbing gym, new # is ',
      P(v.phone(false)),
      ' text me when u get this. also my aws key is in the group chat by accident ',
      L('api-key', v.key('aws')),
      ' pls dont use it',
    ],
  },
];

// ============================================================== English (negatives)

const EN_NEG: Template[] = [
  {
    id: 'en-neg-order-tracking',
    lang: 'en',
    negative: true,
    make: (v) => [
      'Your order #',
      v.r.digits(10),
      ' has shipped! Tracking: 1Z',
      v.r.chars(6, 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'),
      v.r.digits(10),
      ' (UPS). Estimated delivery Nov ',
      String(v.r.int(2, 28)),
      '. Questions? Reply to this email.',
    ],
  },
  {
    id: 'en-neg-isbn-invoice',
    lang: 'en',
    negative: true,
    make: (v) => [
      'Invoice INV-2026-',
      v.r.digits(5),
      ': 3 × ISBN 978-',
      String(v.r.int(0, 1)),
      '-',
      v.r.digits(3),
      '-',
      v.r.digits(5),
      '-',
      String(v.r.int(0, 9)),
      ', lot ',
      v.r.digits(8),
      ', total $',
      String(v.r.int(20, 400)),
      '.00 due Dec ',
      String(v.r.int(1, 28)),
      ', 2026.',
    ],
  },
  {
    id: 'en-neg-masked',
    lang: 'en',
    negative: true,
    make: (v) => [
      'We charged the card ending in **** ',
      v.r.digits(4),
      ' and your SSN on file is XXX-XX-',
      v.r.digits(4),
      '. Call the number on the back of your card if this was not you.',
    ],
  },
  {
    id: 'en-neg-placeholders',
    lang: 'en',
    negative: true,
    make: (v) => [
      '```bash\nexport OPENAI_API_KEY=YOUR_API_KEY\ncurl -H "Authorization: Bearer $OPENAI_API_KEY" https://api.openai.com/v1/models\n# replace <email> and <phone> in config.yaml before running\n```\nRun ',
      String(v.r.int(2, 9)),
      ' retries max.',
    ],
  },
  {
    id: 'en-neg-talk-about-pii',
    lang: 'en',
    negative: true,
    make: (v) => [
      'Policy reminder: never paste social security numbers, card numbers or home addresses into tickets. If a customer shares a date of birth, mask it. Training module ',
      String(v.r.int(1, 9)),
      '.',
      String(v.r.int(1, 9)),
      ' covers this.',
    ],
  },
  {
    id: 'en-neg-hashes-versions',
    lang: 'en',
    negative: true,
    make: (v) => [
      'Released v',
      String(v.r.int(1, 9)),
      '.',
      String(v.r.int(0, 30)),
      '.',
      String(v.r.int(0, 99)),
      ' (build ',
      v.r.digits(7),
      '). sha256: ',
      v.hex(64),
      ' commit ',
      v.hex(40),
      ' request-id ',
      v.uuid(),
    ],
  },
  {
    id: 'en-neg-bad-luhn',
    lang: 'en',
    negative: true,
    make: (v) => [
      'QA note: the payment form correctly rejected test input ',
      v.badCard(),
      ' (fails checksum). Gift card code ',
      v.r.chars(4, 'ABCDEFGHJKLMNPQRSTUVWXYZ'),
      '-',
      v.r.chars(4, 'ABCDEFGHJKLMNPQRSTUVWXYZ'),
      '-',
      v.r.digits(4),
      ' also rejected.',
    ],
  },
  {
    id: 'en-neg-docs-domain',
    lang: 'en',
    negative: true,
    make: (v) => [
      'In the tutorial, sign up as alice@example.com, then point the client at 127.0.0.1:',
      String(v.r.int(3000, 9000)),
      ' and POST to https://api.',
      v.r.pick(['stripe', 'github', 'twilio']),
      '.com/v1/',
      v.r.pick(['charges', 'events', 'messages']),
      '. The meeting is on 2026-12-',
      String(v.r.int(10, 28)),
      '.',
    ],
  },
  {
    id: 'en-neg-product-codes',
    lang: 'en',
    negative: true,
    make: (v) => [
      'SKU ',
      v.r.chars(3, 'ABCDEFGHJKLMNPQRSTUVWXYZ'),
      '-',
      v.r.digits(5),
      ' (EAN ',
      v.r.digits(13),
      ') is back in stock at the Lincoln Avenue store; part no. ',
      v.r.digits(3),
      '-',
      v.r.digits(4),
      '-',
      v.r.digits(3),
      ' ships from the Portland warehouse.',
    ],
  },
];

// ============================================================== German

const DE: Template[] = [
  {
    id: 'de-kundenservice-chat',
    lang: 'de',
    negative: false,
    make: (v) => [
      'Kunde: hallo, ich bin umgezogen, neue anschrift ist ',
      A(v.address()),
      '\nMitarbeiter: Danke! Und die Telefonnummer?\nKunde: ',
      P(v.phone(v.r.chance(0.5))),
      ', mail bleibt ',
      E(v.email()),
    ],
  },
  {
    id: 'de-personalakte',
    lang: 'de',
    negative: false,
    make: (v) => [
      'Personalakte — Mitarbeiterin: Frau Dr. ',
      N(v.name()),
      '; geboren am ',
      L('date-of-birth', v.dob(v.r.int(0, 2))),
      '; Gehaltskonto ',
      L('iban', v.iban('DE')),
      '; Eintritt 01.0',
      String(v.r.int(1, 9)),
      '.2024',
    ],
  },
  {
    id: 'de-brief',
    lang: 'de',
    negative: false,
    make: (v) => [
      'Sehr geehrter Herr ',
      N(v.family()),
      ',\nbitte überweisen Sie den offenen Betrag bis zum 15. des Monats. Bei Rückfragen erreichen Sie mich unter ',
      P(v.phone(false)),
      '.\nMit freundlichen Grüßen\n',
      N(v.name()),
      '\nKanzlei am Markt · ',
      A(v.address()),
    ],
  },
  {
    id: 'de-arztpraxis-ocr',
    lang: 'de',
    negative: false,
    make: (v) => [
      'ANMELDEBOGEN   Praxis  Dr. med. ',
      N(v.family()),
      '\nPatient/in :  ',
      N(v.name()),
      '\nGeb.-Datum :  ',
      L('date-of-birth', v.dob(0)),
      '\nStraße, Nr., PLZ, Ort :  ',
      A(v.address()),
      '\nTelefon :  ',
      P(v.phone(false)),
    ],
  },
  {
    id: 'de-log-zugang',
    lang: 'de',
    negative: false,
    make: (v) => [
      '[WARN] Zugriff verweigert für ',
      E(v.email()),
      ' von ',
      L('ip-address', v.ip4()),
      ' – Token im Header: ',
      L('api-key', v.key(v.r.pick(['gitlab', 'openai', 'hf']))),
    ],
  },
  {
    id: 'de-reise',
    lang: 'de',
    negative: false,
    make: (v) => [
      'Für die Visumsanfrage: Reisepassnummer ',
      L('passport', v.passport()),
      ', Inhaber ',
      N(v.name()),
      '. Zahlung per Karte ',
      L('credit-card', v.card()),
      '.',
    ],
  },
  {
    id: 'de-slack-nocue',
    lang: 'de',
    negative: false,
    make: (v) => [
      'kannst du ',
      N(v.given().toLowerCase()),
      ' fragen ob das mit der lieferung klappt? sonst ruf ich morgen ',
      N(v.name()),
      ' an',
    ],
  },
  {
    id: 'de-wallet-url',
    lang: 'de',
    negative: false,
    make: (v) => [
      'Spenden gern an ',
      L('crypto-wallet', v.wallet()),
      ' – mehr Infos auf ',
      U(
        `https://www.${v.r.pick(['tierheim-nord', 'foerderverein-sport', 'kulturbahnhof'])}.de/spenden?ref=${v.r.digits(4)}`,
      ),
    ],
  },
];

const DE_NEG: Template[] = [
  {
    id: 'de-neg-bestellung',
    lang: 'de',
    negative: true,
    make: (v) => [
      'Ihre Bestellung Nr. ',
      v.r.digits(9),
      ' wurde versandt. Sendungsnummer: ',
      v.r.digits(20),
      '. Rechnungsnummer RE-',
      v.r.digits(6),
      ', Liefertermin ',
      String(v.r.int(1, 28)),
      '.12.2026.',
    ],
  },
  {
    id: 'de-neg-datenschutz',
    lang: 'de',
    negative: true,
    make: (v) => [
      'Hinweis Datenschutz: Bitte tragen Sie keine Geburtsdaten, Kontonummern oder Telefonnummern in das Freitextfeld ein. Version ',
      String(v.r.int(1, 5)),
      '.',
      String(v.r.int(0, 9)),
      ' der Richtlinie gilt ab 01.01.2027.',
    ],
  },
  {
    id: 'de-neg-maskiert',
    lang: 'de',
    negative: true,
    make: (v) => [
      'Abbuchung von Konto DE** **** **** **** **',
      v.r.digits(2),
      ' erfolgreich. Karte •••• ',
      v.r.digits(4),
      '. Vorgangsnummer ',
      v.uuid(),
    ],
  },
  {
    id: 'de-neg-artikel',
    lang: 'de',
    negative: true,
    make: (v) => [
      'Artikelnr. ',
      v.r.digits(6),
      ', Charge ',
      v.r.chars(2, 'ABCDEFGHJKLMNPRSTUVWXYZ'),
      v.r.digits(6),
      ', EAN ',
      v.r.digits(13),
      ' – Firmware ',
      String(v.r.int(1, 9)),
      '.',
      String(v.r.int(0, 20)),
      '.',
      String(v.r.int(0, 9)),
      ', Prüfsumme ',
      v.hex(32),
    ],
  },
];

// ============================================================== French

const FR: Template[] = [
  {
    id: 'fr-dossier-rh',
    lang: 'fr',
    negative: false,
    make: (v) => [
      'Fiche salarié : ',
      N(v.name()),
      ', née le ',
      L('date-of-birth', v.dob(v.r.int(0, 2))),
      ', domiciliée ',
      A(v.address()),
      '. RIB : ',
      L('iban', v.iban('FR')),
    ],
  },
  {
    id: 'fr-transcription-appel',
    lang: 'fr',
    negative: false,
    make: (v) => [
      'Transcription appel 14h02 — Client : oui bonjour c’est ',
      N(v.name()),
      ', je vous rappelle au ',
      P(v.phone(v.r.chance(0.4))),
      ' euh mon mail c’est ',
      E(v.email()),
    ],
  },
  {
    id: 'fr-lettre-avocat',
    lang: 'fr',
    negative: false,
    make: (v) => [
      'Maître ',
      N(v.family()),
      '\nCabinet d’avocats\n',
      A(v.address()),
      '\n\nObjet : succession de M. ',
      N(v.name()),
      '\nTél. ',
      P(v.phone(false)),
    ],
  },
  {
    id: 'fr-ticket-support',
    lang: 'fr',
    negative: false,
    make: (v) => [
      'Ticket #',
      v.r.digits(6),
      ' — l’utilisateur ',
      E(v.email()),
      ' signale des connexions depuis ',
      L('ip-address', v.ip6()),
      ' ; clé exposée dans le dépôt : ',
      L('api-key', v.key(v.r.pick(['anthropic', 'slack', 'google']))),
    ],
  },
  {
    id: 'fr-formulaire-medical',
    lang: 'fr',
    negative: false,
    make: (v) => [
      'QUESTIONNAIRE  MÉDICAL\nNom et prénom :   ',
      N(`${v.family().toUpperCase()} ${v.given()}`),
      '\nDate de naissance :   ',
      L('date-of-birth', v.dob(0)),
      '\nN° de passeport :  ',
      L('passport', v.passport()),
      '\nPersonne à prévenir : ',
      N(v.given()),
      ' (',
      P(v.phone(false)),
      ')',
    ],
  },
  {
    id: 'fr-whatsapp',
    lang: 'fr',
    negative: false,
    make: (v) => [
      'slt c ',
      N(v.given().toLowerCase()),
      ' 😊 tu peux me rembourser sur ',
      L('iban', v.iban('FR', false)),
      ' ? sinon en crypto ',
      L('crypto-wallet', v.eth()),
    ],
  },
  {
    id: 'fr-agenda',
    lang: 'fr',
    negative: false,
    make: (v) => [
      'Invitation : Point mensuel avec ',
      N(v.name()),
      '\nLieu : ',
      A(v.address()),
      '\nLien visio : ',
      U(`https://meet.${v.r.pick(['jit.si', 'whereby.com'])}/${v.r.chars(10, 'abcdefghijklmnopqrstuvwxyz')}`),
      '\nCarte de l’entreprise : ',
      L('credit-card', v.card()),
    ],
  },
];

const FR_NEG: Template[] = [
  {
    id: 'fr-neg-commande',
    lang: 'fr',
    negative: true,
    make: (v) => [
      'Votre commande n° ',
      v.r.digits(10),
      ' est en route. Numéro de suivi : ',
      v.r.chars(2, 'ABCDEFGHJKLMNPRSTUVWXYZ'),
      v.r.digits(9),
      'FR. Facture F-',
      v.r.digits(6),
      ' du 12/11/2026.',
    ],
  },
  {
    id: 'fr-neg-rgpd',
    lang: 'fr',
    negative: true,
    make: (v) => [
      'Rappel RGPD : ne jamais copier un numéro de sécurité sociale, une adresse e-mail ou un IBAN dans les commentaires. Article ',
      String(v.r.int(5, 40)),
      ' du règlement intérieur.',
    ],
  },
  {
    id: 'fr-neg-masque-version',
    lang: 'fr',
    negative: true,
    make: (v) => [
      'Paiement accepté avec la carte **** **** **** ',
      v.r.digits(4),
      '. Application version ',
      String(v.r.int(1, 9)),
      '.',
      String(v.r.int(0, 9)),
      '.',
      String(v.r.int(0, 30)),
      ', lot de fabrication ',
      v.r.digits(8),
      '.',
    ],
  },
  {
    id: 'fr-neg-placeholder',
    lang: 'fr',
    negative: true,
    make: (v) => [
      'Modèle de courrier : « Bonjour [NOM], votre code client est [CODE]. Contactez-nous à <email>. » Référence du modèle ',
      v.r.chars(3, 'ABCDEFGHJKLMNPRSTUVWXYZ'),
      '-',
      v.r.digits(4),
      '.',
    ],
  },
];

// ============================================================== Spanish

const ES: Template[] = [
  {
    id: 'es-chat-soporte',
    lang: 'es',
    negative: false,
    make: (v) => [
      'Agente: ¿Me confirma la dirección de envío?\nCliente: sí, ',
      A(v.address()),
      '\nCliente: y el móvil ',
      P(v.phone(v.r.chance(0.5))),
      ', a nombre de ',
      N(v.name()),
    ],
  },
  {
    id: 'es-ficha-paciente',
    lang: 'es',
    negative: false,
    make: (v) => [
      'FICHA DE INGRESO\nPaciente: Sra. ',
      N(v.name()),
      '\nFecha de nacimiento: ',
      L('date-of-birth', v.dob(v.r.int(0, 2))),
      '\nPasaporte: ',
      L('passport', v.passport()),
      '\nCorreo: ',
      E(v.email()),
    ],
  },
  {
    id: 'es-contrato',
    lang: 'es',
    negative: false,
    make: (v) => [
      'En Madrid, a 3 de noviembre de 2026. REUNIDOS: de una parte, D. ',
      N(v.name()),
      ', con domicilio en ',
      A(v.address()),
      ', y cuenta bancaria ',
      L('iban', v.iban('ES')),
      '.',
    ],
  },
  {
    id: 'es-log-api',
    lang: 'es',
    negative: false,
    make: (v) => [
      'ERROR 401 en producción: clave revocada ',
      L('api-key', v.key(v.r.pick(['sendgrid', 'npm', 'stripe']))),
      ' usada desde ',
      L('ip-address', v.ip4()),
      '. Avisar a ',
      N(v.given()),
    ],
  },
  {
    id: 'es-whatsapp',
    lang: 'es',
    negative: false,
    make: (v) => [
      'oye soy ',
      N(v.given().toLowerCase()),
      ', te paso mi tarjeta para lo del hotel: ',
      L('credit-card', v.card()),
      ' y mi btc por si acaso ',
      L('crypto-wallet', v.btc()),
    ],
  },
  {
    id: 'es-firma',
    lang: 'es',
    negative: false,
    make: (v) => [
      'Un saludo,\n',
      N(v.name()),
      '\nDirectora Comercial\nTel.: ',
      P(v.phone(true)),
      '\n',
      U(`https://www.${v.r.pick(['inmobiliaria-sol', 'talleres-norte', 'bodegas-altamira'])}.es/contacto`),
    ],
  },
  {
    id: 'es-credencial',
    lang: 'es',
    negative: false,
    make: (v) => [
      'Para el backup usa ',
      {
        url: [
          'ftp://',
          `${slug(v.given()).replace(/-/g, '.')}:${v.r.chars(9, 'abcdefghijkmnpqrstuvwxyz23456789')}`,
          `@backup.${v.r.pick(['asesoria-luna', 'clinica-mar'])}.es/copias`,
        ],
      },
      ' y avisa a Dña. ',
      N(v.family()),
    ],
  },
];

const ES_NEG: Template[] = [
  {
    id: 'es-neg-pedido',
    lang: 'es',
    negative: true,
    make: (v) => [
      'Pedido n.º ',
      v.r.digits(8),
      ' enviado. Número de seguimiento ',
      v.r.digits(16),
      '. Factura FAC-',
      v.r.digits(5),
      ', lote ',
      v.r.digits(7),
      '.',
    ],
  },
  {
    id: 'es-neg-politica',
    lang: 'es',
    negative: true,
    make: (v) => [
      'Según la política de privacidad (v',
      String(v.r.int(1, 6)),
      '.',
      String(v.r.int(0, 9)),
      '), los datos personales como el DNI, la dirección postal o la fecha de nacimiento solo se guardan cifrados.',
    ],
  },
  {
    id: 'es-neg-enmascarado',
    lang: 'es',
    negative: true,
    make: (v) => [
      'Cargo realizado en la tarjeta terminada en ',
      v.r.digits(4),
      ' (**** ',
      v.r.digits(4),
      '). Código de autorización ',
      v.r.chars(6, 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'),
      ', ID de transacción ',
      v.uuid(),
      '.',
    ],
  },
  {
    id: 'es-neg-isbn',
    lang: 'es',
    negative: true,
    make: (v) => [
      'Libro: ISBN 978-84-',
      v.r.digits(3),
      '-',
      v.r.digits(4),
      '-',
      String(v.r.int(0, 9)),
      ', edición ',
      String(v.r.int(1, 12)),
      'ª, referencia interna ',
      v.r.digits(10),
      '.',
    ],
  },
];

// ============================================================== Chinese

const ZH: Template[] = [
  {
    id: 'zh-kefu-chat',
    lang: 'zh',
    negative: false,
    make: (v) => [
      '客服：您好，请提供收货地址。\n用户：',
      A(v.address()),
      '，收件人',
      N(v.name()),
      '，电话',
      P(v.phone(v.r.chance(0.3))),
    ],
  },
  {
    id: 'zh-hr-dangan',
    lang: 'zh',
    negative: false,
    make: (v) => [
      '员工档案\n姓名：',
      N(v.name()),
      '\n出生日期：',
      L('date-of-birth', v.dob(v.r.int(0, 2))),
      '\n护照号码：',
      L('passport', v.passport()),
      '\n邮箱：',
      E(v.email()),
    ],
  },
  {
    id: 'zh-wechat-nocue',
    lang: 'zh',
    negative: false,
    make: (v) => [
      '明天开会记得叫上',
      N(v.name()),
      '，她负责对接供应商。另外把报销打到我卡上 ',
      L('credit-card', v.card()),
    ],
  },
  {
    id: 'zh-log',
    lang: 'zh',
    negative: false,
    make: (v) => [
      '[告警] 检测到异常登录：账号 ',
      E(v.email()),
      '，来源IP ',
      L('ip-address', v.r.chance(0.5) ? v.ip4() : v.ip6()),
      '，泄露的密钥 ',
      L('api-key', v.key(v.r.pick(['openai', 'aws', 'github']))),
    ],
  },
  {
    id: 'zh-honorific',
    lang: 'zh',
    negative: false,
    make: (v) => [
      '尊敬的',
      N(v.name()),
      '先生：您的预约已确认，如需改期请拨打',
      P(v.phone(false)),
      '。地址：',
      A(v.address()),
    ],
  },
  {
    id: 'zh-zhuanzhang',
    lang: 'zh',
    negative: false,
    make: (v) => [
      '境外转账信息 收款人：',
      N(v.name()),
      ' IBAN：',
      L('iban', v.iban(v.r.pick(['DE', 'GB', 'NL']))),
      ' 或USDT(ERC20)：',
      L('crypto-wallet', v.eth()),
    ],
  },
];

const ZH_NEG: Template[] = [
  {
    id: 'zh-neg-dingdan',
    lang: 'zh',
    negative: true,
    make: (v) => [
      '您的订单号',
      v.r.digits(18),
      '已发货，快递单号SF',
      v.r.digits(12),
      '，发票号码',
      v.r.digits(8),
      '，预计12月',
      String(v.r.int(1, 28)),
      '日送达。',
    ],
  },
  {
    id: 'zh-neg-yinsi',
    lang: 'zh',
    negative: true,
    make: (v) => [
      '隐私提示：请勿在聊天中发送身份证号、银行卡号、手机号或家庭住址。本提示版本 ',
      String(v.r.int(1, 5)),
      '.',
      String(v.r.int(0, 9)),
      '。',
    ],
  },
  {
    id: 'zh-neg-masked',
    lang: 'zh',
    negative: true,
    make: (v) => [
      '尾号',
      v.r.digits(4),
      '的银行卡于2026-11-',
      String(v.r.int(10, 28)),
      '消费。手机号138****',
      v.r.digits(4),
      '，流水号 ',
      v.uuid(),
    ],
  },
  {
    id: 'zh-neg-product',
    lang: 'zh',
    negative: true,
    make: (v) => [
      '产品型号 ',
      v.r.chars(2, 'ABCDEFGHJKLMNPRSTUVWXYZ'),
      '-',
      v.r.digits(4),
      '，批次号 ',
      v.r.digits(10),
      '，固件版本 v',
      String(v.r.int(1, 9)),
      '.',
      String(v.r.int(0, 9)),
      '.',
      String(v.r.int(0, 9)),
      '，校验值 ',
      v.hex(40),
    ],
  },
];

// ============================================================== Japanese

const JA: Template[] = [
  {
    id: 'ja-toiawase',
    lang: 'ja',
    negative: false,
    make: (v) => [
      'お問い合わせフォーム\nお名前：',
      N(v.name()),
      '\nご住所：〒',
      A(`${v.jaPostcode()} ${v.address()}`),
      '\n電話番号：',
      P(v.phone(v.r.chance(0.3))),
      '\nメール：',
      E(v.email()),
    ],
  },
  {
    id: 'ja-sama',
    lang: 'ja',
    negative: false,
    make: (v) => [
      N(v.family()),
      '様\nいつもお世話になっております。ご請求先の口座（',
      L('iban', v.iban(v.r.pick(['DE', 'FR']))),
      '）を確認いたしました。担当：',
      N(v.name()),
    ],
  },
  {
    id: 'ja-rirekisho',
    lang: 'ja',
    negative: false,
    make: (v) => [
      '履歴書　氏名　',
      N(v.name()),
      '　生年月日　',
      L('date-of-birth', v.dob(v.r.int(0, 2))),
      '　現住所　',
      A(v.address()),
      '　旅券番号　',
      L('passport', v.passport()),
    ],
  },
  {
    id: 'ja-slack',
    lang: 'ja',
    negative: false,
    make: (v) => [
      'さっきのログに本番キーが出てる… ',
      L('api-key', v.key(v.r.pick(['anthropic', 'google', 'slack']))),
      ' アクセス元は ',
      L('ip-address', v.ip4()),
      '。',
      N(v.family()),
      'さんに連絡済み',
    ],
  },
  {
    id: 'ja-kessai',
    lang: 'ja',
    negative: false,
    make: (v) => [
      'お支払いカード番号：',
      L('credit-card', v.card()),
      '　暗号資産での返金先：',
      L('crypto-wallet', v.btc()),
      '　詳細は',
      U(
        `https://www.${v.r.pick(['kaisha-yamato', 'tokyo-dental', 'hanamaru-shop'])}.co.jp/faq?id=${v.r.digits(5)}`,
      ),
    ],
  },
  {
    id: 'ja-tsuwa',
    lang: 'ja',
    negative: false,
    make: (v) => [
      '通話記録：お客様「えっと、',
      N(v.name()),
      'と申します。電話番号は',
      P(v.phone(false)),
      'です」',
    ],
  },
];

const JA_NEG: Template[] = [
  {
    id: 'ja-neg-chumon',
    lang: 'ja',
    negative: true,
    make: (v) => [
      'ご注文番号：',
      v.r.digits(3),
      '-',
      v.r.digits(7),
      '-',
      v.r.digits(7),
      '\nお問い合わせ伝票番号：',
      v.r.digits(4),
      '-',
      v.r.digits(4),
      '-',
      v.r.digits(4),
      '\nお届け予定日：12月',
      String(v.r.int(1, 28)),
      '日',
    ],
  },
  {
    id: 'ja-neg-kojin',
    lang: 'ja',
    negative: true,
    make: (v) => [
      '個人情報の取り扱いについて：氏名、住所、電話番号、生年月日などはお預かりした目的以外に使用しません。改定第',
      String(v.r.int(2, 9)),
      '版。',
    ],
  },
  {
    id: 'ja-neg-masked',
    lang: 'ja',
    negative: true,
    make: (v) => [
      'ご利用カード：****-****-****-',
      v.r.digits(4),
      '　承認番号 ',
      v.r.digits(6),
      '　取引ID ',
      v.uuid(),
    ],
  },
  {
    id: 'ja-neg-seihin',
    lang: 'ja',
    negative: true,
    make: (v) => [
      '型番：',
      v.r.chars(3, 'ABCDEFGHJKLMNPRSTUVWXYZ'),
      '-',
      v.r.digits(4),
      '、JANコード ',
      v.r.digits(13),
      '、ロット ',
      v.r.digits(8),
      '、ソフトウェア ver.',
      String(v.r.int(1, 9)),
      '.',
      String(v.r.int(0, 20)),
    ],
  },
];

// ============================================================== Korean

const KO: Template[] = [
  {
    id: 'ko-sangdam',
    lang: 'ko',
    negative: false,
    make: (v) => [
      '상담원: 배송지 주소를 알려주세요.\n고객: ',
      A(v.address()),
      '이요. 받는 사람은 ',
      N(v.name()),
      ', 연락처 ',
      P(v.phone(v.r.chance(0.3))),
    ],
  },
  {
    id: 'ko-insa',
    lang: 'ko',
    negative: false,
    make: (v) => [
      '인사기록카드 | 성명: ',
      N(v.name()),
      ' | 생년월일: ',
      L('date-of-birth', v.dob(v.r.int(0, 2))),
      ' | 여권번호: ',
      L('passport', v.passport()),
      ' | 이메일: ',
      E(v.email()),
    ],
  },
  {
    id: 'ko-ssi',
    lang: 'ko',
    negative: false,
    make: (v) => [
      N(v.name()),
      ' 씨, 환불은 해외계좌 ',
      L('iban', v.iban(v.r.pick(['DE', 'FR', 'GB']))),
      '로 처리됩니다. 문의는 ',
      P(v.phone(false)),
    ],
  },
  {
    id: 'ko-kakao',
    lang: 'ko',
    negative: false,
    make: (v) => [
      'ㅋㅋ 내일 ',
      N(v.given()),
      '이랑 같이 가기로 함. 아 그리고 회비는 이 카드로 ',
      L('credit-card', v.card()),
      ' 아니면 이더 ',
      L('crypto-wallet', v.eth()),
    ],
  },
  {
    id: 'ko-log',
    lang: 'ko',
    negative: false,
    make: (v) => [
      '[경고] 비정상 로그인: ',
      E(v.email()),
      ' / IP ',
      L('ip-address', v.r.chance(0.5) ? v.ip6() : v.ip4()),
      ' / 노출된 키 ',
      L('api-key', v.key(v.r.pick(['github', 'hf', 'openai']))),
    ],
  },
  {
    id: 'ko-gongji',
    lang: 'ko',
    negative: false,
    make: (v) => [
      '행사 장소: ',
      A(v.address()),
      ' (담당 ',
      N(v.name()),
      ' 과장님) 신청: ',
      U(
        `https://www.${v.r.pick(['hanbit-event', 'seoul-meetup', 'busan-expo'])}.kr/apply?code=${v.r.digits(6)}`,
      ),
    ],
  },
];

const KO_NEG: Template[] = [
  {
    id: 'ko-neg-jumun',
    lang: 'ko',
    negative: true,
    make: (v) => [
      '주문번호 ',
      v.r.digits(14),
      ' 상품이 발송되었습니다. 운송장번호 ',
      v.r.digits(12),
      ', 송장 INV-',
      v.r.digits(6),
      '.',
    ],
  },
  {
    id: 'ko-neg-gaein',
    lang: 'ko',
    negative: true,
    make: (v) => [
      '개인정보 처리방침: 주민등록번호, 계좌번호, 전화번호는 수집하지 않습니다. 시행일 2026년 ',
      String(v.r.int(1, 12)),
      '월 1일.',
    ],
  },
  {
    id: 'ko-neg-masked',
    lang: 'ko',
    negative: true,
    make: (v) => [
      '카드 ****-****-****-',
      v.r.digits(4),
      ' 승인. 휴대폰 010-****-',
      v.r.digits(4),
      '. 거래번호 ',
      v.uuid(),
    ],
  },
  {
    id: 'ko-neg-jepum',
    lang: 'ko',
    negative: true,
    make: (v) => [
      '모델명 ',
      v.r.chars(2, 'ABCDEFGHJKLMNPRSTUVWXYZ'),
      '-',
      v.r.digits(5),
      ', 로트번호 ',
      v.r.digits(9),
      ', 펌웨어 ',
      String(v.r.int(1, 9)),
      '.',
      String(v.r.int(0, 9)),
      '.',
      String(v.r.int(0, 9)),
      ', 커밋 ',
      v.hex(40),
    ],
  },
];

// ============================================================== more carriers, all languages

const MORE: Template[] = [
  {
    id: 'en-ssn-chat-redis',
    lang: 'en',
    negative: false,
    make: (v) => [
      v.r.pick(['[chat] ', '[sms] ', '[ticket note] ']),
      'customer: ok my social is ',
      L('ssn', v.ssn()),
      ' and the card on file ends in 4412\nagent: thanks, verified. (internal: cache at ',
      {
        url: [
          'redis://',
          `default:${v.r.chars(16, 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789')}`,
          `@cache-${v.r.int(1, 9)}.${v.r.pick(['shopline.net', 'kettle-ops.io'])}:6379/0`,
        ],
      },
      ')',
    ],
  },
  {
    id: 'en-ssn-bare-cue',
    lang: 'en',
    negative: false,
    make: (v) => [
      v.r.pick(['Payroll onboarding — ', 'W-4 follow-up: ', 'Background check request. ']),
      v.r.pick(['employee ', 'new hire ', 'applicant ']),
      N(v.name()),
      ', SSN ',
      L('ssn', v.ssn('')),
      ', DOB ',
      L('date-of-birth', v.dob(0)),
      v.r.pick(['. Please file by Friday.', '; start date pending.', ' (verified by phone).']),
    ],
  },
  {
    id: 'en-tsv-sheet',
    lang: 'en',
    negative: false,
    make: (v) => [
      'Last\tFirst\tMobile\tDate of birth\n',
      N(v.family()),
      '\t',
      N(v.given()),
      '\t',
      P(v.phone(false)),
      '\t',
      L('date-of-birth', v.dob(0)),
      '\n',
      N(v.family()),
      '\t',
      N(v.given()),
      '\t',
      P(v.phone(false)),
      '\t',
      L('date-of-birth', v.dob(0)),
    ],
  },
  {
    id: 'en-collapsed-label',
    lang: 'en',
    negative: false,
    make: (v) => {
      const c = v.r.pick([
        ['Springfield', 'IL', '627'],
        ['Bend', 'OR', '977'],
        ['Dayton', 'OH', '454'],
      ] as const);
      return [
        'SHIP TO ',
        N(v.name().toUpperCase()),
        ' ',
        A(
          `${v.r.int(10, 9999)} ${v.r.pick(['OAK', 'PINE', 'MAIN', 'RIVER'])} ${v.r.pick(['ST', 'AVE', 'RD'])} APT ${v.r.int(1, 30)} ${c[0].toUpperCase()} ${c[1]} ${c[2]}${v.r.digits(2)}`,
        ),
        ' USA  WT 2.3 LB  REF ',
        v.r.digits(9),
      ];
    },
  },
  {
    id: 'en-nickname-titles',
    lang: 'en',
    negative: false,
    make: (v) => {
      const fam = v.family();
      return [
        v.r.pick(['Per ', 'As discussed with ', 'cc: ']),
        'Prof. ',
        N(`${v.given()} ${fam}`),
        ' (everyone calls her ',
        N(v.r.pick(['Kit', 'Bee', 'Jo', 'Mags', 'Tash'])),
        ') and Lt. Col. ',
        N(`${v.given()[0]}. ${v.given()[0]}. ${v.family()}`),
        ', the panel moves to room 4.12.',
      ];
    },
  },
  {
    id: 'en-world-names-chat',
    lang: 'en',
    negative: false,
    make: (v) => [
      v.r.pick(['lol ', 'ok so ', 'fyi ']),
      N(v.r.pick(['oluwaseun', 'priya', 'nguyen thi lan', 'mehmet', 'siddharth', 'wanjiru'])),
      ' said ',
      N(
        v.r.pick([
          'Fatima Zahra El Amrani',
          'Hamid Reza Karimi',
          'Bui Minh Chau',
          'Kofi Mensah',
          'Zhang Xiaoming',
        ]),
      ),
      ' already booked the flights, just venmo ',
      N(v.given()),
      ' back',
    ],
  },
  {
    id: 'de-postfach-git',
    lang: 'de',
    negative: false,
    make: (v) => [
      'docs: Impressum aktualisiert\n\nNeue Postanschrift: ',
      A(
        `Postfach ${v.r.int(10, 99)} ${v.r.int(10, 99)} ${v.r.int(10, 99)}, ${v.r.pick(['20095 Hamburg', '80331 München', '04109 Leipzig'])}`,
      ),
      '\n\nSigned-off-by: ',
      N(v.name()),
      ' <',
      E(v.email()),
      '>',
    ],
  },
  {
    id: 'de-von-termin',
    lang: 'de',
    negative: false,
    make: (v) => [
      'Termin: Mi, 14:30 – Erstgespräch mit ',
      N(`${v.given()} ${v.r.pick(['von', 'van der', 'zu'])} ${v.family()}`),
      ', Ort: ',
      A(v.address()),
      ', Rückruf unter ',
      P(v.phone(true)),
    ],
  },
  {
    id: 'fr-bp-calendrier',
    lang: 'fr',
    negative: false,
    make: (v) => [
      'Courrier à adresser à : ',
      N(`${v.given()} ${v.family().toUpperCase()}`),
      ', ',
      A(`BP ${v.r.int(100, 9999)}, ${v.r.pick(['69003 Lyon', '31000 Toulouse', '44000 Nantes'])}`),
      ' — ou par mail ',
      E(v.email()),
    ],
  },
  {
    id: 'es-apartado-hr',
    lang: 'es',
    negative: false,
    make: (v) => [
      'Nómina | Empleada: ',
      N(`${v.given()} ${v.family()} ${v.family()}`),
      ' | Nacida el ',
      L('date-of-birth', v.dob(1)),
      ' | Correspondencia: ',
      A(
        `Apartado de Correos ${v.r.int(100, 9999)}, ${v.r.pick(['28080 Madrid', '08080 Barcelona', '46080 Valencia'])}`,
      ),
    ],
  },
  {
    id: 'zh-code-comment',
    lang: 'zh',
    negative: false,
    make: (v) => [
      '// 负责人：',
      N(v.name()),
      '（有问题找他）\n// 测试环境密钥，上线前删除\nconst KEY = "',
      L('api-key', v.key(v.r.pick(['openai', 'stripe', 'github']))),
      '";\n// 回调地址 ',
      U(`https://www.${v.r.pick(['shangcheng', 'kuaidi-wang', 'lvyou-tong'])}.cn/notify?t=${v.hex(16)}`),
    ],
  },
  {
    id: 'zh-postcode-form',
    lang: 'zh',
    negative: false,
    make: (v) => [
      '入职登记表　姓名　',
      N(v.name()),
      '　出生日期　',
      L('date-of-birth', v.dob(0)),
      '　家庭住址　',
      A(v.address()),
      '　邮编 ',
      v.r.digits(6),
      '　紧急联系人　',
      N(v.name()),
      ' ',
      P(v.phone(false)),
    ],
  },
  {
    id: 'ja-calendar-chat',
    lang: 'ja',
    negative: false,
    make: (v) => [
      '【予定】',
      String(v.r.int(1, 12)),
      '月',
      String(v.r.int(1, 28)),
      '日 15:00 ',
      N(v.family()),
      'さんと打ち合わせ（場所：',
      A(v.address()),
      '）連絡先 ',
      E(v.email()),
    ],
  },
  {
    id: 'ja-katakana-names',
    lang: 'ja',
    negative: false,
    make: (v) => [
      '来日メンバー：',
      N(v.r.pick(['マイケル・ブラウン', 'エマ・ワトソン', 'ルーカス・シュミット', 'ソフィア・ロペス'])),
      '、',
      N(v.r.pick(['グエン・ヴァン・アン', 'アナ・ガルシア', 'オリバー・スミス'])),
      '。旅券番号 ',
      L('passport', `${v.r.pick(['X', 'C'])}${v.r.digits(8)}`),
      ' で申請済み。',
    ],
  },
  {
    id: 'ko-postcode-hr',
    lang: 'ko',
    negative: false,
    make: (v) => [
      '[인사팀] 신규 입사자 ',
      N(v.name()),
      ' 님 서류 접수. 생년월일 ',
      L('date-of-birth', v.dob(0)),
      ', 주소 (우) ',
      A(`${v.r.digits(5)} ${v.address()}`),
      ', 휴대폰 ',
      P(v.phone(false)),
    ],
  },
  {
    id: 'ko-chat-names',
    lang: 'ko',
    negative: false,
    make: (v) => [
      v.r.pick(['오늘 ', '내일 ', '아까 ']),
      N(v.name()),
      '랑 ',
      N(v.name()),
      ' 둘 다 회의 못 온대. 자료는 ',
      E(v.email()),
      '로 보내 줘',
    ],
  },
];

const MORE_NEG: Template[] = [
  {
    id: 'en-neg-namelike-things',
    lang: 'en',
    negative: true,
    make: (v) => [
      v.r.pick(['Quick recap: ', 'Notes from the offsite: ', 'Expense memo: ']),
      'the Ford Focus rental was returned at Lincoln Center, we had Earl Grey and Caesar salad at the Jackson Hole diner, and the Aurora room on floor ',
      String(v.r.int(2, 9)),
      ' is booked until ',
      String(v.r.int(1, 12)),
      ' pm. Receipt #',
      v.r.digits(6),
      '.',
    ],
  },
  {
    id: 'zh-neg-namelike-things',
    lang: 'zh',
    negative: true,
    make: (v) => [
      '采购清单：王老吉',
      String(v.r.int(2, 12)),
      '箱、老干妈',
      String(v.r.int(2, 9)),
      '瓶，送到张江高科园区',
      String(v.r.int(1, 9)),
      '号楼前台（中关村店同款）。单号 ',
      v.r.digits(12),
    ],
  },
  {
    id: 'ja-neg-namelike-things',
    lang: 'ja',
    negative: true,
    make: (v) => [
      '出張メモ：新宿の紀伊國屋書店で資料購入、昼は吉野家、夜は松本楼。会議室「富士」は',
      String(v.r.int(10, 18)),
      '時まで予約済み。経費番号 ',
      v.r.digits(8),
    ],
  },
  {
    id: 'ko-neg-namelike-things',
    lang: 'ko',
    negative: true,
    make: (v) => [
      '점심은 김밥천국에서 김밥 ',
      String(v.r.int(2, 6)),
      '줄, 저녁은 이디야에서 커피. 회의실 "한라"는 ',
      String(v.r.int(2, 9)),
      '시까지 예약. 영수증 번호 ',
      v.r.digits(9),
    ],
  },
  {
    id: 'en-neg-calendar',
    lang: 'en',
    negative: true,
    make: (v) => [
      'BEGIN:VEVENT\nSUMMARY:Sprint ',
      String(v.r.int(30, 90)),
      ' planning\nLOCATION:Room ',
      String(v.r.int(1, 9)),
      '.',
      String(v.r.int(10, 40)),
      ' (Washington building)\nDTSTART:20261',
      String(v.r.int(0, 2)),
      String(v.r.int(10, 28)),
      'T090000Z\nUID:',
      v.uuid(),
      '\nEND:VEVENT',
    ],
  },
  {
    id: 'en-neg-form-blank',
    lang: 'en',
    negative: true,
    make: (v) => [
      'INTAKE FORM v',
      String(v.r.int(2, 9)),
      '\nName: ______________  Date of birth: __/__/____\nAddress: ____________________\nPhone: (___) ___-____  SSN: ___-__-____\nSigned: <signature>',
    ],
  },
  {
    id: 'en-neg-tx-hash-bad-iban',
    lang: 'en',
    negative: true,
    make: (v) => [
      'Refund failed: IBAN ',
      v.badIban('GB'),
      ' fails the checksum, please re-check. Previous payout tx hash 0x',
      v.hex(64),
      ' confirmed at block ',
      v.r.digits(8),
      '.',
    ],
  },
  {
    id: 'en-neg-localhost-log',
    lang: 'en',
    negative: true,
    make: (v) => [
      '2026-11-2',
      String(v.r.int(0, 9)),
      ' 03:1',
      String(v.r.int(0, 9)),
      ':07 DEBUG server listening on 127.0.0.1:',
      String(v.r.int(3000, 9999)),
      ' pid=',
      v.r.digits(5),
      ' build=',
      v.hex(12),
      ' node=v20.',
      String(v.r.int(1, 20)),
      '.0 trace=',
      v.uuid(),
    ],
  },
  {
    id: 'de-neg-postfach-text',
    lang: 'de',
    negative: true,
    make: (v) => [
      'Formular ',
      v.r.chars(2, 'ABCDEFGHJKLMNPRSTUVWXYZ'),
      '-',
      v.r.digits(3),
      ': Bitte tragen Sie Name, Geburtsdatum und Anschrift ein. Feld „IBAN“ leer lassen, wenn Sie per Lastschrift zahlen. Ticket ',
      v.r.digits(7),
      '.',
    ],
  },
  {
    id: 'ja-neg-template',
    lang: 'ja',
    negative: true,
    make: (v) => [
      '【テンプレート】{氏名}様　ご登録のメールアドレス <email> 宛に確認コードを送信しました。コード有効期限：',
      String(v.r.int(5, 30)),
      '分　問い合わせ番号 ',
      v.r.digits(10),
    ],
  },
  {
    id: 'ko-neg-calendar',
    lang: 'ko',
    negative: true,
    make: (v) => [
      '[일정] ',
      String(v.r.int(1, 12)),
      '월 ',
      String(v.r.int(1, 28)),
      '일 오후 3시 분기 회의, 회의실 ',
      String(v.r.int(2, 15)),
      '층 ',
      String(v.r.int(1, 9)),
      '번. 안건 번호 ',
      v.r.digits(6),
      ', 버전 ',
      String(v.r.int(1, 4)),
      '.',
      String(v.r.int(0, 9)),
    ],
  },
];

/** Every template with how many lines to draw from it. */
export const INDEPENDENT_5_TEMPLATES: Array<{ template: Template; count: number }> = [
  ...EN.map((template) => ({ template, count: 3 })),
  ...EN_NEG.map((template) => ({ template, count: 4 })),
  ...MORE.map((template) => ({ template, count: 3 })),
  ...MORE_NEG.map((template) => ({ template, count: 3 })),
  ...DE.map((template) => ({ template, count: 4 })),
  ...DE_NEG.map((template) => ({ template, count: 4 })),
  ...FR.map((template) => ({ template, count: 4 })),
  ...FR_NEG.map((template) => ({ template, count: 4 })),
  ...ES.map((template) => ({ template, count: 4 })),
  ...ES_NEG.map((template) => ({ template, count: 4 })),
  ...ZH.map((template) => ({ template, count: 5 })),
  ...ZH_NEG.map((template) => ({ template, count: 4 })),
  ...JA.map((template) => ({ template, count: 5 })),
  ...JA_NEG.map((template) => ({ template, count: 4 })),
  ...KO.map((template) => ({ template, count: 5 })),
  ...KO_NEG.map((template) => ({ template, count: 4 })),
];
