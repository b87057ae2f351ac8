/**
 * TokenCostControl's check on its own (createProcessorHarness): what it decides from what its
 * ledger already holds, before any model call of the run.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InMemoryUsageLedger } from '../../cost/in-memory-ledger.js';
import type { UsageRecord } from '../../cost/types.js';
import { RequestContext } from '../../request-context/request-context.js';
import { createProcessorHarness } from '../../test/index.js';
import { formatUsd, TokenCostControl } from './index.js';

const NOW = Date.UTC(2026, 5, 1);

function spent(id: string, cost: number, userId: string, model = 'gpt-5-mini', agoMs = 60_000): UsageRecord {
  return {
    id,
    at: new Date(NOW - agoMs),
    provider: 'openai',
    model,
    kind: 'step',
    inputTokens: 100,
    outputTokens: 10,
    cachedInputTokens: 0,
    reasoningTokens: 0,
    estimatedCost: cost,
    costUnit: 'USD',
    priced: true,
    scope: { runId: `run-${id}`, userId },
  };
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('TokenCostControl.processInputStep (harness)', () => {
  it('blocks on what the ledger holds for the scope key, with the breakdown when asked', async () => {
    const ledger = new InMemoryUsageLedger({ now: () => new Date(NOW) });
    await ledger.record(spent('a', 3, 'u'));
    await ledger.record(spent('b', 2.5, 'u', 'gpt-5'));
    await ledger.record(spent('c', 100, 'someone-else'));
    const control = new TokenCostControl({
      maxCost: 5,
      scope: 'user',
      ledger,
      includeBreakdown: true,
      now: () => new Date(NOW),
    });
    const harness = createProcessorHarness(control, {
      requestContext: new RequestContext([['userId', 'u']]),
    });
    const run = await harness.processInputStep();
    expect(run.tripwire?.reason).toBe(
      'Token cost limit reached: 5.50 USD of 5.00 USD used (user "u", last 7d).',
    );
    expect(run.tripwire?.metadata).toEqual({
      processorId: 'token-cost-control',
      usage: { estimatedCost: 5.5, costUnit: 'USD' },
      maxCost: 5,
      scope: 'user',
      scopeKey: 'u',
      threshold: 'hard',
      breakdown: [
        expect.objectContaining({ provider: 'openai', model: 'gpt-5-mini', estimatedCost: 3, calls: 1 }),
        expect.objectContaining({ provider: 'openai', model: 'gpt-5', estimatedCost: 2.5, calls: 1 }),
      ],
    });
  });

  it('below the budget nothing happens; a spend older than the window does not count', async () => {
    // The ledger on the test clock too: its retention must not depend on the real date.
    const ledger = new InMemoryUsageLedger({ now: () => new Date(NOW) });
    await ledger.record(spent('old', 50, 'u', 'gpt-5', 25 * 3_600_000));
    await ledger.record(spent('new', 0.5, 'u'));
    const control = new TokenCostControl({
      maxCost: 1,
      scope: 'user',
      window: '24h',
      ledger,
      now: () => new Date(NOW),
    });
    const run = await createProcessorHarness(control, {
      requestContext: new RequestContext([['userId', 'u']]),
    }).processInputStep();
    expect(run.tripwire).toBeUndefined();
    expect(run.violations).toEqual([]);
  });

  it('warnAtPercent with strategy block: a soft report to onViolation, the call goes ahead', async () => {
    // The ledger on the test clock too: its retention must not depend on the real date.
    const ledger = new InMemoryUsageLedger({ now: () => new Date(NOW) });
    await ledger.record(spent('a', 0.85, 'u'));
    const control = new TokenCostControl({
      maxCost: 1,
      scope: 'user',
      warnAtPercent: 80,
      ledger,
      now: () => new Date(NOW),
    });
    const seen: unknown[] = [];
    control.onViolation = (v) => {
      seen.push(v);
    };
    const harness = createProcessorHarness(control, {
      requestContext: new RequestContext([['userId', 'u']]),
    });
    const first = await harness.processInputStep();
    const second = await harness.processInputStep();
    expect(first.tripwire).toBeUndefined();
    expect(second.tripwire).toBeUndefined();
    expect(seen).toEqual([
      {
        processorId: 'token-cost-control',
        message: 'Token cost at 80% of the budget: 0.85 USD of 1.00 USD used (user "u", last 7d).',
        detail: expect.objectContaining({
          threshold: 'soft',
          limit: 1,
          usage: { estimatedCost: 0.85, costUnit: 'USD' },
        }),
      },
    ]);
  });

  it('formats amounts as cents from one cent up, two significant digits below', () => {
    expect([formatUsd(0), formatUsd(3.2), formatUsd(10), formatUsd(0.01), formatUsd(0.0012345)]).toEqual([
      '0',
      '3.20',
      '10.00',
      '0.01',
      '0.0012',
    ]);
  });
});
