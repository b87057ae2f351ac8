/**
 * `PostgresStore`: memory in PostgreSQL through `pg` (an optional peer dependency, imported on
 * first use), from a connection string (the store owns and ends its pool) or a `pg.Pool` you
 * pass (left open on `close()`).
 *
 * Concurrency model: every write runs in one transaction on one pooled client, so any number of
 * pools/processes may write to the same thread: each message is its own row keyed by id
 * (`ON CONFLICT (id) DO UPDATE` makes concurrent upserts of one id safe) and ordering comes from
 * `(created_at, seq)` with `seq` an identity column. Migrations take a transaction-scoped
 * advisory lock keyed by the schema, so two processes starting at once apply each
 * version exactly once. A client killed mid-transaction leaves nothing: the server rolls the
 * transaction back when the connection drops. A turn's load and save are one statement each
 * (`./turn-statements.ts`): one round trip, the save atomic as a statement is, both kept
 * prepared on each connection (`./driver.ts`, option `preparedStatements`).
 *
 * No query waits forever: `statementTimeoutMs` (PostgreSQL's `statement_timeout`, on the pool the
 * store creates) and `queryTimeoutMs` (a client-side timer on every query, which also drops the
 * stalled connection) fail a call with `STORE_UNAVAILABLE`.
 */
import type { Pool, PoolConfig } from 'pg';
import { ConfigurationError } from '../../errors/configuration-error.js';
import { describeError } from '../../errors/error-chain.js';
import { SluiceError } from '../../errors/sluice-error.js';
import { checkThread } from '../common.js';
import { invalidInput, queryFailed, StorageError, THREAD_OWNER_TRIGGER_MARKER } from '../errors.js';
import type { Migration, SqlDriver } from '../sql/driver.js';
import { checkIdentifier } from '../sql/identifiers.js';
import { loadDriver } from '../sql/load-driver.js';
import { applyMigrations } from '../sql/migrate.js';
import { SqlStore, type SqlTables } from '../sql/sql-store.js';
import type { LoadedTurn, LoadTurnQuery, SaveTurnInput, StorageMessage } from '../types.js';
import { isQueryTimeout, isStatementTimeout, isUnavailable, PostgresDriver } from './driver.js';
import { fitsOneStatement, loadTurnStatement, saveTurnStatement } from './turn-statements.js';

/**
 * A `pg.Pool`, typed with the members the store uses, so Sluice's declarations do not require
 * `@types/pg`. Pass the `Pool` instance from `pg` itself.
 */
export interface PgPool {
  /** Runs one statement on a pooled connection. */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
  /** Checks out a connection (the store uses one per transaction and releases it). */
  connect(): Promise<unknown>;
  /** Closes the pool (never called on a pool the caller passed in). */
  end(): Promise<void>;
}

/**
 * Options `PostgresStore` passes to the `pg.Pool` it creates (`max`, `idleTimeoutMillis`, `ssl`,
 * …: see `pg`'s `PoolConfig`; typed loosely so the declarations do not require `@types/pg`).
 */
export interface PgPoolConfig {
  /** Most connections the pool opens. */
  max?: number;
  /** How long an idle connection stays open, in ms (`null`: no limit, as in `pg`). */
  idleTimeoutMillis?: number | null;
  /** How long connecting may take, in ms. Default here: 5000. */
  connectionTimeoutMillis?: number;
  /** Any other `pg` pool option, passed through. */
  [option: string]: unknown;
}

/** Options of {@link PostgresStore}: exactly one of `connectionString` / `pool`. */
export interface PostgresStoreOptions {
  /** e.g. `postgres://postgres@127.0.0.1:5432/test`. The store creates (and ends) its own pool. */
  connectionString?: string;
  /** An existing `pg.Pool`; the store never ends it. */
  pool?: PgPool;
  /** Extra options for the pool the store creates from `connectionString` (e.g. `max`). */
  poolConfig?: PgPoolConfig;
  /** Schema holding the tables (created when missing). Default `'public'`. */
  schema?: string;
  /** Prefix of every table name. Default `'sluice_'`. */
  tablePrefix?: string;
  /**
   * Server-side limit of one statement, in ms: PostgreSQL cancels a statement running longer
   * (a lock held too long, an overloaded server) and the call fails with `STORE_UNAVAILABLE`.
   * Set as `statement_timeout` on the connections of the pool the store creates; on a pool you
   * pass, set `statement_timeout` in its own config. Default 15000; 0 turns it off.
   */
  statementTimeoutMs?: number;
  /**
   * Client-side limit of one query, in ms, for every query the store sends (its own pool or
   * yours): a query with no answer by then (a network stall, a server that stopped answering)
   * fails with `STORE_UNAVAILABLE` and its connection is dropped, so a call never hangs. Default
   * `statementTimeoutMs` + 5000 (20000), so the server's cancel normally answers first; 0 turns
   * it off.
   */
  queryTimeoutMs?: number;
  /**
   * Keep the statements every turn runs (the memory load and save) prepared on each connection,
   * so PostgreSQL parses and plans them once per connection instead of on every turn (in the
   * load bench this cut the server's CPU per turn by about a third). Default `true`. Set `false`
   * behind a connection pooler in transaction mode that does not keep prepared statements
   * (PgBouncer before 1.21, or with `max_prepared_statements = 0`): there the next transaction
   * may land on a server connection that never saw the statement, or one where another client
   * prepared it: the store then notices (PostgreSQL's `26000` or `42P05`), sends that statement
   * again unprepared, warns once and stops preparing; `false` skips the attempt.
   */
  preparedStatements?: boolean;
}

/** Default of {@link PostgresStoreOptions.statementTimeoutMs}. */
const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
/** How much longer than the statement timeout the client waits by default. */
const CLIENT_TIMEOUT_MARGIN_MS = 5_000;

/** Number of the newest schema version this code knows. */
export const POSTGRES_SCHEMA_VERSION = 3;

function migrations(t: SqlTables, prefix: string, schema: string): Migration[] {
  const fn = `"${schema}"."${prefix}message_owner_check"`;
  return [
    {
      version: 1,
      name: 'threads, messages, resources, vectors',
      statements: [
        `CREATE TABLE ${t.threads} (id TEXT PRIMARY KEY, resource_id TEXT NOT NULL, title TEXT, metadata TEXT, ` +
          'created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)',
        // seq: the tie-breaker for equal timestamps; identity values only ever grow.
        `CREATE TABLE ${t.messages} (seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, id TEXT NOT NULL UNIQUE, ` +
          'thread_id TEXT NOT NULL, resource_id TEXT NOT NULL, role TEXT NOT NULL, type TEXT, ' +
          'created_at BIGINT NOT NULL, content TEXT NOT NULL)',
        `CREATE TABLE ${t.resources} (id TEXT PRIMARY KEY, working_memory TEXT, metadata TEXT, ` +
          'created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)',
        `CREATE TABLE ${t.vectors} (index_name TEXT NOT NULL, id TEXT NOT NULL, message_id TEXT, thread_id TEXT, ` +
          'resource_id TEXT, dims INTEGER NOT NULL, embedding BYTEA NOT NULL, norm DOUBLE PRECISION NOT NULL, ' +
          'metadata TEXT, PRIMARY KEY (index_name, id))',
      ],
    },
    {
      version: 2,
      name: 'indexes for last-N history, resource listings and scoped vector scans',
      statements: [
        `CREATE INDEX ${prefix}messages_thread_order ON ${t.messages} (thread_id, created_at, seq)`,
        `CREATE INDEX ${prefix}messages_resource_order ON ${t.messages} (resource_id, created_at, seq)`,
        `CREATE INDEX ${prefix}threads_resource ON ${t.threads} (resource_id, created_at)`,
        `CREATE INDEX ${prefix}vectors_resource ON ${t.vectors} (index_name, resource_id)`,
        `CREATE INDEX ${prefix}vectors_thread ON ${t.vectors} (index_name, thread_id)`,
        `CREATE INDEX ${prefix}vectors_message ON ${t.vectors} (message_id)`,
      ],
    },
    {
      version: 3,
      name: 'thread ownership: a message row must carry its thread owner',
      // The store checks this itself (under the thread row's lock); the trigger holds the rule for
      // every other writer too (an older release during a rolling upgrade, a script). Rows
      // already stored are left as they are: history only ever loads the owner's messages.
      statements: [
        `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $body$ BEGIN ` +
          `IF EXISTS (SELECT 1 FROM ${t.threads} WHERE id = NEW.thread_id AND resource_id <> NEW.resource_id) THEN ` +
          `RAISE EXCEPTION '${THREAD_OWNER_TRIGGER_MARKER}: thread % belongs to another resource than %', ` +
          `NEW.thread_id, NEW.resource_id USING ERRCODE = '23514'; END IF; RETURN NEW; END $body$`,
        `CREATE TRIGGER ${prefix}messages_owner BEFORE INSERT OR UPDATE OF thread_id, resource_id ON ${t.messages} ` +
          `FOR EACH ROW EXECUTE FUNCTION ${fn}()`,
      ],
    },
  ];
}

/** A timeout option: a non-negative integer of ms (0: off), or the default when omitted. */
function checkTimeout(option: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new ConfigurationError(
      'STORE_INVALID_CONFIG',
      `PostgresStore: \`${option}\` must be a whole number of milliseconds ≥ 0 (0 turns it off); got ${String(value)}.`,
      { details: { store: 'PostgresStore', option } },
    );
  }
  return value;
}

function describeTarget(connectionString: string | undefined): string {
  if (connectionString === undefined) return 'pool';
  try {
    const url = new URL(connectionString);
    // Never echo credentials into error messages.
    return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return 'connection string';
  }
}

/** The PostgreSQL store; see the module comment for its concurrency model. */
export class PostgresStore extends SqlStore {
  readonly name: string;
  readonly dialect = 'postgres' as const;
  protected readonly tables: SqlTables;
  private readonly options: PostgresStoreOptions;
  private readonly schema: string;
  private readonly prefix: string;
  private readonly statementTimeoutMs: number;
  private readonly queryTimeoutMs: number;
  private readonly preparedStatements: boolean;

  constructor(options: PostgresStoreOptions) {
    super();
    const hasString = typeof options?.connectionString === 'string' && options.connectionString !== '';
    const hasPool = options?.pool !== undefined && options.pool !== null;
    if (hasString === hasPool) {
      throw new ConfigurationError(
        'STORE_INVALID_CONFIG',
        'PostgresStore: pass exactly one of `connectionString` (e.g. "postgres://user@host:5432/db") or `pool` ' +
          '(a pg.Pool).',
        { details: { store: 'PostgresStore', option: hasString ? 'pool' : 'connectionString' } },
      );
    }
    this.options = options;
    this.statementTimeoutMs = checkTimeout(
      'statementTimeoutMs',
      options.statementTimeoutMs,
      DEFAULT_STATEMENT_TIMEOUT_MS,
    );
    this.queryTimeoutMs = checkTimeout(
      'queryTimeoutMs',
      options.queryTimeoutMs,
      this.statementTimeoutMs === 0
        ? DEFAULT_STATEMENT_TIMEOUT_MS + CLIENT_TIMEOUT_MARGIN_MS
        : this.statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
    );
    if (options.preparedStatements !== undefined && typeof options.preparedStatements !== 'boolean') {
      throw new ConfigurationError(
        'STORE_INVALID_CONFIG',
        `PostgresStore: \`preparedStatements\` must be true or false; got ${String(options.preparedStatements)}.`,
        { details: { store: 'PostgresStore', option: 'preparedStatements' } },
      );
    }
    this.preparedStatements = options.preparedStatements ?? true;
    this.schema = checkIdentifier('PostgresStore', 'schema', options.schema ?? 'public');
    this.prefix = checkIdentifier('PostgresStore', 'tablePrefix', options.tablePrefix ?? 'sluice_', true);
    const q = (table: string) => `"${this.schema}"."${this.prefix}${table}"`;
    this.tables = {
      threads: q('threads'),
      messages: q('messages'),
      resources: q('resources'),
      vectors: q('vectors'),
      migrations: q('migrations'),
    };
    const target = describeTarget(options.connectionString);
    this.name = `PostgresStore(${target}${this.schema === 'public' ? '' : `, schema ${this.schema}`})`;
  }

  /** Applied schema versions, oldest first. */
  async schemaVersions(): Promise<number[]> {
    const db = await this.connection();
    const rows = await db.all(`SELECT version FROM ${this.tables.migrations} ORDER BY version`);
    return rows.map((r) => Number(r.version));
  }

  /**
   * A turn's reads in one round trip: the thread (claimed when `claim` is given and it is new),
   * its owner's newest messages and the resource row. See {@link LoadTurnQuery}.
   */
  async loadTurn(query: LoadTurnQuery): Promise<LoadedTurn> {
    if (query.claim) {
      checkThread(this.name, 'loadTurn', query.claim);
      if (query.claim.id !== query.threadId || query.claim.resourceId !== query.resourceId) {
        throw invalidInput(
          this.name,
          'loadTurn',
          "`claim` must have the query's `threadId` and `resourceId`.",
        );
      }
    }
    if (
      query.messageIds !== undefined &&
      (!Array.isArray(query.messageIds) || query.messageIds.some((id) => typeof id !== 'string'))
    ) {
      throw invalidInput(this.name, 'loadTurn', '`messageIds` must be an array of message id strings.');
    }
    return this.op('loadTurn', (db) => loadTurnStatement(db, this.name, this.tables, query));
  }

  protected override saveTurnAtOnce(
    db: SqlDriver,
    turn: SaveTurnInput,
  ): Promise<StorageMessage[]> | undefined {
    return fitsOneStatement(turn) ? saveTurnStatement(db, this.name, this.tables, turn) : undefined;
  }

  protected override classify(operation: string, error: unknown): SluiceError {
    if (isUnavailable(error)) return this.unavailable(operation, error);
    return queryFailed(this.name, operation, error);
  }

  private unavailable(operation: string, error: unknown): StorageError {
    let message: string;
    if (isQueryTimeout(error)) {
      message =
        `${this.name}: ${operation} got no answer from PostgreSQL within ${this.queryTimeoutMs} ms (queryTimeoutMs), ` +
        'so its connection was dropped. Check the network path to the database and its load; raise ' +
        '`queryTimeoutMs` only if statements legitimately take that long.';
    } else if (isStatementTimeout(error)) {
      message =
        `${this.name}: ${operation} ran past the statement timeout and PostgreSQL cancelled it ` +
        `(${describeError(error)}). Look for long-held locks or an overloaded server; raise ` +
        '`statementTimeoutMs` only if statements legitimately take that long.';
    } else {
      message =
        `${this.name}: ${operation} could not reach the database (${describeError(error)}). ` +
        'Check that PostgreSQL is running and the connection string (host, port, database, user) is right.';
    }
    return new StorageError('STORE_UNAVAILABLE', message, {
      cause: error,
      details: { store: this.name, operation },
    });
  }

  protected async open(): Promise<SqlDriver> {
    // The caller's pool is a real `pg.Pool`; `PgPool` only types what callers must pass.
    let pool = this.options.pool as Pool | undefined;
    const owns = pool === undefined;
    if (!pool) {
      const mod = await loadDriver<{
        default?: { Pool: new (config: PoolConfig) => Pool };
        Pool?: new (config: PoolConfig) => Pool;
      }>('PostgresStore', 'pg', 'npm install pg');
      const PoolClass = mod.default?.Pool ?? mod.Pool;
      if (!PoolClass) throw new Error('the "pg" package does not export Pool');
      pool = new PoolClass({
        connectionTimeoutMillis: 5000,
        ...this.options.poolConfig,
        connectionString: this.options.connectionString,
        // Sent with the connection's start-up packet: no extra round trip.
        ...(this.statementTimeoutMs > 0 ? { statement_timeout: this.statementTimeoutMs } : {}),
      });
      // An idle client dropped by the server must not crash the process; the next query reconnects.
      pool.on('error', () => undefined);
    }
    const driver = new PostgresDriver(pool, owns, this.queryTimeoutMs, this.preparedStatements, this.name);
    try {
      await driver.all('SELECT 1');
    } catch (error) {
      await driver.close().catch(() => undefined);
      throw this.unavailable('init', error);
    }
    try {
      await this.migrate(driver);
    } catch (error) {
      await driver.close().catch(() => undefined);
      throw error;
    }
    return driver;
  }

  protected qualify(name: string): string {
    return `"${this.schema}"."${this.prefix}${name}"`;
  }

  protected prefixed(name: string): string {
    return `${this.prefix}${name}`;
  }

  protected async migrateFeature(
    driver: SqlDriver,
    feature: string,
    migrationsTable: string,
    list: readonly Migration[],
  ): Promise<void> {
    try {
      await (driver as PostgresDriver).migration(async (tx) => {
        // Same rule as the store's own migrations: one migrator per schema and feature, across processes.
        await tx.all('SELECT pg_advisory_xact_lock(hashtext(?))', [`sluice:${this.schema}:${feature}`]);
        await tx.run(
          `CREATE TABLE IF NOT EXISTS ${migrationsTable} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`,
        );
        await applyMigrations(`${this.name} (${feature})`, tx, migrationsTable, list);
      });
    } catch (error) {
      if (isUnavailable(error)) throw this.unavailable(`set up the ${feature} tables`, error);
      if (SluiceError.isInstance(error)) throw error;
      throw this.classify(`set up the ${feature} tables`, error);
    }
  }

  private async migrate(driver: PostgresDriver): Promise<void> {
    const t = this.tables;
    try {
      await driver.migration(async (tx) => {
        // One migrator at a time per schema (CREATE SCHEMA races too), across every process and pool.
        await tx.all('SELECT pg_advisory_xact_lock(hashtext(?))', [`sluice:${this.schema}`]);
        await tx.run(`CREATE SCHEMA IF NOT EXISTS "${this.schema}"`);
        await tx.run(
          `CREATE TABLE IF NOT EXISTS ${t.migrations} (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`,
        );
        await applyMigrations(this.name, tx, t.migrations, migrations(t, this.prefix, this.schema));
      });
    } catch (error) {
      if (isUnavailable(error)) throw this.unavailable('init', error);
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
