/**
 * Context words that decide what a bare value is. A nine-digit number is an SSN after "SSN",
 * an order number after "order no." and nothing at all on its own; the detectors ask these
 * helpers what the few words before (or, for Japanese and Korean, after) a value say.
 *
 * Cues are written in lower case for English, German, French, Spanish, Chinese, Japanese and
 * Korean and matched case-insensitively.
 */

/** Characters before a value searched for its cue. */
export const CUE_WINDOW = 32;

function words(list: readonly string[]): RegExp {
  // Longest first so "order number" wins over "order"; the lookarounds keep "lot" out of "pilot".
  const sorted = [...list].sort((a, b) => b.length - a.length);
  const escaped = sorted.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s*'));
  // The trailing check only applies to cues that end in a Latin letter: "护照号码E1234…" is the
  // cue 护照号码 followed by a number, since a change of script is a word boundary.
  return new RegExp(`(?<![a-z0-9à-ÿ])(?:${escaped.join('|')})(?!(?<=[a-zà-ÿ])[a-zà-ÿ])`, 'giu');
}

/** Reference numbers that look like personal data: orders, parcels, invoices, lots, products. */
export const LOOKALIKE_CUES = words([
  'order',
  'order no',
  'order number',
  'order id',
  'tracking',
  'tracking number',
  'shipment',
  'parcel',
  'invoice',
  'invoice no',
  'lot',
  'batch',
  'serial',
  'serial number',
  's/n',
  'sku',
  'isbn',
  'isbn-13',
  'isbn-10',
  'ean',
  'upc',
  'gtin',
  'part number',
  'part no',
  'model',
  'version',
  'versión',
  'firmware',
  'build',
  'release',
  '版本',
  'バージョン',
  '버전',
  'ticket',
  'case number',
  'case',
  'reference',
  'ref',
  'confirmation',
  'booking',
  'reservation',
  'receipt',
  'transaction',
  'account balance',
  'item',
  'article',
  'product',
  'container',
  'waybill',
  'policy number',
  'customer number',
  'customer id',
  'bestellnummer',
  'bestellung',
  'auftragsnummer',
  'auftrag',
  'sendungsnummer',
  'sendung',
  'paketnummer',
  'rechnung',
  'rechnungsnummer',
  'losnummer',

  'chargennummer',
  'charge-nr',
  'chargen-nr',
  'seriennummer',
  'artikelnummer',
  'artikel',
  'kundennummer',
  'vorgangsnummer',
  'buchungsnummer',
  'commande',
  'numéro de commande',
  'suivi',
  'numéro de suivi',
  'colis',
  'facture',
  'lot n',
  'numéro de série',
  'référence',
  'réf',
  'article',
  'dossier',
  'pedido',
  'número de pedido',
  'seguimiento',
  'número de seguimiento',
  'envío',
  'factura',
  'lote',
  'número de serie',
  'referencia',
  'artículo',
  'albarán',
  '订单',
  '订单号',
  '快递单号',
  '运单号',
  '运单',
  '物流单号',
  '发票',
  '发票号',
  '批号',
  '批次',
  '序列号',
  '受理号',
  '工单号',
  '单号',
  '货号',
  '编号',
  '注文',
  '注文番号',
  '追跡番号',
  '伝票番号',
  'お問い合わせ番号',
  '請求書',
  '請求書番号',
  'ロット',
  'ロット番号',
  '製造番号',
  'シリアル番号',
  '品番',
  '型番',
  '受付番号',
  '管理番号',
  '会員番号',
  '주문',
  '주문번호',
  '운송장',
  '운송장번호',
  '송장',
  '송장번호',
  '청구서',
  '청구서번호',
  '로트',
  '로트번호',
  '일련번호',
  '접수번호',
  '회원번호',
  '관리번호',
  '제품번호',
  '모델',
  // Work, meeting and lot references (issue 11: "Charge 2026-5729-16", "会议号2023-3398-24").
  'job',
  'job number',
  'job id',
  'work order',
  'meeting',
  'meeting id',
  'meeting number',
  'conference id',
  'steuernummer',
  'steuer-id',
  'aktenzeichen',
  'vorgang',
  'besprechung',
  'sitzung',
  'meeting-id',
  'réunion',
  'numéro de lot',
  'numéro de dossier',
  'numéro de ticket',
  'expediente',
  'reunión',
  'número de lote',
  'número de caso',
  'número de ticket',
  'caso',
  'trabajo',
  '会议号',
  '会议',
  '会议编号',
  '工单',
  '任务号',
  '作业号',
  '批次号',
  '案件号',
  '会議',
  '会議番号',
  '会議id',
  'チケット',
  'チケット番号',
  'ジョブ',
  'ジョブ番号',
  '案件番号',
  '作業番号',
  '작업',
  '작업 번호',
  '작업번호',
  '회의',
  '회의 번호',
  '회의번호',
  '티켓',
  '티켓 번호',
  '사건번호',
  '배치',
]);

/**
 * Number cues that only rule out a phone reading: the German "Charge" (lot) is also the English
 * verb of "charge 4012 8888 …", so it cannot veto cards the way {@link LOOKALIKE_CUES} do.
 */
export const NON_PHONE_CUES = words(['charge', 'charge nr', 'charge-nr.', 'chargen']);

/** Words that say a number is a phone number. */
export const PHONE_CUES = words([
  'phone',
  'tel',
  'tel.',
  'telephone',
  'mobile',
  'cell',
  'call',
  'call me',
  'reach me',
  'text me',
  'whatsapp',
  'fax',
  'hotline',
  'contact',
  'number is',
  'telefon',
  'telefonnummer',
  'handy',
  'handynummer',
  'mobil',
  'ruf',
  'rufnummer',
  'anrufen',
  'erreichbar',
  'téléphone',
  'tél',
  'portable',
  'appelez',
  'appeler',
  'joindre',
  'numéro',
  'teléfono',
  'móvil',
  'celular',
  'llámame',
  'llamar',
  'número',
  '电话',
  '电话号码',
  '手机',
  '手机号',
  '手机号码',
  '联系',
  '致电',
  '電話',
  '電話番号',
  '携帯',
  '携帯番号',
  '連絡先',
  '전화',
  '전화번호',
  '휴대폰',
  '핸드폰',
  '연락처',
  '연락',
]);

/** Words that say a date is a date of birth (before the date). */
export const BIRTH_CUES = words([
  'born',
  'born on',
  'date of birth',
  'birth date',
  'birthdate',
  'birthday',
  'dob',
  'd.o.b.',
  'b.',
  'geboren',
  'geboren am',
  'geburtsdatum',
  'geburtstag',
  'geb.',
  'né le',
  'née le',
  'né',
  'née',
  'date de naissance',
  'anniversaire',
  'nacido el',
  'nacida el',
  'nacido',
  'nacida',
  'fecha de nacimiento',
  'nací el',
  'nació el',
  'nació',
  'naciste el',
  'nací',
  'cumpleaños',
  '出生日期',
  '出生于',
  '出生於',
  '生日',
  '生于',
  '生年月日',
  '誕生日',
  '생년월일',
  '생일',
  '출생일',
]);

/** Birth cues written after the date (Japanese 生まれ, Korean 생, Chinese 出生). */
export const BIRTH_CUES_AFTER =
  /^\s*(?:生まれ|生れ|出生|生(?![产產成效活意前涯物]|日快)|출생|생(?![산성활각명])|태생|born|geboren|né|née|nacid[oa])/iu;

/** Words that announce a passport number. */
export const PASSPORT_CUES = words([
  'passport',
  'passport no',
  'passport number',
  'reisepass',
  'reisepassnummer',
  'passnummer',
  'pass-nr',
  'passeport',
  'numéro de passeport',
  'pasaporte',
  'número de pasaporte',
  '护照',
  '护照号',
  '护照号码',
  '護照',
  '旅券',
  '旅券番号',
  'パスポート',
  'パスポート番号',
  '여권',
  '여권번호',
]);

/** Words that announce a social security number. */
export const SSN_CUES = words(['ssn', 'social security', 'social security number', 'ss#', 'ssn#']);

/** Words that announce a secret. */
export const SECRET_CUES = words([
  'api key',
  'api_key',
  'apikey',
  'api-key',
  'access key',
  'secret',
  'secret key',
  'token',
  'access token',
  'auth token',
  'bearer',
  'password',
  'passwd',
  'pwd',
  'client secret',
  'schlüssel',
  'passwort',
  'clé',
  'mot de passe',
  'clave',
  'contraseña',
  '密钥',
  '密码',
  '令牌',
  'キー',
  'パスワード',
  'トークン',
  '키',
  '비밀번호',
  '토큰',
]);

/** Words that say a hex or base64 string is a digest, not a secret. */
export const DIGEST_CUES = words([
  'sha',
  'sha1',
  'sha-1',
  'sha256',
  'sha-256',
  'md5',
  'hash',
  'checksum',
  'digest',
  'commit',
  'revision',
  'etag',
  'fingerprint',
  'prüfsumme',
  'empreinte',
  'suma de comprobación',
  '哈希',
  '校验和',
  'ハッシュ',
  '해시',
  'integrity',
]);

/**
 * The index, relative to `text`, just past the last match of `cues` in the `window`
 * characters before `at`, or -1. Closer cues win in {@link closestCue}.
 */
export function lastCueEnd(text: string, at: number, cues: RegExp, window = CUE_WINDOW): number {
  const from = Math.max(0, at - window);
  const slice = text.slice(from, at);
  cues.lastIndex = 0;
  let end = -1;
  for (let m = cues.exec(slice); m !== null; m = cues.exec(slice)) {
    end = from + m.index + m[0].length;
    if (m[0].length === 0) cues.lastIndex++;
  }
  return end;
}

/** Whether a cue of `cues` occurs in the `window` characters before `at`. */
export function hasCueBefore(text: string, at: number, cues: RegExp, window = CUE_WINDOW): boolean {
  return lastCueEnd(text, at, cues, window) >= 0;
}

/**
 * Whether the nearest cue before `at` says "look-alike" rather than one of `positive`: "call
 * me about order 4711-…" is an order, "order question, call 030 …" is a phone.
 */
export function lookalikeWins(text: string, at: number, positive?: RegExp): boolean {
  const bad = lastCueEnd(text, at, LOOKALIKE_CUES);
  if (bad < 0) return false;
  if (positive === undefined) return true;
  return bad >= lastCueEnd(text, at, positive);
}
