/**
 * The PII eval's targets as a regression test. The development half (`eval/pii/development/`,
 * every set tuning has seen) meets its documented size (≥ 300 lines, seven languages, a third
 * look-alike negatives), each generated file there is exactly what its seeded generator writes,
 * and the development figures are pinned as floors. The held-out half (`eval/pii/heldout/`,
 * blind sets written independently and never tuned on) must be committed, and issue #11's
 * target is asserted on it. How each set was made: `eval/README.md`; how each was spent:
 * `CHANGELOG.md`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  generateIndependent1PIIFixtures,
  INDEPENDENT_1_FIXTURES_PATH,
  independent1Jsonl,
} from '../../../eval/pii/generators/independent-1/generate.js';
import { generateIndependent4PIILines } from '../../../eval/pii/generators/independent-4/generate.js';
import { generateIndependent5PIIFixtures } from '../../../eval/pii/generators/independent-5/generate.js';
import {
  generatePIIFixtures,
  generateUnseenPhrasingPIIFixtures,
} from '../../../eval/pii/generators/templates/generate.js';
import { generateNamesAddressesPIIFixtures } from '../../../eval/pii/generators/templates/generated-names-addresses.js';
import { hardCaseFixtures } from '../../../eval/pii/generators/templates/hard-cases.js';
import {
  developmentFile,
  GENERATED_DEVELOPMENT_FILES,
  toJsonl,
} from '../../../eval/pii/generators/write-development.js';
import { scorePII } from '../../../eval/pii/score.js';
import { INDEPENDENT_4_FIXTURES_PATH, INDEPENDENT_5_FIXTURES_PATH, piiFixtures } from '../../../eval/pii.js';

const INDEPENDENT_6_FLOOR_P = 0.99;
const INDEPENDENT_6_FLOOR_R = 0.97;

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

  it('templates-and-hard-cases.jsonl is the template, unseen-phrasing-template and hard-case generators in that order', () => {
    const snapshot = readFileSync(developmentFile('templates-and-hard-cases.jsonl'), 'utf8');
    const all = [
      ...fixtures,
      ...generateUnseenPhrasingPIIFixtures(),
      ...hardCaseFixtures('dev'),
      ...hardCaseFixtures('heldout'),
    ];
    expect(snapshot).toBe(`${all.map((f) => JSON.stringify(f)).join('\n')}\n`);
  });

  it.each(GENERATED_DEVELOPMENT_FILES.map((g) => [g.file, g.generate] as const))(
    'eval/pii/development/%s is exactly what its generator writes',
    (file, generate) => {
      expect(readFileSync(developmentFile(file), 'utf8')).toBe(toJsonl(generate()));
    },
  );

  const blind = generateIndependent1PIIFixtures();

  it('development (independent set 1): the committed independent-1.jsonl is what its seeded generator writes', () => {
    expect(readFileSync(INDEPENDENT_1_FIXTURES_PATH, 'utf8')).toBe(independent1Jsonl());
    expect(generateIndependent1PIIFixtures()).toEqual(blind);
  });

  it('development (independent set 1): ≥ 200 lines, ≥ 20 per language in all seven, about a third negatives, spans inside the text', () => {
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

  it('development (generated names/addresses): five deterministic batches in seven languages, about a third negatives, spans inside the text', () => {
    for (const batch of [1, 2, 3, 4, 5] as const) {
      const set = generateNamesAddressesPIIFixtures(batch);
      expect(generateNamesAddressesPIIFixtures(batch)).toEqual(set);
      expect(new Set(set.map((f) => f.lang))).toEqual(new Set(['en', 'de', 'fr', 'es', 'zh', 'ja', 'ko']));
      const share = set.filter((f) => f.negative).length / set.length;
      expect(share).toBeGreaterThanOrEqual(0.3);
      for (const f of set) {
        expect(f.negative).toBe(f.spans.length === 0);
        for (const sp of f.spans) {
          expect(sp.start).toBeGreaterThanOrEqual(0);
          expect(sp.end).toBeGreaterThan(sp.start);
          expect(sp.end).toBeLessThanOrEqual(f.text.length);
        }
      }
    }
  });

  it('development (every set tuned on): micro and name/address figures at their floors', () => {
    const dev = scorePII(piiFixtures('development'));
    expect(dev.lines).toBeGreaterThanOrEqual(4400);
    // Measured (round 5, blind set 6 included): micro P 0.992 / R 0.978, name 0.991 / 0.957.
    // Round 4 (blind set 5 included): micro P 0.992 / R 0.978; name P 0.991 /
    // R 0.962; address P 0.992 / R 0.990 (round 3 without blind set 5: 0.991 / 0.979, name
    // 0.988 / 0.963). Mostly tuned on, so these are regression floors, not evidence of
    // generalisation: the grouped cross-validation of the name model
    // (`eval/pii/train-name-model.ts`) and blind set 6 are the checks of that.
    expect(dev.micro.precision).toBeGreaterThanOrEqual(0.988);
    expect(dev.micro.recall).toBeGreaterThanOrEqual(0.973);
    const name = dev.perType.get('name');
    const address = dev.perType.get('address');
    expect(name?.precision).toBeGreaterThanOrEqual(0.985);
    expect(name?.recall).toBeGreaterThanOrEqual(0.955);
    expect(address?.precision).toBeGreaterThanOrEqual(0.988);
    expect(address?.recall).toBeGreaterThanOrEqual(0.985);
  });

  it('development (independent set 4): the committed file is what its seeded generator writes, credential URLs labelled as credentials', () => {
    const committed = readFileSync(INDEPENDENT_4_FIXTURES_PATH, 'utf8');
    expect(committed).toBe(
      `${generateIndependent4PIILines()
        .map((l) => JSON.stringify(l))
        .join('\n')}\n`,
    );
    const lines = committed
      .trim()
      .split('\n')
      .map(
        (l) => JSON.parse(l) as { text: string; spans: Array<{ type: string; start: number; end: number }> },
      );
    const creds = lines.flatMap((l) =>
      l.spans.filter((s) => s.type === 'credential').map((s) => l.text.slice(s.start, s.end)),
    );
    expect(creds.length).toBe(19);
    for (const c of creds) expect(c).toMatch(/^[^:\s/@]+:[^@\s]+$/);
    expect(lines.some((l) => l.spans.some((s) => s.type === 'url'))).toBe(false);
  });

  it('development (independent set 5): the committed file is what its seeded generator writes, credential URLs labelled as credentials only', () => {
    const committed = readFileSync(INDEPENDENT_5_FIXTURES_PATH, 'utf8');
    const generated = generateIndependent5PIIFixtures();
    expect(committed).toBe(`${generated.map((l) => JSON.stringify(l)).join('\n')}\n`);
    // The README's contract: the user:password of a URL is its own detection and wins the
    // overlap, so a credential URL carries one `credential` span and no `url` span around it.
    const creds = generated.filter((l) => l.spans.some((s) => s.type === 'credential'));
    expect(creds.length).toBeGreaterThanOrEqual(10);
    for (const l of creds)
      for (const c of l.spans.filter((s) => s.type === 'credential'))
        expect(l.spans.some((s) => s.type === 'url' && s.start <= c.start && s.end >= c.end)).toBe(false);
  });

  it('development (independent set 5): micro and name/address figures at their floors', () => {
    const b5 = scorePII(piiFixtures('development').filter((f) => f.id.startsWith('b5-')));
    expect(b5.lines).toBe(454);
    // First scored blind after round 3: micro P 0.938 / R 0.787 (names 0.851 / 0.557, addresses
    // 0.826 / 0.731). After round 4, tuned on its misses: see CHANGELOG.md, History → PII
    // detection. Floors only.
    expect(b5.micro.precision).toBeGreaterThanOrEqual(0.96);
    expect(b5.micro.recall).toBeGreaterThanOrEqual(0.9);
    expect(b5.perType.get('name')?.recall).toBeGreaterThanOrEqual(0.78);
    expect(b5.perType.get('address')?.recall).toBeGreaterThanOrEqual(0.93);
  });

  it('development (independent set 6): micro precision and recall at its floors', () => {
    const b6 = scorePII(piiFixtures('development').filter((f) => f.id.startsWith('b6-')));
    expect(b6.lines).toBe(543);
    // First scored blind after issue #11's fourth tuning round: P 0.961 / R 0.940 (names
    // 0.937 / 0.854, date-of-birth 1.00 / 0.849, phone 0.894 / 0.991). Tuned on in round 5
    // (see CHANGELOG.md, History → PII detection: 0.996 / 0.974 after it), so these are
    // regression floors only.
    expect(b6.micro.precision).toBeGreaterThanOrEqual(INDEPENDENT_6_FLOOR_P);
    expect(b6.micro.recall).toBeGreaterThanOrEqual(INDEPENDENT_6_FLOOR_R);
  });

  it('held-out (independent sets 7 + 8, never tuned on): micro precision and recall both >= 0.95 (issue #11 target)', () => {
    const heldout = piiFixtures('heldout');
    expect(
      heldout,
      'eval/pii/heldout/independent-7.jsonl and independent-8.jsonl must be committed',
    ).toBeDefined();
    expect(heldout!.length).toBeGreaterThanOrEqual(900);
    const score = scorePII(heldout!);
    // Scored once after round 5: P 0.987 / R 0.956 (blind set 7: 0.987 / 0.951 with its credential
    // URLs labelled per the documented contract, 0.934 as its writer labelled them; blind set 8,
    // written after the detector was frozen: 0.987 / 0.959). Deterministic: detector and lines are.
    expect(score.micro.precision).toBeGreaterThanOrEqual(0.95);
    expect(score.micro.recall).toBeGreaterThanOrEqual(0.95);
    // Earlier blind sets missed it at their first score: 4 P 0.920 / R 0.833, 5 0.938 / 0.787,
    // 6 0.961 / 0.940 (all tuned on since, now development rows).
  });
});
