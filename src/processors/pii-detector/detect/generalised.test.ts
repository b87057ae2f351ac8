/**
 * detectPII(): the general rules behind the first blind set's misses (issue 11) — CJK and
 * Hangul text is a token boundary, a passport cue beats a phone reading and every country's
 * passport format is read, non-phone number cues and year-shaped serials are not phones, birth
 * cues after the date, names after role/greeting cues, address shapes, service endpoints.
 * Values here are new (not the blind set's lines).
 */
import { detectPII, type PIIType } from 'sluice/processors';
import { describe, expect, it } from 'vitest';

function found(text: string, types?: readonly PIIType[]) {
  return detectPII(text, { minConfidence: 0.6, ...(types ? { types } : {}) }).map((d) => [d.type, d.value]);
}

describe('detectPII: CJK and Hangul characters are token boundaries', () => {
  it('API keys glued to Chinese, Japanese and Korean text are found whole', () => {
    expect(found('新密钥sk-proj-Lk3Vb8Nm2Qw7Er5Ty1Ui9Op4As6Df0Gh已上传')).toEqual([
      ['api-key', 'sk-proj-Lk3Vb8Nm2Qw7Er5Ty1Ui9Op4As6Df0Gh'],
    ]);
    expect(found('키 AKIAQX7RM2PLZ4KD8HSJ가 노출')).toEqual([['api-key', 'AKIAQX7RM2PLZ4KD8HSJ']]);
    expect(found('キーAIzaSyQ8kD2mX7pL4rT9vW1zB6nC3hJ5sK0aE2fを削除')).toEqual([
      ['api-key', 'AIzaSyQ8kD2mX7pL4rT9vW1zB6nC3hJ5sK0aE2f'],
    ]);
  });

  it('IPs glued to CJK text or to the word IP are found; glued to other Latin letters they are not', () => {
    expect(found('来源IP58.42.193.7，请检查')).toEqual([['ip-address', '58.42.193.7']]);
    expect(found('サーバー66.21.11.78の接続')).toEqual([['ip-address', '66.21.11.78']]);
    expect(found('build abc58.42.193.7 done')).toEqual([]);
  });
});

describe('detectPII: passports', () => {
  it('a passport cue wins over a phone reading of the same digits', () => {
    expect(found('My passport number is 612093847.')).toEqual([['passport', '612093847']]);
  });

  it('reads the formats of FR, DE, ES, UK, JP, KR and CN after their cues', () => {
    expect(found('numéro de passeport : 21XY40918')).toEqual([['passport', '21XY40918']]);
    expect(found('Reisepassnummer C4F7X2T91')).toEqual([['passport', 'C4F7X2T91']]);
    expect(found('pasaporte XDA482193')).toEqual([['passport', 'XDA482193']]);
    expect(found('UK passport no. 120934876')).toEqual([['passport', '120934876']]);
    expect(found('旅券番号TR4820193です')).toEqual([['passport', 'TR4820193']]);
    expect(found('여권번호 M48201937')).toEqual([['passport', 'M48201937']]);
    expect(found('护照号码G48201937，')).toEqual([['passport', 'G48201937']]);
  });
});

describe('detectPII: phone numbers need phone context or phone formatting', () => {
  it('lot, job and meeting numbers shaped YYYY-NNNN-NN are not phones, in seven languages', () => {
    for (const t of [
      'Charge 2025-8812-04 gesperrt.',
      'Job 2024-1207-33 finished',
      'numéro de lot 2023-4410-12',
      'número de caso 2026-0917-55',
      '会议号2024-5512-09。',
      'チケット番号 2025-7781-20',
      '작업 번호 2026-3391-17',
      'ref 2025-3391-17 ok',
    ])
      expect(found(t, ['phone'])).toEqual([]);
  });

  it('a card after the verb "charge" is still a card', () => {
    expect(found('please charge 4012888888881881 today')).toEqual([['credit-card', '4012888888881881']]);
  });
});

describe('detectPII: birth dates with the cue after the date', () => {
  it('reads 生まれ, 生, 생 and geboren after numeric dates of any shape', () => {
    expect(found('（1979/08/30生まれ）')).toEqual([['date-of-birth', '1979/08/30']]);
    expect(found('陈女士1986年2月9日生，')).toEqual([['date-of-birth', '1986年2月9日']]);
    expect(found('2001.04.17생 고객')).toEqual([['date-of-birth', '2001.04.17']]);
    expect(found('10/04/1982 geboren')).toEqual([['date-of-birth', '10/04/1982']]);
  });

  it('a date followed by 生产 / 생산 (production) is not a birth date', () => {
    expect(found('2024年3月5日生产', ['date-of-birth'])).toEqual([]);
    expect(found('2024.03.05생산', ['date-of-birth'])).toEqual([]);
  });
});

describe('detectPII: names after role, greeting and form-label cues', () => {
  it('Latin-script full names after self-introductions and roles in four languages', () => {
    expect(found('Hello, this is Gregory Almeida calling.', ['name'])).toEqual([['name', 'Gregory Almeida']]);
    expect(found('Account holder: Wilhelmina Frost', ['name'])).toEqual([['name', 'Wilhelmina Frost']]);
    expect(found('Kundin Sabine Wolff möchte kündigen.', ['name'])).toEqual([['name', 'Sabine Wolff']]);
    expect(found("Bonjour, c'est Mathilde Girard.", ['name'])).toEqual([['name', 'Mathilde Girard']]);
    expect(found('La paciente Inés Carrasco Ruiz no asistió.', ['name'])).toEqual([
      ['name', 'Inés Carrasco Ruiz'],
    ]);
    expect(found('お客様Jonas Lindgrenからのメール', ['name'])).toEqual([['name', 'Jonas Lindgren']]);
  });

  it('an honorific after the role is not part of the name', () => {
    expect(found('Kontoinhaberin Frau Ida Kern', ['name'])).toEqual([['name', 'Ida Kern']]);
  });

  it('Chinese, Japanese and Korean names after role cues, shaped by surname and length', () => {
    expect(found('收货人黄晓东，手机稍后', ['name'])).toEqual([['name', '黄晓东']]);
    expect(found('顾客孙丽娜表示满意。', ['name'])).toEqual([['name', '孙丽娜']]);
    expect(found('受取人 中村由美 様', ['name'])).toEqual([['name', '中村由美']]);
    expect(found('差出人：ジョン・スミス', ['name'])).toEqual([['name', 'ジョン・スミス']]);
    expect(found('예금주 한지민', ['name'])).toEqual([['name', '한지민']]);
    expect(found('안녕하세요 저는 강다은입니다', ['name'])).toEqual([['name', '강다은']]);
  });

  it('capitalised non-names after the same cues do not fire: places, companies, teams, products, words', () => {
    for (const t of [
      'Ship to Germany by Monday.',
      'Ship to New York by Friday.',
      'Customer Success Manager role is open.',
      'This is Google Maps.',
      'Customer: Globex Corp asked for a refund.',
      'Kunde Schulz GmbH hat bezahlt.',
      'Cliente: Iberdrola SA',
      'Contact : Service Client',
      '客户满意度调查',
      '收件人地址请填写完整。',
      'お客様各位',
      '받는 분께 감사드립니다.',
      '담당자 배정이 완료되었습니다.',
    ])
      expect(found(t, ['name'])).toEqual([]);
  });
});

describe('detectPII: address shapes', () => {
  it('US with a directional and a USPS suffix, French Place/Quai, Spanish floor and door, Korean province and unit', () => {
    expect(found('at 55 Harbor View Dr NE, Tampa, FL 33602.', ['address'])).toEqual([
      ['address', '55 Harbor View Dr NE, Tampa, FL 33602'],
    ]);
    expect(found('au 9 Quai des Célestins, 75004 Paris', ['address'])).toEqual([
      ['address', '9 Quai des Célestins, 75004 Paris'],
    ]);
    expect(found('Calle Real 8, 2º A, 15003 A Coruña', ['address'])).toEqual([
      ['address', 'Calle Real 8, 2º A, 15003 A Coruña'],
    ]);
    expect(found('주소: 경기도 수원시 영통구 광교로 17, 201동 1102호', ['address'])).toEqual([
      ['address', '경기도 수원시 영통구 광교로 17, 201동 1102호'],
    ]);
  });
});

describe('detectPII: url fires for URLs that can carry personal data, not for bare service endpoints', () => {
  it('a bare API endpoint is reported below the default threshold; a profile or a query with an id is a url', () => {
    expect(found('curl https://api.openai.com/v1/models')).toEqual([]);
    expect(detectPII('curl https://api.openai.com/v1/models')[0]?.confidence).toBeLessThan(0.6);
    expect(found('see https://www.linkedin.com/in/jane-doe-4412')).toEqual([
      ['url', 'https://www.linkedin.com/in/jane-doe-4412'],
    ]);
    expect(found('GET https://api.example.com/v2/users/88123')).toEqual([
      ['url', 'https://api.example.com/v2/users/88123'],
    ]);
    expect(found('GET https://api.example.com/search?q=x')).toEqual([
      ['url', 'https://api.example.com/search?q=x'],
    ]);
  });
});

describe('detectPII: the new cue scans stay linear', () => {
  it('200 kB of repeated role cues, capitalised runs, CJK cues and street words scans in well under a second each', () => {
    for (const text of [
      'Customer Anna Bell Carl Dora Emil '.repeat(6000),
      `Ship to ${'Abc '.repeat(50000)}`,
      '收件人'.repeat(60000),
      '안녕하세요 '.repeat(30000),
      `連絡先は${'1'.repeat(100000)}`,
      `Calle ${'Mayor '.repeat(40000)}`,
    ]) {
      const t0 = performance.now();
      detectPII(text);
      expect(performance.now() - t0).toBeLessThan(1500);
    }
  });
});
