/**
 * The narrow driver seam the SQL stores share: run a statement, read rows, run a transaction.
 * SQL is written once with `?` placeholders; the PostgreSQL driver renumbers them to `$n`.
 */

/** One result row, column name → value as the driver returns it. */
export type SqlRow = Record<string, unknown>;

/** How a statement is sent. */
export interface SqlStatementOptions {
  /**
   * The statement runs on every turn with the same text: the driver may keep it prepared on the
   * connection (PostgreSQL: a named statement, parsed and planned once per connection instead of
   * on every call). Only for fixed texts: a text that varies (an `IN` list of any length) would
   * fill every connection with statements.
   */
  prepared?: boolean;
}

/** Runs statements (inside or outside a transaction). */
export interface SqlExecutor {
  /** Rows of a query. */
  all(sql: string, params?: readonly unknown[], options?: SqlStatementOptions): Promise<SqlRow[]>;
  /** Run a statement; resolves to the number of changed rows. */
  run(sql: string, params?: readonly unknown[], options?: SqlStatementOptions): Promise<number>;
}

/** A connected database. */
export interface SqlDriver extends SqlExecutor {
  /**
   * Run `fn` in one transaction (SQLite: `BEGIN IMMEDIATE`, so the write lock is taken up front
   * and a concurrent writer waits for the busy timeout instead of failing mid-transaction).
   * Commits when `fn` resolves, rolls back when it rejects.
   */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Release the connection. */
  close(): Promise<void>;
}

/** One versioned schema migration. Versions are applied in order, each exactly once. */
export interface Migration {
  version: number;
  name: string;
  /** Statements run inside the migration transaction. */
  statements: string[];
}
