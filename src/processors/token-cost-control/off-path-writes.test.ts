/**
 * Issue #30: a run's usage writes finish after its stream has ended (off the response path), yet
 * the budget stays exact. The run's promise waits for them, and the next request of the same scope
 * key — started the moment the previous stream ended, before that run's promise settled — waits
 * for the writes this process still has in flight under its key, so its check counts them. Unit
 * test: the ledger is an in-memory one whose writes take a while, like a remote store's.
 */
import { Agent } from 'sluice/agent';
import { TokenCostControl } from 'sluice/processors';
import { RequestContext } from 'sluice/request-context';
import { describe, expect, it } from 'vitest';
import { InMemoryUsageLedger } from '../../cost/in-memory-ledger.js';
import type { UsageHold, UsageRecord, UsageSettleOutcome } from '../../cost/types.js';
import { ScriptedModel } from '../../test/scripted-model.js';

/** An in-memory ledger whose writes land `ms` after they are made. */
class SlowWritesLedger extends InMemoryUsageLedger {
  constructor(readonly ms: number) {
    super();
  }
  override async record(record: UsageRecord): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, this.ms));
    await super.record(record);
  }
  override async settle(hold: UsageHold, record: UsageRecord | null): Promise<UsageSettleOutcome> {
    await new Promise((resolve) => setTimeout(resolve, this.ms));
    return super.settle(hold, record);
  }
}

/** One streamed turn read to its end; returns the output without awaiting the run's promise. */
async function streamToEnd(agent: Agent, userId: string) {
  const output = await agent.stream('hi', { requestContext: new RequestContext([['userId', userId]]) });
  for await (const _ of output.fullStream) {
    // Read to the end, as a client does.
  }
  return output;
}

describe('usage writes off the response path', () => {
  for (const reservation of [false, undefined] as const) {
    it(`${reservation === false ? 'record' : 'reservation'} mode: the next request, sent as soon as the previous stream ended, is checked against that call`, async () => {
      const ledger = new SlowWritesLedger(200);
      const model = new ScriptedModel({
        provider: 'slow-test',
        modelId: 'metered-1',
        steps: () => ({ text: 'answer', usage: { inputTokens: 1000, outputTokens: 100 } }),
      });
      const agent = new Agent({
        id: 'slow',
        instructions: 'Be brief.',
        model,
        inputProcessors: [
          new TokenCostControl({
            // One call ($0.60) crosses it.
            maxCost: 0.5,
            scope: 'user',
            window: '24h',
            ledger,
            pricing: { 'slow-test/metered-1': { input: 500, output: 1000 } },
            ...(reservation === false ? { reservation } : { reservation: { costPerCall: 0.01 } }),
          }),
        ],
      });
      let firstSettled = false;
      const first = await streamToEnd(agent, 'alice');
      const firstText = first.text.then((text) => {
        firstSettled = true;
        return text;
      });
      // The stream ended before the write landed (it takes 200 ms)…
      expect(firstSettled).toBe(false);
      const second = await streamToEnd(agent, 'alice');
      // …but the second request's check waited for it: $0.60 spent, blocked.
      expect(await first.text).toBe('answer');
      expect(await firstText).toBe('answer');
      const full = await second.getFullOutput();
      expect(full.tripwire?.metadata).toMatchObject({ threshold: 'hard', usage: { estimatedCost: 0.6 } });
      expect(model.calls).toHaveLength(1);
    });
  }
});
