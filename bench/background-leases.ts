/**
 * What leases cost a SQL task store (issue #31 item 3), on SQLite (a temp file) and PostgreSQL
 * (`DATABASE_URL`, a throwaway schema; skipped with a warning when unreachable), with 1,000
 * running tasks of live owners and 10 abandoned ones:
 *
 * - heartbeat: one manager renewing the leases of 100 tasks it runs (100 `renewLease`), against
 *   reading those 100 records (`get`) in the same run;
 * - a periodic recovery pass: the lease query (`list({ status: 'running', leaseExpiredBefore })`,
 *   the `(status, lease_expires_at)` index, returns the 10 abandoned rows) against the listing
 *   recovery used before leases (every running row, judged in JavaScript), which a periodic pass
 *   would have repeated.
 *
 * Runnable alone: `npx tsx bench/background-leases.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SqlBackgroundTaskStore } from '../src/background/sql/index.js';
import type { BackgroundTaskStore } from '../src/background/types.js';
import { PostgresStore } from '../src/pg/index.js';
import { SqliteStore } from '../src/sqlite/index.js';
import { measureInterleaved, row } from './harness.js';

const RUNNING = 1000;
const ABANDONED = 10;
const HELD = 100;
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function seed(tasks: BackgroundTaskStore): Promise<number[]> {
  const now = Date.now();
  const versions: number[] = [];
  for (let i = 0; i < RUNNING + ABANDONED; i++) {
    const id = `t${i}`;
    await tasks.create({
      id,
      toolName: 'report',
      toolCallId: `call-${i}`,
      args: { i },
      disposition: 'deferred',
      maxRetries: 0,
      timeoutMs: 60_000,
    });
    const live = i < RUNNING;
    const running = await tasks.transition(id, ['pending'], 'running', {
      owner: live ? `worker-${i % 10}` : 'dead',
      leaseExpiresAt: new Date(live ? now + 3_600_000 : now - 1000),
    });
    versions.push(running?.version ?? 0);
  }
  return versions;
}

async function benchStore(label: string, tasks: BackgroundTaskStore): Promise<void> {
  const versions = await seed(tasks);
  const held = Array.from({ length: HELD }, (_, i) => i * 10);
  const heartbeat = async () => {
    const until = new Date(Date.now() + 30_000);
    await Promise.all(
      held.map(async (i) => {
        const renewed = await tasks.renewLease(
          `t${i}`,
          { owner: `worker-${i % 10}`, version: versions[i] as number },
          until,
        );
        if (!renewed) throw new Error(`renewal of t${i} missed`);
      }),
    );
  };
  const reads = async () => {
    await Promise.all(held.map((i) => tasks.get(`t${i}`)));
  };
  const leaseQuery = async () => {
    const due = await tasks.list({
      status: 'running',
      leaseExpiredBefore: new Date(),
      limit: 1000,
      order: 'ASC',
    });
    if (due.length !== ABANDONED) throw new Error(`expected ${ABANDONED} abandoned, got ${due.length}`);
  };
  const oldListing = async () => {
    const running = await tasks.list({ status: 'running', limit: 1000, order: 'ASC' });
    if (running.length !== 1000) throw new Error(`expected 1000 running, got ${running.length}`);
  };
  const [renewMs, readMs, leaseMs, oldMs] = await measureInterleaved(
    [heartbeat, reads, leaseQuery, oldListing],
    { warmup: 3, runs: 15 },
  );
  console.log(`  ${label}: ${RUNNING} running tasks of live owners, ${ABANDONED} abandoned`);
  row(
    `heartbeat of ${HELD} tasks (renewLease)`,
    `${(renewMs as number).toFixed(2)} ms (${(((renewMs as number) * 1000) / HELD).toFixed(0)} µs/task), ${((renewMs as number) / (readMs as number)).toFixed(2)}× reading them`,
  );
  row(
    'recovery pass: lease query',
    `${(leaseMs as number).toFixed(2)} ms vs ${(oldMs as number).toFixed(2)} ms listing every running row (${((oldMs as number) / (leaseMs as number)).toFixed(1)}× less)`,
  );
}

/** Lease costs on SQLite and (when reachable) PostgreSQL. */
export async function benchBackgroundLeases(): Promise<void> {
  console.log('\nBackground task leases: heartbeat and periodic recovery cost');
  const dir = mkdtempSync(join(tmpdir(), 'sluice-bench-leases-'));
  const sqlite = new SqliteStore({ path: join(dir, 'tasks.db') });
  try {
    await benchStore('SQLite', new SqlBackgroundTaskStore({ store: sqlite }));
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const admin = new pg.Pool({ connectionString: DATABASE_URL, max: 1, connectionTimeoutMillis: 2000 });
  const schema = `sluice_bench_leases_${process.pid}`;
  try {
    await admin.query('SELECT 1');
  } catch (error) {
    console.warn(`  PostgreSQL at ${DATABASE_URL} unreachable (${String(error)}): skipped`);
    await admin.end();
    return;
  }
  const postgres = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 10 } });
  try {
    await benchStore('PostgreSQL', new SqlBackgroundTaskStore({ store: postgres }));
  } finally {
    await postgres.close();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBackgroundLeases();
