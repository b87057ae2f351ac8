/**
 * `RedisUsageLedger` and Redis Cluster (issue #31): every key one operation touches carries its
 * scope key's `{scope:key}` hash tag, so it lives in one slot (CRC16 of the tag, checked against
 * Redis's own `CLUSTER KEYSLOT`); the ledger works on a real three-node cluster started locally
 * (records under every scope, totals, reservations at 50 concurrent); and a budget check runs a
 * bounded handful of Redis commands however many records the window holds (counted on a private
 * standalone server). The server suites need Debian's `redis-server` (skipped loudly without it, a
 * failure under CI).
 */
import { Cluster, Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageHold } from '../cost/testing/reservation-conformance.js';
import type { UsageRecord } from '../cost/types.js';
import { keyHashSlot } from './script-sender.js';
import {
  type LocalRedis,
  redisServerBinaryOrSkip,
  startLocalCluster,
  startLocalRedis,
} from './testing/local-servers.js';
import { countRoundTrips } from './testing/round-trips.js';
import { RedisUsageLedger } from './usage-ledger.js';

const T0 = Date.parse('2026-03-10T12:00:30.000Z');
const MIN = 60_000;

function rec(id: string, atMs: number, cost: number, scope: UsageRecord['scope']): UsageRecord {
  return {
    id,
    at: new Date(atMs),
    provider: 'openai',
    model: 'gpt-4o',
    kind: 'step',
    inputTokens: 100,
    outputTokens: 20,
    cachedInputTokens: 0,
    reasoningTokens: 0,
    estimatedCost: cost,
    costUnit: 'USD',
    priced: true,
    scope,
  };
}

const ALL_SCOPES = {
  runId: 'run-1',
  threadId: 'thread:1',
  resourceId: 'res{1}',
  userId: 'user}1',
  organizationId: 'org-1',
  sessionId: '{}',
};

describe('key slots', () => {
  it('keyHashSlot is CRC16 (XMODEM) mod 16384 of the hash tag, as Redis Cluster computes it', () => {
    // The reference vector of the Redis Cluster specification: CRC16("123456789") = 0x31C3.
    expect(keyHashSlot('123456789')).toBe(0x31c3 % 16384);
    expect(keyHashSlot('{123456789}.anything')).toBe(keyHashSlot('123456789'));
    // Tag rules: the first "{" and the next "}"; an empty tag hashes the whole key.
    expect(keyHashSlot('{user1000}.following')).toBe(keyHashSlot('{user1000}.followers'));
    expect(keyHashSlot('foo{}{bar}')).not.toBe(keyHashSlot('bar'));
    expect(keyHashSlot('foo{{bar}}zap')).toBe(keyHashSlot('{bar'));
    expect(keyHashSlot('foo{bar}{zap}')).toBe(keyHashSlot('bar'));
  });

  it('every key one operation touches shares its scope key’s slot, whatever the scope key holds', () => {
    const ledger = new RedisUsageLedger({ client: { eval: () => undefined }, now: () => new Date(T0) });
    for (const [scope, key] of [
      ['user', 'alice'],
      ['user', 'user}1'],
      ['resource', 'res{1}'],
      ['session', '{}'],
      ['thread', 'a:b:c'],
      ['organization', ''],
    ] as const) {
      for (const marker of ['seen:r-1', 'hold:h{1}', 'seen:}']) {
        for (const at of [T0, T0 - 3 * 86_400_000, T0 + 5 * MIN]) {
          const keys = ledger.keysOf(scope, key, marker, at);
          expect(keys).toHaveLength(9);
          const slots = new Set(keys.map(keyHashSlot));
          expect(slots.size, `${scope}:${key} ${marker}`).toBe(1);
          expect([...slots][0]).toBe(keyHashSlot(`{${scope}:${key}}`));
        }
      }
    }
  });

  it('refuses a key prefix with braces (it would change the hash tag), naming the fix', () => {
    expect(() => new RedisUsageLedger({ client: { eval: () => undefined }, keyPrefix: 'app{1}:' })).toThrow(
      /must not contain "\{" or "\}".*Remove the braces/,
    );
  });
});

const haveBinary = redisServerBinaryOrSkip('RedisUsageLedger on a local Redis Cluster');

describe.skipIf(!haveBinary)('RedisUsageLedger on a real three-node Redis Cluster', () => {
  let servers: LocalRedis;
  let cluster: Cluster;
  beforeAll(async () => {
    servers = await startLocalCluster();
    cluster = new Cluster(
      servers.ports.map((port) => ({ host: '127.0.0.1', port })),
      { redisOptions: { maxRetriesPerRequest: 1 } },
    );
    cluster.on('error', () => undefined);
    await cluster.ping();
  }, 60_000);
  afterAll(async () => {
    cluster?.disconnect();
    await servers?.stop();
  });

  it('records under every scope key, totals and breakdowns work across the nodes; slots match CLUSTER KEYSLOT', async () => {
    const ledger = new RedisUsageLedger({ client: cluster, keyPrefix: 'c1:', now: () => new Date(T0) });
    await ledger.record(rec('a', T0 - MIN, 0.25, ALL_SCOPES));
    await ledger.record(rec('b', T0 - 2 * 3_600_000, 0.5, ALL_SCOPES));
    await ledger.record(rec('a', T0 - MIN, 0.25, ALL_SCOPES)); // the same id: counted once
    for (const [scope, key] of [
      ['run', 'run-1'],
      ['thread', 'thread:1'],
      ['resource', 'res{1}'],
      ['user', 'user}1'],
      ['organization', 'org-1'],
      ['session', '{}'],
    ] as const) {
      const day = await ledger.totals({ scope, scopeKey: key, window: '24h' });
      expect(day, scope).toMatchObject({ estimatedCost: 0.75, calls: 2, inputTokens: 200 });
      const hour = await ledger.totals({ scope, scopeKey: key, window: '1h', breakdown: true });
      expect(hour.breakdown, scope).toEqual([
        expect.objectContaining({ model: 'gpt-4o', estimatedCost: 0.25 }),
      ]);
    }
    // The keys really are spread over the nodes, and Redis agrees with keyHashSlot.
    const keys = ['user', 'session', 'resource', 'run'].flatMap((scope) =>
      ledger.keysOf(
        scope,
        { user: 'user}1', session: '{}', resource: 'res{1}', run: 'run-1' }[scope] as string,
        'seen:a',
        T0 - MIN,
      ),
    );
    for (const key of keys) expect(await cluster.cluster('KEYSLOT', key)).toBe(keyHashSlot(key));
    const slots = new Set(keys.map(keyHashSlot));
    expect(slots.size).toBe(4);
  });

  it('50 concurrent reservations against $1 hold four $0.30 calls; settle and release apply on every node (the hold on the checked key’s node, the usage on the others)', async () => {
    const ledger = new RedisUsageLedger({ client: cluster, keyPrefix: 'c2:', now: () => new Date(T0) });
    const holds = Array.from({ length: 50 }, (_, i) =>
      usageHold(`h${i}`, { at: new Date(T0), scope: { ...ALL_SCOPES, runId: `run-${i}` } }),
    );
    const results = await Promise.all(
      holds.map((hold) =>
        ledger.reserve(hold, { scope: 'user', scopeKey: 'user}1', window: '24h', limit: 1 }),
      ),
    );
    const granted = holds.filter((_, i) => results[i]?.granted);
    expect(granted).toHaveLength(4);
    const user = () => ledger.totals({ scope: 'user', scopeKey: 'user}1', window: '24h' });
    const org = () => ledger.totals({ scope: 'organization', scopeKey: 'org-1', window: '24h' });
    expect((await user()).estimatedCost).toBeCloseTo(1.2, 9);
    // Holds are placed on the checked scope key only; the others count a call once it settles.
    expect((await org()).estimatedCost).toBe(0);
    const [first, second] = granted as [ReturnType<typeof usageHold>, ReturnType<typeof usageHold>];
    expect(await ledger.settle(first, rec(first.id, T0, 0.1, first.scope))).toBe('settled');
    expect(await ledger.settle(second, null)).toBe('released');
    expect((await user()).estimatedCost).toBeCloseTo(0.7, 9);
    expect((await org()).estimatedCost).toBeCloseTo(0.1, 9);
    expect((await ledger.totals({ scope: 'session', scopeKey: '{}', window: '1h' })).calls).toBe(1);
  });
});

describe.skipIf(!haveBinary)('the cost of a budget check (a private standalone redis-server)', () => {
  let server: LocalRedis;
  let client: Redis;
  beforeAll(async () => {
    server = await startLocalRedis();
    client = new Redis(server.ports[0] as number, '127.0.0.1');
    client.on('error', () => undefined);
  }, 30_000);
  afterAll(async () => {
    client?.disconnect();
    await server?.stop();
  });

  /** Commands the server ran (scripts' inner commands included) between two reads of its stats. */
  async function commandsRun(): Promise<number> {
    const info = await client.info('commandstats');
    let total = 0;
    for (const line of info.split('\n')) {
      const match = /^cmdstat_(\w+):calls=(\d+)/.exec(line);
      if (match && match[1] !== 'info') total += Number(match[2]);
    }
    return total;
  }

  it('a check runs a bounded handful of commands however many records the window holds', async () => {
    let clock = T0;
    const ledger = new RedisUsageLedger({ client, keyPrefix: 'cost:', now: () => new Date(clock) });
    const scope = { runId: 'run', userId: 'busy' };
    // 1 440 records, one a minute over the last day, written as time went by.
    for (let i = 0; i < 1440; i++) {
      clock = T0 - 1440 * MIN + i * MIN;
      await ledger.record(rec(`r${i}`, clock, 0.001, scope));
    }
    clock = T0;
    // The first check after a quiet period pays for the buckets that slid out since (once).
    await ledger.totals({ scope: 'user', scopeKey: 'busy', window: '24h' });
    const costs: number[] = [];
    for (let i = 0; i < 5; i++) {
      clock += MIN;
      const before = await commandsRun();
      const totals = await ledger.totals({ scope: 'user', scopeKey: 'busy', window: '24h' });
      costs.push((await commandsRun()) - before);
      expect(totals.calls).toBeGreaterThan(1430);
    }
    // EVAL + ZRANGEBYSCORE (due future records) + HGET/HMGET of the running total + the one
    // bucket that slid out (ZRANGEBYSCORE, HMGET, HINCRBYs, HSET): never the 1 440 buckets.
    for (const cost of costs) expect(cost).toBeLessThanOrEqual(16);
  }, 60_000);

  it('a turn (reserve on the checked key, settle under five scope keys) stays within ~130 commands, fewer than the pre-#31 check + record (235)', async () => {
    let clock = T0;
    const ledger = new RedisUsageLedger({ client, keyPrefix: 'turn:', now: () => new Date(clock) });
    const scope = { runId: 'run', threadId: 'th', resourceId: 'res', userId: 'busy', organizationId: 'org' };
    const costs: number[] = [];
    for (let i = 0; i < 30; i++) {
      clock += MIN; // a new minute bucket under every scope key each turn: the costlier case
      const hold = usageHold(`t${i}`, { at: new Date(clock), scope, model: 'gpt-4o', estimatedCost: 0.01 });
      const before = await commandsRun();
      const result = await ledger.reserve(hold, {
        scope: 'user',
        scopeKey: 'busy',
        window: '24h',
        limit: 100,
      });
      expect(result.granted).toBe(true);
      expect(await ledger.settle(hold, rec(hold.id, clock, 0.002, scope))).toBe('settled');
      costs.push((await commandsRun()) - before);
    }
    // The first turns build the window and create the keys; from then on every turn is bounded.
    for (const cost of costs.slice(5)) expect(cost).toBeLessThanOrEqual(135);
    const day = await ledger.totals({ scope: 'organization', scopeKey: 'org', window: '24h' });
    expect(day).toMatchObject({ calls: 30 });
    expect(day.estimatedCost).toBeCloseTo(0.06, 9);
  }, 60_000);

  it('a server that lost its scripts (SCRIPT FLUSH, a restart) gets them again: a pipelined record still counts once under every scope key', async () => {
    const ledger = new RedisUsageLedger({ client, keyPrefix: 'flush:', now: () => new Date(T0) });
    const scope = { runId: 'run', threadId: 'th', userId: 'u', organizationId: 'org' };
    await ledger.record(rec('f1', T0, 0.5, scope));
    await client.script('FLUSH');
    await ledger.record(rec('f2', T0, 0.25, scope));
    await ledger.record(rec('f2', T0, 0.25, scope));
    for (const [s, key] of [
      ['run', 'run'],
      ['thread', 'th'],
      ['user', 'u'],
      ['organization', 'org'],
    ] as const) {
      const totals = await ledger.totals({ scope: s, scopeKey: key, window: '1h' });
      expect(totals, s).toMatchObject({ calls: 2, estimatedCost: 0.75 });
    }
  });

  it('node-redis: the scripts of one settlement leave as one pipeline (one round trip); after SCRIPT FLUSH the pipeline is sent again by text and the call still counts once under every scope key', async () => {
    const nodeClient = createClient({ socket: { host: '127.0.0.1', port: server.ports[0] as number } });
    nodeClient.on('error', () => undefined);
    await nodeClient.connect();
    try {
      const counter = countRoundTrips(nodeClient);
      const ledger = new RedisUsageLedger({
        client: counter.client,
        keyPrefix: 'node-flush:',
        now: () => new Date(T0),
      });
      const scope = { runId: 'run', threadId: 'th', userId: 'u', organizationId: 'org' };
      const settleOnce = async (id: string, cost: number) => {
        const hold = usageHold(id, { at: new Date(T0), scope, model: 'gpt-4o', estimatedCost: 0.01 });
        const check = { scope: 'user' as const, scopeKey: 'u', window: '1h' as const, limit: 100 };
        expect((await ledger.reserve(hold, check)).granted).toBe(true);
        return ledger.settle(hold, rec(hold.id, T0, cost, scope));
      };
      expect(await settleOnce('n1', 0.5)).toBe('settled');
      // Four scope keys, one round trip.
      expect(counter.mark().sent.at(-1)).toBe('pipeline[evalSha,evalSha,evalSha,evalSha]');
      await client.script('FLUSH');
      // The reservation reloads the script (EVAL on NOSCRIPT) and the settlement finds it; flush
      // again between them so the settlement's pipeline meets NOSCRIPT itself.
      const hold = usageHold('n2', { at: new Date(T0), scope, model: 'gpt-4o', estimatedCost: 0.01 });
      expect(
        (await ledger.reserve(hold, { scope: 'user', scopeKey: 'u', window: '1h', limit: 100 })).granted,
      ).toBe(true);
      await client.script('FLUSH');
      counter.mark();
      expect(await ledger.settle(hold, rec(hold.id, T0, 0.25, scope))).toBe('settled');
      expect(counter.mark().sent).toEqual([
        'pipeline[evalSha,evalSha,evalSha,evalSha]',
        'pipeline[eval,eval,eval,eval]',
      ]);
      // A replayed settlement adds nothing.
      await ledger.settle(hold, rec(hold.id, T0, 0.25, scope));
      for (const [s, key] of [
        ['run', 'run'],
        ['thread', 'th'],
        ['user', 'u'],
        ['organization', 'org'],
      ] as const) {
        const totals = await ledger.totals({ scope: s, scopeKey: key, window: '1h' });
        expect(totals, s).toMatchObject({ calls: 2, estimatedCost: 0.75 });
      }
    } finally {
      nodeClient.destroy();
    }
  });
});
