/**
 * `RedisUsageLedger` on a real Redis (`REDIS_URL`, default redis://127.0.0.1:6379) with both
 * client libraries (node-redis 5, ioredis 5): the ledger rules of `src/cost/types.ts` within the
 * documented bucket precision (never undercounts; overcounts at most the far-edge bucket), expiry
 * of every bucket, idempotency, exact sums and Redis down. Without a Redis the suite is skipped
 * loudly (a failure under CI). Every test writes under its own random key prefix and deletes it.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { RedisUsageLedger } from 'sluice/redis';
import { afterAll, describe, expect, it } from 'vitest';
import { defineUsageLedgerConformance } from '../cost/testing/conformance.js';
import { defineReservationConformance } from '../cost/testing/reservation-conformance.js';
import { USAGE_WINDOW_MS, type UsageRecord, type UsageWindow } from '../cost/types.js';
import { SluiceError } from '../errors/sluice-error.js';
import { seededRandom } from '../test/seeded-random.js';
import { coveringBuckets } from './usage-ledger-layout.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** A minute-aligned instant, plus 30 s so `now` sits mid-minute. */
const T0 = Date.parse('2026-03-10T12:00:00.000Z') + 30_000;

/** The raw commands the tests use to look behind the ledger. */
interface Raw {
  pttl(key: string): Promise<number>;
  exists(key: string): Promise<number>;
  set(key: string, value: string): Promise<unknown>;
  keys(pattern: string): Promise<string[]>;
  del(keys: string[]): Promise<unknown>;
  close(): void;
}

interface Library {
  name: string;
  connect(): Promise<{ client: object; raw: Raw }>;
  dead(port: number): Promise<object>;
}

const libraries: Library[] = [
  {
    name: 'node-redis',
    async connect() {
      const client = createClient({
        url: REDIS_URL,
        socket: { reconnectStrategy: false, connectTimeout: 1000 },
      });
      client.on('error', () => {});
      await client.connect();
      return {
        client,
        raw: {
          pttl: (k) => client.pTTL(k),
          exists: (k) => client.exists(k),
          set: (k, v) => client.set(k, v),
          keys: (p) => client.keys(p),
          del: (k) => (k.length ? client.del(k) : Promise.resolve(0)),
          close: () => client.destroy(),
        },
      };
    },
    async dead(port) {
      const client = createClient({
        url: `redis://127.0.0.1:${port}`,
        socket: { reconnectStrategy: false, connectTimeout: 200 },
      });
      client.on('error', () => {});
      await client.connect().catch(() => {});
      return client;
    },
  },
  {
    name: 'ioredis',
    async connect() {
      const client = new Redis(REDIS_URL, {
        lazyConnect: true,
        retryStrategy: () => null,
        maxRetriesPerRequest: 1,
      });
      client.on('error', () => {});
      await client.connect();
      return {
        client,
        raw: {
          pttl: (k) => client.pttl(k),
          exists: (k) => client.exists(k),
          set: (k, v) => client.set(k, v),
          keys: (p) => client.keys(p),
          del: (k) => (k.length ? client.del(...k) : Promise.resolve(0)),
          close: () => client.disconnect(),
        },
      };
    },
    async dead(port) {
      const client = new Redis(port, '127.0.0.1', {
        lazyConnect: true,
        retryStrategy: () => null,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
      });
      client.on('error', () => {});
      await client.connect().catch(() => {});
      return client;
    },
  },
];

async function redisAvailable(): Promise<boolean> {
  try {
    const { raw } = await (libraries[0] as Library).connect();
    raw.close();
    return true;
  } catch (error) {
    if (process.env.CI)
      throw new Error(`Redis is required under CI but ${REDIS_URL} is unreachable: ${String(error)}`);
    console.warn(
      `\n⚠ SKIPPING the RedisUsageLedger tests (src/redis/usage-ledger.test.ts): no Redis at ${REDIS_URL} (${String(error)}). Start Redis or set REDIS_URL.\n`,
    );
    return false;
  }
}

const available = await redisAvailable();
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups) await c().catch(() => {});
});

let seq = 0;
function rec(atMs: number, cost: number, over: Partial<UsageRecord> = {}): UsageRecord {
  return {
    id: `r${++seq}`,
    at: new Date(atMs),
    provider: 'openai',
    model: 'gpt-4o',
    kind: 'step',
    inputTokens: 100,
    outputTokens: 20,
    cachedInputTokens: 10,
    reasoningTokens: 5,
    estimatedCost: cost,
    costUnit: 'USD',
    priced: true,
    scope: { runId: 'run-1', userId: 'u1' },
    ...over,
  };
}

describe('coveringBuckets', () => {
  it('covers [lo, hi) contiguously with the coarsest aligned buckets: at most ~150 reads for 24h, ~450 for 365d', () => {
    const random = seededRandom(7);
    const size = { m: MIN, h: HOUR, d: DAY } as const;
    for (const [window, far, bound] of [
      ['1h', MIN, 61],
      ['24h', MIN, 60 + 23 + 60],
      ['7d', HOUR, 24 + 6 + 24 + 60],
      ['30d', HOUR, 24 + 29 + 24 + 60],
      ['365d', DAY, 365 + 24 + 60],
    ] as const) {
      for (let i = 0; i < 50; i++) {
        const now = T0 + Math.floor(random() * 400 * DAY);
        const from = now - USAGE_WINDOW_MS[window];
        const lo = Math.floor(from / far) * far;
        const hi = Math.ceil(now / MIN) * MIN;
        const buckets = coveringBuckets(lo, hi);
        let cur = lo;
        for (const b of buckets) {
          expect(b.index * size[b.tag]).toBe(cur);
          cur += size[b.tag];
        }
        expect(cur).toBe(hi);
        expect(buckets.length, window).toBeLessThanOrEqual(bound);
      }
    }
  });
});

for (const lib of libraries) {
  describe.skipIf(!available)(`RedisUsageLedger with ${lib.name}`, () => {
    async function open(now = T0) {
      const { client, raw } = await lib.connect();
      const keyPrefix = `sluice-test:usage:${randomUUID()}:`;
      const clock = { now };
      const ledger = new RedisUsageLedger({ client, keyPrefix, now: () => new Date(clock.now) });
      cleanups.push(async () => {
        await raw.del(await raw.keys(`${keyPrefix}*`));
        raw.close();
      });
      return { ledger, raw, clock, keyPrefix, client };
    }

    it('the far-edge bucket is read whole and the minute of now too (errs high, never low); bucket-aligned edges are exact', async () => {
      const { ledger } = await open();
      const cases: Array<[UsageWindow, number]> = [
        ['1h', MIN],
        ['24h', MIN],
        ['7d', HOUR],
        ['30d', HOUR],
        ['365d', DAY],
      ];
      for (const [window, far] of cases) {
        const userId = `edge-${window}`;
        const scope = { runId: 'run-1', userId };
        const start = T0 - USAGE_WINDOW_MS[window];
        // The far-edge bucket holds (farBucket, farBucket + far]; now's minute ends at nearEnd.
        const farBucket = Math.floor(start / far) * far;
        const nearEnd = Math.ceil(T0 / MIN) * MIN;
        await ledger.record(rec(start + 1, 1, { scope })); // inside: counted
        await ledger.record(rec(T0, 2, { scope })); // now: counted
        await ledger.record(rec(farBucket + 1, 4, { scope })); // before the window, in the far-edge bucket: counted (documented overcount)
        await ledger.record(rec(farBucket, 8, { scope })); // the bucket before: not counted
        await ledger.record(rec(nearEnd, 16, { scope })); // after now, in now's minute: counted (documented)
        await ledger.record(rec(nearEnd + 1, 32, { scope })); // the next minute: not counted
        const t = await ledger.totals({ scope: 'user', scopeKey: userId, window, now: new Date(T0) });
        expect(t.estimatedCost, window).toBe(23);
        expect(t.calls, window).toBe(4);
        // On bucket boundaries both edges are exact.
        const aligned = Math.ceil(T0 / DAY) * DAY;
        const edgeScope = { runId: 'run-1', userId: `${userId}-aligned` };
        await ledger.record(rec(aligned - USAGE_WINDOW_MS[window], 64, { scope: edgeScope })); // exactly at the start: out
        await ledger.record(rec(aligned - USAGE_WINDOW_MS[window] + 1, 1, { scope: edgeScope })); // in
        await ledger.record(rec(aligned, 2, { scope: edgeScope })); // in
        await ledger.record(rec(aligned + 1, 128, { scope: edgeScope })); // out
        const exact = await ledger.totals({
          scope: 'user',
          scopeKey: edgeScope.userId,
          window,
          now: new Date(aligned),
        });
        expect(exact.estimatedCost, window).toBe(3);
      }
    });

    it('never undercounts, and overcounts only what lies in the far-edge bucket (random records and instants)', async () => {
      const { ledger, clock } = await open();
      const random = seededRandom(42);
      const records: UsageRecord[] = [];
      const end = T0 + 20 * DAY;
      // Recorded as of the earliest instant queried below, so no bucket a query reads has expired yet.
      clock.now = end - DAY;
      for (let i = 0; i < 300; i++) {
        // Dense in the last two days (minute buckets), sparse over the year.
        const back = i % 2 === 0 ? random() * 2 * DAY : random() * 370 * DAY;
        records.push(
          rec(Math.floor(end - back), Math.round(random() * 1e6) / 1e6, {
            scope: { runId: `run-${i % 3}`, userId: 'prop' },
          }),
        );
      }
      for (const r of records) await ledger.record(r);
      for (let i = 0; i < 40; i++) {
        const now = Math.floor(end - random() * DAY);
        const window = (['1h', '6h', '24h', '7d', '30d', '365d'] as const)[i % 6] as UsageWindow;
        const w = USAGE_WINDOW_MS[window];
        const far = w <= DAY ? MIN : w <= 30 * DAY ? HOUR : DAY;
        const farBucket = Math.floor((now - w) / far) * far;
        const nearEnd = Math.ceil(now / MIN) * MIN;
        let exact = 0;
        let slack = 0;
        for (const r of records) {
          const at = r.at.getTime();
          if (at > now - w && at <= now) exact += Math.round(r.estimatedCost * 1e9);
          else if ((at > farBucket && at <= now - w) || (at > now && at <= nearEnd))
            slack += Math.round(r.estimatedCost * 1e9);
        }
        const t = await ledger.totals({ scope: 'user', scopeKey: 'prop', window, now: new Date(now) });
        const got = Math.round(t.estimatedCost * 1e9);
        expect(got, `${window} at ${now}`).toBeGreaterThanOrEqual(exact);
        expect(got - exact, `${window} at ${now}`).toBe(slack);
      }
    }, 60_000);

    it('the running totals a check reads always equal a fresh read of the buckets: time moving on, late and future records, holds, idle gaps', async () => {
      const { ledger, clock, raw, keyPrefix } = await open();
      const random = seededRandom(lib.name.length);
      const scope = { runId: 'run-roll', userId: 'roll' };
      const windows = ['1h', '6h', '24h', '7d', '30d', '365d'] as const;
      // Windows come into use one after another: each is built from its buckets when first checked.
      let inUse = 1;
      const check = async (label: string) => {
        for (const window of windows.slice(0, inUse)) {
          const fast = await ledger.totals({ scope: 'user', scopeKey: 'roll', window });
          const scan = await ledger.totals({ scope: 'user', scopeKey: 'roll', window, breakdown: true });
          expect(Math.round(fast.estimatedCost * 1e9), `${label} ${window}`).toBe(
            Math.round(scan.estimatedCost * 1e9),
          );
          expect(fast.calls, `${label} ${window}`).toBe(scan.calls);
        }
      };
      let n = 0;
      for (let step = 0; step < 120; step++) {
        // Mostly minutes, sometimes hours or days: buckets slide out of every window.
        const r = random();
        clock.now +=
          r < 0.7 ? Math.floor(random() * 5 * MIN) : r < 0.95 ? Math.floor(random() * 3 * HOUR) : 2 * DAY;
        const kind = random();
        const at =
          kind < 0.7
            ? clock.now - Math.floor(random() * 30_000) // now-ish
            : kind < 0.85
              ? clock.now - Math.floor(random() * 3 * DAY) // late
              : clock.now + Math.floor(random() * 10 * MIN); // a clock ahead: future
        await ledger.record(rec(at, Math.round(random() * 1e4) / 1e6, { id: `roll-${n++}`, scope }));
        if (step % 10 === 5) {
          const hold = {
            id: `hold-${step}`,
            at: new Date(clock.now),
            provider: 'openai',
            model: 'gpt-4o',
            inputTokens: 10,
            outputTokens: 10,
            estimatedCost: 0.5,
            costUnit: 'USD' as const,
            scope,
            ttlMs: 60_000,
          };
          await ledger.reserve(hold, { scope: 'user', scopeKey: 'roll', window: '1h' });
          if (step % 20 === 5) await ledger.settle(hold, rec(clock.now, 0.01, { id: hold.id, scope }));
          else await ledger.settle(hold, null);
        }
        if (step % 7 === 0) await check(`step ${step}`);
        if (step % 20 === 19) inUse++;
      }
      // A long idle gap whose buckets expired meanwhile (simulated: the minute buckets are deleted):
      // the running totals notice the missing buckets and rebuild from what is left.
      clock.now += 3 * DAY;
      const minuteBuckets = (await raw.keys(`${keyPrefix}*:m:*`)).filter((k) => !k.includes(':ix:'));
      await raw.del(minuteBuckets);
      await ledger.record(rec(clock.now, 0.02, { id: 'after-gap', scope }));
      inUse = windows.length;
      await check('after an idle gap');
    }, 120_000);

    it('every scope key gets its own counters', async () => {
      const { ledger } = await open();
      await ledger.record(
        rec(T0, 0.5, {
          scope: {
            runId: 'run-9',
            threadId: 'th',
            resourceId: 'res',
            userId: 'u',
            organizationId: 'org',
            sessionId: 's',
          },
        }),
      );
      for (const [scope, key] of [
        ['thread', 'th'],
        ['resource', 'res'],
        ['user', 'u'],
        ['organization', 'org'],
        ['session', 's'],
      ] as const) {
        const t = await ledger.totals({ scope, scopeKey: key, window: '1h' });
        expect(t, scope).toEqual({
          estimatedCost: 0.5,
          costUnit: 'USD',
          inputTokens: 100,
          outputTokens: 20,
          cachedInputTokens: 10,
          reasoningTokens: 5,
          calls: 1,
        });
        expect((await ledger.totals({ scope, scopeKey: `${key}x`, window: '1h' })).calls).toBe(0);
      }
      expect((await ledger.totals({ scope: 'run', scopeKey: 'run-9' })).estimatedCost).toBe(0.5);
    });

    it('one id counts once, also when writes race (SET NX in the record script)', async () => {
      const { ledger } = await open();
      const one = rec(T0, 0.3, { id: 'dup' });
      await ledger.record(one);
      await ledger.record(one);
      await Promise.all([1, 2, 3, 4].map(() => ledger.record(rec(T0, 0.01, { id: 'race' }))));
      const t = await ledger.totals({ scope: 'user', scopeKey: 'u1', window: '1h' });
      expect(t.calls).toBe(2);
      expect(t.estimatedCost).toBe(0.31);
    });

    it('costs are integer nano-dollars: 2 000 calls of $0.000001234 sum to exactly $0.002468', async () => {
      const { ledger } = await open();
      for (let i = 0; i < 2000; i += 200) {
        await Promise.all(
          Array.from({ length: 200 }, (_, j) => ledger.record(rec(T0, 0.000001234, { id: `tiny-${i + j}` }))),
        );
      }
      const t = await ledger.totals({ scope: 'user', scopeKey: 'u1', window: '24h' });
      expect(t.estimatedCost).toBe(0.002468);
      expect(t.calls).toBe(2000);
    });

    it('the breakdown groups by provider/model (names with ":" and quotes kept), highest cost first', async () => {
      const { ledger } = await open();
      await ledger.record(rec(T0, 0.1, { provider: 'anthropic', model: 'claude:"x"' }));
      await ledger.record(rec(T0 - 2 * DAY, 0.5));
      await ledger.record(rec(T0, 0.2, { provider: 'anthropic', model: 'claude:"x"' }));
      const t = await ledger.totals({ scope: 'user', scopeKey: 'u1', window: '7d', breakdown: true });
      expect(t.estimatedCost).toBe(0.8);
      expect(t.breakdown).toEqual([
        {
          provider: 'openai',
          model: 'gpt-4o',
          estimatedCost: 0.5,
          inputTokens: 100,
          outputTokens: 20,
          cachedInputTokens: 10,
          reasoningTokens: 5,
          calls: 1,
        },
        {
          provider: 'anthropic',
          model: 'claude:"x"',
          estimatedCost: 0.3,
          inputTokens: 200,
          outputTokens: 40,
          cachedInputTokens: 20,
          reasoningTokens: 10,
          calls: 2,
        },
      ]);
    });

    it('every bucket expires at its end + its retention; the idempotency marker (one per scope key) lives 366 days', async () => {
      const { ledger, raw } = await open();
      await ledger.record(rec(T0, 0.1, { id: 'ttl' }));
      const slack = 5_000;
      const expectTtl = async (key: string, ms: number) => {
        const ttl = await raw.pttl(key);
        expect(ttl, key).toBeGreaterThan(ms - slack);
        expect(ttl, key).toBeLessThanOrEqual(ms);
      };
      const index = (at: number, size: number) => Math.floor((at - 1) / size);
      const end = (at: number, size: number) => (index(at, size) + 1) * size;
      await expectTtl(ledger.bucketKey('user', 'u1', 'm', index(T0, MIN)), end(T0, MIN) + DAY - T0);
      await expectTtl(ledger.bucketKey('run', 'run-1', 'h', index(T0, HOUR)), end(T0, HOUR) + 30 * DAY - T0);
      await expectTtl(ledger.bucketKey('user', 'u1', 'd', index(T0, DAY)), end(T0, DAY) + 365 * DAY - T0);
      await expectTtl(`${ledger.scopeBase('user', 'u1')}:seen:ttl`, 366 * DAY);
      await expectTtl(`${ledger.scopeBase('run', 'run-1')}:seen:ttl`, 366 * DAY);
      // A record two days old: its minute bucket would already have expired, so it is never written.
      const old = T0 - 2 * DAY;
      await ledger.record(rec(old, 0.1, { id: 'old' }));
      expect(await raw.exists(ledger.bucketKey('user', 'u1', 'm', index(old, MIN)))).toBe(0);
      await expectTtl(ledger.bucketKey('user', 'u1', 'h', index(old, HOUR)), end(old, HOUR) + 30 * DAY - T0);
      expect((await ledger.totals({ scope: 'user', scopeKey: 'u1', window: '7d' })).calls).toBe(2);
    });

    it('a Redis error reply (a foreign key of the wrong type under the prefix) is STORE_QUERY_FAILED naming the ledger', async () => {
      const { ledger, raw } = await open();
      const foreign = ledger.bucketKey('user', 'u1', 'm', Math.floor((T0 - 1) / MIN));
      await raw.set(foreign, 'not a hash');
      const record = rec(T0, 1);
      const error = await ledger.record(record).catch((e: unknown) => e);
      expect(SluiceError.hasCode(error, 'STORE_QUERY_FAILED')).toBe(true);
      expect((error as Error).message).toContain(ledger.name);
      expect((error as Error).message).toMatch(/WRONGTYPE/);
      expect((error as Error).message).toContain(foreign);
      // Nothing was written for that scope key (each scope key is one script): no seen marker, no
      // running total; the run's own script counted it.
      expect(await raw.exists(`${ledger.scopeBase('user', 'u1')}:seen:${record.id}`)).toBe(0);
      expect(await raw.exists(`${ledger.scopeBase('user', 'u1')}:roll`)).toBe(0);
      expect((await ledger.totals({ scope: 'run', scopeKey: 'run-1', window: '1h' })).calls).toBe(1);
      // Once the foreign key is gone, a retry of the same record completes it: once under every scope.
      await raw.del([foreign]);
      await ledger.record(record);
      for (const [scope, scopeKey] of [
        ['run', 'run-1'],
        ['user', 'u1'],
      ] as const) {
        const totals = await ledger.totals({ scope, scopeKey, window: '1h' });
        expect(totals, scope).toMatchObject({ calls: 1, estimatedCost: 1 });
      }
    });

    it('a hold is placed on the checked scope key only; settling counts the call once under every other key, also after the hold expired', async () => {
      const { ledger, clock } = await open();
      const scope = { runId: 'run-x', threadId: 'th-x', userId: 'u-x', organizationId: 'org-x' };
      const hold = {
        id: 'hx',
        at: new Date(clock.now),
        provider: 'openai',
        model: 'gpt-4o',
        inputTokens: 1000,
        outputTokens: 500,
        estimatedCost: 0.3,
        costUnit: 'USD' as const,
        scope,
        ttlMs: 100,
      };
      const total = async (s: 'thread' | 'user' | 'organization', key: string) =>
        (await ledger.totals({ scope: s, scopeKey: key, window: '1h' })).estimatedCost;
      const check = { scope: 'user', scopeKey: 'u-x', window: '1h', limit: 1 } as const;
      expect((await ledger.reserve(hold, check)).granted).toBe(true);
      expect(await total('user', 'u-x')).toBe(0.3);
      expect(await total('organization', 'org-x')).toBe(0);
      // Never settled within its TTL (the server's clock): final where it was placed, charged in full …
      await new Promise((resolve) => setTimeout(resolve, 250));
      const actual = rec(hold.at.getTime(), 0.05, { id: 'hx', scope });
      expect(await ledger.settle(hold, actual)).toBe('expired');
      expect(await ledger.settle(hold, actual)).toBe('expired');
      expect(await total('user', 'u-x')).toBe(0.3);
      // … while the call's other scope keys count its actual usage, once (a replay adds nothing).
      expect(await total('organization', 'org-x')).toBe(0.05);
      expect(await total('thread', 'th-x')).toBe(0.05);
      expect((await ledger.totals({ scope: 'run', scopeKey: 'run-x' })).calls).toBe(1);
    });

    it('Redis down: record and totals reject with STORE_UNAVAILABLE naming the ledger', async () => {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as { port: number };
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const client = await lib.dead(port);
      const ledger = new RedisUsageLedger({ client, keyPrefix: 'sluice-test:dead:' });
      for (const attempt of [
        ledger.record(rec(T0, 1)),
        ledger.totals({ scope: 'user', scopeKey: 'u1', window: '1h' }),
      ]) {
        const error = await attempt.catch((e: unknown) => e);
        expect(SluiceError.hasCode(error, 'STORE_UNAVAILABLE'), String(error)).toBe(true);
        expect((error as Error).message).toContain('RedisUsageLedger(prefix sluice-test:dead:)');
        expect((error as SluiceError).details).toMatchObject({
          ledger: 'RedisUsageLedger(prefix sluice-test:dead:)',
        });
      }
    });

    it('bad input rejects with STORE_INVALID_INPUT; a bad client is a ConfigurationError', async () => {
      const { ledger } = await open();
      await expect(ledger.record(rec(T0, -1))).rejects.toMatchObject({ code: 'STORE_INVALID_INPUT' });
      await expect(ledger.totals({ scope: 'user', scopeKey: '', window: '1h' })).rejects.toMatchObject({
        code: 'STORE_INVALID_INPUT',
      });
      expect(() => new RedisUsageLedger({ client: {} })).toThrow(/connected Redis client/);
      expect(() => new RedisUsageLedger({ client: { eval: () => 1 }, keyPrefix: 5 as never })).toThrow(
        /keyPrefix/,
      );
    });
  });
}

for (const lib of available ? libraries : []) {
  defineUsageLedgerConformance(`RedisUsageLedger (${lib.name})`, async ({ now, testId }) => {
    const { client, raw } = await lib.connect();
    const keyPrefix = `sluice-test:usage-conf:${testId}:`;
    return {
      ledger: new RedisUsageLedger({ client, keyPrefix, now }),
      // The far edge of each window is read at the resolution kept that long (module comment).
      bucketMs: (window) =>
        ({ '1h': MIN, '6h': MIN, '24h': MIN, '7d': HOUR, '30d': HOUR, '365d': DAY })[window],
      dispose: async () => {
        await raw.del(await raw.keys(`${keyPrefix}*`));
        raw.close();
      },
    };
  });
}

for (const lib of available ? libraries : []) {
  defineReservationConformance(`RedisUsageLedger (${lib.name})`, async ({ now, testId }) => {
    const { client, raw } = await lib.connect();
    const keyPrefix = `sluice-test:usage-hold:${testId}:`;
    return {
      ledger: new RedisUsageLedger({ client, keyPrefix, now }),
      holdsCountUnder: 'checked',
      dispose: async () => {
        await raw.del(await raw.keys(`${keyPrefix}*`));
        raw.close();
      },
    };
  });
}
