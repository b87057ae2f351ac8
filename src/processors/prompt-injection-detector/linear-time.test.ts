/**
 * The offline injection scorer and `PromptInjectionDetector` take linear time on any input: runs
 * of every character class (digits, leet symbols, mixed symbols, letters, whitespace, leet
 * mixes) and the attack strings `recheck` reported for the folder's patterns (markup openers,
 * nested quotes, link and comment syntax). Sizes are chosen so a quadratic path takes many
 * seconds and the linear one a fraction of a second; the bounds are generous for a shared
 * machine.
 */
import { PromptInjectionDetector, scoreInjection } from 'sluice/processors';
import { createProcessorHarness } from 'sluice/test';
import { describe, expect, it } from 'vitest';

const N = 100_000;
/** `unit` repeated to exactly `n` characters. */
const run = (unit: string, n = N) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

const ms = (f: () => unknown) => {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
};

// 100,000 characters of each class. Before the fix a run of digits took ~20 s, of `$!@` ~56 s.
const CLASSES: Array<[string, string]> = [
  ['digits', run('7')],
  ['mixed digits', run('0123456789')],
  ['@', run('@')],
  ['$', run('$')],
  ['!', run('!')],
  ['|', run('|')],
  ['mixed symbols $!@', run('$!@')],
  ['symbols and digits', run('@1$3!')],
  ['letters', run('a')],
  ['spaces', run(' ')],
  ['tabs and spaces', run('\t ')],
  ['line breaks', run('\n')],
  ['leet mix !0', run('!0')],
  ['leet mix a1', run('a1')],
  ['leet mix 1a!', run('1a!')],
  ['leet words', run('1gn0r3 pr3v!0u$ ')],
  ['letters then digits', run('abc12')],
  ['dots and letters', run('a.')],
  ['spaced letters', run('a ')],
  ['hex pairs', run('ab ')],
  ['base64-like', run('aB3+')],
  ['percent escapes', run('%41')],
  ['html references', run('&#65;')],
  ['typographic quotes', run('\u201c')],
  ['nested CJK brackets', run('「»')],
  ['single quotes after spaces', run(" 'a")],
  ['html comment openers', run('<!--<')],
  ['hidden-style openers', `<HSTYLE="J${run('HEIG<HSTYL')}E="HT:0>Pa`],
  ['tag openers', `H${run('<NI')}>`],
  ['markdown comment openers', run('[//]:#(')],
  ['image alt openers', run('![!')],
  ['link title openers', run(']()')],
  ['CJK second person', run('你你到說出服')],
  ['German possessive runs', run('deine ')],
  ['possessive and tabs', `ur j\t${run('safety ')}x`],
  // Text about attacks has its quotes masked out: quotes side by side must not become one long
  // run of spaces (before: 15 s for 100,000 characters).
  ['quoted examples side by side', `for example ${run('"ab" ')} now`],
  ['repeated stems in one word', run('ignor')],
  ['repeated possessives in one word', run('dein')],
  ['repeated CJK possessives', run('你的')],
  ['repeated German compound stem', `ihr\nw${run('sregelt')}!`],
  // Rules and boundaries (before: a run of 100,000 dashes took about 50 s).
  ['dashes', run('-')],
  ['equals signs', run('=')],
  ['asterisks', run('*')],
  ['hashes', run('#')],
  ['angle brackets', run('<')],
  ['square brackets', run('[')],
  ['parentheses', run('(')],
  ['punctuation mix', run('-=*#<[(')],
  ['rule of dashes and spaces', run('--- ')],
];

describe('scoreInjection: linear on runs of every character class', () => {
  for (const [name, text] of CLASSES) {
    it(`${name}: 100,000 characters in well under the quadratic time`, () => {
      // Linear: ~0.01-0.5 s here; the quadratic paths took 10-60 s.
      expect(ms(() => scoreInjection(text))).toBeLessThan(5000);
    });
  }

  it('grows about 10x from 10,000 to 100,000 characters (quadratic would be 100x)', () => {
    for (const unit of ['7', '$!@', '!0', '1gn0r3 ', '<!--<', '「»']) {
      const best = (s: string) =>
        Math.min(
          ms(() => scoreInjection(s)),
          ms(() => scoreInjection(s)),
        );
      const small = best(run(unit, 10_000));
      const big = best(run(unit, 100_000));
      expect(big, unit).toBeLessThan(Math.max(small, 10) * 35);
    }
  });
});

describe('PromptInjectionDetector: a hostile message cannot freeze the event loop', () => {
  it('100,000 characters of digits or leet symbols, on input and as a tool result', async () => {
    const detector = new PromptInjectionDetector({ checkToolResults: true });
    for (const text of [run('7'), run('$!@'), run('!0')]) {
      const t0 = performance.now();
      await createProcessorHarness(detector, { messages: [text] }).processInput();
      await createProcessorHarness(detector).processToolResult({ toolName: 'fetch', result: `${text} ` });
      expect(performance.now() - t0).toBeLessThan(8000);
    }
  });
});
