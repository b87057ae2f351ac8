/**
 * The narrow driver seam the SQL stores share: run a statement, read rows, run a transaction.
 * SQL is written once with `?` placeholders; the PostgreSQL driver renumbers them to `$n`.
 */

/** One result row, column name → value as the driver returns it. */
export type SqlRow = Record<string, unknown>;

/** Runs statements (inside or outside a transaction). */
export interface SqlExecutor {
  /** Rows of a query. */
  all(sql: string, params?: readonly unknown[]): Promise<SqlRow[]>;
  /** Run a statement; resolves to the number of changed rows. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
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
