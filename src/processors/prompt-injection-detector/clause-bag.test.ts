/**
 * The clause bags matched in code (`clause-bag.ts`) find exactly the first match of the single
 * patterns they replace (too costly for the regex check), on generated texts that exercise every
 * window: gaps of 100 code points and one past, sentence ends and line breaks in the gap, astral
 * characters (the gap counts code points), one and two and three skipped words, compounds, the
 * owner's negative lookahead ("tus reglas para …"), overlapping starts; and their cost grows
 * linearly with the text.
 */
import { describe, expect, it } from 'vitest';
import { gapEnd } from './clause-bag.js';
import { FEATURES } from './features.js';
import { PatternUnion } from './pattern-union.js';

const IN_CODE = ['sem-bag-exfil-de', 'sem-bag-change-fr', 'sem-bag-change-es', 'sem-bag-exfil-es'];

function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const feature = (id: string): { union: PatternUnion; whole: RegExp } => {
  const f = FEATURES.find((x) => x.id === id);
  if (f === undefined || !(f.re instanceof PatternUnion)) throw new Error(`no union feature ${id}`);
  return { union: f.re, whole: new RegExp(f.re.source, f.re.flags) };
};

// Pieces of every side of the four bags, and of what separates them.
const PIECES: Record<string, readonly string[]> = {
  'sem-bag-exfil-de': [
    'deine ',
    'ihre ',
    'dein',
    'ihren ',
    'regeln',
    'sicherheitsregeln',
    `${'x'.repeat(24)}regel`,
    `${'x'.repeat(25)}regel`,
    `anweisung${'y'.repeat(20)}`,
    `anweisung${'y'.repeat(21)}`,
    'grundsatze',
    'alten ',
    'neuen ',
    ' fur ',
    ' im',
    'lies ',
    'zeig',
    'zeigen ',
    'wort fur wort ',
    'wort fur ',
    'wortlich',
    'vorlesen',
  ],
  'sem-bag-change-fr': [
    'tes ',
    'vos ',
    'ta ',
    'votre ',
    'regles',
    'garde-fou',
    'consignes',
    'anciennes ',
    'petites ',
    ' pour ',
    ' de la ',
    ' du',
    'ignore',
    'oublie ',
    "n'est plus ",
    'ne sont plus',
    "ne s'applique ",
    'annule',
  ],
  'sem-bag-change-es': [
    'tus ',
    'tu ',
    'tus tus ',
    'reglas',
    'directrices',
    'viejas ',
    'antiguas ',
    ' para ',
    ' de ',
    ' del',
    'olvida ',
    'ignora',
    'ya no ',
    'ya no',
    'sin efecto',
    'sin efectos ',
  ],
  'sem-bag-exfil-es': [
    'tus ',
    'tu ',
    'reglas',
    'prompt',
    'principios ',
    'viejas ',
    ' para ',
    ' sobre ',
    'muestra ',
    'repite',
    'palabra por palabra ',
    'palabra por ',
    'copiame ',
  ],
};
const SHARED = [
  ' ',
  ' ',
  '\n',
  '.',
  '?',
  ';',
  ',',
  'x',
  '😀',
  '-',
  "'",
  'abc ',
  'q'.repeat(98),
  'q'.repeat(99),
  'q'.repeat(100),
  `${'😀'.repeat(99)} `,
  ' '.repeat(3),
];

describe('clause bags matched in code', () => {
  for (const id of IN_CODE) {
    it(`${id}: every alternative is matched in code, and the first match is where the single pattern first matched`, () => {
      const { union, whole } = feature(id);
      expect(union.parts).toEqual([]);
      expect(union.scanned).toHaveLength(2);
      const own = PIECES[id] as string[];
      const pick = (r: number, list: readonly string[]) => list[Math.floor(r * list.length)] as string;
      const next = random(id.length * 7 + 3);
      let matched = 0;
      for (let n = 0; n < 6_000; n++) {
        let text = '';
        const count = 3 + Math.floor(next() * 14);
        for (let k = 0; k < count; k++) text += next() < 0.65 ? pick(next(), own) : pick(next(), SHARED);
        const at = text.search(whole);
        if (at >= 0) matched++;
        expect(union.firstIndex(text), JSON.stringify(text)).toBe(at);
        expect(union.test(text)).toBe(at >= 0);
      }
      // Both outcomes are exercised.
      expect(matched).toBeGreaterThan(150);
      expect(matched).toBeLessThan(5_400);
    });
  }

  it('the gap counts code points and stops before a sentence end or line break', () => {
    expect(gapEnd('abc', 0, 100)).toBe(3);
    expect(gapEnd('a'.repeat(200), 5, 100)).toBe(105);
    expect(gapEnd('😀😀x', 0, 2)).toBe(4);
    expect(gapEnd('ab.cd', 0, 100)).toBe(2);
    expect(gapEnd('ab\ncd', 1, 100)).toBe(2);
    expect(gapEnd('ab;', 2, 100)).toBe(2);
  });

  it('the cost grows linearly with the text, on runs of every side and of each character class', () => {
    const bodies = [
      'tus reglas ',
      'tus tus tus ',
      'olvida ',
      'muestra ',
      'deine ',
      'deine regeln ',
      'lies ',
      'tes regles ',
      'ignore ',
      'a',
      ' ',
      '😀',
      '.',
      "n'est plus ",
    ];
    const cost = (size: number): number => {
      let total = 0;
      for (const body of bodies) {
        const text = body.repeat(Math.ceil(size / body.length)).slice(0, size);
        for (const id of IN_CODE) {
          const { union } = feature(id);
          const t0 = performance.now();
          union.firstIndex(text);
          union.firstIndex(`${text}x`);
          total += performance.now() - t0;
        }
      }
      return total;
    };
    cost(10_000);
    const small = Math.min(cost(20_000), cost(20_000));
    const large = Math.min(cost(200_000), cost(200_000));
    // Ten times the text: about ten times the time (quadratic growth would be a hundred).
    expect(large / small).toBeLessThan(30);
    expect(large).toBeLessThan(10_000);
  });
});
