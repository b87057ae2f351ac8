/**
 * Memory's cost per turn through `agent.generate()`: load the last 10 messages of a thread (the
 * default `lastMessages`), run the turn with a scripted model, save it in one transaction, against
 * threads already holding 100 / 1,000 / 10,000 stored messages, on SQLite (a file) and, when
 * reachable, PostgreSQL (`DATABASE_URL`, a throwaway schema dropped afterwards). The baseline is
 * the same agent and call without `memory`, measured interleaved in the same run; "memory" is the
 * difference. The growth ratio (10,000 vs 100 stored) must stay near 1: the cost is in what is
 * loaded and saved, never in what is stored.
 *
 * Runnable alone: `npx tsx bench/memory-agent.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { Agent } from '../src/agent/index.js';
import { Memory } from '../src/memory/index.js';
import { PostgresStore } from '../src/pg/index.js';
import { SqliteStore } from '../src/sqlite/index.js';
import { dropSchema, uniqueSchema } from '../src/stores/postgres/testing/test-env.js';
import type { MemoryStorage } from '../src/stores/types.js';
import { ScriptedModel } from '../src/test/index.js';
import { measureInterleaved, row } from './harness.js';
import { postgresReachable } from './services.js';

const SIZES = [100, 1_000, 10_000] as const;
const WARMUP = 3;
const RUNS = 15;
/** Flat means the 10,000-message thread costs at most this much more per turn than the 100 one. */
const GOAL_RATIO = 1.5;
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Fill thread `threadId` with `n` alternating user/assistant messages (batched writes). */
async function fill(storage: MemoryStorage, threadId: string, n: number): Promise<void> {
  const now = Date.now() - n * 1000;
  await storage.saveThread({
    id: threadId,
    resourceId: 'bench-user',
    createdAt: new Date(now),
    updatedAt: new Date(now),
  });
  for (let start = 0; start < n; start += 1000) {
    const batch = [];
    for (let i = start; i < Math.min(n, start + 1000); i++) {
      batch.push({
        id: `${threadId}-m${i}`,
        role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
        createdAt: new Date(now + i * 1000),
        threadId,
        resourceId: 'bench-user',
        content: {
          format: 2 as const,
          parts: [{ type: 'text' as const, text: `message number ${i} of the thread` }],
        },
      });
    }
    await storage.saveMessages(batch);
  }
}

async function benchStore(
  label: string,
  storage: MemoryStorage,
): Promise<{ ratio: number; goalMet: boolean }> {
  const memory = new Memory({ storage });
  const model = new ScriptedModel({ steps: () => 'Short answer.' });
  const agent = new Agent({ id: 'bench-memory', instructions: 'bench', model, memory });
  for (const n of SIZES) await fill(storage, `thread-${n}`, n);
  const check = (expected: number) => {
    const length = model.lastCall.prompt.length;
    if (length !== expected) throw new Error(`model saw ${length} prompt messages, expected ${expected}`);
  };
  const baseline = async () => {
    await agent.generate('and now?');
    check(2);
  };
  const turns = SIZES.map((n) => async () => {
    await agent.generate('and now?', { memory: { thread: `thread-${n}`, resource: 'bench-user' } });
    // Instructions + the last 10 stored messages + the new one.
    check(12);
  });
  const [base, ...times] = (await measureInterleaved([baseline, ...turns], {
    warmup: WARMUP,
    runs: RUNS,
  })) as [number, ...number[]];
  console.log(
    `\nmemory per turn (${label}): load last 10 + generate + saveTurn vs stored thread length (median of ${RUNS})`,
  );
  row('no memory (baseline, same agent)', `${(base * 1000).toFixed(0)} µs/turn`);
  SIZES.forEach((n, i) => {
    const ms = times[i] as number;
    row(
      `${n.toLocaleString('en-US')} stored messages`,
      `${(ms * 1000).toFixed(0)} µs/turn (memory: ${((ms - base) * 1000).toFixed(0)} µs, ${(ms / base).toFixed(2)}× baseline)`,
    );
  });
  const first = (times[0] as number) - base;
  const last = (times[times.length - 1] as number) - base;
  const ratio = first > 0 ? last / first : (times[times.length - 1] as number) / (times[0] as number);
  const goalMet = ratio <= GOAL_RATIO;
  row('growth ratio 10,000 / 100 (memory part)', ratio.toFixed(2));
  row(`goal: growth ratio ≤ ${GOAL_RATIO} (flat)`, goalMet ? 'met' : 'NOT met');
  return { ratio, goalMet };
}

/** Run the benchmark on SQLite and (when reachable) PostgreSQL. */
export async function benchMemoryAgent(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-bench-memory-'));
  const sqlite = new SqliteStore({ path: join(dir, 'bench.db') });
  try {
    await benchStore('SQLite file', sqlite);
  } finally {
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (!(await postgresReachable(DATABASE_URL, 'memory-agent bench', 'PostgreSQL rows skipped'))) return;
  const schema = uniqueSchema('bench');
  const admin = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
  const postgres = new PostgresStore({ connectionString: DATABASE_URL, schema });
  try {
    await benchStore('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await dropSchema(admin, schema);
    await admin.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchMemoryAgent();
