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
