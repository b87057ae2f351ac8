/**
 * TokenCostControl through a real Agent and ScriptedModel (api-reference 6.18): every scope,
 * window boundaries with an injected clock, block and warn, warnAtPercent once per request,
 * maxCost as a function, missing scope keys, unknown models, and what the run records.
 */
import { APICallError } from '@ai-sdk/provider';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../agent/index.js';
import { InMemoryUsageLedger } from '../../cost/in-memory-ledger.js';
import type { PricingTable, UsageLedger, UsageScope } from '../../cost/types.js';
import { InMemoryStore, Memory } from '../../memory/index.js';
import type { ProcessorViolation } from '../../pipeline/types.js';
import {
  MASTRA_RESOURCE_ID_KEY,
  MASTRA_THREAD_ID_KEY,
  RequestContext,
} from '../../request-context/request-context.js';
import { ScriptedModel, type ScriptedStep } from '../../test/index.js';
import { createTool } from '../../tools/index.js';
import { CostGuardProcessor, TokenCostControl, type TokenCostControlViolationDetail } from './index.js';
import { ListingLedger, testClock } from './testing/fixtures.js';

const T0 = Date.UTC(2026, 2, 1, 9, 0, 0);
/** $10 per million input tokens, $20 per million output tokens: 1000 in + 500 out = $0.02. */
const PRICING: PricingTable = { 'acme/m1': { input: 10, output: 20 } };
const CALL = { inputTokens: 1000, outputTokens: 500 };
const CALL_COST = 0.02;

function model(steps: ScriptedStep[] = [{ text: 'ok', usage: CALL }]): ScriptedModel {
  return new ScriptedModel({ provider: 'acme.chat', modelId: 'm1', steps });
}

function repeat(n: number): ScriptedStep[] {
  return Array.from({ length: n }, () => ({ text: 'ok', usage: CALL }));
}

function agentWith(control: TokenCostControl, m: ScriptedModel, extra: Record<string, unknown> = {}): Agent {
  return new Agent({
    id: 'budgeted',
    instructions: 'Be brief.',
    model: m,
    inputProcessors: [control],
    ...extra,
  });
}

const ctx = (entries: Record<string, string>) => new RequestContext(Object.entries(entries));

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
});
const warnings = (): string[] => warn.mock.calls.map((c: unknown[]) => String(c[0]));

describe('TokenCostControl: block strategy', () => {
  it('lets calls through until the scope reaches maxCost, then ends the run with the documented tripwire before the model is called', async () => {
    const ledger = new InMemoryUsageLedger();
    const control = new TokenCostControl({
      maxCost: 0.05,
      scope: 'user',
      window: '24h',
      ledger,
      pricing: PRICING,
    });
    const m = model(repeat(4));
    const agent = agentWith(control, m);
    const requestContext = ctx({ userId: 'u1' });
    for (let i = 0; i < 3; i++) {
      const result = await agent.generate('hi', { requestContext });
      expect(result.tripwire).toBeUndefined();
    }
    // 3 × $0.02 = $0.06 ≥ $0.05: the 4th call is refused.
    const blocked = await agent.generate('hi', { requestContext });
    expect(m.calls).toHaveLength(3);
    expect(blocked.tripwire?.processorId).toBe('token-cost-control');
    expect(blocked.tripwire?.metadata).toEqual({
      processorId: 'token-cost-control',
      usage: { estimatedCost: expect.closeTo(0.06, 9), costUnit: 'USD' },
      maxCost: 0.05,
      scope: 'user',
      scopeKey: 'u1',
      threshold: 'hard',
    });
    expect(blocked.tripwire?.reason).toBe(
      'Token cost limit reached: 0.06 USD of 0.05 USD used (user "u1", last 24h).',
    );
    // Another user has their own budget.
    const other = await agent.generate('hi', { requestContext: ctx({ userId: 'u2' }) });
    expect(other.tripwire).toBeUndefined();
  });

  it('checks before every model call: a run whose steps pass the budget stops before the next step', async () => {
    const lookup = createTool({
      id: 'lookup',
      description: 'Looks up',
      inputSchema: z.object({ q: z.string() }),
      execute: async () => 'found',
    });
    const control = new TokenCostControl({ maxCost: 0.03, scope: 'run', pricing: PRICING });
    const m = model([
      { toolCalls: [{ toolName: 'lookup', args: { q: 'a' } }], usage: CALL },
      { toolCalls: [{ toolName: 'lookup', args: { q: 'b' } }], usage: CALL },
      { text: 'never', usage: CALL },
    ]);
    const agent = agentWith(control, m, { tools: { lookup } });
    const result = await agent.generate('go', { maxSteps: 5 });
    expect(m.calls).toHaveLength(2);
    expect(result.tripwire?.metadata).toMatchObject({
      scope: 'run',
      scopeKey: result.runId,
      threshold: 'hard',
    });
    // scope 'run': a new run starts from zero.
    const next = await agentWith(control, model()).generate('again');
    expect(next.tripwire).toBeUndefined();
  });

  it('message template: {usage} and {limit} are replaced; includeBreakdown adds the per-model breakdown', async () => {
    const control = new TokenCostControl({
      maxCost: 0.02,
      scope: 'organization',
      message: 'Budget spent: {usage} of {limit} (USD)',
      includeBreakdown: true,
      pricing: PRICING,
    });
    const agent = agentWith(control, model(repeat(2)));
    const requestContext = ctx({ organizationId: 'org-9' });
    await agent.generate('hi', { requestContext });
    const blocked = await agent.generate('hi', { requestContext });
    expect(blocked.tripwire?.reason).toBe('Budget spent: 0.02 of 0.02 (USD)');
    expect(blocked.tripwire?.metadata).toMatchObject({
      breakdown: [
        {
          provider: 'acme.chat',
          model: 'm1',
          estimatedCost: expect.closeTo(0.02, 9),
          inputTokens: 1000,
          outputTokens: 500,
          calls: 1,
        },
      ],
    });
  });

  it('the deprecated CostGuardProcessor is the same class with the same id and name', () => {
    const guard = new CostGuardProcessor({ maxCost: 1 });
    expect(guard).toBeInstanceOf(TokenCostControl);
    expect(guard.id).toBe('token-cost-control');
    expect(guard.name).toBe('Token Cost Control');
    expect(guard.scope).toBe('resource');
    expect(guard.window).toBe('7d');
  });
});

describe('TokenCostControl: every scope counts its own key', () => {
  const keyed: Array<[UsageScope, (key: string) => RequestContext]> = [
    ['resource', (k) => ctx({ [MASTRA_RESOURCE_ID_KEY]: k })],
    ['thread', (k) => ctx({ [MASTRA_THREAD_ID_KEY]: k, [MASTRA_RESOURCE_ID_KEY]: 'r' })],
    ['user', (k) => ctx({ userId: k })],
    ['organization', (k) => ctx({ organizationId: k })],
    ['session', (k) => ctx({ sessionId: k })],
  ];
  for (const [scope, contextFor] of keyed) {
    it(`scope "${scope}": spending of key A blocks A's next call, not B's`, async () => {
      const control = new TokenCostControl({ maxCost: CALL_COST, scope, pricing: PRICING });
      const m = model(repeat(3));
      const agent = agentWith(control, m);
      expect((await agent.generate('hi', { requestContext: contextFor('A') })).tripwire).toBeUndefined();
      const a = await agent.generate('hi', { requestContext: contextFor('A') });
      expect(a.tripwire?.metadata).toMatchObject({ scope, scopeKey: 'A' });
      expect((await agent.generate('hi', { requestContext: contextFor('B') })).tripwire).toBeUndefined();
      expect(m.calls).toHaveLength(2);
    });
  }

  it('scope "resource" and "thread" read the ids of a call with memory', async () => {
    const memory = new Memory({ storage: new InMemoryStore(), options: { lastMessages: 2 } });
    const byResource = new TokenCostControl({ maxCost: CALL_COST, pricing: PRICING });
    const m = model(repeat(3));
    const agent = new Agent({
      id: 'mem',
      instructions: 'x',
      model: m,
      memory,
      inputProcessors: [byResource],
    });
    await agent.generate('one', { memory: { thread: 't1', resource: 'alice' } });
    const second = await agent.generate('two', { memory: { thread: 't2', resource: 'alice' } });
    expect(second.tripwire?.metadata).toMatchObject({ scope: 'resource', scopeKey: 'alice' });
    expect(
      (await agent.generate('three', { memory: { thread: 't3', resource: 'bob' } })).tripwire,
    ).toBeUndefined();
    const usage = await byResource.getUsage({ scopeKey: 'alice' });
    expect(usage.calls).toBe(1);
    const threadLedger = new ListingLedger();
    const byThread = new TokenCostControl({
      maxCost: 10,
      scope: 'thread',
      ledger: threadLedger,
      pricing: PRICING,
    });
    const m2 = model(repeat(1));
    await new Agent({
      id: 'mem2',
      instructions: 'x',
      model: m2,
      memory,
      inputProcessors: [byThread],
    }).generate('x', {
      memory: { thread: 't9', resource: 'carol' },
    });
    expect(threadLedger.records[0]?.scope).toMatchObject({ threadId: 't9', resourceId: 'carol' });
  });

  it('a missing scope key skips the check (warned once) and the call is still recorded under its other keys', async () => {
    const ledger = new ListingLedger();
    const control = new TokenCostControl({ maxCost: 0, scope: 'user', ledger, pricing: PRICING });
    const m = model(repeat(2));
    const agent = agentWith(control, m);
    const first = await agent.generate('hi', { requestContext: ctx({ organizationId: 'o1' }) });
    const second = await agent.generate('hi');
    expect(first.tripwire).toBeUndefined();
    expect(second.tripwire).toBeUndefined();
    expect(m.calls).toHaveLength(2);
    expect(warnings().filter((w) => w.includes('request-context key "userId"'))).toHaveLength(1);
    expect(ledger.records).toHaveLength(2);
    expect(ledger.records[0]?.scope).toEqual({ runId: first.runId, organizationId: 'o1' });
  });
});

describe('TokenCostControl: sliding windows with an injected clock', () => {
  for (const [window, ms] of [
    ['1h', 3_600_000],
    ['6h', 21_600_000],
    ['24h', 86_400_000],
    ['7d', 604_800_000],
    ['30d', 2_592_000_000],
    ['365d', 31_536_000_000],
  ] as const) {
    it(`window "${window}": a call at T0 counts until T0 + ${window} (exclusive), not from then on`, async () => {
      const clock = testClock(T0);
      const control = new TokenCostControl({
        maxCost: CALL_COST,
        scope: 'user',
        window,
        now: clock.now,
        pricing: PRICING,
      });
      const m = model(repeat(3));
      const agent = agentWith(control, m);
      const requestContext = ctx({ userId: 'u' });
      await agent.generate('hi', { requestContext });
      clock.set(T0 + ms - 1);
      expect((await agent.generate('hi', { requestContext })).tripwire?.metadata).toMatchObject({
        threshold: 'hard',
      });
      clock.set(T0 + ms);
      expect((await agent.generate('hi', { requestContext })).tripwire).toBeUndefined();
      expect(m.calls).toHaveLength(2);
    });
  }

  it('getUsage reads the window at the processor clock: "used $x of $y"', async () => {
    const clock = testClock(T0);
    const control = new TokenCostControl({
      maxCost: 0.1,
      scope: 'user',
      window: '1h',
      now: clock.now,
      pricing: PRICING,
    });
    const agent = agentWith(control, model(repeat(2)));
    const requestContext = ctx({ userId: 'u' });
    await agent.generate('hi', { requestContext });
    clock.advance(30 * 60_000);
    await agent.generate('hi', { requestContext });
    const now = await control.getUsage({ requestContext });
    expect(now).toMatchObject({
      scope: 'user',
      scopeKey: 'u',
      window: '1h',
      calls: 2,
      maxCost: 0.1,
      costUnit: 'USD',
      inputTokens: 2000,
      outputTokens: 1000,
    });
    expect(now.estimatedCost).toBeCloseTo(0.04, 9);
    expect(now.remaining).toBeCloseTo(0.06, 9);
    expect(now.percentUsed).toBeCloseTo(40, 6);
    expect(now.breakdown).toHaveLength(1);
    clock.advance(31 * 60_000);
    expect((await control.getUsage({ scopeKey: 'u' })).calls).toBe(1);
    expect((await control.getUsage({ scopeKey: 'u', window: '24h' })).calls).toBe(2);
    await expect(control.getUsage()).rejects.toThrow(/scopeKey/);
  });
});

describe('TokenCostControl: warn strategy and warnAtPercent', () => {
  it('warn: the call goes through and onViolation gets the documented detail (hard, once per request)', async () => {
    const violations: ProcessorViolation[] = [];
    const control = new TokenCostControl({
      maxCost: 0.01,
      scope: 'session',
      strategy: 'warn',
      pricing: PRICING,
    });
    control.onViolation = (v) => {
      violations.push(v);
    };
    const m = model(repeat(2));
    const agent = agentWith(control, m);
    const requestContext = ctx({ sessionId: 's1' });
    await agent.generate('hi', { requestContext });
    const result = await agent.generate('hi', { requestContext });
    expect(result.tripwire).toBeUndefined();
    expect(m.calls).toHaveLength(2);
    expect(violations).toHaveLength(1);
    const detail = violations[0]?.detail as TokenCostControlViolationDetail;
    expect(violations[0]?.processorId).toBe('token-cost-control');
    expect(violations[0]?.message).toMatch(/0\.02 USD of 0\.01 USD/);
    expect(detail).toEqual({
      usage: { estimatedCost: expect.closeTo(CALL_COST, 9), costUnit: 'USD' },
      limit: 0.01,
      totalUsage: {
        estimatedCost: expect.closeTo(CALL_COST, 9),
        costUnit: 'USD',
        inputTokens: 1000,
        outputTokens: 500,
        cachedInputTokens: 0,
        reasoningTokens: 0,
        calls: 1,
      },
      scope: 'session',
      scopeKey: 's1',
      threshold: 'hard',
    });
  });

  it('warnAtPercent: the soft threshold is reported once per request however many steps it has, and again on the next request', async () => {
    const lookup = createTool({
      id: 'lookup',
      description: 'Looks up',
      inputSchema: z.object({ q: z.string() }),
      execute: async () => 'found',
    });
    const soft: TokenCostControlViolationDetail[] = [];
    const control = new TokenCostControl({
      maxCost: 1,
      scope: 'user',
      warnAtPercent: 3,
      pricing: PRICING,
      onViolation: (v) => {
        soft.push(v.detail as TokenCostControlViolationDetail);
      },
    });
    // Two runs of three steps each at $0.02: the soft threshold ($0.03) is passed after step 2.
    const steps: ScriptedStep[] = [
      { toolCalls: [{ toolName: 'lookup', args: { q: '1' } }], usage: CALL },
      { toolCalls: [{ toolName: 'lookup', args: { q: '2' } }], usage: CALL },
      { text: 'done', usage: CALL },
    ];
    const agent = agentWith(control, model([...steps, ...steps]), { tools: { lookup } });
    const requestContext = ctx({ userId: 'u' });
    const first = await agent.generate('go', { requestContext, maxSteps: 5 });
    expect(first.tripwire).toBeUndefined();
    expect(soft).toHaveLength(1);
    expect(soft[0]).toMatchObject({ threshold: 'soft', limit: 1, scope: 'user', scopeKey: 'u' });
    expect(soft[0]?.usage.estimatedCost).toBeCloseTo(0.04, 9);
    await agent.generate('go', { requestContext, maxSteps: 5 });
    expect(soft).toHaveLength(2);
    expect(soft.every((d) => d.threshold === 'soft')).toBe(true);
  });
});

describe('TokenCostControl: warn strategy, thresholds in order, breakdown, and no onViolation', () => {
  it('soft then hard, each once per request, with the breakdown in the detail; the calls all go through', async () => {
    const seen: ProcessorViolation[] = [];
    const control = new TokenCostControl({
      maxCost: 0.05,
      scope: 'user',
      strategy: 'warn',
      warnAtPercent: 50,
      includeBreakdown: true,
      pricing: PRICING,
      onViolation: (v) => {
        seen.push(v);
      },
    });
    const m = model(repeat(4));
    const agent = agentWith(control, m);
    const requestContext = ctx({ userId: 'w' });
    // Spent before each request: $0, $0.02 (40 %), $0.04 (80 %: soft), $0.06 (hard).
    for (let i = 0; i < 4; i++)
      expect((await agent.generate('hi', { requestContext })).tripwire).toBeUndefined();
    expect(m.calls).toHaveLength(4);
    const details = seen.map((v) => v.detail as TokenCostControlViolationDetail);
    expect(details.map((d) => d.threshold)).toEqual(['soft', 'hard']);
    expect(seen[0]?.message).toBe(
      'Token cost at 50% of the budget: 0.04 USD of 0.05 USD used (user "w", last 7d).',
    );
    expect(seen[1]?.message).toBe('Token cost limit reached: 0.06 USD of 0.05 USD used (user "w", last 7d).');
    expect(details[1]?.breakdown).toEqual([
      {
        provider: 'acme.chat',
        model: 'm1',
        estimatedCost: expect.closeTo(0.06, 9),
        inputTokens: 3000,
        outputTokens: 1500,
        cachedInputTokens: 0,
        reasoningTokens: 0,
        calls: 3,
      },
    ]);
    expect(details[1]?.totalUsage).not.toHaveProperty('breakdown');
    // The soft threshold's breakdown too: what was spent before the call (its own hold left out).
    expect(details[0]?.breakdown).toEqual([
      expect.objectContaining({ model: 'm1', calls: 2, estimatedCost: expect.closeTo(0.04, 9) }),
    ]);
  });

  it('without onViolation, a warn-strategy violation is a console warning naming the processor', async () => {
    const control = new TokenCostControl({
      maxCost: 0.01,
      scope: 'user',
      strategy: 'warn',
      pricing: PRICING,
    });
    const agent = agentWith(control, model(repeat(2)));
    const requestContext = ctx({ userId: 'quiet' });
    await agent.generate('hi', { requestContext });
    expect((await agent.generate('hi', { requestContext })).text).toBe('ok');
    expect(
      warnings().filter((w) => w.startsWith('[sluice] token-cost-control: Token cost limit reached')),
    ).toEqual([
      '[sluice] token-cost-control: Token cost limit reached: 0.02 USD of 0.01 USD used (user "quiet", last 7d).',
    ]);
  });
});

describe('TokenCostControl: maxCost as a function of the request context', () => {
  it('each request gets its own budget from the function', async () => {
    const control = new TokenCostControl({
      maxCost: (rc) => (rc?.get('tier') === 'pro' ? 1 : 0.01),
      scope: 'user',
      pricing: PRICING,
    });
    const agent = agentWith(control, model(repeat(4)));
    const free = ctx({ userId: 'free', tier: 'free' });
    const pro = ctx({ userId: 'pro', tier: 'pro' });
    await agent.generate('hi', { requestContext: free });
    await agent.generate('hi', { requestContext: pro });
    expect((await agent.generate('hi', { requestContext: free })).tripwire?.metadata).toMatchObject({
      maxCost: 0.01,
    });
    expect((await agent.generate('hi', { requestContext: pro })).tripwire).toBeUndefined();
    expect((await control.getUsage({ requestContext: pro })).maxCost).toBe(1);
  });

  it('a TokenCostControl built per request by dynamic inputProcessors enforces the budget through a shared ledger', async () => {
    const ledger = new InMemoryUsageLedger();
    const m = model(repeat(3));
    const agent = new Agent({
      id: 'dynamic',
      instructions: 'x',
      model: m,
      inputProcessors: ({ requestContext }: { requestContext: RequestContext }) => [
        new TokenCostControl({
          maxCost: requestContext.get('tier' as never) === 'pro' ? 1 : CALL_COST,
          scope: 'user',
          ledger,
          pricing: PRICING,
        }),
      ],
    });
    const free = ctx({ userId: 'f', tier: 'free' });
    expect((await agent.generate('hi', { requestContext: free })).tripwire).toBeUndefined();
    expect((await agent.generate('hi', { requestContext: free })).tripwire?.metadata).toMatchObject({
      maxCost: CALL_COST,
      scopeKey: 'f',
    });
    expect(m.calls).toHaveLength(1);
  });

  for (const [label, fn] of [
    ['NaN', () => Number.NaN],
    ['a string', () => 'ten' as unknown as number],
    ['a negative number', () => -1],
    [
      'a throw',
      () => {
        throw new Error('tier service down');
      },
    ],
  ] as const) {
    it(`an invalid result (${label}) skips the check with a warning, once per request`, async () => {
      const control = new TokenCostControl({ maxCost: fn, scope: 'user', pricing: PRICING });
      const m = model(repeat(2));
      const agent = agentWith(control, m);
      const requestContext = ctx({ userId: 'u' });
      await agent.generate('hi', { requestContext });
      const second = await agent.generate('hi', { requestContext });
      expect(second.tripwire).toBeUndefined();
      expect(m.calls).toHaveLength(2);
      const skipped = warnings().filter((w) => w.includes('maxCost function'));
      expect(skipped).toHaveLength(2);
      expect(skipped[0]).toMatch(/not checked/);
    });
  }
});

describe('TokenCostControl: pricing', () => {
  it('an unknown model is a warning (once per model, naming it and the pricing option), costs 0 with priced: false, never a crash', async () => {
    const ledger = new ListingLedger();
    const control = new TokenCostControl({ maxCost: 0.000001, scope: 'user', ledger });
    const m = new ScriptedModel({ provider: 'mystery.chat', modelId: 'oracle-7', steps: repeat(2) });
    const agent = agentWith(control, m);
    const requestContext = ctx({ userId: 'u' });
    expect((await agent.generate('hi', { requestContext })).tripwire).toBeUndefined();
    expect((await agent.generate('hi', { requestContext })).tripwire).toBeUndefined();
    expect(ledger.records.map((r) => [r.estimatedCost, r.priced])).toEqual([
      [0, false],
      [0, false],
    ]);
    const unknown = warnings().filter((w) => w.includes('mystery.chat/oracle-7'));
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatch(/pricing: \{ 'mystery\/oracle-7'/);
    expect(
      unknown[0]?.startsWith('[sluice] token-cost-control: no price known for model "mystery.chat/oracle-7"'),
    ).toBe(true);
  });

  it('cached input and reasoning tokens are priced at their own rates (pricing override)', async () => {
    const ledger = new ListingLedger();
    const control = new TokenCostControl({
      maxCost: 1,
      scope: 'user',
      ledger,
      pricing: { 'acme/m1': { input: 10, output: 20, cachedInput: 1, reasoning: 40 } },
    });
    const m = model([
      {
        text: 'ok',
        usage: { inputTokens: 1000, cachedInputTokens: 800, outputTokens: 500, reasoningTokens: 300 },
      },
    ]);
    await agentWith(control, m).generate('hi', { requestContext: ctx({ userId: 'u' }) });
    const [record] = ledger.records;
    expect(record).toMatchObject({
      inputTokens: 1000,
      cachedInputTokens: 800,
      outputTokens: 500,
      reasoningTokens: 300,
    });
    // 200 × $10 + 800 × $1 + 200 × $20 + 300 × $40, per million.
    expect(record?.estimatedCost).toBeCloseTo((200 * 10 + 800 * 1 + 200 * 20 + 300 * 40) / 1e6, 12);
  });

  it('without overrides, prices come from the bundled price data (openai.chat → openai; cached input at the cached rate)', async () => {
    const ledger = new ListingLedger();
    const control = new TokenCostControl({ maxCost: 1, scope: 'user', ledger });
    const m = new ScriptedModel({
      provider: 'openai.chat',
      modelId: 'gpt-5-mini',
      steps: [{ text: 'ok', usage: { inputTokens: 10_000, cachedInputTokens: 8_000, outputTokens: 1_000 } }],
    });
    await agentWith(control, m).generate('hi', { requestContext: ctx({ userId: 'u' }) });
    // gpt-5-mini: $0.25 / 1M input, $0.025 / 1M cached input, $2 / 1M output.
    expect(ledger.records[0]?.estimatedCost).toBeCloseTo((2000 * 0.25 + 8000 * 0.025 + 1000 * 2) / 1e6, 12);
    expect(ledger.records[0]?.priced).toBe(true);
  });

  it("lookup order: the processor's pricing before the ledger's; a key as the model reports its provider before the normalised one", async () => {
    const ledger = new ListingLedger({ pricing: { 'acme/m1': { input: 1000, output: 1000 } } });
    const control = new TokenCostControl({
      maxCost: 1,
      scope: 'user',
      ledger,
      pricing: { 'acme.chat/m1': { input: 1, output: 2 }, 'acme/m1': { input: 100, output: 100 } },
    });
    await agentWith(control, model()).generate('hi', { requestContext: ctx({ userId: 'u' }) });
    // 1000 × $1 + 500 × $2 per million: the processor's as-reported key.
    expect(ledger.records[0]?.estimatedCost).toBeCloseTo(2000 / 1e6, 12);
    expect(ledger.records[0]).toMatchObject({ provider: 'acme.chat', model: 'm1', priced: true });
  });

  it("the ledger's pricing is used when the processor has none", async () => {
    const ledger = new ListingLedger({ pricing: { 'acme/m1': { input: 1, output: 1 } } });
    const control = new TokenCostControl({ maxCost: 1, scope: 'user', ledger });
    await agentWith(control, model()).generate('hi', { requestContext: ctx({ userId: 'u' }) });
    expect(ledger.records[0]?.estimatedCost).toBeCloseTo(1500 / 1e6, 12);
  });
});

describe('TokenCostControl: every model call of the run is recorded once', () => {
  it('a model-level retry records the failed attempt and the retry', async () => {
    const ledger = new ListingLedger();
    const control = new TokenCostControl({ maxCost: 1, scope: 'user', ledger, pricing: PRICING });
    const overloaded = new APICallError({
      message: 'overloaded',
      url: 'https://example.test',
      requestBodyValues: {},
      statusCode: 503,
      isRetryable: true,
    });
    const m = model([{ throwBeforeStream: overloaded }, { text: 'ok', usage: CALL }]);
    const agent = agentWith(control, m, { maxRetries: 1, errorProcessors: [] });
    const result = await agent.generate('hi', { requestContext: ctx({ userId: 'u' }) });
    expect(result.text).toBe('ok');
    expect(m.calls).toHaveLength(2);
    expect(ledger.records.map((r) => [r.kind, r.inputTokens, r.estimatedCost])).toEqual([
      ['step', 0, 0],
      ['retry', 1000, expect.closeTo(CALL_COST, 9)],
    ]);
  });

  it('an error-processor retry records the failed call (with the tokens the provider reported) and the retry', async () => {
    const ledger = new ListingLedger();
    const control = new TokenCostControl({ maxCost: 1, scope: 'user', ledger, pricing: PRICING });
    const broken = new APICallError({
      message: 'stream reset',
      url: 'https://example.test',
      requestBodyValues: {},
      statusCode: 500,
      isRetryable: false,
    });
    const m = model([
      { text: 'partial', usage: CALL, errorAfterChunks: { after: 4, error: broken, mode: 'throw' } },
      { text: 'ok', usage: CALL },
    ]);
    const agent = agentWith(control, m, {
      errorProcessors: [
        {
          id: 'again',
          processAPIError: ({ retryCount }: { retryCount: number }) => ({ retry: retryCount === 0 }),
        },
      ],
    });
    const result = await agent.generate('hi', { requestContext: ctx({ userId: 'u' }) });
    expect(result.text).toBe('ok');
    expect(m.calls).toHaveLength(2);
    expect(ledger.records.map((r) => r.kind)).toEqual(['step', 'retry']);
    expect(ledger.records[1]?.estimatedCost).toBeCloseTo(CALL_COST, 9);
  });

  it('a processor retry (abort with retry: true) records both attempts', async () => {
    const ledger = new ListingLedger();
    const control = new TokenCostControl({ maxCost: 1, scope: 'user', ledger, pricing: PRICING });
    const m = model([
      { text: 'bad answer', usage: CALL },
      { text: 'good answer', usage: CALL },
    ]);
    const agent = agentWith(control, m, {
      maxProcessorRetries: 1,
      outputProcessors: [
        {
          id: 'picky',
          processOutputStep: ({ text, abort }: { text: string; abort: (r: string, o: object) => never }) => {
            if (text.includes('bad')) abort('try again', { retry: true });
            return [];
          },
        },
      ],
    });
    const result = await agent.generate('hi', { requestContext: ctx({ userId: 'u' }) });
    expect(result.text).toBe('good answer');
    expect(ledger.records.map((r) => r.kind)).toEqual(['step', 'retry']);
    const totals = await ledger.totals({ scope: 'run', scopeKey: result.runId });
    expect(totals.calls).toBe(2);
    expect(totals.estimatedCost).toBeCloseTo(2 * CALL_COST, 9);
  });

  it('a ledger that cannot record is a warning, never a failed run', async () => {
    const broken: UsageLedger = {
      name: 'BrokenLedger',
      record: async () => {
        throw new Error('connection refused');
      },
      totals: async (q) => new InMemoryUsageLedger().totals(q),
    };
    const control = new TokenCostControl({ maxCost: 1, scope: 'user', ledger: broken, pricing: PRICING });
    const result = await agentWith(control, model()).generate('hi', { requestContext: ctx({ userId: 'u' }) });
    expect(result.text).toBe('ok');
    expect(result.error).toBeUndefined();
    const failed = warnings().filter((w) => w.includes('BrokenLedger could not record'));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatch(
      /^\[sluice\] usage: BrokenLedger could not record the call to acme\.chat\/m1 \(run .+\): connection refused\. The run goes on/,
    );
  });

  it('a ledger that cannot be read lets the call through with a warning', async () => {
    const unreadable: UsageLedger = {
      name: 'UnreadableLedger',
      record: async () => {},
      totals: async () => {
        throw new Error('timeout');
      },
    };
    const control = new TokenCostControl({ maxCost: 0, scope: 'user', ledger: unreadable, pricing: PRICING });
    const result = await agentWith(control, model()).generate('hi', { requestContext: ctx({ userId: 'u' }) });
    expect(result.text).toBe('ok');
    expect(warnings().some((w) => w.includes('UnreadableLedger could not be read'))).toBe(true);
  });

  it('a ledger that never answers does not hang the run: past timeoutMs the call goes ahead with a warning', async () => {
    const hanging: UsageLedger = {
      name: 'HangingLedger',
      record: async () => {},
      totals: () => new Promise<never>(() => {}),
    };
    const control = new TokenCostControl({
      maxCost: 0,
      scope: 'user',
      ledger: hanging,
      pricing: PRICING,
      timeoutMs: 30,
    });
    const result = await agentWith(control, model()).generate('hi', { requestContext: ctx({ userId: 'u' }) });
    expect(result.text).toBe('ok');
    expect(
      warnings().some((w) => w.includes('HangingLedger did not answer within 30 ms (option `timeoutMs`)')),
    ).toBe(true);
  });

  it('timeoutMs must be a positive number of milliseconds', () => {
    expect(() => new TokenCostControl({ maxCost: 1, timeoutMs: 0 })).toThrow(/timeoutMs/);
    expect(() => new TokenCostControl({ maxCost: 1, timeoutMs: Number.NaN })).toThrow(/timeoutMs/);
  });

  it('two agents sharing one ledger share the budget: spending on one blocks the next call on the other', async () => {
    const ledger = new InMemoryUsageLedger();
    const a = agentWith(
      new TokenCostControl({ maxCost: CALL_COST, scope: 'user', ledger, pricing: PRICING }),
      model(),
    );
    const bModel = model();
    const b = agentWith(
      new TokenCostControl({ maxCost: CALL_COST, scope: 'user', ledger, pricing: PRICING }),
      bModel,
    );
    const requestContext = ctx({ userId: 'shared' });
    await a.generate('hi', { requestContext });
    expect((await b.generate('hi', { requestContext })).tripwire?.metadata).toMatchObject({
      scopeKey: 'shared',
    });
    expect(bModel.calls).toHaveLength(0);
  });
});

describe('TokenCostControl: options are checked at construction', () => {
  const bad: Array<[string, Record<string, unknown>]> = [
    ['maxCost', {}],
    ['maxCost', { maxCost: -1 }],
    ['maxCost', { maxCost: '5' }],
    ['scope', { maxCost: 1, scope: 'tenant' }],
    ['window', { maxCost: 1, window: '2d' }],
    ['window', { maxCost: 1, scope: 'run', window: '7d' }],
    ['strategy', { maxCost: 1, strategy: 'filter' }],
    ['warnAtPercent', { maxCost: 1, warnAtPercent: 0 }],
    ['warnAtPercent', { maxCost: 1, warnAtPercent: 100 }],
    ['message', { maxCost: 1, message: 5 }],
    ['includeBreakdown', { maxCost: 1, includeBreakdown: 'yes' }],
    ['ledger', { maxCost: 1, ledger: {} }],
    ['pricing', { maxCost: 1, pricing: { 'gpt-5': { input: 1, output: 1 } } }],
    ['pricing', { maxCost: 1, pricing: { 'openai/gpt-5': { input: -1, output: 1 } } }],
    ['now', { maxCost: 1, now: 'today' }],
  ];
  for (const [option, options] of bad) {
    it(`refuses a bad "${option}" (${JSON.stringify(options)}) with an error naming it`, () => {
      let error: unknown;
      try {
        new TokenCostControl(options as never);
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({
        code: 'PROCESSOR_INVALID_OPTIONS',
        details: { processor: 'Token Cost Control', option },
      });
      expect(String((error as Error).message)).toContain(option);
    });
  }

  it('scope "run" without a window is fine (the run is the window)', () => {
    expect(new TokenCostControl({ maxCost: 1, scope: 'run' }).window).toBeUndefined();
  });
});

describe('TokenCostControl overshoot under concurrency', () => {
  it("with reservations (the default), concurrent requests see each other's calls in flight: one passes, the rest are blocked before calling the model", async () => {
    const ledger = new InMemoryUsageLedger();
    const control = new TokenCostControl({ maxCost: 0.01, scope: 'user', ledger, pricing: PRICING });
    const m = model(repeat(5));
    const agent = agentWith(control, m);
    const requestContext = ctx({ userId: 'burst' });
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => agent.generate('hi', { requestContext })),
    );
    expect(burst.filter((r) => r.tripwire === undefined)).toHaveLength(1);
    expect(burst.filter((r) => r.tripwire?.metadata)).toHaveLength(4);
    expect(m.calls).toHaveLength(1);
    // The one call settled its hold to its actual cost: no hold is left open.
    const spent = await control.getUsage({ scopeKey: 'burst' });
    expect(spent).toMatchObject({ calls: 1, estimatedCost: expect.closeTo(CALL_COST, 9) });
    expect(ledger.openHolds).toBe(0);
  });

  it('without reservations (reservation: false) concurrent requests each pass the check on the same total: spending passes maxCost by the calls in flight', async () => {
    const ledger = new InMemoryUsageLedger();
    const control = new TokenCostControl({
      maxCost: 0.01,
      scope: 'user',
      ledger,
      pricing: PRICING,
      reservation: false,
    });
    // No call answers before all five are in flight (a gate, not a delay: deterministic under load).
    let inFlight = 0;
    let allIn!: () => void;
    const gate = new Promise<void>((resolve) => {
      allIn = resolve;
    });
    const m = new ScriptedModel({
      provider: 'acme.chat',
      modelId: 'm1',
      steps: async () => {
        inFlight += 1;
        if (inFlight === 5) allIn();
        await gate;
        return { text: 'ok', usage: CALL };
      },
    });
    const agent = agentWith(control, m);
    const requestContext = ctx({ userId: 'burst' });
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => agent.generate('hi', { requestContext })),
    );
    // All five passed the check before any had finished: none was blocked, 5 × $0.02 spent against $0.01.
    expect(burst.every((r) => r.tripwire === undefined)).toBe(true);
    const spent = await control.getUsage({ scopeKey: 'burst' });
    expect(spent.estimatedCost).toBeCloseTo(5 * CALL_COST, 9);
    expect(spent.percentUsed).toBeCloseTo(1000, 6);
    expect((await agent.generate('hi', { requestContext })).tripwire?.metadata).toMatchObject({
      threshold: 'hard',
    });
    expect(m.calls).toHaveLength(5);
  });
});

describe('TokenCostControl with stream()', () => {
  it('a blocked stream ends with a tripwire chunk carrying the metadata, and no model call', async () => {
    const control = new TokenCostControl({ maxCost: CALL_COST, scope: 'user', pricing: PRICING });
    const m = model(repeat(2));
    const agent = agentWith(control, m);
    const requestContext = ctx({ userId: 'streamer' });
    const first = await agent.stream('hi', { requestContext });
    expect(await first.text).toBe('ok');
    const second = await agent.stream('hi', { requestContext });
    const chunks: Array<{ type: string; payload?: unknown }> = [];
    for await (const chunk of second.fullStream) chunks.push(chunk as { type: string; payload?: unknown });
    const tripwire = chunks.find((c) => c.type === 'tripwire');
    expect(tripwire?.payload).toMatchObject({
      processorId: 'token-cost-control',
      metadata: { scope: 'user', scopeKey: 'streamer', threshold: 'hard' },
    });
    expect(m.calls).toHaveLength(1);
  });
});
