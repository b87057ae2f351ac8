/**
 * Memory store cost per turn against thread length: one turn = load the last 10 messages of
 * the thread (`getLastMessages`, the history hot path) + save the turn's user and assistant
 * messages with the thread upsert (`saveTurn`, one transaction). Threads of 100, 1,000 and
 * 10,000 stored messages, on SQLite (a temp file, WAL) and PostgreSQL (`DATABASE_URL`, a
 * throwaway schema; skipped with a warning when unreachable). The sizes are measured
 * interleaved in the same run; the growth ratio is cost at n / cost at 100 and must stay flat
 * (≤ 1.5×): the cost is in what is loaded, never in what is stored.
 *
 * Runnable alone: `npx tsx bench/memory-store.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PostgresStore } from '../src/pg/index.js';
import { SqliteStore } from '../src/sqlite/index.js';
import type { MemoryStorage, StorageMessageInput } from '../src/stores/types.js';
import { measureInterleaved, row } from './harness.js';
import { postgresReachable } from './services.js';

const SIZES = [100, 1_000, 10_000] as const;
const TURNS_PER_RUN = 20;
const GOAL_RATIO = 1.5;
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function message(threadId: string, id: string, i: number, at: number): StorageMessageInput {
  return {
    id,
    role: i % 2 === 0 ? 'user' : 'assistant',
    createdAt: new Date(at),
    threadId,
    resourceId: 'bench-user',
    content: { format: 2, parts: [{ type: 'text', text: `message ${i}: ${'lorem ipsum '.repeat(8)}` }] },
  };
}

async function seed(store: MemoryStorage, threadId: string, n: number): Promise<void> {
  const t0 = Date.UTC(2026, 0, 1);
  await store.saveThread({
    id: threadId,
    resourceId: 'bench-user',
    createdAt: new Date(t0),
    updatedAt: new Date(t0),
  });
  for (let start = 0; start < n; start += 1000) {
    const batch: StorageMessageInput[] = [];
    for (let i = start; i < Math.min(n, start + 1000); i++)
      batch.push(message(threadId, `${threadId}-${i}`, i, t0 + i));
    await store.saveMessages(batch);
  }
}

/** `TURNS_PER_RUN` turns of load-last-10 + saveTurn on one thread. */
function turns(store: MemoryStorage, threadId: string): () => Promise<void> {
  let turn = 0;
  return async () => {
    for (let k = 0; k < TURNS_PER_RUN; k++) {
      const history = await store.getLastMessages({ threadId, limit: 10 });
      if (history.length !== 10) throw new Error(`expected 10 history messages, got ${history.length}`);
      const now = Date.now();
      const id = `${threadId}-turn-${++turn}`;
      await store.saveTurn({
        thread: { id: threadId, resourceId: 'bench-user', createdAt: new Date(0), updatedAt: new Date(now) },
        messages: [message(threadId, `${id}-u`, 0, now), message(threadId, `${id}-a`, 1, now)],
      });
    }
  };
}

async function benchStore(label: string, store: MemoryStorage): Promise<{ ratio: number }> {
  for (const n of SIZES) await seed(store, `thread-${n}`, n);
  const times = await measureInterleaved(
    SIZES.map((n) => turns(store, `thread-${n}`)),
    { warmup: 3, runs: 15 },
  );
  const perTurn = times.map((ms) => (ms * 1000) / TURNS_PER_RUN);
  const base = perTurn[0] as number;
  console.log(`  ${label}: load last 10 + saveTurn (2 messages), per turn`);
  SIZES.forEach((n, i) => {
    const us = perTurn[i] as number;
    row(
      `    ${n.toLocaleString('en-US')} stored messages`,
      `${us.toFixed(0)} µs/turn  (${(us / base).toFixed(2)}× of 100)`,
    );
  });
  const ratio = (perTurn[perTurn.length - 1] as number) / base;
  row(
    `    growth 100 → 10,000`,
    `${ratio.toFixed(2)}× (goal ≤ ${GOAL_RATIO}×: ${ratio <= GOAL_RATIO ? 'met' : 'NOT met'})`,
  );
  return { ratio };
}

/** Run the benchmark on SQLite and (when reachable) PostgreSQL. */
export async function benchMemoryStore(): Promise<{ sqlite: number; postgres?: number }> {
  console.log('\nMemory store: cost per turn vs stored thread length (must be flat)');
  const dir = mkdtempSync(join(tmpdir(), 'sluice-bench-store-'));
  const sqlite = new SqliteStore({ path: join(dir, 'bench.db') });
  let result: { sqlite: number; postgres?: number };
  try {
    result = { sqlite: (await benchStore('SqliteStore (file, WAL)', sqlite)).ratio };
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (!(await postgresReachable(DATABASE_URL, 'memory-store bench', 'PostgresStore rows skipped')))
    return result;
  const schema = `sluice_bench_${process.pid}_${Date.now().toString(36)}`;
  const postgres = new PostgresStore({ connectionString: DATABASE_URL, schema });
  try {
    result.postgres = (
      await benchStore(`PostgresStore (${DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`, postgres)
    ).ratio;
  } finally {
    await postgres.close();
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMemoryStore();
