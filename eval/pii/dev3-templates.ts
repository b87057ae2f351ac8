/**
 * Third development set for the PII eval, written to generalise name and address detection
 * beyond cue words and known street layouts: names in signatures, salutations, mail headers,
 * attendee lists, next to an e-mail or phone, as subjects of person-action verbs, CJK names with
 * honorifics and titles, multi-part surnames; addresses in full postal layouts per country and
 * over several lines; and look-alike negatives for each (products, companies, places alone,
 * streets without numbers, headings, calendar words, brands). Hand-written with fake values;
 * PII is marked inline as `[[type|value]]`, stripped when the fixture is built, so spans are
 * exact by construction. Development data: tuned on.
 */
import type { PIIType } from '../../src/processors/pii-detector/detect/types.js';
import type { PIIFixture } from './generate.js';
import type { Lang } from './slots.js';

const LINES: ReadonlyArray<readonly [Lang, string]> = [
  // Signatures.
  ['en', 'Thanks for the update.\nBest, [[name|Anna Kowalski]]'],
  ['en', 'See you Monday.\n\nBest regards,\n[[name|Thomas O\'Brien]]'],
  ['en', 'Cheers,\n[[name|Rachel van der Berg]]'],
  ['en', 'Kind regards, [[name|Samuel Okonkwo]]'],
  ['en', 'Thank you!\n— [[name|Jean-Luc Martin]]'],
  ['en', 'Warm wishes,\n[[name|Olivia Hart]]\nSenior Analyst'],
  ['de', 'Mit freundlichen Grüßen\n[[name|Klaus Weber]]'],
  ['de', 'Viele Grüße\n[[name|Sabine Krüger]]'],
  ['de', 'Beste Grüße, [[name|Jonas Becker]]'],
  ['fr', 'Cordialement,\n[[name|Camille Lefèvre]]'],
  ['fr', 'Bien à vous,\n[[name|Hélène de la Tour]]'],
  ['fr', 'Bonne journée,\n[[name|Antoine Girard]]'],
  ['es', 'Saludos cordiales,\n[[name|María de la Cruz]]'],
  ['es', 'Un saludo,\n[[name|Javier Ortega]]'],
  ['es', 'Atentamente,\n[[name|Lucía Fernández Ruiz]]'],
  ['ja', 'よろしくお願いいたします。\n敬具 [[name|山田太郎]]'],
  ['ja', '以上、よろしくお願いします。\n[[name|中村 悠真]]'],
  ['ko', '감사합니다. [[name|박지민]] 드림'],
  ['ko', '좋은 하루 되세요.\n[[name|이수빈]] 올림'],
  ['zh', '此致\n敬礼\n[[name|王伟]]'],
  ['zh', '谢谢！\n[[name|陈静]] 敬上'],
  // Salutations.
  ['en', 'Dear [[name|Margaret Lin]],\nyour order has shipped.'],
  ['en', 'Dear [[name|Peter]], thanks for your patience.'],
  ['en', 'Hi [[name|Daniel]],\ncan we move the call?'],
  ['de', 'Sehr geehrte Frau [[name|Schneider]],\nanbei die Unterlagen.'],
  ['de', 'Lieber [[name|Matthias]], danke für die schnelle Antwort.'],
  ['de', 'Hallo [[name|Lena Hofmann]], wie geht es dir?'],
  ['fr', 'Chère [[name|Sophie]], merci pour ton message.'],
  ['fr', 'Cher [[name|Nicolas Fontaine]],\nveuillez trouver ci-joint le devis.'],
  ['es', 'Estimado [[name|Carlos Jiménez]]:\nle escribo por su reserva.'],
  ['es', 'Querida [[name|Elena]], gracias por todo.'],
  ['ko', '친애하는 [[name|김서준]]님께'],
  ['ja', '[[name|佐々木]]様\nいつもお世話になっております。'],
  ['zh', '尊敬的[[name|刘洋]]先生：您好！'],
  // Mail headers.
  ['en', 'From: [[name|Hannah Schulz]] <[[email|hannah.schulz@posteo.de]]>'],
  ['en', 'To: [[name|Marco Rossi]]\nSubject: Q3 budget'],
  ['en', 'Cc: [[name|Priya Natarajan]], [[name|Oliver Grant]]'],
  ['de', 'Von: [[name|Stefan Braun]]\nAn: [[name|Julia Wolf]]'],
  ['fr', 'De : [[name|Mathieu Roux]]\nÀ : [[name|Claire Bonnet]]'],
  ['es', 'De: [[name|Pablo Navarro]]\nPara: [[name|Sara Molina]]'],
  ['en', 'From: Sluice Notifications\nTo: All Staff'],
  ['en', 'Subject: Quarterly Review Meeting'],
  // Person-action verbs.
  ['en', '[[name|Maria Gonzalez]] called about the invoice.'],
  ['en', 'Yesterday [[name|Kevin Brooks]] asked for a refund.'],
  ['en', '[[name|Laura Chen]] said she would send the contract.'],
  ['de', 'Herr [[name|Schmidt]] hat angerufen.'],
  ['de', '[[name|Petra Lange]] hat geschrieben, dass sie später kommt.'],
  ['fr', '[[name|Julie Mercier]] a appelé ce matin.'],
  ['es', '[[name|Diego Herrera]] llamó para confirmar la cita.'],
  ['ko', '[[name|김민수]] 씨가 전화했어요.'],
  ['zh', '[[name|王伟]]打电话说明天到。'],
  ['ja', '[[name|田中]]さんから電話がありました。'],
  ['en', 'Apple Music called it the album of the year.'],
  ['en', 'Google said the outage is over.'],
  ['de', 'Die Deutsche Bahn hat angerufen.'],
  // Attendee lists.
  ['en', 'Attendees: [[name|Anna Kowalski]], [[name|Ben Carter]], [[name|Chloe Dubois]]'],
  ['de', 'Teilnehmer: [[name|Markus Vogel]], [[name|Ines Hartmann]]'],
  ['fr', 'Participants : [[name|Luc Perrin]], [[name|Manon Gauthier]]'],
  ['es', 'Asistentes: [[name|Raúl Castro]], [[name|Inés Vidal]]'],
  ['en', 'Attendees: Engineering, Design, Marketing'],
  // Next to e-mails and phones.
  ['en', 'Please add [[name|Anna Kowalski]] <[[email|anna.k@fastmail.com]]> to the thread.'],
  ['en', '[[name|Tom Wilkinson]] ([[email|tom.w@gmx.net]]) will join.'],
  ['ja', '[[name|山田 太郎]]（[[phone|090-1234-5678]]）'],
  ['de', '[[name|Eva Schulte]], Tel. [[phone|+49 30 12345678]]'],
  ['en', 'Support <support@example.com> answers within a day.'],
  // CJK with honorifics and titles.
  ['ja', '[[name|鈴木]]先生にご相談ください。'],
  ['ja', '[[name|小林花子]]さんが来ます。'],
  ['ko', '[[name|최지우]]님, 예약이 확정되었습니다.'],
  ['ko', '[[name|정우성]] 씨에게 전달해 주세요.'],
  ['zh', '请联系[[name|李娜]]女士。'],
  ['zh', '[[name|张建国]]先生已到达。'],
  ['ja', '社長さんによろしくお伝えください。'],
  ['ko', '고객님, 주문이 접수되었습니다.'],
  ['zh', '各位老师，会议改到下午。'],
  // Multi-part surnames.
  ['en', 'Ms. [[name|Aoife O\'Brien]] will present.'],
  ['de', 'Frau [[name|Anke van der Berg]] übernimmt.'],
  ['es', 'Sr. [[name|Juan de la Cruz]] confirmó.'],
  ['fr', 'Mme [[name|Marie-Claire Dupont]] est absente.'],
  // Addresses: full postal layouts.
  ['de', 'Bitte an [[address|Musterstraße 12, 10115 Berlin]] schicken.'],
  ['de', 'Neue Adresse: [[address|Lindenweg 3a, 80331 München]]'],
  ['fr', 'Adresse : [[address|12 rue de la Paix, 75002 Paris]]'],
  ['fr', 'Envoyez-le au [[address|8 boulevard Saint-Michel, 75006 Paris]].'],
  ['es', 'Vivo en [[address|Calle Mayor 5, 3º izq., 28013 Madrid]].'],
  ['es', 'Dirección: [[address|Avenida Diagonal 640, 08017 Barcelona]]'],
  ['en', 'Send it to [[address|1600 Pennsylvania Ave NW, Washington, DC 20500]].'],
  ['en', 'Our office: [[address|350 Fifth Avenue, New York, NY 10118]]'],
  ['en', 'Post to [[address|10 Downing Street, London SW1A 2AA]].'],
  ['en', 'Address: [[address|221B Baker Street, London NW1 6XE]]'],
  ['ja', '住所：〒100-0001 [[address|東京都千代田区千代田1-1]]'],
  ['ja', '送付先は〒530-0001 [[address|大阪府大阪市北区梅田3-1-1]]です。'],
  ['zh', '地址：[[address|北京市朝阳区建国路88号]]'],
  ['zh', '寄到[[address|上海市浦东新区世纪大道100号]]。'],
  ['ko', '주소: [[address|서울특별시 강남구 테헤란로 123, 4층]]'],
  ['ko', '[[address|부산광역시 해운대구 해운대로 570]]으로 보내 주세요.'],
  // Multi-line addresses.
  ['en', 'Ship to:\n[[name|Jane Miller]]\n[[address|42 Oak Lane\nPortland, OR 97205]]'],
  ['de', 'Anschrift:\n[[address|Goethestraße 7\n60313 Frankfurt am Main]]'],
  ['fr', 'Adresse :\n[[address|5 avenue Victor Hugo\n69003 Lyon]]'],
  ['en', 'Address:\n[[address|18 Park Road\nManchester M14 5RT]]'],
  // Address look-alike negatives.
  ['en', 'We walked down Baker Street in the rain.'],
  ['de', 'Die Hauptstraße ist wegen Bauarbeiten gesperrt.'],
  ['fr', 'La rue de la Paix est très animée.'],
  ['es', 'La Calle Mayor estaba llena de gente.'],
  ['en', 'The conference is in Berlin this year.'],
  ['en', 'Flights from London to Paris are delayed.'],
  ['ja', '東京都の人口は増えています。'],
  ['zh', '北京市今天有雨。'],
  ['ko', '서울특별시 날씨가 맑습니다.'],
  ['en', 'Version 10 Downing release notes are out.'],
  ['en', 'Order 10115 ships from the Berlin warehouse.'],
  ['de', 'Bestellung 10115 wurde versendet.'],
  ['en', 'Route 66 is a famous road.'],
  // Name look-alike negatives.
  ['en', 'Thank You'],
  ['en', 'Best Practices for Secure Deployments'],
  ['en', 'Best regards,\nThe Sluice Team'],
  ['en', 'Kind regards,\nCustomer Support'],
  ['de', 'Mit freundlichen Grüßen\nIhr Kundenservice'],
  ['fr', 'Cordialement,\nL\'équipe Support'],
  ['es', 'Saludos cordiales,\nEl equipo de Ventas'],
  ['en', 'Dear Customer,\nyour order has shipped.'],
  ['en', 'Dear Sir or Madam,'],
  ['de', 'Sehr geehrte Damen und Herren,'],
  ['fr', 'Chers clients, merci de votre fidélité.'],
  ['es', 'Estimado cliente: gracias por su compra.'],
  ['en', 'Hi Team, the build is green.'],
  ['en', 'Hi there, quick question.'],
  ['en', 'Meeting on Monday, January 12.'],
  ['en', 'Apple Music and Google Maps are installed.'],
  ['en', 'Microsoft Teams crashed during the call.'],
  ['en', 'New York Times reported the story.'],
  ['de', 'Deutsche Telekom hat die Preise erhöht.'],
  ['fr', 'Air France a annulé le vol.'],
  ['es', 'Banco Santander abrió una oficina.'],
  ['en', 'Getting Started With Sluice'],
  ['en', 'Release Notes\nBug Fixes and Improvements'],
  ['en', 'Cheers,\nEveryone'],
  ['ja', 'よろしくお願いいたします。\n営業部'],
  ['ko', '감사합니다. 고객센터 드림'],
  ['zh', '此致\n敬礼\n客服中心'],
  ['en', 'From: Monday\nTo: Friday'],
  ['en', 'Attendees: TBD'],
  ['en', 'Amazon Prime called it a success.'],
  ['de', 'Siemens hat angerufen wegen der Rechnung.'],
  // Batch 2: address layouts beyond the street-type shapes, with their look-alikes.
  ['de', 'Lieferung an [[address|Karl-Marx-Allee 90, 10243 Berlin]].'],
  ['de', 'Wir sitzen [[address|Unter den Linden 77, 10117 Berlin]].'],
  ['de', 'Büro: [[address|Bahnhofstrasse 10, 8001 Zürich]]'],
  ['de', 'Adresse: [[address|Mariahilfer Straße 45, 1060 Wien]]'],
  ['fr', 'Siège : [[address|45, avenue des Champs-Élysées, 75008 Paris]]'],
  ['fr', 'RDV au [[address|10 place Bellecour 69002 Lyon]].'],
  ['es', 'Oficina: [[address|Plaza de España, 1, 41013 Sevilla]]'],
  ['es', 'Envíelo a [[address|C/ Gran Vía, 28, 1º A, 28013 Madrid]].'],
  ['en', 'Meet at [[address|500 W 2nd St, Austin, TX 78701]].'],
  ['en', 'Billing: [[address|123 Main St. Apt 4B, Boston, MA 02110]]'],
  ['en', 'Return to [[address|PO Box 1234, Springfield, IL 62701]].'],
  ['en', 'Lives at [[address|Flat 3, 27 High Street, Oxford OX1 4AA]].'],
  ['ja', '本社は[[address|大阪市北区梅田1-2-3]]にあります。'],
  ['ja', '住所：[[address|神奈川県横浜市西区みなとみらい2-3-1]]'],
  ['zh', '公司在[[address|朝阳区建国路88号]]。'],
  ['zh', '地址：[[address|广东省深圳市南山区科技园路1号]]'],
  ['zh', '请寄到[[address|杭州市西湖区文三路90号5楼]]。'],
  ['ko', '주소 [[address|서울 강남구 테헤란로 123]]'],
  ['ko', '[[address|경기 성남시 분당구 판교역로 166]]에 있습니다.'],
  ['en', 'Highway 1 was closed after the storm.'],
  ['en', 'Windows 11, 2025 release notes are out.'],
  ['en', 'Platform 9, 10 minutes late.'],
  ['en', 'Chapter 12, 2024 Edition'],
  ['de', 'Seite 12, 10115 Zeilen wurden gelesen.'],
  ['fr', 'Table 3, 75000 exemplaires vendus.'],
  ['es', 'Versión 2, 28013 descargas.'],
  ['zh', '朝阳区今天限行。'],
  ['ja', '大阪市の天気は晴れです。'],
  ['ko', '서울 강남구는 교통이 복잡합니다.'],
  ['en', 'The Downing Street briefing starts at 10.'],
];

const MARK = /\[\[([a-z-]+)\|([^\]]+)\]\]/g;

/** The dev3 fixtures, the same on every call. */
export function generateDev3PIIFixtures(): PIIFixture[] {
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
    return { id: `dev3-${lang}-${i}`, lang, text, spans, negative: spans.length === 0, half: 'dev' };
  });
}
