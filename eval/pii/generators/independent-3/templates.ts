/**
 * The PII eval's THIRD blind held-out set (`independent-3.jsonl`). Written from scratch by an
 * engineer who never read the detector (`src/processors/pii-detector/`), its docs drafts, the
 * earlier blind sets' lines or values, or the development templates; committed before it was ever
 * scored. Tuning must never read these lines, their misses or their per-type figures: once it has,
 * the set belongs to development and a fourth blind set has to be written.
 *
 * A template is text with `{slot}` markers; `{slot@xx}` draws the value for language `xx` (mixed
 * lines). Each template renders `RENDERS_PER_TEMPLATE` times with fresh values (`independent-3/generate.ts`,
 * values from `independent-3/values.ts`, one fixed seed).
 *
 * Labelling follows independent set 2's conventions exactly:
 * - PII slots → type: `{name}` `{first}` `{last}` → `name`; `{email}`; `{phone}`; `{card}` →
 *   `credit-card`; `{ssn}`; `{key}` / `{key_<vendor>}` → `api-key`; `{ip}` `{ipp}` `{ip6}` →
 *   `ip-address`; `{iban}` / `{iban_<cc>}`; `{dob}` → `date-of-birth` (templates always put a birth
 *   cue next to it); `{address}` (whole postal address, one span); `{url}`; `{btc}` →
 *   `crypto-wallet`; `{passport}`; `{cred}` → `credential` (the `user:password` of a connection URL
 *   only).
 * - Names carry no honorific or title (`Dr.`, `Frau`, `Mme`, `Sra.`, `先生`, `様`, `さん`, `님`, `씨`
 *   stay outside the span, glued or not). Companies, products and places are not names.
 * - Everything else is not PII: order / tracking / invoice / lot / ticket numbers, ISBN-13/EAN-13,
 *   SKUs, versions, hashes, UUIDs, masked cards, values failing their checksum (`{badcard}`,
 *   `{badiban}`, `{badbtc}`), never-issued SSNs (`{badssn}`), placeholders, dates without a birth cue
 *   (`{date}`), amounts, timestamps, reserved example domains, 555-01xx numbers, the test card
 *   4111 1111 1111 1111, and text that only talks about PII. A line without PII slots is a negative.
 */
import type { Independent3Lang } from './values.js';

/** One template of independent set 3. */
export interface Independent3Template {
  lang: Independent3Lang;
  text: string;
}

/** How many lines each template yields (different values each time). */
export const RENDERS_PER_TEMPLATE = 2;

const t = (lang: Independent3Lang, ...texts: string[]): Independent3Template[] => texts.map((text) => ({ lang, text }));

/** Every template; order is part of the fixed output. */
export const INDEPENDENT_3_TEMPLATES: readonly Independent3Template[] = [
  ...t(
    'en',
    'Hi {first},\n\nThanks for reaching out about ticket {ticket}. I have updated the shipping address to {address}.\n\nBest,\n{name}\nCustomer Care | {phone}',
    'From: {name} <{email}>\nTo: billing@sluice.dev\nSubject: Refund for order {order}\n\nPlease refund to the card ending in the one I used, {card}. Thanks!',
    '[14:02] {first}: can u send the deck to {email}?\n[14:03] {first}: or just ping me on {phone}',
    'PATIENT INTAKE — Name: {name} | DOB: {dob} | Phone: {phone} | Home: {address}',
    'HR record updated: employee {name}, SSN {ssn}, born {dob}; direct deposit IBAN {iban_GB}.',
    'W-2 correction: SSN on file {ssn} (was {badssn}), payroll id {num}.',
    'tax_form.ssn={ssn}; tax_form.card={card}; client_ip={ip}',
    'Background check request — SSN: {ssn}, passport {passport}, IBAN {iban_NL}.',
    'CRM note: spoke with {name} ({email}); prefers calls after 5pm at {phone}, card {card} on file.',
    'SHIP TO:\n{name}\n{address}\nTEL {phone}',
    '2026-10-14T09:31:07Z WARN auth failed for user={email} src={ip} attempts=5',
    'Accidentally committed OPENAI_API_KEY={key_openai} in {sha} — rotating now.',
    'DATABASE_URL=postgres://{cred}@db-prod-7.internal:5432/orders',
    'Send the 0.05 BTC to {btc} and I will ship once it has 3 confirmations. — {first}',
    'Traveler: {name}, passport no. {passport}, date of birth {dob}.',
    'My portfolio is at {url} and my calendar is {url} if you want to book a slot. Cheers, {name}',
    'Attendees: {name} and {name}.',
    'Server {ipp} forwarded the request from {ip6} (x-forwarded-for).',
    'CI secrets leaked: NPM_TOKEN={key_npm} HF_TOKEN={key_hf} SENDGRID={key_sendgrid}',
    'Reply-To: {email}; alt {email}; mobile {phone}; wallet {btc}',
    // negatives
    'Your order {order} shipped via UPS, tracking {tracking}; invoice {invoice} is attached.',
    'Release {version} fixes the crash in build {sha}; request id {uuid}.',
    'Card on file: {masked}. For testing use 4111 1111 1111 1111 with any future expiry.',
    'Audit {ticket}: SSNs must have the form AAA-GG-SSSS; the sample 000-12-3456 is rejected by design.',
    'Set STRIPE_KEY=YOUR_API_KEY in .env (never commit real keys like sk_live_xxxxxxxxxxxxxxxx).',
    'Call us at (312) 555-0147 or write to support@example.com — we answer within 24 hours.',
    'The form asks for your name, email address, phone number and date of birth; none of it is shared.',
    'Scanned ISBN {isbn} and lot {lot}, total {amount}, delivered {date}.',
    'Deploy log {ts}: node {sku} upgraded to {version}, wallet check rejected {badbtc}.',
    'Checksum failed for card {badcard} and SSN {badssn}; please re-enter.',
    'Meeting notes: we agreed that SSNs, IBANs and phone numbers are redacted before logging (since {version}).',
  ),
  ...t(
    'de',
    'Sehr geehrte Frau {last},\n\nanbei die Rechnung {invoice}. Bitte überweisen Sie den Betrag auf {iban_DE}.\n\nMit freundlichen Grüßen\n{name}\nBuchhaltung, Tel. {phone}',
    'Von: {name} <{email}>\nBetreff: Adressänderung\n\nMeine neue Anschrift lautet {address}. Danke!',
    'Patientenaufnahme: {name}, geb. {dob}, wohnhaft {address}, Tel.: {phone}',
    'Hallo {first}, kannst du mir die Unterlagen an {email} schicken?',
    'Personalakte – Mitarbeiter: {name}; Geburtsdatum: {dob}; Reisepass-Nr. {passport}; IBAN {iban_DE}',
    'Lieferadresse:\n{name}\n{address}',
    'Herr {last} hat angerufen ({phone}), Rückruf bitte bis Freitag.',
    'Zahlung per Karte {card} wurde abgelehnt, Kunde {name} informiert.',
    'Fehlerlog: Anmeldung von {ip} für {email} gesperrt (zu viele Versuche).',
    'Bitte den Token {key_github} sofort widerrufen, er stand im Wiki.',
    'Erstattung an IBAN {iban_AT} bzw. Karte {card}; Server {ipp}.',
    'Verbindung: mysql://{cred}@10.0.4.12:3306/crm – bitte nicht teilen.',
    'Mein Profil: {url} – Termin gern über {url}. Grüße, {name}',
    'Teilnehmerliste: {name}; {name}',
    'Ich bin am {dob} in Köln geboren und heiße {name}.',
    'Spende bitte an {btc}, danke {first}!',
    'Rückfragen an {email} oder {phone}; Profil {url}.',
    // negatives
    'Ihre Bestellung {order} wurde versandt, Sendungsnummer {tracking}.',
    'Artikel {sku} ({product}), Rechnung {invoice}, Lieferung an die Packstation.',
    'Update auf Version {version} (Commit {sha}) behebt den Fehler.',
    'Bitte tragen Sie Name, E-Mail-Adresse und Geburtsdatum in das Formular ein.',
    'Karte {masked} hinterlegt; die Prüfung von {badiban_DE} schlug fehl.',
    'Charge {lot}, EAN {isbn}, Lieferung am {date}, Betrag {amount}.',
    '{company} eröffnet eine Filiale am Alexanderplatz.',
    'Platzhalter: API_KEY=<dein-schlüssel> und IBAN DE00 0000 0000 0000 0000 00',
    'Ticket {ticket}: Kunde fragt, ob wir seine Telefonnummer und Adresse speichern. Antwort: nur mit Einwilligung.',
  ),
  ...t(
    'fr',
    'Bonjour Mme {last},\n\nvotre colis {tracking} sera livré au {address}.\n\nCordialement,\n{name}\nService client – {phone}',
    'De : {name} <{email}>\nObjet : changement de RIB\n\nMerci d\'utiliser désormais l\'IBAN {iban_FR}.',
    'Fiche patient : {name}, né le {dob}, adresse {address}, tél. {phone}',
    'Salut {first} ! Tu peux m\'écrire sur {email} ou au {phone} ?',
    'Dossier RH — {name}, née le {dob}, passeport n° {passport}.',
    'Livraison : {name}\n{address}\nDigicode 4821B',
    'Note CRM : {name} rappelle demain ({email}), IBAN {iban_FR}.',
    'Paiement refusé pour la carte {card} de M. {name}.',
    'journal : connexion refusée depuis {ip} pour {email}',
    'Clé exposée dans le dépôt : {key_aws}, à révoquer.',
    'Virement vers {iban_BE}, carte de secours {card}, IP {ip}.',
    'chaîne : redis://{cred}@cache-01:6379/0',
    'Mon site : {url} ; réservez un créneau ici : {url} — {name}',
    'Participants : {name} et {name}.',
    'Adresse du portefeuille : {btc} (merci {first}).',
    'Joignable au {phone} ou via {url} ; secours {email}.',
    'Je m\'appelle {name}, je suis née le {dob} à Lyon.',
    // negatives
    'Commande {order} expédiée, facture {invoice}, montant {amount}.',
    'Mise à jour {version} : empreinte SHA-256 {sha}, build du {date}.',
    'Version {version}, empreinte {sha}, identifiant {uuid}.',
    'Le formulaire demande votre nom, votre adresse e-mail et votre date de naissance.',
    'Carte enregistrée : {masked}. Le numéro {badcard} est invalide.',
    'Lot {lot}, ISBN {isbn}, rendez-vous le {date}.',
    'La société {company} ouvre une agence rue de Rivoli.',
    'Ticket {ticket} : le portefeuille {badbtc} a une somme de contrôle invalide, réf. {sku}.',
    'Renseignez VOTRE_CLE_API et l\'IBAN FR76 XXXX XXXX XXXX XXXX XXXX XXX.',
  ),
  ...t(
    'es',
    'Estimada Sra. {last}:\n\nSu pedido {order} se enviará a {address}.\n\nAtentamente,\n{name}\nAtención al cliente, tel. {phone}',
    'De: {name} <{email}>\nAsunto: domiciliación\n\nPor favor, carguen los recibos en {iban_ES}.',
    'Historia clínica: {name}, nacida el {dob}, domicilio {address}, teléfono {phone}',
    'Hola {first}, escríbeme a {email} o llámame al {phone}, ¡gracias!',
    'Expediente de personal — {name}; fecha de nacimiento: {dob}; pasaporte {passport}.',
    'ENVÍO:\n{name}\n{address}',
    'Nota CRM: {name} pidió factura a {email}; tarjeta {card}.',
    'La tarjeta {card} de {name} fue rechazada.',
    'log: acceso denegado desde {ip} para {email}',
    'Se filtró la clave {key_stripe} en el canal público.',
    'Reembolso a {iban_PT} o a la tarjeta {card}; IP de origen {ip}.',
    'conexión: mongodb://{cred}@mongo-2:27017/ventas',
    'Mi perfil: {url} y mi agenda: {url}. Un saludo, {name}',
    'Asistentes: {name} y {name}.',
    'Paga a {btc}, gracias {first}.',
    'Contacto: {email}, {phone}; enlace {url}',
    'Soy {name} y nací el {dob} en Sevilla.',
    // negatives
    'Pedido {order} enviado con seguimiento {tracking}, factura {invoice}.',
    'Número de seguimiento {tracking}, lote {lot}, ISBN {isbn}.',
    'Versión {version}, commit {sha}, petición {uuid}.',
    'El formulario pide nombre, correo electrónico y fecha de nacimiento.',
    'Tarjeta guardada {masked}; el IBAN {badiban_ES} no es válido.',
    'Lote {lot}, EAN {isbn}, entrega el {date}, importe {amount}.',
    '{company} abrió una oficina en la Plaza de España.',
    'Ticket {ticket}: el cliente pregunta cómo borramos sus datos personales (DNI, teléfono, dirección).',
    'Sustituye TU_CLAVE_API por tu clave real antes de ejecutar.',
  ),
  ...t(
    'zh',
    '{name}您好，您的快递{tracking}将送至{address}，如有问题请致电{phone}。',
    '发件人：{name}<{email}>\n主题：退款\n\n请退回到卡号{card}，谢谢。',
    '患者信息：姓名{name}，出生日期{dob}，电话{phone}，住址{address}',
    '收件人：{name}\n地址：{address}\n手机：{phone}',
    '{name}先生的护照号码是{passport}，出生于{dob}。',
    '请联系{name}（{email}）或{name}（{phone}）。',
    '员工档案：{name}，生日{dob}，工资卡IBAN {iban_DE}',
    '我叫{name}，邮箱{email}，有事找我。',
    '日志：来自{ip}的登录失败，用户{email}',
    '仓库里泄露了密钥{key_aws}，请立即作废。',
    '退款账户{iban_DE}，备用卡{card}，登录IP：{ip}。',
    '连接串：postgresql://{cred}@10.2.3.4:5432/app',
    '我的主页{url}，欢迎关注！——{name}',
    '参会人员：{name}、{name}',
    '请把比特币转到{btc}，谢谢{first}。',
    '{name}女士的联系电话：{phone}。',
    '备用邮箱{email}，微信同手机号{phone}，个人主页{url}。',
    // negatives
    '订单号{order}已发货，运单号{tracking}，发票号{invoice}。',
    '请勿在聊天中发送银行卡号或身份证号，客服不会索要验证码。',
    '版本{version}，提交{sha}，请求ID {uuid}。',
    '请填写姓名、手机号和出生日期，我们不会泄露您的个人信息。',
    '已保存的卡：{masked}，卡号{badcard}校验失败。',
    '批号{lot}，条码{isbn}，{date}到货，金额{amount}。',
    '{company}在深圳南山区设立了新的研发中心。',
    '工单{ticket}：测试卡号4111 1111 1111 1111仅用于沙箱，密钥请用YOUR_API_KEY占位。',
    '{ts} 部署{sku}完成，校验失败的社保号{badssn}已拒绝，时间戳{num}ms。',
  ),
  ...t(
    'ja',
    '{name}様\n\nいつもお世話になっております。ご注文{order}は{address}へ発送いたしました。\n\n{name}\nカスタマーサポート TEL {phone}',
    '差出人：{name} <{email}>\n件名：住所変更\n\n新しい住所は{address}です。',
    '問診票：氏名 {name}、生年月日 {dob}、電話 {phone}、住所 {address}',
    '{last}さん、資料は{email}に送ってください！',
    '社員情報：{name}（{dob}生まれ）、旅券番号{passport}',
    'お届け先：{name}様\n{address}\n電話：{phone}',
    '{name}さんから電話（{phone}）がありました。折り返しお願いします。',
    'カード{card}の決済が失敗しました（{name}様）。',
    'ログ：{ip}から{email}へのログインを拒否',
    'GitHubトークン{key_github}がSlackに貼られていました。',
    'APIキー{key_google}とカード{card}、接続元{ip6}。',
    '接続文字列：mysql://{cred}@db01:3306/shop',
    '私のポートフォリオは{url}です。{name}',
    '出席者：{name}、{name}',
    '振込先IBAN：{iban_GB}（名義 {name}）',
    '{btc}宛てに送金しました。{first}',
    '連絡先：{email}／{phone}／{url}',
    // negatives
    '注文番号{order}、追跡番号{tracking}、請求書{invoice}。',
    '{company}の{product}、型番{sku}、保証書番号{invoice}。',
    'バージョン{version}、コミット{sha}、リクエストID {uuid}。',
    '氏名・メールアドレス・生年月日を入力してください。個人情報は厳重に管理します。',
    '登録カード：{masked}。番号{badcard}は無効です。',
    'ロット{lot}、ISBN {isbn}、{date}入荷、{amount}。',
    '{company}が大阪に新しい物流センターを開設しました。',
    '問い合わせ{ticket}：APIキーはYOUR_API_KEYのままにしてください（本番キーは別管理）。',
    '{ts} 商品{product}（SKU {sku}）の在庫を{num}個追加。',
  ),
  ...t(
    'ko',
    '{name}님, 주문하신 상품({order})은 {address}(으)로 배송됩니다. 문의: {phone}',
    '보낸 사람: {name} <{email}>\n제목: 주소 변경\n\n새 주소는 {address}입니다.',
    '진료 접수: 성명 {name}, 생년월일 {dob}, 연락처 {phone}, 주소 {address}',
    '{first}야, 자료 {email}로 보내줘!',
    '인사 기록: {name}, 생일 {dob}, 여권번호 {passport}',
    '받는 분: {name}\n주소: {address}\n전화: {phone}',
    '{name}씨가 전화했어요({phone}). 결제 카드 {card}.',
    '카드 {card} 결제가 거절되었습니다. 고객: {name}',
    '로그: {ip}에서 {email} 로그인 실패',
    'Slack 토큰 {key_slack}이 노출되었습니다.',
    '환불 계좌 {iban_GB}, 카드 {card}, 접속 IP {ip}.',
    '접속 정보: postgres://{cred}@10.1.1.8:5432/hr',
    '제 블로그는 {url}입니다. - {name}',
    '참석자: {name}, {name}',
    '송금 계좌 IBAN: {iban_DE}, 예금주 {name}',
    '비트코인 주소 {btc}로 보내주세요. {first}',
    '연락처 {phone}, 메일 {email}, 프로필 {url}',
    // negatives
    '주문번호 {order}, 운송장번호 {tracking}, 송장 {invoice}.',
    '{company} 고객센터 안내: 주문번호 {order}, 제품 {product}, 일련번호 {sku}.',
    '버전 {version}, 커밋 {sha}, 요청 ID {uuid}.',
    '이름, 이메일, 생년월일을 입력해 주세요. 개인정보는 안전하게 보관됩니다.',
    '등록된 카드: {masked}. 카드번호 {badcard}는 유효하지 않습니다.',
    '로트 {lot}, 바코드 {isbn}, {date} 입고, 금액 {amount}.',
    '{company}가 판교에 새 연구소를 열었습니다.',
    '문의 {ticket}: 비밀번호나 주민등록번호를 채팅에 적지 마세요.',
    '{ts} {product} 펌웨어 {version} 배포 완료, 해시 {sha}.',
  ),
  // mixed-language lines
  ...t(
    'en',
    'Forwarded from {name@de} <{email@de}>: „Bitte ruf mich an: {phone@de}" — can someone from the Berlin team call back?',
    'Tokyo office contact: {name@ja}様 ({email@ja}), address {address@ja}.',
  ),
  ...t('zh', 'Please ship to {name}（{phone}），地址{address}，thanks!'),
  ...t('ja', 'Meeting with {name@ko}님 and {name}さん at {address}.'),
  ...t('ko', '출장자 {name@en}, passport {passport@en}, 생년월일 {dob}.'),
  ...t('fr', 'Contact à Madrid : {name@es}, {phone@es}, {email@es}.'),
  ...t('de', 'Kundin {name@fr} aus Lyon, IBAN {iban_FR}, Tel. {phone@fr}.'),
  ...t('es', 'Mensaje de {name@zh}（{email@zh}）：请回电 {phone@zh}。'),
];
