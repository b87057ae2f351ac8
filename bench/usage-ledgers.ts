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
 * 3. Issue #31, the Redis budget check before/after: the previous `RedisUsageLedger` (a check
 *    sums every bucket covering the window; kept in `bench/baseline/`) against the shipped one (a
 *    running total per window, evicted lazily), same records (one user: a call a minute for the
 *    last day, one per 10 minutes for the 29 days before), checks a minute apart as traffic goes
 *    on. Reported: Redis commands per check (server-side `INFO commandstats`, on a private
 *    `redis-server` when the binary is there), the server's CPU time (`INFO cpu`, user + system)
 *    and time per check, per record and per turn (1 000 turns: before, a check then a record;
 *    after, a reservation then its settlement), with the after/before ratio.
 * 4. Issue #31, overshoot: 50 concurrent requests of one user against a $1 budget, $0.30 a call,
 *    on every ledger (two "servers" on the shared ones), without reservations (before) and with
 *    them (after): dollars spent over the budget.
 *
 * Run alone: `npx tsx bench/usage-ledgers.ts` (`USAGE_BENCH=checks` for sections 3 and 4 only). Services: `DATABASE_URL`, `REDIS_URL` (skipped
 * when down).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createClient } from 'redis';
import { Agent } from '../src/agent/index.js';
import { InMemoryUsageLedger } from '../src/cost/in-memory-ledger.js';
import { SqlUsageLedger } from '../src/cost/sql/index.js';
import type { UsageLedger, UsageRecord } from '../src/cost/types.js';
import { TokenCostControl } from '../src/processors/index.js';
import {
  type LocalRedis,
  redisServerBinaryOrSkip,
  startLocalRedis,
} from '../src/redis/testing/local-servers.js';
import { RedisUsageLedger } from '../src/redis/usage-ledger.js';
import { RequestContext } from '../src/request-context/index.js';
import { PostgresStore } from '../src/stores/postgres/index.js';
import { SqliteStore } from '../src/stores/sqlite/index.js';
import { ScriptedModel } from '../src/test/index.js';
import { seededRandom } from '../src/test/seeded-random.js';
import { RedisUsageLedger as RedisUsageLedgerV1 } from './baseline/redis-usage-ledger-v1.js';

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

/** Section 3: the Redis budget check, previous ledger against the shipped one. */
async function redisCheckCost(): Promise<void> {
  let local: LocalRedis | undefined;
  let client: Redis;
  if (redisServerBinaryOrSkip('bench: Redis check cost')) {
    local = await startLocalRedis();
    client = new Redis(local.ports[0] as number, '127.0.0.1');
  } else {
    client = new Redis(REDIS_URL);
  }
  client.on('error', () => undefined);
  const counted = local !== undefined;
  /** The private server's CPU time so far, in ms (user + system). */
  const serverCpu = async (): Promise<number> => {
    const info = await client.info('cpu');
    const read = (name: string) => Number(new RegExp(`${name}:([0-9.]+)`).exec(info)?.[1] ?? 0);
    return (read('used_cpu_user') + read('used_cpu_sys')) * 1000;
  };
  const commands = async (): Promise<number> => {
    let total = 0;
    for (const line of (await client.info('commandstats')).split('\n')) {
      const m = /^cmdstat_(\w+):calls=(\d+)/.exec(line);
      if (m && m[1] !== 'info') total += Number(m[2]);
    }
    return total;
  };
  try {
    const results: Record<string, { commands: number; ms: number; cpu: number }> = {};
    for (const version of ['before', 'after'] as const) {
      let clock = NOW - 30 * DAY;
      const keyPrefix = `sluice-bench:check:${version}:${process.pid}:`;
      const options = { client, keyPrefix, now: () => new Date(clock) };
      const ledger = version === 'before' ? new RedisUsageLedgerV1(options) : new RedisUsageLedger(options);
      // A call every 10 minutes for 29 days, then every minute for the last day (5 616 calls).
      const times: number[] = [];
      for (let t = NOW - 30 * DAY; t < NOW - DAY; t += 10 * 60_000) times.push(t);
      for (let t = NOW - DAY; t < NOW; t += 60_000) times.push(t);
      const recordCommands = counted ? await commands() : 0;
      const recordCpu = counted ? await serverCpu() : 0;
      const recordStart = process.hrtime.bigint();
      for (let i = 0; i < times.length; i += 50) {
        const batch = times.slice(i, i + 50);
        clock = batch[batch.length - 1] as number;
        await Promise.all(batch.map((at, j) => ledger.record(record(i + j, at, 'busy'))));
      }
      results[`${version} record`] = {
        ms: ms(recordStart) / times.length,
        commands: counted ? ((await commands()) - recordCommands) / times.length : Number.NaN,
        cpu: counted ? ((await serverCpu()) - recordCpu) / times.length : Number.NaN,
      };
      clock = NOW;
      for (const window of ['24h', '7d', '30d'] as const) {
        await ledger.totals({ scope: 'user', scopeKey: 'busy', window });
        const reps = 200;
        const before = counted ? await commands() : 0;
        const cpuBefore = counted ? await serverCpu() : 0;
        const start = process.hrtime.bigint();
        for (let i = 0; i < reps; i++) {
          clock += 60_000; // a check a minute: one bucket leaves the window each time
          await ledger.totals({ scope: 'user', scopeKey: 'busy', window });
        }
        const elapsed = ms(start) / reps;
        const perCheck = counted ? ((await commands()) - before) / reps : Number.NaN;
        const cpu = counted ? ((await serverCpu()) - cpuBefore) / reps : Number.NaN;
        results[`${version} ${window}`] = { commands: perCheck, ms: elapsed, cpu };
        clock -= reps * 60_000;
      }
      // A whole turn: before, a check then a record; after, a reservation (check + hold) then its settlement.
      const turns = 1000;
      const turnCommands = counted ? await commands() : 0;
      const turnCpu = counted ? await serverCpu() : 0;
      const turnStart = process.hrtime.bigint();
      for (let i = 0; i < turns; i++) {
        clock += 60_000;
        const call = record(100_000 + i, clock, 'busy');
        if (ledger instanceof RedisUsageLedger) {
          const hold = {
            id: call.id,
            at: call.at,
            provider: call.provider,
            model: call.model,
            inputTokens: 1000,
            outputTokens: 4096,
            estimatedCost: 0.01,
            costUnit: 'USD' as const,
            scope: call.scope,
            ttlMs: 600_000,
          };
          await ledger.reserve(hold, { scope: 'user', scopeKey: 'busy', window: '24h', limit: 1e9 });
          await ledger.settle(hold, call);
        } else {
          await ledger.totals({ scope: 'user', scopeKey: 'busy', window: '24h' });
          await ledger.record(call);
        }
      }
      results[`${version} turn`] = {
        commands: counted ? ((await commands()) - turnCommands) / turns : Number.NaN,
        ms: ms(turnStart) / turns,
        cpu: counted ? ((await serverCpu()) - turnCpu) / turns : Number.NaN,
      };
      const keys = await client.keys(`${keyPrefix}*`);
      for (let i = 0; i < keys.length; i += 500) await client.del(...keys.slice(i, i + 500));
    }
    console.log(
      ` Redis budget check (5 616 calls of one user over 30 days, 5 scope keys each; "record" is per call, batches of 50; "turn" is check + record before, reserve + settle after (24h window); ${counted ? 'private redis-server' : 'shared Redis, commands not counted'}):`,
    );
    for (const window of ['record', '24h', '7d', '30d', 'turn']) {
      const b = results[`before ${window}`] as { commands: number; ms: number; cpu: number };
      const a = results[`after ${window}`] as { commands: number; ms: number; cpu: number };
      console.log(
        `  ${window.padEnd(6)} before: ${fmt(b.commands)} cmds, ${fmt(b.cpu)} ms Redis CPU, ${fmt(b.ms)} ms | after: ${fmt(a.commands)} cmds, ${fmt(a.cpu)} ms Redis CPU, ${fmt(a.ms)} ms | after/before: cmds ${fmt(a.commands / b.commands)}, CPU ${fmt(a.cpu / b.cpu)}, time ${fmt(a.ms / b.ms)}`,
      );
    }
  } finally {
    client.disconnect();
    await local?.stop();
  }
}

/** Section 4: dollars over a $1 budget after 50 concurrent requests, without and with reservations. */
async function overshoot(dir: string, pgUp: boolean, redisUp: boolean): Promise<void> {
  const PRICING = { 'acme/m1': { input: 100, output: 400 } };
  // A ~1 000-token prompt and maxOutputTokens 500: the default estimate is close to the $0.30 a call costs.
  const prompt = 'word '.repeat(800);
  const burst = async (ledgers: UsageLedger[], reservation: boolean): Promise<number> => {
    const agents = ledgers.map(
      (ledger) =>
        new Agent({
          id: 'bench',
          instructions: 'Be brief.',
          model: new ScriptedModel({
            provider: 'acme.chat',
            modelId: 'm1',
            steps: async () => {
              await new Promise((resolve) => setTimeout(resolve, 20));
              return { text: 'ok', usage: { inputTokens: 1000, outputTokens: 500 } };
            },
          }),
          inputProcessors: [
            new TokenCostControl({
              maxCost: 1,
              scope: 'user',
              window: '24h',
              ledger,
              pricing: PRICING,
              ...(reservation ? {} : { reservation: false as const }),
            }),
          ],
        }),
    );
    const user = `u-${reservation}-${Math.random()}`;
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (agents[i % agents.length] as Agent).generate(prompt, {
          requestContext: new RequestContext([['userId', user]]),
          modelSettings: { maxOutputTokens: 500 },
        }),
      ),
    );
    const spent = (await (ledgers[0] as UsageLedger).totals({ scope: 'user', scopeKey: user, window: '24h' }))
      .estimatedCost;
    return spent - 1;
  };
  const rows: Array<[string, () => Promise<UsageLedger[]>, () => Promise<void>]> = [];
  const mem = new InMemoryUsageLedger();
  rows.push(['in memory (1 server)', async () => [mem], async () => {}]);
  const sqlitePath = join(dir, 'overshoot.db');
  const sqliteStores = [new SqliteStore({ path: sqlitePath }), new SqliteStore({ path: sqlitePath })];
  rows.push([
    'SQLite (2 servers)',
    async () => sqliteStores.map((store) => new SqlUsageLedger({ store })),
    async () => {
      for (const s of sqliteStores) await s.close();
    },
  ]);
  if (pgUp) {
    const schema = `sluice_t_bench_overshoot_${process.pid}`;
    const stores = [0, 1].map(
      () => new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 5 } }),
    );
    rows.push([
      'PostgreSQL (2 servers)',
      async () => stores.map((store) => new SqlUsageLedger({ store })),
      async () => {
        for (const s of stores) await s.close();
        const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
        await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await pool.end();
      },
    ]);
  }
  if (redisUp) {
    const clients = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
    const keyPrefix = `sluice-bench:overshoot:${process.pid}:`;
    rows.push([
      'Redis (2 servers)',
      async () => clients.map((client) => new RedisUsageLedger({ client, keyPrefix })),
      async () => {
        const keys = await (clients[0] as Redis).keys(`${keyPrefix}*`);
        if (keys.length > 0) await (clients[0] as Redis).del(...keys);
        for (const c of clients) c.disconnect();
      },
    ]);
  }
  console.log(
    ' Overshoot: 50 concurrent requests against a $1 budget, $0.30 a call (dollars over the budget):',
  );
  const warn = console.warn;
  console.warn = () => {};
  try {
    for (const [label, open, close] of rows) {
      const ledgers = await open();
      const before = await burst(ledgers, false);
      const after = await burst(ledgers, true);
      console.log(`  ${label.padEnd(24)} before: $${fmt(before)} | after: $${fmt(after)} (one call: $0.30)`);
      await close();
    }
  } finally {
    console.warn = warn;
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
    // `USAGE_BENCH=checks` runs only sections 3 and 4 (issue #31).
    if (process.env.USAGE_BENCH === 'checks') {
      await redisCheckCost();
      await overshoot(dir, pgUp, redisUp);
      return;
    }
    console.log(' SQL layouts (30 days of calls, 200 users):');
    await sqliteLayouts(20_000, dir);
    if (pgUp) await postgresLayouts(10_000);
    else console.log('  PostgreSQL: skipped (unreachable)');
    console.log(' Shipped ledgers (2 000 calls over 30 days, 50 users; mean per call):');
    await shippedLedgers(dir, pgUp, redisUp);
    if (!redisUp) console.log('  Redis: skipped (unreachable)');
    await redisCheckCost();
    await overshoot(dir, pgUp, redisUp);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchUsageLedgers();
