/**
 * What packing a turn's PostgreSQL work into two round trips buys (issue 30): an agent turn with
 * memory (last 10 messages, working memory) on `PostgresStore`, against the same store with its
 * one-statement paths turned off (`loadTurn` hidden, so `Memory` reads call by call, and
 * `saveTurn` in `BEGIN … COMMIT`), measured interleaved in the same run. Directly on the local
 * server, and through a proxy adding 1 ms each way (a database one network hop away), where each
 * round trip shows.
 *
 * Runnable alone: `npx tsx bench/pg-round-trips.ts` (needs `DATABASE_URL` or a local server).
 */
import net from 'node:net';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { Agent } from '../src/agent/index.js';
import { Memory } from '../src/memory/index.js';
import { PostgresStore } from '../src/pg/index.js';
import { dropSchema, uniqueSchema } from '../src/stores/postgres/testing/test-env.js';
import type { SqlDriver } from '../src/stores/sql/driver.js';
import type { SaveTurnInput, StorageMessage } from '../src/stores/types.js';
import { ScriptedModel } from '../src/test/index.js';
import { measureInterleaved, row } from './harness.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WARMUP = 5;
const RUNS = 31;
const HOP_DELAY_MS = 1;

/** The same store without its one-round-trip paths: the call-by-call baseline. */
class CallByCallStore extends PostgresStore {
  override loadTurn = undefined as unknown as PostgresStore['loadTurn'];
  protected override saveTurnAtOnce(
    _db: SqlDriver,
    _turn: SaveTurnInput,
  ): Promise<StorageMessage[]> | undefined {
    return undefined;
  }
}

/** A TCP proxy that delays every chunk by `delayMs` in each direction, in order. */
async function delayProxy(
  target: URL,
  delayMs: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('error', () => undefined);
      from.on('close', () => to.destroy());
      from.on('data', (chunk: Buffer) => setTimeout(() => to.write(chunk), delayMs));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(DATABASE_URL);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function seed(storage: PostgresStore): Promise<void> {
  const now = Date.now() - 100_000;
  await storage.saveThread({
    id: 'bench',
    resourceId: 'u',
    createdAt: new Date(now),
    updatedAt: new Date(now),
  });
  await storage.saveMessages(
    Array.from({ length: 40 }, (_, i) => ({
      id: `seed-${i}`,
      threadId: 'bench',
      resourceId: 'u',
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      createdAt: new Date(now + i * 1000),
      content: { format: 2 as const, parts: [{ type: 'text' as const, text: `message ${i}` }] },
    })),
  );
  await storage.saveResource({ id: 'u', workingMemory: '# Profile\n- Name: Ana' });
}

async function compare(label: string, connectionString: string, schema: string): Promise<number> {
  const options = { connectionString, schema, poolConfig: { max: 4 } };
  const packed = new PostgresStore(options);
  const callByCall = new CallByCallStore(options);
  try {
    await seed(packed);
    const turn = (storage: PostgresStore) => {
      const model = new ScriptedModel({ steps: () => 'Short answer.' });
      const memory = new Memory({ storage, options: { lastMessages: 10, workingMemory: { enabled: true } } });
      const agent = new Agent({ id: 'bench-trips', instructions: 'bench', model, memory });
      return async () => {
        await agent.generate('and now?', { memory: { thread: 'bench', resource: 'u' } });
      };
    };
    const [base, now] = (await measureInterleaved([turn(callByCall), turn(packed)], {
      warmup: WARMUP,
      runs: RUNS,
    })) as [number, number];
    console.log(`\n${label}: agent turn with memory (last 10 + working memory + save), median of ${RUNS}`);
    row('call by call (load 3 + save 5 round trips)', `${(base * 1000).toFixed(0)} µs/turn (baseline)`);
    row(
      'packed (load 1 + save 1 round trip)',
      `${(now * 1000).toFixed(0)} µs/turn (${(now / base).toFixed(2)}×)`,
    );
    return now / base;
  } finally {
    await packed.close();
    await callByCall.close();
  }
}

/** Run both comparisons (skipped with a warning when PostgreSQL is unreachable). */
export async function benchPgRoundTrips(): Promise<void> {
  const admin = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
  try {
    await admin.query('SELECT 1');
  } catch (error) {
    console.warn(
      `\n⚠️  pg-round-trips bench: PostgreSQL at ${DATABASE_URL} unreachable (${String(error)}): skipped.`,
    );
    await admin.end();
    return;
  }
  const schema = uniqueSchema('bench_trips');
  const proxy = await delayProxy(new URL(DATABASE_URL), HOP_DELAY_MS);
  try {
    await compare('PostgreSQL, local', DATABASE_URL, schema);
    await compare(`PostgreSQL, +${HOP_DELAY_MS} ms each way (proxy)`, proxy.url, schema);
  } finally {
    await proxy.close();
    await dropSchema(admin, schema);
    await admin.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchPgRoundTrips();
}
