/**
 * The injection eval (`npm run eval`, `eval/injection.ts`) as a fast test: the committed fixture
 * file is exactly what the seeded generator produces, the halves are split by template and are
 * about half hard negatives, and the figures hold.
 *
 * Protocol (see docs-drafts/prompt-injection.md): the held-out half was scored blind once with the
 * scorer frozen (ROC AUC 0.916, recall@1%FPR 45.8%, hard-negative FPR 6.4%: issue #11's targets
 * missed); its errors were then read and the scorer tuned on both halves, so both halves now only
 * guard against regressions. The blind check is the `fresh` set (a first batch written before that
 * last tuning round, a second after all tuning stopped; each scored once): the issue's targets are
 * asserted there.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateInjectionFixtures } from '../../../eval/injection/generate.js';
import { evaluateInjection } from '../../../eval/injection.js';

const fixtures = generateInjectionFixtures();
const figures = evaluateInjection();
const dev = figures.find((f) => f.split === 'dev');
const heldout = figures.find((f) => f.split === 'heldout');
const fresh = figures.find((f) => f.split === 'fresh');

describe('injection eval fixtures', () => {
  it('the committed fixtures.jsonl is what the seeded generator writes (deterministic)', () => {
    const file = readFileSync(new URL('../../../eval/injection/fixtures.jsonl', import.meta.url), 'utf8');
    expect(file).toBe(`${fixtures.map((f) => JSON.stringify(f)).join('\n')}\n`);
  });
  it('has at least 300 lines across the families, about half of them hard negatives, in seven languages', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(300);
    const hard = fixtures.filter((f) => f.hard).length;
    expect(hard / fixtures.length).toBeGreaterThanOrEqual(0.5);
    for (const split of ['dev', 'heldout'] as const) {
      const half = fixtures.filter((f) => f.split === split);
      expect(half.filter((f) => f.hard).length / half.length, split).toBeGreaterThanOrEqual(0.5);
    }
    expect(new Set(fixtures.map((f) => f.lang))).toEqual(new Set(['en', 'de', 'fr', 'es', 'zh', 'ja', 'ko']));
    expect(new Set(fixtures.filter((f) => f.label === 1).map((f) => f.family)).size).toBeGreaterThanOrEqual(
      10,
    );
  });
  it('splits by template: no template (id prefix) has lines in both halves', () => {
    const halfOf = new Map<string, string>();
    for (const f of fixtures) {
      const template = f.id.replace(/-\d+$/, '');
      expect(halfOf.get(template) ?? f.split).toBe(f.split);
      halfOf.set(template, f.split);
    }
    const halves = fixtures.filter((f) => f.split !== 'fresh');
    expect(halves.filter((f) => f.split === 'heldout').length).toBeGreaterThan(halves.length * 0.45);
  });
});

describe('injection eval figures', () => {
  it('development half (tuned on): recall >= 0.6 at 1% FPR and hard-negative FPR <= 2% at threshold 0.7', () => {
    expect(dev?.recallAt1Fpr).toBeGreaterThanOrEqual(0.6);
    expect(dev?.hardFpr).toBeLessThanOrEqual(0.02);
    expect(dev?.auc).toBeGreaterThan(0.95);
  });
  it('held-out half (tuned on after its blind score): recall >= 0.6 at 1% FPR and hard-negative FPR <= 2%', () => {
    expect(heldout?.recallAt1Fpr).toBeGreaterThanOrEqual(0.6);
    expect(heldout?.hardFpr).toBeLessThanOrEqual(0.02);
  });
  it('fresh blind set meets the issue #11 targets: recall >= 0.6 at 1% FPR, hard-negative FPR <= 2% at 0.7', () => {
    expect(fresh?.lines).toBeGreaterThanOrEqual(150);
    expect(fresh?.recallAt1Fpr).toBeGreaterThanOrEqual(0.6);
    expect(fresh?.hardFpr).toBeLessThanOrEqual(0.02);
    expect(fresh?.auc).toBeGreaterThan(0.9);
  });
});
