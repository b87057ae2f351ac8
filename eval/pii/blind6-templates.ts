/**
 * Templates of PII blind set 6 (issue #11's sixth held-out half), written by an engineer who never
 * read the detector or the other sets, and labelled by the documented contract (README,
 * "PIIDetector and detectPII()").
 *
 * Slots: `{type}` is a labelled value, `{~kind}` an unlabelled look-alike (see
 * `lookAlike()` in `blind6-values.ts`). Labelled slots: `{name}` (full name, native order and
 * script), `{given}` / `{family}` (one part of the current name, labelled `name`), `{name_ns}`
 * (Japanese name without the space), `{email}` (built from the current name), `{phone}`,
 * `{card}`, `{ssn}`, `{key}`, `{ip}`, `{ip6}`, `{iban}` (grouped) / `{ibanc}` (compact), `{dob}`,
 * `{addr}` (street with postcode and city) / `{street}` (street and number only), `{url}`,
 * `{credurl}`, `{wallet}`, `{passport}`. `{~date}` is a date that is not a birth date.
 * A template gets a fresh name at `{name}`; `{given}`, `{family}` and `{email}` reuse it.
 *
 * Span conventions (exact, `end` exclusive):
 * - Value only: no cue words ("Tel.", "IBAN:", "DOB"), no quotes, brackets, `mailto:`, `tel:`,
 *   `Bearer ` or trailing punctuation.
 * - `name`: the name as written, without honorifics or titles (Mr., Frau, Dr., M., Sr., 様, さん,
 *   先生, 女士, 씨, 님). A Japanese spaced name (`佐藤 翔太`) is one span with its space. A lone
 *   given or family name that refers to a person is labelled too.
 * - `address`: one span from the house number / street (or, for zh and ko, the province or city;
 *   for ja, the postal code digits — the `〒` mark is a cue and stays outside) to the last part of
 *   the same run: unit, postcode and city when they follow on the same line with only commas or
 *   spaces between. The country name is never part of it. A city alone is not an address.
 * - `phone`: the number as written, including `+`, country code, parentheses and separators.
 * - `date-of-birth`: only the date after (or before, "…生まれ") a birth cue; other dates are not
 *   labelled.
 * - `url`: the whole web address from the scheme (or `www.`) to the end of its path/query.
 *   A URL with `user:password@` has only the `credential` span (`user:password`, without the `@`),
 *   per the README ("its own detection and wins the overlap, so redaction keeps the rest of the
 *   URL"); the URL around it is not labelled separately. Bare API endpoints without query, user
 *   info or ids are documented as below the threshold and are used as look-alikes.
 * - `uuid` is never labelled (only detected when asked for).
 */
import type { Lang6 } from './blind6-values.js';

/** The templates of one language: lines with labelled values and look-alike lines without. */
export interface Blind6Templates {
  positive: readonly string[];
  negative: readonly string[];
}

/** Templates per language. */
export const BLIND6_TEMPLATES: Record<Lang6, Blind6Templates> = {
  en: {
    positive: [
      'Hi team, please update the billing contact for account 88213 to {name}, {email}, phone {phone}. Thanks!',
      'From: {name} <{email}>\nSubject: Re: refund for order {~order}\n\nHi, the card I used was {card}, can you check why the refund has not arrived?',
      '[09:41] {given}: my new number is {phone}\n[09:42] agent_mia: got it, updated',
      'Ticket {~ticket} | Customer: {name} | Ship to: {addr} | Priority: normal',
      '{"customer": {"name": "{name}", "email": "{email}", "dob": "{dob}"}, "plan": "pro"}',
      'name,email,phone,city\n{name},{email},{phone},Denver',
      'Applicant {name}, born {dob}, SSN {ssn}. Employer verified, file complete.',
      'Please wire the deposit to IBAN {iban} (account holder {name}).',
      '2026-03-02T11:04:17Z WARN auth: repeated failed logins for {email} from {ip}',
      'Our staging box is reachable at {credurl} if you need to look at the logs.',
      'Leaked in the repo history: API_TOKEN={key} — rotate it today.',
      'curl -H "Authorization: Bearer {key}" https://api.vendor-cloud.io/v2/usage?month=2026-02',
      'You can send the USDC to my wallet {wallet}, network fee is on me.',
      'Passport no. {passport}, issued to {name}. Expires in 2031.',
      'Best regards,\n{name}\nSenior Account Manager\nM: {phone}',
      '| Field | Value |\n|---|---|\n| Name | {name} |\n| Address | {addr} |\n| Phone | {phone} |',
      'Can you call {given} back on {phone}? She called about the invoice {~invoice}.',
      'Client moved. New address: {street}. Same phone as before.',
      'Firewall dropped 1,204 packets from {ip6} between 02:00 and 03:00.',
      'The reset link we sent was {url} — it expires in 30 minutes.',
      'Notes from call with {name}: interested in annual plan, prefers email ({email}).',
      'Patient {name} (DOB: {dob}) checked in at 10:15 for follow-up.',
      'hey its {given}, locked out of my acct again lol. email on file is {email}',
      'Shipping label: {name}, {addr}, tel. {phone}',
      'My date of birth is {dob} and my SSN is {ssn} — is that enough to verify me?',
      'Refund approved. Funds go back to card {card} within 5 business days.',
      "INSERT INTO contacts (full_name, email, phone) VALUES ('{name}', '{email}', '{phone}');",
      'Forwarding this from {given}:\n> I moved last month, please send the new card to {addr}\n> and use {phone} for the courier.',
      'KYC review — {name}\nDOB {dob}\nPassport {passport}\nResidential address: {addr}',
      'Escalation: {name} says she was charged twice on {card}. Her callback number is {phone}.',
      'Tool output (crm.lookup): name={name}; email={email}; last_login_ip={ip}',
      'Thanks {given}! I have set the forwarding to {email} and the backup contact to {phone}.',
      'Donation receipt for {name}, {addr}. Paid by ACH to IBAN {ibanc}.',
      'payout failed: destination {wallet} rejected by compliance (user {email})',
    ],
    negative: [
      'Your order {~order} has shipped. Tracking number: {~tracking}. Expected delivery {~date}.',
      'Invoice {~invoice} for {~amount} is due on {~date}. Reference lot {~lot}.',
      'Upgraded the agent from {~version} to {~version}; see commit {~sha}.',
      'Book: "Designing Data Systems", ISBN {~isbn}, EAN {~ean}, 3 copies.',
      'Card on file: {~maskedcard}. To change it, go to Settings → Billing.',
      'Set the header to Authorization: Bearer YOUR_API_KEY and replace {~placeholder} with your own value.',
      'Request id {~uuid} failed after 3 retries (trace {~shortsha}).',
      'Please never send your SSN, card number or password over chat. We will only ask for the last 4 digits.',
      'SKU {~sku} is back in stock; serial range starts at {~serial}.',
      'Build {~build} deployed to eu-west-1, listening on port {~port}.',
      'Docs: POST https://api.stripe.com/v1/refunds with the charge id, then poll GET /v1/refunds/:refund_id.',
      'Meeting moved to {~date} at 3pm, room 4B. Case {~case} will be discussed.',
      'Template: Dear <name>, your order <order_id> ships to <address>. Contact: user@example.com',
      'We store phone numbers in E.164 format, e.g. a leading plus and country code, no spaces.',
      'Reminder: the webinar on data privacy (names, addresses, phone numbers) starts {~date}. Ticket {~ticket}.',
      'Checksum of release {~version}: sha256 {~sha}. Mirror listing at /downloads/, build {~build}.',
      'Return label for RMA {~case}: ship the unit (serial {~serial}) back within 30 days.',
      'Phone on file: {~maskedphone}. If that is not yours, update it in your profile.',
      'Washington Street entrance is closed; use the Lincoln Ave side. Package {~tracking} is at the front desk.',
    ],
  },
  de: {
    positive: [
      'Hallo, bitte ändern Sie meine Lieferadresse auf {addr}. Viele Grüße, {name}',
      'Rückruf erbeten: Frau {family}, Tel. {phone}, wegen Rechnung {~invoice}.',
      'Kunde: {name}\nE-Mail: {email}\nGeburtsdatum: {dob}\nIBAN: {iban}',
      'Überweisung bitte an {iban}, Kontoinhaber {name}.',
      '[14:02] {given}: bin unter {phone} erreichbar, gern nach 17 Uhr',
      'Mit freundlichen Grüßen\n{name}\nVertrieb Süd\nMobil: {phone}',
      '{"kunde": "{name}", "email": "{email}", "anschrift": "{addr}"}',
      'Log 03.02.2026 08:15:11 Login fehlgeschlagen für {email} von {ip}',
      'Der Zugang zum Testsystem ist {credurl}, bitte nicht weitergeben.',
      'Ich bin am {dob} geboren, meine Reisepassnummer ist {passport}.',
      'Hab gerade mit {name} telefoniert, sie schickt die Unterlagen an {email}.',
      'Zahlung per Kreditkarte {card} wurde abgelehnt, bitte prüfen.',
      'Link zum Bestellstatus: {url}',
    ],
    negative: [
      'Ihre Bestellung {~order} wurde versandt. Sendungsnummer: {~tracking}.',
      'Rechnung {~invoice} über {~amount}, fällig am {~date}. Charge {~lot}.',
      'Update auf Version {~version} eingespielt, Commit {~sha}.',
      'Gespeicherte Karte: {~maskedcard}. Ändern unter Konto → Zahlungsarten.',
      'Bitte senden Sie uns niemals Ihre IBAN oder Ihr Passwort per Chat.',
      'Artikel {~sku}, EAN {~ean}, Seriennummer {~serial}.',
      'Vorgang {~uuid} abgeschlossen, Ticket {~ticket} geschlossen.',
      'Die Goethestraße ist ab {~date} wegen Bauarbeiten gesperrt.',
    ],
  },
  fr: {
    positive: [
      'Bonjour, je m’appelle {name}, mon numéro est le {phone}.',
      'Merci de livrer au {addr}, code porte 4512B.',
      'Client : {name} — e-mail : {email} — né le {dob}',
      'Virement à effectuer sur l’IBAN {iban} au nom de {name}.',
      'Cordialement,\n{name}\nResponsable grands comptes\n{phone}',
      '[10:22] {given} : vous pouvez me joindre au {phone} cet après-midi',
      '{"nom": "{name}", "courriel": "{email}", "adresse": "{addr}"}',
      'Connexion refusée pour {email} depuis {ip} (3 tentatives).',
      'J’ai eu {name} au téléphone, il confirme le paiement par carte {card}.',
      'Numéro de passeport : {passport}, date de naissance : {dob}.',
      'Le lien de suivi est {url}',
      'Accès serveur : {credurl} (à changer après la migration)',
      'Salut {given} ! Voici ma clé de test : {key}',
    ],
    negative: [
      'Votre commande {~order} a été expédiée, numéro de suivi {~tracking}.',
      'Facture {~invoice} de {~amount}, échéance le {~date}.',
      'Mise à jour en version {~version} (commit {~shortsha}).',
      'Carte enregistrée : {~maskedcard}.',
      'Ne communiquez jamais votre numéro de sécurité sociale par e-mail.',
      'Réf. produit {~sku}, ISBN {~isbn}, lot {~lot}.',
      'La réunion au café de la place Victor Hugo du {~date} est annulée, ticket {~ticket}.',
      'Identifiant de requête {~uuid}, build {~build}.',
    ],
  },
  es: {
    positive: [
      'Hola, soy {name}, mi teléfono es {phone}.',
      'Dirección de envío: {addr}',
      'Cliente: {name} | Correo: {email} | Fecha de nacimiento: {dob}',
      'Por favor transfiera el importe a la cuenta {iban}, titular {name}.',
      'Un saludo,\n{name}\nDepartamento de Compras\nTel. {phone}',
      '[18:05] {given}: llámame al {phone} cuando puedas',
      '{"nombre": "{name}", "email": "{email}", "direccion": "{addr}"}',
      'Intento de acceso fallido para {email} desde {ip}',
      'Hablé con {name}, pagará con la tarjeta {card}.',
      'Nací el {dob}; mi número de pasaporte es {passport}.',
      'Aquí tienes el enlace de la factura: {url}',
      'La base de datos de pruebas está en {credurl}',
      'Mi billetera es {wallet}, envía ahí el pago.',
    ],
    negative: [
      'Su pedido {~order} ha sido enviado. Número de seguimiento: {~tracking}.',
      'Factura {~invoice} por {~amount}, vence el {~date}.',
      'Actualizado a la versión {~version}, commit {~sha}.',
      'Tarjeta guardada: {~maskedcard}.',
      'Nunca le pediremos su contraseña ni el número completo de su tarjeta.',
      'Referencia {~sku}, EAN {~ean}, lote {~lot}.',
      'La Calle de Alcalá estará cortada el {~date}. Incidencia {~ticket}.',
      'ID de solicitud {~uuid}, compilación {~build}.',
    ],
  },
  zh: {
    positive: [
      '您好，我是{name}，手机号{phone}，请尽快联系我。',
      '收货地址：{addr}，收件人：{name}',
      '客户：{name}\n邮箱：{email}\n出生日期：{dob}',
      '请把退款打到我的信用卡{card}，谢谢。',
      '[10:12] {name}：我的新号码是{phone}',
      '{"姓名": "{name}", "电话": "{phone}", "地址": "{addr}"}',
      '登录失败：账号 {email}，来源IP {ip}',
      '刚和{name}通了电话，她下周一过来签合同。',
      '护照号码：{passport}，出生日期：{dob}',
      '订单详情请看 {url}',
      '测试环境数据库：{credurl}',
      '此致\n{name}\n市场部经理\n电话：{phone}',
      '{name}女士您好，您的快递已送至{addr}。',
    ],
    negative: [
      '您的订单{~order}已发货，快递单号{~tracking}。',
      '发票号{~invoice}，金额{~amount}，开票日期{~date}。',
      '系统已升级到{~version}版本，提交{~shortsha}。',
      '绑定的银行卡：{~maskedcard}。',
      '请勿在聊天中发送您的身份证号或密码。',
      '商品编码{~sku}，条形码{~ean}，批次{~lot}。',
      '工单{~ticket}已关闭，请求ID {~uuid}。',
      '手机号已脱敏：{~maskedphone}，如需修改请联系客服。',
    ],
  },
  ja: {
    positive: [
      'お世話になっております。{name}です。携帯は{phone}です。',
      '送付先：〒{addr}',
      '氏名：{name}\nメール：{email}\n生年月日：{dob}',
      '{name_ns}様\nご注文ありがとうございます。お届け先：{addr}',
      '[11:30] {family}: 新しい番号は{phone}です',
      '{"氏名": "{name}", "電話": "{phone}", "住所": "{addr}"}',
      'ログイン失敗: {email} ({ip})',
      '返金はクレジットカード{card}にお願いします。',
      'パスポート番号：{passport}',
      '私は{dob}生まれです。',
      '詳細はこちら：{url}',
      '検証用DB: {credurl}',
      'よろしくお願いいたします。\n{name}\n営業部\nTEL {phone}',
    ],
    negative: [
      'ご注文番号{~order}の商品を発送しました。追跡番号：{~tracking}',
      '請求書番号{~invoice}、金額{~amount}、発行日{~date}。',
      'バージョン{~version}にアップデートしました（コミット{~shortsha}）。',
      '登録済みカード：{~maskedcard}',
      'パスワードやカード番号をチャットで送らないでください。',
      '商品コード{~sku}、JANコード{~ean}、ロット{~lot}。',
      'チケット{~ticket}をクローズしました。リクエストID {~uuid}',
      '会議は{~date}に変更になりました。',
    ],
  },
  ko: {
    positive: [
      '안녕하세요, {name}입니다. 연락처는 {phone}입니다.',
      '배송지: {addr}',
      '성명: {name}\n이메일: {email}\n생년월일: {dob}',
      '{name} 님, 주문하신 상품이 {addr}(으)로 배송됩니다.',
      '[15:20] {name}: 제 번호 {phone}로 연락 주세요',
      '{"이름": "{name}", "전화": "{phone}", "주소": "{addr}"}',
      '로그인 실패: {email} / {ip}',
      '환불은 카드 {card}로 해 주세요.',
      '여권번호: {passport}',
      '자세한 내용은 {url} 에서 확인하세요.',
      '테스트 서버 접속 정보: {credurl}',
      '감사합니다.\n{name} 드림\n영업팀 {phone}',
      '{name} 씨가 오늘 오후에 방문 예정입니다.',
    ],
    negative: [
      '주문번호 {~order} 상품이 발송되었습니다. 운송장 번호: {~tracking}',
      '송장 {~invoice}, 금액 {~amount}, 발행일 {~date}',
      '버전 {~version}으로 업데이트했습니다 (커밋 {~shortsha}).',
      '등록된 카드: {~maskedcard}',
      '채팅으로 주민등록번호나 비밀번호를 보내지 마세요.',
      '상품코드 {~sku}, 바코드 {~ean}, 로트 {~lot}',
      '티켓 {~ticket} 처리 완료, 요청 ID {~uuid}',
      '휴대폰 번호 {~maskedphone}로 인증번호를 보냈습니다.',
    ],
  },
};
