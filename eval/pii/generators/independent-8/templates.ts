/**
 * Independent set 8 templates, written without reading the detector or any other set.
 *
 * Span conventions (labelled by the README's documented contract):
 * - A span is the value only: no cue word, quote, bracket or trailing punctuation.
 * - `address`: one span over the whole street address as written in one run — street and house
 *   number and, when they follow in the same run, flat, postcode and city (en/de/fr/es), from the
 *   province/municipality to the house number / building / flat (zh), from the postcode to the
 *   building/room (ja; a `〒` postcode starts AT the `〒`, one without it starts at the digits),
 *   from the city to the unit (ko). A country name after the city is not in the span.
 * - `url`: `scheme://…` or `www.…` web addresses, to the last path/query character.
 * - A URL with `user:password@` gets ONLY a `credential` span over `user:password`.
 * - `name`: the person's name without honorifics (Mr., Frau, 様, 님, 先生, 씨).
 * - `date-of-birth`: only a date with a birth cue; other dates are not labelled.
 * - UUIDs, hashes, order/tracking/invoice numbers, masked numbers and placeholders are not labelled.
 */
import type { Faker } from '@faker-js/faker';

/** A literal piece of text or a labelled value `[type, value]`. */
export type Piece = string | readonly [string, string];

/** What a template draws values from. */
export interface Vals {
  f: Faker;
  lang: string;
  name(): string;
  family(): string;
  email(name?: string): string;
  phone(): string;
  card(): string;
  ssn(): string;
  iban(spaced?: boolean): string;
  key(): string;
  ip(): string;
  wallet(): string;
  passport(): string;
  address(): string;
  dob(): string;
  url(): string;
  cred(): string;
  host(): string;
}

/** One template: a language, whether it is a look-alike negative, and its pieces. */
export interface Independent8Template {
  id: string;
  lang: 'en' | 'de' | 'fr' | 'es' | 'zh' | 'ja' | 'ko';
  negative: boolean;
  render(v: Vals): Piece[];
}

const N = (v: Vals): Piece => ['name', v.name()];
const E = (v: Vals): Piece => ['email', v.email()];
const P = (v: Vals): Piece => ['phone', v.phone()];
const A = (v: Vals): Piece => ['address', v.address()];

const uuid = (v: Vals) => v.f.string.uuid();
const hex = (v: Vals, n: number) => v.f.string.hexadecimal({ length: n, casing: 'lower', prefix: '' });
const num = (v: Vals, n: number) => v.f.string.numeric({ length: n, allowLeadingZeros: false });
const isbn = (v: Vals) => {
  const body = `978${num(v, 9)}`;
  let s = 0;
  for (let i = 0; i < 12; i++) s += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return `${body}${(10 - (s % 10)) % 10}`;
};
const ver = (v: Vals) => `${v.f.number.int({ max: 9 })}.${v.f.number.int({ max: 30 })}.${v.f.number.int({ max: 40 })}`;
const isoDate = (v: Vals) => v.f.date.between({ from: '2024-01-01', to: '2026-11-30' }).toISOString().slice(0, 10);

/** All templates of independent set 8. */
export const INDEPENDENT_8_TEMPLATES: Independent8Template[] = [
  // ---------------- English ----------------
  { id: 'en-ticket-callback', lang: 'en', negative: false, render: (v) => ['Ticket #', num(v, 6), ' – customer ', N(v), ' asked for a callback on ', P(v), ' after 3pm. Preferred email: ', E(v), '.'] },
  { id: 'en-signature', lang: 'en', negative: false, render: (v) => ['Thanks again for the quick turnaround.\n\nBest regards,\n', N(v), '\nAccount Manager, ', v.f.company.name(), '\nM: ', P(v), '\n', E(v)] },
  { id: 'en-shipping', lang: 'en', negative: false, render: (v) => ['Hi, I moved last month. Please ship order ', num(v, 8), ' to my new address: ', A(v), ' instead of the old one.'] },
  { id: 'en-payment-chat', lang: 'en', negative: false, render: (v) => ['[', `${v.f.number.int({ min: 10, max: 23 })}:${String(v.f.number.int({ max: 59 })).padStart(2, '0')}`, '] user: can u just charge the other card? ', ['credit-card', v.card()], ' exp 0', String(v.f.number.int({ min: 1, max: 9 })), '/2', String(v.f.number.int({ min: 7, max: 9 }))] },
  { id: 'en-hr-form', lang: 'en', negative: false, render: (v) => ['Employee onboarding\nFull name: ', N(v), '\nSSN: ', ['ssn', v.ssn()], '\nDate of birth: ', ['date-of-birth', v.dob()], '\nHome address: ', A(v), '\nPhone: ', P(v)] },
  { id: 'en-leaked-key', lang: 'en', negative: false, render: (v) => ['hey, the staging deploy is failing. I pasted the env below, the API key in it is ', ['api-key', v.key()], ' – can you check if it got rotated?'] },
  { id: 'en-log-ip', lang: 'en', negative: false, render: (v) => [isoDate(v), 'T10:', String(v.f.number.int({ min: 10, max: 59 })), ':07Z WARN auth: 5 failed logins for ', E(v), ' from ', ['ip-address', v.ip()], ' (request id ', uuid(v), ')'] },
  { id: 'en-db-url', lang: 'en', negative: false, render: (v) => ['The worker can\'t reach the DB. Connection string in the config is postgres://', ['credential', v.cred()], '@', v.host(), ':5432/orders – is that still right?'] },
  { id: 'en-wire', lang: 'en', negative: false, render: (v) => ['Please wire the deposit to ', N(v), ', IBAN ', ['iban', v.iban(true)], ', reference INV-', num(v, 5), '.'] },
  { id: 'en-crypto', lang: 'en', negative: false, render: (v) => ['Refund request: I sent the payment to the wrong address. My wallet is ', ['crypto-wallet', v.wallet()], ', please send it back there.'] },
  { id: 'en-travel', lang: 'en', negative: false, render: (v) => ['Traveler: ', N(v), '\nPassport no. ', ['passport', v.passport()], '\nBorn: ', ['date-of-birth', v.dob()], '\nSeat preference: aisle'] },
  { id: 'en-json-crm', lang: 'en', negative: false, render: (v) => ['{"contact": {"name": "', N(v), '", "email": "', E(v), '", "phone": "', P(v), '", "source": "webinar"}}'] },
  { id: 'en-csv', lang: 'en', negative: false, render: (v) => ['name,email,city\n', N(v), ',', E(v), ',', v.f.location.city(), '\n', N(v), ',', E(v), ',', v.f.location.city()] },
  { id: 'en-link', lang: 'en', negative: false, render: (v) => ['Here is the shared folder with the signed lease: ', ['url', v.url()], ' – let me know if the link expires. – ', N(v)] },
  { id: 'en-md-table', lang: 'en', negative: false, render: (v) => ['| Attendee | Email | Phone |\n|---|---|---|\n| ', N(v), ' | ', E(v), ' | ', P(v), ' |\n| ', N(v), ' | ', E(v), ' | ', P(v), ' |'] },
  { id: 'en-spoke', lang: 'en', negative: false, render: (v) => ['CRM note: spoke to ', N(v), ' today, they want to move the renewal to Q2. Follow-up on ', isoDate(v), '.'] },
  { id: 'en-neg-order', lang: 'en', negative: true, render: (v) => ['Your order ', num(v, 9), ' has shipped. Tracking number 1Z', v.f.string.alphanumeric({ length: 16, casing: 'upper' }), '. Estimated delivery: ', isoDate(v), '.'] },
  { id: 'en-neg-masked', lang: 'en', negative: true, render: (v) => ['Payment of $', String(v.f.number.int({ min: 10, max: 900 })), '.00 received from card ending **** **** **** ', num(v, 4), '. Invoice INV-', num(v, 6), ' is now paid.'] },
  { id: 'en-neg-placeholder', lang: 'en', negative: true, render: () => ['Set OPENAI_API_KEY=YOUR_API_KEY in .env, then send a test mail to <email>. Replace <phone> with the customer\'s number before going live.'] },
  { id: 'en-neg-talk', lang: 'en', negative: true, render: () => ['Reminder: never paste a customer\'s social security number, card number or date of birth into a ticket. Use the secure vault link instead.'] },
  { id: 'en-neg-build', lang: 'en', negative: true, render: (v) => ['build ', ver(v), ' (commit ', hex(v, 40), ') deployed to eu-west-1; artifact sha256 ', hex(v, 64)] },
  { id: 'en-neg-uuid', lang: 'en', negative: true, render: (v) => ['Job ', uuid(v), ' finished in ', String(v.f.number.int({ min: 2, max: 90 })), 's, ', String(v.f.number.int({ min: 100, max: 99999 })), ' rows processed. Next run ', isoDate(v), ' 02:00 UTC.'] },
  { id: 'en-neg-isbn', lang: 'en', negative: true, render: (v) => ['Book request: ISBN ', isbn(v), ', 2nd edition, qty 3. Lot ', v.f.string.alphanumeric({ length: 8, casing: 'upper' }), ', SKU ', `${v.f.string.alpha({ length: 3, casing: 'upper' })}-${num(v, 5)}`] },
  { id: 'en-neg-dates', lang: 'en', negative: true, render: (v) => ['The contract starts on ', isoDate(v), ' and renews annually. The meeting on ', isoDate(v), ' was moved to the boardroom.'] },
  { id: 'en-neg-example', lang: 'en', negative: true, render: () => ['Docs: call GET /v1/users/{id} with header Authorization: Bearer <token>. The response includes email and phone fields (redacted in this example).'] },
  // ---------------- German ----------------
  { id: 'de-ticket', lang: 'de', negative: false, render: (v) => ['Hallo, mein Name ist ', N(v), '. Bitte rufen Sie mich unter ', P(v), ' zurück, es geht um die Rechnung ', num(v, 7), '.'] },
  { id: 'de-lieferung', lang: 'de', negative: false, render: (v) => ['Lieferadresse geändert: ', A(v), '. Die Bestellung ', num(v, 8), ' bitte dorthin schicken. Gruß ', N(v)] },
  { id: 'de-sepa', lang: 'de', negative: false, render: (v) => ['SEPA-Lastschriftmandat\nKontoinhaber: ', N(v), '\nIBAN: ', ['iban', v.f.datatype.boolean() ? v.iban(true) : v.iban(false)], '\nE-Mail: ', E(v)] },
  { id: 'de-signature', lang: 'de', negative: false, render: (v) => ['Vielen Dank und viele Grüße\n', N(v), '\nTel.: ', P(v), '\n', A(v)] },
  { id: 'de-geburt', lang: 'de', negative: false, render: (v) => ['Patientin ', N(v), ', geboren am ', ['date-of-birth', v.dob()], ', Versichertennummer liegt vor. Rückfragen an ', E(v), '.'] },
  { id: 'de-log', lang: 'de', negative: false, render: (v) => ['Fehlermeldung vom Server: Zugriff verweigert für ', ['ip-address', v.ip()], '. Ich habe die URL ', ['url', v.url()], ' aufgerufen.'] },
  { id: 'de-pass', lang: 'de', negative: false, render: (v) => ['Für die Buchung brauchen wir noch Ihre Reisepassnummer: ', ['passport', v.passport()], ' – danke, ', N(v), '!'] },
  { id: 'de-neg-bestell', lang: 'de', negative: true, render: (v) => ['Ihre Bestellung Nr. ', num(v, 10), ' wurde am ', isoDate(v), ' versandt. Sendungsnummer: ', num(v, 20), '.'] },
  { id: 'de-neg-placeholder', lang: 'de', negative: true, render: () => ['Bitte tragen Sie im Formular Ihre IBAN im Feld „DE00 0000 0000 0000 0000 00“ ein und ersetzen Sie <E-Mail> durch Ihre Adresse.'] },
  { id: 'de-neg-version', lang: 'de', negative: true, render: (v) => ['Update auf Version ', ver(v), ' behebt den Fehler ', `ERR-${num(v, 4)}`, '. Prüfsumme: ', hex(v, 32), '.'] },
  { id: 'de-neg-talk', lang: 'de', negative: true, render: () => ['Hinweis zum Datenschutz: Telefonnummern und Geburtsdaten dürfen nur mit Einwilligung gespeichert werden.'] },
  // ---------------- French ----------------
  { id: 'fr-ticket', lang: 'fr', negative: false, render: (v) => ['Bonjour, je suis ', N(v), ', client depuis 2019. Vous pouvez me joindre au ', P(v), ' ou par mail à ', E(v), '.'] },
  { id: 'fr-adresse', lang: 'fr', negative: false, render: (v) => ['Merci d\'envoyer la facture à l\'adresse suivante : ', A(v), '. Cordialement, ', N(v)] },
  { id: 'fr-rib', lang: 'fr', negative: false, render: (v) => ['Voici mon RIB pour le remboursement : IBAN ', ['iban', v.iban(true)], ' (titulaire : ', N(v), ').'] },
  { id: 'fr-naissance', lang: 'fr', negative: false, render: (v) => ['Dossier adhérent — ', N(v), ', né le ', ['date-of-birth', v.dob()], ', passeport n° ', ['passport', v.passport()], '.'] },
  { id: 'fr-carte', lang: 'fr', negative: false, render: (v) => ['Le paiement a échoué avec la carte ', ['credit-card', v.card()], ', pouvez-vous réessayer ? Merci.'] },
  { id: 'fr-lien', lang: 'fr', negative: false, render: (v) => ['Le document est disponible ici : ', ['url', v.url()], '\nBonne journée,\n', N(v)] },
  { id: 'fr-neg-commande', lang: 'fr', negative: true, render: (v) => ['Votre commande n° ', num(v, 9), ' est en cours de préparation. Numéro de suivi : ', `6A${num(v, 11)}`, '. Facture FA-', num(v, 6), '.'] },
  { id: 'fr-neg-carte', lang: 'fr', negative: true, render: (v) => ['Paiement accepté avec la carte se terminant par ', num(v, 4), ' (XXXX XXXX XXXX ', num(v, 4), ').'] },
  { id: 'fr-neg-talk', lang: 'fr', negative: true, render: () => ['Rappel RGPD : ne jamais envoyer un numéro de sécurité sociale ou un mot de passe par e-mail.'] },
  { id: 'fr-neg-lot', lang: 'fr', negative: true, render: (v) => ['Lot ', v.f.string.alphanumeric({ length: 7, casing: 'upper' }), ', EAN ', isbn(v).replace(/^978/, '376'), ', date de péremption ', isoDate(v), '.'] },
  // ---------------- Spanish ----------------
  { id: 'es-ticket', lang: 'es', negative: false, render: (v) => ['Hola, soy ', N(v), '. Mi número es ', P(v), ' y mi correo ', E(v), '. Llevo dos semanas esperando el reembolso.'] },
  { id: 'es-envio', lang: 'es', negative: false, render: (v) => ['Dirección de entrega: ', A(v), '\nDestinatario: ', N(v), '\nTeléfono: ', P(v)] },
  { id: 'es-nacimiento', lang: 'es', negative: false, render: (v) => ['Formulario de alta\nNombre: ', N(v), '\nFecha de nacimiento: ', ['date-of-birth', v.dob()], '\nPasaporte: ', ['passport', v.passport()]] },
  { id: 'es-iban', lang: 'es', negative: false, render: (v) => ['Te paso la cuenta para la transferencia: ', ['iban', v.iban(v.f.datatype.boolean())], '. Gracias, ', N(v), '.'] },
  { id: 'es-clave', lang: 'es', negative: false, render: (v) => ['Ojo: en el repo quedó subida la clave ', ['api-key', v.key()], ', hay que revocarla cuanto antes.'] },
  { id: 'es-ftp', lang: 'es', negative: false, render: (v) => ['Para subir los ficheros usa ftp://', ['credential', v.cred()], '@', v.host(), '/entregas y avisa cuando termines.'] },
  { id: 'es-neg-pedido', lang: 'es', negative: true, render: (v) => ['Tu pedido ', `ES${num(v, 9)}`, ' llegará el ', isoDate(v), '. Número de seguimiento: ', v.f.string.alphanumeric({ length: 13, casing: 'upper' }), '.'] },
  { id: 'es-neg-talk', lang: 'es', negative: true, render: () => ['Por seguridad, no compartas tu contraseña ni el número de tu tarjeta por chat. Nuestro equipo nunca te los pedirá.'] },
  { id: 'es-neg-version', lang: 'es', negative: true, render: (v) => ['Versión ', ver(v), ' publicada. Hash del commit: ', hex(v, 12), '. Factura F-', num(v, 5), '/2025.'] },
  // ---------------- Chinese ----------------
  { id: 'zh-kefu', lang: 'zh', negative: false, render: (v) => ['您好，我是', N(v), '，订单号', num(v, 12), '一直没发货，麻烦联系我：', P(v), '。'] },
  { id: 'zh-dizhi', lang: 'zh', negative: false, render: (v) => ['收货人：', N(v), '\n手机：', P(v), '\n收货地址：', A(v)] },
  { id: 'zh-shengri', lang: 'zh', negative: false, render: (v) => ['员工档案：', N(v), '，出生日期：', ['date-of-birth', v.dob()], '，护照号码：', ['passport', v.passport()], '。'] },
  { id: 'zh-youxiang', lang: 'zh', negative: false, render: (v) => ['会议纪要已发到', E(v), '，有问题请联系', N(v), '（', P(v), '）。'] },
  { id: 'zh-log', lang: 'zh', negative: false, render: (v) => ['告警：来自 ', ['ip-address', v.ip()], ' 的异常登录，账号 ', E(v), '，已临时冻结。'] },
  { id: 'zh-qianbao', lang: 'zh', negative: false, render: (v) => ['提现地址填错了，正确的钱包地址是 ', ['crypto-wallet', v.wallet()], '，请帮我改一下。'] },
  { id: 'zh-neg-dingdan', lang: 'zh', negative: true, render: (v) => ['您的订单', num(v, 16), '已发货，快递单号SF', num(v, 12), '，预计', isoDate(v), '送达。'] },
  { id: 'zh-neg-talk', lang: 'zh', negative: true, render: () => ['温馨提示：请勿在聊天中发送身份证号、银行卡号或密码，客服不会向您索取这些信息。'] },
  { id: 'zh-neg-version', lang: 'zh', negative: true, render: (v) => ['版本 ', ver(v), ' 已发布，构建号 ', num(v, 6), '，校验值 ', hex(v, 32), '。'] },
  // ---------------- Japanese ----------------
  { id: 'ja-toiawase', lang: 'ja', negative: false, render: (v) => ['お世話になっております。', N(v), 'です。至急ご連絡ください。電話番号：', P(v), '、メール：', E(v)] },
  { id: 'ja-haiso', lang: 'ja', negative: false, render: (v) => ['お届け先：', A(v), '\nお名前：', N(v), ' 様\nTEL：', P(v)] },
  { id: 'ja-seinen', lang: 'ja', negative: false, render: (v) => ['会員登録情報\n氏名：', N(v), '\n生年月日：', ['date-of-birth', v.dob()], '\n旅券番号：', ['passport', v.passport()]] },
  { id: 'ja-card', lang: 'ja', negative: false, render: (v) => ['決済エラーが出ました。カード番号は', ['credit-card', v.card()], 'です。もう一度お試しいただけますか。'] },
  { id: 'ja-link', lang: 'ja', negative: false, render: (v) => ['資料はこちらからダウンロードできます：', ['url', v.url()], '\nよろしくお願いいたします。'] },
  { id: 'ja-neg-chumon', lang: 'ja', negative: true, render: (v) => ['ご注文番号 ', num(v, 3), '-', num(v, 7), '-', num(v, 7), ' の商品を発送しました。お問い合わせ番号：', num(v, 12), '。'] },
  { id: 'ja-neg-talk', lang: 'ja', negative: true, render: () => ['個人情報（氏名・住所・電話番号）の取り扱いについては、プライバシーポリシーをご確認ください。'] },
  { id: 'ja-neg-version', lang: 'ja', negative: true, render: (v) => ['バージョン', ver(v), 'をリリースしました。ビルドID：', uuid(v), '。'] },
  // ---------------- Korean ----------------
  { id: 'ko-munui', lang: 'ko', negative: false, render: (v) => ['안녕하세요, ', N(v), '입니다. 환불 건으로 연락드립니다. 연락처는 ', P(v), '이고 이메일은 ', E(v), '입니다.'] },
  { id: 'ko-baesong', lang: 'ko', negative: false, render: (v) => ['배송지 변경 요청\n받는 분: ', N(v), '\n주소: ', A(v), '\n연락처: ', P(v)] },
  { id: 'ko-saengil', lang: 'ko', negative: false, render: (v) => ['회원 정보 확인: 성명 ', N(v), ', 생년월일 ', ['date-of-birth', v.dob()], ', 여권번호 ', ['passport', v.passport()]] },
  { id: 'ko-key', lang: 'ko', negative: false, render: (v) => ['슬랙에 API 키가 그대로 올라왔어요: ', ['api-key', v.key()], ' 빨리 폐기해 주세요.'] },
  { id: 'ko-log', lang: 'ko', negative: false, render: (v) => ['[경고] ', ['ip-address', v.ip()], ' 에서 관리자 페이지 접근 시도 ', String(v.f.number.int({ min: 3, max: 40 })), '회'] },
  { id: 'ko-neg-jumun', lang: 'ko', negative: true, render: (v) => ['주문번호 ', num(v, 14), ' 상품이 출고되었습니다. 송장번호: ', num(v, 12), ', 도착 예정일 ', isoDate(v), '.'] },
  { id: 'ko-neg-talk', lang: 'ko', negative: true, render: () => ['개인정보 보호를 위해 주민등록번호와 카드 번호는 채팅으로 보내지 마세요.'] },
  { id: 'ko-neg-version', lang: 'ko', negative: true, render: (v) => ['v', ver(v), ' 배포 완료. 커밋 ', hex(v, 7), ', 빌드 번호 ', num(v, 5), '.'] },
];
