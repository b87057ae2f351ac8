/**
 * The PII eval's targets as a regression test: on the held-out half of the generated fixtures
 * (`eval/pii/`), micro precision and recall of `detectPII` at the default threshold are both at
 * least 0.95, and the fixtures meet their documented size (≥ 300 lines, seven languages, a third
 * look-alike negatives).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateFreshPIIFixtures, generatePIIFixtures } from '../../../eval/pii/generate.js';
import { hardCaseFixtures } from '../../../eval/pii/hard-cases.js';
import { scorePII } from '../../../eval/pii/score.js';

describe('PII eval (held-out half)', () => {
  const fixtures = generatePIIFixtures();

  it('fixtures: ≥ 300 lines in seven languages, a third negatives, deterministic, exact spans', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(300);
    expect(new Set(fixtures.map((f) => f.lang))).toEqual(new Set(['en', 'de', 'fr', 'es', 'zh', 'ja', 'ko']));
    const negatives = fixtures.filter((f) => f.negative).length;
    expect(negatives / fixtures.length).toBeGreaterThanOrEqual(0.33);
    expect(generatePIIFixtures().map((f) => f.text)).toEqual(fixtures.map((f) => f.text));
    for (const f of fixtures) for (const s of f.spans) expect(s.end).toBeGreaterThan(s.start);
    expect(fixtures.filter((f) => f.half === 'heldout').length).toBeGreaterThan(fixtures.length / 3);
  });

  it('the committed snapshot eval/pii/fixtures.jsonl is what the generator produces', () => {
    const snapshot = readFileSync(new URL('../../../eval/pii/fixtures.jsonl', import.meta.url), 'utf8');
    const all = [
      ...fixtures,
      ...generateFreshPIIFixtures(),
      ...hardCaseFixtures('dev'),
      ...hardCaseFixtures('heldout'),
    ];
    expect(snapshot).toBe(`${all.map((f) => JSON.stringify(f)).join('\n')}\n`);
  });

  it('held-out micro precision and recall are both ≥ 0.95', () => {
    const score = scorePII(fixtures.filter((f) => f.half === 'heldout'));
    expect(score.micro.precision).toBeGreaterThanOrEqual(0.95);
    expect(score.micro.recall).toBeGreaterThanOrEqual(0.95);
  });
});
