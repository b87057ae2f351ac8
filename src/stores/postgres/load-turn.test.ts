/**
 * `PostgresStore.loadTurn` (one round trip: claim or check, last N, resource) keeps the tenancy
 * rules of the calls it replaces: another resource's thread yields its owner and nothing else,
 * another resource's rows inside a thread are never returned, and of two resources racing to
 * claim one new thread id exactly one gets it.
 */
import pg from 'pg';
import { PostgresStore } from 'sluice/pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { StorageThread } from '../types.js';
import { DATABASE_URL, dropSchema, postgresAvailable, uniqueSchema } from './testing/test-env.js';
import { loadTurnSql } from './turn-statements.js';

const available = await postgresAvailable();
const admin = available ? new pg.Pool({ connectionString: DATABASE_URL, max: 2 }) : undefined;
afterAll(async () => {
  await admin?.end();
});

function claim(id: string, resourceId: string, at = 1_000): StorageThread {
  return { id, resourceId, createdAt: new Date(at), updatedAt: new Date(at), title: 'new' };
}

function message(id: string, threadId: string, resourceId: string, at: number) {
  return {
    id,
    threadId,
    resourceId,
    role: 'user' as const,
    createdAt: new Date(at),
    content: { format: 2 as const, parts: [{ type: 'text' as const, text: id }] },
  };
}

async function withStore(
  label: string,
  run: (store: PostgresStore, schema: string) => Promise<void>,
): Promise<void> {
  const schema = uniqueSchema(label);
  const store = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 4 } });
  try {
    await run(store, schema);
  } finally {
    await store.close();
    await dropSchema(admin!, schema);
  }
}

describe.skipIf(!available)('PostgresStore.loadTurn', () => {
  it('claims a new thread for the resource; the next load finds it with its last N messages, oldest first', async () => {
    await withStore('lt_claim', async (store) => {
      const first = await store.loadTurn({
        threadId: 't',
        resourceId: 'u',
        claim: claim('t', 'u'),
        lastMessages: 2,
      });
      expect(first).toEqual({ thread: null, messages: [], resource: null });
      expect((await store.getThreadById('t'))?.resourceId).toBe('u');
      await store.saveMessages([1, 2, 3].map((i) => message(`m${i}`, 't', 'u', 2_000 + i)));
      await store.saveResource({ id: 'u', workingMemory: '# notes' });
      const next = await store.loadTurn({
        threadId: 't',
        resourceId: 'u',
        claim: claim('t', 'u', 9_000),
        lastMessages: 2,
        resource: true,
      });
      expect(next.thread).toMatchObject({ id: 't', resourceId: 'u', title: 'new' });
      expect(next.thread?.createdAt).toEqual(new Date(1_000));
      expect(next.messages.map((m) => m.id)).toEqual(['m2', 'm3']);
      expect(next.messages).toEqual(
        await store.getLastMessages({ threadId: 't', resourceId: 'u', limit: 2 }),
      );
      expect(next.resource?.workingMemory).toBe('# notes');
    });
  });

  it("another resource's thread: its owner comes back, none of its messages, and nothing is written", async () => {
    await withStore('lt_foreign', async (store) => {
      await store.saveThread(claim('t', 'owner'));
      await store.saveMessages([message('secret', 't', 'owner', 2_000)]);
      const before = await store.getThreadById('t');
      const loaded = await store.loadTurn({
        threadId: 't',
        resourceId: 'intruder',
        claim: claim('t', 'intruder', 5_000),
        lastMessages: 10,
        resource: true,
      });
      expect(loaded.thread?.resourceId).toBe('owner');
      expect(loaded.messages).toEqual([]);
      expect(await store.getThreadById('t')).toEqual(before);
    });
  });

  it("rows of another resource inside the tenant's own thread are never returned", async () => {
    await withStore('lt_rows', async (store, schema) => {
      await store.saveThread(claim('t', 'u'));
      await store.saveMessages([message('mine', 't', 'u', 2_000)]);
      // Written around the store's checks and its trigger (an old release, a script).
      const client = await admin!.connect();
      try {
        await client.query('BEGIN');
        await client.query('SET LOCAL session_replication_role = replica');
        await client.query(
          `INSERT INTO "${schema}".sluice_messages (id, thread_id, resource_id, role, created_at, content) ` +
            `VALUES ('theirs', 't', 'other', 'user', 3000, '{"format":2,"parts":[]}')`,
        );
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      expect(
        (await admin!.query(`SELECT count(*)::int AS n FROM "${schema}".sluice_messages`)).rows[0].n,
      ).toBe(2);
      const loaded = await store.loadTurn({ threadId: 't', resourceId: 'u', lastMessages: 10 });
      expect(loaded.messages.map((m) => m.id)).toEqual(['mine']);
    });
  });

  it('the last N messages come from the (thread_id, created_at, seq) index read backwards, the input ids from the id index: no sort, no scan', async () => {
    await withStore('lt_plan', async (store, schema) => {
      await store.saveThread(claim('t', 'u'));
      // Rows written in bulk by the server itself: two threads of 5,000 messages each.
      await admin!.query(
        `INSERT INTO "${schema}".sluice_messages (id, thread_id, resource_id, role, created_at, content) ` +
          "SELECT 'm' || g, CASE WHEN g % 2 = 0 THEN 't' ELSE 'other' END, 'u', 'user', g, '{}' " +
          'FROM generate_series(1, 10000) AS g',
      );
      await admin!.query(`ANALYZE "${schema}".sluice_messages`);
      const q = (name: string) => `"${schema}"."sluice_${name}"`;
      const sql = loadTurnSql({
        threads: q('threads'),
        messages: q('messages'),
        resources: q('resources'),
        vectors: q('vectors'),
        migrations: q('migrations'),
      });
      const numbered = sql.split('?').reduce((out, part, i) => (i === 0 ? part : `${out}$${i}${part}`), '');
      const params = ['t', 'u', null, null, 0, 0, false, 't', 't', 'u', 'u', 10, false, 'u', ['m2', 'm7']];
      const plan = await admin!.query(`EXPLAIN ${numbered}`, params);
      const text = plan.rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
      expect(text).toContain('Index Scan Backward using sluice_messages_thread_order');
      // The input messages' stored copies: by the unique id index.
      expect(text).toContain('Index Scan using sluice_messages_id_key');
      expect(text).not.toContain('Seq Scan on sluice_messages');
    });
  });

  it('without a claim (a read-only call) a missing thread stays missing', async () => {
    await withStore('lt_ro', async (store) => {
      const loaded = await store.loadTurn({ threadId: 't', resourceId: 'u', lastMessages: 10 });
      expect(loaded.thread).toBeNull();
      expect(await store.getThreadById('t')).toBeNull();
    });
  });

  it('two resources racing to claim one new thread id: exactly one gets it, the other sees the winner (30 trials)', async () => {
    await withStore('lt_race', async (store, schema) => {
      const twin = new PostgresStore({
        connectionString: DATABASE_URL,
        schema,
        poolConfig: { max: 4 },
      });
      try {
        await store.init();
        for (let i = 0; i < 30; i++) {
          const id = `race-${i}`;
          const [a, b] = await Promise.all([
            store.loadTurn({ threadId: id, resourceId: 'a', claim: claim(id, 'a'), lastMessages: 5 }),
            twin.loadTurn({ threadId: id, resourceId: 'b', claim: claim(id, 'b'), lastMessages: 5 }),
          ]);
          const owner = (await store.getThreadById(id))?.resourceId;
          expect(['a', 'b']).toContain(owner);
          const [winner, loser] = owner === 'a' ? [a, b] : [b, a];
          expect(winner.thread).toBeNull();
          expect(loser.thread?.resourceId).toBe(owner);
        }
      } finally {
        await twin.close();
      }
    });
  });
});
