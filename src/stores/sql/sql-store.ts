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
import { decodeJson, encodeJson } from '../codec.js';
import {
  applyMessageUpdate,
  bytesToVector,
  checkMessageInput,
  checkPaging,
  checkStoredMessage,
  checkThread,
  cosine,
  DEFAULT_MESSAGE_PAGE,
  DEFAULT_THREAD_PAGE,
  matchesMessageFilter,
  matchesMetadata,
  norm,
  toFloat64,
  topMatches,
  vectorToBytes,
} from '../common.js';
import {
  corruptRow,
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
  StorageMessageFilter,
  StorageMessageInput,
  StorageResource,
  StorageThread,
  ThreadUpdate,
  UpsertVectorsInput,
  VectorFilter,
  VectorMatch,
  VectorQuery,
} from '../types.js';
import type { Migration, SqlDriver, SqlExecutor, SqlRow } from './driver.js';
import { checkFeatureName, type SqlDialect, type SqlFeature, type SqlFeatureHandle } from './feature.js';

/** Qualified names of the store's tables. */
export interface SqlTables {
  threads: string;
  messages: string;
  resources: string;
  vectors: string;
  migrations: string;
}

/** Largest id list bound in one `IN (…)`; keeps well under both engines' parameter limits. */
const IN_CHUNK = 500;

const MESSAGE_COLUMNS = 'seq, id, thread_id, resource_id, role, type, created_at, content';

interface DecodedMessage {
  message: StorageMessage;
  seq: number;
}

function placeholders(n: number): string {
  return new Array<string>(n).fill('?').join(', ');
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

function byPosition(a: DecodedMessage, b: DecodedMessage): number {
  return a.message.createdAt.getTime() - b.message.createdAt.getTime() || a.seq - b.seq;
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
  private async op<T>(operation: string, fn: (db: SqlDriver) => Promise<T>): Promise<T> {
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

  // ---- decoding ------------------------------------------------------------------------

  private decodeObject(table: string, rowId: string, column: string, text: unknown): Record<string, unknown> {
    if (typeof text !== 'string') throw corruptRow(this.name, table, rowId, column, 'not JSON text');
    let value: unknown;
    try {
      value = decodeJson(text);
    } catch (error) {
      throw corruptRow(this.name, table, rowId, column, 'invalid JSON', error);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw corruptRow(this.name, table, rowId, column, 'not a JSON object');
    }
    return value as Record<string, unknown>;
  }

  private decodeTime(table: string, rowId: string, column: string, value: unknown): Date {
    const ms = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
    const date = new Date(ms);
    if (!Number.isFinite(ms) || Number.isNaN(date.getTime())) {
      throw corruptRow(this.name, table, rowId, column, 'not a valid timestamp');
    }
    return date;
  }

  private decodeMessage(row: SqlRow): DecodedMessage {
    const table = this.tables.messages;
    const id = String(row.id);
    const message: StorageMessage = {
      id,
      role: row.role as StorageMessage['role'],
      createdAt: this.decodeTime(table, id, 'created_at', row.created_at),
      threadId: String(row.thread_id),
      resourceId: String(row.resource_id),
      content: this.decodeObject(table, id, 'content', row.content) as unknown as StorageMessage['content'],
    };
    if (row.type !== null && row.type !== undefined) message.type = String(row.type);
    checkStoredMessage(this.name, table, message);
    return { message, seq: Number(row.seq) };
  }

  private decodeThread(row: SqlRow): StorageThread {
    const table = this.tables.threads;
    const id = String(row.id);
    const thread: StorageThread = {
      id,
      resourceId: String(row.resource_id),
      createdAt: this.decodeTime(table, id, 'created_at', row.created_at),
      updatedAt: this.decodeTime(table, id, 'updated_at', row.updated_at),
    };
    if (row.title !== null && row.title !== undefined) thread.title = String(row.title);
    if (row.metadata !== null && row.metadata !== undefined) {
      thread.metadata = this.decodeObject(table, id, 'metadata', row.metadata);
    }
    return thread;
  }

  private decodeResource(row: SqlRow): StorageResource {
    const table = this.tables.resources;
    const id = String(row.id);
    const resource: StorageResource = {
      id,
      createdAt: this.decodeTime(table, id, 'created_at', row.created_at),
      updatedAt: this.decodeTime(table, id, 'updated_at', row.updated_at),
    };
    if (row.working_memory !== null && row.working_memory !== undefined) {
      resource.workingMemory = String(row.working_memory);
    }
    if (row.metadata !== null && row.metadata !== undefined) {
      resource.metadata = this.decodeObject(table, id, 'metadata', row.metadata);
    }
    return resource;
  }

  // ---- threads -------------------------------------------------------------------------

  async getThreadById(id: string): Promise<StorageThread | null> {
    return this.op('getThreadById', async (db) => {
      const rows = await db.all(`SELECT * FROM ${this.tables.threads} WHERE id = ?`, [id]);
      return rows[0] ? this.decodeThread(rows[0]) : null;
    });
  }

  async saveThread(thread: StorageThread): Promise<StorageThread> {
    checkThread(this.name, 'saveThread', thread);
    return this.op('saveThread', async (db) => {
      await this.upsertThread(db, thread);
      return this.decodeThread(this.threadRow(thread));
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
        const current = this.decodeThread(rows[0]);
        const next: StorageThread = {
          ...current,
          title: update.title ?? current.title,
          metadata: update.metadata ? { ...(current.metadata ?? {}), ...update.metadata } : current.metadata,
          updatedAt: new Date(),
        };
        await this.upsertThread(tx, next);
        return this.decodeThread(this.threadRow(next));
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
          .map((r) => this.decodeThread(r))
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
        threads: rows.map((r) => this.decodeThread(r)),
        total,
        page,
        perPage,
        hasMore: perPage !== false && (page + 1) * perPage < total,
      };
    });
  }

  // ---- messages ------------------------------------------------------------------------

  /** SQL conditions for the indexable parts of a message filter (metadata is matched in JS). */
  private messageConditions(
    scope: { threadId?: string; resourceId?: string },
    filter: StorageMessageFilter,
  ): { sql: string; params: unknown[] } {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (scope.threadId !== undefined) {
      clauses.push('thread_id = ?');
      params.push(scope.threadId);
    }
    if (scope.resourceId !== undefined) {
      clauses.push('resource_id = ?');
      params.push(scope.resourceId);
    }
    const range = filter.dateRange;
    if (range?.start) {
      clauses.push(range.startExclusive ? 'created_at > ?' : 'created_at >= ?');
      params.push(range.start.getTime());
    }
    if (range?.end) {
      clauses.push(range.endExclusive ? 'created_at < ?' : 'created_at <= ?');
      params.push(range.end.getTime());
    }
    if (filter.excludeRoles && filter.excludeRoles.length > 0) {
      clauses.push(`role NOT IN (${placeholders(filter.excludeRoles.length)})`);
      params.push(...filter.excludeRoles);
    }
    if (filter.excludeSignalTypes && filter.excludeSignalTypes.length > 0) {
      clauses.push(
        `NOT (role = 'signal' AND COALESCE(type, '') IN (${placeholders(filter.excludeSignalTypes.length)}))`,
      );
      params.push(...filter.excludeSignalTypes);
    }
    return { sql: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
  }

  async listMessages(query: ListMessagesQuery): Promise<ListMessagesResult> {
    const page = query.page ?? 0;
    const perPage = query.perPage ?? DEFAULT_MESSAGE_PAGE;
    checkPaging(this.name, 'listMessages', page, perPage);
    if (query.threadId === undefined && query.resourceId === undefined) {
      throw invalidInput(this.name, 'listMessages', 'pass a `threadId` or a `resourceId`.');
    }
    const window = pageWindow(page, perPage, query.orderBy);
    return this.op('listMessages', async (db) => {
      const where = this.messageConditions(query, query);
      const order = `ORDER BY created_at ${window.scan}, seq ${window.scan}`;
      let pageRows: DecodedMessage[];
      let total: number;
      let hasMore: boolean;
      if (query.metadata) {
        const rows = await db.all(
          `SELECT ${MESSAGE_COLUMNS} FROM ${this.tables.messages} ${where.sql} ${order}`,
          where.params,
        );
        const all = rows
          .map((r) => this.decodeMessage(r))
          .filter((d) => matchesMessageFilter(d.message, query));
        const end = window.limit === undefined ? all.length : window.offset + window.limit;
        pageRows = all.slice(window.offset, end);
        total = all.length;
        hasMore = end < all.length;
      } else {
        // One row past the page tells whether another page exists, with or without a count.
        const limit = window.limit === undefined ? '' : ` LIMIT ${window.limit + 1} OFFSET ${window.offset}`;
        const rows = await db.all(
          `SELECT ${MESSAGE_COLUMNS} FROM ${this.tables.messages} ${where.sql} ${order}${limit}`,
          where.params,
        );
        hasMore = window.limit !== undefined && rows.length > window.limit;
        pageRows = (hasMore ? rows.slice(0, window.limit) : rows).map((r) => this.decodeMessage(r));
        if (query.includeTotal === false) total = -1;
        else {
          const count = await db.all(
            `SELECT COUNT(*) AS n FROM ${this.tables.messages} ${where.sql}`,
            where.params,
          );
          total = Number(count[0]?.n ?? 0);
        }
      }
      const selected = new Map<string, DecodedMessage>();
      for (const d of pageRows) selected.set(d.message.id, d);
      for (const include of query.include ?? []) {
        for (const d of await this.neighbours(
          db,
          include.id,
          include.withPreviousMessages,
          include.withNextMessages,
        )) {
          if (!selected.has(d.message.id)) selected.set(d.message.id, d);
        }
      }
      const ordered = [...selected.values()].sort(byPosition);
      if (window.output === 'DESC') ordered.reverse();
      return {
        messages: ordered.map((d) => d.message),
        total: query.includeTotal === false ? -1 : total,
        page,
        perPage,
        hasMore,
      };
    });
  }

  private async neighbours(db: SqlExecutor, id: string, previous = 0, next = 0): Promise<DecodedMessage[]> {
    const t = this.tables.messages;
    const rows = await db.all(`SELECT ${MESSAGE_COLUMNS} FROM ${t} WHERE id = ?`, [id]);
    if (!rows[0]) return [];
    const anchor = rows[0];
    const out = [this.decodeMessage(anchor)];
    const key = [anchor.thread_id, anchor.created_at, anchor.created_at, anchor.seq];
    if (previous > 0) {
      const before = await db.all(
        `SELECT ${MESSAGE_COLUMNS} FROM ${t} WHERE thread_id = ? AND (created_at < ? OR (created_at = ? AND seq < ?)) ` +
          `ORDER BY created_at DESC, seq DESC LIMIT ${Math.floor(previous)}`,
        key,
      );
      for (const r of before) out.push(this.decodeMessage(r));
    }
    if (next > 0) {
      const after = await db.all(
        `SELECT ${MESSAGE_COLUMNS} FROM ${t} WHERE thread_id = ? AND (created_at > ? OR (created_at = ? AND seq > ?)) ` +
          `ORDER BY created_at ASC, seq ASC LIMIT ${Math.floor(next)}`,
        key,
      );
      for (const r of after) out.push(this.decodeMessage(r));
    }
    return out;
  }

  async getLastMessages(query: LastMessagesQuery): Promise<StorageMessage[]> {
    if (!Number.isInteger(query.limit) || query.limit < 0) {
      throw invalidInput(this.name, 'getLastMessages', '`limit` must be a non-negative integer.');
    }
    if (query.limit === 0) return [];
    return this.op('getLastMessages', async (db) => {
      const where = this.messageConditions(query, query);
      // The (thread_id, created_at, seq) index serves this backwards: cost is in `limit`. A
      // metadata filter is matched here, so it reads further back in keyset-paged batches
      // until `limit` messages match or the thread is exhausted.
      const batch = query.metadata ? Math.max(64, query.limit * 4) : query.limit;
      const out: StorageMessage[] = [];
      let cursor: SqlRow | undefined;
      for (;;) {
        let sql = where.sql;
        let params = where.params;
        if (cursor) {
          const older = '(created_at < ? OR (created_at = ? AND seq < ?))';
          sql = sql ? `${sql} AND ${older}` : `WHERE ${older}`;
          params = [...params, cursor.created_at, cursor.created_at, cursor.seq];
        }
        const rows = await db.all(
          `SELECT ${MESSAGE_COLUMNS} FROM ${this.tables.messages} ${sql} ORDER BY created_at DESC, seq DESC LIMIT ${batch}`,
          params,
        );
        for (const row of rows) {
          const { message } = this.decodeMessage(row);
          if (query.metadata && !matchesMessageFilter(message, query)) continue;
          out.push(message);
          if (out.length === query.limit) return out.reverse();
        }
        if (rows.length < batch || !query.metadata) return out.reverse();
        cursor = rows[rows.length - 1];
      }
    });
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
        for (const r of rows) found.push(this.decodeMessage(r));
      }
      return found.sort(byPosition).map((d) => d.message);
    });
  }

  async saveMessages(messages: StorageMessageInput[]): Promise<StorageMessage[]> {
    this.checkMessages('saveMessages', messages);
    return this.op('saveMessages', (db) =>
      db.transaction((tx) => this.writeMessages(tx, 'saveMessages', messages, undefined)),
    );
  }

  async saveTurn(turn: SaveTurnInput): Promise<StorageMessage[]> {
    if (turn.thread) checkThread(this.name, 'saveTurn', turn.thread);
    if (turn.resource) this.checkResource('saveTurn', turn.resource);
    this.checkMessages('saveTurn', turn.messages);
    return this.op('saveTurn', (db) =>
      db.transaction(async (tx) => {
        if (turn.thread) {
          const owner = await this.upsertThread(tx, turn.thread, turn.touchThread === true);
          if (owner !== turn.thread.resourceId) {
            // Someone else's thread: the transaction rolls back, nothing of the turn is stored.
            throw threadOwnerMismatch(this.name, 'saveTurn', turn.thread.id, owner, turn.thread.resourceId);
          }
        }
        const saved = await this.writeMessages(tx, 'saveTurn', turn.messages, turn.thread);
        if (turn.resource) await this.writeResource(tx, turn.resource);
        return saved;
      }),
    );
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
          const next = applyMessageUpdate(this.decodeMessage(rows[0]).message, update);
          checkMessageInput(this.name, 'updateMessages', next);
          out.push(...(await this.writeMessages(tx, 'updateMessages', [next], undefined)));
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
      return rows[0] ? this.decodeResource(rows[0]) : null;
    });
  }

  async saveResource(resource: ResourceInput): Promise<StorageResource> {
    this.checkResource('saveResource', resource);
    return this.op('saveResource', (db) => db.transaction((tx) => this.writeResource(tx, resource)));
  }

  // ---- vectors -------------------------------------------------------------------------

  async upsertVectors(input: UpsertVectorsInput): Promise<void> {
    const indexName = input.indexName ?? 'default';
    if (!Array.isArray(input.rows))
      throw invalidInput(this.name, 'upsertVectors', 'pass `rows` as an array.');
    const prepared = input.rows.map((row) => {
      if (typeof row.id !== 'string' || row.id === '') {
        throw invalidInput(this.name, 'upsertVectors', 'every vector row needs a non-empty string `id`.');
      }
      const vector = toFloat64(this.name, 'upsertVectors', row.vector);
      return [
        indexName,
        row.id,
        row.messageId ?? null,
        row.threadId ?? null,
        row.resourceId ?? null,
        vector.length,
        vectorToBytes(vector),
        norm(vector),
        row.metadata === undefined ? null : encodeJson(row.metadata),
      ];
    });
    if (prepared.length === 0) return;
    await this.op('upsertVectors', (db) =>
      db.transaction(async (tx) => {
        for (const params of prepared) {
          await tx.run(
            `INSERT INTO ${this.tables.vectors} (index_name, id, message_id, thread_id, resource_id, dims, embedding, norm, metadata) ` +
              'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (index_name, id) DO UPDATE SET ' +
              'message_id = excluded.message_id, thread_id = excluded.thread_id, resource_id = excluded.resource_id, ' +
              'dims = excluded.dims, embedding = excluded.embedding, norm = excluded.norm, metadata = excluded.metadata',
            params,
          );
        }
      }),
    );
  }

  async queryVectors(query: VectorQuery): Promise<VectorMatch[]> {
    const vector = toFloat64(this.name, 'queryVectors', query.vector);
    const qNorm = norm(vector);
    return this.op('queryVectors', async (db) => {
      const clauses = ['index_name = ?'];
      const params: unknown[] = [query.indexName ?? 'default'];
      if (query.resourceId !== undefined) {
        clauses.push('resource_id = ?');
        params.push(query.resourceId);
      }
      if (query.threadId !== undefined) {
        clauses.push('thread_id = ?');
        params.push(query.threadId);
      }
      const rows = await db.all(
        `SELECT id, message_id, thread_id, resource_id, dims, embedding, norm, metadata FROM ${this.tables.vectors} WHERE ${clauses.join(' AND ')}`,
        params,
      );
      const scored: VectorMatch[] = [];
      for (const row of rows) {
        const id = String(row.id);
        const stored = row.embedding instanceof Uint8Array ? bytesToVector(row.embedding) : null;
        if (!stored || stored.length !== Number(row.dims)) {
          throw corruptRow(
            this.name,
            this.tables.vectors,
            id,
            'embedding',
            'not a float64 vector of `dims` entries',
          );
        }
        if (stored.length !== vector.length) {
          throw new StorageError(
            'STORE_VECTOR_DIMENSION_MISMATCH',
            `${this.name}.queryVectors: the query vector has ${vector.length} dimensions but stored vector ` +
              `"${id}" has ${stored.length}; use the same embedding model for both.`,
            { details: { store: this.name, rowId: id } },
          );
        }
        const match: VectorMatch = { id, score: cosine(vector, qNorm, stored, Number(row.norm)) };
        if (row.message_id !== null) match.messageId = String(row.message_id);
        if (row.thread_id !== null) match.threadId = String(row.thread_id);
        if (row.resource_id !== null) match.resourceId = String(row.resource_id);
        if (row.metadata !== null)
          match.metadata = this.decodeObject(this.tables.vectors, id, 'metadata', row.metadata);
        scored.push(match);
      }
      return topMatches(scored, query.topK, query.threshold);
    });
  }

  async deleteVectors(filter: VectorFilter): Promise<void> {
    await this.op('deleteVectors', async (db) => {
      const clauses = ['index_name = ?'];
      const params: unknown[] = [filter.indexName ?? 'default'];
      if (filter.threadId !== undefined) {
        clauses.push('thread_id = ?');
        params.push(filter.threadId);
      }
      if (filter.resourceId !== undefined) {
        clauses.push('resource_id = ?');
        params.push(filter.resourceId);
      }
      if (filter.ids) {
        if (filter.ids.length === 0) return;
        clauses.push(`id IN (${placeholders(filter.ids.length)})`);
        params.push(...filter.ids);
      }
      if (filter.messageIds) {
        if (filter.messageIds.length === 0) return;
        clauses.push(`message_id IN (${placeholders(filter.messageIds.length)})`);
        params.push(...filter.messageIds);
      }
      await db.run(`DELETE FROM ${this.tables.vectors} WHERE ${clauses.join(' AND ')}`, params);
    });
  }

  // ---- writes --------------------------------------------------------------------------

  private checkMessages(method: string, messages: StorageMessageInput[]): void {
    if (!Array.isArray(messages)) throw invalidInput(this.name, method, 'pass an array of messages.');
    for (const m of messages) checkMessageInput(this.name, method, m);
  }

  private checkResource(method: string, resource: ResourceInput): void {
    if (
      resource === null ||
      typeof resource !== 'object' ||
      typeof resource.id !== 'string' ||
      resource.id === ''
    ) {
      throw invalidInput(this.name, method, 'a resource needs a non-empty string `id`.');
    }
    if (resource.workingMemory !== undefined && typeof resource.workingMemory !== 'string') {
      throw invalidInput(this.name, method, `resource "${resource.id}": \`workingMemory\` must be a string.`);
    }
  }

  private threadRow(thread: StorageThread): SqlRow {
    return {
      id: thread.id,
      resource_id: thread.resourceId,
      title: thread.title ?? null,
      metadata: thread.metadata === undefined ? null : encodeJson(thread.metadata),
      created_at: thread.createdAt.getTime(),
      updated_at: thread.updatedAt.getTime(),
    };
  }

  /**
   * Insert or replace the thread; `touch`: an existing row only gets `updated_at` (see
   * `touchThread`). Resolves to the owner the row has now. The upsert leaves the row locked by
   * this transaction (PostgreSQL: a concurrent insert of the same id waits for our commit, then
   * takes the conflict path; SQLite: `BEGIN IMMEDIATE` holds the write lock), so the owner read
   * here is the one the rest of the transaction writes against.
   */
  private async upsertThread(db: SqlExecutor, thread: StorageThread, touch = false): Promise<string> {
    const r = this.threadRow(thread);
    // RETURNING gives the row as it is after the upsert (the kept owner on the touch path).
    const rows = await db.all(
      `INSERT INTO ${this.tables.threads} (id, resource_id, title, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ` +
        (touch
          ? 'ON CONFLICT (id) DO UPDATE SET updated_at = excluded.updated_at'
          : 'ON CONFLICT (id) DO UPDATE SET resource_id = excluded.resource_id, title = excluded.title, ' +
            'metadata = excluded.metadata, created_at = excluded.created_at, updated_at = excluded.updated_at') +
        ' RETURNING resource_id',
      [r.id, r.resource_id, r.title, r.metadata, r.created_at, r.updated_at],
    );
    return String(rows[0]?.resource_id);
  }

  private async writeMessages(
    tx: SqlExecutor,
    method: string,
    messages: StorageMessageInput[],
    pendingThread: StorageThread | undefined,
  ): Promise<StorageMessage[]> {
    // Owner per thread id (`null`: no such thread). PostgreSQL reads with FOR SHARE, so the
    // owner cannot change under this transaction; SQLite's write lock already excludes that.
    const owners = new Map<string, string | null>();
    if (pendingThread) owners.set(pendingThread.id, pendingThread.resourceId);
    const lock = this.dialect === 'postgres' ? ' FOR SHARE' : '';
    const saved: StorageMessage[] = [];
    for (const message of messages) {
      let owner = owners.get(message.threadId);
      if (owner === undefined) {
        const rows = await tx.all(`SELECT resource_id FROM ${this.tables.threads} WHERE id = ?${lock}`, [
          message.threadId,
        ]);
        owner = rows[0] ? String(rows[0].resource_id) : null;
        owners.set(message.threadId, owner);
      }
      const resourceId = message.resourceId ?? owner ?? undefined;
      if (owner !== null && resourceId !== owner) {
        throw threadOwnerMismatch(this.name, method, message.threadId, owner, resourceId);
      }
      if (resourceId === undefined) {
        throw invalidInput(
          this.name,
          method,
          `message "${message.id}" has no \`resourceId\` and thread "${message.threadId}" does not exist; ` +
            'set `resourceId` or save the thread first.',
        );
      }
      const content = encodeJson(message.content);
      await tx.run(
        `INSERT INTO ${this.tables.messages} (id, thread_id, resource_id, role, type, created_at, content) VALUES (?, ?, ?, ?, ?, ?, ?) ` +
          'ON CONFLICT (id) DO UPDATE SET thread_id = excluded.thread_id, resource_id = excluded.resource_id, ' +
          'role = excluded.role, type = excluded.type, created_at = excluded.created_at, content = excluded.content',
        [
          message.id,
          message.threadId,
          resourceId,
          message.role,
          message.type ?? null,
          message.createdAt.getTime(),
          content,
        ],
      );
      // What was stored, decoded back through the codec: exactly what a later read returns.
      const stored: StorageMessage = {
        id: message.id,
        role: message.role,
        createdAt: new Date(message.createdAt.getTime()),
        threadId: message.threadId,
        resourceId,
        content: decodeJson(content) as StorageMessage['content'],
      };
      if (message.type !== undefined) stored.type = message.type;
      saved.push(stored);
    }
    return saved;
  }

  private async writeResource(tx: SqlExecutor, resource: ResourceInput): Promise<StorageResource> {
    const rows = await tx.all(`SELECT * FROM ${this.tables.resources} WHERE id = ?`, [resource.id]);
    const existing = rows[0] ? this.decodeResource(rows[0]) : undefined;
    const now = Date.now();
    const metadata = resource.metadata
      ? { ...(existing?.metadata ?? {}), ...resource.metadata }
      : existing?.metadata;
    const next: StorageResource = {
      id: resource.id,
      createdAt: existing?.createdAt ?? new Date(now),
      updatedAt: new Date(now),
    };
    const workingMemory = resource.workingMemory ?? existing?.workingMemory;
    if (workingMemory !== undefined) next.workingMemory = workingMemory;
    const metadataText = metadata === undefined ? null : encodeJson(metadata);
    if (metadataText !== null) next.metadata = decodeJson(metadataText) as Record<string, unknown>;
    await tx.run(
      `INSERT INTO ${this.tables.resources} (id, working_memory, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ` +
        'ON CONFLICT (id) DO UPDATE SET working_memory = excluded.working_memory, metadata = excluded.metadata, ' +
        'updated_at = excluded.updated_at',
      [next.id, workingMemory ?? null, metadataText, next.createdAt.getTime(), now],
    );
    return next;
  }
}
