/**
 * Second development set for the PII eval, written after independent set 1's misses were
 * reported: one line per generalised rule (boundaries against CJK text, passport formats per
 * country, non-phone number cues, birth-date cues after the date, name cues and name shapes per
 * language, address shapes, which URLs are personal) plus look-alike negatives for each rule.
 * Lines are hand-written with fake values; PII is marked inline as `[[type|value]]` and the
 * markers are stripped when the fixture is built, so spans are exact by construction.
 * Development data: tuned on.
 */
import type { PIIType } from '../../../../src/processors/pii-detector/detect/types.js';
import type { PIIFixture } from './generate.js';
import type { Lang } from './slots.js';

const LINES: ReadonlyArray<readonly [Lang, string]> = [
  // Boundaries: CJK / Hangul text glued to keys and IPs.
  ['zh', '密钥是[[api-key|sk-proj-Qm7Rt2Vx9Lp4Kd8Hs1Zn6Bc3Wf5Jy0Ga]]请勿外传'],
  ['ko', '액세스 키 [[api-key|AKIAJQ7XRM2PLZ4KD8HS]]를 폐기해 주세요'],
  ['ja', 'トークン[[api-key|ghp_Zx8Kq3Lm7Np2Rt6Vw9Yb4Cd1Fh5Jk0Sa3UeQ7]]を無効化しました'],
  ['zh', '地图密钥[[api-key|AIzaSyD8kQ2mX7pL4rT9vW1zB6nC3hJ5sK0aE2f]]已泄露'],
  ['zh', '登录地址IP[[ip-address|61.148.77.203]]异常'],
  ['ko', '접속 IP[[ip-address|211.45.162.88]]에서 로그인했습니다'],
  ['ja', '接続元[[ip-address|126.74.201.19]]からのアクセス'],
  ['zh', '版本号v2.13.4.7已发布', ],
  // Passport formats per country, cue wins over phone.
  ['en', 'My passport number is [[passport|583920174]].'],
  ['fr', 'Numéro de passeport : [[passport|18CD52731]]'],
  ['de', 'Reisepassnummer [[passport|C01X00T47]] bitte mitbringen.'],
  ['es', 'Mi pasaporte es [[passport|PAB123456]].'],
  ['en', 'UK passport no. [[passport|533401372]] expires next year.'],
  ['ja', '旅券番号は[[passport|TK1234567]]です。'],
  ['ko', '여권번호 [[passport|M12345678]]로 예약했습니다.'],
  ['zh', '护照号码[[passport|E12345678]]，请核对。'],
  // Non-phone number cues.
  ['de', 'Charge 2024-3817-02 wurde zurückgerufen.'],
  ['zh', '会议号 2025-4471-19，请准时参加。'],
  ['ko', '작업 번호 2023-5529-07 완료되었습니다.'],
  ['en', 'Batch 2026-1184-33 shipped on Monday.'],
  ['fr', 'Lot 2025-7720-14 en rupture.'],
  ['es', 'Número de pedido 2024-6613-08 confirmado.'],
  ['ja', 'チケット番号 2026-9902-41 を確認してください。'],
  ['en', 'Ticket 415-555-2671 was closed.'],
  ['en', 'Call me at [[phone|(415) 555-2671]] tonight.'],
  // Birth date with the cue after the date.
  ['ja', '[[name|山田]]様（[[date-of-birth|1993/10/14]]生まれ）の件'],
  ['zh', '王先生[[date-of-birth|1990年5月3日]]生，现住北京。'],
  ['ko', '[[date-of-birth|1988년 7월 21일]]생 김 고객님'],
  ['ko', '생년월일: [[date-of-birth|1975.03.09]]'],
  ['ja', '会議は2024/10/14に開催します。'],
  // Names after cues.
  ['en', 'Hi, this is [[name|Marcus Whitfield]] from accounting.'],
  ['en', 'Ship to [[name|Dana Kowalski]], thanks.'],
  ['en', 'Customer: [[name|Priya Raman]]'],
  ['en', 'The account holder [[name|Owen Fletcher]] called.'],
  ['de', 'Lieferadresse: [[name|Jonas Weber]]'],
  ['de', 'Kunde [[name|Lukas Hoffmann]] hat angerufen.'],
  ['fr', 'Bonjour, je suis [[name|Camille Durand]].'],
  ['fr', 'Contact : [[name|Julien Moreau]]'],
  ['es', 'Hola, soy [[name|Lucía Romero]].'],
  ['es', 'El paciente [[name|Andrés Molina]] llegó tarde.'],
  ['es', 'Cliente: [[name|Marta Iglesias]]'],
  ['zh', '收件人[[name|李晓明]]，电话稍后提供。'],
  ['zh', '客户[[name|张伟]]已确认。'],
  ['ja', '名義：[[name|佐藤健太]]'],
  ['ja', 'お客様[[name|鈴木一郎]]からの問い合わせ'],
  ['ko', '안녕하세요, [[name|김민준]]입니다.'],
  ['ko', '받는 분 [[name|이서연]]'],
  ['ko', '담당자 [[name|박지훈]]에게 전달했습니다.'],
  ['en', 'Customer: Acme Inc asked for a refund.'],
  ['en', 'Ship to Berlin on Monday.'],
  ['de', 'Kunde Müller GmbH hat bezahlt.'],
  ['fr', 'Contact : Service Client'],
  ['es', 'Cliente: Telefónica SA'],
  ['en', 'Hi, this is Sluice Support.'],
  ['ko', '감사합니다.'],
  // Addresses.
  ['fr', 'Livraison au [[address|14 Place du Marché, 69002 Lyon]].'],
  ['fr', 'Siège : [[address|3 Quai Voltaire, 75007 Paris]]'],
  ['es', 'Envío a [[address|C/ Mayor 12, 3º B, 28013 Madrid]].'],
  ['en', 'Mail it to [[address|742 Evergreen Ter NW, Springfield, OR 97403]].'],
  ['ko', '주소는 [[address|경기도 성남시 분당구 판교로 235 113동 703호]]입니다.'],
  // URLs: public API endpoints are not personal; URLs with personal data are.
  ['en', 'curl -H "Accept: application/json" https://api.github.com/user'],
  ['en', 'Docs at [[url|https://developer.mozilla.org/en-US/docs/Web]]'],
  ['en', 'Profile: [[url|https://api.example-social.com/v2/users/4419273?email=kim%40mail.com]]'],
  ['en', 'curl https://api.stripe.com/v1/charges -u "$STRIPE_KEY:"'],
  ['en', 'POST https://example.org/api/v1/messages returns 201.'],
  // Look-alike negatives for the name cues: capitalised words that are not people.
  ['en', 'Customer Service will call you back.'],
  ['en', 'Contact Sales Team for a quote.'],
  ['en', 'Ship to New York by Friday.'],
  ['en', 'This is Microsoft Teams calling.'],
  ['en', 'Patient Portal Login is down.'],
  ['de', 'Ich bin Software Entwickler bei einer Bank.'],
  ['de', 'Kunde Premium Konto wurde eröffnet.'],
  ['de', 'Kontakt Kundenservice Zentrale: Montag bis Freitag.'],
  ['fr', "Je suis Ingénieur Logiciel depuis mai."],
  ['fr', 'Contact : Service Après Vente'],
  ['es', 'Soy Cliente Premium desde 2019.'],
  ['es', 'Contacto Atención al Cliente'],
  ['zh', '客户服务中心电话已更新。'],
  ['zh', '收件人地址请填写完整。'],
  ['ja', 'お客様各位、メンテナンスのお知らせです。'],
  ['ja', 'お客様サポートセンターまでご連絡ください。'],
  ['ko', '담당자 배정이 완료되었습니다.'],
  ['ko', '받는 분 주소를 확인해 주세요.'],
  ['ko', '안녕하세요, 고객센터입니다.'],
  // More positives in new phrasings.
  ['en', 'Recipient: [[name|Harriet Okafor]]'],
  ['de', 'Empfänger [[name|Greta Lindqvist]], bitte klingeln.'],
  ['fr', 'Destinataire : [[name|Élodie Marchand]]'],
  ['es', 'Titular de la cuenta: [[name|Ramón Castillo Vega]]'],
  ['zh', '寄件人：[[name|周晓燕]]'],
  ['ja', '受取人：[[name|高橋美咲]]'],
  ['ko', '수령인 [[name|최유진]]님께 전달 바랍니다.'],
  ['ko', '저는 [[name|정하늘]]입니다.'],
  ['en', 'Deliver to [[address|88 Willow Creek Rd, Boulder, CO 80302]].'],
  ['fr', 'Adresse : [[address|27 Avenue Jean Jaurès, 31000 Toulouse]]'],
  ['es', 'Dirección: [[address|Avenida de la Constitución 5, 41004 Sevilla]]'],
  ['ko', '배송지 [[address|서울특별시 마포구 월드컵로 12 305호]]'],
];

const MARK = /\[\[([a-z-]+)\|([^\]]+)\]\]/g;

/** The rule case fixtures, the same on every call. */
export function generateRuleCasePIIFixtures(): PIIFixture[] {
  return LINES.map(([lang, marked], i) => {
    const spans: PIIFixture['spans'] = [];
    let text = '';
    let last = 0;
    for (const m of marked.matchAll(MARK)) {
      text += marked.slice(last, m.index);
      const value = m[2] as string;
      spans.push({ type: m[1] as PIIType, start: text.length, end: text.length + value.length });
      text += value;
      last = (m.index as number) + m[0].length;
    }
    text += marked.slice(last);
    return { id: `dev2-${lang}-${i}`, lang, text, spans, negative: spans.length === 0, half: 'dev' };
  });
}
