/**
 * detectPII(): full postal layouts per country — UK postcodes, multi-line
 * street + postal-code lines, Spanish floor and door (3º izq.), German city names with "am",
 * Japanese addresses after the 〒 postal mark (the mark and code are not a phone number),
 * Korean floors (4층) — and streets or places without a number that must stay quiet.
 */
import { detectPII } from 'sluice/processors';
import { describe, expect, it } from 'vitest';

function found(text: string) {
  return detectPII(text, { minConfidence: 0.6 }).map((d) => [d.type, d.value]);
}

describe('detectPII addresses: postal layouts per country', () => {
  it('UK: street, city and postcode', () => {
    expect(found('Send to 14 Mill Lane, Bristol BS1 4DJ please')).toEqual([
      ['address', '14 Mill Lane, Bristol BS1 4DJ'],
    ]);
  });

  it('multi-line layouts: the postal-code line after the street line belongs to the address', () => {
    expect(found('Ship to:\n9 Elm Street\nAustin, TX 78701')).toEqual([
      ['address', '9 Elm Street\nAustin, TX 78701'],
    ]);
    expect(found('Anschrift:\nBachweg 4\n79098 Freiburg im Breisgau')).toEqual([
      ['address', 'Bachweg 4\n79098 Freiburg im Breisgau'],
    ]);
    expect(found('Adresse :\n3 rue Victor Hugo\n33000 Bordeaux')).toEqual([
      ['address', '3 rue Victor Hugo\n33000 Bordeaux'],
    ]);
  });

  it('Spanish floor and door before the postal code', () => {
    expect(found('Calle Alcalá 20, 2º dcha., 28014 Madrid')).toEqual([
      ['address', 'Calle Alcalá 20, 2º dcha., 28014 Madrid'],
    ]);
  });

  it('Japanese: 〒 code is not a phone, the address after it is read with a two-part block number', () => {
    expect(found('〒060-0001 北海道札幌市中央区北一条西2-1')).toEqual([
      // The postal code is part of the postal address (the span starts at 〒).
      ['address', '〒060-0001 北海道札幌市中央区北一条西2-1'],
    ]);
  });

  it('Korean: a floor after the road number', () => {
    expect(found('대전광역시 서구 둔산로 100, 7층')).toEqual([
      ['address', '대전광역시 서구 둔산로 100, 7층'],
    ]);
  });

  it('a postal line anchors a street without a known street-type word', () => {
    expect(found('Wir sind Am Lustgarten 2, 10178 Berlin.')).toEqual([
      ['address', 'Am Lustgarten 2, 10178 Berlin'],
    ]);
    expect(found('Büro: Rosa-Luxemburg-Platz 8, 10178 Berlin')).toEqual([
      ['address', 'Rosa-Luxemburg-Platz 8, 10178 Berlin'],
    ]);
    expect(found('Sitz: Limmatquai 4, 8001 Zürich')).toEqual([['address', 'Limmatquai 4, 8001 Zürich']]);
    // Document words before a number, or a "city" that goes on as a sentence, are not addresses.
    expect(found('Kapitel 12, 10115 Wörter')).toEqual([]);
    expect(found('Gruppe 3, 12000 Teilnehmer kamen.')).toEqual([]);
    expect(found('See Release 3, 2024 Roadmap.')).toEqual([]);
    expect(found('Invoice 12, 10001 Widgets.')).toEqual([]);
    expect(found('Wir treffen uns in Halle 4, 2025 Messe.')).toEqual([]);
  });

  it('English: ordinals in street names, flat prefixes, PO boxes', () => {
    expect(found('at 77 E 42nd St, New York, NY 10017')).toEqual([
      ['address', '77 E 42nd St, New York, NY 10017'],
    ]);
    expect(found('Flat 2, 5 Queen Street, Leeds LS1 2TW')).toEqual([
      ['address', 'Flat 2, 5 Queen Street, Leeds LS1 2TW'],
    ]);
    expect(found('PO Box 88, Dayton, OH 45401')).toEqual([['address', 'PO Box 88, Dayton, OH 45401']]);
  });

  it('CJK without the top level: 区 after a verb of place, 市+区 in Japan, short Korean provinces', () => {
    expect(found('我们在海淀区中关村大街27号')).toEqual([['address', '海淀区中关村大街27号']]);
    expect(found('名古屋市中区栄3-4-5')).toEqual([['address', '名古屋市中区栄3-4-5']]);
    expect(found('부산 해운대구 센텀중앙로 79')).toEqual([['address', '부산 해운대구 센텀중앙로 79']]);
  });

  it('a number after a counter word, or a street word that runs on into a name, is not a street', () => {
    expect(found('Exit 14 Lake Road closed.')).toEqual([]);
    expect(found('Visit 5 Harbor Way Cafe soon.')).toEqual([]);
    expect(found('Lives at 5 Harbor Way now.')).toEqual([['address', '5 Harbor Way']]);
  });

  it('Chinese: a verb of place glued before the city is not part of the address', () => {
    expect(found('新地址是广州市天河区体育西路191号。')).toEqual([['address', '广州市天河区体育西路191号']]);
  });

  it('streets without numbers, cities alone and order numbers are not addresses', () => {
    expect(found('We walked down Mill Lane in the rain.')).toEqual([]);
    expect(found('Die Bachstraße ist gesperrt.')).toEqual([]);
    expect(found('北海道札幌市は雪です。')).toEqual([]);
    expect(found('Order 79098 ships from Freiburg.')).toEqual([]);
  });
});
