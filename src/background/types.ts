/**
 * Contracts of the background-task runtime (issue #15): task records, the store that keeps them
 * (in memory, or the memory store's SQL database: SQLite / PostgreSQL) and the queue adapter that
 * lets API processes enqueue and worker processes execute (BullMQ on Redis). The task manager
 * (`./manager.ts`) talks to stores and queues only through these interfaces.
 *
 * Store rules (every store, pinned by one conformance suite):
 * - Records come back deep-equal to what was written (`Date`s stay `Date`s; `args`, `result`
 *   and `error` round-trip as JSON through `src/stores/codec.ts`, binary included).
 * - `transition` is a compare-and-set on `status`: it applies only when the stored status is one
 *   of `from`, atomically (a SQL `UPDATE … WHERE status IN (…)`), and returns the updated record
 *   or `null` when the record is missing or in another status. This is what makes "exactly one
 *   worker runs a task" and "a cancelled task is never reported completed" hold across processes.
 * - Every record has a `version`: 1 when created, one more on every applied transition, in the
 *   same atomic step. A transition given `expected.version` (and/or `expected.owner`) applies only
 *   while the stored record still has it, so a caller acting on a record it read earlier (crash
 *   recovery, a worker taking over a re-delivered job) cannot act on a task someone else has
 *   moved on since: of two recoveries of one abandoned task, exactly one wins.
 * - A `running` task holds a lease (`leaseExpiresAt`) its owner extends with `renewLease` (a
 *   heartbeat). Renewal is a compare-and-set on status `running`, owner and version, and does not
 *   change `version` or `updatedAt`; recovery compares the lease it read (`expected.leaseExpiresAt`),
 *   so a renewal that lands between a recovery's read and its write makes the recovery miss.
 * - A store that cannot be reached rejects with a `StorageError` (`STORE_UNAVAILABLE`) naming it.
 */

/** Lifecycle of a task: `pending → running → completed | failed | timed_out | cancelled`. */
export type BackgroundTaskStatus = 'pending' | 'running' | 'completed' | 'failed' | 'timed_out' | 'cancelled';

/** Statuses a task never leaves. */
export type BackgroundTaskTerminalStatus = Extract<
  BackgroundTaskStatus,
  'completed' | 'failed' | 'timed_out' | 'cancelled'
>;

/** How a background-eligible call runs: inline, in the background with an acknowledgement, or in the background while the step waits. */
export type BackgroundDisposition = 'foreground' | 'deferred' | 'awaited';

/** A serialisable error as stored on a failed task. */
export interface BackgroundTaskError {
  name: string;
  message: string;
  /** A stable Sluice error code when there is one. */
  code?: string;
}

/** One task as stored. */
export interface BackgroundTaskRecord {
  /** Task id (unique, also the queue job id). */
  id: string;
  status: BackgroundTaskStatus;
  toolName: string;
  toolCallId: string;
  /** Tool arguments as executed (the `_background` override already stripped). */
  args: unknown;
  disposition: Exclude<BackgroundDisposition, 'foreground'>;
  agentId?: string;
  threadId?: string;
  resourceId?: string;
  /** The run that started the task. */
  runId?: string;
  /** Set when `status` is `completed`. */
  result?: unknown;
  /** Set when `status` is `failed` or `timed_out` (and for `cancelled`, the reason). */
  error?: BackgroundTaskError;
  /** Retries used so far (0 on the first attempt). */
  retryCount: number;
  maxRetries: number;
  timeoutMs: number;
  /** Process/worker currently running the task (crash recovery finds its own stale `running` rows). */
  owner?: string;
  /**
   * Until when the owner holds the task (set when it starts running, extended by the owner's
   * heartbeat through `renewLease`). A `running` task whose lease has passed is abandoned: any
   * live manager recovers it. Absent on records written before leases existed.
   */
  leaseExpiresAt?: Date;
  /**
   * 1 when created, one more on every applied transition (see {@link BackgroundTaskExpectation}).
   * Monotonic: never reused, so a record read earlier can be compared with the stored one.
   */
  version: number;
  createdAt: Date;
  updatedAt: Date;
  startedAt?: Date;
  finishedAt?: Date;
}

/** A new task. */
export type BackgroundTaskInput = Omit<
  BackgroundTaskRecord,
  'status' | 'createdAt' | 'updatedAt' | 'retryCount' | 'version'
> & {
  status?: 'pending';
  retryCount?: number;
  createdAt?: Date;
};

/** Fields a transition may set (besides `status`); `undefined` values leave a field as it is. */
export type BackgroundTaskPatch = Partial<
  Pick<
    BackgroundTaskRecord,
    'result' | 'error' | 'retryCount' | 'owner' | 'startedAt' | 'finishedAt' | 'leaseExpiresAt'
  >
>;

/**
 * Extra conditions of a transition, compared in the same atomic step as `from`: the transition
 * applies only when every given field matches the stored record.
 */
export interface BackgroundTaskExpectation {
  /** The `version` of the record the caller acts on; any transition since makes it stale. */
  version?: number;
  /** The owner the caller expects; `null` means "no owner". */
  owner?: string | null;
  /**
   * The lease the caller read (exact time); `null` means "no lease". A renewal since then
   * makes the transition miss: how recovery and take-over never act on a task whose owner is alive.
   */
  leaseExpiresAt?: Date | null;
}

/** What a lease renewal compares: the owner holding the task and the version it holds. */
export interface BackgroundTaskLeaseHolder {
  owner: string;
  version: number;
}

/** A listing filter; every field narrows. */
export interface BackgroundTaskFilter {
  status?: BackgroundTaskStatus | readonly BackgroundTaskStatus[];
  agentId?: string;
  threadId?: string;
  resourceId?: string;
  runId?: string;
  toolName?: string;
  owner?: string;
  /** Only tasks created before this time. */
  createdBefore?: Date;
  /**
   * Only tasks whose lease expired before this time, or that have no lease (records written
   * before leases existed): what periodic recovery lists, with `status: 'running'`.
   */
  leaseExpiredBefore?: Date;
  /** Default 100, max 1000. */
  limit?: number;
  offset?: number;
  /** By `createdAt`; default `'DESC'` (newest first). */
  order?: 'ASC' | 'DESC';
}

/** Where task records live. */
export interface BackgroundTaskStore {
  /** A name for error messages, e.g. `SqlBackgroundTaskStore(SqliteStore(./memory.db))`. */
  readonly name: string;
  /** Insert a new task; an existing id is a `StorageError` `STORE_INVALID_INPUT`. */
  create(task: BackgroundTaskInput): Promise<BackgroundTaskRecord>;
  get(id: string): Promise<BackgroundTaskRecord | null>;
  /**
   * Compare-and-set on status, and on `expected` when given (see the module comment); stamps
   * `updatedAt` and adds one to `version`. `null` when nothing was changed.
   */
  transition(
    id: string,
    from: readonly BackgroundTaskStatus[],
    to: BackgroundTaskStatus,
    patch?: BackgroundTaskPatch,
    expected?: BackgroundTaskExpectation,
  ): Promise<BackgroundTaskRecord | null>;
  /**
   * Extend the lease of a `running` task to `leaseExpiresAt`, only while it is still held by
   * `holder` (same owner, same version), atomically. Changes neither `version` nor `updatedAt`.
   * Resolves with the record, or `null` when the task has moved on (finished, recovered, taken
   * over): the caller has lost it and should stop.
   */
  renewLease(
    id: string,
    holder: BackgroundTaskLeaseHolder,
    leaseExpiresAt: Date,
  ): Promise<BackgroundTaskRecord | null>;
  list(filter?: BackgroundTaskFilter): Promise<BackgroundTaskRecord[]>;
  /** Delete terminal tasks finished before `before`; resolves to how many were deleted. */
  deleteFinished(before: Date): Promise<number>;
  close?(): Promise<void>;
}

/** What a queue carries: the task id (the record in the store holds the rest). */
export interface BackgroundJob {
  taskId: string;
  toolName: string;
  /** Queue-level attempts are not used: retries are the manager's (it owns backoff and the record). */
  agentId?: string;
  /**
   * Set when crash recovery puts the task back on the queue (the record's version at that
   * moment): a queue that keys jobs by task id must not drop it as a duplicate of the dead
   * worker's job, which may still be listed as active.
   */
  requeue?: number;
}

/** Settlement notice a worker publishes and producers receive. */
export interface BackgroundJobSettled {
  taskId: string;
  status: BackgroundTaskTerminalStatus;
}

/**
 * A queue on an existing engine (BullMQ on Redis): producers `enqueue`, workers `consume`, and
 * every process can hear settlements (so a producer reconciles a result a worker stored).
 */
export interface BackgroundTaskQueue {
  readonly name: string;
  enqueue(job: BackgroundJob): Promise<void>;
  /**
   * Start consuming with at most `concurrency` jobs at once; `handler` runs one job to its end
   * (the manager executes the tool and writes the record) and resolves with its terminal status.
   * Resolves once the consumer is ready.
   */
  consume(
    handler: (job: BackgroundJob) => Promise<BackgroundTaskTerminalStatus>,
    options: { concurrency: number },
  ): Promise<void>;
  /** Listen to settlements from any worker; returns an unsubscribe function. */
  onSettled(listener: (event: BackgroundJobSettled) => void): () => void;
  /** Ask workers to stop a running job (best effort; the record's `cancelled` status is authoritative). */
  cancel?(taskId: string): Promise<void>;
  /**
   * Optional (added with the manager): hear `cancel(taskId)` requests from any process, so a
   * worker can fire the running tool's `abortSignal`. Returns an unsubscribe function. Without
   * it a cancelled task still runs to its end on the worker, but its result never replaces the
   * `cancelled` record (compare-and-set).
   */
  onCancel?(listener: (taskId: string) => void): () => void;
  /**
   * Optional (added with leases): tell every process's `onSettled` listeners that a task
   * settled without a worker finishing its job — crash recovery failed it — so the producer
   * that waits for it (and its conversation) hears the outcome. Without it only the recovering
   * process's own waiters hear it.
   */
  publishSettled?(event: BackgroundJobSettled): Promise<void>;
  close(): Promise<void>;
}
