/**
 * Hand-written hard cases, labelled by value (spans computed with `indexOf`): unusual but real
 * formats, PII without the cues the offline detector relies on, and look-alikes outside the
 * templates' patterns. Two sets: `HARD_DEV` may be tuned on; `HARD_HELDOUT` was written before
 * any tuning on hard cases and is never tuned on — its figure is where the offline detector's
 * limits show. Not a target. Caveat: `HARD_DEV` was written after the held-out misses had been
 * read, so some of its shapes resemble them (see the README's PII section).
 */
import type { PIIType } from '../../../../src/processors/pii-detector/detect/types.js';
import type { PIIFixture } from './generate.js';
import type { Lang } from './slots.js';

type Case = [lang: Lang, text: string, pii: Array<[PIIType, string]>];

const HARD_HELDOUT: readonly Case[] = [
  ['en', 'ping me: ANNA.SMITH+work@Company.co.uk', [['email', 'ANNA.SMITH+work@Company.co.uk']]],
  ['en', 'my cell is 202.555.0147', [['phone', '202.555.0147']]],
  ['en', 'call (415) 555-2671 tomorrow', [['phone', '(415) 555-2671']]],
  ['en', 'Card: 5500-0000-0000-0004 exp 12/29', [['credit-card', '5500-0000-0000-0004']]],
  ['en', 'iban gb82 west 1234 5698 7654 32', [['iban', 'gb82 west 1234 5698 7654 32']]],
  ['en', 'Ask Maria Gonzalez about the contract.', [['name', 'Maria Gonzalez']]],
  ['en', 'She lives at 1600 Pennsylvania Ave NW, Washington, DC 20500.', [['address', '1600 Pennsylvania Ave NW, Washington, DC 20500']]],
  ['en', 'DOB: 07/04/1976', [['date-of-birth', '07/04/1976']]],
  ['en', 'export GITHUB_TOKEN=ghp_8fK2mQ9xLp4Rt7Vw1Zy3Bn6Cd0Hj5Ks2Ea9X', [['api-key', 'ghp_8fK2mQ9xLp4Rt7Vw1Zy3Bn6Cd0Hj5Ks2Ea9X']]],
  ['en', 'ssh root@203.0.113.50 -p 2222', [['ip-address', '203.0.113.50']]],
  ['en', 'Call 1-800-FLOWERS for delivery.', []],
  ['en', 'ISBN-10 0-306-40615-2 is on the shelf.', []],
  ['en', 'The price went from 1,234,567 to 2,345,678 units.', []],
  ['en', 'Coordinates 40.7128, -74.0060 mark the spot.', []],
  ['en', 'Use the format +1 (555) 000-0000 for phone fields.', []],
  ['en', 'Patch notes for 4.18.2-rc.1 and 2024.03.15 builds.', []],
  ['de', 'Erreichbar unter 0171/1234567 oder per Mail an m.mueller@web.de.', [['phone', '0171/1234567'], ['email', 'm.mueller@web.de']]],
  ['de', 'Herr Dr. Klaus Becker wohnt in der Lindenstr. 12, 80331 München.', [['name', 'Klaus Becker'], ['address', 'Lindenstr. 12, 80331 München']]],
  ['de', 'Kontonummer DE02120300000000202051 bitte notieren.', [['iban', 'DE02120300000000202051']]],
  ['de', 'Die Steuernummer 12/345/67890 gehört zur Firma.', []],
  ['de', 'Artikel 4006381333931 ist vorrätig.', []],
  ['fr', 'Mon 06.12.34.56.78 est toujours allumé.', [['phone', '06.12.34.56.78']]],
  ['fr', 'Écrire à Mme Sophie Martin, 8 boulevard Haussmann, 75009 Paris.', [['name', 'Sophie Martin'], ['address', '8 boulevard Haussmann, 75009 Paris']]],
  ['fr', 'Le code postal 75009 et le département 75 sont corrects.', []],
  ['es', 'Mi DNI está en trámite; llámame al +34 612 345 678.', [['phone', '+34 612 345 678']]],
  ['es', 'Nació el 3 de mayo de 1990 en Bilbao.', [['date-of-birth', '3 de mayo de 1990']]],
  ['es', 'El pedido 2024-000123 llegará el martes.', []],
  ['zh', '我的手机是138 1234 5678，邮箱wang.wei@qq.com', [['phone', '138 1234 5678'], ['email', 'wang.wei@qq.com']]],
  ['zh', '收件人：李娜，地址：上海市浦东新区世纪大道100号', [['name', '李娜'], ['address', '上海市浦东新区世纪大道100号']]],
  ['zh', '订单编号20240315123456已付款。', []],
  ['ja', '田中さんの電話は03-1234-5678です。', [['name', '田中'], ['phone', '03-1234-5678']]],
  ['ja', '〒150-0002 東京都渋谷区渋谷2-21-1', [['address', '〒150-0002 東京都渋谷区渋谷2-21-1']]],
  ['ja', '製品番号4901234567894は在庫切れです。', []],
  ['ko', '김철수 님의 연락처는 010 9876 5432입니다.', [['name', '김철수'], ['phone', '010 9876 5432']]],
  ['ko', '부산광역시 해운대구 해운대해변로 264로 오세요.', [['address', '부산광역시 해운대구 해운대해변로 264']]],
  ['ko', '주문 번호 202403150001 배송 완료.', []],
];

/** Hard cases that tuning may look at (written after the held-out ones, in the same spirit). */
const HARD_DEV: readonly Case[] = [
  ['en', 'Contact: Mr. John O\'Neil, +1 (212) 555-0188.', [['name', "John O'Neil"], ['phone', '+1 (212) 555-0188']]],
  ['en', 'email me at first.last@sub.domain.org!', [['email', 'first.last@sub.domain.org']]],
  ['en', 'Phone: 212 555 0199 (work)', [['phone', '212 555 0199']]],
  ['en', 'Her birthday is 12 Jan 1988.', [['date-of-birth', '12 Jan 1988']]],
  ['en', 'Send it to 221B Baker Street, London.', [['address', '221B Baker Street']]],
  ['en', 'Invite Dr. Priya Patel and Prof. Alan Turing.', [['name', 'Priya Patel'], ['name', 'Alan Turing']]],
  ['en', 'The SKU 4006381333931 and part no. 0123456789 are in stock.', []],
  ['en', 'Room 1204, floor 12, badge 55231.', []],
  ['en', 'Version 192.168.1.1 of the firmware is not an address.', []],
  ['de', 'Telefonisch unter +49 (0)89 123456-78 erreichbar.', [['phone', '+49 (0)89 123456-78']]],
  ['de', 'Bitte an Frau Prof. Dr. Eva Schmidt weiterleiten.', [['name', 'Eva Schmidt']]],
  ['de', 'Die Umsatzsteuer-ID DE123456789 steht im Impressum.', []],
  ['fr', 'Tél. : 01 23 45 67 89, courriel : claire.dubois@orange.fr', [['phone', '01 23 45 67 89'], ['email', 'claire.dubois@orange.fr']]],
  ['fr', 'Je suis née le 2 février 1985.', [['date-of-birth', '2 février 1985']]],
  ['fr', 'Le SIRET 73282932000074 figure sur la facture.', []],
  ['es', 'Nací el 15/08/1979 en Madrid.', [['date-of-birth', '15/08/1979']]],
  ['es', 'Escriba a la Sra. Carmen López, Calle Mayor 10, 28013 Madrid.', [['name', 'Carmen López'], ['address', 'Calle Mayor 10, 28013 Madrid']]],
  ['es', 'El código postal 28013 corresponde al centro.', []],
  ['zh', '联系人：张伟，手机：139-1234-5678', [['name', '张伟'], ['phone', '139-1234-5678']]],
  ['zh', '王芳女士的邮箱是wangfang@163.com。', [['name', '王芳'], ['email', 'wangfang@163.com']]],
  ['zh', '版本号3.2.1已发布，订单号2024031500012。', []],
  ['ja', '鈴木様、ご連絡は090-8765-4321までお願いします。', [['name', '鈴木'], ['phone', '090-8765-4321']]],
  ['ja', '受付番号1234567890をお控えください。', []],
  ['ko', '박지훈 씨, 010-2345-6789로 연락 주세요.', [['name', '박지훈'], ['phone', '010-2345-6789']]],
  ['ko', '서울특별시 종로구 세종대로 175에서 만나요.', [['address', '서울특별시 종로구 세종대로 175']]],
  ['ko', '접수번호 20240315-0042를 확인하세요.', []],
  // Formerly blind (scored once as written, see the README's PII section), then read and acted on.
  ['en', 'Hey, it\'s Tom Baker — new number is +1 617 555 0123, old one is dead.', [['name', 'Tom Baker'], ['phone', '+1 617 555 0123']]],
  ['en', 'Billing contact: accounts-payable@northwind-traders.com (cc finance@northwind-traders.com)', [['email', 'accounts-payable@northwind-traders.com'], ['email', 'finance@northwind-traders.com']]],
  ['en', 'pls charge 4012888888881881, exp 11/27, cvv on the phone', [['credit-card', '4012888888881881']]],
  ['en', 'My date of birth is 1990-02-29, I think the form rejected it.', []],
  ['en', 'The patient, born 03/14/1962, was admitted on 2024-05-02.', [['date-of-birth', '03/14/1962']]],
  ['en', 'Tracking: 9400 1000 0000 0000 0000 00 (USPS).', []],
  ['en', 'Our Wi-Fi password is not on this page; the router is at 192.168.0.1.', [['ip-address', '192.168.0.1']]],
  ['en', 'AWS key AKIAZ7Q4PL2MXN5RTV8W leaked in the build log.', [['api-key', 'AKIAZ7Q4PL2MXN5RTV8W']]],
  ['en', 'Version 3.14.159 is faster than 2.71.828.', []],
  ['de', 'Rückruf bitte an 0176 98765432, ich bin Herr Yilmaz.', [['phone', '0176 98765432'], ['name', 'Yilmaz']]],
  ['de', 'Überweisung an AT61 1904 3002 3457 3201, Verwendungszweck Miete.', [['iban', 'AT61 1904 3002 3457 3201']]],
  ['de', 'Die Bestellung 4111111111111111 ist unterwegs, Lieferschein 556677.', []],
  ['fr', 'Mon adresse : 27 avenue Victor Hugo, 69006 Lyon.', [['address', '27 avenue Victor Hugo, 69006 Lyon']]],
  ['fr', 'Envoyez la facture à compta@boulangerie-martin.fr avant vendredi.', [['email', 'compta@boulangerie-martin.fr']]],
  ['fr', 'Le numéro de lot 23A0457 est défectueux.', []],
  ['es', 'Mi teléfono fijo es 91 123 45 67 y el móvil 655 44 33 22.', [['phone', '91 123 45 67'], ['phone', '655 44 33 22']]],
  ['es', 'IBAN ES91 2100 0418 4502 0005 1332 a nombre de la empresa.', [['iban', 'ES91 2100 0418 4502 0005 1332']]],
  ['es', 'La versión 12.4.1 corrige el error 0x80070005.', []],
  ['zh', '请把合同寄给陈静，电话18612345678。', [['name', '陈静'], ['phone', '18612345678']]],
  ['zh', '我的身份证号不方便透露，邮箱是chen.jing@126.com。', [['email', 'chen.jing@126.com']]],
  ['zh', '快递单号：SF1234567890123，请查收。', []],
  ['ja', 'ご登録のメール（taro.yamada@docomo.ne.jp）宛に送信しました。', [['email', 'taro.yamada@docomo.ne.jp']]],
  ['ja', '大阪府大阪市北区梅田3丁目1番3号までお越しください。', [['address', '大阪府大阪市北区梅田3丁目1番3号']]],
  ['ja', 'お問い合わせ番号 1234-5678-9012 をお知らせください。', []],
  ['ko', '연락처: 02-312-3456 (사무실)', [['phone', '02-312-3456']]],
  ['ko', '이메일 minsu.kim@naver.com 으로 보내 주세요.', [['email', 'minsu.kim@naver.com']]],
  ['ko', '운송장 번호 6123-4567-8901 조회 부탁드립니다.', []],
];


/** One hard-case set as fixtures (`half: 'fresh'`, scored separately from the two halves). */
export function hardCaseFixtures(set: 'dev' | 'heldout' = 'heldout'): PIIFixture[] {
  const cases = set === 'dev' ? HARD_DEV : HARD_HELDOUT;
  return cases.map(([lang, text, pii], i) => {
    const spans = pii.map(([type, value]) => {
      const start = text.indexOf(value);
      if (start < 0) throw new Error(`PII hard case ${i}: ${JSON.stringify(value)} not in ${JSON.stringify(text)}`);
      return { type, start, end: start + value.length };
    });
    return { id: `hard-${set}-${i}`, lang, text, spans, negative: pii.length === 0, half: 'fresh' as const };
  });
}
