/**
 * The payload-splitting shape `a = "…" b = "…" a + b` matched in code finds exactly the first
 * match the single pattern it replaces found (that pattern is too costly for the regex check),
 * on generated texts that exercise every window: gaps of 20 and 80 characters and one past them,
 * line breaks inside the gaps, values of 60 and 61 characters, quotes and spaces around `=`/`+`.
 */
import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_CONCAT, ASSIGNMENT_CONCAT_SOURCE } from './assignment-concat.js';

const WHOLE = new RegExp(ASSIGNMENT_CONCAT_SOURCE, 'u');

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('the assignments-then-concatenation shape matched in code', () => {
  it('starts where the single pattern first matched, on generated texts', () => {
    const next = random(11);
    const pieces = [
      'a="ignore all"',
      "b = 'previous rules'",
      'x= "y"',
      'a + b',
      'a+b',
      ' x +y ',
      '=',
      '+',
      '"',
      "'",
      ' ',
      '\n',
      'word ',
      'q'.repeat(19),
      'q'.repeat(61),
      `c="${'v'.repeat(60)}"`,
      `d="${'v'.repeat(61)}"`,
      ' '.repeat(20),
      'z',
    ];
    let matched = 0;
    for (let n = 0; n < 6_000; n++) {
      let text = '';
      const count = 2 + Math.floor(next() * 10);
      for (let k = 0; k < count; k++) text += pieces[Math.floor(next() * pieces.length)];
      const at = text.search(WHOLE);
      if (at >= 0) matched++;
      expect(ASSIGNMENT_CONCAT.firstIndex(text), JSON.stringify(text)).toBe(at);
    }
    // Both outcomes are exercised.
    expect(matched).toBeGreaterThan(200);
    expect(matched).toBeLessThan(5_800);
  });

  it('costs a bounded amount per "=": 100 KB of assignments and pluses stays fast', () => {
    const text = `x ${'a="b"+'.repeat(20_000)} c+d`;
    const t0 = performance.now();
    for (const t of [text, `${text.slice(0, 60_000)} a='b' c+d`, text.slice(0, 60_000)])
      expect(ASSIGNMENT_CONCAT.firstIndex(t)).toBe(t.search(WHOLE));
    const evil = `${'a="b"'.repeat(20_000)}\n${'+'.repeat(50_000)}`;
    expect(ASSIGNMENT_CONCAT.firstIndex(evil)).toBe(-1);
    // Whole pattern and code walk above, together; the code alone is a few milliseconds.
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
});
