/**
 * `SqliteStore`: the embedded default store, one SQLite file through `better-sqlite3@12`
 * (an optional peer dependency, imported on first use).
 *
 * Concurrency model: the file is put in WAL mode (readers never block the writer), every write
 * runs in `BEGIN IMMEDIATE` (the write lock is taken before the first statement, so two
 * processes never deadlock upgrading a read lock) and a busy timeout (default 5 s) makes a
 * second writer wait for the first instead of failing. Within one process the store serialises
 * its own operations on its single connection (better-sqlite3 is synchronous; a transaction
 * must not interleave with another call's statements). `synchronous = NORMAL` in WAL mode
 * survives a killed process (a committed transaction stays, an uncommitted one is rolled
 * back on the next open); only an OS crash or power loss can lose the last commits.
 */

import { resolve as resolvePath } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { ConfigurationError } from '../../errors/configuration-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { describeError } from '../../errors/error-chain.js';
import { SluiceError } from '../../errors/sluice-error.js';
import { queryFailed, StorageError, THREAD_OWNER_TRIGGER_MARKER } from '../errors.js';
import type { Migration, SqlDriver, SqlExecutor, SqlRow } from '../sql/driver.js';
import { checkIdentifier } from '../sql/identifiers.js';
import { loadDriver } from '../sql/load-driver.js';
import { applyMigrations } from '../sql/migrate.js';
import { SqlStore, type SqlTables } from '../sql/sql-store.js';

/** Options of {@link SqliteStore}. */
export interface SqliteStoreOptions {
  /** The database file (created when missing; its directory must exist), or `':memory:'`. */
  path: string;
  /** Prefix of every table name. Default `'sluice_'`. */
  tablePrefix?: string;
  /** How long a write waits for another process's write lock, in ms. Default 5000. */
  busyTimeoutMs?: number;
}

/**
 * The `better-sqlite3` database `SqliteStore.database` hands out, typed with the members
 * maintenance code needs, so Sluice's declarations do not require `@types/better-sqlite3`. It is
 * the driver's `Database` object; with those types installed, cast it to
 * `import('better-sqlite3').Database` for the rest of its API.
 */
export interface SqliteDatabase {
  /** The database file's path (`':memory:'` for an in-memory database). */
  readonly name: string;
  /** False once closed. */
  readonly open: boolean;
  /** True inside a transaction. */
  readonly inTransaction: boolean;
  /** Runs one or more SQL statements without results. */
  exec(sql: string): unknown;
  /** Reads or sets a pragma (`simple: true` returns the first column of the first row). */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  /** Copies the database into `destination` (an online backup). */
  backup(destination: string): Promise<unknown>;
}

type DatabaseConstructor = new (path: string, options?: BetterSqlite3.Options) => BetterSqlite3.Database;

/** The schema, one entry per version. Never edit a released entry: add a new version. */
function migrations(t: SqlTables): Migration[] {
  return [
    {
      version: 1,
      name: 'threads, messages, resources, vectors',
      statements: [
        `CREATE TABLE ${t.threads} (id TEXT PRIMARY KEY, resource_id TEXT NOT NULL, title TEXT, metadata TEXT, ` +
          'created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)',
        // seq: the monotonic tie-breaker for equal timestamps (AUTOINCREMENT never reuses a value).
        `CREATE TABLE ${t.messages} (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, ` +
          'thread_id TEXT NOT NULL, resource_id TEXT NOT NULL, role TEXT NOT NULL, type TEXT, ' +
          'created_at INTEGER NOT NULL, content TEXT NOT NULL)',
        `CREATE TABLE ${t.resources} (id TEXT PRIMARY KEY, working_memory TEXT, metadata TEXT, ` +
          'created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)',
        `CREATE TABLE ${t.vectors} (index_name TEXT NOT NULL, id TEXT NOT NULL, message_id TEXT, thread_id TEXT, ` +
          'resource_id TEXT, dims INTEGER NOT NULL, embedding BLOB NOT NULL, norm REAL NOT NULL, metadata TEXT, ' +
          'PRIMARY KEY (index_name, id))',
      ],
    },
    {
      version: 2,
      name: 'indexes for last-N history, resource listings and scoped vector scans',
      statements: [
        `CREATE INDEX ${t.messages}_thread_order ON ${t.messages} (thread_id, created_at, seq)`,
        `CREATE INDEX ${t.messages}_resource_order ON ${t.messages} (resource_id, created_at, seq)`,
        `CREATE INDEX ${t.threads}_resource ON ${t.threads} (resource_id, created_at)`,
        `CREATE INDEX ${t.vectors}_resource ON ${t.vectors} (index_name, resource_id)`,
        `CREATE INDEX ${t.vectors}_thread ON ${t.vectors} (index_name, thread_id)`,
        `CREATE INDEX ${t.vectors}_message ON ${t.vectors} (message_id)`,
      ],
    },
    {
      version: 3,
      name: 'thread ownership: a message row must carry its thread owner',
      // The store checks this itself; the triggers hold the rule for every other writer too (an
      // older release during a rolling upgrade, a script). Rows already stored are left as they
      // are: history only ever loads the owner's messages.
      statements: [`INSERT`, `UPDATE OF thread_id, resource_id`].map(
        (event, i) =>
          `CREATE TRIGGER ${t.messages}_owner_${i === 0 ? 'insert' : 'update'} BEFORE ${event} ON ${t.messages} ` +
          `WHEN EXISTS (SELECT 1 FROM ${t.threads} WHERE id = NEW.thread_id AND resource_id <> NEW.resource_id) ` +
          `BEGIN SELECT RAISE(ABORT, '${THREAD_OWNER_TRIGGER_MARKER}: the thread belongs to another resource'); END`,
      ),
    },
  ];
}

/** Number of the newest schema version this code knows. */
export const SQLITE_SCHEMA_VERSION = 3;

/**
 * Switch a file to WAL. Changing the journal mode needs an exclusive lock and SQLite answers
 * SQLITE_BUSY at once, without its busy handler, when another process opens the same new file at
 * that moment; so retry, with a short jittered pause, for up to the store's busy timeout.
 */
async function enableWal(db: BetterSqlite3.Database, busyTimeoutMs: number): Promise<void> {
  const deadline = Date.now() + busyTimeoutMs;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      const busy = (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
      if (!busy || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.floor(Math.random() * 20)));
    }
  }
}

/** An operation queue: the tail promise and how many open connections use it. */
interface Lane {
  tail: Promise<unknown>;
  users: number;
}

/**
 * One queue per database file for every connection this process opens to it. better-sqlite3
 * waits for a lock synchronously (the busy timeout blocks the thread), so two connections of
 * one process must never contend in SQLite: a transaction awaiting between its statements would
 * hold the lock while the other connection's `BEGIN IMMEDIATE` blocks the very event loop that
 * has to finish it. Queued in JavaScript instead, they take turns; other processes still meet
 * at SQLite's lock.
 */
const lanes = new Map<string, Lane>();

function joinLane(key: string | undefined): Lane {
  if (key === undefined) return { tail: Promise.resolve(), users: 1 };
  let lane = lanes.get(key);
  if (!lane) {
    lane = { tail: Promise.resolve(), users: 0 };
    lanes.set(key, lane);
  }
  lane.users++;
  return lane;
}

function leaveLane(key: string | undefined, lane: Lane): void {
  lane.users--;
  if (key !== undefined && lane.users <= 0 && lanes.get(key) === lane) lanes.delete(key);
}

class SqliteDriver implements SqlDriver {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  private readonly lane: Lane;
  private readonly direct: SqlExecutor;
  private left = false;

  /** `laneKey`: the resolved file path (`undefined` for a private in-memory database). */
  constructor(
    readonly db: BetterSqlite3.Database,
    private readonly laneKey: string | undefined,
  ) {
    this.lane = joinLane(laneKey);
    this.direct = {
      all: async (sql, params = []) => this.prepare(sql).all(...params) as SqlRow[],
      run: async (sql, params = []) => this.prepare(sql).run(...params).changes,
    };
  }

  private prepare(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      // Bounded cache: statements with inlined LIMITs vary; keep the hot ones.
      if (this.statements.size > 256) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.lane.tail.then(fn, fn);
    this.lane.tail = result.catch(() => undefined);
    return result;
  }

  all(sql: string, params?: readonly unknown[]): Promise<SqlRow[]> {
    return this.serial(() => this.direct.all(sql, params));
  }

  run(sql: string, params?: readonly unknown[]): Promise<number> {
    return this.serial(() => this.direct.run(sql, params));
  }

  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.serial(async () => {
      this.db.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(this.direct);
        this.db.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw error;
      }
    });
  }

  async close(): Promise<void> {
    // Wait for this connection's queued work (and whatever else is queued on the file before it).
    await this.serial(async () => undefined);
    this.statements.clear();
    if (this.db.open) this.db.close();
    if (!this.left) {
      this.left = true;
      leaveLane(this.laneKey, this.lane);
    }
  }
}

/** The embedded SQLite store; see the module comment for its concurrency model. */
export class SqliteStore extends SqlStore {
  readonly name: string;
  readonly dialect = 'sqlite' as const;
  protected readonly tables: SqlTables;
  private readonly options: Required<SqliteStoreOptions>;
  private sqlite: SqliteDriver | undefined;

  constructor(options: SqliteStoreOptions) {
    super();
    if (
      options === null ||
      typeof options !== 'object' ||
      typeof options.path !== 'string' ||
      options.path === ''
    ) {
      throw new ConfigurationError(
        'STORE_INVALID_CONFIG',
        'SqliteStore: option `path` is required, e.g. new SqliteStore({ path: "./memory.db" }) or ' +
          "{ path: ':memory:' }.",
        { details: { store: 'SqliteStore', option: 'path' } },
      );
    }
    const prefix = checkIdentifier('SqliteStore', 'tablePrefix', options.tablePrefix ?? 'sluice_', true);
    const busy = options.busyTimeoutMs ?? 5000;
    if (!Number.isInteger(busy) || busy < 0) {
      throw new ConfigurationError(
        'STORE_INVALID_CONFIG',
        `SqliteStore: option \`busyTimeoutMs\` must be a non-negative integer (got ${describeValue(busy)}).`,
        { details: { store: 'SqliteStore', option: 'busyTimeoutMs' } },
      );
    }
    this.options = { path: options.path, tablePrefix: prefix, busyTimeoutMs: busy };
    this.name = `SqliteStore(${options.path})`;
    this.tables = {
      threads: `${prefix}threads`,
      messages: `${prefix}messages`,
      resources: `${prefix}resources`,
      vectors: `${prefix}vectors`,
      migrations: `${prefix}migrations`,
    };
  }

  /**
   * The underlying `better-sqlite3` database (after `init()`), for maintenance such as
   * backups. Statements run on it bypass the store's operation queue.
   */
  get database(): SqliteDatabase | undefined {
    return this.sqlite?.db;
  }

  /** Applied schema versions, oldest first. */
  async schemaVersions(): Promise<number[]> {
    const db = await this.connection();
    const rows = await db.all(`SELECT version FROM ${this.tables.migrations} ORDER BY version`);
    return rows.map((r) => Number(r.version));
  }

  protected override classify(operation: string, error: unknown): SluiceError {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY') {
      return new StorageError(
        'STORE_UNAVAILABLE',
        `${this.name}: ${operation} could not use the database file (${describeError(error)}). ` +
          'Check the path and permissions, or raise `busyTimeoutMs` if another process holds the write lock.',
        { cause: error, details: { store: this.name, operation } },
      );
    }
    return queryFailed(this.name, operation, error);
  }

  protected async open(): Promise<SqlDriver> {
    const mod = await loadDriver<{ default: DatabaseConstructor }>(
      'SqliteStore',
      'better-sqlite3',
      'npm install better-sqlite3@12',
    );
    let db: BetterSqlite3.Database;
    try {
      db = new mod.default(this.options.path, { timeout: this.options.busyTimeoutMs });
    } catch (error) {
      throw new StorageError(
        'STORE_UNAVAILABLE',
        `${this.name}: cannot open the database file (${describeError(error)}). ` +
          'Check that its directory exists and is writable.',
        { cause: error, details: { store: this.name, path: this.options.path } },
      );
    }
    try {
      if (this.options.path !== ':memory:') await enableWal(db, this.options.busyTimeoutMs);
      db.pragma('synchronous = NORMAL');
    } catch (error) {
      db.close();
      throw new StorageError(
        'STORE_UNAVAILABLE',
        `${this.name}: cannot set up the database (${describeError(error)}).`,
        {
          cause: error,
          details: { store: this.name, path: this.options.path },
        },
      );
    }
    const driver = new SqliteDriver(
      db,
      this.options.path === ':memory:' || this.options.path === ''
        ? undefined
        : resolvePath(this.options.path),
    );
    try {
      await this.migrate(driver);
    } catch (error) {
      await driver.close();
      throw error;
    }
    this.sqlite = driver;
    return driver;
  }

  protected qualify(name: string): string {
    return `${this.options.tablePrefix}${name}`;
  }

  protected prefixed(name: string): string {
    return `${this.options.tablePrefix}${name}`;
  }

  protected async migrateFeature(
    driver: SqlDriver,
    feature: string,
    migrationsTable: string,
    list: readonly Migration[],
  ): Promise<void> {
    try {
      await driver.transaction(async (tx) => {
        await tx.run(
          `CREATE TABLE IF NOT EXISTS ${migrationsTable} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`,
        );
        await applyMigrations(`${this.name} (${feature})`, tx, migrationsTable, list);
      });
    } catch (error) {
      if (SluiceError.isInstance(error)) throw error;
      throw this.classify(`set up the ${feature} tables`, error);
    }
  }

  /** Apply missing migrations under the write lock, so concurrent first opens apply each once. */
  private async migrate(driver: SqliteDriver): Promise<void> {
    const t = this.tables;
    try {
      await driver.transaction(async (tx) => {
        await tx.run(
          `CREATE TABLE IF NOT EXISTS ${t.migrations} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`,
        );
        await applyMigrations(this.name, tx, t.migrations, migrations(t));
      });
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'SQLITE_BUSY' || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY') {
        throw this.classify('init', error);
      }
      if (SluiceError.isInstance(error)) throw error;
      throw new StorageError(
        'STORE_MIGRATION_FAILED',
        `${this.name}: schema set-up failed: ${describeError(error)}.`,
        {
          cause: error,
          details: { store: this.name },
        },
      );
    }
  }
}
