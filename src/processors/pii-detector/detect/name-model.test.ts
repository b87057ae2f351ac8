/**
 * The learned name-span classifier (`name-model.ts`), CJK names
 * that fill a record cell (`name-cells.ts`), and the birth-date, address and phone shapes added
 * with them. Every check goes through `detectPII` at `PIIDetector`'s default threshold.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { detectPII } from './index.js';
import { nameCandidates } from './name-model.js';
import {
  currentNameModel,
  NAME_MODEL_SLOTS,
  nameFeatureSlot,
  setNameModelForEval,
} from './name-model-weights.js';

const found = (text: string, type?: string) =>
  detectPII(text, { minConfidence: 0.6 })
    .filter((d) => type === undefined || d.type === type)
    .map((d) => d.value);

afterEach(() => setNameModelForEval(undefined));

describe('detectPII names: the learned span classifier', () => {
  it('finds names with no cue, no known given name and no structure around them', () => {
    // Names and sentences that occur in no fixture the model was trained on.
    expect(found('Please forward the contract to Rubye Anderson before noon.', 'name')).toEqual([
      'Rubye Anderson',
    ]);
    expect(found('Left a voicemail for Darnell Okafor at the front desk.', 'name')).toEqual([
      'Darnell Okafor',
    ]);
    expect(found('Could you wire £120 to Ilse Brandvold? Reference: INV-2025-0001.', 'name')).toEqual([
      'Ilse Brandvold',
    ]);
    expect(found('applicant_name\tstatus\nTorben Vasquez-Lindqvist\tPENDING', 'name')).toEqual([
      'Torben Vasquez-Lindqvist',
    ]);
  });

  it('is what finds them: with the model switched off the same texts yield no name', () => {
    setNameModelForEval(null);
    expect(found('Left a voicemail for Darnell Okafor at the front desk.', 'name')).toEqual([]);
    expect(found('applicant_name\tstatus\nTorben Vasquez-Lindqvist\tPENDING', 'name')).toEqual([]);
  });

  it('a model span that contains a shorter rule name wins the overlap (names of five words)', () => {
    const text = 'Hola, soy Marco Antonio Sáenz Zambrano Rivero. El pedido llegó roto.';
    // The rules cap a Latin name at four words.
    setNameModelForEval(null);
    expect(found(text, 'name')).toEqual(['Marco Antonio Sáenz Zambrano']);
    // A hand-built model that only believes in five-word spans.
    const weights = new Float32Array(NAME_MODEL_SLOTS);
    weights[nameFeatureSlot('n=5')] = 12;
    setNameModelForEval({ weights, bias: -6, threshold: 0.9 });
    expect(found(text, 'name')).toEqual(['Marco Antonio Sáenz Zambrano Rivero']);
  });

  it('keeps capitalised look-alikes quiet: companies in a signature, German nouns, headings, products', () => {
    expect(found('Vielen Dank für Ihren Einkauf bei uns!', 'name')).toEqual([]);
    expect(found('Release Notes\nPerformance Improvements and Bug Fixes', 'name')).toEqual([]);
    expect(found('{"product": "Ergonomic Steel Chair", "sku": "A1"}', 'name')).toEqual([]);
    expect(
      found('Thanks for shopping with Northwind Traders! Your order ships from Denver.', 'name'),
    ).toEqual([]);
  });

  it('never takes an honorific into the name', () => {
    const names = found('Mit freundlichen Grüßen, Herr Konstantin Albrecht', 'name');
    expect(names.every((n) => !n.startsWith('Herr'))).toBe(true);
  });

  it('candidates are sub-runs of capitalised words joined by one space, with name particles inside', () => {
    const spans = nameCandidates('met Ana de la Torre today').map((c) =>
      'met Ana de la Torre today'.slice(c.start, c.end),
    );
    expect(spans).toContain('Ana de la Torre');
    expect(spans).not.toContain('de la Torre');
    for (const c of nameCandidates('Hello Kim Lee'))
      for (const f of c.features) expect(f).toBeLessThan(NAME_MODEL_SLOTS);
  });

  it('ships trained weights and a threshold chosen on cross-validation', () => {
    const model = currentNameModel();
    expect(model).not.toBeNull();
    expect(model?.weights.some((w) => w !== 0)).toBe(true);
    expect(model?.threshold).toBeGreaterThanOrEqual(0.5);
    expect(model?.threshold).toBeLessThan(1);
  });

  it('stays linear on long capitalised text (100 kB in well under a second)', () => {
    const text = 'Report from Dana Whitfield and Oren Castillo about Quarterly Planning. '.repeat(1400);
    const t0 = performance.now();
    const names = found(text, 'name');
    expect(performance.now() - t0).toBeLessThan(1500);
    expect(names.length).toBeGreaterThan(1000);
  });
});

describe('detectPII names: CJK names filling a record cell', () => {
  it('reads a surname-shaped value between field delimiters as a name in zh, ja and ko', () => {
    expect(found('客户资料：黄娟，生日已登记。', 'name')).toEqual(['黄娟']);
    expect(found('報酬の受け取りはこちらです（中村　隆）', 'name')).toEqual(['中村　隆']);
    expect(found('해외 송금 요청 — 요청자: 박준호 (확인 필요)', 'name')).toEqual(['박준호']);
    expect(found('두하윤 님이나 원태리 님이 야간 근무를 대신해 줄 수 있나요?', 'name')).toEqual([
      '두하윤',
      '원태리',
    ]);
  });

  it('does not read common words that start with a surname character as names', () => {
    expect(found('请退回到原卡，谢谢。', 'name')).toEqual([]);
    expect(found('이름, 이메일, 생년월일을 입력해 주세요.', 'name')).toEqual([]);
    expect(found('고객님, 주문이 접수되었습니다.', 'name')).toEqual([]);
    expect(found('담당자 님께 문의하세요.', 'name')).toEqual([]);
  });
});

describe('detectPII: birth dates, addresses and phones beside the name model', () => {
  it('birth dates in Korean dotted form, Japanese era years and a birth-date table column', () => {
    expect(found('생년월일: 1947. 11. 7', 'date-of-birth')).toEqual(['1947. 11. 7']);
    expect(found('生年月日：平成6年7月27日', 'date-of-birth')).toEqual(['平成6年7月27日']);
    expect(found('name\tdob\tstatus\nJo Park\t1970-03-24\tOK', 'date-of-birth')).toEqual(['1970-03-24']);
    // A date in another column, and an era date without a birth cue, are just dates.
    expect(found('name\tcreated\nJo Park\t1970-03-24', 'date-of-birth')).toEqual([]);
    expect(found('平成6年7月27日に開業しました', 'date-of-birth')).toEqual([]);
  });

  it('Japanese addresses take a postal code written without 〒, which is then no phone number', () => {
    const text = 'お届け先を281-3798 愛知県名古屋市中村区名駅3-19-20に変更したいです。';
    expect(found(text, 'address')).toEqual(['281-3798 愛知県名古屋市中村区名駅3-19-20']);
    expect(found(text, 'phone')).toEqual([]);
  });

  it('Korean addresses take the apartment name before 동/호', () => {
    expect(found('배송지 부산광역시 수영구 해운대로 23, 자이 110동 1802호', 'address')).toEqual([
      '부산광역시 수영구 해운대로 23, 자이 110동 1802호',
    ]);
  });

  it('phone look-alikes: business registration numbers, counts with thousands dots, a date and its hour', () => {
    expect(found('사업자등록번호 663-72-84913, 세금계산서 발행', 'phone')).toEqual([]);
    expect(found('Auszahlung bestätigt in Block 21.303.782.', 'phone')).toEqual([]);
    expect(found('TOTAL USD 124.24   4/24/2026 21:53:43', 'phone')).toEqual([]);
  });

  it('after a phone cue, a number of a possible length for its plan counts even outside assigned ranges', () => {
    expect(found('Tutor legal: teléfono +34 767 689 263.', 'phone')).toEqual(['+34 767 689 263']);
    // Without the cue the same number stays unreported.
    expect(found('Referencia +34 767 689 263.', 'phone')).toEqual([]);
  });
});
