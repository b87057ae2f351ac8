/**
 * detectPII(): names written in chat and in sheets and addresses on labels: lower-case
 * chat names after introductions and relationship words, nicknames, ranks and "Maître", notify
 * phrases, sheets with `Last`/`First` columns and `Last, First` cells, katakana attendee lists,
 * CJK payee/recipient cues, post-office boxes per country, all-caps shipping labels, Korean
 * (우) postcodes, birth dates in JSON fields — and the look-alikes each rule must leave alone.
 * The sentences are written for these tests (other names, other carriers than the eval sets).
 */
import { detectPII } from 'sluice/processors';
import { describe, expect, it } from 'vitest';

function of(type: 'name' | 'address' | 'date-of-birth', text: string): string[] {
  return detectPII(text, { minConfidence: 0.6, types: [type] }).map((d) => d.value);
}

describe('detectPII names: chat, nicknames, ranks and sheets', () => {
  it('a lower-case name after a self-introduction, closed by a comma, an emoji or "from"', () => {
    expect(of('name', 'hi its marguerite from accounts, can u call back')).toEqual(['marguerite']);
    expect(of('name', 'coucou c’est anaïs 🙂 tu es dispo ?')).toEqual(['anaïs']);
    expect(of('name', 'hola soy juan pablo, te escribo por lo del piso')).toEqual(['juan pablo']);
    expect(of('name', 'hallo hier ist jonas, ich komme später')).toEqual(['jonas']);
  });

  it('a lower-case name after a relationship word', () => {
    expect(of('name', 'my sister tamsin will pick up the keys')).toEqual(['tamsin']);
    expect(of('name', 'mi hermana lucía llega mañana')).toEqual(['lucía']);
  });

  it('introductions and relationship words followed by ordinary words stay quiet', () => {
    for (const text of [
      'its fine, thanks',
      "c'est bon, merci",
      'soy de Valencia, te escribo luego',
      'none of it is shared.',
      'my wife and I will be late',
      'this is really helpful!',
      'Batch 2024-C wurde geprüft.',
      'hallo, ich bin umgezogen, neue Adresse folgt',
      'hier ist alles klar, danke',
    ])
      expect(of('name', text), text).toEqual([]);
  });

  it('nicknames after "goes by" / "genannt" / "le dicen", ranks with initials, Maître, Dr. med.', () => {
    expect(of('name', 'The new lead (she goes by Bea) starts Monday.')).toEqual(['Bea']);
    expect(of('name', 'Unser Hausmeister, genannt Kalle, hat den Schlüssel.')).toEqual(['Kalle']);
    expect(of('name', 'Report to Capt. J. T. Ramsey at 0800.')).toEqual(['J. T. Ramsey']);
    expect(of('name', 'Maître Vasseur\nCabinet d’avocats')).toEqual(['Vasseur']);
    expect(of('name', 'Praxis Dr. med. Hollmann, Sprechstunde ab 8 Uhr')).toEqual(['Hollmann']);
  });

  it('a name in capitals after a shipping label cue, right before the house number', () => {
    expect(of('name', 'DELIVER TO MARISA K. OYELARAN 41 ELM ST SALEM OR 97301')).toEqual([
      'MARISA K. OYELARAN',
    ]);
    expect(of('name', 'SHIP TO UPS STORE 12 MAIN ST AUSTIN TX 78701')).toEqual([]);
  });

  it('a single capitalised name after a notify phrase', () => {
    expect(of('name', 'Si falla otra vez, avisar a Griselda')).toEqual(['Griselda']);
    expect(of('name', 'Personne à prévenir : Ondine (06 12 34 56 78)')).toEqual(['Ondine']);
  });

  it('sheets: Last / First columns hold one name part per cell, "Last, First" fills a name cell', () => {
    expect(of('name', 'Last\tFirst\tTeam\nWexford\tImogen\tOps\nAbara\tChidi\tSales')).toEqual([
      'Wexford',
      'Imogen',
      'Abara',
      'Chidi',
    ]);
    expect(of('name', 'id,full_name,team\n7,"Lindqvist, Maja",Ops')).toEqual(['Lindqvist, Maja']);
    // Capitals and non-name columns are not names.
    expect(of('name', 'Last\tFirst\tTeam\nOPS\tTBD\tSales')).toEqual([]);
  });

  it('a name run never spans a column gap of several spaces or a tab', () => {
    expect(of('name', 'Name :  Odile Marchetti    Date of Birth :  03/04/1970')).toEqual(['Odile Marchetti']);
  });

  it('katakana names in a member list, CJK payee and recipient cues', () => {
    expect(of('name', '出張メンバー：ルーカス・ベルナール、ミア・シュナイダー。')).toEqual([
      'ルーカス・ベルナール',
      'ミア・シュナイダー',
    ]);
    expect(of('name', '汇款信息 收款人：张晓燕 账号见附件')).toEqual(['张晓燕']);
    expect(of('name', '받는 사람은 최민서, 연락처는 문자로')).toEqual(['최민서']);
  });

  it('chat role labels and bracketed CJK tags are not names', () => {
    expect(of('name', '[09:01] Agent: hello\n[09:02] Customer: hi')).toEqual([]);
    expect(of('name', '[공지] 서버 점검 안내')).toEqual([]);
    expect(of('name', '[开发部] 本周例会取消')).toEqual([]);
  });

  it('model spans: no possessive ending, no heading alone after a blank line, no quoted non-person value', () => {
    expect(of('name', "This is Nina Albers's desk.")).toEqual(['Nina Albers']);
    expect(of('name', 'Throughput\n> 9k rps\n\nWarm Start')).toEqual([]);
    expect(of('name', '{"plan": "Silver Meadow", "seats": 4}')).toEqual([]);
  });
});

describe('detectPII addresses and birth dates: post-office boxes, labels, postcodes', () => {
  it('post-office boxes with their postal line in German, French and Spanish use', () => {
    expect(of('address', 'Anschrift: Postfach 10 20 30, 50667 Köln')).toEqual([
      'Postfach 10 20 30, 50667 Köln',
    ]);
    expect(of('address', 'Écrire à BP 4410, 69003 Lyon Cedex 3.')).toEqual(['BP 4410, 69003 Lyon Cedex 3']);
    expect(of('address', 'Envíos: Apartado de Correos 772, 41080 Sevilla')).toEqual([
      'Apartado de Correos 772, 41080 Sevilla',
    ]);
  });

  it('an all-caps shipping label collapsed onto one line', () => {
    expect(of('address', 'DELIVER TO 412 MAPLE AVE APT 3 SALEM OR 97301 USA')).toEqual([
      '412 MAPLE AVE APT 3 SALEM OR 97301',
    ]);
    // A count and capitals without a ZIP are not an address.
    expect(of('address', 'SHIPPED 12 BLUE ST CAPS TODAY')).toEqual([]);
  });

  it('Korean postcode after (우), Japanese floor 階, Spanish city on its own line', () => {
    expect(of('address', '주소 (우) 06236 서울특별시 강남구 테헤란로 152, 12층')).toEqual([
      '06236 서울특별시 강남구 테헤란로 152, 12층',
    ]);
    expect(of('address', '会場：大阪府大阪市北区梅田3-1-1 ノースビル8階）')).toEqual([
      '大阪府大阪市北区梅田3-1-1 ノースビル8階',
    ]);
    expect(of('address', 'Envío: C/ Mayor, 12, 2º A, 28013 Madrid\nAgente: gracias')).toEqual([
      'C/ Mayor, 12, 2º A, 28013 Madrid',
    ]);
  });

  it('birth dates in JSON fields and after "Geb.-Datum :"', () => {
    expect(of('date-of-birth', '{"id": 3, "dob": "1979-02-14"}')).toEqual(['1979-02-14']);
    expect(of('date-of-birth', 'Geb.-Datum :  07.09.1965')).toEqual(['07.09.1965']);
    // A date in a JSON field that is not a birth date stays a date.
    expect(of('date-of-birth', '{"created": "1979-02-14"}')).toEqual([]);
  });
});
