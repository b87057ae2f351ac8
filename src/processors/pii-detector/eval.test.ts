/**
 * The PII eval's targets as a regression test. The development fixtures (every set tuning has
 * seen: `eval/pii/generate.ts`, the hard cases, the first blind set — spent once its misses were
 * read — and `dev2-templates.ts`) meet their documented size (≥ 300 lines, seven languages, a
 * third look-alike negatives). The held-out half is the second blind set
 * (`eval/pii/blind2-fixtures.jsonl`), written without reading the detector, its docs or the
 * other sets; its shape and snapshot are pinned in `blind2-fixtures.test.ts`. Issue #11's targets
 * are asserted on it — micro precision ≥ 0.95 (met) and, because the blind score missed the
 * recall target, recall as a regression floor at the figure first achieved (see the assertion).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateFreshPIIFixtures, generatePIIFixtures } from '../../../eval/pii/generate.js';
import {
  BLIND_FIXTURES_PATH,
  blindFixturesJsonl,
  generateBlindPIIFixtures,
} from '../../../eval/pii/generate-blind.js';
import { hardCaseFixtures } from '../../../eval/pii/hard-cases.js';
import { scorePII } from '../../../eval/pii/score.js';
import { piiFixtures } from '../../../eval/pii.js';

describe('PII eval', () => {
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

  const blind = generateBlindPIIFixtures();

  it('development (spent blind set): the committed blind-fixtures.jsonl is what the seeded blind generator writes', () => {
    expect(readFileSync(BLIND_FIXTURES_PATH, 'utf8')).toBe(blindFixturesJsonl());
    expect(generateBlindPIIFixtures()).toEqual(blind);
  });

  it('development (spent blind set): ≥ 200 lines, ≥ 20 per language in all seven, about a third negatives, spans inside the text', () => {
    expect(blind.length).toBeGreaterThanOrEqual(200);
    for (const lang of ['en', 'de', 'fr', 'es', 'zh', 'ja', 'ko'] as const) {
      expect(blind.filter((f) => f.lang === lang).length).toBeGreaterThanOrEqual(20);
    }
    const share = blind.filter((f) => f.negative).length / blind.length;
    expect(share).toBeGreaterThanOrEqual(0.3);
    expect(share).toBeLessThanOrEqual(0.4);
    for (const f of blind) {
      expect(f.negative).toBe(f.spans.length === 0);
      for (const s of f.spans) {
        expect(s.start).toBeGreaterThanOrEqual(0);
        expect(s.end).toBeGreaterThan(s.start);
        expect(s.end).toBeLessThanOrEqual(f.text.length);
      }
    }
  });

  it('held-out (blind2): micro precision ≥ 0.95 (issue #11 target) and recall at its regression floor', () => {
    const heldout = piiFixtures('heldout');
    expect(heldout?.length).toBeGreaterThanOrEqual(240);
    const score = scorePII(heldout ?? []);
    expect(score.micro.precision).toBeGreaterThanOrEqual(0.95);
    // Issue #11's target is recall ≥ 0.95 on the held-out half. The second blind set's first
    // scoring (402 lines, 472 labelled values, 2026-12-03, detector at 6b0199e, no change after)
    // found 410: recall 0.869 (410/472 = 0.8686), a MISS (precision 0.960 met the target). The first blind set had
    // scored 0.781 before the detector generalised its name, address, boundary and cue rules
    // (tuned on development data only). This floor pins the honestly achieved figure so it cannot
    // regress; it is not the target. Raise it only through detector changes not tuned on blind2.
    expect(score.micro.recall).toBeGreaterThanOrEqual(0.868);
  });
});
