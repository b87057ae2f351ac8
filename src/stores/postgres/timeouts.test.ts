/**
 * Issue 30 item 3: a PostgreSQL query already sent never hangs. A network stall (a TCP proxy
 * that stops forwarding) fails the in-flight turn with `STORE_UNAVAILABLE` from the client-side
 * query timeout, and the next turn after the stall works; a statement running past
 * `statement_timeout` (a `pg_sleep`, a lock held too long) is cancelled by the server and fails
 * the same way. All on the real server.
 */
import pg from 'pg';
import { Agent } from 'sluice/agent';
import { Memory } from 'sluice/memory';
import { PostgresStore } from 'sluice/pg';
import { ScriptedModel } from 'sluice/test';
import { afterAll, describe, expect, it } from 'vitest';
import { SluiceError } from '../../errors/sluice-error.js';
import { type StallProxy, startStallProxy } from './testing/stall-proxy.js';
import { DATABASE_URL, dropSchema, postgresAvailable, uniqueSchema } from './testing/test-env.js';

const available = await postgresAvailable();
const admin = available ? new pg.Pool({ connectionString: DATABASE_URL, max: 2 }) : undefined;
afterAll(async () => {
  await admin?.end();
});

/** `DATABASE_URL` with its host and port replaced by the proxy's. */
function throughProxy(proxy: StallProxy): string {
  const url = new URL(DATABASE_URL);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return url.toString();
}

/** The store error somewhere in `error`'s cause chain. */
function storeError(error: unknown): SluiceError | undefined {
  for (let e = error, depth = 0; e !== undefined && depth < 8; depth++) {
    if (SluiceError.isInstance(e) && e.code.startsWith('STORE_')) return e;
    e = (e as { cause?: unknown } | null)?.cause;
  }
  return undefined;
}

function texts(messages: Array<{ content: { parts: Array<{ type: string; text?: string }> } }>): string[] {
  return messages.map((m) => m.content.parts.find((p) => p.type === 'text')?.text ?? '');
}

describe.skipIf(!available)('PostgreSQL calls never hang (real server)', () => {
  it('a network stall fails the in-flight turn with STORE_UNAVAILABLE (query timeout); the turn after it works', async () => {
    const target = new URL(DATABASE_URL);
    const proxy = await startStallProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const schema = uniqueSchema('stall');
    const storage = new PostgresStore({
      connectionString: throughProxy(proxy),
      schema,
      statementTimeoutMs: 2000,
      queryTimeoutMs: 1000,
      poolConfig: { max: 2, connectionTimeoutMillis: 1000 },
    });
    let n = 0;
    const model = new ScriptedModel({ steps: () => `answer ${n++}` });
    const agent = new Agent({ id: 'stall', instructions: 'x', model, memory: new Memory({ storage }) });
    const turn = (text: string) => agent.generate(text, { memory: { thread: 'th', resource: 'u' } });
    try {
      await turn('question 0');
      proxy.stall();
      // Nothing comes back while stalled: without a query timeout this call would wait for as
      // long as the stall lasts (the test's own timeout).
      const error = await turn('question 1').then(
        () => undefined,
        (e: unknown) => e,
      );
      const cause = storeError(error);
      expect(cause?.code, String(error)).toBe('STORE_UNAVAILABLE');
      expect(cause?.message).toContain('queryTimeoutMs');
      expect(cause?.message).toContain(storage.name);
      expect(model.calls.length).toBe(1);
      proxy.resume();
      await turn('question 2');
      // The stalled turn called no model and stored nothing; the turn after it saw turn 0.
      expect(model.calls.length).toBe(2);
      const { messages } = await new Memory({ storage }).recall({ threadId: 'th', perPage: false });
      expect(texts(messages)).toEqual(['question 0', 'answer 0', 'question 2', 'answer 1']);
    } finally {
      proxy.resume();
      await storage.close();
      await proxy.close();
      await dropSchema(admin!, schema);
    }
  }, 30_000);

  it('a stall while the turn is saved fails the call, and the turn is stored whole or not at all', async () => {
    const target = new URL(DATABASE_URL);
    const proxy = await startStallProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const schema = uniqueSchema('stallsave');
    const storage = new PostgresStore({
      connectionString: throughProxy(proxy),
      schema,
      queryTimeoutMs: 1000,
      poolConfig: { max: 2, connectionTimeoutMillis: 1000 },
    });
    let stallNow = false;
    const model = new ScriptedModel({
      steps: () => {
        // The model has answered; the save that follows meets a stalled network.
        if (stallNow) proxy.stall();
        return 'the answer';
      },
    });
    const agent = new Agent({ id: 'stall-save', instructions: 'x', model, memory: new Memory({ storage }) });
    const turn = (text: string) => agent.generate(text, { memory: { thread: 'th', resource: 'u' } });
    try {
      await turn('question 0');
      stallNow = true;
      const error = await turn('question 1').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(storeError(error)?.code, String(error)).toBe('STORE_UNAVAILABLE');
      stallNow = false;
      proxy.resume();
      await turn('question 2');
      const { messages } = await new Memory({ storage }).recall({ threadId: 'th', perPage: false });
      const stored = texts(messages);
      // The save is one atomic statement: the stalled turn is either all there or absent
      // (its bytes may still reach the server when the path comes back), never half.
      const whole = ['question 0', 'the answer', 'question 1', 'the answer', 'question 2', 'the answer'];
      const without = ['question 0', 'the answer', 'question 2', 'the answer'];
      expect([JSON.stringify(whole), JSON.stringify(without)]).toContain(JSON.stringify(stored));
    } finally {
      proxy.resume();
      await storage.close();
      await proxy.close();
      await dropSchema(admin!, schema);
    }
  }, 30_000);

  it('a pool the caller passed gets the client-side query timeout too: a stalled read fails, the pool stays usable', async () => {
    const target = new URL(DATABASE_URL);
    const proxy = await startStallProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const schema = uniqueSchema('stallpool');
    const pool = new pg.Pool({
      connectionString: throughProxy(proxy),
      max: 2,
      connectionTimeoutMillis: 1000,
    });
    pool.on('error', () => undefined);
    const storage = new PostgresStore({ pool, schema, queryTimeoutMs: 500 });
    try {
      await storage.init();
      proxy.stall();
      const error = await storage.getThreadById('t').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(storeError(error)?.code, String(error)).toBe('STORE_UNAVAILABLE');
      expect(storeError(error)?.message).toContain('getThreadById');
      proxy.resume();
      expect(await storage.getThreadById('t')).toBeNull();
    } finally {
      proxy.resume();
      await storage.close();
      await pool.end();
      await proxy.close();
      await dropSchema(admin!, schema);
    }
  }, 30_000);

  it('pg_sleep past statementTimeoutMs is cancelled by the server: STORE_UNAVAILABLE naming the statement timeout', async () => {
    const schema = uniqueSchema('sleep');
    const storage = new PostgresStore({ connectionString: DATABASE_URL, schema, statementTimeoutMs: 300 });
    try {
      const handle = storage.feature({ name: 'sleepy', migrations: () => [] });
      const db = await handle.connect();
      const error = await db.all('SELECT pg_sleep(5)').then(
        () => undefined,
        (e: unknown) => handle.classify('sleep', e),
      );
      expect(error?.code).toBe('STORE_UNAVAILABLE');
      expect(error?.message).toContain('statement timeout');
      expect(error?.message).toContain('statementTimeoutMs');
      // The connection is fine afterwards: the server cancelled one statement, nothing more.
      expect(await db.all('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await storage.close();
      await dropSchema(admin!, schema);
    }
  });

  it("a lock held past statementTimeoutMs fails the turn's save with STORE_UNAVAILABLE; nothing of the turn is stored", async () => {
    const schema = uniqueSchema('locked');
    const storage = new PostgresStore({ connectionString: DATABASE_URL, schema, statementTimeoutMs: 300 });
    const model = new ScriptedModel({ steps: () => 'the answer' });
    const agent = new Agent({ id: 'locked', instructions: 'x', model, memory: new Memory({ storage }) });
    const turn = (text: string) => agent.generate(text, { memory: { thread: 'th', resource: 'u' } });
    const holder = await admin!.connect();
    try {
      await turn('question 0');
      await holder.query('BEGIN');
      await holder.query(`SELECT id FROM "${schema}".sluice_threads WHERE id = 'th' FOR UPDATE`);
      const error = await turn('question 1').then(
        () => undefined,
        (e: unknown) => e,
      );
      const cause = storeError(error);
      expect(cause?.code, String(error)).toBe('STORE_UNAVAILABLE');
      expect(cause?.message).toContain('statement timeout');
      await holder.query('ROLLBACK');
      const { messages } = await new Memory({ storage }).recall({ threadId: 'th', perPage: false });
      expect(texts(messages)).toEqual(['question 0', 'the answer']);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
      await storage.close();
      await dropSchema(admin!, schema);
    }
  });

  it('rejects a timeout that is not a whole number of ms ≥ 0, naming the option', () => {
    expect(() => new PostgresStore({ connectionString: DATABASE_URL, queryTimeoutMs: -1 })).toThrow(
      /queryTimeoutMs/,
    );
    expect(() => new PostgresStore({ connectionString: DATABASE_URL, statementTimeoutMs: 1.5 })).toThrow(
      /statementTimeoutMs/,
    );
  });
});
