/**
 * 001/002-violation-callbacks: `onViolation` on built-in processors. TokenCostControl (and its
 * older name CostGuardProcessor) report a blocked call to `onViolation`, which the seed
 * forwards to the alert system; the moderation callback forwards to monitoring.
 */
import { Agent } from 'sluice/agent';
import { MASTRA_RESOURCE_ID_KEY, RequestContext } from 'sluice/request-context';
import { ScriptedModel } from 'sluice/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moderation, tokenCostControl } from './001-violation-callbacks.js';
import { costGuard } from './002-violation-callbacks-cost-guard.js';

afterEach(() => vi.restoreAllMocks());

/** gpt-5 at $1.25 per million input tokens: 9M input tokens cost $11.25, past the seed's $10. */
const expensive = () =>
  new ScriptedModel({
    provider: 'openai.chat',
    modelId: 'gpt-5',
    steps: [
      { text: 'a long answer', usage: { inputTokens: 9_000_000, outputTokens: 0 } },
      { text: 'never sent', usage: { inputTokens: 1, outputTokens: 1 } },
    ],
  });

describe.each([
  ['001 TokenCostControl', tokenCostControl],
  ['002 CostGuardProcessor', costGuard],
])('seed %s', (_label, processor) => {
  it('a resource past its $10 / 30 days budget is blocked, and onViolation alerts with the processor id and message', async () => {
    const alerts = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const model = expensive();
    const agent = new Agent({ id: 'seed', instructions: 'x', model, inputProcessors: [processor] });
    const requestContext = new RequestContext([[MASTRA_RESOURCE_ID_KEY, `customer-${_label}`]]);
    expect((await agent.generate('first', { requestContext })).tripwire).toBeUndefined();
    const blocked = await agent.generate('second', { requestContext });
    expect(model.calls).toHaveLength(1);
    expect(blocked.tripwire?.metadata).toMatchObject({
      processorId: 'token-cost-control',
      maxCost: 10,
      scope: 'resource',
      threshold: 'hard',
      usage: { estimatedCost: expect.closeTo(11.25, 6), costUnit: 'USD' },
    });
    const sent = alerts.mock.calls.map((c) => String(c[0])).filter((m) => m.startsWith('[alert]'));
    expect(sent).toEqual([
      `[alert] [token-cost-control] Token cost limit reached: 11.25 USD of 10.00 USD used (resource "customer-${_label}", last 30d).`,
    ]);
    expect(processor.window).toBe('30d');
  });
});

describe('seed 001 moderation callback', () => {
  it('forwards a violation to monitoring', async () => {
    const tracked = vi.spyOn(console, 'log').mockImplementation(() => {});
    await moderation.onViolation?.({
      processorId: 'moderation',
      message: 'flagged',
      detail: { categories: ['hate'] },
    });
    expect(tracked).toHaveBeenCalledWith('[monitor] processor_violation', {
      processorId: 'moderation',
      message: 'flagged',
      detail: { categories: ['hate'] },
    });
  });
});
