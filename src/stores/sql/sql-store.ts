/**
 * The `MemoryStorage` implementation both SQL stores share. Subclasses supply the driver
 * (connection + migrations) and the qualified table names; the statements here are portable
 * between SQLite ≥ 3.24 and PostgreSQL ≥ 9.5 (`ON CONFLICT … DO UPDATE`, row-value comparison).
 *
 * Layout (see the migrations of each store): `threads`, `messages` (with a monotonic `seq`
 * identity column and indexes on `(thread_id, created_at, seq)` and `(resource_id, created_at,
 * seq)`), `resources`, `vectors` (embeddings as float64 little-endian bytes) and the
 * `migrations` bookkeeping table. Timestamps are epoch milliseconds, content/metadata are
 * JSON text written by `src/stores/codec.ts`.
 */
import type { SluiceError } from '../../errors/sluice-error.js';
import {
  applyMessageUpdate,
  checkMessageInput,
  checkPaging,
  checkThread,
  DEFAULT_MESSAGE_PAGE,
  DEFAULT_THREAD_PAGE,
  matchesMetadata,
  norm,
  toFloat64,
} from '../common.js';
import {
  invalidInput,
  queryFailed,
  StorageError,
  THREAD_OWNER_TRIGGER_MARKER,
  threadOwnerMismatch,
} from '../errors.js';
import { pageWindow } from '../paging.js';
import type {
  LastMessagesQuery,
  ListMessagesQuery,
  ListMessagesResult,
  ListThreadsQuery,
  ListThreadsResult,
  MemoryStorage,
  MessageUpdate,
  ResourceInput,
  SaveTurnInput,
  StorageMessage,
  StorageMessageInput,
  StorageResource,
  StorageThread,
  ThreadUpdate,
  UpsertVectorsInput,
  VectorFilter,
  VectorMatch,
  VectorQuery,
} from '../types.js';
import type { Migration, SqlDriver } from './driver.js';
import { checkFeatureName, type SqlDialect, type SqlFeature, type SqlFeatureHandle } from './feature.js';
import { lastMessageRows, listMessageRows } from './sql-messages.js';
import {
  byPosition,
  chunks,
  type DecodedMessage,
  decodeMessage,
  decodeResource,
  decodeThread,
  IN_CHUNK,
  MESSAGE_COLUMNS,
  placeholders,
  threadRow,
} from './sql-rows.js';
import {
  deleteVectorRows,
  fitsOneVectorStatement,
  queryVectorRows,
  upsertVectorRows,
  upsertVectorStatement,
  vectorParams,
} from './sql-vectors.js';
import {
  checkMessages,
  checkResource,
  type SqlWriteTarget,
  upsertThread,
  writeMessages,
  writeResource,
} from './sql-writes.js';

/** Qualified names of the store's tables. */
export interface SqlTables {
  threads: string;
  messages: string;
  resources: string;
  vectors: string;
  migrations: string;
}

/** Shared SQL implementation of {@link MemoryStorage}; see the module comment. */
export abstract class SqlStore implements MemoryStorage {
  /** Store name used in every error message, e.g. `SqliteStore(./memory.db)`. */
  abstract readonly name: string;
  /** Qualified table names. */
  protected abstract readonly tables: SqlTables;

  /** The SQL engine, for features whose statements differ between engines. */
  abstract readonly dialect: SqlDialect;

  private driver: SqlDriver | undefined;
  private opening: Promise<SqlDriver> | undefined;
  private closed = false;
  private writeTarget: SqlWriteTarget | undefined;
  private readonly features = new Map<string, { handle: SqlFeatureHandle; ready?: Promise<void> }>();

  /** Load the driver, connect and apply migrations. Throws `StorageError`/`ConfigurationError`. */
  protected abstract open(): Promise<SqlDriver>;

  /** Qualified name of a table called `<prefix><name>` in this store's database/schema. */
  protected abstract qualify(name: string): string;

  /** Unqualified `<prefix><name>`, for index names. */
  protected abstract prefixed(name: string): string;

  /**
   * Apply a feature's missing migrations under the store's cross-process migration lock,
   * tracking them in `migrationsTable`.
   */
  protected abstract migrateFeature(
    driver: SqlDriver,
    feature: string,
    migrationsTable: string,
    migrations: readonly Migration[],
  ): Promise<void>;

  /**
   * A feature's view of this store (see `./feature.ts`): its own tables in this database, migrated
   * once on first `connect()`. Asking twice for the same feature name returns the same handle.
   */
  feature(feature: SqlFeature): SqlFeatureHandle {
    const name = checkFeatureName(feature.name);
    const known = this.features.get(name);
    if (known) return known.handle;
    const entry: { handle: SqlFeatureHandle; ready?: Promise<void> } = {
      handle: {
        store: this.name,
        dialect: this.dialect,
        table: (table) => this.qualify(`${name}_${table}`),
        classify: (operation, error) => this.classify(operation, error),
        connect: async () => {
          const driver = await this.connection();
          if (!entry.ready) {
            const naming = {
              dialect: this.dialect,
              table: (table: string) => this.qualify(`${name}_${table}`),
              index: (index: string) => this.prefixed(`${name}_${index}`),
            };
            entry.ready = this.migrateFeature(
              driver,
              name,
              this.qualify(`${name}_migrations`),
              feature.migrations(naming),
            ).catch((error: unknown) => {
              entry.ready = undefined;
              throw error;
            });
          }
          await entry.ready;
          return driver;
        },
      },
    };
    this.features.set(name, entry);
    return entry.handle;
  }

  /** Turn a driver error into the error callers see (subclasses recognise "database down"). */
  protected classify(operation: string, error: unknown): SluiceError {
    return queryFailed(this.name, operation, error);
  }

  async init(): Promise<void> {
    await this.connection();
  }

  async close(): Promise<void> {
    this.closed = true;
    const pending = this.opening;
    this.opening = undefined;
    const driver = this.driver ?? (pending ? await pending.catch(() => undefined) : undefined);
    this.driver = undefined;
    if (driver) await driver.close();
  }

  /** The connected driver, opening it (and migrating) on first use. */
  protected async connection(): Promise<SqlDriver> {
    if (this.closed) {
      throw new StorageError('STORE_CLOSED', `${this.name} was closed; create a new store.`, {
        details: { store: this.name },
      });
    }
    if (this.driver) return this.driver;
    if (!this.opening) {
      this.opening = this.open().then(
        (driver) => {
          this.driver = driver;
          return driver;
        },
        (error: unknown) => {
          // Let the next call try again (the database may be back).
          this.opening = undefined;
          throw error;
        },
      );
    }
    return this.opening;
  }

  /** Run one operation with error classification. */
  protected async op<T>(operation: string, fn: (db: SqlDriver) => Promise<T>): Promise<T> {
    const db = await this.connection();
    try {
      return await fn(db);
    } catch (error) {
      // The schema's ownership trigger refused a row another writer (an older release, a script)
      // would have put in someone else's thread.
      if (
        String((error as { message?: unknown } | null)?.message ?? '').includes(THREAD_OWNER_TRIGGER_MARKER)
      ) {
        throw threadOwnerMismatch(this.name, operation, '(see cause)', undefined, undefined, error);
      }
      throw this.classify(operation, error);
    }
  }

  /** The store as the write helpers see it (built on first use: subclasses set the fields). */
  private get target(): SqlWriteTarget {
    this.writeTarget ??= { name: this.name, tables: this.tables, dialect: this.dialect };
    return this.writeTarget;
  }

  // ---- threads -------------------------------------------------------------------------

  async getThreadById(id: string): Promise<StorageThread | null> {
    return this.op('getThreadById', async (db) => {
      const rows = await db.all(`SELECT * FROM ${this.tables.threads} WHERE id = ?`, [id]);
      return rows[0] ? decodeThread(this.name, this.tables.threads, rows[0]) : null;
    });
  }

  async saveThread(thread: StorageThread): Promise<StorageThread> {
    checkThread(this.name, 'saveThread', thread);
    return this.op('saveThread', async (db) => {
      await upsertThread(db, this.tables.threads, thread);
      return decodeThread(this.name, this.tables.threads, threadRow(thread));
    });
  }

  async updateThread(update: ThreadUpdate): Promise<StorageThread> {
    return this.op('updateThread', (db) =>
      db.transaction(async (tx) => {
        const rows = await tx.all(`SELECT * FROM ${this.tables.threads} WHERE id = ?`, [update.id]);
        if (!rows[0]) {
          throw new StorageError(
            'STORE_THREAD_NOT_FOUND',
            `${this.name}: thread "${update.id}" not found; create it (saveThread) before updating it.`,
            { details: { store: this.name, threadId: update.id } },
          );
        }
        const current = decodeThread(this.name, this.tables.threads, rows[0]);
        const next: StorageThread = {
          ...current,
          title: update.title ?? current.title,
          metadata: update.metadata ? { ...(current.metadata ?? {}), ...update.metadata } : current.metadata,
          updatedAt: new Date(),
        };
        await upsertThread(tx, this.tables.threads, next);
        return decodeThread(this.name, this.tables.threads, threadRow(next));
      }),
    );
  }

  async deleteThread(id: string): Promise<void> {
    await this.op('deleteThread', (db) =>
      db.transaction(async (tx) => {
        const t = this.tables;
        await tx.run(
          `DELETE FROM ${t.vectors} WHERE thread_id = ? OR message_id IN (SELECT id FROM ${t.messages} WHERE thread_id = ?)`,
          [id, id],
        );
        await tx.run(`DELETE FROM ${t.messages} WHERE thread_id = ?`, [id]);
        await tx.run(`DELETE FROM ${t.threads} WHERE id = ?`, [id]);
      }),
    );
  }

  async listThreads(query: ListThreadsQuery = {}): Promise<ListThreadsResult> {
    const page = query.page ?? 0;
    const perPage = query.perPage ?? DEFAULT_THREAD_PAGE;
    checkPaging(this.name, 'listThreads', page, perPage);
    const column = (query.orderBy?.field ?? 'createdAt') === 'updatedAt' ? 'updated_at' : 'created_at';
    const dir = (query.orderBy?.direction ?? 'DESC') === 'ASC' ? 'ASC' : 'DESC';
    return this.op('listThreads', async (db) => {
      const where = query.resourceId !== undefined ? 'WHERE resource_id = ?' : '';
      const params = query.resourceId !== undefined ? [query.resourceId] : [];
      const order = `ORDER BY ${column} ${dir}, id ${dir}`;
      if (query.metadata) {
        // Metadata is JSON text: filter here, after the indexed resource filter.
        const rows = await db.all(`SELECT * FROM ${this.tables.threads} ${where} ${order}`, params);
        const all = rows
          .map((r) => decodeThread(this.name, this.tables.threads, r))
          .filter((t) => matchesMetadata(t.metadata, query.metadata));
        const start = perPage === false ? 0 : page * perPage;
        const threads = perPage === false ? all : all.slice(start, start + perPage);
        return {
          threads,
          total: all.length,
          page,
          perPage,
          hasMore: perPage !== false && start + perPage < all.length,
        };
      }
      const countRows = await db.all(`SELECT COUNT(*) AS n FROM ${this.tables.threads} ${where}`, params);
      const total = Number(countRows[0]?.n ?? 0);
      const limit = perPage === false ? '' : ` LIMIT ${perPage} OFFSET ${page * perPage}`;
      const rows = await db.all(`SELECT * FROM ${this.tables.threads} ${where} ${order}${limit}`, params);
      return {
        threads: rows.map((r) => decodeThread(this.name, this.tables.threads, r)),
        total,
        page,
        perPage,
        hasMore: perPage !== false && (page + 1) * perPage < total,
      };
    });
  }

  // ---- messages ------------------------------------------------------------------------

  async listMessages(query: ListMessagesQuery): Promise<ListMessagesResult> {
    const page = query.page ?? 0;
    const perPage = query.perPage ?? DEFAULT_MESSAGE_PAGE;
    checkPaging(this.name, 'listMessages', page, perPage);
    if (query.threadId === undefined && query.resourceId === undefined) {
      throw invalidInput(this.name, 'listMessages', 'pass a `threadId` or a `resourceId`.');
    }
    const window = pageWindow(page, perPage, query.orderBy);
    return this.op('listMessages', (db) =>
      listMessageRows(db, this.name, this.tables.messages, query, page, perPage, window, this.dialect),
    );
  }

  async getLastMessages(query: LastMessagesQuery): Promise<StorageMessage[]> {
    if (!Number.isInteger(query.limit) || query.limit < 0) {
      throw invalidInput(this.name, 'getLastMessages', '`limit` must be a non-negative integer.');
    }
    if (query.limit === 0) return [];
    return this.op('getLastMessages', (db) => lastMessageRows(db, this.name, this.tables.messages, query));
  }

  async getMessagesByIds(ids: string[]): Promise<StorageMessage[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    return this.op('getMessagesByIds', async (db) => {
      const found: DecodedMessage[] = [];
      for (const part of chunks(unique, IN_CHUNK)) {
        const rows = await db.all(
          `SELECT ${MESSAGE_COLUMNS} FROM ${this.tables.messages} WHERE id IN (${placeholders(part.length)})`,
          part,
        );
        for (const r of rows) found.push(decodeMessage(this.name, this.tables.messages, r));
      }
      return found.sort(byPosition).map((d) => d.message);
    });
  }

  async saveMessages(messages: StorageMessageInput[]): Promise<StorageMessage[]> {
    checkMessages(this.name, 'saveMessages', messages);
    return this.op('saveMessages', (db) =>
      db.transaction((tx) => writeMessages(tx, this.target, 'saveMessages', messages, undefined)),
    );
  }

  async saveTurn(turn: SaveTurnInput): Promise<StorageMessage[]> {
    if (turn.thread) checkThread(this.name, 'saveTurn', turn.thread);
    if (turn.resource) checkResource(this.name, 'saveTurn', turn.resource);
    checkMessages(this.name, 'saveTurn', turn.messages);
    return this.op(
      'saveTurn',
      (db) =>
        this.saveTurnAtOnce(db, turn) ??
        db.transaction(async (tx) => {
          if (turn.thread) {
            const owner = await upsertThread(tx, this.tables.threads, turn.thread, turn.touchThread === true);
            if (owner !== turn.thread.resourceId) {
              // Someone else's thread: the transaction rolls back, nothing of the turn is stored.
              throw threadOwnerMismatch(this.name, 'saveTurn', turn.thread.id, owner, turn.thread.resourceId);
            }
          }
          const saved = await writeMessages(tx, this.target, 'saveTurn', turn.messages, turn.thread);
          if (turn.resource) await writeResource(tx, this.target, turn.resource);
          return saved;
        }),
    );
  }

  /**
   * The engine's one-round-trip save of a turn, when it has one for this turn's shape
   * (PostgreSQL: one statement); `undefined` takes the general transaction.
   */
  protected saveTurnAtOnce(_db: SqlDriver, _turn: SaveTurnInput): Promise<StorageMessage[]> | undefined {
    return undefined;
  }

  async updateMessages(updates: MessageUpdate[]): Promise<StorageMessage[]> {
    if (!Array.isArray(updates)) throw invalidInput(this.name, 'updateMessages', 'pass an array of updates.');
    if (updates.length === 0) return [];
    return this.op('updateMessages', (db) =>
      db.transaction(async (tx) => {
        const out: StorageMessage[] = [];
        for (const update of updates) {
          const rows = await tx.all(`SELECT ${MESSAGE_COLUMNS} FROM ${this.tables.messages} WHERE id = ?`, [
            update.id,
          ]);
          if (!rows[0]) continue;
          const next = applyMessageUpdate(
            decodeMessage(this.name, this.tables.messages, rows[0]).message,
            update,
          );
          checkMessageInput(this.name, 'updateMessages', next);
          out.push(...(await writeMessages(tx, this.target, 'updateMessages', [next], undefined)));
        }
        return out;
      }),
    );
  }

  async deleteMessages(ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    await this.op('deleteMessages', (db) =>
      db.transaction(async (tx) => {
        for (const part of chunks(unique, IN_CHUNK)) {
          const list = placeholders(part.length);
          await tx.run(`DELETE FROM ${this.tables.vectors} WHERE message_id IN (${list})`, part);
          await tx.run(`DELETE FROM ${this.tables.messages} WHERE id IN (${list})`, part);
        }
      }),
    );
  }

  // ---- resources -----------------------------------------------------------------------

  async getResource(id: string): Promise<StorageResource | null> {
    return this.op('getResource', async (db) => {
      const rows = await db.all(`SELECT * FROM ${this.tables.resources} WHERE id = ?`, [id]);
      return rows[0] ? decodeResource(this.name, this.tables.resources, rows[0]) : null;
    });
  }

  async saveResource(resource: ResourceInput): Promise<StorageResource> {
    checkResource(this.name, 'saveResource', resource);
    return this.op('saveResource', (db) => db.transaction((tx) => writeResource(tx, this.target, resource)));
  }

  // ---- vectors -------------------------------------------------------------------------

  async upsertVectors(input: UpsertVectorsInput): Promise<void> {
    const prepared = vectorParams(this.name, input);
    if (prepared.length === 0) return;
    await this.op('upsertVectors', (db) =>
      // PostgreSQL: one statement is one round trip and atomic; SQLite's transaction is in-process.
      this.dialect === 'postgres' && fitsOneVectorStatement(prepared)
        ? upsertVectorStatement(db, this.tables.vectors, prepared)
        : db.transaction((tx) => upsertVectorRows(tx, this.tables.vectors, prepared)),
    );
  }

  async queryVectors(query: VectorQuery): Promise<VectorMatch[]> {
    const vector = toFloat64(this.name, 'queryVectors', query.vector);
    const qNorm = norm(vector);
    return this.op('queryVectors', (db) =>
      queryVectorRows(db, this.name, this.tables.vectors, query, vector, qNorm),
    );
  }

  async deleteVectors(filter: VectorFilter): Promise<void> {
    await this.op('deleteVectors', (db) => deleteVectorRows(db, this.tables.vectors, filter));
  }
}
