/**
 * The storage contract every memory store implements (`InMemoryStore`, `SqliteStore`,
 * `PostgresStore`). `Memory` and the memory processors only ever talk to a store through
 * {@link MemoryStorage}; one conformance suite (`src/stores/testing/conformance.ts`) pins the
 * behaviour described here against all three.
 *
 * Shared rules (every store):
 * - **Lazy set-up.** Every method calls `init()` first; `init()` opens the connection and applies
 *   the versioned schema migrations once (idempotent, safe when two processes start at once). A
 *   store that cannot be reached rejects with a `StorageError` (`STORE_UNAVAILABLE`) naming the
 *   store; the next call tries again.
 * - **Order.** Messages are ordered by `createdAt`, then by a monotonic insertion sequence the
 *   store assigns on first insert, so messages with equal timestamps keep the order they were
 *   saved in (array order within one call). Upserting an existing id keeps its sequence.
 * - **Exact round trip.** A message (or thread/resource metadata) comes back deep-equal to what
 *   was saved: `Date`s stay `Date`s, `Uint8Array`/`ArrayBuffer` stay bytes, nested metadata is
 *   kept, keys that happen to look like the codec's markers included (`src/stores/codec.ts`).
 *   `undefined`-valued object keys are dropped (as JSON does).
 * - **Corrupt rows.** A stored row that cannot be decoded (bad JSON, unknown role, bad date) is
 *   a `StorageError` with code `STORE_CORRUPT_ROW` whose `details` are `{ store, table, rowId,
 *   column }`; it is thrown from the read call (a rejected promise), never from a stream.
 * - **Atomic writes.** `saveMessages`, `saveTurn`, `updateMessages`, `deleteMessages`,
 *   `deleteThread` and `upsertVectors` each run in one transaction: all or nothing.
 * - Returned objects are fresh copies: mutating them never changes what is stored.
 * - **Thread ownership.** A message is stored in an existing thread only when its `resourceId` is
 *   the thread's owner (`saveMessages`, `saveTurn`, `updateMessages`); otherwise the whole write
 *   is refused with `STORE_THREAD_RESOURCE_MISMATCH` and nothing of it is stored. The owner is
 *   read in the same transaction as the write, under the thread row's lock (PostgreSQL: the
 *   upsert's row lock or `FOR SHARE`; SQLite: the `BEGIN IMMEDIATE` write lock; in-memory: one
 *   synchronous step), so a concurrent writer cannot change it in between. The SQL schemas
 *   (version 3) back this with a trigger that refuses such rows from any writer. Messages of a
 *   thread that does not exist are not checked (there is no owner yet).
 */
import type { MastraDBMessage } from '../messages/types.js';

/** A conversation thread, owned by one resource (user, org, …). */
export interface StorageThread {
  id: string;
  /** The owner. A thread belongs to exactly one resource. */
  resourceId: string;
  title?: string;
  metadata?: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

/** A resource (the owner of threads) and its resource-scoped working memory. */
export interface StorageResource {
  id: string;
  /** Resource-scoped working memory (Markdown, or JSON text for schema-based working memory). */
  workingMemory?: string;
  metadata?: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

/** A message as stored: a `MastraDBMessage` that always names its thread and resource. */
export type StorageMessage = MastraDBMessage & { threadId: string; resourceId: string };

/**
 * A message handed to a store. `threadId` is required; a missing `resourceId` is taken from the
 * stored thread (a `StorageError` `STORE_INVALID_INPUT` when the thread does not exist either).
 */
export type StorageMessageInput = MastraDBMessage & { threadId: string };

/** A stored message role. */
export type StorageMessageRole = MastraDBMessage['role'];

/** Sort order of a listing. */
export interface StorageOrderBy<F extends string = 'createdAt'> {
  field: F;
  direction: 'ASC' | 'DESC';
}

/** A time window on `createdAt`; bounds are inclusive unless marked exclusive. */
export interface StorageDateRange {
  start?: Date;
  end?: Date;
  startExclusive?: boolean;
  endExclusive?: boolean;
}

/** Ask for a message by id plus its neighbours in its own thread (chronological order). */
export interface StorageInclude {
  id: string;
  /** The thread of `id` when it is not the queried thread (informational: ids are global). */
  threadId?: string;
  /** How many messages before `id` in its thread to add. Default 0. */
  withPreviousMessages?: number;
  /** How many messages after `id` in its thread to add. Default 0. */
  withNextMessages?: number;
}

/** Filters shared by {@link MemoryStorage.listMessages} and {@link MemoryStorage.getLastMessages}. */
export interface StorageMessageFilter {
  /**
   * Shallow match on `content.metadata`: every listed key must be strictly equal (`===`, with
   * `null` matching a stored `null` only). Evaluated in the store's process after the indexed
   * filters, so a metadata listing costs O(messages of the thread/resource), not O(page).
   */
  metadata?: Record<string, string | number | boolean | null>;
  dateRange?: StorageDateRange;
  /** Roles to leave out (e.g. `['system']`). */
  excludeRoles?: StorageMessageRole[];
  /**
   * Leave out `role: 'signal'` rows whose `type` is in this list (e.g. `['reactive',
   * 'system-reminder']` for default recall). Rows of other roles are never affected.
   */
  excludeSignalTypes?: string[];
}

/** Arguments of {@link MemoryStorage.listMessages}. */
export interface ListMessagesQuery extends StorageMessageFilter {
  /** The thread to list. At least one of `threadId` / `resourceId` is required. */
  threadId?: string;
  /**
   * With `threadId`: only messages of the thread stamped with this resource. Without it: every
   * message of the resource, across its threads.
   */
  resourceId?: string;
  /** 0-based page. Default 0. */
  page?: number;
  /** Page size; `false` returns every matching message. Default 40. */
  perPage?: number | false;
  /**
   * Omitted: pages count from the **newest** message (page 0 = the newest `perPage`) and the
   * result is returned **chronologically** (oldest first) — the `recall()` default. Given: pages
   * count in that direction and the result is returned in that direction.
   */
  orderBy?: StorageOrderBy;
  /** Messages (and neighbours) added to the page, deduplicated, placed by the same ordering. */
  include?: StorageInclude[];
  /** Count `total` (costs a count over the matching rows). Default true; `false` reports -1. */
  includeTotal?: boolean;
}

/** Result of {@link MemoryStorage.listMessages}. */
export interface ListMessagesResult {
  messages: StorageMessage[];
  /** Matching messages across all pages (not counting `include` additions); -1 when not counted. */
  total: number;
  page: number;
  perPage: number | false;
  /** True when a later page has messages. */
  hasMore: boolean;
}

/** Arguments of {@link MemoryStorage.getLastMessages}. */
export interface LastMessagesQuery extends StorageMessageFilter {
  threadId: string;
  /** How many of the newest messages to return. 0 returns none. */
  limit: number;
  /** Only messages stamped with this resource. */
  resourceId?: string;
}

/** Arguments of {@link MemoryStorage.listThreads}. */
export interface ListThreadsQuery {
  resourceId?: string;
  /** Shallow strict-equality match on `thread.metadata`. */
  metadata?: Record<string, string | number | boolean | null>;
  /** 0-based. Default 0. */
  page?: number;
  /** Default 100; `false` = all. */
  perPage?: number | false;
  /** Default `{ field: 'createdAt', direction: 'DESC' }`. */
  orderBy?: StorageOrderBy<'createdAt' | 'updatedAt'>;
}

/** Result of {@link MemoryStorage.listThreads}. */
export interface ListThreadsResult {
  threads: StorageThread[];
  total: number;
  page: number;
  perPage: number | false;
  hasMore: boolean;
}

/** A partial update of a thread: `title` replaces, `metadata` is shallow-merged over the stored one. */
export interface ThreadUpdate {
  id: string;
  title?: string;
  metadata?: Record<string, unknown>;
}

/**
 * A partial update of a message. `content` is shallow-merged over the stored content, and
 * `content.metadata` shallow-merged over the stored metadata; other fields replace. The
 * message keeps its position (sequence) unless `createdAt` changes.
 */
export interface MessageUpdate {
  id: string;
  role?: StorageMessageRole;
  type?: string;
  createdAt?: Date;
  threadId?: string;
  resourceId?: string;
  content?: Partial<MastraDBMessage['content']>;
}

/** Upsert of a resource: `workingMemory` replaces when given, `metadata` is shallow-merged. */
export interface ResourceInput {
  id: string;
  workingMemory?: string;
  metadata?: Record<string, unknown>;
}

/**
 * One turn, saved in one transaction: the thread upsert, the messages (upsert by id) and the
 * resource's working memory. A crash or error part-way leaves none of it.
 */
export interface SaveTurnInput {
  /** Upserted like {@link MemoryStorage.saveThread} (saved before the messages). */
  thread?: StorageThread;
  /**
   * `true`: `thread` is inserted when the store has no such thread, and an existing one only gets
   * its `updatedAt` set to `thread.updatedAt` — its title, metadata, owner and `createdAt` are
   * kept. A turn's save uses it so that an edit made to the thread while the turn ran (a rename,
   * a working-memory update from a concurrent call) is never overwritten by a stale copy.
   *
   * It is also the atomic claim of a thread: when the stored thread belongs to another resource
   * than `thread.resourceId`, the turn is refused with `STORE_THREAD_RESOURCE_MISMATCH` and
   * nothing is written (not even `updatedAt`), with or without messages. Of two resources
   * racing to create one thread id, exactly one succeeds.
   */
  touchThread?: boolean;
  messages: StorageMessageInput[];
  /** Upserted like {@link MemoryStorage.saveResource}. */
  resource?: ResourceInput;
}

/**
 * Arguments of {@link MemoryStorage.loadTurn}: what a turn reads before the model is called,
 * asked for at once so a networked store can answer in one round trip.
 */
export interface LoadTurnQuery {
  /** The thread the turn runs in. */
  threadId: string;
  /** The resource the turn runs for: history and working memory are only ever this resource's. */
  resourceId: string;
  /**
   * Claim the thread when the store has none with this id: inserted with this row (its `id` and
   * `resourceId` must be the query's), atomically, so of two resources racing on one new id
   * exactly one gets it. Omitted: nothing is written (a read-only call).
   */
  claim?: StorageThread;
  /**
   * How many of the thread's newest messages stamped with `resourceId` to return, when the
   * thread existed and is `resourceId`'s (0: none).
   */
  lastMessages: number;
  /** Also return the resource row (resource-scoped working memory). */
  resource?: boolean;
  /**
   * Ids the call's input messages came with (a chat client's message ids): the stored messages
   * with these ids, in whatever thread, come back in {@link LoadedTurn.inputMessages}, so the
   * memory input filter can tell a re-sent or forked message without asking the store again.
   */
  messageIds?: readonly string[];
}

/** Result of {@link MemoryStorage.loadTurn}. */
export interface LoadedTurn {
  /**
   * The thread as stored when the turn started, whoever owns it (the caller checks the owner);
   * `null` when it did not exist (and was claimed now when `claim` was given).
   */
  thread: StorageThread | null;
  /** The newest `lastMessages` messages, oldest first; empty unless `thread` is `resourceId`'s. */
  messages: StorageMessage[];
  /** The resource row when asked for and stored, else `null`. */
  resource: StorageResource | null;
  /**
   * The stored messages whose ids `messageIds` named, in any thread and in no particular order
   * (what {@link MemoryStorage.getMessagesByIds} would return); absent when the query named none
   * or the store does not answer it here.
   */
  inputMessages?: StorageMessage[];
}

/** One embedding row for semantic recall. */
export interface VectorRow {
  /** Unique within its index (upsert key), e.g. `<messageId>` or `<messageId>:<chunk>`. */
  id: string;
  /** The embedding; stored as 64-bit floats, so it comes back exactly. */
  vector: number[] | Float32Array | Float64Array;
  messageId?: string;
  threadId?: string;
  resourceId?: string;
  metadata?: Record<string, unknown>;
}

/** Arguments of {@link MemoryStorage.upsertVectors}. */
export interface UpsertVectorsInput {
  /** Named vector space; rows of different indexes never meet. Default `'default'`. */
  indexName?: string;
  rows: VectorRow[];
}

/**
 * Arguments of {@link MemoryStorage.queryVectors}: cosine similarity, computed by brute force over
 * the rows of the index that match the scope (`resourceId` / `threadId`) — linear in the scoped
 * rows, which is the documented limit of these stores.
 */
export interface VectorQuery {
  indexName?: string;
  vector: number[] | Float32Array | Float64Array;
  /** Maximum number of matches. */
  topK: number;
  resourceId?: string;
  threadId?: string;
  /** Minimum cosine similarity (inclusive), e.g. `0.7`. */
  threshold?: number;
}

/** One match of {@link MemoryStorage.queryVectors}, best first. */
export interface VectorMatch {
  id: string;
  /** Cosine similarity in [-1, 1]. A zero vector scores 0. */
  score: number;
  messageId?: string;
  threadId?: string;
  resourceId?: string;
  metadata?: Record<string, unknown>;
}

/** Which vectors {@link MemoryStorage.deleteVectors} removes: rows matching every given field. */
export interface VectorFilter {
  indexName?: string;
  ids?: string[];
  messageIds?: string[];
  threadId?: string;
  resourceId?: string;
}

/** The storage interface `Memory` uses. See the module comment for the rules every store keeps. */
export interface MemoryStorage {
  /** Human-readable store name used in every error (e.g. `SqliteStore(./memory.db)`). */
  readonly name: string;
  /** Connect and apply migrations. Called implicitly by every method; safe to call repeatedly. */
  init(): Promise<void>;
  /** Release the connection (a pool passed in by the caller is left open). Later calls reject. */
  close(): Promise<void>;

  /**
   * Optional: a turn's reads in one call (see {@link LoadTurnQuery}); stores that have it answer
   * in one round trip (`PostgresStore`). `Memory` falls back to `getThreadById`, `saveTurn` (the
   * claim), `getLastMessages` and `getResource` when a store does not implement it.
   */
  loadTurn?(query: LoadTurnQuery): Promise<LoadedTurn>;

  /** The thread, or `null` when unknown. */
  getThreadById(id: string): Promise<StorageThread | null>;
  /** Insert or replace a thread (all fields). Returns the stored thread. */
  saveThread(thread: StorageThread): Promise<StorageThread>;
  /**
   * Update title/metadata and bump `updatedAt`. Rejects with `StorageError`
   * `STORE_THREAD_NOT_FOUND` for an unknown thread.
   */
  updateThread(update: ThreadUpdate): Promise<StorageThread>;
  /** Delete a thread with its messages and vectors (no error when unknown). */
  deleteThread(id: string): Promise<void>;
  /** Threads, paged. */
  listThreads(query?: ListThreadsQuery): Promise<ListThreadsResult>;

  /** Messages of a thread (or resource), filtered and paged; see {@link ListMessagesQuery}. */
  listMessages(query: ListMessagesQuery): Promise<ListMessagesResult>;
  /**
   * The newest `limit` matching messages of the thread in chronological order. Costs O(limit)
   * (plus the filtered-out rows it skips) through the thread index, never O(thread length): the
   * history hot path.
   */
  getLastMessages(query: LastMessagesQuery): Promise<StorageMessage[]>;
  /** The messages with these ids that exist, in chronological order. */
  getMessagesByIds(ids: string[]): Promise<StorageMessage[]>;
  /** Upsert messages by id in one transaction. Returns them as stored. */
  saveMessages(messages: StorageMessageInput[]): Promise<StorageMessage[]>;
  /** Save one turn atomically; see {@link SaveTurnInput}. Returns the stored messages. */
  saveTurn(turn: SaveTurnInput): Promise<StorageMessage[]>;
  /** Apply partial updates in one transaction; unknown ids are skipped. Returns the updated messages. */
  updateMessages(updates: MessageUpdate[]): Promise<StorageMessage[]>;
  /** Delete messages (and their vectors, by `messageId`) by id; unknown ids are ignored. */
  deleteMessages(ids: string[]): Promise<void>;

  /** The resource, or `null` when unknown. */
  getResource(id: string): Promise<StorageResource | null>;
  /** Insert or update a resource; see {@link ResourceInput}. */
  saveResource(resource: ResourceInput): Promise<StorageResource>;

  /** Insert or replace vectors by `(indexName, id)` in one transaction. */
  upsertVectors(input: UpsertVectorsInput): Promise<void>;
  /** Nearest rows by cosine similarity, best first; see {@link VectorQuery}. */
  queryVectors(query: VectorQuery): Promise<VectorMatch[]>;
  /** Delete vectors matching every field of the filter (an empty filter deletes the whole index). */
  deleteVectors(filter: VectorFilter): Promise<void>;
}
