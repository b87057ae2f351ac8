/**
 * detectPII(): names and addresses read from structure:
 * e-mail local parts that spell a nearby name, attendee lists in seven languages, end-of-text
 * sign-offs, record fields and CSV columns, job titles in parentheses, the person before an
 * address, person-taking phrases, middle initials, spaced and kana Japanese names, Chinese
 * addresses from the province to the flat, Japanese addresses from 〒 to the room — and the
 * look-alikes each rule must leave alone.
 */
import { detectPII } from 'sluice/processors';
import { describe, expect, it } from 'vitest';

function names(text: string): string[] {
  return detectPII(text, { minConfidence: 0.6, types: ['name'] }).map((d) => d.value);
}

function addresses(text: string): string[] {
  return detectPII(text, { minConfidence: 0.6, types: ['address'] }).map((d) => d.value);
}

describe('detectPII names: structure around the name', () => {
  it('a capitalised run whose words the nearby e-mail local part spells', () => {
    expect(names('Note: Odalys Brenneman will call back (odalys.b@posteo.net).')).toEqual([
      'Odalys Brenneman',
    ]);
    expect(names('De : Aubin Paris <aubin.paris@orange.fr>')).toEqual(['Aubin Paris']);
    // Not spelled by the address, or a department word alone: nothing.
    expect(names('Write to Acme Billing (invoices@acme.io).')).toEqual([]);
    expect(names('Support <support@example.com> answers within a day.')).toEqual([]);
  });

  it('middle initials inside a full name', () => {
    expect(names('Best,\nTobias K. Wendtland')).toEqual(['Tobias K. Wendtland']);
    expect(names('Soy Ana Lucía R. Prieto Soto y vivo en Lugo.')).toEqual(['Ana Lucía R. Prieto Soto']);
  });

  it('attendee lists with commas, semicolons, 、 and conjunctions in seven languages', () => {
    expect(names('Attendees: Corwin Ashby and Della Frye.')).toEqual(['Corwin Ashby', 'Della Frye']);
    expect(names('Teilnehmerliste: Jost Imhoff; Wiebke Sander')).toEqual(['Jost Imhoff', 'Wiebke Sander']);
    expect(names('Asistentes: Nuria Pozo Lara y Tomás Gil Ruiz.')).toEqual([
      'Nuria Pozo Lara',
      'Tomás Gil Ruiz',
    ]);
    expect(names('参会人员：邵文杰、潘雨萱')).toEqual(['邵文杰', '潘雨萱']);
    expect(names('出席者：森本拓海、青木 陽菜')).toEqual(['森本拓海', '青木 陽菜']);
    expect(names('참석자: 윤서진, 한도윤')).toEqual(['윤서진', '한도윤']);
  });

  it('a name signing off the end of the text', () => {
    expect(names('Parcel is at the door. — Brynn')).toEqual(['Brynn']);
    expect(names('Überweisung ist raus, danke Henrike!')).toEqual(['Henrike']);
    expect(names('请查收附件。——邱晓峰')).toEqual(['邱晓峰']);
    expect(names('資料を送付しました。大西健太')).toEqual(['大西健太']);
    expect(names('자료 보냈습니다. - 신지우')).toEqual(['신지우']);
    // A department or a plain closing word is not a signer.
    expect(names('よろしくお願いします。\n営業部')).toEqual([]);
    expect(names('谢谢支持！')).toEqual([]);
  });

  it('record fields, CSV columns and chat speakers', () => {
    expect(names('{"customer": "Lowell Fenwick", "plan": "pro"}')).toEqual(['Lowell Fenwick']);
    expect(names('name;city\nAmara Holt;Leeds\nBoris Kell;York')).toEqual(['Amara Holt', 'Boris Kell']);
    expect(names('氏名,都市\n村井大輔,札幌')).toEqual(['村井大輔']);
    expect(names('[09:15] Marisol: running late')).toEqual(['Marisol']);
    // A field that is not about a person stays quiet.
    expect(names('{"product": "Golden Harvest", "sku": "A1"}')).toEqual([]);
    expect(names('{"name": "Premium Plan", "price": 9}')).toEqual([]);
  });

  it('a job title in parentheses after the name, and the person before an address', () => {
    expect(names('Greer Haddock (Head of Legal) signed off.')).toEqual(['Greer Haddock']);
    expect(names('邵佳琪（市场总监）同意了。')).toEqual(['邵佳琪']);
    expect(names('Label: Orrin Vance, 18 Maple Street, Boise, ID 83702')).toEqual(['Orrin Vance']);
  });

  it('person-taking phrases: relatives and roles, talking to someone, handing work over', () => {
    expect(names('My landlord is Thaddeus Crane and he never answers.')).toEqual(['Thaddeus Crane']);
    expect(names('Ticket reassigned from Olin Barker to Greta Vail.')).toEqual(['Olin Barker', 'Greta Vail']);
    expect(names('Hablé ayer con Ximena Robles Paz, está de acuerdo.')).toEqual(['Ximena Robles Paz']);
    // Institutions and streets named after people are not people.
    expect(names('Le lycée Victor Duruy ferme en juillet.')).toEqual([]);
    expect(names('La rue Victor Hugo est en travaux.')).toEqual([]);
  });

  it('Japanese names spaced, or with a kana given name, before an honorific', () => {
    expect(names('【至急】中井 智子様の件')).toEqual(['中井 智子']);
    expect(names('杉本さくらさんから電話がありました。')).toEqual(['杉本さくら']);
    expect(names('差出人：横山ミキ <miki@example.jp>')).toEqual(['横山ミキ']);
    expect(names('東京都のみなさん、こんにちは')).toEqual([]);
  });
});

describe('detectPII addresses: Chinese and Japanese spans', () => {
  it('Chinese: from the province or municipality, verbs of place cut off, to the building and flat', () => {
    expect(addresses('快递将送至浙江省宁波市鄞州区天童路66号')).toEqual(['浙江省宁波市鄞州区天童路66号']);
    expect(addresses('住址上海市长宁区延安路200号3号楼2单元1101室')).toEqual([
      '上海市长宁区延安路200号3号楼2单元1101室',
    ]);
    expect(addresses('现住广东省广州市越秀区环市路9号天河大厦12层。')).toEqual([
      '广东省广州市越秀区环市路9号天河大厦12层',
    ]);
  });

  it('Japanese: the 〒 postal code and the building with its room belong to the address', () => {
    expect(addresses('住所は〒530-0012 大阪府大阪市北区芝田2丁目4番1号 グランハイツ梅田305です。')).toEqual([
      '〒530-0012 大阪府大阪市北区芝田2丁目4番1号 グランハイツ梅田305',
    ]);
    expect(addresses('送付先：愛知県名古屋市中区栄3丁目1番8号メゾン栄1203号室')).toEqual([
      '愛知県名古屋市中区栄3丁目1番8号メゾン栄1203号室',
    ]);
  });
});
