/**
 * detectPII(): each documented type is found with its exact span, validated (checksums,
 * numbering plans, issued ranges, cues), in seven languages — and look-alikes do not fire.
 */
import { detectPII, type PIIType } from 'sluice/processors';
import { describe, expect, it } from 'vitest';

function found(text: string, types?: readonly PIIType[]) {
  return detectPII(text, { minConfidence: 0.6, ...(types ? { types } : {}) }).map((d) => [d.type, d.value]);
}

describe('detectPII: the documented types, validated', () => {
  it('returns string indices with an exclusive end and the value', () => {
    const text = 'Mail jane.doe@gmail.com now';
    const [d] = detectPII(text);
    expect(d).toEqual({
      type: 'email',
      start: 5,
      end: 23,
      value: 'jane.doe@gmail.com',
      confidence: expect.any(Number),
    });
    expect(text.slice(d?.start, d?.end)).toBe(d?.value);
  });

  it('cards: issuer range + Luhn; a Luhn failure or an unknown issuer is not a card', () => {
    expect(found('card 4111 1111 1111 1111 ok')).toEqual([['credit-card', '4111 1111 1111 1111']]);
    expect(found('amex 3782-822463-10005')).toEqual([['credit-card', '3782-822463-10005']]);
    expect(found('card 4111 1111 1111 1112')).toEqual([]);
    expect(found('ref 9111111111111116')).toEqual([]);
  });

  it('IBAN: country length and mod 97', () => {
    expect(found('IBAN DE89 3704 0044 0532 0130 00.')).toEqual([['iban', 'DE89 3704 0044 0532 0130 00']]);
    expect(found('IBAN DE88 3704 0044 0532 0130 00.')).toEqual([]);
    expect(found('GB82WEST12345698765432')).toEqual([['iban', 'GB82WEST12345698765432']]);
  });

  it('SSN: issued ranges only (no 000, 666, 9xx areas, no 00 group, no 0000 serial)', () => {
    expect(found('SSN 536-22-1234')).toEqual([['ssn', '536-22-1234']]);
    for (const bad of ['000-12-3456', '666-12-3456', '912-12-3456', '536-00-1234', '536-22-0000']) {
      expect(found(`SSN ${bad}`)).toEqual([]);
    }
    expect(found('ssn: 536221234')).toEqual([['ssn', '536221234']]);
    expect(found('we sold 536221234 units')).toEqual([]);
  });

  it('phones through libphonenumber, in many countries and formats', () => {
    expect(found('Call +1 202-555-0147 or +44 20 7946 0958')).toEqual([
      ['phone', '+1 202-555-0147'],
      ['phone', '+44 20 7946 0958'],
    ]);
    expect(found('Rufen Sie mich unter 030 12345678 an')).toEqual([['phone', '030 12345678']]);
    expect(found('Appelez-moi au 06 12 34 56 78')).toEqual([['phone', '06 12 34 56 78']]);
    expect(found('Llámame al 612 34 56 78')).toEqual([['phone', '612 34 56 78']]);
    expect(found('请打我的电话13812345678。')).toEqual([['phone', '13812345678']]);
    expect(found('電話番号は090-1234-5678です。')).toEqual([['phone', '090-1234-5678']]);
    expect(found('전화번호는 010-1234-5678입니다.')).toEqual([['phone', '010-1234-5678']]);
    expect(found('Call 12345 or 0000000000')).toEqual([]);
  });

  it('IP addresses via node:net; version numbers are not addresses', () => {
    expect(found('server 203.0.113.7 and 2001:db8:85a3::8a2e:370:7334')).toEqual([
      ['ip-address', '203.0.113.7'],
      ['ip-address', '2001:db8:85a3::8a2e:370:7334'],
    ]);
    expect(found('bad 999.1.1.1, version 1.2.3.4, at 12:30:45')).toEqual([]);
  });

  it('API keys: known prefixes with a random body; placeholders and low-entropy bodies are not keys', () => {
    expect(found('key sk-proj-Ab3dE5fGh7iJk9LmN1oPq3RsT5uVw7Xy')).toEqual([
      ['api-key', 'sk-proj-Ab3dE5fGh7iJk9LmN1oPq3RsT5uVw7Xy'],
    ]);
    expect(found('AKIAIOSFODNN7EXAMPLQ is mine')).toEqual([['api-key', 'AKIAIOSFODNN7EXAMPLQ']]);
    expect(found('api_key = "Zr8Kq2Lm9Xw4Tn7Vb3Hy6Pd1"')).toEqual([['api-key', 'Zr8Kq2Lm9Xw4Tn7Vb3Hy6Pd1']]);
    for (const placeholder of [
      'YOUR_API_KEY',
      'sk-xxxxxxxxxxxxxxxxxxxxxxxx',
      'sk-your-key-here-please-1234',
      'ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
    ]) {
      expect(found(`OPENAI_API_KEY=${placeholder}`)).toEqual([]);
    }
    expect(found('sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')).toEqual([]);
  });

  it('URLs, and the credentials inside a URL as their own (winning) detection', () => {
    expect(found('see https://docs.example.org/a?b=1.')).toEqual([['url', 'https://docs.example.org/a?b=1']]);
    expect(found('db postgres://admin:s3cr3tPw@db.internal:5432/app')).toEqual([
      ['credential', 'admin:s3cr3tPw'],
    ]);
  });

  it('wallets: base58check and bech32 checksums, Ethereum addresses', () => {
    expect(found('BTC 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toEqual([
      ['crypto-wallet', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ]);
    expect(found('BTC 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toEqual([]);
    expect(found('to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toEqual([
      ['crypto-wallet', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ]);
    expect(found('to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr')).toEqual([]);
    expect(found('wallet 0x52908400098527886E0F7030069857D2E4169EE7')).toEqual([
      ['crypto-wallet', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ]);
  });

  it('UUIDs only when asked for', () => {
    const text = 'id 123e4567-e89b-12d3-a456-426614174000';
    expect(found(text)).toEqual([]);
    expect(found(text, ['uuid'])).toEqual([['uuid', '123e4567-e89b-12d3-a456-426614174000']]);
  });

  it('passport numbers and dates of birth only with a cue, in seven languages', () => {
    expect(found('Passport number X12345678.')).toEqual([['passport', 'X12345678']]);
    expect(found('Code X12345678.')).toEqual([]);
    expect(found('I was born on March 5, 1980.')).toEqual([['date-of-birth', 'March 5, 1980']]);
    expect(found('The meeting is on March 5, 1980.')).toEqual([]);
    expect(found('Geboren am 5. März 1980')).toEqual([['date-of-birth', '5. März 1980']]);
    expect(found('Née le 12/03/1975')).toEqual([['date-of-birth', '12/03/1975']]);
    expect(found('Fecha de nacimiento: 5 de marzo de 1980')).toEqual([
      ['date-of-birth', '5 de marzo de 1980'],
    ]);
    expect(found('出生日期：1985年3月4日')).toEqual([['date-of-birth', '1985年3月4日']]);
    expect(found('1985年3月4日生まれです')).toEqual([['date-of-birth', '1985年3月4日']]);
    expect(found('생년월일: 1985년 3월 4일')).toEqual([['date-of-birth', '1985년 3월 4일']]);
    expect(found('born on 31 February 1980')).toEqual([]);
  });

  it('addresses and names after cues, in seven languages', () => {
    expect(
      found('My name is John Smith and I live at 742 Evergreen Terrace, Springfield, IL 62704.'),
    ).toEqual([
      ['name', 'John Smith'],
      ['address', '742 Evergreen Terrace, Springfield, IL 62704'],
    ]);
    expect(found('Ich heiße Anna Müller, Hauptstraße 5, 10115 Berlin.')).toEqual([
      ['name', 'Anna Müller'],
      ['address', 'Hauptstraße 5, 10115 Berlin'],
    ]);
    expect(found("Je m'appelle Marie Curie, 12 rue de la Paix, 75002 Paris")).toEqual([
      ['name', 'Marie Curie'],
      ['address', '12 rue de la Paix, 75002 Paris'],
    ]);
    expect(found('Me llamo Lucía Pérez. Calle de Alcalá 45, 28014 Madrid')).toEqual([
      ['name', 'Lucía Pérez'],
      ['address', 'Calle de Alcalá 45, 28014 Madrid'],
    ]);
    expect(found('我叫王伟，住在北京市朝阳区建国路88号。')).toEqual([
      ['name', '王伟'],
      ['address', '北京市朝阳区建国路88号'],
    ]);
    expect(found('私の名前は山田太郎です。東京都新宿区西新宿2丁目8番1号')).toEqual([
      ['name', '山田太郎'],
      ['address', '東京都新宿区西新宿2丁目8番1号'],
    ]);
    expect(found('제 이름은 김민준입니다. 서울특별시 강남구 테헤란로 152')).toEqual([
      ['name', '김민준'],
      ['address', '서울특별시 강남구 테헤란로 152'],
    ]);
  });
});

describe('detectPII: names after titles and before honorifics', () => {
  it('skips titles between an honorific and the name; keeps apostrophes and hyphens', () => {
    expect(found('Bitte an Frau Prof. Dr. Eva Schmidt.')).toEqual([['name', 'Eva Schmidt']]);
    expect(found("Contact: Mr. John O'Neil")).toEqual([['name', "John O'Neil"]]);
    expect(found('Madame Anne-Marie Dupont')).toEqual([['name', 'Anne-Marie Dupont']]);
    expect(found('Name: Kelton\nComment: great service')).toEqual([['name', 'Kelton']]);
  });

  it('CJK names before an honorific; roles before the same honorific are not names', () => {
    expect(found('王芳女士的邮箱')).toEqual([['name', '王芳']]);
    expect(found('鈴木様、ご連絡ください')).toEqual([['name', '鈴木']]);
    expect(found('박지훈 씨, 연락 주세요')).toEqual([['name', '박지훈']]);
    expect(found('社長さん、お客様、고객님, 선생님')).toEqual([]);
  });
});

describe('detectPII: look-alikes do not fire', () => {
  it.each([
    ['order number with a Luhn-valid card shape', 'Your order number 4111111111111111 has shipped.'],
    ['German order number', 'Ihre Bestellnummer 4111111111111111 wurde versandt.'],
    ['Japanese order number', 'ご注文番号4111111111111111の商品を発送しました。'],
    ['tracking number', 'Tracking number: 1Z999AA10123456784'],
    ['invoice number', 'Invoice INV-2024-00123 is due on 2024-03-15.'],
    ['lot number', 'Lot 2024031512 was recalled.'],
    ['ISBN-13', 'The book has ISBN 978-3-16-148410-0.'],
    ['bare ISBN-13', 'See 9783161484100 in the catalogue.'],
    ['version string', 'Upgrade to version 10.0.19041.1 today.'],
    ['git hash', 'The commit 3f786850e387550fdab836ed7e6dc881de23001b fixed it.'],
    ['masked card', 'The card ending in **** **** **** 4242 was declined.'],
    ['masked SSN', 'SSN on file: XXX-XX-1234'],
    ['placeholder key', 'Set OPENAI_API_KEY=YOUR_API_KEY in .env'],
    ['talking about PII', 'Never share your credit card number, SSN or passport number with anyone.'],
    ['a plain date', 'The meeting is on 2024-03-15 at 10:30.'],
    ['a count', 'We shipped 1234567 units last year.'],
    ['a range of years', 'Copyright (c) 2013-2019 the authors.'],
    ['a lower-case unit that spells an honorific', 'Timeout in ms. Default is 30 s.'],
    ['network and loopback addresses', 'Block 10.0.0.0/8 and 192.168.1.0; ::1 equals 0:0:0:0:0:0:0:1.'],
    ['code after a secret cue', 'apiKey: process.env.MY_API_KEY, token = contextManager.attach(ctx)'],
    ['a capitalised heading after a unit', 'Load time\n> 1ms\n\nCold Run'],
  ])('%s', (_label, text) => {
    expect(found(text)).toEqual([]);
  });

  it('a documentation-domain e-mail, with ignoreDocumentationDomains (by default it is flagged)', () => {
    const text = 'Write to user@example.com for the docs.';
    expect(detectPII(text, { minConfidence: 0.6, ignoreDocumentationDomains: true })).toEqual([]);
    expect(found(text)).toEqual([['email', 'user@example.com']]);
  });

  it('overlapping detections are resolved: one span per stretch of text', () => {
    const all = detectPII('https://admin:pw12345678@host.example/x and mail bob@gmail.com');
    for (let i = 1; i < all.length; i++) expect(all[i]?.start).toBeGreaterThanOrEqual(all[i - 1]?.end ?? 0);
  });

  it('is linear: a 200 kB text of mixed content is scanned in well under a second', () => {
    const line = 'Call +49 30 12345678, mail a.b@gmail.com, order 4111111111111111, v1.2.3. ';
    const text = line.repeat(2700);
    const t0 = performance.now();
    const out = detectPII(text);
    const ms = performance.now() - t0;
    expect(out.filter((d) => d.type === 'email')).toHaveLength(2700);
    expect(ms).toBeLessThan(3000);
  });
});
