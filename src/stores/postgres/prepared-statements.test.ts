/**
 * The statements every turn runs (memory load and save) are kept prepared on each connection, so
 * PostgreSQL parses and plans them once per connection; read off the server's own
 * `pg_prepared_statements` of the one connection a `max: 1` pool has. A pooler that loses them
 * (PgBouncer in transaction mode) costs one retry and a warning, never a failed turn.
 */
import pg from 'pg';
import { Agent } from 'sluice/agent';
import { Memory } from 'sluice/memory';
import { PostgresStore } from 'sluice/pg';
import { ScriptedModel } from 'sluice/test';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_URL, dropSchema, postgresAvailable, uniqueSchema } from './testing/test-env.js';

const available = await postgresAvailable();

interface Prepared {
  name: string;
  statement: string;
  /** Executions through the prepared statement (custom + generic plans). */
  runs: number;
}

/** Named statements of the pool's one connection that the store prepared. */
async function preparedOnConnection(pool: pg.Pool): Promise<Prepared[]> {
  const { rows } = await pool.query<{ name: string; statement: string; runs: string }>(
    "SELECT name, statement, (generic_plans + custom_plans)::text AS runs FROM pg_prepared_statements WHERE name LIKE 'sluice\\_%' ORDER BY statement",
  );
  return rows.map((r) => ({ name: r.name, statement: r.statement, runs: Number(r.runs) }));
}

/** An agent with memory on `storage`; `turns` turns on one thread; the answers it gave. */
async function runTurns(storage: PostgresStore, turns: number): Promise<string[]> {
  const agent = new Agent({
    id: 'prepared',
    instructions: 'x',
    model: new ScriptedModel({ steps: (call) => `answer ${call.index}` }),
    memory: new Memory({ storage, options: { lastMessages: 10 } }),
  });
  const answers: string[] = [];
  for (let i = 0; i < turns; i++) {
    const result = await agent.generate(`question ${i}`, { memory: { thread: 'th', resource: 'u' } });
    answers.push(result.text);
  }
  return answers;
}

describe.skipIf(!available)('PostgresStore prepared statements (real server, one connection)', () => {
  const pools: pg.Pool[] = [];
  const schemas: Array<[pg.Pool, string]> = [];
  afterAll(async () => {
    for (const [pool, schema] of schemas) await dropSchema(pool, schema);
    for (const pool of pools) await pool.end();
  });

  async function store(options: { preparedStatements?: boolean; schema?: string } = {}) {
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
    pools.push(pool);
    const schema = options.schema ?? uniqueSchema('prep');
    if (options.schema === undefined) schemas.push([pool, schema]);
    const storage = new PostgresStore({
      pool,
      schema,
      ...(options.preparedStatements !== undefined ? { preparedStatements: options.preparedStatements } : {}),
    });
    await storage.init();
    return { pool, storage };
  }

  it('the load and the save are each prepared once on the connection and run prepared every turn', async () => {
    const { pool, storage } = await store();
    await runTurns(storage, 3);
    const prepared = await preparedOnConnection(pool);
    expect(prepared.map((p) => p.runs)).toEqual([3, 3]);
    expect(prepared.some((p) => p.statement.startsWith('WITH claimed AS'))).toBe(true);
    expect(prepared.some((p) => p.statement.startsWith('WITH owned AS'))).toBe(true);
    // Names come from the text: the same store on another connection would use the same two.
    expect(new Set(prepared.map((p) => p.name)).size).toBe(2);
  });

  it('preparedStatements: false sends every statement unnamed (nothing kept on the connection)', async () => {
    const { pool, storage } = await store({ preparedStatements: false });
    expect(await runTurns(storage, 2)).toHaveLength(2);
    expect(await preparedOnConnection(pool)).toEqual([]);
  });

  it('a connection that lost its statements (a pooler moving the session): the turn still succeeds, one warning, then unprepared', async () => {
    const { pool, storage } = await store();
    await runTurns(storage, 1);
    expect(await preparedOnConnection(pool)).toHaveLength(2);
    // What PgBouncer in transaction mode amounts to: the client believes the statements are
    // prepared, the server connection it lands on has none.
    await pool.query('DEALLOCATE ALL');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(await runTurns(storage, 2)).toEqual(['answer 0', 'answer 1']);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/preparedStatements: false/);
    } finally {
      warn.mockRestore();
    }
    expect(await preparedOnConnection(pool)).toEqual([]);
    // Nothing lost or written twice: the thread holds the three turns, in order.
    const { messages } = await storage.listMessages({ threadId: 'th', resourceId: 'u' });
    expect(messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
  });

  it('a connection that already has a statement of that name (another client prepared it there, as behind a pooler): the turn still succeeds, one warning, then unprepared', async () => {
    const first = await store();
    await runTurns(first.storage, 1);
    const names = (await preparedOnConnection(first.pool)).map((p) => p.name);
    expect(names).toHaveLength(2);
    // PgBouncer in transaction mode hands this client a server connection another client
    // prepared the statements on: this client parses them (it never did), the server refuses
    // with 42P05 (duplicate_prepared_statement) before running anything.
    const schema = schemas[schemas.length - 1]?.[1] as string;
    const second = await store({ schema });
    for (const name of names) await second.pool.query(`PREPARE "${name}" AS SELECT 1`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(await runTurns(second.storage, 2)).toEqual(['answer 0', 'answer 1']);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/preparedStatements: false/);
    } finally {
      warn.mockRestore();
    }
    const { messages } = await second.storage.listMessages({ threadId: 'th', resourceId: 'u' });
    expect(messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
  });

  it('a preparedStatements that is not a boolean is refused up front, naming the option', () => {
    expect(
      () =>
        new PostgresStore({
          connectionString: DATABASE_URL,
          preparedStatements: 'yes' as unknown as boolean,
        }),
    ).toThrow(/`preparedStatements` must be true or false/);
  });
});
