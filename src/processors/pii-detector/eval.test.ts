/**
 * The PII eval's targets as a regression test. The development fixtures (every set tuning has
 * seen: `eval/pii/generate.ts`, the hard cases, the first blind set — spent once its misses were
 * read — and `dev2-templates.ts`) meet their documented size (≥ 300 lines, seven languages, a
 * third look-alike negatives). The held-out half is the second and third blind
 * sets (`eval/pii/blind2-fixtures.jsonl`, `blind3-fixtures.jsonl`), each written without reading
 * the detector, its docs or the other sets; their shape and snapshots are pinned in
 * `blind2-fixtures.test.ts` and `blind3-fixtures.test.ts`. Issue #11's targets are missed on it,
 * so the achieved figures are asserted as regression floors (see the assertion).
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

  it('held-out (blind sets 2 and 3): micro precision and recall at their regression floors (issue #11 targets missed)', () => {
    const heldout = piiFixtures('heldout');
    expect(heldout?.length).toBeGreaterThanOrEqual(700);
    const score = scorePII(heldout ?? []);
    // Issue #11's target is micro precision and recall >= 0.95 on the held-out half. Neither blind
    // set was ever tuned on. Blind set 2 (402 lines): first score P 0.960 / R 0.869; after the
    // name and address rules were generalised on development data only, P 0.968 / R 0.892. Blind
    // set 3 (390 lines, 212 of its 666 values are names; first and only score): P 0.930 / R 0.784.
    // Together: P 0.947 / R 0.829 — both MISSED, mostly on names (R 0.52) and postal addresses
    // (P 0.69 / R 0.68). These floors pin the honestly achieved figures; they are not the target.
    expect(score.micro.precision).toBeGreaterThanOrEqual(0.946);
    expect(score.micro.recall).toBeGreaterThanOrEqual(0.828);
  });
});
