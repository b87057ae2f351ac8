import pg from 'pg';
import { PostgresStore } from 'sluice/pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SluiceError } from '../../errors/sluice-error.js';
import { defineStoreConformance } from '../testing/conformance.js';
import { DATABASE_URL, dropSchema, postgresAvailable, uniqueSchema } from './testing/test-env.js';

const available = await postgresAvailable();
const admin = available ? new pg.Pool({ connectionString: DATABASE_URL, max: 2 }) : undefined;
afterAll(async () => {
  await admin?.end();
});

if (available && admin) {
  // The documented contract of MemoryStorage, against PostgreSQL: one fresh schema per test, dropped after.
  defineStoreConformance('PostgresStore', async () => {
    const schema = uniqueSchema('conf');
    return {
      store: new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 2 } }),
      twin: () => new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 2 } }),
      dispose: () => dropSchema(admin, schema),
      corruptMessage: async (id, column, raw) => {
        await admin.query(`UPDATE "${schema}".sluice_messages SET ${column} = $1 WHERE id = $2`, [raw, id]);
      },
    };
  });
} else {
  describe.skip('MemoryStorage conformance: PostgresStore (PostgreSQL unreachable, see the warning above)', () => {
    it('runs against DATABASE_URL', () => undefined);
  });
}

describe.skipIf(!available)('PostgresStore set-up', () => {
  it('applies the versioned migrations once, on first use; two stores starting at once apply each once', async () => {
    const schema = uniqueSchema('mig');
    const a = new PostgresStore({ connectionString: DATABASE_URL, schema });
    const b = new PostgresStore({ connectionString: DATABASE_URL, schema });
    try {
      await Promise.all([a.init(), b.init()]);
      expect(await a.schemaVersions()).toEqual([1, 2, 3]);
      const rows = await admin!.query(`SELECT count(*)::int AS n FROM "${schema}".sluice_migrations`);
      expect(rows.rows[0].n).toBe(3);
      const plan = await admin!.query(
        `SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = 'sluice_messages'`,
        [schema],
      );
      expect(plan.rows.map((r: { indexname: string }) => r.indexname)).toContain(
        'sluice_messages_thread_order',
      );
    } finally {
      await a.close();
      await b.close();
      await dropSchema(admin!, schema);
    }
  });

  it('the last-N history query walks the (thread_id, created_at, seq) index backwards, no sort', async () => {
    const schema = uniqueSchema('plan');
    const store = new PostgresStore({ connectionString: DATABASE_URL, schema });
    try {
      await store.saveThread({ id: 't', resourceId: 'r', createdAt: new Date(1), updatedAt: new Date(1) });
      for (let batch = 0; batch < 4; batch++) {
        await store.saveMessages(
          Array.from({ length: 1000 }, (_, i) => ({
            id: `m${batch}-${i}`,
            role: 'user' as const,
            createdAt: new Date(batch * 1000 + i),
            threadId: batch % 2 === 0 ? 't' : 'other',
            resourceId: 'r',
            content: { format: 2 as const, parts: [] },
          })),
        );
      }
      await admin!.query(`ANALYZE "${schema}".sluice_messages`);
      const plan = await admin!.query(
        `EXPLAIN SELECT * FROM "${schema}".sluice_messages WHERE thread_id = $1 ORDER BY created_at DESC, seq DESC LIMIT 10`,
        ['t'],
      );
      const text = plan.rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
      expect(text).toContain('Index Scan Backward using sluice_messages_thread_order');
      expect(text).not.toMatch(/Sort|Seq Scan/);
    } finally {
      await store.close();
      await dropSchema(admin!, schema);
    }
  });

  it('connections dropped by the server do not crash the process; the next call reconnects', async () => {
    const schema = uniqueSchema('drop');
    const app = `sluice-drop-${schema}`;
    const store = new PostgresStore({
      connectionString: DATABASE_URL,
      schema,
      poolConfig: { application_name: app, max: 2 },
    });
    try {
      await store.saveThread({ id: 't', resourceId: 'r', createdAt: new Date(1), updatedAt: new Date(1) });
      const killed = await admin!.query(
        'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1',
        [app],
      );
      expect(killed.rows.length).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 100));
      const after = await store.getThreadById('t').catch((e: unknown) => e);
      if (after instanceof Error) expect(SluiceError.hasCode(after, 'STORE_UNAVAILABLE')).toBe(true);
      expect((await store.getThreadById('t'))?.id).toBe('t');
    } finally {
      await store.close();
      await dropSchema(admin!, schema);
    }
  });

  it('accepts a pg.Pool and leaves it open on close()', async () => {
    const schema = uniqueSchema('pool');
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
    const store = new PostgresStore({ pool, schema });
    try {
      await store.saveThread({ id: 't', resourceId: 'r', createdAt: new Date(1), updatedAt: new Date(1) });
      await store.close();
      const rows = await pool.query(`SELECT id FROM "${schema}".sluice_threads`);
      expect(rows.rows).toEqual([{ id: 't' }]);
    } finally {
      await pool.end();
      await dropSchema(admin!, schema);
    }
  });
});

describe('PostgresStore errors', () => {
  it('a closed port fails with STORE_UNAVAILABLE naming the store, without the password', async () => {
    const store = new PostgresStore({ connectionString: 'postgres://postgres:secret@127.0.0.1:1/test' });
    const error = await store.getThreadById('t').catch((e: unknown) => e);
    expect(SluiceError.hasCode(error, 'STORE_UNAVAILABLE')).toBe(true);
    expect((error as Error).message).toContain('PostgresStore(127.0.0.1:1/test)');
    expect((error as Error).message).not.toContain('secret');
    await store.close();
  });

  it('rejects bad options with STORE_INVALID_CONFIG naming the option', () => {
    expect(() => new PostgresStore({})).toThrow(/exactly one of `connectionString`/);
    expect(() => new PostgresStore({ connectionString: DATABASE_URL, schema: 'x"; DROP' })).toThrow(/schema/);
  });
});
