/**
 * Reliability of the SQL stores under the failures the issue names: two processes (or pools)
 * writing one thread at once lose no message; a process killed in the middle of a large
 * `saveTurn` leaves either the whole turn or nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PostgresStore } from 'sluice/pg';
import { SqliteStore } from 'sluice/sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_URL, dropSchema, postgresAvailable, uniqueSchema } from '../postgres/testing/test-env.js';
import type { MemoryStorage, StorageMessage } from '../types.js';

const CHILD = fileURLToPath(new URL('./testing/child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'sluice-reliability-'));
const pgUp = await postgresAvailable();
const admin = pgUp ? new pg.Pool({ connectionString: DATABASE_URL, max: 2 }) : undefined;

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await admin?.end();
});

interface Child {
  process: ChildProcess;
  /** Resolves with the exit code (null when killed) once the child is gone. */
  exited: Promise<number | null>;
  /** Write a line to the child's stdin. */
  send(line: string): void;
  /** Resolves when the child printed `line`. */
  printed(line: string): Promise<void>;
  stderr(): string;
}

function startChild(args: string[]): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters: { line: string; resolve: () => void }[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of [...waiters]) {
      if (out.split('\n').includes(w.line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    process: child,
    exited,
    printed: (line) =>
      out.split('\n').includes(line)
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            waiters.push({ line, resolve });
            exited.then((code) =>
              reject(new Error(`child exited (${code}) before printing "${line}": ${err}`)),
            );
          }),
    stderr: () => err,
    send: (line) => {
      child.stdin?.write(`${line}\n`);
    },
  };
}

async function allMessages(store: MemoryStorage, threadId: string): Promise<StorageMessage[]> {
  return (
    await store.listMessages({ threadId, perPage: false, orderBy: { field: 'createdAt', direction: 'ASC' } })
  ).messages;
}

/** Start two writers, wait until both are loaded, then release them together. */
async function startWriters(args: (writer: string) => string[]): Promise<[Child, Child]> {
  const a = startChild(args('A'));
  const b = startChild(args('B'));
  await Promise.all([a.printed('ready'), b.printed('ready')]);
  a.send('go');
  b.send('go');
  return [a, b];
}

/** Both writers' messages are all there, once each, and each writer's own order is kept. */
function expectNoLoss(messages: StorageMessage[], writers: string[], turns: number): void {
  const ids = messages.map((m) => m.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toHaveLength(writers.length * turns * 2);
  for (const w of writers) {
    const own = ids.filter((id) => id.startsWith(`${w}-`));
    const expected: string[] = [];
    for (let t = 0; t < turns; t++) expected.push(`${w}-t${t}-0`, `${w}-t${t}-1`);
    expect(own).toEqual(expected);
  }
}

describe('SqliteStore reliability', () => {
  it('two processes writing one thread on one file at once lose no message (WAL, busy timeout, BEGIN IMMEDIATE)', async () => {
    const path = join(dir, 'concurrent.db');
    const turns = 150;
    // Released together, both processes open (and migrate) the new file and write at once.
    const [a, b] = await startWriters((w) => ['writer', 'sqlite', path, 'shared', w, String(turns), 'stdin']);
    const [codeA, codeB] = await Promise.all([a.exited, b.exited]);
    expect(codeA, a.stderr()).toBe(0);
    expect(codeB, b.stderr()).toBe(0);
    const store = new SqliteStore({ path });
    const messages = await allMessages(store, 'shared');
    expectNoLoss(messages, ['A', 'B'], turns);
    // The writes really overlapped: the two writers' turns interleave in the thread.
    const firstB = messages.findIndex((m) => m.id.startsWith('B-'));
    const lastA = messages.map((m) => m.id.startsWith('A-')).lastIndexOf(true);
    expect(firstB).toBeLessThan(lastA);
    expect(await store.schemaVersions()).toEqual([1, 2, 3]);
    await store.close();
  }, 60_000);

  it('a process SIGKILLed in the middle of a large saveTurn leaves nothing of the turn', async () => {
    const path = join(dir, 'crash.db');
    const child = startChild(['crash-sqlite', path, '2000', '1000']);
    await child.printed('mid');
    // The child is blocked inside the transaction, after inserting 1,000 of the 2,000 messages.
    child.process.kill('SIGKILL');
    expect(await child.exited).toBeNull();
    const store = new SqliteStore({ path });
    expect(await store.getThreadById('crash-thread')).toBeNull();
    expect(await allMessages(store, 'crash-thread')).toEqual([]);
    expect(await store.getResource('res')).toBeNull();
    // The file is healthy: the next writer gets the lock and the whole turn lands.
    await store.saveTurn({
      thread: { id: 'crash-thread', resourceId: 'res', createdAt: new Date(), updatedAt: new Date() },
      messages: [
        {
          id: 'after',
          role: 'user',
          createdAt: new Date(),
          threadId: 'crash-thread',
          content: { format: 2, parts: [{ type: 'text', text: 'after the crash' }] },
        },
      ],
    });
    expect((await allMessages(store, 'crash-thread')).map((m) => m.id)).toEqual(['after']);
    await store.close();
  }, 60_000);

  it('the same large turn, not interrupted, lands whole', async () => {
    const path = join(dir, 'whole.db');
    const child = startChild(['crash-sqlite', path, '2000', 'never']);
    expect(await child.exited, child.stderr()).toBe(0);
    const store = new SqliteStore({ path });
    const messages = await allMessages(store, 'crash-thread');
    expect(messages).toHaveLength(2000);
    expect(messages.map((m) => m.id)).toEqual(Array.from({ length: 2000 }, (_, i) => `turn-${i}`));
    expect((await store.getResource('res'))?.workingMemory).toBe('written by the crashed turn');
    await store.close();
  }, 60_000);
});

describe.skipIf(!pgUp)('PostgresStore reliability', () => {
  it('two pools writing one thread at once lose no message', async () => {
    const schema = uniqueSchema('conc');
    const a = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 3 } });
    const b = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 3 } });
    const turns = 60;
    const write = async (store: PostgresStore, w: string) => {
      // Several turns in flight per pool, as concurrent requests of one server would be.
      const lanes = [0, 1, 2].map(async (lane) => {
        for (let t = lane; t < turns; t += 3) {
          const now = new Date(Date.UTC(2026, 0, 1) + t);
          await store.saveTurn({
            thread: { id: 'shared', resourceId: 'res', createdAt: now, updatedAt: now },
            messages: [0, 1].map((i) => ({
              id: `${w}-t${t}-${i}`,
              role: i === 0 ? ('user' as const) : ('assistant' as const),
              createdAt: now,
              threadId: 'shared',
              resourceId: 'res',
              content: { format: 2 as const, parts: [{ type: 'text' as const, text: `${w} ${t} ${i}` }] },
            })),
          });
        }
      });
      await Promise.all(lanes);
    };
    try {
      await Promise.all([write(a, 'A'), write(b, 'B')]);
      const messages = await allMessages(a, 'shared');
      expect(messages).toHaveLength(turns * 4);
      expect(new Set(messages.map((m) => m.id)).size).toBe(turns * 4);
      // Each turn's two messages stay together and in order (same timestamp → save order).
      for (const w of ['A', 'B']) {
        const own = messages.filter((m) => m.id.startsWith(`${w}-`)).map((m) => m.id);
        expect(own).toEqual(Array.from({ length: turns * 2 }, (_, k) => `${w}-t${k >> 1}-${k & 1}`));
      }
    } finally {
      await a.close();
      await b.close();
      await dropSchema(admin!, schema);
    }
  }, 60_000);

  it('two processes writing one thread at once lose no message', async () => {
    const schema = uniqueSchema('proc');
    const turns = 80;
    const [a, b] = await startWriters((w) => [
      'writer',
      'pg',
      DATABASE_URL,
      'shared',
      w,
      String(turns),
      'stdin',
      schema,
    ]);
    const store = new PostgresStore({ connectionString: DATABASE_URL, schema });
    try {
      const [codeA, codeB] = await Promise.all([a.exited, b.exited]);
      expect(codeA, a.stderr()).toBe(0);
      expect(codeB, b.stderr()).toBe(0);
      expectNoLoss(await allMessages(store, 'shared'), ['A', 'B'], turns);
      expect(await store.schemaVersions()).toEqual([1, 2, 3]);
    } finally {
      await store.close();
      await dropSchema(admin!, schema);
    }
  }, 60_000);

  it('a process SIGKILLed in the middle of a large saveTurn leaves nothing of the turn', async () => {
    const schema = uniqueSchema('crash');
    const store = new PostgresStore({ connectionString: DATABASE_URL, schema });
    await store.init();
    // Make the 1,000th insert of the turn sleep inside the transaction.
    await admin!.query(
      `CREATE FUNCTION "${schema}".pause() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(20); RETURN NEW; END $$`,
    );
    await admin!.query(
      `CREATE TRIGGER pause AFTER INSERT ON "${schema}".sluice_messages FOR EACH ROW ` +
        `WHEN (NEW.id = 'turn-999') EXECUTE FUNCTION "${schema}".pause()`,
    );
    const child = startChild(['crash-pg', DATABASE_URL, schema, '2000']);
    try {
      await child.printed('begin');
      const app = `sluice-crash-${schema}`;
      let backend: number | undefined;
      for (let i = 0; i < 200 && backend === undefined; i++) {
        const rows = await admin!.query(
          `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND wait_event = 'PgSleep'`,
          [app],
        );
        backend = rows.rows[0]?.pid;
        if (backend === undefined) await new Promise((r) => setTimeout(r, 50));
      }
      expect(backend, 'the child reached the sleeping insert').toBeDefined();
      child.process.kill('SIGKILL');
      expect(await child.exited).toBeNull();
      // The server only notices the dead client when the sleep ends; end the orphaned backend now.
      await admin!.query('SELECT pg_terminate_backend($1)', [backend]);
      expect(await store.getThreadById('crash-thread')).toBeNull();
      expect(await allMessages(store, 'crash-thread')).toEqual([]);
    } finally {
      await store.close();
      await dropSchema(admin!, schema);
    }
  }, 60_000);
});
