/**
 * Cost estimation (issue #14): overrides, provider ids as models report them, cached and
 * reasoning tokens, unknown models, and agreement with the bundled price data for every model of
 * the OpenAI, Anthropic and Google catalogues.
 */
import { calcPrice, findProvider } from '@pydantic/genai-prices';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { estimateCost, pricedTokens, pricingProblem, pricingProviderId } from './pricing.js';
import { CURRENT_MODELS } from './testing/current-models.js';

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('estimateCost', () => {
  it('maps AI SDK provider ids to the price data provider', () => {
    expect(
      ['openai.chat', 'openai.responses', 'anthropic.messages', 'google.generative-ai', 'OpenAI'].map(
        pricingProviderId,
      ),
    ).toEqual(['openai', 'openai', 'anthropic', 'google', 'openai']);
  });

  it('every current OpenAI / Anthropic / Google model is priced, cached input below the input rate', () => {
    for (const [provider, model] of CURRENT_MODELS) {
      const plain = estimateCost({ provider, model, usage: { inputTokens: 1000, outputTokens: 100 } });
      const cached = estimateCost({
        provider,
        model,
        usage: { inputTokens: 1000, cachedInputTokens: 1000, outputTokens: 100 },
      });
      expect(plain.priced, `${provider}/${model}`).toBe(true);
      expect(plain.source).toBe('genai-prices');
      expect(cached.estimatedCost, `${provider}/${model} cached`).toBeLessThan(plain.estimatedCost);
    }
  });

  it('agrees with the price data for every model of the three catalogues (flat prices computed directly, tiers by the library)', () => {
    const usages = [
      { input: 1234, cached: 0, output: 567, reasoning: 0 },
      { input: 5000, cached: 4000, output: 900, reasoning: 300 },
      { input: 250_000, cached: 50_000, output: 3000, reasoning: 2000 },
    ];
    let compared = 0;
    for (const providerId of ['openai', 'anthropic', 'google']) {
      const provider = findProvider({ providerId });
      expect(provider).toBeDefined();
      for (const model of provider?.models ?? []) {
        for (const u of usages) {
          const expected = calcPrice(
            {
              input_tokens: u.input,
              cache_read_tokens: u.cached,
              output_tokens: u.output,
              output_reasoning_tokens: u.reasoning,
            },
            model.id,
            { providerId },
          );
          if (expected === null) continue;
          const ours = estimateCost({
            provider: providerId,
            model: model.id,
            usage: {
              inputTokens: u.input,
              cachedInputTokens: u.cached,
              outputTokens: u.output,
              reasoningTokens: u.reasoning,
            },
          });
          expect(ours.estimatedCost, `${providerId}/${model.id} ${JSON.stringify(u)}`).toBeCloseTo(
            expected.total_price,
            12,
          );
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('an override wins and prices cached and reasoning tokens at their own rates (defaults: input and output)', () => {
    const usage = { inputTokens: 1000, cachedInputTokens: 600, outputTokens: 400, reasoningTokens: 100 };
    const full = estimateCost(
      { provider: 'openai.chat', model: 'gpt-5', usage },
      {
        'openai/gpt-5': { input: 2, output: 8, cachedInput: 0.5, reasoning: 16 },
      },
    );
    expect(full.source).toBe('pricing');
    expect(full.estimatedCost).toBeCloseTo((400 * 2 + 600 * 0.5 + 300 * 8 + 100 * 16) / 1e6, 15);
    const defaults = estimateCost({ provider: 'x', model: 'y', usage }, { 'x/y': { input: 2, output: 8 } });
    expect(defaults.estimatedCost).toBeCloseTo((1000 * 2 + 400 * 8) / 1e6, 15);
    const fallback = estimateCost({ provider: 'x', model: 'y', usage }, undefined, {
      fallbackPricing: [undefined, { 'x/y': { input: 1, output: 1 } }],
    });
    expect(fallback.estimatedCost).toBeCloseTo(1400 / 1e6, 15);
  });

  it('counts that cannot be parts of a total are added (older spec versions report cached and reasoning apart)', () => {
    expect(
      pricedTokens({ inputTokens: 100, cachedInputTokens: 300, outputTokens: 10, reasoningTokens: 40 }),
    ).toEqual({
      input: 400,
      cachedInput: 300,
      output: 50,
      reasoning: 40,
    });
    expect(pricedTokens(undefined)).toEqual({ input: 0, cachedInput: 0, output: 0, reasoning: 0 });
    expect(pricedTokens({ inputTokens: Number.NaN, outputTokens: -3 })).toEqual({
      input: 0,
      cachedInput: 0,
      output: 0,
      reasoning: 0,
    });
  });

  it('an unknown model costs 0, priced: false, and warns once naming the model and the pricing key; no usage is priced at 0', () => {
    const lines: string[] = [];
    const write = (m: string) => lines.push(m);
    const a = estimateCost(
      { provider: 'nowhere.chat', model: 'm-unknown-1', usage: { inputTokens: 5, outputTokens: 5 } },
      undefined,
      { warn: write },
    );
    estimateCost(
      { provider: 'nowhere.chat', model: 'm-unknown-1', usage: { inputTokens: 5, outputTokens: 5 } },
      undefined,
      { warn: write },
    );
    expect(a).toMatchObject({ estimatedCost: 0, priced: false, source: 'none' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"nowhere.chat/m-unknown-1"');
    expect(lines[0]).toContain("pricing: { 'nowhere/m-unknown-1'");
    expect(
      estimateCost({ provider: 'nowhere', model: 'm-unknown-2', usage: undefined }, undefined, {
        warn: write,
      }),
    ).toMatchObject({
      estimatedCost: 0,
      priced: true,
    });
    expect(lines).toHaveLength(1);
  });

  it('pricingProblem names the bad entry', () => {
    expect(pricingProblem(undefined)).toBeUndefined();
    expect(pricingProblem({ 'a/b': { input: 1, output: 2, cachedInput: 0.1 } })).toBeUndefined();
    expect(pricingProblem([])).toMatch(/object keyed/);
    expect(pricingProblem({ ab: { input: 1, output: 1 } })).toMatch(/key "ab"/);
    expect(pricingProblem({ 'a/b': { input: 1 } })).toMatch(/"a\/b"\.output/);
    expect(pricingProblem({ 'a/b': { input: 1, output: 1, reasoning: Number.NaN } })).toMatch(/reasoning/);
  });
});
