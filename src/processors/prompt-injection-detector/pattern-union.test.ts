/**
 * A long feature pattern split into short parts (`pattern-union.ts`) matches exactly where the
 * whole pattern does: the same texts, the same first-match position, and — for a union of
 * top-level alternatives, which sentence-scoped modifiers need — the same sequence of global
 * matches. Checked on every split feature of the table over every fixture text of the eval
 * (folded as the scorer folds them), plus sentences built from the features' own vocabulary.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FEATURES } from './features.js';
import { foldText } from './normalize.js';
import { MAX_PART_CHARS, PatternSplitError, PatternUnion, unionParts } from './pattern-union.js';

const EVAL = fileURLToPath(new URL('../../../eval/injection/data/', import.meta.url));
const TEXTS: string[] = readdirSync(EVAL, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.jsonl'))
  .sort()
  .flatMap((f) =>
    readFileSync(join(EVAL, f), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => foldText((JSON.parse(l) as { text: string }).text).text),
  );

const SPLIT = FEATURES.filter((f) => f.re instanceof PatternUnion);

/** Every match a global scan of `re` finds, as the scorer's sentence scan walks them. */
function globalMatches(re: RegExp, text: string): Array<[number, string]> {
  const g = new RegExp(re.source, `${re.flags}g`);
  const out: Array<[number, string]> = [];
  for (let m = g.exec(text); m !== null; m = g.exec(text)) {
    out.push([m.index, m[0]]);
    if (m[0].length === 0) g.lastIndex++;
  }
  return out;
}

function unionMatches(u: PatternUnion, text: string): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  for (let m = u.nextMatch(text, 0); m !== null; ) {
    out.push([m.index, m[0]]);
    m = u.nextMatch(text, m.index + m[0].length + (m[0].length === 0 ? 1 : 0));
  }
  return out;
}

describe('a long feature pattern compiled as a union of short parts', () => {
  it('splits every multi-alternative feature at the top level; only over-long alternatives are distributed', () => {
    expect(SPLIT.length).toBeGreaterThan(50);
    for (const f of FEATURES) {
      const u = f.re;
      if (!(u instanceof PatternUnion)) {
        expect(u.source.length, f.id).toBeLessThanOrEqual(MAX_PART_CHARS);
        continue;
      }
      for (const p of u.parts) expect(p.source.length, f.id).toBeLessThanOrEqual(MAX_PART_CHARS);
      if (!u.topLevel) expect(u.source.length, f.id).toBeGreaterThan(MAX_PART_CHARS);
    }
  });

  it('matches the same fixture texts at the same first position as the whole pattern', () => {
    expect(TEXTS.length).toBeGreaterThan(5_000);
    let matched = 0;
    for (const f of SPLIT) {
      const u = f.re as PatternUnion;
      const whole = new RegExp(u.source, u.flags);
      for (const text of TEXTS) {
        const at = text.search(whole);
        expect(u.firstIndex(text), `${f.id}: ${text.slice(0, 80)}`).toBe(at);
        if (at >= 0) {
          matched++;
          expect(u.test(text), `${f.id}: ${text.slice(0, 80)}`).toBe(true);
        }
      }
    }
    // The comparison means something only if the split features do match fixture texts.
    expect(matched).toBeGreaterThan(500);
  }, 300_000);

  it('a union of top-level alternatives walks the same global matches (sentence-scoped modifiers)', () => {
    const topLevel = SPLIT.filter((f) => {
      const u = f.re as PatternUnion;
      return u.topLevel && u.scanned.length === 0;
    });
    expect(topLevel.some((f) => f.dampens?.scope === 'sentence')).toBe(true);
    for (const f of FEATURES)
      if (f.dampens?.scope === 'sentence' && f.re instanceof PatternUnion)
        expect(
          f.re.topLevel && f.re.scanned.length === 0,
          `${f.id} must be split at the top level only, with no scanned part`,
        ).toBe(true);
    for (const f of topLevel) {
      const u = f.re as PatternUnion;
      const whole = new RegExp(u.source, u.flags);
      for (const text of TEXTS) {
        if (!whole.test(text)) continue;
        expect(unionMatches(u, text), `${f.id}: ${text.slice(0, 80)}`).toEqual(globalMatches(whole, text));
      }
    }
  }, 300_000);

  it('distributes groups exactly: optional, lazy-optional, nested and empty alternatives', () => {
    const source = 'a(?:b|c(?:d|e)?)f|(?:x|)y(?:z)??w|(?<!q)k(?=m)(?:n|o)';
    expect(unionParts(source, 5).length).toBeGreaterThanOrEqual(8);
    const u = new PatternUnion(source, 'u', 5);
    expect(u.topLevel).toBe(false);
    const whole = new RegExp(source, 'u');
    const words = [
      'abf',
      'acf',
      'acdf',
      'acef',
      'acxf',
      'xyw',
      'yw',
      'yzw',
      'xyzw',
      'kmn',
      'km',
      'qkn',
      'kn',
    ];
    for (const a of words)
      for (const b of words) {
        const text = `${a} ${b}${a}`;
        expect(u.firstIndex(text), text).toBe(text.search(whole));
      }
    expect(() => u.nextMatch('abf', 0)).toThrow(RangeError);
  });

  it('refuses a pattern it cannot parse, naming the place', () => {
    expect(() => unionParts('(?:a|b'.padEnd(1_200, 'c'), 10)).toThrow(PatternSplitError);
    expect(() => unionParts('a)b'.padEnd(1_200, 'c'), 10)).toThrow(/unmatched \)/);
  });
});
