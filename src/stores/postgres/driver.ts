/**
 * The `pg` seam of `PostgresStore`: statements on a pool with a client-side timeout, the turn's
 * statements kept prepared per connection (named after their text), transactions and migrations
 * on one checked-out client, and which driver errors mean "the database is not reachable".
 */
import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { SqlDriver, SqlExecutor, SqlRow, SqlStatementOptions } from '../sql/driver.js';

/** Migrations may build indexes on large tables: their statements get this long on both sides. */
const MIGRATION_TIMEOUT_MS = 10 * 60_000;

/** Driver/network error codes that mean "the database is not reachable", not "bad statement". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '28000', // invalid authorization
  '28P01', // invalid password
  '3D000', // database does not exist
]);

/** pg's client-side `query_timeout` rejection (the query got no answer in time). */
export function isQueryTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'Query read timeout';
}

/** PostgreSQL cancelled the statement because it ran past `statement_timeout`. */
export function isStatementTimeout(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (
    (error as { code?: unknown }).code === '57014' &&
    String((error as { message?: unknown }).message ?? '').includes('statement timeout')
  );
}

/**
 * A named statement the server connection does not match, as behind a pooler that moves the
 * session: PostgreSQL has no statement of that name (`26000`), or the connection already has one
 * another client prepared there, which this client tried to parse (`42P05`). Both are refused
 * before the statement runs.
 */
function isMovedPreparedStatement(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '26000' || code === '42P05';
}

export function isUnavailable(error: unknown): boolean {
  if (isQueryTimeout(error) || isStatementTimeout(error)) return true;
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  const message = String((error as { message?: unknown }).message ?? '');
  return /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED/i.test(message);
}

const numbered = new Map<string, string>();
const statementNames = new Map<string, string>();

/**
 * The name a prepared statement is kept under on a connection: derived from its text, so one name
 * never stands for two texts (pg refuses that) however many stores, schemas or pools a process has.
 */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `sluice_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
    if (statementNames.size > 1024) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/** `?` placeholders → `$1, $2, …` (the shared SQL never has a literal `?`). */
function toPg(sql: string): string {
  let out = numbered.get(sql);
  if (out === undefined) {
    let n = 0;
    out = sql.replace(/\?/g, () => `$${++n}`);
    if (numbered.size > 1024) numbered.clear();
    numbered.set(sql, out);
  }
  return out;
}

/**
 * Statements through `client`, each with pg's client-side `query_timeout` (`timeoutMs`, 0: none):
 * a query sent on a connection that stalls rejects instead of waiting for the network. With
 * `prepare`, statements marked `prepared` go as named statements (see {@link statementName}).
 */
function executor(client: Pool | PoolClient, timeoutMs: number, prepare: boolean): SqlExecutor {
  // `query_timeout` per query (pg reads it from the query config), so it holds on a pool the
  // caller passed too; typed loosely because @types/pg does not list it on QueryConfig.
  const send = (sql: string, params: readonly unknown[], options: SqlStatementOptions | undefined) => {
    const text = toPg(sql);
    const config: { text: string; values: unknown[]; name?: string; query_timeout?: number } = {
      text,
      values: params as unknown[],
    };
    if (timeoutMs > 0) config.query_timeout = timeoutMs;
    if (prepare && options?.prepared === true) config.name = statementName(text);
    return client.query(config);
  };
  return {
    all: async (sql, params = [], options) => (await send(sql, params, options)).rows as SqlRow[],
    run: async (sql, params = [], options) => (await send(sql, params, options)).rowCount ?? 0,
  };
}

/** The store's connection: statements on the pool, transactions and migrations on one checked-out client. */
export class PostgresDriver implements SqlDriver {
  private direct: SqlExecutor;

  constructor(
    private readonly pool: Pool,
    private readonly ownsPool: boolean,
    private readonly queryTimeoutMs: number,
    private prepare: boolean,
    private readonly store: string,
  ) {
    this.direct = executor(pool, queryTimeoutMs, prepare);
  }

  all(sql: string, params?: readonly unknown[], options?: SqlStatementOptions): Promise<SqlRow[]> {
    const rows = this.direct.all(sql, params, options);
    return this.prepare && options?.prepared
      ? rows.catch((e) => this.unprepared(e, () => this.all(sql, params)))
      : rows;
  }

  run(sql: string, params?: readonly unknown[], options?: SqlStatementOptions): Promise<number> {
    const count = this.direct.run(sql, params, options);
    return this.prepare && options?.prepared
      ? count.catch((e) => this.unprepared(e, () => this.run(sql, params)))
      : count;
  }

  /**
   * A named statement the server connection did not have (`26000`), or had already from another
   * client (`42P05`): a connection pooler in transaction mode moved the session (PgBouncer before
   * 1.21, or `max_prepared_statements = 0`). Nothing ran (the server refused the statement before
   * executing it), so it is sent again unnamed, and this store stops preparing statements, with
   * one warning.
   */
  private unprepared<T>(error: unknown, again: () => Promise<T>): Promise<T> {
    if (!isMovedPreparedStatement(error)) throw error;
    if (this.prepare) {
      this.prepare = false;
      this.direct = executor(this.pool, this.queryTimeoutMs, false);
      console.warn(
        `${this.store}: the database connection did not have a statement the store had prepared on it ` +
          '(a connection pooler in transaction mode, e.g. PgBouncer before 1.21?); statements are sent ' +
          'unprepared from now on. Pass `preparedStatements: false` to skip the attempt, or enable prepared ' +
          'statements in the pooler (PgBouncer 1.21+: max_prepared_statements).',
      );
    }
    return again();
  }

  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.transactionWithin(this.queryTimeoutMs, fn);
  }

  /**
   * A migration's transaction: its statements may run for {@link MIGRATION_TIMEOUT_MS} on both
   * sides (an index built over a large table), set with `SET LOCAL` so the connection keeps the
   * store's limit afterwards.
   */
  migration<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.transactionWithin(MIGRATION_TIMEOUT_MS, async (tx) => {
      await tx.run(`SET LOCAL statement_timeout = ${MIGRATION_TIMEOUT_MS}`);
      return fn(tx);
    });
  }

  private async transactionWithin<T>(timeoutMs: number, fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // A connection dropped mid-transaction rejects the pending query; without a listener the
    // client's 'error' event would also crash the process.
    const ignore = () => undefined;
    client.on('error', ignore);
    let broken = false;
    const tx = executor(client, timeoutMs, this.prepare);
    try {
      await tx.run('BEGIN');
      const result = await fn(tx);
      await tx.run('COMMIT');
      return result;
    } catch (error) {
      if (isQueryTimeout(error)) {
        // The connection stalls: a ROLLBACK would only queue behind the unanswered query. Drop
        // the connection; the server rolls the transaction back when it goes.
        broken = true;
        throw error;
      }
      try {
        await tx.run('ROLLBACK');
      } catch {
        // The connection is gone; the server rolls back on its own. Do not reuse this client.
        broken = true;
      }
      throw error;
    } finally {
      client.off('error', ignore);
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
