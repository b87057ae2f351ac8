/**
 * Usage ledgers (issue #14): which SQL layout a window total should read, and what the shipped
 * ledgers cost per record and per budget check.
 *
 * 1. SQL layout, on SQLite and PostgreSQL, same data (N calls, 200 users, 5 scope keys each):
 *    A = one row per call, every scope key a column, one (partial) index `(<scope>_id, at)` per
 *        scope — what `SqlUsageLedger` ships;
 *    B = one row per (call, scope), one index `(scope_kind, scope_key, at)`.
 *    Reported: insert time per call, size on disk, a 24h user total (mean over random users), and
 *    the plan of that total.
 * 2. The ledgers as shipped: `record()` and `totals()` latency of `SqlUsageLedger` (SQLite,
 *    PostgreSQL) and `RedisUsageLedger` (24h and 365d windows).
 *
 * Run alone: `npx tsx bench/usage-ledgers.ts`. Services: `DATABASE_URL`, `REDIS_URL` (skipped
 * when down).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createClient } from 'redis';
import { SqlUsageLedger } from '../src/cost/sql/index.js';
import type { UsageRecord } from '../src/cost/types.js';
import { RedisUsageLedger } from '../src/redis/usage-ledger.js';
import { PostgresStore } from '../src/stores/postgres/index.js';
import { SqliteStore } from '../src/stores/sqlite/index.js';
import { seededRandom } from '../src/test/seeded-random.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DAY = 86_400_000;
const NOW = Date.parse('2026-03-10T12:00:00Z');
const SCOPES = ['run', 'thread', 'resource', 'user', 'organization', 'session'] as const;

interface Call {
  id: string;
  at: number;
  keys: Record<(typeof SCOPES)[number], string>;
}

function calls(n: number): Call[] {
  const random = seededRandom(11);
  return Array.from({ length: n }, (_, i) => {
    const u = Math.floor(random() * 200);
    return {
      id: `c${i}`,
      at: NOW - Math.floor(random() * 30 * DAY),
      keys: {
        run: `run${Math.floor(i / 3)}`,
        thread: `th${u}-${Math.floor(random() * 5)}`,
        resource: `res${u}`,
        user: `user${u}`,
        organization: `org${u % 20}`,
        session: `s${u}-${Math.floor(random() * 10)}`,
      },
    };
  });
}

const colsA =
  'id TEXT PRIMARY KEY, at BIGINT NOT NULL, provider TEXT NOT NULL, model TEXT NOT NULL, cost_nanos BIGINT NOT NULL, ' +
  'input_tokens BIGINT NOT NULL, output_tokens BIGINT NOT NULL, run_id TEXT NOT NULL, thread_id TEXT, resource_id TEXT, ' +
  'user_id TEXT, organization_id TEXT, session_id TEXT';
const colsB =
  'id TEXT NOT NULL, scope_kind TEXT NOT NULL, scope_key TEXT NOT NULL, at BIGINT NOT NULL, provider TEXT NOT NULL, ' +
  'model TEXT NOT NULL, cost_nanos BIGINT NOT NULL, input_tokens BIGINT NOT NULL, output_tokens BIGINT NOT NULL, ' +
  'PRIMARY KEY (id, scope_kind)';
const column = (s: string) => (s === 'run' ? 'run_id' : `${s}_id`);
const indexesA = (t: string) =>
  SCOPES.map(
    (s) =>
      `CREATE INDEX ${t}_${s} ON ${t} (${column(s)}, at)${s === 'run' ? '' : ` WHERE ${column(s)} IS NOT NULL`}`,
  );
const indexesB = (t: string) => [`CREATE INDEX ${t}_scope ON ${t} (scope_kind, scope_key, at)`];
const totalA = (t: string) =>
  `SELECT provider, model, SUM(cost_nanos) c, SUM(input_tokens) i, COUNT(*) n FROM ${t} WHERE user_id = ? AND at > ? AND at <= ? GROUP BY provider, model`;
const totalB = (t: string) =>
  `SELECT provider, model, SUM(cost_nanos) c, SUM(input_tokens) i, COUNT(*) n FROM ${t} WHERE scope_kind = 'user' AND scope_key = ? AND at > ? AND at <= ? GROUP BY provider, model`;
const rowA = (c: Call) => [c.id, c.at, 'openai', 'gpt-4o', 1234, 100, 20, ...SCOPES.map((s) => c.keys[s])];
const rowsB = (c: Call) =>
  SCOPES.flatMap((s) => [c.id, s, c.keys[s], c.at, 'openai', 'gpt-4o', 1234, 100, 20]);

function ms(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function fmt(n: number, digits = 3): string {
  return n.toFixed(digits);
}

async function sqliteLayouts(n: number, dir: string): Promise<void> {
  const data = calls(n);
  for (const layout of ['A', 'B'] as const) {
    const path = join(dir, `layout-${layout}.db`);
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    const t = `usage_${layout}`;
    db.exec(`CREATE TABLE ${t} (${layout === 'A' ? colsA : colsB})`);
    for (const s of layout === 'A' ? indexesA(t) : indexesB(t)) db.exec(s);
    const insert =
      layout === 'A'
        ? db.prepare(
            `INSERT INTO ${t} VALUES (${new Array(13).fill('?').join(',')}) ON CONFLICT (id) DO NOTHING`,
          )
        : db.prepare(
            `INSERT INTO ${t} VALUES ${SCOPES.map(() => `(${new Array(9).fill('?').join(',')})`).join(',')} ON CONFLICT DO NOTHING`,
          );
    const start = process.hrtime.bigint();
    // One transaction per call, as a ledger write is.
    const one = db.transaction((c: Call) => insert.run(...(layout === 'A' ? rowA(c) : rowsB(c))));
    for (const c of data) one(c);
    const insertMs = ms(start) / n;
    db.exec('ANALYZE');
    const q = db.prepare(layout === 'A' ? totalA(t) : totalB(t));
    const random = seededRandom(5);
    const qStart = process.hrtime.bigint();
    const reps = 500;
    for (let i = 0; i < reps; i++) q.all(`user${Math.floor(random() * 200)}`, NOW - DAY, NOW);
    const queryMs = ms(qStart) / reps;
    const plan = (
      db.prepare(`EXPLAIN QUERY PLAN ${layout === 'A' ? totalA(t) : totalB(t)}`).all('user1', 0, 1) as {
        detail: string;
      }[]
    )
      .map((p) => p.detail)
      .join(' | ');
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const size = statSync(path).size / 1024 / 1024;
    console.log(
      `  SQLite layout ${layout}: insert ${fmt(insertMs)} ms/call, ${fmt(size, 1)} MB, 24h user total ${fmt(queryMs)} ms; plan: ${plan}`,
    );
  }
}

async function postgresLayouts(n: number): Promise<void> {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
  const schema = `sluice_t_bench_usage_${process.pid}`;
  try {
    await pool.query(`CREATE SCHEMA "${schema}"`);
    const data = calls(n);
    for (const layout of ['A', 'B'] as const) {
      const t = `"${schema}".usage_${layout}`;
      await pool.query(`CREATE TABLE ${t} (${layout === 'A' ? colsA : colsB})`);
      for (const s of layout === 'A'
        ? indexesA(t).map((x, i) => x.replace(`${t}_${SCOPES[i]}`, `a_${SCOPES[i]}`))
        : indexesB(t).map((x) => x.replace(`${t}_scope`, 'b_scope')))
        await pool.query(s);
      let p = 0;
      const ph = (k: number) => `(${Array.from({ length: k }, () => `$${++p}`).join(',')})`;
      p = 0;
      const sqlA = `INSERT INTO ${t} VALUES ${ph(13)} ON CONFLICT (id) DO NOTHING`;
      p = 0;
      const sqlB = `INSERT INTO ${t} VALUES ${SCOPES.map(() => ph(9)).join(',')} ON CONFLICT DO NOTHING`;
      const start = process.hrtime.bigint();
      for (const c of data)
        await pool.query(layout === 'A' ? sqlA : sqlB, layout === 'A' ? rowA(c) : rowsB(c));
      const insertMs = ms(start) / n;
      await pool.query(`ANALYZE ${t}`);
      const toPg = (sql: string) => {
        let k = 0;
        return sql.replace(/\?/g, () => `$${++k}`);
      };
      const q = toPg(layout === 'A' ? totalA(t) : totalB(t));
      const random = seededRandom(5);
      const reps = 300;
      const qStart = process.hrtime.bigint();
      for (let i = 0; i < reps; i++)
        await pool.query(q, [`user${Math.floor(random() * 200)}`, NOW - DAY, NOW]);
      const queryMs = ms(qStart) / reps;
      const plan = (await pool.query(`EXPLAIN ${q}`, ['user1', NOW - DAY, NOW])).rows
        .map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN'].trim())
        .join(' / ');
      const size =
        Number((await pool.query(`SELECT pg_total_relation_size('${t}') AS s`)).rows[0].s) / 1024 / 1024;
      console.log(
        `  PostgreSQL layout ${layout}: insert ${fmt(insertMs)} ms/call, ${fmt(size, 1)} MB, 24h user total ${fmt(queryMs)} ms; plan: ${plan}`,
      );
    }
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await pool.end();
  }
}

function record(i: number, at: number, user: string): UsageRecord {
  return {
    id: `b${i}`,
    at: new Date(at),
    provider: 'openai',
    model: i % 3 === 0 ? 'gpt-4o' : 'gpt-4o-mini',
    kind: 'step',
    inputTokens: 1000,
    outputTokens: 100,
    cachedInputTokens: 0,
    reasoningTokens: 0,
    estimatedCost: 0.000123,
    costUnit: 'USD',
    priced: true,
    scope: {
      runId: `run${i >> 2}`,
      threadId: `th-${user}`,
      resourceId: `res-${user}`,
      userId: user,
      organizationId: 'org',
    },
  };
}

async function shippedLedgers(dir: string, pgUp: boolean, redisUp: boolean): Promise<void> {
  const n = 2000;
  const random = seededRandom(3);
  const records = Array.from({ length: n }, (_, i) =>
    record(i, NOW - Math.floor(random() * 30 * DAY), `user${Math.floor(random() * 50)}`),
  );
  const measure = async (
    label: string,
    ledger: SqlUsageLedger | RedisUsageLedger,
    after?: () => Promise<void>,
  ) => {
    const start = process.hrtime.bigint();
    for (const r of records) await ledger.record(r);
    const recordMs = ms(start) / n;
    const line: string[] = [`record ${fmt(recordMs)} ms`];
    for (const window of ['24h', '30d', '365d'] as const) {
      const reps = 200;
      const qStart = process.hrtime.bigint();
      for (let i = 0; i < reps; i++) {
        await ledger.totals({
          scope: 'user',
          scopeKey: `user${i % 50}`,
          window,
          now: new Date(NOW),
          breakdown: i % 2 === 0,
        });
      }
      line.push(`totals ${window} ${fmt(ms(qStart) / reps)} ms`);
    }
    console.log(`  ${label}: ${line.join(', ')}`);
    await after?.();
  };
  const sqlite = new SqliteStore({ path: join(dir, 'ledger.db') });
  await measure('SqlUsageLedger (SQLite)', new SqlUsageLedger({ store: sqlite }), () => sqlite.close());
  if (pgUp) {
    const schema = `sluice_t_bench_ledger_${process.pid}`;
    const store = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 4 } });
    await measure('SqlUsageLedger (PostgreSQL)', new SqlUsageLedger({ store }), async () => {
      await store.close();
      const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.end();
    });
  }
  if (redisUp) {
    const client = createClient({ url: REDIS_URL });
    client.on('error', () => {});
    await client.connect();
    const keyPrefix = `sluice-bench:usage:${process.pid}:`;
    await measure(
      'RedisUsageLedger (node-redis)',
      new RedisUsageLedger({ client, keyPrefix, now: () => new Date(NOW) }),
      async () => {
        const keys = await client.keys(`${keyPrefix}*`);
        for (let i = 0; i < keys.length; i += 500) await client.del(keys.slice(i, i + 500));
        client.destroy();
      },
    );
  }
}

async function up(probe: () => Promise<unknown>): Promise<boolean> {
  try {
    await probe();
    return true;
  } catch {
    return false;
  }
}

/** The usage-ledger benchmark (see the module comment). */
export async function benchUsageLedgers(): Promise<void> {
  console.log('\nUsage ledgers (issue #14)');
  const dir = mkdtempSync(join(tmpdir(), 'sluice-bench-usage-'));
  const pgUp = await up(async () => {
    const c = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 2000 });
    await c.connect();
    await c.end();
  });
  const redisUp = await up(async () => {
    const c = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false, connectTimeout: 1000 } });
    c.on('error', () => {});
    await c.connect();
    c.destroy();
  });
  try {
    console.log(' SQL layouts (30 days of calls, 200 users):');
    await sqliteLayouts(20_000, dir);
    if (pgUp) await postgresLayouts(10_000);
    else console.log('  PostgreSQL: skipped (unreachable)');
    console.log(' Shipped ledgers (2 000 calls over 30 days, 50 users; mean per call):');
    await shippedLedgers(dir, pgUp, redisUp);
    if (!redisUp) console.log('  Redis: skipped (unreachable)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchUsageLedgers();
