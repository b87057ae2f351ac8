import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteStore } from 'sluice/sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { SluiceError } from '../../errors/sluice-error.js';
import { defineStoreConformance } from '../testing/conformance.js';

const dir = mkdtempSync(join(tmpdir(), 'sluice-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let counter = 0;

// The documented contract of MemoryStorage, against a fresh SQLite file per test.
defineStoreConformance('SqliteStore', async () => {
  const path = join(dir, `conformance-${++counter}.db`);
  return {
    store: new SqliteStore({ path }),
    twin: () => new SqliteStore({ path }),
    corruptMessage: async (id, column, raw) => {
      const db = new Database(path);
      db.prepare(`UPDATE sluice_messages SET ${column} = ? WHERE id = ?`).run(raw, id);
      db.close();
    },
  };
});

describe('SqliteStore set-up', () => {
  it('applies the versioned migrations once, on first use, and records them', async () => {
    const path = join(dir, 'migrations.db');
    const first = new SqliteStore({ path });
    await first.saveThread({ id: 't', resourceId: 'r', createdAt: new Date(1), updatedAt: new Date(1) });
    expect(await first.schemaVersions()).toEqual([1, 2, 3]);
    await first.close();
    const second = new SqliteStore({ path });
    expect(await second.schemaVersions()).toEqual([1, 2, 3]);
    expect(await second.getThreadById('t')).not.toBeNull();
    await second.close();
    const db = new Database(path, { readonly: true });
    const journal = db.pragma('journal_mode', { simple: true });
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'sluice_messages'")
      .all() as { name: string }[];
    db.close();
    expect(journal).toBe('wal');
    expect(indexes.map((i) => i.name)).toContain('sluice_messages_thread_order');
  });

  it('a database at an older version gets only the missing migrations; a newer one is refused', async () => {
    const path = join(dir, 'upgrade.db');
    const first = new SqliteStore({ path });
    await first.saveThread({ id: 't', resourceId: 'r', createdAt: new Date(1), updatedAt: new Date(1) });
    await first.close();
    // Roll the file back to version 1 (no indexes), as an older release would have left it.
    const db = new Database(path);
    for (const name of ['messages_thread_order', 'messages_resource_order', 'threads_resource']) {
      db.exec(`DROP INDEX sluice_${name}`);
    }
    for (const name of ['vectors_resource', 'vectors_thread', 'vectors_message'])
      db.exec(`DROP INDEX sluice_${name}`);
    db.exec('DROP TRIGGER sluice_messages_owner_insert');
    db.exec('DROP TRIGGER sluice_messages_owner_update');
    db.exec('DELETE FROM sluice_migrations WHERE version >= 2');
    db.close();
    const upgraded = new SqliteStore({ path });
    expect(await upgraded.schemaVersions()).toEqual([1, 2, 3]);
    expect((await upgraded.getThreadById('t'))?.id).toBe('t');
    await upgraded.close();
    const check = new Database(path);
    const count = check
      .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'index' AND name LIKE 'sluice_%_order'")
      .get() as { n: number };
    check.exec("INSERT INTO sluice_migrations (version, name, applied_at) VALUES (99, 'from the future', 0)");
    check.close();
    expect(count.n).toBe(2);
    const newer = new SqliteStore({ path });
    const error = await newer.init().catch((e: unknown) => e);
    expect(SluiceError.hasCode(error, 'STORE_MIGRATION_FAILED')).toBe(true);
    expect((error as Error).message).toMatch(/version 99, newer than version 3/);
    await newer.close();
  });

  it('uses the (thread_id, created_at, seq) index for the last-N query, never a full scan or sort', async () => {
    const path = join(dir, 'plan.db');
    const store = new SqliteStore({ path });
    await store.init();
    await store.close();
    const db = new Database(path, { readonly: true });
    const plan = db
      .prepare(
        'EXPLAIN QUERY PLAN SELECT * FROM sluice_messages WHERE thread_id = ? ORDER BY created_at DESC, seq DESC LIMIT 10',
      )
      .all('t') as { detail: string }[];
    db.close();
    const details = plan.map((p) => p.detail).join(' | ');
    expect(details).toContain('sluice_messages_thread_order');
    expect(details).not.toContain('TEMP B-TREE');
  });

  it('a table prefix keeps two stores apart in one file', async () => {
    const path = join(dir, 'prefix.db');
    const a = new SqliteStore({ path, tablePrefix: 'a_' });
    const b = new SqliteStore({ path, tablePrefix: 'b_' });
    await a.saveThread({ id: 't', resourceId: 'r', createdAt: new Date(1), updatedAt: new Date(1) });
    expect(await b.getThreadById('t')).toBeNull();
    await a.close();
    await b.close();
  });

  it('a bad file path fails with STORE_UNAVAILABLE naming the store and path; a later call retries', async () => {
    const store = new SqliteStore({ path: join(dir, 'no-such-dir', 'x.db') });
    const error = await store.getThreadById('t').catch((e: unknown) => e);
    expect(SluiceError.hasCode(error, 'STORE_UNAVAILABLE')).toBe(true);
    expect((error as Error).message).toContain('SqliteStore(');
    expect((error as Error).message).toContain('no-such-dir');
    const again = await store.init().catch((e: unknown) => e);
    expect(SluiceError.hasCode(again, 'STORE_UNAVAILABLE')).toBe(true);
  });

  it('a file that is not a database fails with STORE_UNAVAILABLE, not a crash', async () => {
    const path = join(dir, 'not-a-db.db');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path, 'this is not sqlite '.repeat(100));
    const store = new SqliteStore({ path });
    const error = await store.init().catch((e: unknown) => e);
    expect(SluiceError.hasCode(error, 'STORE_UNAVAILABLE')).toBe(true);
    expect((error as Error).message).toContain(path);
  });

  it('a write lock held past busyTimeoutMs is STORE_UNAVAILABLE naming the option; nothing is written', async () => {
    const path = join(dir, 'locked.db');
    const store = new SqliteStore({ path, busyTimeoutMs: 100 });
    await store.saveThread({ id: 't', resourceId: 'r', createdAt: new Date(1), updatedAt: new Date(1) });
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    try {
      const started = Date.now();
      const error = await store
        .saveMessages([
          { id: 'm', role: 'user', createdAt: new Date(2), threadId: 't', content: { format: 2, parts: [] } },
        ])
        .catch((e: unknown) => e);
      expect(Date.now() - started).toBeGreaterThanOrEqual(90);
      expect(SluiceError.hasCode(error, 'STORE_UNAVAILABLE')).toBe(true);
      expect((error as Error).message).toContain(store.name);
      expect((error as Error).message).toContain('busyTimeoutMs');
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(await store.getMessagesByIds(['m'])).toEqual([]);
    // Once the lock is gone the same store writes again.
    await store.saveMessages([
      { id: 'm', role: 'user', createdAt: new Date(2), threadId: 't', content: { format: 2, parts: [] } },
    ]);
    expect((await store.getMessagesByIds(['m'])).map((m) => m.id)).toEqual(['m']);
    await store.close();
  });

  it('rejects bad options with STORE_INVALID_CONFIG naming the option', () => {
    expect(() => new SqliteStore({ path: '' })).toThrow(/option `path` is required/);
    expect(() => new SqliteStore({ path: 'x.db', tablePrefix: 'a; DROP' })).toThrow(/tablePrefix/);
    expect(() => new SqliteStore({ path: 'x.db', busyTimeoutMs: -1 })).toThrow(/busyTimeoutMs/);
  });
});
