/**
 * Child process for the store reliability tests (`reliability.test.ts`), started with
 * `node --import tsx`. Not part of the public API.
 *
 *   writer <sqlite|pg> <target> <threadId> <writerId> <turns> <startAtMs|stdin> [schema]
 *     waits until `startAtMs` (or, with `stdin`, prints `ready` and waits for a line on stdin),
 *     then saves `turns` turns of two messages each to one thread, printing `done` at the end.
 *   crash-sqlite <path> <messages> <pauseAt>
 *     saves one turn of `messages` messages; when message `pauseAt` is inserted (inside the
 *     transaction) a temporary trigger prints `mid` and blocks, so the parent can SIGKILL it.
 *   crash-pg <url> <schema> <messages>
 *     saves one turn of `messages` messages (the parent installs a sleeping trigger).
 */
import { writeSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import { PostgresStore } from '../../postgres/index.js';
import { SqliteStore } from '../../sqlite/index.js';
import type { MemoryStorage, StorageMessageInput } from '../../types.js';

const [mode, ...args] = process.argv.slice(2);

function say(line: string): void {
  writeSync(1, `${line}\n`);
}

function turnMessages(threadId: string, prefix: string, count: number, at: number): StorageMessageInput[] {
  const out: StorageMessageInput[] = [];
  for (let i = 0; i < count; i++) {
    out.push({
      id: `${prefix}-${i}`,
      role: i % 2 === 0 ? 'user' : 'assistant',
      createdAt: new Date(at),
      threadId,
      resourceId: 'res',
      content: { format: 2, parts: [{ type: 'text', text: `${prefix} message ${i} ${'x'.repeat(200)}` }] },
    });
  }
  return out;
}

async function writer(): Promise<void> {
  const [kind, target, threadId, writerId, turnsText, startText, schema] = args as string[];
  const store: MemoryStorage =
    kind === 'sqlite'
      ? new SqliteStore({ path: target as string })
      : new PostgresStore({ connectionString: target as string, schema: schema as string });
  if (startText === 'stdin') {
    // Start when the parent says so, once every writer is loaded: the writes then overlap.
    say('ready');
    await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
    process.stdin.pause();
  } else {
    const wait = Number(startText) - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  const turns = Number(turnsText);
  for (let t = 0; t < turns; t++) {
    const now = new Date();
    await store.saveTurn({
      thread: { id: threadId as string, resourceId: 'res', createdAt: now, updatedAt: now },
      messages: turnMessages(threadId as string, `${writerId}-t${t}`, 2, now.getTime()),
    });
  }
  await store.close();
  say('done');
}

async function crashSqlite(): Promise<void> {
  const [path, countText, pauseAtText] = args as string[];
  const store = new SqliteStore({ path: path as string });
  await store.init();
  // The full driver API (`function`), beyond the members `SqliteDatabase` types.
  const db = store.database as BetterSqlite3.Database;
  const pauseId = `turn-${pauseAtText}`;
  db.function('sluice_test_pause', () => {
    say('mid');
    // Block inside the open transaction until the parent kills this process.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30_000);
    return null;
  });
  db.exec(
    `CREATE TEMP TRIGGER sluice_test_pause AFTER INSERT ON main.sluice_messages WHEN NEW.id = '${pauseId}' ` +
      'BEGIN SELECT sluice_test_pause(); END',
  );
  const now = new Date();
  say('begin');
  await store.saveTurn({
    thread: { id: 'crash-thread', resourceId: 'res', createdAt: now, updatedAt: now },
    messages: turnMessages('crash-thread', 'turn', Number(countText), now.getTime()),
    resource: { id: 'res', workingMemory: 'written by the crashed turn' },
  });
  say('done');
  await store.close();
}

async function crashPg(): Promise<void> {
  const [url, schema, countText] = args as string[];
  const store = new PostgresStore({
    connectionString: url as string,
    schema: schema as string,
    poolConfig: { application_name: `sluice-crash-${schema}` },
  });
  await store.init();
  const now = new Date();
  say('begin');
  await store.saveTurn({
    thread: { id: 'crash-thread', resourceId: 'res', createdAt: now, updatedAt: now },
    messages: turnMessages('crash-thread', 'turn', Number(countText), now.getTime()),
  });
  say('done');
  await store.close();
}

const run =
  mode === 'writer'
    ? writer
    : mode === 'crash-sqlite'
      ? crashSqlite
      : mode === 'crash-pg'
        ? crashPg
        : undefined;
if (!run) {
  console.error(`unknown mode ${String(mode)}`);
  process.exit(2);
}
run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
