/**
 * The PII eval's SECOND blind held-out set (`independent-2.jsonl`). Written from scratch by an
 * engineer who never read the detector (`src/processors/pii-detector/`), its docs drafts, the
 * first blind set's lines or values, or the development templates; committed before it was ever
 * scored. Tuning must never read these lines, their misses or their per-type figures: once it
 * has, the set belongs in development and a third blind set has to be written.
 *
 * A template is text with `{slot}` markers; `{slot@xx}` draws the value for language `xx`
 * (mixed-language lines). Every template is rendered `RENDERS_PER_TEMPLATE` times with fresh
 * values from one fixed seed (`independent-2/generate.ts`, values in `independent-2/values.ts`); a template
 * without slots yields one line.
 *
 * Labelling conventions (what a careful human annotator would mark):
 * - PII slots (labelled with their exact span, `end` exclusive, string indices):
 *   `{name}` → `name`, `{email}` → `email`, `{phone}` → `phone`, `{card}` / `{card_<brand>}` →
 *   `credit-card`, `{ssn}` → `ssn`, `{key}` / `{key_<vendor>}` → `api-key`, `{ip}` / `{ipp}` / `{ip6}` →
 *   `ip-address`, `{iban}` / `{iban_<cc>}` → `iban`, `{dob}` → `date-of-birth`, `{address}` →
 *   `address`, `{url}` → `url`, `{btc}` → `crypto-wallet`, `{passport}` → `passport`, `{cred}` →
 *   `credential`.
 * - An e-mail address, URL or key is one span of its own type; a name inside it
 *   (`anna.schmidt@gmx.de`) is not labelled again as `name`.
 * - A name is the person's name only: no honorific or title (`Mr`, `Frau`, `Mme`, `Sr.`, `先生`,
 *   `様`, `さん`, `님`, `씨`), even when the honorific is glued to it in CJK text. Names of
 *   companies, products and places are not names.
 * - An address is one span from the street (or the postcode mark `〒`, or the province/city in
 *   CJK order) through the city/postcode; the recipient's name before it is a separate `name`
 *   span, a floor/unit suffix inside the address belongs to it.
 * - A date is labelled `date-of-birth` only where the text says it is a birth date (born, DOB,
 *   geboren/geb., né(e), nacido/a, 出生, 生日, 生年月日, 生まれ, 생년월일, 생일, …). Every other date is not PII.
 * - A credential inside a connection URL is the `user:password` part only; the rest of such a
 *   connection string (`postgres://…@host:5432/db`) is not labelled, neither as `url`.
 * - `url` is a personal http(s) link (profile, shared file, booking page) written as a slot.
 *   Reserved example domains (`example.com`, `example.org`, `*.example`), reserved fictional
 *   phone numbers (`555-01xx`), IP documentation ranges, the published test card
 *   `4111 1111 1111 1111` and vendor API hosts written literally in a template are NOT labelled:
 *   they identify nobody. Templates keep such literals rare (two English templates).
 * - Values are real-shaped: cards Luhn-valid in issuer ranges, IBANs mod-97-valid with the
 *   country's length, SSNs in issued ranges, phones valid for their country per libphonenumber-js,
 *   API keys with vendor prefixes and random bodies (all pinned by `src/processors/pii-detector/eval-fixture-values-validate.test.ts`).
 * - Phone numbers are labelled with everything that belongs to the number (`+`, country code,
 *   parentheses, separators) and nothing around it (no `Tel.`, no trailing punctuation).
 * - Private-range IPv4 addresses are still `ip-address`.
 * - Never PII (the look-alike negatives; lines with none of the slots above are negatives):
 *   UUIDs, hashes, git SHAs, version strings, order/invoice/lot/ticket/tracking numbers,
 *   ISBN-13/EAN-13, SKUs, amounts, timestamps, masked cards (`**** 4242`), numbers that fail
 *   their checksum (`{badcard}`, `{badiban}`, `{badbtc}`), never-issued SSNs (`{badssn}`: area
 *   000, 666, 9xx), placeholders (`YOUR_API_KEY`, `sk-xxxx…`, `AKIAXXXXXXXXXXXXXXXX`), dates
 *   without a birth cue, and text that only talks about PII.
 * - Crypto wallets are bitcoin only (Base58Check `1…`/`3…` and bech32 `bc1…`), all with valid
 *   checksums; Ethereum addresses are left out because their EIP-55 checksum needs Keccak.
 */

/** The seven languages of the set. */
export type Independent2TemplateLang = 'en' | 'de' | 'fr' | 'es' | 'zh' | 'ja' | 'ko';

/** One template of independent set 2. */
export interface Independent2Template {
  lang: Independent2TemplateLang;
  text: string;
}

/** How many lines each template yields (different values each time). */
export const RENDERS_PER_TEMPLATE = 2;

const t = (lang: Independent2TemplateLang, ...texts: string[]): Independent2Template[] =>
  texts.map((text) => ({ lang, text }));

/** Every template; order is part of the fixed output. */
export const INDEPENDENT_2_TEMPLATES: readonly Independent2Template[] = [
  ...t(
    'en',
    // positives
    'hey support — {name} here. locked out again?! try {email} or text me at {phone}',
    '{email} wrote: "please cancel my subscription, the card on file is {card}"',
    'Applicant: {name}; DOB: {dob}; SSN {ssn}; current address {address}',
    '2026-11-02T08:14:55Z INFO login ok user_id=48213 ip={ip} session={uuid}',
    'nginx: {ip6} - - [02/Nov/2026:08:14:55 +0000] "GET /account HTTP/1.1" 200 5120',
    'Can you wire the deposit to {iban} (account name {name})? Thanks!',
    'STRIPE_SECRET_KEY={key_stripe}',
    'I rotated the token but the old one ({key_github}) is still in the CI logs from build {version}.',
    'Forwarding address for {name}: {address}. Call {phone} before delivery.',
    'Tip jar: {btc}',
    'DATABASE_URL=postgres://{cred}@orders-db.internal:5432/orders',
    'My new passport no. is {passport}, issued last month; I was born {dob}.',
    'Here is my portfolio: {url} — and my work phone is {phone}.',
    'Emergency contact: {name} ({phone}), {email}',
    'Ping from {ipp} timed out; escalate to {name} <{email}>.',
    // negatives
    'Order {order} has shipped, tracking number {tracking}. Invoice {invoice} is attached.',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal dollar sign before the {amount} slot
    'Your card {masked} was charged ${amount}. Questions? Reply to this e-mail.',
    'Never share your Social Security number, date of birth or bank password with anyone who calls you.',
    'export OPENAI_API_KEY={placeholder}  # replace before running, needs node {version}',
    'Release {version} ({gitsha}); sha256 {sha256}; request-id {uuid}',
    'Rejected: {badcard} fails the Luhn check and {badssn} is not an issued SSN.',
    'For docs use jane.doe@example.com and (202) 555-0143; lot {lot}, ISBN {isbn}.',
  ),
  ...t(
    'de',
    'Hallo, hier ist {name}. Meine neue Handynummer: {phone}. Bitte im System ändern!',
    'Kontoinhaber: {name}, IBAN: {iban}, Verwendungszweck {invoice}',
    'Lieferanschrift: {address} – bitte bei {name} klingeln.',
    'Ich bin am {dob} geboren, Reisepass-Nr. {passport}.',
    'Anmeldung fehlgeschlagen von {ip} für {email} ({timestamp})',
    'Zahlung per Kreditkarte {card}, gültig bis 08/29.',
    'Rückfragen gern an {email} oder telefonisch unter {phone}.',
    'Frau {name}, geb. {dob}, wohnhaft {address}',
    'redis://{cred}@cache-02.intern:6379/0 steht im Klartext in der config.yaml!',
    'Der alte AWS-Schlüssel {key_aws} wurde widerrufen, bitte neuen anfordern.',
    'Mein Profil: {url}',
    'Bitte die Spende an {btc} schicken, nicht an die alte Adresse.',
    'Server {ipp} und {ip6} antworten nicht mehr – Ticket {ticket}.',
    'The customer {name} insists: "Meine Telefonnummer ist {phone}, nicht {phone@en}."',
    // negatives
    'Ihre Bestellung {order} wurde versandt. Sendungsnummer: {tracking}',
    'Rechnung {invoice} über {amount} EUR, Charge {lot}, Artikel {sku}',
    'Bitte geben Sie niemals Ihre IBAN, PIN oder Ihr Geburtsdatum am Telefon weiter.',
    'Die IBAN {badiban} ist ungültig (Prüfziffer falsch).',
    'Karte {masked} wurde gesperrt. Firmware {version}, Build {gitsha}.',
    'Termin am {date} um 14:30 Uhr, Vorgang {ticket}, ISBN {isbn}',
    'API_KEY={placeholder} in die .env eintragen; EAN {ean}',
  ),
  ...t(
    'fr',
    'Bonjour, je suis {name}, mon numéro est le {phone}. Merci de me rappeler.',
    "Mon adresse e-mail a changé : {email}. L'ancienne ne fonctionne plus.",
    'Adresse de livraison : {address}',
    'Nom : {name} — Date de naissance : {dob} — Passeport : {passport}',
    "Merci de virer le remboursement sur l'IBAN {iban}.",
    'Paiement refusé pour la carte {card} ; veuillez réessayer.',
    'Mme {name}, née le {dob}, demeurant {address}, tél. {phone}',
    '[ERREUR] connexion refusée depuis {ip} ({email})',
    'mongodb://{cred}@mongo-prod.local:27017/clients',
    'Oups, la clé {key_openai} est partie dans le commit {gitsha}…',
    'Voici le lien vers mon CV : {url}',
    "Adresse BTC pour le paiement : {btc}. Merci d'avance !",
    'Contact : {name} <{email}>, portable {phone}',
    'Le client {name} a écrit en anglais : "my SSN is {ssn}, please fix my tax form".',
    // negatives
    'Votre commande {order} a été expédiée, numéro de suivi {tracking}.',
    'Facture {invoice} — montant {amount} € — lot {lot}',
    'Nous ne vous demanderons jamais votre numéro de carte, votre IBAN ou votre mot de passe.',
    'Carte {masked} expirée ; version de l’application {version}.',
    'Le numéro {badcard} est invalide (somme de contrôle incorrecte).',
    'Rendez-vous le {date} à 10 h, dossier {ticket}, ISBN {isbn}.',
    'Empreinte SHA-256 : {sha256} ; identifiant {uuid}',
  ),
  ...t(
    'es',
    'Hola, soy {name}. Mi teléfono es {phone} y mi correo {email}.',
    'Datos del titular: {name}, IBAN {iban}.',
    'Dirección de envío: {address}',
    'Fecha de nacimiento: {dob}. Pasaporte: {passport}.',
    'Pagué con la tarjeta {card} pero el cargo aparece dos veces.',
    'Sra. {name}, nacida el {dob}, con domicilio en {address}',
    'intento de acceso desde {ip} con el usuario {email}',
    'amqp://{cred}@rabbit.interno:5672/ quedó en el log de despliegue',
    'Se filtró la clave {key_google} en el repositorio público.',
    'Mi perfil profesional: {url}',
    'Enviar los fondos a {btc} antes del viernes.',
    'Por favor llamen a {name} al {phone}; si no contesta, escriban a {email}.',
    'Servidor caído: {ipp}, {ip6}',
    'Mi compañero de Berlín dejó su número: {phone@de}. Se llama {name@de}.',
    // negatives
    'Su pedido {order} ha sido enviado. Número de seguimiento: {tracking}',
    'Factura {invoice} por {amount} €, lote {lot}, referencia {sku}',
    'Nunca compartas tu número de tarjeta, tu DNI ni tu contraseña por WhatsApp.',
    'Tarjeta {masked} bloqueada. Versión {version}.',
    'El IBAN {badiban} no es válido: los dígitos de control no cuadran.',
    'Cita el {date} a las 9:00, expediente {ticket}, EAN {ean}.',
    'Configura TOKEN={placeholder} y reinicia; commit {gitsha}.',
  ),
  ...t(
    'zh',
    '您好，我是{name}，手机号{phone}，麻烦尽快回电。',
    '我的邮箱是{email}，请把发票发到这里。',
    '收货地址：{address}，收件人{name}，电话{phone}',
    '姓名：{name}；出生日期：{dob}；护照号码：{passport}',
    '请把退款打到这个账户：{iban}（户名{name@en}）',
    '信用卡号{card}，有效期09/28，请帮我查一下扣款。',
    '登录异常：IP {ip}，账号{email}，时间{timestamp}',
    '配置里写死了mysql://{cred}@rds-shop.intra:3306/shop，太危险了',
    '不小心把密钥{key_openai}提交到了GitHub，请马上作废。',
    '我的个人主页：{url}',
    '比特币收款地址：{btc}',
    '{name}先生出生于{dob}，现住{address}。',
    '服务器{ipp}和{ip6}都连不上了',
    '客户留言（英文）：my phone is {phone@en}, call me after 6pm',
    // negatives
    '您的订单{order}已发货，快递单号{tracking}。',
    '发票号{invoice}，金额{amount}元，批号{lot}',
    '请勿向任何人透露您的银行卡号、身份证号或验证码。',
    '银行卡{masked}已冻结，App版本{version}',
    '卡号{badcard}校验失败，请重新输入。',
    '预约时间{date}，工单{ticket}，ISBN {isbn}',
    '文件SHA256：{sha256}，请求ID {uuid}',
  ),
  ...t(
    'ja',
    'お世話になっております。{name}です。お電話は{phone}までお願いします。',
    'メールアドレスを{email}に変更してください。',
    '送付先：{address} {name}様',
    '氏名：{name}　生年月日：{dob}　旅券番号：{passport}',
    '返金は{iban}までお願いします（名義：{name@en}）。',
    'カード番号{card}で決済したのですが、二重に請求されています。',
    '不正ログイン検知 ip={ip} user={email}',
    'postgres://{cred}@db01.local:5432/app がログに出ています',
    'Slackのトークン{key_slack}が漏れたので無効化してください。',
    'ポートフォリオはこちら→{url}',
    'BTCの送金先：{btc}',
    '{name}さん（{dob}生まれ）の住所は{address}です。',
    'サーバー{ipp}に{ip6}から接続できません',
    'Mixed: 担当は{name}、連絡先 {email} / {phone@en}',
    // negatives
    'ご注文{order}は発送済みです。お問い合わせ番号：{tracking}',
    '請求書{invoice}、金額{amount}円、ロット{lot}',
    'パスワードやカード番号をメールで送らないでください。',
    'カード{masked}の有効期限が切れています。バージョン{version}',
    'カード番号{badcard}はチェックディジットが一致しません。',
    '予約日：{date}、受付番号{ticket}、JAN {ean}',
    'ハッシュ値：{sha256}　トレースID：{uuid}',
  ),
  ...t(
    'ko',
    '안녕하세요, {name}입니다. 연락처는 {phone}입니다.',
    '이메일 주소를 {email}로 바꿔 주세요.',
    '배송지: {address} ({name} 님 앞)',
    '성명: {name} / 생년월일: {dob} / 여권번호: {passport}',
    '환불은 {iban} 계좌로 부탁드립니다.',
    '카드번호 {card}로 결제했는데 두 번 청구됐어요.',
    '로그인 차단: ip={ip}, 계정={email}',
    'redis://{cred}@cache.svc.local:6379 설정이 그대로 노출됐습니다',
    'GitHub 토큰 {key_github}이 공개 저장소에 올라갔어요!',
    '제 블로그 주소: {url}',
    '비트코인 주소: {btc}',
    '{name}씨는 {dob}생이고 주소는 {address}입니다.',
    '서버 {ipp}와 {ip6} 응답 없음',
    '외국 고객 메모: "call me on {phone@en}" — 담당 {name}',
    // negatives
    '주문번호 {order} 상품이 발송되었습니다. 운송장 번호 {tracking}',
    '청구서 {invoice}, 금액 {amount}원, 로트 {lot}',
    '주민등록번호나 카드 비밀번호를 절대 알려주지 마세요.',
    '카드 {masked} 사용이 정지되었습니다. 앱 버전 {version}',
    '카드번호 {badcard}는 유효하지 않습니다.',
    '예약일 {date}, 접수번호 {ticket}, ISBN {isbn}',
    '커밋 {gitsha}, 해시 {sha256}',
  ),
  // Second pass per language: chat and form fragments, values glued to punctuation, more
  // text-only negatives (order is part of the fixed output).
  ...t(
    'en',
    'W-2 mismatch for {name}: SSN on file {ssn}, SSN on the form {ssn}. Please resend.',
    'Donation address {badbtc} bounced: the wallet checksum is wrong.',
    '[{timestamp}] job {uuid} finished in 4.2s, exit 0, image {sha256}',
    '{phone}',
    '>> {name}: sure, my email is {email}!!',
    'Visa: {card_visa} / Amex: {card_amex}',
    'Note from onboarding: employee {name} was born {dob} and lives at {address}.',
    'Our form checks that phone numbers, IBANs and card numbers are well-formed before saving them.',
    'Q: Where do I find my passport number? A: On the photo page, top right.',
    'Test data only: 4111 1111 1111 1111 is the classic test card and must never be charged.',
  ),
  ...t(
    'de',
    'Paket {tracking} liegt in der Filiale, Abholcode {lot}, Bestellung {order}.',
    'Prüfung fehlgeschlagen: {badssn} ist keine gültige SSN, {badbtc} keine gültige Adresse.',
    '{email}',
    'Name: {name} | Tel.: {phone} | E-Mail: {email}',
    'Überweisung an {iban_de} (Kontoinhaber: {name}) ist raus.',
    'Geboren am {dob} in Kassel, wohnhaft {address}, Ausweis-/Reisepassnummer {passport}.',
    'Wie lang ist eigentlich eine deutsche IBAN? 22 Zeichen, beginnend mit DE.',
    'Datenschutzhinweis: Wir speichern Name, Anschrift und Telefonnummer nur zur Vertragserfüllung.',
    'Bitte Kundennummer und Rechnungsnummer angeben, keine Kartendaten.',
  ),
  ...t(
    'fr',
    'IBAN refusé : {badiban} (clé de contrôle erronée), réf. {invoice}.',
    'Mettez TOKEN={placeholder} dans le fichier .env ; release {version}.',
    '{name} ({email})',
    'Tél : {phone} — merci !',
    'RIB : {iban_fr}, titulaire {name}.',
    'Clé API de prod : {key}',
    "Pour des raisons de sécurité, n'envoyez jamais votre numéro de passeport par e-mail.",
    'Le formulaire demande la date de naissance, le téléphone et l’adresse postale.',
    'Merci d’indiquer votre numéro de commande, et non votre numéro de carte bancaire.',
  ),
  ...t(
    'es',
    'Mi número de Seguro Social de EE. UU. es {ssn}, por si lo necesitan para el formulario W-7.',
    'Código de barras {ean}, ISBN {isbn}, lote {lot}.',
    'Error 502 en {timestamp}, traza {uuid}, versión {version}.',
    '{email}: no recibo los correos de confirmación',
    'Tel. {phone}. Dirección: {address}.',
    'Nació el {dob}; pasaporte n.º {passport}; titular {name}.',
    'key={key}',
    'Recuerda: el banco nunca te pedirá la contraseña ni el código SMS.',
    'El campo "teléfono" admite prefijo internacional; el IBAN se valida con módulo 97.',
    'Para reclamar, indica solo el número de pedido y la fecha de compra.',
  ),
  ...t(
    'zh',
    '环境变量API_KEY={placeholder}，请替换成自己的密钥，版本{version}。',
    'EAN条码{ean}，批次{lot}，订单{order}',
    '{name}的电话是{phone}，邮箱{email}。',
    '「{address}」是我的新地址',
    '客户{name}（生日：{dob}）申请注销账户',
    '接口密钥：{key}',
    '请在表单中填写姓名、手机号和收货地址，我们不会收集您的银行卡密码。',
    '护照号码一般为9位，由字母和数字组成。',
    '如需退款，请提供订单号，不要发送卡号。',
  ),
  ...t(
    'ja',
    '米国のSSN：{ssn}（{name}さん分）',
    'トラッキング番号{tracking}、注文{order}、請求書{invoice}',
    'APIキーは{placeholder}のままでは動きません（{version}）。',
    '{email}',
    '【至急】{name}様の電話番号（{phone}）が間違っています',
    '口座：{iban}、カード：{card}',
    'ご本人確認のため、生年月日（{dob}）とご住所（{address}）をお知らせください。',
    'マイナンバーやパスポート番号をチャットに書き込まないでください。',
    '電話番号はハイフンなしで入力してください。',
    '注文番号と郵便番号を入力すると配送状況を確認できます。',
  ),
  ...t(
    'ko',
    '미국 사회보장번호(SSN) {ssn} 확인 부탁드립니다.',
    'API 키 자리에 {placeholder}를 넣으세요. 빌드 {gitsha}',
    '택배 {tracking}, 주문 {order}, 요청 ID {uuid}',
    '{phone} 으로 연락 주세요',
    '[{name}] {email}',
    '예금주 {name}, IBAN {iban}, 카드 {card}',
    '{name}님의 생일은 {dob}입니다. 여권 번호는 {passport}입니다.',
    '전화번호와 이메일 주소는 개인정보이므로 안전하게 보관됩니다.',
    '여권번호는 영문 1자리와 숫자 8자리로 구성됩니다.',
    '주문번호만 알려주시면 배송 조회를 도와드리겠습니다.',
  ),
];
