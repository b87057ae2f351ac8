/**
 * The normalised view and its offset map: the view is the text with invisible characters
 * removed and NFKC applied (segment by segment, as the whole-string NFKC would), every view
 * span maps back onto the original characters it came from, and plain ASCII costs nothing.
 */
import { seededRandom } from 'sluice/test';
import { describe, expect, it } from 'vitest';
import { comparisonKey } from './confusables.js';
import { stripInvisible } from './invisible-characters.js';
import { comparisonView, matchingView } from './text-view.js';

/** Characters random texts are made of: every kind of character the view treats specially. */
const ALPHABET = [
  ...'abcXYZ019 @.-',
  '\u200b', // zero-width space
  '\u200d', // ZWJ
  '\u200c', // ZWNJ
  '\u00ad', // soft hyphen
  '\u202e', // RLO
  '\ufe0f', // VS16
  '\u0301', // combining acute
  '\u0327', // combining cedilla
  'é',
  'ｊ',
  '＠',
  '４',
  'ﬁ',
  '①',
  'ｶ',
  'ﾞ', // half-width voiced mark: composes with ｶ
  '\u1100', // Hangul choseong
  '\u1161', // Hangul jungseong: composes with it
  '가',
  'а', // Cyrillic
  'З',
  'П',
  'ο', // Greek
  'م',
  'ی',
  'क',
  '्',
  '漢',
  '：',
  '😀',
  '👩',
  '\u{1D400}', // mathematical bold A
  '\u{E0041}', // tag
];

function randomText(random: () => number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return out;
}

describe('comparisonView', () => {
  it('is NFKC of the text without its invisible characters, for random texts of every kind of character', () => {
    const random = seededRandom(7);
    for (let n = 0; n < 2000; n++) {
      const text = randomText(random, 1 + Math.floor(random() * 24));
      const view = comparisonView(text);
      expect(view.text, JSON.stringify(text)).toBe(stripInvisible(text, 'ignorable').normalize('NFKC'));
    }
  });

  it('maps every view character back to original characters that produce it, in order', () => {
    const random = seededRandom(11);
    for (let n = 0; n < 1000; n++) {
      const text = randomText(random, 1 + Math.floor(random() * 24));
      const view = comparisonView(text);
      let last = 0;
      for (let i = 0; i < view.text.length; i++) {
        const { start, end } = view.toOriginal(i, i + 1);
        expect(start).toBeGreaterThanOrEqual(last);
        expect(end).toBeGreaterThan(start);
        last = start;
        // The original stretch, normalised (without its invisible characters, unless the view
        // kept one: a joiner between Persian letters), holds the view character.
        const slice = text.slice(start, end);
        const back = `${stripInvisible(slice, 'ignorable').normalize('NFKC')}${slice}`;
        expect(back, JSON.stringify({ text, i })).toContain(view.text.charAt(i));
        expect(view.toView(start)).toBeLessThanOrEqual(i);
      }
    }
  });
});

describe('matchingView', () => {
  it('plain ASCII is the text itself, offsets unchanged', () => {
    const text = 'Mail jane.roe@gmail.com or call +49 30 12345678.';
    const view = matchingView(text);
    expect(view.text).toBe(text);
    expect(view.sameOffsets).toBe(true);
    expect(view.toOriginal(5, 23)).toEqual({ start: 5, end: 23 });
  });

  it('a span on the view covers the value as written, invisible characters inside included, not those around it', () => {
    const text = 'x \u200bjane\u200b.roe@ｇｍａｉｌ．com\u2060 y';
    const view = matchingView(text);
    expect(view.text).toBe('x jane.roe@gmail.com y');
    const { start, end } = view.toOriginal(2, 20);
    expect(text.slice(start, end)).toBe('jane\u200b.roe@ｇｍａｉｌ．com');
  });

  it('folds look-alikes only in tokens that hold ASCII letters or digits', () => {
    expect(matchingView('jаne@gmаil.com').text).toBe('jane@gmail.com');
    expect(matchingView('Вера АВС сосо').text).toBe('Вера АВС сосо');
    expect(matchingView('ΑKIA1234 и Ноте').text).toBe('AKIA1234 и Ноте');
  });

  it('keeps full-width CJK punctuation and Latin-1 signs, which CJK and Spanish text use as written', () => {
    expect(matchingView('会場：梅田3-1-1（ノースビル） 3º izq. ½').text).toBe(
      '会場：梅田3-1-1（ノースビル） 3º izq. ½',
    );
  });

  it('is linear: a megabyte of invisible characters and combining marks is viewed in well under two seconds', () => {
    const text = `${'a\u200b\u0301'.repeat(200_000)}${'ｊ\u200d'.repeat(100_000)}b${'\u200b'.repeat(300_000)}c`;
    const started = performance.now();
    const view = matchingView(text);
    expect(view.text.length).toBe(300_002);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('comparisonKey', () => {
  it('folds case and look-alikes of ASCII letters in either case, and nothing else', () => {
    expect(comparisonKey('Ѕесrеt')).toBe('secret');
    expect(comparisonKey('SЕCRЕT')).toBe(comparisonKey('secret'));
    expect(comparisonKey('Вы')).toBe(comparisonKey('вы'));
    expect(comparisonKey('дом')).not.toBe(comparisonKey('dom'));
  });
});
