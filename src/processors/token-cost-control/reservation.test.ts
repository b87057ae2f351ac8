/**
 * Budget reservations through real agents (issue #31): 50 concurrent requests against a $1 budget
 * overshoot by at most one call on every ledger — in memory, SQLite, PostgreSQL and Redis (the
 * shared ones with two "servers": two agents, each with its own ledger object and connection on
 * the same database) — the estimate a call holds, `failMode: 'closed'`, rate-limited outage
 * warnings, and writes replayed when an unreachable ledger answers again. PostgreSQL and Redis
 * suites skip loudly without a server (a failure under CI).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Agent } from '../../agent/index.js';
import { InMemoryUsageLedger } from '../../cost/in-memory-ledger.js';
import { SqlUsageLedger } from '../../cost/sql/sql-usage-ledger.js';
import type { PricingTable, UsageHold, UsageLedger, UsageRecord } from '../../cost/types.js';
import { connectRedisOrSkip } from '../../redis/testing/test-env.js';
import { RedisUsageLedger } from '../../redis/usage-ledger.js';
import { RequestContext } from '../../request-context/request-context.js';
import { StorageError } from '../../stores/errors.js';
import { PostgresStore } from '../../stores/postgres/index.js';
import {
  DATABASE_URL,
  dropSchema,
  postgresAvailable,
  uniqueSchema,
} from '../../stores/postgres/testing/test-env.js';
import { SqliteStore } from '../../stores/sqlite/index.js';
import { ScriptedModel } from '../../test/index.js';
import { TokenCostControl, type TokenCostControlOptions } from './index.js';
import { ListingLedger, testClock } from './testing/fixtures.js';

/** $100 per million input tokens, $400 per million output: 1000 in + 500 out = $0.30 a call. */
const PRICING: PricingTable = { 'acme/m1': { input: 100, output: 400 } };
const CALL = { inputTokens: 1000, outputTokens: 500 };
const CALL_COST = 0.3;
const BUDGET = 1;
const CONCURRENT = 50;

/** A model that answers after `delayMs`, so the requests of a burst are all in flight together. */
function slowModel(delayMs = 30): ScriptedModel {
  return new ScriptedModel({
    provider: 'acme.chat',
    modelId: 'm1',
    steps: async () => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { text: 'ok', usage: CALL };
    },
  });
}

function server(ledger: UsageLedger, options: Partial<TokenCostControlOptions> = {}) {
  const model = slowModel();
  const control = new TokenCostControl({
    maxCost: BUDGET,
    scope: 'user',
    window: '24h',
    ledger,
    pricing: PRICING,
    // The configured per-call estimate: the call's actual cost, so the bound is exact.
    reservation: { costPerCall: CALL_COST },
    ...options,
  });
  const agent = new Agent({ id: 'budgeted', instructions: 'Be brief.', model, inputProcessors: [control] });
  return { agent, model, control };
}

const as = (userId: string) => ({ requestContext: new RequestContext([['userId', userId]]) });

/**
 * 50 requests at once for one user, spread over the servers; returns how many reached the model
 * and what the shared ledger says was spent.
 */
async function burst(servers: ReturnType<typeof server>[], ledger: UsageLedger, userId: string) {
  const results = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) =>
      (servers[i % servers.length] as ReturnType<typeof server>).agent.generate('hi', as(userId)),
    ),
  );
  const passed = results.filter((r) => r.tripwire === undefined).length;
  const blocked = results.filter((r) => r.tripwire?.metadata).length;
  const called = servers.reduce((n, s) => n + s.model.calls.length, 0);
  const spent = (await ledger.totals({ scope: 'user', scopeKey: userId, window: '24h' })).estimatedCost;
  return { passed, blocked, called, spent };
}

/** The rule every ledger must keep: admitted while below $1, so at most one call over. */
function expectBounded(outcome: Awaited<ReturnType<typeof burst>>) {
  // $0, $0.30, $0.60, $0.90 are below $1: four calls, $1.20 spent, $0.20 over (less than one call).
  expect(outcome).toEqual({ passed: 4, blocked: CONCURRENT - 4, called: 4, spent: expect.closeTo(1.2, 9) });
  expect(outcome.spent - BUDGET).toBeLessThan(CALL_COST);
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
});
const warnings = (): string[] => warn.mock.calls.map((c: unknown[]) => String(c[0]));

const tmp = mkdtempSync(join(tmpdir(), 'sluice-holds-'));
const pgUp = await postgresAvailable();
const admin = pgUp ? new pg.Pool({ connectionString: DATABASE_URL, max: 2 }) : undefined;
const redis = await connectRedisOrSkip('TokenCostControl reservations (Redis)');
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await admin?.end();
  redis?.disconnect();
});

describe('50 concurrent requests against a $1 budget overshoot by less than one call', () => {
  it('without reservations (the old behaviour, for comparison) all 50 pass: $15 spent', async () => {
    const ledger = new InMemoryUsageLedger();
    const outcome = await burst([server(ledger, { reservation: false })], ledger, 'old');
    expect(outcome).toMatchObject({ passed: CONCURRENT, called: CONCURRENT });
    expect(outcome.spent).toBeCloseTo(CONCURRENT * CALL_COST, 9);
  });

  it('in memory (one server)', async () => {
    const ledger = new InMemoryUsageLedger();
    expectBounded(await burst([server(ledger)], ledger, 'mem'));
    expect(ledger.openHolds).toBe(0);
  });

  it('SQLite (two servers: two stores and ledgers on one database file)', async () => {
    const path = join(tmp, 'burst.db');
    const stores = [new SqliteStore({ path }), new SqliteStore({ path })];
    try {
      const ledgers = stores.map((store) => new SqlUsageLedger({ store }));
      expectBounded(
        await burst(
          ledgers.map((l) => server(l)),
          ledgers[0] as UsageLedger,
          'sqlite',
        ),
      );
    } finally {
      for (const store of stores) await store.close();
    }
  }, 30_000);

  it.skipIf(!pgUp)(
    'PostgreSQL (two servers: two pools and ledgers on one schema)',
    async () => {
      const schema = uniqueSchema('burst');
      const stores = [0, 1].map(
        () => new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 5 } }),
      );
      try {
        const ledgers = stores.map((store) => new SqlUsageLedger({ store }));
        expectBounded(
          await burst(
            ledgers.map((l) => server(l)),
            ledgers[0] as UsageLedger,
            'pg',
          ),
        );
      } finally {
        for (const store of stores) await store.close();
        await dropSchema(admin!, schema);
      }
    },
    30_000,
  );

  it.skipIf(!redis)(
    'Redis (two servers: two clients and ledgers on one key prefix)',
    async () => {
      const keyPrefix = `sluice-test:burst:${process.pid}:${Date.now()}:`;
      const clients = [redis!.duplicate(), redis!.duplicate()];
      try {
        const ledgers = clients.map((client) => new RedisUsageLedger({ client, keyPrefix }));
        expectBounded(
          await burst(
            ledgers.map((l) => server(l)),
            ledgers[0] as UsageLedger,
            'redis',
          ),
        );
      } finally {
        const keys = await redis!.keys(`${keyPrefix}*`);
        if (keys.length > 0) await redis!.del(...keys);
        for (const client of clients) client.disconnect();
      }
    },
    30_000,
  );
});

describe('what a call holds', () => {
  it('the estimated prompt tokens plus maxOutputTokens at the model price, settled to the actual usage after the call', async () => {
    const holds: UsageHold[] = [];
    const settled: Array<UsageRecord | null> = [];
    class Spy extends ListingLedger {
      override async reserve(hold: UsageHold, check: Parameters<InMemoryUsageLedger['reserve']>[1]) {
        holds.push(structuredClone(hold));
        return super.reserve(hold, check);
      }
      override async settle(hold: UsageHold, record: UsageRecord | null) {
        settled.push(record && structuredClone(record));
        return super.settle(hold, record);
      }
    }
    const ledger = new Spy();
    const { agent } = server(ledger, { reservation: { ttlMs: 60_000 } });
    const result = await agent.generate('x'.repeat(400), {
      ...as('est'),
      modelSettings: { maxOutputTokens: 700 },
    });
    expect(result.tripwire).toBeUndefined();
    const hold = holds[0] as UsageHold;
    expect(hold).toMatchObject({ provider: 'acme.chat', model: 'm1', outputTokens: 700, ttlMs: 60_000 });
    // 400 characters of prompt ≈ 100 tokens, plus the instructions and a few per message.
    expect(hold.inputTokens).toBeGreaterThanOrEqual(100);
    expect(hold.inputTokens).toBeLessThan(140);
    expect(hold.estimatedCost).toBeCloseTo((hold.inputTokens * 100 + 700 * 400) / 1e6, 12);
    expect(settled).toEqual([
      expect.objectContaining({ id: hold.id, estimatedCost: CALL_COST, inputTokens: 1000 }),
    ]);
    expect(ledger.openHolds).toBe(0);
    expect(
      (await ledger.totals({ scope: 'user', scopeKey: 'est', window: '24h' })).estimatedCost,
    ).toBeCloseTo(CALL_COST, 9);
  });

  it('without maxOutputTokens the configured outputTokens are held', async () => {
    const holds: UsageHold[] = [];
    const ledger = new InMemoryUsageLedger();
    const reserve = ledger.reserve.bind(ledger);
    ledger.reserve = async (hold, check) => {
      holds.push(hold);
      return reserve(hold, check);
    };
    await server(ledger, { reservation: { outputTokens: 1234 } }).agent.generate('hi', as('u'));
    expect(holds[0]?.outputTokens).toBe(1234);
  });

  it('a call an input processor after the budget check blocks never runs: its hold is released when the run ends', async () => {
    const ledger = new InMemoryUsageLedger();
    const model = slowModel(0);
    const control = new TokenCostControl({ maxCost: BUDGET, scope: 'user', ledger, pricing: PRICING });
    const agent = new Agent({
      id: 'blocked-later',
      instructions: 'Be brief.',
      model,
      inputProcessors: [
        control,
        {
          id: 'refuses',
          processInputStep: ({ abort }: { abort: (reason: string) => never }) => abort('no'),
        },
      ],
    });
    const result = await agent.generate('hi', as('rel'));
    expect(result.tripwire?.processorId).toBe('refuses');
    expect(model.calls).toHaveLength(0);
    expect(ledger.openHolds).toBe(0);
    expect((await ledger.totals({ scope: 'user', scopeKey: 'rel', window: '7d' })).calls).toBe(0);
  });

  it('a call whose process never settles (crashed mid-call) is charged its full estimate once the TTL passes', async () => {
    const clock = testClock(Date.UTC(2026, 2, 1, 9));
    const ledger = new InMemoryUsageLedger({ now: clock.now });
    const hanging = new ScriptedModel({
      provider: 'acme.chat',
      modelId: 'm1',
      steps: () => new Promise(() => {}),
    });
    const control = new TokenCostControl({
      maxCost: BUDGET,
      scope: 'user',
      ledger,
      pricing: PRICING,
      now: clock.now,
      reservation: { costPerCall: 0.25, ttlMs: 60_000 },
    });
    const agent = new Agent({
      id: 'crashy',
      instructions: 'Be brief.',
      model: hanging,
      inputProcessors: [control],
    });
    const abort = new AbortController();
    void agent.generate('hi', { ...as('crash'), abortSignal: abort.signal }).catch(() => undefined);
    await vi.waitFor(() => expect(ledger.openHolds).toBe(1));
    // The "process" is gone: nothing will settle the hold. It counts while open…
    const used = async () =>
      (await ledger.totals({ scope: 'user', scopeKey: 'crash', window: '24h' })).estimatedCost;
    expect(await used()).toBe(0.25);
    // …and once the TTL passed it is final, charged in full.
    clock.advance(61_000);
    expect(await used()).toBe(0.25);
    expect(ledger.openHolds).toBe(0);
    abort.abort();
  });
});

/** A ledger that is unreachable while `down` is set (every method rejects with STORE_UNAVAILABLE). */
class FlakyLedger extends InMemoryUsageLedger {
  down = false;
  #gate<T>(fn: () => Promise<T>): Promise<T> {
    if (this.down)
      return Promise.reject(new StorageError('STORE_UNAVAILABLE', `${this.name}: connection refused`));
    return fn();
  }
  override record(record: UsageRecord) {
    return this.#gate(() => super.record(record));
  }
  override totals(query: Parameters<InMemoryUsageLedger['totals']>[0]) {
    return this.#gate(() => super.totals(query));
  }
  override reserve(hold: UsageHold, check: Parameters<InMemoryUsageLedger['reserve']>[1]) {
    return this.#gate(() => super.reserve(hold, check));
  }
  override settle(hold: UsageHold, record: UsageRecord | null) {
    return this.#gate(() => super.settle(hold, record));
  }
}

describe('an unreachable ledger', () => {
  it("failMode 'closed' blocks the call with a ledger-unavailable tripwire; 'open' (default) lets it through", async () => {
    const ledger = new FlakyLedger();
    ledger.down = true;
    const closed = server(ledger, { failMode: 'closed' });
    const blocked = await closed.agent.generate('hi', as('fm'));
    expect(closed.model.calls).toHaveLength(0);
    expect(blocked.tripwire?.processorId).toBe('token-cost-control');
    expect(blocked.tripwire?.metadata).toMatchObject({
      processorId: 'token-cost-control',
      threshold: 'ledger-unavailable',
      maxCost: BUDGET,
      scope: 'user',
      scopeKey: 'fm',
      error: expect.stringContaining('connection refused'),
    });
    expect(blocked.tripwire?.reason).toMatch(/could not be read .*failMode 'closed'/);
    const open = server(ledger);
    expect((await open.agent.generate('hi', as('fm'))).tripwire).toBeUndefined();
    expect(open.model.calls).toHaveLength(1);
  });

  it('during an outage the read warnings are rate-limited per kind: one line for many requests', async () => {
    const ledger = new FlakyLedger();
    ledger.down = true;
    const { agent } = server(ledger);
    for (let i = 0; i < 6; i++) await agent.generate('hi', as(`rl${i}`));
    const reads = warnings().filter((w) => w.includes('could not be read'));
    const writes = warnings().filter((w) => w.includes('is unreachable'));
    expect(reads).toHaveLength(1);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/queued in this process .* replayed when it answers.*lost/);
  });

  it('calls made while it is down are queued and replayed when it answers: the next check counts them', async () => {
    const ledger = new FlakyLedger();
    const { agent, control } = server(ledger, { reservation: false });
    ledger.down = true;
    for (let i = 0; i < 3; i++) expect((await agent.generate('hi', as('rp'))).tripwire).toBeUndefined();
    expect(control.queuedWrites).toBe(3);
    ledger.down = false;
    // $0.90 recorded on replay before this check: still below $1, the 4th call passes…
    expect((await agent.generate('hi', as('rp'))).tripwire).toBeUndefined();
    expect(control.queuedWrites).toBe(0);
    // …and the 5th sees $1.20.
    const fifth = await agent.generate('hi', as('rp'));
    expect(fifth.tripwire?.metadata).toMatchObject({ threshold: 'hard', usage: { estimatedCost: 1.2 } });
    expect(warnings().some((w) => w.includes('3 queued usage writes replayed'))).toBe(true);
  });

  it('the queue is bounded (maxQueuedWrites): past it the oldest writes are dropped, with a warning', async () => {
    const ledger = new FlakyLedger();
    const { agent, control } = server(ledger, { reservation: false, maxQueuedWrites: 2 });
    ledger.down = true;
    for (let i = 0; i < 4; i++) await agent.generate('hi', as('bq'));
    expect(control.queuedWrites).toBe(2);
    expect(warnings().some((w) => /more than 2 usage writes are waiting .* oldest was dropped/.test(w))).toBe(
      true,
    );
    ledger.down = false;
    await agent.generate('hi', as('bq'));
    // Two replayed plus the last call: the two dropped ones are missing.
    expect((await ledger.totals({ scope: 'user', scopeKey: 'bq', window: '24h' })).calls).toBe(3);
  });

  it('rejects bad reservation, failMode and maxQueuedWrites options naming them', () => {
    expect(() => new TokenCostControl({ maxCost: 1, failMode: 'sometimes' as never })).toThrow(/failMode/);
    expect(() => new TokenCostControl({ maxCost: 1, reservation: { ttlMs: -1 } })).toThrow(
      /reservation.*ttlMs/,
    );
    expect(() => new TokenCostControl({ maxCost: 1, reservation: { outputTokens: 1.5 } })).toThrow(
      /outputTokens/,
    );
    expect(() => new TokenCostControl({ maxCost: 1, reservation: { tokens: 5 } as never })).toThrow(
      /"tokens"/,
    );
    expect(() => new TokenCostControl({ maxCost: 1, reservation: true as never })).toThrow(/reservation/);
    expect(() => new TokenCostControl({ maxCost: 1, maxQueuedWrites: -1 })).toThrow(/maxQueuedWrites/);
  });
});
