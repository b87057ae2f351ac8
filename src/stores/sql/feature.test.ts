/**
 * The SQL store feature seam (`store.feature(...)`): a feature's own tables live in the store's
 * database, its migrations are tracked apart from the memory schema and applied once per
 * database, also when two stores open it at once. Run on SQLite and on a real PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PostgresStore } from 'sluice/pg';
import { SqliteStore } from 'sluice/sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_URL, dropSchema, postgresAvailable, uniqueSchema } from '../postgres/testing/test-env.js';
import type { SqlFeature } from './feature.js';
import type { SqlStore } from './sql-store.js';

const notes: SqlFeature = {
  name: 'notes',
  migrations: ({ dialect, table, index }) => [
    {
      version: 1,
      name: 'notes table',
      statements: [
        `CREATE TABLE ${table('items')} (id TEXT PRIMARY KEY, body TEXT NOT NULL, at ${dialect === 'postgres' ? 'BIGINT' : 'INTEGER'} NOT NULL)`,
        `CREATE INDEX ${index('items_at')} ON ${table('items')} (at)`,
      ],
    },
  ],
};

async function roundTrip(a: SqlStore, b: SqlStore): Promise<void> {
  const ha = a.feature(notes);
  const hb = b.feature(notes);
  expect(a.feature(notes)).toBe(ha);
  const [da, db] = await Promise.all([ha.connect(), hb.connect()]);
  await da.run(`INSERT INTO ${ha.table('items')} (id, body, at) VALUES (?, ?, ?)`, ['n1', 'hello', 5]);
  const rows = await db.all(`SELECT id, body FROM ${hb.table('items')}`);
  expect(rows).toEqual([{ id: 'n1', body: 'hello' }]);
  const versions = await da.all(`SELECT version FROM ${ha.table('migrations')}`);
  expect(versions.map((r) => Number(r.version))).toEqual([1]);
  // The memory schema is untouched by the feature and still usable.
  await a.saveThread({ id: 't', resourceId: 'r', createdAt: new Date(1), updatedAt: new Date(1) });
  expect((await b.getThreadById('t'))?.resourceId).toBe('r');
}

describe('SQL store features (SQLite)', () => {
  it('a feature gets its own tables and migrations, applied once when two stores open one file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-feature-'));
    const path = join(dir, 'f.db');
    const a = new SqliteStore({ path });
    const b = new SqliteStore({ path });
    try {
      await roundTrip(a, b);
      expect(a.feature(notes).store).toBe(`SqliteStore(${path})`);
      expect(a.feature(notes).dialect).toBe('sqlite');
    } finally {
      await a.close();
      await b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a feature name that cannot be part of a table name', () => {
    const store = new SqliteStore({ path: ':memory:' });
    expect(() => store.feature({ name: 'bad name; DROP', migrations: () => [] })).toThrow(/feature name/);
  });
});

const available = await postgresAvailable();
const admin = available ? new pg.Pool({ connectionString: DATABASE_URL, max: 2 }) : undefined;
afterAll(async () => {
  await admin?.end();
});

describe.skipIf(!available)('SQL store features (PostgreSQL)', () => {
  it('a feature gets its own tables in the store schema, migrated once across two pools', async () => {
    const schema = uniqueSchema('feat');
    const a = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 2 } });
    const b = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 2 } });
    try {
      await roundTrip(a, b);
      expect(a.feature(notes).table('items')).toBe(`"${schema}"."sluice_notes_items"`);
      expect(a.feature(notes).dialect).toBe('postgres');
    } finally {
      await a.close();
      await b.close();
      await dropSchema(admin!, schema);
    }
  });
});
