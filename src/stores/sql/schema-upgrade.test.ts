/**
 * Databases written by the previous release (memory schema version 2, before stores enforced
 * thread ownership) open with this one: they migrate forward to version 3 with their data intact,
 * the database then refuses a message in someone else's thread from any writer, and a thread the
 * old race left holding another tenant's row never sends that row to the owner's model.
 *
 * The version-2 schema below is frozen as that release created it (do not "fix" it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Agent } from 'sluice/agent';
import { Memory } from 'sluice/memory';
import { PostgresStore } from 'sluice/pg';
import { SqliteStore } from 'sluice/sqlite';
import { ScriptedModel } from 'sluice/test';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_URL, dropSchema, postgresAvailable, uniqueSchema } from '../postgres/testing/test-env.js';
import type { MemoryStorage } from '../types.js';

/** The version 1 + 2 statements of the previous release; `T(name)` names a table, `I(name)` an index. */
function schemaV2(
  dialect: 'sqlite' | 'postgres',
  T: (name: string) => string,
  I: (name: string) => string,
): string[] {
  const big = dialect === 'postgres' ? 'BIGINT' : 'INTEGER';
  const seq =
    dialect === 'postgres'
      ? 'seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY'
      : 'seq INTEGER PRIMARY KEY AUTOINCREMENT';
  return [
    `CREATE TABLE ${T('migrations')} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at ${big} NOT NULL)`,
    `CREATE TABLE ${T('threads')} (id TEXT PRIMARY KEY, resource_id TEXT NOT NULL, title TEXT, metadata TEXT, created_at ${big} NOT NULL, updated_at ${big} NOT NULL)`,
    `CREATE TABLE ${T('messages')} (${seq}, id TEXT NOT NULL UNIQUE, thread_id TEXT NOT NULL, resource_id TEXT NOT NULL, role TEXT NOT NULL, type TEXT, created_at ${big} NOT NULL, content TEXT NOT NULL)`,
    `CREATE TABLE ${T('resources')} (id TEXT PRIMARY KEY, working_memory TEXT, metadata TEXT, created_at ${big} NOT NULL, updated_at ${big} NOT NULL)`,
    `CREATE TABLE ${T('vectors')} (index_name TEXT NOT NULL, id TEXT NOT NULL, message_id TEXT, thread_id TEXT, resource_id TEXT, dims INTEGER NOT NULL, embedding ${dialect === 'postgres' ? 'BYTEA' : 'BLOB'} NOT NULL, norm ${dialect === 'postgres' ? 'DOUBLE PRECISION' : 'REAL'} NOT NULL, metadata TEXT, PRIMARY KEY (index_name, id))`,
    `CREATE INDEX ${I('messages_thread_order')} ON ${T('messages')} (thread_id, created_at, seq)`,
    `CREATE INDEX ${I('messages_resource_order')} ON ${T('messages')} (resource_id, created_at, seq)`,
    `CREATE INDEX ${I('threads_resource')} ON ${T('threads')} (resource_id, created_at)`,
    `INSERT INTO ${T('migrations')} (version, name, applied_at) VALUES (1, 'threads, messages, resources, vectors', 0)`,
    `INSERT INTO ${T('migrations')} (version, name, applied_at) VALUES (2, 'indexes', 0)`,
  ];
}

const T0 = Date.UTC(2026, 0, 1);
const text = (t: string) => JSON.stringify({ format: 2, parts: [{ type: 'text', text: t }] });

/**
 * What the old release left: Alice's thread with her turn, the turn Mallory's racing call put
 * into it (stamped with her own resource), and Bob's ordinary thread with working memory.
 */
function legacyRows(T: (name: string) => string): Array<[string, unknown[]]> {
  const message = `INSERT INTO ${T('messages')} (id, thread_id, resource_id, role, type, created_at, content) VALUES (?, ?, ?, ?, ?, ?, ?)`;
  return [
    [
      `INSERT INTO ${T('threads')} (id, resource_id, title, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
      ['t-alice', 'alice', 'Alice', '{"tag":"vip"}', T0, T0 + 10],
    ],
    [
      `INSERT INTO ${T('threads')} (id, resource_id, title, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
      ['t-bob', 'bob', null, null, T0, T0],
    ],
    [message, ['a-1', 't-alice', 'alice', 'user', null, T0 + 1, text('alice question')]],
    [message, ['a-2', 't-alice', 'alice', 'assistant', null, T0 + 2, text('alice answer')]],
    [message, ['m-1', 't-alice', 'mallory', 'user', null, T0 + 3, text('mallory injected turn')]],
    [message, ['b-1', 't-bob', 'bob', 'user', null, T0 + 4, text('bob question')]],
    [
      `INSERT INTO ${T('resources')} (id, working_memory, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
      ['bob', '# Bob\n- likes tea', null, T0, T0],
    ],
  ];
}

/** Open the old database with this release and check data, enforcement and history. */
async function checkUpgraded(
  store: MemoryStorage & { schemaVersions(): Promise<number[]> },
  rawForeignInsert: () => Promise<unknown>,
): Promise<void> {
  expect(await store.schemaVersions()).toEqual([1, 2, 3]);
  // Data intact, exactly as stored.
  expect(await store.getThreadById('t-alice')).toEqual({
    id: 't-alice',
    resourceId: 'alice',
    title: 'Alice',
    metadata: { tag: 'vip' },
    createdAt: new Date(T0),
    updatedAt: new Date(T0 + 10),
  });
  const { messages } = await store.listMessages({ threadId: 't-alice', perPage: false });
  expect(messages.map((m) => [m.id, m.resourceId, m.role, m.createdAt.getTime()])).toEqual([
    ['a-1', 'alice', 'user', T0 + 1],
    ['a-2', 'alice', 'assistant', T0 + 2],
    ['m-1', 'mallory', 'user', T0 + 3],
  ]);
  expect(messages[0]?.content).toEqual({ format: 2, parts: [{ type: 'text', text: 'alice question' }] });
  expect((await store.getMessagesByIds(['b-1']))[0]?.threadId).toBe('t-bob');
  expect((await store.getResource('bob'))?.workingMemory).toBe('# Bob\n- likes tea');
  // From now on the database itself refuses a row in someone else's thread, whoever writes it.
  await expect(rawForeignInsert()).rejects.toThrow(/sluice_thread_resource_mismatch/);
  await expect(
    store.saveMessages([
      {
        id: 'm-2',
        threadId: 't-bob',
        resourceId: 'mallory',
        role: 'user',
        createdAt: new Date(T0 + 5),
        content: { format: 2, parts: [{ type: 'text', text: 'again' }] },
      },
    ]),
  ).rejects.toMatchObject({ code: 'STORE_THREAD_RESOURCE_MISMATCH' });
  // Alice's next turn is sent her own history, never the row the old race left in her thread.
  const model = new ScriptedModel({ steps: ['ok'] });
  const agent = new Agent({ id: 'a', instructions: 'x', model, memory: new Memory({ storage: store }) });
  await agent.generate('next', { memory: { thread: 't-alice', resource: 'alice' } });
  const prompt = JSON.stringify(model.lastCall.prompt);
  expect(prompt).toContain('alice question');
  expect(prompt).toContain('alice answer');
  expect(prompt).not.toContain('mallory injected turn');
}

const hasPostgres = await postgresAvailable();

describe('a version-2 database opens with this release', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-upgrade-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('SQLite: migrates to version 3, data intact, ownership enforced from then on', async () => {
    const path = join(dir, 'v2.db');
    const old = new Database(path);
    for (const statement of schemaV2(
      'sqlite',
      (n) => `sluice_${n}`,
      (n) => `sluice_${n}`,
    ))
      old.exec(statement);
    for (const [sql, params] of legacyRows((n) => `sluice_${n}`)) old.prepare(sql).run(...params);
    old.close();
    const store = new SqliteStore({ path });
    try {
      await checkUpgraded(store, async () => {
        const db = new Database(path);
        try {
          db.prepare(
            "INSERT INTO sluice_messages (id, thread_id, resource_id, role, created_at, content) VALUES ('x', 't-bob', 'mallory', 'user', 1, '{}')",
          ).run();
        } finally {
          db.close();
        }
      });
    } finally {
      await store.close();
    }
  });

  it.skipIf(!hasPostgres)(
    'PostgreSQL: migrates to version 3, data intact, ownership enforced from then on',
    async () => {
      const schema = uniqueSchema('v2');
      const admin = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
      const table = (n: string) => `"${schema}".sluice_${n}`;
      const store = new PostgresStore({ connectionString: DATABASE_URL, schema });
      try {
        await admin.query(`CREATE SCHEMA "${schema}"`);
        for (const statement of schemaV2('postgres', table, (n) => `sluice_${n}`))
          await admin.query(statement);
        for (const [sql, params] of legacyRows(table)) {
          let n = 0;
          await admin.query(
            sql.replace(/\?/g, () => `$${++n}`),
            params,
          );
        }
        await checkUpgraded(store, () =>
          admin.query(
            `INSERT INTO ${table('messages')} (id, thread_id, resource_id, role, created_at, content) VALUES ('x', 't-bob', 'mallory', 'user', 1, '{}')`,
          ),
        );
      } finally {
        await store.close();
        await dropSchema(admin, schema);
        await admin.end();
      }
    },
  );
});
