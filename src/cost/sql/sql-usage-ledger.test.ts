/**
 * `SqlUsageLedger` on SQLite and on a real PostgreSQL (`DATABASE_URL`; skipped loudly without
 * one, a failure under CI): the ledger rules of `src/cost/types.ts` (sliding windows with
 * `now - window < at <= now`, idempotent by id, exact cost sums), every scope, the index plan of a
 * window total on both engines, and a store that cannot be reached.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { SluiceError } from 'sluice/errors';
import { SqlUsageLedger as PgLedger, PostgresStore } from 'sluice/pg';
import { SqliteStore, SqlUsageLedger } from 'sluice/sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DATABASE_URL,
  dropSchema,
  postgresAvailable,
  uniqueSchema,
} from '../../stores/postgres/testing/test-env.js';
import type { SqlFeature } from '../../stores/sql/feature.js';
import { defineUsageLedgerConformance } from '../testing/conformance.js';
import { defineReservationConformance } from '../testing/reservation-conformance.js';
import { USAGE_WINDOW_MS, type UsageRecord, type UsageScope, type UsageWindow } from '../types.js';
import { USAGE_FEATURE, type UsageLedgerSqlStore } from './sql-usage-ledger.js';

const T0 = Date.parse('2026-03-10T12:00:00.000Z');

let seq = 0;
function rec(
  over: Omit<Partial<UsageRecord>, 'scope'> & { scope?: Partial<UsageRecord['scope']> } = {},
): UsageRecord {
  const { scope, ...rest } = over;
  return {
    id: `r${++seq}`,
    at: new Date(T0),
    provider: 'openai',
    model: 'gpt-4o',
    kind: 'step',
    inputTokens: 100,
    outputTokens: 20,
    cachedInputTokens: 10,
    reasoningTokens: 5,
    estimatedCost: 0.01,
    costUnit: 'USD',
    priced: true,
    ...rest,
    scope: { runId: 'run-1', userId: 'u1', ...scope },
  };
}

interface Engine {
  name: string;
  open(): Promise<{ ledger: SqlUsageLedger; store: SqliteStore | PostgresStore; done(): Promise<void> }>;
  explain(ledger: SqlUsageLedger, store: SqliteStore | PostgresStore, scope: UsageScope): Promise<string>;
  fill(ledger: SqlUsageLedger, store: SqliteStore | PostgresStore, rows: number): Promise<void>;
}

const tmp = mkdtempSync(join(tmpdir(), 'sluice-usage-'));
const pgUp = await postgresAvailable();
const admin = pgUp ? new pg.Pool({ connectionString: DATABASE_URL, max: 2 }) : undefined;
afterAll(async () => {
  await admin?.end();
  rmSync(tmp, { recursive: true, force: true });
});

const sqlite: Engine = {
  name: 'SQLite',
  async open() {
    const store = new SqliteStore({ path: join(tmp, `u${++seq}.db`) });
    return { store, ledger: new SqlUsageLedger({ store }), done: () => store.close() };
  },
  async explain(ledger, store, scope) {
    const db = (store as SqliteStore).database as BetterSqlite3.Database;
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${ledger.totalsStatement(scope)}`).all('k', 0, 1) as {
      detail: string;
    }[];
    return plan.map((p) => p.detail).join(' | ');
  },
  async fill(ledger, store, rows) {
    const db = (store as SqliteStore).database as BetterSqlite3.Database;
    db.exec(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows}) ` +
        `INSERT INTO ${ledger.table} SELECT 'bulk' || i, ${T0} - i * 1000, 'openai', 'gpt-4o', 'step', NULL, 1, 1, 0, 0, 1000, 1, ` +
        `'run' || (i % 500), 'thread' || (i % 400), 'res' || (i % 300), 'user' || (i % 200), ` +
        `CASE WHEN i % 3 = 0 THEN 'org' || (i % 20) END, CASE WHEN i % 2 = 0 THEN 'sess' || (i % 700) END, NULL FROM n`,
    );
    db.exec(`ANALYZE ${ledger.table}`);
  },
};

const postgres: Engine = {
  name: 'PostgreSQL',
  async open() {
    const schema = uniqueSchema('usage');
    const store = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 3 } });
    return {
      store,
      ledger: new PgLedger({ store }),
      done: async () => {
        await store.close();
        await dropSchema(admin!, schema);
      },
    };
  },
  async explain(ledger, _store, scope) {
    const sql = ledger
      .totalsStatement(scope)
      .replace('= ?', `= 'user7'`)
      .replace('at > ?', 'at > 0')
      .replace('at <= ?', `at <= ${T0}`);
    const plan = await admin!.query(`EXPLAIN ${sql}`);
    return plan.rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
  },
  async fill(ledger, _store, rows) {
    await admin!.query(
      `INSERT INTO ${ledger.table} SELECT 'bulk' || i, ${T0} - i * 1000, 'openai', 'gpt-4o', 'step', NULL, 1, 1, 0, 0, 1000, 1, ` +
        `'run' || (i % 500), 'thread' || (i % 400), 'res' || (i % 300), 'user' || (i % 200), ` +
        `CASE WHEN i % 3 = 0 THEN 'org' || (i % 20) END, CASE WHEN i % 2 = 0 THEN 'sess' || (i % 700) END, NULL ` +
        `FROM generate_series(1, ${rows}) AS i`,
    );
    await admin!.query(`ANALYZE ${ledger.table}`);
  },
};

const SCOPES: Array<[UsageScope, string]> = [
  ['run', 'run-1'],
  ['thread', 'th-1'],
  ['resource', 'res-1'],
  ['user', 'u1'],
  ['organization', 'org-1'],
  ['session', 's-1'],
];

for (const engine of [sqlite, ...(pgUp ? [postgres] : [])]) {
  describe(`SqlUsageLedger on ${engine.name}`, () => {
    async function withLedger(
      fn: (l: SqlUsageLedger, s: SqliteStore | PostgresStore) => Promise<void>,
    ): Promise<void> {
      const { ledger, store, done } = await engine.open();
      try {
        await fn(ledger, store);
      } finally {
        await done();
      }
    }

    it('sliding windows count exactly now - window < at <= now, for every window', async () => {
      await withLedger(async (ledger) => {
        const windows = Object.keys(USAGE_WINDOW_MS) as UsageWindow[];
        for (const window of windows) {
          const w = USAGE_WINDOW_MS[window];
          const user = `win-${window}`;
          const at = (ms: number) => new Date(T0 + ms);
          await ledger.record(rec({ at: at(-w), estimatedCost: 1, scope: { userId: user } })); // just outside
          await ledger.record(rec({ at: at(-w + 1), estimatedCost: 2, scope: { userId: user } })); // oldest inside
          await ledger.record(rec({ at: at(0), estimatedCost: 4, scope: { userId: user } })); // now is inside
          await ledger.record(rec({ at: at(1), estimatedCost: 8, scope: { userId: user } })); // the future is not
          const total = await ledger.totals({ scope: 'user', scopeKey: user, window, now: at(0) });
          expect(total.estimatedCost, window).toBe(6);
          expect(total.calls, window).toBe(2);
          // One millisecond later the oldest record has left the window and the future one is in.
          const later = await ledger.totals({ scope: 'user', scopeKey: user, window, now: at(1) });
          expect(later.estimatedCost, window).toBe(12);
        }
      });
    });

    it('every scope reads its own key; a record without a key is not counted under that scope', async () => {
      await withLedger(async (ledger) => {
        await ledger.record(
          rec({
            estimatedCost: 0.5,
            scope: {
              runId: 'run-1',
              threadId: 'th-1',
              resourceId: 'res-1',
              userId: 'u1',
              organizationId: 'org-1',
              sessionId: 's-1',
            },
          }),
        );
        await ledger.record(rec({ estimatedCost: 0.25, scope: { runId: 'run-2', userId: 'u2' } }));
        for (const [scope, key] of SCOPES) {
          const window = scope === 'run' ? undefined : '24h';
          const t = await ledger.totals({
            scope,
            scopeKey: key,
            now: new Date(T0),
            ...(window ? { window } : {}),
          });
          expect(t, scope).toMatchObject({
            estimatedCost: 0.5,
            costUnit: 'USD',
            inputTokens: 100,
            outputTokens: 20,
            cachedInputTokens: 10,
            reasoningTokens: 5,
            calls: 1,
          });
          const other = await ledger.totals({
            scope,
            scopeKey: `${key}-other`,
            window: '24h',
            now: new Date(T0),
          });
          expect(other.calls).toBe(0);
          expect(other.estimatedCost).toBe(0);
        }
        // run-2 has no thread: thread totals of an unrelated key stay empty, u2 sees its own call only.
        expect(
          (await ledger.totals({ scope: 'user', scopeKey: 'u2', window: '1h', now: new Date(T0) }))
            .estimatedCost,
        ).toBe(0.25);
      });
    });

    it('recording one id twice counts once, also when both writes race', async () => {
      await withLedger(async (ledger) => {
        const one = rec({ id: 'dup', estimatedCost: 0.3 });
        await ledger.record(one);
        await ledger.record(one);
        await Promise.all([
          ledger.record(rec({ id: 'race' })),
          ledger.record(rec({ id: 'race' })),
          ledger.record(rec({ id: 'race' })),
        ]);
        const t = await ledger.totals({ scope: 'user', scopeKey: 'u1', window: '1h', now: new Date(T0) });
        expect(t.calls).toBe(2);
        expect(t.estimatedCost).toBe(0.31);
      });
    });

    it('costs sum without float drift: 2 000 calls of $0.000001234 are exactly $0.002468', async () => {
      await withLedger(async (ledger, store) => {
        const records = Array.from({ length: 2_000 }, (_, i) =>
          rec({ id: `tiny-${i}`, estimatedCost: 0.000001234, scope: { userId: 'tiny' } }),
        );
        // Bulk through the public API, in a few concurrent lanes.
        for (let i = 0; i < records.length; i += 500)
          await Promise.all(records.slice(i, i + 500).map((r) => ledger.record(r)));
        const t = await ledger.totals({ scope: 'user', scopeKey: 'tiny', window: '1h', now: new Date(T0) });
        let floatSum = 0;
        for (const r of records) floatSum += r.estimatedCost;
        expect(floatSum).not.toBe(0.002468); // a float sum drifts…
        expect(t.estimatedCost).toBe(0.002468); // …the ledger's integer sum does not
        expect(t.calls).toBe(2_000);
        void store;
      });
    }, 60_000);

    it('the breakdown groups by provider/model, highest cost first', async () => {
      await withLedger(async (ledger) => {
        await ledger.record(rec({ estimatedCost: 0.1, provider: 'anthropic', model: 'claude-sonnet-4-5' }));
        await ledger.record(rec({ estimatedCost: 0.5 }));
        await ledger.record(rec({ estimatedCost: 0.2, provider: 'anthropic', model: 'claude-sonnet-4-5' }));
        await ledger.record(
          rec({
            estimatedCost: 0,
            kind: 'cache-hit',
            provider: 'openai',
            model: 'gpt-4o-mini',
            inputTokens: 0,
            outputTokens: 0,
            cachedInputTokens: 0,
            reasoningTokens: 0,
          }),
        );
        const t = await ledger.totals({
          scope: 'user',
          scopeKey: 'u1',
          window: '7d',
          now: new Date(T0),
          breakdown: true,
        });
        expect(t.estimatedCost).toBeCloseTo(0.8, 12);
        expect(t.calls).toBe(4);
        expect(t.breakdown?.map((b) => [b.provider, b.model, b.calls])).toEqual([
          ['openai', 'gpt-4o', 1],
          ['anthropic', 'claude-sonnet-4-5', 2],
          ['openai', 'gpt-4o-mini', 1],
        ]);
        expect(t.breakdown?.[1]).toMatchObject({ estimatedCost: 0.3, inputTokens: 200, outputTokens: 40 });
        const plain = await ledger.totals({ scope: 'user', scopeKey: 'u1', window: '7d', now: new Date(T0) });
        expect(plain.breakdown).toBeUndefined();
      });
    });

    it('no window means all time, whatever now is (the run scope, as the in-memory ledger)', async () => {
      await withLedger(async (ledger) => {
        await ledger.record(rec({ at: new Date(T0 - 400 * 86_400_000), estimatedCost: 1 }));
        await ledger.record(rec({ at: new Date(T0), estimatedCost: 2 }));
        expect(
          (await ledger.totals({ scope: 'run', scopeKey: 'run-1', now: new Date(T0) })).estimatedCost,
        ).toBe(3);
        expect(
          (await ledger.totals({ scope: 'run', scopeKey: 'run-1', now: new Date(T0 - 1) })).estimatedCost,
        ).toBe(3);
      });
    });

    it('the ledger clock is the default now', async () => {
      const { store, done } = await engine.open();
      try {
        let now = T0;
        const ledger = new (engine === sqlite ? SqlUsageLedger : PgLedger)({
          store,
          now: () => new Date(now),
        });
        await ledger.record(rec({ estimatedCost: 1 }));
        expect((await ledger.totals({ scope: 'user', scopeKey: 'u1', window: '1h' })).estimatedCost).toBe(1);
        now = T0 + 3_600_000;
        expect((await ledger.totals({ scope: 'user', scopeKey: 'u1', window: '1h' })).estimatedCost).toBe(0);
      } finally {
        await done();
      }
    });

    it('a bad record or query rejects with STORE_INVALID_INPUT naming the ledger; nothing is written', async () => {
      await withLedger(async (ledger) => {
        const bad = [
          rec({ id: '' }),
          rec({ at: new Date(Number.NaN) }),
          rec({ inputTokens: -1 }),
          rec({ outputTokens: 1.5 }),
          rec({ estimatedCost: Number.NaN }),
          rec({ scope: { runId: '' } }),
        ];
        for (const r of bad) {
          const p = ledger.record(r);
          await expect(p).rejects.toMatchObject({
            code: 'STORE_INVALID_INPUT',
            message: expect.stringContaining(ledger.name),
          });
        }
        await expect(ledger.totals({ scope: 'planet' as UsageScope, scopeKey: 'x' })).rejects.toMatchObject({
          code: 'STORE_INVALID_INPUT',
        });
        await expect(
          ledger.totals({ scope: 'user', scopeKey: 'u1', window: '2h' as UsageWindow }),
        ).rejects.toThrow(/window/);
        const t = await ledger.totals({
          scope: 'user',
          scopeKey: 'u1',
          window: '365d',
          now: new Date(T0 + 1),
        });
        expect(t.calls).toBe(0);
      });
    });

    it('a window total is an index range scan on the scope column (EXPLAIN)', async () => {
      await withLedger(async (ledger, store) => {
        await ledger.totals({ scope: 'user', scopeKey: 'x', window: '1h' }); // creates the table
        await engine.fill(ledger, store, 20_000);
        for (const scope of ['user', 'organization', 'session', 'thread', 'resource', 'run'] as const) {
          const plan = await engine.explain(ledger, store, scope);
          const index = `usage_records_${scope}_at`;
          expect(plan, scope).toContain(index);
          expect(plan, scope).not.toMatch(/SCAN sluice_usage_records(?! USING)|Seq Scan/);
          if (engine === sqlite)
            expect(plan, scope).toMatch(/SEARCH .* USING INDEX .*\(\w+=\? AND at>\? AND at<\?\)/);
        }
        // And the answer over the bulk rows is right: user7 has every 200th of 20 000 rows.
        const t = await ledger.totals({ scope: 'user', scopeKey: 'user7', window: '24h', now: new Date(T0) });
        expect(t.calls).toBe(100);
        expect(t.estimatedCost).toBe(0.0001);
      });
    });
  });
}

describe('SqlUsageLedger errors', () => {
  it('a store that cannot open rejects with STORE_UNAVAILABLE naming the ledger and the store; a later call retries', async () => {
    const path = join(tmp, 'missing-dir', 'x.db');
    const store = new SqliteStore({ path });
    const ledger = new SqlUsageLedger({ store });
    expect(ledger.name).toBe(`SqlUsageLedger(SqliteStore(${path}))`);
    const error = await ledger.record(rec()).catch((e: unknown) => e);
    expect(SluiceError.hasCode(error, 'STORE_UNAVAILABLE')).toBe(true);
    expect((error as Error).message).toContain(`SqlUsageLedger(SqliteStore(${path}))`);
    expect((error as SluiceError).details).toMatchObject({
      ledger: ledger.name,
      store: `SqliteStore(${path})`,
    });
    const again = await ledger
      .totals({ scope: 'user', scopeKey: 'u1', window: '1h' })
      .catch((e: unknown) => e);
    expect(SluiceError.hasCode(again, 'STORE_UNAVAILABLE')).toBe(true);
    await store.close();
  });

  it.skipIf(!pgUp)(
    'PostgreSQL down: STORE_UNAVAILABLE naming the ledger and store, no password in the message',
    async () => {
      const store = new PostgresStore({
        connectionString: 'postgres://postgres:secret@127.0.0.1:1/test',
        poolConfig: { connectionTimeoutMillis: 500 },
      });
      const ledger = new PgLedger({ store });
      const error = await ledger
        .totals({ scope: 'user', scopeKey: 'u1', window: '1h' })
        .catch((e: unknown) => e);
      expect(SluiceError.hasCode(error, 'STORE_UNAVAILABLE')).toBe(true);
      expect((error as Error).message).toMatch(/^SqlUsageLedger\(PostgresStore\(127\.0\.0\.1:1\/test\)\)/);
      expect((error as Error).message).not.toContain('secret');
      await store.close();
    },
  );

  it('a store that is not a SQL store is a ConfigurationError at construction', () => {
    expect(() => new SqlUsageLedger({ store: {} as never })).toThrow(/SqliteStore|PostgresStore/);
    expect(
      () =>
        new SqlUsageLedger({
          store: new SqliteStore({ path: ':memory:' }),
          pricing: { gpt: { input: 1, output: 1 } },
        }),
    ).toThrow(/provider\/model-id/);
  });

  it('pricing is kept on the ledger for the cost estimator', () => {
    const ledger = new SqlUsageLedger({
      store: new SqliteStore({ path: ':memory:' }),
      pricing: { 'openai/gpt-4o': { input: 2.5, output: 10, cachedInput: 1.25 } },
    });
    expect(ledger.pricing?.['openai/gpt-4o']).toEqual({ input: 2.5, output: 10, cachedInput: 1.25 });
  });
});

defineUsageLedgerConformance('SqlUsageLedger (SQLite)', async ({ now, testId }) => {
  const store = new SqliteStore({ path: join(tmp, `${testId}.db`) });
  return { ledger: new SqlUsageLedger({ store, now }), dispose: () => store.close() };
});

if (pgUp) {
  defineUsageLedgerConformance('SqlUsageLedger (PostgreSQL)', async ({ now }) => {
    const schema = uniqueSchema('uconf');
    const store = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 3 } });
    return {
      ledger: new PgLedger({ store, now }),
      dispose: async () => {
        await store.close();
        await dropSchema(admin!, schema);
      },
    };
  });
}

defineReservationConformance('SqlUsageLedger (SQLite)', async ({ now, testId }) => {
  const store = new SqliteStore({ path: join(tmp, `${testId}-holds.db`) });
  return { ledger: new SqlUsageLedger({ store, now }), dispose: () => store.close() };
});

if (pgUp) {
  defineReservationConformance('SqlUsageLedger (PostgreSQL)', async ({ now }) => {
    const schema = uniqueSchema('uhold');
    // A pool of 10: the 50 reservations really run concurrently, serialised only by the ledger's lock.
    const store = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 10 } });
    return {
      ledger: new PgLedger({ store, now }),
      dispose: async () => {
        await store.close();
        await dropSchema(admin!, schema);
      },
    };
  });
}

describe('SqlUsageLedger schema upgrade (version 1 → 2: reservations)', () => {
  /** The ledger's schema as released before reservations: migration 1 only. */
  const VERSION_1: SqlFeature = {
    name: USAGE_FEATURE.name,
    migrations: (naming) => USAGE_FEATURE.migrations(naming).filter((m) => m.version === 1),
  };
  const OLD_ROW =
    'INSERT INTO %t (id, at, provider, model, kind, processor_id, input_tokens, output_tokens, cached_input_tokens, ' +
    'reasoning_tokens, cost_nanos, priced, run_id, user_id) ' +
    "VALUES ('old-1', ?, 'openai', 'gpt-4o', 'step', NULL, 100, 20, 0, 0, 700000000, 1, 'run-old', 'u1')";

  async function upgrade(open: () => { store: UsageLedgerSqlStore & { close(): Promise<void> } }) {
    // A database written by the old ledger: the version-1 table and one record.
    const old = open();
    const handle = old.store.feature(VERSION_1);
    const db = await handle.connect();
    await db.run(OLD_ROW.replace('%t', handle.table('records')), [T0 - 1000]);
    await old.store.close();
    // The new ledger on the same database: migration 2 runs, the old record still counts,
    // and reservations work on top of it.
    const { store } = open();
    const ledger = new SqlUsageLedger({ store, now: () => new Date(T0) });
    try {
      expect(await ledger.totals({ scope: 'user', scopeKey: 'u1', window: '1h' })).toMatchObject({
        estimatedCost: 0.7,
        calls: 1,
      });
      const hold = {
        id: 'hold-1',
        at: new Date(T0),
        provider: 'openai',
        model: 'gpt-4o',
        inputTokens: 10,
        outputTokens: 10,
        estimatedCost: 0.5,
        costUnit: 'USD' as const,
        scope: { runId: 'run-new', userId: 'u1' },
        ttlMs: 60_000,
      };
      const check = { scope: 'user' as const, scopeKey: 'u1', window: '1h' as const, limit: 1 };
      expect(await ledger.reserve(hold, check)).toMatchObject({
        granted: true,
        totals: { estimatedCost: 0.7 },
      });
      expect((await ledger.reserve({ ...hold, id: 'hold-2' }, check)).granted).toBe(false);
      expect(await ledger.settle(hold, rec({ id: 'hold-1', estimatedCost: 0.1, at: new Date(T0) }))).toBe(
        'settled',
      );
      expect(
        (await ledger.totals({ scope: 'user', scopeKey: 'u1', window: '1h' })).estimatedCost,
      ).toBeCloseTo(0.8, 9);
      // Idempotent: a second store on the same database does not migrate again.
      const again = open();
      const second = new SqlUsageLedger({ store: again.store, now: () => new Date(T0) });
      expect((await second.totals({ scope: 'user', scopeKey: 'u1', window: '1h' })).calls).toBe(2);
      await again.store.close();
    } finally {
      await store.close();
    }
  }

  it('SQLite: a version-1 database is upgraded in place; its records keep counting', async () => {
    const path = join(tmp, `upgrade-${Date.now()}.db`);
    await upgrade(() => ({ store: new SqliteStore({ path }) }));
  });

  it.skipIf(!pgUp)(
    'PostgreSQL: a version-1 schema is upgraded in place; its records keep counting',
    async () => {
      const schema = uniqueSchema('uupgrade');
      try {
        await upgrade(() => ({
          store: new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 2 } }),
        }));
      } finally {
        await dropSchema(admin!, schema);
      }
    },
  );
});
