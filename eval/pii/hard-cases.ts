/**
 * Hand-written hard cases, labelled by value (spans computed with `indexOf`): unusual but real
 * formats, PII without the cues the offline detector relies on, and look-alikes outside the
 * templates' patterns. Written after tuning and scored as their own set, never tuned on: this is
 * where the offline detector's limits show. Not a target.
 */
import type { PIIType } from '../../src/processors/pii-detector/detect/types.js';
import type { PIIFixture } from './generate.js';
import type { Lang } from './slots.js';

type Case = [lang: Lang, text: string, pii: Array<[PIIType, string]>];

const CASES: readonly Case[] = [
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
  ['ja', '〒150-0002 東京都渋谷区渋谷2-21-1', [['address', '東京都渋谷区渋谷2-21-1']]],
  ['ja', '製品番号4901234567894は在庫切れです。', []],
  ['ko', '김철수 님의 연락처는 010 9876 5432입니다.', [['name', '김철수'], ['phone', '010 9876 5432']]],
  ['ko', '부산광역시 해운대구 해운대해변로 264로 오세요.', [['address', '부산광역시 해운대구 해운대해변로 264']]],
  ['ko', '주문 번호 202403150001 배송 완료.', []],
];

/** The hard cases as fixtures (`half: 'fresh'`, scored separately from the two halves). */
export function hardCaseFixtures(): PIIFixture[] {
  return CASES.map(([lang, text, pii], i) => {
    const spans = pii.map(([type, value]) => {
      const start = text.indexOf(value);
      if (start < 0) throw new Error(`PII hard case ${i}: ${JSON.stringify(value)} not in ${JSON.stringify(text)}`);
      return { type, start, end: start + value.length };
    });
    return { id: `hard-${i}`, lang, text, spans, negative: pii.length === 0, half: 'fresh' as const };
  });
}
