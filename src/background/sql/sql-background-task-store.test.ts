/**
 * SqlBackgroundTaskStore against the store contract (one conformance suite, `../testing/store-conformance.ts`)
 * on SQLite (a temp file per test) and a real PostgreSQL (a fresh schema per test), plus the
 * SQL-specific rules: one table created through the store's feature seam, with the indexes the
 * listing filters and crash recovery use, and a compare-and-set that holds across two processes'
 * connections.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { BackgroundTaskManager } from 'sluice/background';
import { SqlBackgroundTaskStore as PgExport, PostgresStore } from 'sluice/pg';
import { SqlBackgroundTaskStore as SqliteExport, SqliteStore } from 'sluice/sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DATABASE_URL,
  dropSchema,
  postgresAvailable,
  uniqueSchema,
} from '../../stores/postgres/testing/test-env.js';
import { defineBackgroundTaskStoreConformance } from '../testing/store-conformance.js';
import type { BackgroundTaskStore } from '../types.js';
import { SqlBackgroundTaskStore } from './index.js';

const dirs: string[] = [];
function tempPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-bg-'));
  dirs.push(dir);
  return join(dir, 'memory.db');
}

/** A task store's methods as an object, with `close` replaced by the caller. */
function bind(tasks: SqlBackgroundTaskStore): BackgroundTaskStore {
  return {
    name: tasks.name,
    create: (t) => tasks.create(t),
    get: (id) => tasks.get(id),
    transition: (...args) => tasks.transition(...args),
    renewLease: (...args) => tasks.renewLease(...args),
    list: (filter) => tasks.list(filter),
    deleteFinished: (before) => tasks.deleteFinished(before),
  };
}

const available = await postgresAvailable();
const admin = available ? new pg.Pool({ connectionString: DATABASE_URL, max: 2 }) : undefined;
afterAll(async () => {
  await admin?.end();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

defineBackgroundTaskStoreConformance('SqlBackgroundTaskStore(SqliteStore)', async () => {
  const path = tempPath();
  const memory = new SqliteStore({ path });
  return {
    store: new SqlBackgroundTaskStore({ store: memory }),
    twin: () => {
      const other = new SqliteStore({ path });
      const tasks = new SqlBackgroundTaskStore({ store: other });
      return { ...bind(tasks), close: () => other.close() };
    },
    dispose: () => memory.close(),
    corrupt: async (id, column, raw) => {
      const db = new BetterSqlite3(path);
      db.prepare(`UPDATE sluice_background_tasks SET ${column} = ? WHERE id = ?`).run(raw, id);
      db.close();
    },
    unreachable: () =>
      new SqlBackgroundTaskStore({
        store: new SqliteStore({ path: join(tempPath(), 'no-such-dir', 'x.db') }),
      }),
  };
});

if (available && admin) {
  defineBackgroundTaskStoreConformance('SqlBackgroundTaskStore(PostgresStore)', async () => {
    const schema = uniqueSchema('bgconf');
    const memory = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 3 } });
    return {
      store: new SqlBackgroundTaskStore({ store: memory }),
      twin: () => {
        const other = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 3 } });
        const tasks = new SqlBackgroundTaskStore({ store: other });
        return { ...bind(tasks), close: () => other.close() };
      },
      dispose: async () => {
        await memory.close();
        await dropSchema(admin, schema);
      },
      corrupt: async (id, column, raw) => {
        await admin.query(`UPDATE "${schema}".sluice_background_tasks SET ${column} = $1 WHERE id = $2`, [
          raw,
          id,
        ]);
      },
      unreachable: () =>
        new SqlBackgroundTaskStore({
          store: new PostgresStore({ connectionString: 'postgres://postgres@127.0.0.1:1/test' }),
        }),
    };
  });
} else {
  describe.skip('BackgroundTaskStore conformance: PostgreSQL (unreachable, see the warning above)', () => {
    it('runs against DATABASE_URL', () => undefined);
  });
}

const base = {
  toolName: 'slow',
  toolCallId: 'c1',
  args: {},
  disposition: 'deferred' as const,
  maxRetries: 0,
  timeoutMs: 1000,
};

describe('SqlBackgroundTaskStore on SQLite', () => {
  it('is exported from sluice/sqlite and sluice/pg', () => {
    expect(SqliteExport).toBe(SqlBackgroundTaskStore);
    expect(PgExport).toBe(SqlBackgroundTaskStore);
  });

  it('keeps one table in the memory database, beside the memory schema, with the filter and recovery indexes', async () => {
    const path = tempPath();
    const memory = new SqliteStore({ path });
    const tasks = new SqlBackgroundTaskStore({ store: memory });
    expect(tasks.name).toBe(`SqlBackgroundTaskStore(SqliteStore(${path}))`);
    await tasks.create({ id: 't1', ...base });
    await memory.saveThread({ id: 'th', resourceId: 'r', createdAt: new Date(1), updatedAt: new Date(1) });
    const db = new BetterSqlite3(path, { readonly: true });
    try {
      const indexes = db
        .prepare(
          "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'sluice_background_tasks'",
        )
        .all() as { name: string; sql: string | null }[];
      const byName = new Map(indexes.map((i) => [i.name, i.sql ?? '']));
      expect(byName.get('sluice_background_tasks_status_owner')).toMatch(/\(status, owner\)/);
      expect(byName.get('sluice_background_tasks_thread')).toMatch(/\(thread_id, created_at\)/);
      // Recovery's query (running rows of one owner) uses the (status, owner) index.
      const plan = db
        .prepare(
          "EXPLAIN QUERY PLAN SELECT id FROM sluice_background_tasks WHERE status = 'running' AND owner = 'x'",
        )
        .all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join(' ')).toContain('sluice_background_tasks_status_owner');
      const versions = db.prepare('SELECT version FROM sluice_background_migrations').all();
      expect(versions).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }]);
      // Periodic recovery's query (running rows whose lease passed) uses the (status, lease) index.
      const leasePlan = db
        .prepare(
          "EXPLAIN QUERY PLAN SELECT id FROM sluice_background_tasks WHERE status = 'running' AND (lease_expires_at IS NULL OR lease_expires_at < 5)",
        )
        .all() as { detail: string }[];
      expect(leasePlan.map((p) => p.detail).join(' ')).toContain('sluice_background_tasks_status_lease');
    } finally {
      db.close();
      await memory.close();
    }
  });

  it('compare-and-set holds across two connections to one file (two processes racing for a task)', async () => {
    const path = tempPath();
    const a = new SqliteStore({ path });
    const b = new SqliteStore({ path });
    const ta = new SqlBackgroundTaskStore({ store: a });
    const tb = new SqlBackgroundTaskStore({ store: b });
    try {
      for (let i = 0; i < 10; i++) await ta.create({ id: `r${i}`, ...base });
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => [
          ta.transition(`r${i}`, ['pending'], 'running', { owner: 'a' }),
          tb.transition(`r${i}`, ['pending'], 'running', { owner: 'b' }),
        ]).flat(),
      );
      for (let i = 0; i < 10; i++) {
        expect([results[2 * i], results[2 * i + 1]].filter((r) => r !== null)).toHaveLength(1);
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("a manager keeps its records in the file; a manager of a later process recovers a dead owner's running task", async () => {
    const path = tempPath();
    const first = new SqliteStore({ path });
    const firstTasks = new SqlBackgroundTaskStore({ store: first });
    const manager = new BackgroundTaskManager({ store: firstTasks, ownerId: 'proc-1' });
    const submitted = await manager.submit({
      toolName: 'double',
      toolCallId: 'c1',
      args: { n: 21, at: new Date(5) },
      disposition: 'deferred',
      execute: async ({ task }) => ({
        doubled: (task.args as { n: number }).n * 2,
        at: (task.args as { at: Date }).at,
      }),
    });
    if (!submitted.accepted) throw new Error('expected the task to be accepted');
    const done = await submitted.settled;
    expect(done).toMatchObject({
      status: 'completed',
      result: { doubled: 42, at: new Date(5) },
      owner: 'proc-1',
    });
    // proc-1 dies while running another task.
    await firstTasks.create({ id: 'orphan', ...base });
    await firstTasks.transition('orphan', ['pending'], 'running', { owner: 'proc-1' });
    await manager.close();
    await first.close();

    const second = new SqliteStore({ path });
    const secondTasks = new SqlBackgroundTaskStore({ store: second });
    const next = new BackgroundTaskManager({ store: secondTasks, ownerId: 'proc-2', staleAfterMs: 0 });
    try {
      await next.start();
      expect(await next.get(submitted.task.id)).toEqual(done);
      const orphan = await next.get('orphan');
      expect(orphan?.status).toBe('failed');
      expect(orphan?.error?.code).toBe('BACKGROUND_TASK_ABANDONED');
    } finally {
      await next.close();
      await second.close();
    }
  });

  it('does not accept something that is not a SQL memory store', () => {
    expect(() => new SqlBackgroundTaskStore({ store: {} as never })).toThrow(/SqliteStore or PostgresStore/);
  });
});

describe.skipIf(!available)('SqlBackgroundTaskStore on PostgreSQL', () => {
  it('compare-and-set holds across two pools: 20 racing pairs, one winner each', async () => {
    const schema = uniqueSchema('bgcas');
    const a = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 4 } });
    const b = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 4 } });
    const ta = new SqlBackgroundTaskStore({ store: a });
    const tb = new SqlBackgroundTaskStore({ store: b });
    try {
      expect(ta.name).toMatch(
        new RegExp(`^SqlBackgroundTaskStore\\(PostgresStore\\(.*schema ${schema}\\)\\)$`),
      );
      await Promise.all([ta.list(), tb.list()]);
      for (let i = 0; i < 20; i++) await ta.create({ id: `r${i}`, ...base });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => [
          ta.transition(`r${i}`, ['pending'], 'running', { owner: 'a' }),
          tb.transition(`r${i}`, ['pending'], 'running', { owner: 'b' }),
        ]).flat(),
      );
      for (let i = 0; i < 20; i++) {
        const winners = [results[2 * i], results[2 * i + 1]].filter((r) => r !== null);
        expect(winners).toHaveLength(1);
        expect((await tb.get(`r${i}`))?.owner).toBe(winners[0]?.owner);
      }
      const indexes = await admin!.query('SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1', [
        schema,
      ]);
      const defs = indexes.rows.map((r: { indexdef: string }) => r.indexdef).join('\n');
      expect(defs).toMatch(/sluice_background_tasks_status_owner ON .* \(status, owner\)/);
    } finally {
      await a.close();
      await b.close();
      await dropSchema(admin!, schema);
    }
  });
});

/** The background table as schema version 1 of the feature created it (frozen: do not edit). */
function backgroundV1(table: string, migrations: string, big: string): string[] {
  return [
    `CREATE TABLE ${migrations} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at ${big} NOT NULL)`,
    `CREATE TABLE ${table} (id TEXT PRIMARY KEY, status TEXT NOT NULL, tool_name TEXT NOT NULL, ` +
      'tool_call_id TEXT NOT NULL, args TEXT NOT NULL, disposition TEXT NOT NULL, agent_id TEXT, ' +
      'thread_id TEXT, resource_id TEXT, run_id TEXT, result TEXT, error TEXT, ' +
      `retry_count INTEGER NOT NULL, max_retries INTEGER NOT NULL, timeout_ms ${big} NOT NULL, ` +
      `owner TEXT, created_at ${big} NOT NULL, updated_at ${big} NOT NULL, started_at ${big}, finished_at ${big})`,
    `INSERT INTO ${migrations} (version, name, applied_at) VALUES (1, 'background task records', 0)`,
    `INSERT INTO ${table} (id, status, tool_name, tool_call_id, args, disposition, owner, retry_count, max_retries, ` +
      "timeout_ms, created_at, updated_at, started_at) VALUES ('old', 'running', 'slow', 'c-old', '{\"q\":1}', " +
      "'deferred', 'dead', 0, 0, 1000, 5, 6, 6)",
  ];
}

/** A task table of feature version 1 opens with this release: version column added, rows intact. */
async function checkBackgroundUpgrade(tasks: SqlBackgroundTaskStore): Promise<void> {
  expect(await tasks.get('old')).toEqual({
    id: 'old',
    status: 'running',
    toolName: 'slow',
    toolCallId: 'c-old',
    args: { q: 1 },
    disposition: 'deferred',
    owner: 'dead',
    retryCount: 0,
    maxRetries: 0,
    timeoutMs: 1000,
    createdAt: new Date(5),
    updatedAt: new Date(6),
    startedAt: new Date(6),
    version: 1,
  });
  expect(await tasks.transition('old', ['running'], 'failed', {}, { version: 0 })).toBeNull();
  expect(
    await tasks.transition('old', ['running'], 'failed', {}, { version: 1, owner: 'dead' }),
  ).toMatchObject({
    status: 'failed',
    version: 2,
  });
}

describe('a task table of feature version 1 migrates forward', () => {
  it('SQLite', async () => {
    const path = tempPath();
    const db = new BetterSqlite3(path);
    for (const statement of backgroundV1(
      'sluice_background_tasks',
      'sluice_background_migrations',
      'INTEGER',
    ))
      db.exec(statement);
    db.close();
    const memory = new SqliteStore({ path });
    try {
      await checkBackgroundUpgrade(new SqlBackgroundTaskStore({ store: memory }));
    } finally {
      await memory.close();
    }
  });

  it.skipIf(!available)('PostgreSQL', async () => {
    const schema = uniqueSchema('bgv1');
    const memory = new PostgresStore({ connectionString: DATABASE_URL, schema });
    try {
      await admin!.query(`CREATE SCHEMA "${schema}"`);
      for (const statement of backgroundV1(
        `"${schema}".sluice_background_tasks`,
        `"${schema}".sluice_background_migrations`,
        'BIGINT',
      ))
        await admin!.query(statement);
      await checkBackgroundUpgrade(new SqlBackgroundTaskStore({ store: memory }));
    } finally {
      await memory.close();
      await dropSchema(admin!, schema);
    }
  });
});

/** The background table as schema version 2 of the feature left it (frozen: do not edit). */
function backgroundV2(table: string, migrations: string, big: string): string[] {
  const [createMigrations, createTable, recordV1, insertRow] = backgroundV1(table, migrations, big);
  return [
    createMigrations as string,
    createTable as string,
    recordV1 as string,
    `ALTER TABLE ${table} ADD COLUMN version ${big} NOT NULL DEFAULT 1`,
    `INSERT INTO ${migrations} (version, name, applied_at) VALUES (2, 'task version', 0)`,
    insertRow as string,
    `UPDATE ${table} SET version = 4 WHERE id = 'old'`,
  ];
}

/** A task table of feature version 2 opens with leases: the column is added, old rows have no lease and stay recoverable. */
async function checkLeaseUpgrade(tasks: SqlBackgroundTaskStore): Promise<void> {
  const old = await tasks.get('old');
  expect(old).toMatchObject({ id: 'old', status: 'running', owner: 'dead', version: 4 });
  expect(old?.leaseExpiresAt).toBeUndefined();
  // No lease: listed by recovery's lease filter (judged by staleAfterMs), and matched by a null lease.
  expect((await tasks.list({ status: 'running', leaseExpiredBefore: new Date(1) })).map((t) => t.id)).toEqual(
    ['old'],
  );
  const taken = await tasks.transition(
    'old',
    ['running'],
    'running',
    { owner: 'new', leaseExpiresAt: new Date(50_000) },
    { version: 4, owner: 'dead', leaseExpiresAt: null },
  );
  expect(taken).toMatchObject({ owner: 'new', version: 5, leaseExpiresAt: new Date(50_000) });
  expect(await tasks.renewLease('old', { owner: 'new', version: 5 }, new Date(80_000))).toMatchObject({
    leaseExpiresAt: new Date(80_000),
  });
  expect(await tasks.list({ status: 'running', leaseExpiredBefore: new Date(60_000) })).toEqual([]);
}

describe('a task table of feature version 2 migrates forward (leases)', () => {
  it('SQLite', async () => {
    const path = tempPath();
    const db = new BetterSqlite3(path);
    for (const statement of backgroundV2(
      'sluice_background_tasks',
      'sluice_background_migrations',
      'INTEGER',
    ))
      db.exec(statement);
    db.close();
    const memory = new SqliteStore({ path });
    try {
      await checkLeaseUpgrade(new SqlBackgroundTaskStore({ store: memory }));
      const check = new BetterSqlite3(path, { readonly: true });
      const versions = check.prepare('SELECT version FROM sluice_background_migrations').all();
      check.close();
      expect(versions).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }]);
    } finally {
      await memory.close();
    }
  });

  it.skipIf(!available)('PostgreSQL', async () => {
    const schema = uniqueSchema('bgv2');
    const memory = new PostgresStore({ connectionString: DATABASE_URL, schema });
    try {
      await admin!.query(`CREATE SCHEMA "${schema}"`);
      for (const statement of backgroundV2(
        `"${schema}".sluice_background_tasks`,
        `"${schema}".sluice_background_migrations`,
        'BIGINT',
      ))
        await admin!.query(statement);
      await checkLeaseUpgrade(new SqlBackgroundTaskStore({ store: memory }));
      const indexes = await admin!.query('SELECT indexdef FROM pg_indexes WHERE schemaname = $1', [schema]);
      expect(indexes.rows.map((r: { indexdef: string }) => r.indexdef).join('\n')).toMatch(
        /sluice_background_tasks_status_lease ON .* \(status, lease_expires_at\)/,
      );
    } finally {
      await memory.close();
      await dropSchema(admin!, schema);
    }
  });
});
