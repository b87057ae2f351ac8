/**
 * Many servers, one budget (issue #14, acceptance): two `Agent` instances in one test, each with
 * its own `RedisUsageLedger` on its own client (node-redis for one, ioredis for the other) on the
 * same Redis and key prefix, each with a `TokenCostControl` using that ledger: spending on one
 * blocks the next call on the other for the same user (server B prices calls through its ledger's
 * `pricing` option, server A through the processor's). Needs `TokenCostControl` (part A) and a
 * Redis (`REDIS_URL`; skipped loudly without one, a failure under CI).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { Agent } from 'sluice/agent';
import { TokenCostControl } from 'sluice/processors';
import { RedisUsageLedger } from 'sluice/redis';
import { RequestContext } from 'sluice/request-context';
import { describe, expect, it } from 'vitest';
import { BUDGET, budgetModel, CALL_COST, PRICING } from '../cost/sql/testing/shared-budget-fixture.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAvailable(): Promise<boolean> {
  const probe = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false, connectTimeout: 1000 } });
  probe.on('error', () => {});
  try {
    await probe.connect();
    probe.destroy();
    return true;
  } catch (error) {
    if (process.env.CI)
      throw new Error(`Redis is required under CI but ${REDIS_URL} is unreachable: ${String(error)}`);
    console.warn(
      `\n⚠ SKIPPING the shared-budget Redis test (src/redis/shared-budget.test.ts): no Redis at ${REDIS_URL} (${String(error)}). Start Redis or set REDIS_URL.\n`,
    );
    return false;
  }
}

const available = await redisAvailable();

describe.skipIf(!available)('TokenCostControl across two agents with their own Redis ledgers', () => {
  it('spending on one server blocks the next call on the other for the same user', async () => {
    const keyPrefix = `sluice-test:budget:${randomUUID()}:`;
    const nodeClient = createClient({ url: REDIS_URL });
    nodeClient.on('error', () => {});
    await nodeClient.connect();
    const ioClient = new Redis(REDIS_URL);
    ioClient.on('error', () => {});
    // Prices come from the processor on server A and from the ledger's `pricing` option on server B.
    const server = (id: string, client: object, pricingOn: 'processor' | 'ledger') => {
      const model = budgetModel(`from ${id}`);
      const ledger = new RedisUsageLedger({
        client,
        keyPrefix,
        ...(pricingOn === 'ledger' ? { pricing: PRICING } : {}),
      });
      const agent = new Agent({
        id,
        name: id,
        instructions: 'Answer briefly.',
        model,
        inputProcessors: [
          new TokenCostControl({
            maxCost: BUDGET,
            scope: 'user',
            window: '24h',
            ledger,
            ...(pricingOn === 'processor' ? { pricing: PRICING } : {}),
          }),
        ],
      });
      return { agent, model, ledger };
    };
    const a = server('server-a', nodeClient, 'processor');
    const b = server('server-b', ioClient, 'ledger');
    const as = (userId: string) => ({ requestContext: new RequestContext([['userId', userId]]) });
    try {
      // Server A spends alice's budget ($0.60 of $0.50; the call itself passes: nothing was spent yet).
      const first = await a.agent.generate('hello', as('alice'));
      expect(first.tripwire).toBeUndefined();
      expect(first.text).toBe('from server-a');

      // Server B never saw that call; its own ledger and client read the same counters: blocked.
      const blocked = await b.agent.generate('hello', as('alice'));
      expect(blocked.tripwire).toMatchObject({
        processorId: 'token-cost-control',
        metadata: {
          processorId: 'token-cost-control',
          usage: { estimatedCost: CALL_COST, costUnit: 'USD' },
          maxCost: BUDGET,
          scope: 'user',
          scopeKey: 'alice',
          threshold: 'hard',
        },
      });
      expect(b.model.calls).toHaveLength(0);

      // Another user on server B is not affected; its spending then blocks server A for that user.
      const bob = await b.agent.generate('hello', as('bob'));
      expect(bob.tripwire).toBeUndefined();
      expect(b.model.calls).toHaveLength(1);
      const bobOnA = await a.agent.generate('hello', as('bob'));
      expect(bobOnA.tripwire).toMatchObject({
        processorId: 'token-cost-control',
        metadata: { scopeKey: 'bob' },
      });
      expect(a.model.calls).toHaveLength(1);

      // Both ledgers report the same totals: one recorded call per user.
      for (const ledger of [a.ledger, b.ledger]) {
        const totals = await ledger.totals({
          scope: 'user',
          scopeKey: 'alice',
          window: '24h',
          breakdown: true,
        });
        expect(totals).toMatchObject({
          calls: 1,
          estimatedCost: CALL_COST,
          inputTokens: 1000,
          outputTokens: 100,
        });
        expect(totals.breakdown?.[0]).toMatchObject({ provider: 'budget-test', model: 'metered-1' });
      }
    } finally {
      const keys = await nodeClient.keys(`${keyPrefix}*`);
      if (keys.length > 0) await nodeClient.del(keys);
      nodeClient.destroy();
      ioClient.disconnect();
    }
  });
});
