import { randomUUID } from 'node:crypto';
import { describeValue } from '../errors/describe-value.js';
import { RequestContext } from '../request-context/request-context.js';
import { resolveTool } from '../tools/resolve-tool.js';
import type { ResolvedTool } from '../tools/types.js';
import { isTimerMs, MAX_TIMER_MS } from '../util/timer-ms.js';
import { untilAborted } from '../util/until-aborted.js';
import { BackgroundTaskError, toStoredError } from './errors.js';
import { InMemoryBackgroundTaskStore } from './memory-store.js';
import type {
  BackgroundDisposition,
  BackgroundJob,
  BackgroundTaskFilter,
  BackgroundTaskQueue,
  BackgroundTaskRecord,
  BackgroundTaskStatus,
  BackgroundTaskStore,
  BackgroundTaskTerminalStatus,
} from './types.js';

/** Where a manager executes tasks: here (`full`), on a queue's workers (`producer`), or jobs from a queue (`worker`). */
export type BackgroundManagerMode = 'full' | 'producer' | 'worker';

/** What happens to a new task when the concurrency limit is reached (`full` mode). */
export type BackgroundBackpressure = 'queue' | 'reject' | 'fallback-sync';

/** What crash recovery does with a task another (dead) process left `running`. */
export type BackgroundRecoveryAction = 'fail' | 'requeue';

/** A task event on the manager's stream. */
export interface BackgroundTaskEvent {
  /**
   * `pending` (created), `running` (an attempt started), `progress` (the tool wrote progress;
   * `data`), `retrying` (an attempt failed and another follows after `delayMs`), then one
   * terminal type: `completed`, `failed`, `timed_out` or `cancelled`.
   */
  type: BackgroundTaskStatus | 'progress' | 'retrying';
  /** The record as of this event. */
  task: BackgroundTaskRecord;
  /** Progress data (`progress`). */
  data?: unknown;
  /** Backoff before the next attempt (`retrying`). */
  delayMs?: number;
}

/** What a task's executor gets. */
export interface BackgroundTaskRunContext {
  task: BackgroundTaskRecord;
  /** Fires on `cancel()` and when the attempt's `timeoutMs` passes. */
  abortSignal: AbortSignal;
  /** 0 on the first attempt. */
  attempt: number;
  /** Publish progress (a `progress` event; not stored). */
  progress(data: unknown): void;
}

/** Runs one attempt of a task; resolves with the result, or throws to fail the attempt. */
export type BackgroundTaskExecutor = (context: BackgroundTaskRunContext) => Promise<unknown>;

/** A new task handed to {@link BackgroundTaskManager.submit}. */
export interface BackgroundTaskSubmission {
  /** Task id; default a random UUID. */
  id?: string;
  toolName: string;
  toolCallId: string;
  /** Arguments as the tool will see them (`_background` already stripped). */
  args: unknown;
  disposition: Exclude<BackgroundDisposition, 'foreground'>;
  agentId?: string;
  threadId?: string;
  resourceId?: string;
  runId?: string;
  /** Per-attempt timeout; default the manager's `defaultTimeoutMs`. */
  timeoutMs?: number;
  /** Default the manager's `defaultMaxRetries`. */
  maxRetries?: number;
  /**
   * How to run it here (`full` mode). Without it the manager runs the tool registered under
   * `toolName` in its `tools`.
   */
  execute?: BackgroundTaskExecutor;
}

/** What {@link BackgroundTaskManager.submit} decided. */
export type BackgroundSubmitResult =
  | {
      accepted: true;
      /** The record as created (`pending`). */
      task: BackgroundTaskRecord;
      /** Resolves with the terminal record (never rejects). */
      settled: Promise<BackgroundTaskRecord>;
    }
  | {
      /** The limit was reached and `backpressure` is `fallback-sync`: run the call inline. */
      accepted: false;
      reason: 'fallback-sync';
    };

/** Options of {@link BackgroundTaskManager}. */
export interface BackgroundTaskManagerOptions {
  /** Where records live; default a new {@link InMemoryBackgroundTaskStore}. */
  store?: BackgroundTaskStore;
  /** Default `full`. `producer` and `worker` need a `queue`. */
  mode?: BackgroundManagerMode;
  queue?: BackgroundTaskQueue;
  /**
   * Tools by name, for tasks without an `execute`: what a `worker` runs, and what `requeue`
   * recovery re-runs. Any tools-record entry (`createTool`, AI SDK `tool()`).
   */
  tools?: Record<string, unknown>;
  /** Most tasks running at once in this manager; default 10. */
  concurrency?: number;
  /** Most tasks of one `agentId` running at once; default no limit beyond `concurrency`. */
  perAgentConcurrency?: number;
  /** Default `queue`. */
  backpressure?: BackgroundBackpressure;
  /** With `backpressure: 'queue'`, most tasks waiting for a slot before new ones are rejected; default no limit. */
  maxQueued?: number;
  /** Per-attempt timeout when neither the tool nor the call sets one; default 300 000 (5 min). */
  defaultTimeoutMs?: number;
  /** Retries when neither the tool nor the call sets them; default 0. */
  defaultMaxRetries?: number;
  /** First retry delay; doubles per retry. Default 250. */
  retryBackoffMs?: number;
  /** Longest retry delay; default 30 000. */
  maxRetryBackoffMs?: number;
  /** Recover tasks a dead process left `running` when the manager starts; default `true`. */
  recoverOnStart?: boolean;
  /**
   * `fail` (default) marks an abandoned task `failed` (`BACKGROUND_TASK_ABANDONED`); `requeue`
   * puts it back to `pending` and runs it again (on the queue, or here with `tools`).
   */
  recoveryAction?: BackgroundRecoveryAction;
  /**
   * How long a running task's lease lasts (ms): the task is this manager's until then, and each
   * heartbeat pushes it this far ahead. A task whose lease passed (its owner died, or could not
   * reach the store for that long) is abandoned and any live manager recovers it. Default
   * 30 000; at least 1 000.
   */
  leaseMs?: number;
  /**
   * How often this manager renews the leases of the tasks it runs (ms); must be less than
   * `leaseMs`. Default `leaseMs / 3`, so two heartbeats can fail before the lease passes.
   */
  heartbeatIntervalMs?: number;
  /**
   * How often this manager looks for abandoned tasks (expired leases) and recovers them (ms),
   * besides once at start. Every live manager does (a compare-and-set decides which recovery
   * wins). Default 30 000; 0 turns periodic recovery off. A dead worker's task is recovered at
   * the latest `leaseMs` + `recoveryIntervalMs` after its last heartbeat.
   */
  recoveryIntervalMs?: number;
  /**
   * Only for records written without a lease (by releases before leases): a `running` record
   * of another owner counts as abandoned once it was last updated this long ago. Default: the
   * task's own `timeoutMs` plus `maxRetryBackoffMs` plus 30 s. Set 0 when this manager is the
   * only one using the store.
   */
  staleAfterMs?: number;
  /** This manager's owner id written on the tasks it runs; default a random UUID. */
  ownerId?: string;
  /** Receives warnings (a throwing listener, a failed recovery); default `console.warn`. */
  logger?: { warn(message: string): void };
}

interface Waiting {
  taskId: string;
  agentId: string | undefined;
  start(): void;
  /** Settle without ever starting (the manager is closing with `cancelRunning`). */
  drop(final: BackgroundTaskRecord): void;
}

const TERMINAL: ReadonlySet<BackgroundTaskStatus> = new Set([
  'completed',
  'failed',
  'timed_out',
  'cancelled',
]);
const FINISHED_MEMORY = 10_000;
const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_RECOVERY_INTERVAL_MS = 30_000;
const MIN_LEASE_MS = 1000;
/** Most abandoned tasks one recovery pass handles (the next pass takes the rest). */
const RECOVERY_BATCH = 1000;

/** A task this manager runs: the version it holds (what its heartbeat compares) and how to stop it. */
interface Lease {
  version: number;
  controller: AbortController;
  /** The run is moving the record itself (a retry, or its outcome): a renewal missing meanwhile is not a loss. */
  moving: boolean;
}
const ACTIVE: readonly BackgroundTaskStatus[] = ['pending', 'running'];

/** True for `completed`, `failed`, `timed_out` and `cancelled`. */
export function isTerminalStatus(status: BackgroundTaskStatus): status is BackgroundTaskTerminalStatus {
  return TERMINAL.has(status);
}

/**
 * Runs background tasks: limits, backpressure, timeouts, retries with exponential backoff and
 * cancellation, with every state change written through the store's compare-and-set
 * `transition` (so a task cancelled while it ran is never reported completed).
 *
 * Leases and crash recovery: a running task holds a lease (`leaseMs`) that this manager renews
 * every `heartbeatIntervalMs` while it runs the task. On `start()` (called by the first
 * `submit`, or by you) and then every `recoveryIntervalMs`, tasks whose lease passed are failed
 * or re-queued (`recoveryAction`) under a compare-and-set on the record as read (status, owner,
 * version, lease), so of all the live managers exactly one recovers a task. A worker handed a
 * job whose record is `running` under an expired lease takes it over the same way.
 */
export class BackgroundTaskManager {
  /** This manager's owner id. */
  readonly ownerId: string;
  /** Where this manager executes tasks (`full`, `producer` or `worker`). */
  readonly mode: BackgroundManagerMode;
  /** Where the task records live. */
  readonly store: BackgroundTaskStore;
  /** The queue of `producer` / `worker` mode; `undefined` in `full` mode without one. */
  readonly queue: BackgroundTaskQueue | undefined;

  readonly #options: BackgroundTaskManagerOptions;
  readonly #concurrency: number;
  readonly #perAgent: number;
  readonly #listeners = new Set<(event: BackgroundTaskEvent) => void>();
  readonly #settlers = new Map<string, ((task: BackgroundTaskRecord) => void)[]>();
  readonly #controllers = new Map<string, AbortController>();
  readonly #waiting: Waiting[] = [];
  readonly #activeByAgent = new Map<string, number>();
  readonly #resolvedTools = new Map<string, Promise<ResolvedTool>>();
  readonly #cleanups: (() => void)[] = [];
  /** Ids whose terminal event this manager already emitted (bounded; insertion-ordered). */
  readonly #finished = new Set<string>();
  #active = 0;
  #started: Promise<void> | undefined;
  #closed = false;
  /** Set by `close({ cancelRunning: true })`: no task starts any more. */
  #stopping = false;
  /** Tasks this manager has started and not yet settled (some still between start and running). */
  readonly #inFlight = new Set<string>();
  /** Running tasks whose lease this manager holds and renews. */
  readonly #leases = new Map<string, Lease>();
  readonly #leaseMs: number;
  readonly #heartbeatMs: number;
  readonly #recoveryMs: number;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #renewing = false;
  #recoveryTimer: ReturnType<typeof setInterval> | undefined;
  #recovering: Promise<unknown> | undefined;

  constructor(options: BackgroundTaskManagerOptions = {}) {
    this.#options = options;
    this.mode = options.mode ?? 'full';
    this.store = options.store ?? new InMemoryBackgroundTaskStore();
    this.queue = options.queue;
    this.ownerId = options.ownerId ?? randomUUID();
    this.#concurrency = positive(options.concurrency, 'concurrency', 10);
    this.#perAgent = positive(options.perAgentConcurrency, 'perAgentConcurrency', Number.POSITIVE_INFINITY);
    if (!['full', 'producer', 'worker'].includes(this.mode)) {
      throw configError(
        `"mode" must be 'full', 'producer' or 'worker' (got ${describeValue(options.mode)}).`,
      );
    }
    if (this.mode !== 'full' && !this.queue) {
      throw configError(
        `mode '${this.mode}' needs a "queue" (a BackgroundTaskQueue such as BullMQBackgroundTaskQueue).`,
      );
    }
    if (this.mode === 'worker' && !options.tools) {
      throw configError(`mode 'worker' needs "tools": the tools it may run, by name.`);
    }
    for (const key of ['defaultTimeoutMs', 'retryBackoffMs', 'maxRetryBackoffMs'] as const) {
      const value = options[key];
      if (value !== undefined && !isTimerMs(value)) {
        throw configError(
          `"${key}" must be a number of milliseconds from 1 to ${MAX_TIMER_MS} (got ${describeValue(value)}).`,
        );
      }
    }
    for (const key of ['defaultMaxRetries', 'staleAfterMs', 'maxQueued'] as const) {
      const value = options[key];
      if (
        value !== undefined &&
        !(
          typeof value === 'number' &&
          value >= 0 &&
          (Number.isInteger(value) || value === Number.POSITIVE_INFINITY)
        )
      ) {
        throw configError(`"${key}" must be a whole number >= 0 (got ${describeValue(value)}).`);
      }
    }
    if (
      options.recoveryAction !== undefined &&
      options.recoveryAction !== 'fail' &&
      options.recoveryAction !== 'requeue'
    ) {
      throw configError(
        `"recoveryAction" must be 'fail' or 'requeue' (got ${describeValue(options.recoveryAction)}).`,
      );
    }
    this.#leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    if (!(Number.isInteger(this.#leaseMs) && this.#leaseMs >= MIN_LEASE_MS && isTimerMs(this.#leaseMs))) {
      throw configError(
        `"leaseMs" must be a whole number of milliseconds from ${MIN_LEASE_MS} to ${MAX_TIMER_MS} (got ${describeValue(options.leaseMs)}).`,
      );
    }
    this.#heartbeatMs = options.heartbeatIntervalMs ?? Math.floor(this.#leaseMs / 3);
    if (!(isTimerMs(this.#heartbeatMs) && this.#heartbeatMs < this.#leaseMs)) {
      throw configError(
        `"heartbeatIntervalMs" must be a number of milliseconds above 0 and below "leaseMs" (${this.#leaseMs}), so the lease is renewed before it passes (got ${describeValue(options.heartbeatIntervalMs)}).`,
      );
    }
    this.#recoveryMs = options.recoveryIntervalMs ?? DEFAULT_RECOVERY_INTERVAL_MS;
    if (this.#recoveryMs !== 0 && !isTimerMs(this.#recoveryMs)) {
      throw configError(
        `"recoveryIntervalMs" must be 0 (off) or a number of milliseconds from 1 to ${MAX_TIMER_MS} (got ${describeValue(options.recoveryIntervalMs)}).`,
      );
    }
    const backpressure = options.backpressure ?? 'queue';
    if (!['queue', 'reject', 'fallback-sync'].includes(backpressure)) {
      throw configError(
        `"backpressure" must be 'queue', 'reject' or 'fallback-sync' (got ${describeValue(backpressure)}).`,
      );
    }
  }

  /** The per-task defaults (`defaultTimeoutMs`, `defaultMaxRetries`) a call's plan falls back to. */
  get defaults(): { timeoutMs: number; maxRetries: number } {
    return {
      timeoutMs: this.#options.defaultTimeoutMs ?? 300_000,
      maxRetries: this.#options.defaultMaxRetries ?? 0,
    };
  }

  /** Recover abandoned tasks (unless `recoverOnStart: false`) and, in `producer` / `worker` mode, attach to the queue. Idempotent. */
  start(): Promise<void> {
    this.#started ??= this.#start();
    return this.#started;
  }

  async #start(): Promise<void> {
    const queue = this.queue;
    if (queue && this.mode !== 'full') {
      this.#cleanups.push(queue.onSettled((event) => void this.#heardSettled(event.taskId)));
    }
    if (this.#options.recoverOnStart !== false) await this.recover();
    if (this.#recoveryMs > 0 && !this.#closed) {
      const timer = setInterval(() => this.#recoverTick(), this.#recoveryMs);
      timer.unref?.();
      this.#recoveryTimer = timer;
    }
    if (queue && this.mode === 'worker') {
      if (queue.onCancel) {
        this.#cleanups.push(
          queue.onCancel((taskId) => this.#controllers.get(taskId)?.abort(cancelledError(taskId))),
        );
      }
      await queue.consume((job) => this.#work(job), { concurrency: this.#concurrency });
    }
  }

  /**
   * Submit a task. In `full` mode it starts now, waits for a slot (`queue`), is refused
   * (`reject`: throws `BACKGROUND_TASK_REJECTED`), or comes back `{ accepted: false }`
   * (`fallback-sync`: the caller runs it inline). In `producer` mode it is enqueued.
   */
  async submit(submission: BackgroundTaskSubmission): Promise<BackgroundSubmitResult> {
    if (this.#closed) throw closedError();
    if (this.mode === 'worker') {
      throw configError(
        `a 'worker' manager runs queued jobs; submit tasks through a 'producer' or 'full' manager.`,
      );
    }
    await this.start();
    const agentId = submission.agentId;
    // The slot is taken now, before any await, so concurrent submits cannot both see it free.
    let reserved = false;
    if (this.mode === 'full' && this.#hasSlot(agentId)) {
      this.#take(agentId);
      reserved = true;
    } else if (this.mode === 'full') {
      const backpressure = this.#options.backpressure ?? 'queue';
      if (backpressure === 'fallback-sync') return { accepted: false, reason: 'fallback-sync' };
      const maxQueued = this.#options.maxQueued ?? Number.POSITIVE_INFINITY;
      if (backpressure === 'reject' || this.#waiting.length >= maxQueued) {
        throw new BackgroundTaskError(
          'BACKGROUND_TASK_REJECTED',
          `Background task manager is at its concurrency limit (${this.#describeLimit(agentId)}) and ` +
            `backpressure is '${backpressure}'${backpressure === 'queue' ? ` with maxQueued ${maxQueued} reached` : ''}; ` +
            `tool "${submission.toolName}" was not started. Retry later, raise the limit, or use backpressure 'queue'.`,
          { details: { toolName: submission.toolName, toolCallId: submission.toolCallId, agentId } },
        );
      }
    }
    if (this.mode === 'full' && !submission.execute && !this.#options.tools?.[submission.toolName]) {
      if (reserved) this.#release(agentId);
      throw new BackgroundTaskError(
        'BACKGROUND_TASK_TOOL_MISSING',
        `Background task manager has no way to run tool "${submission.toolName}": pass "execute" in the submission or register the tool in the manager's "tools".`,
        { details: { toolName: submission.toolName } },
      );
    }
    let task: BackgroundTaskRecord;
    try {
      task = await this.#create(submission);
    } catch (error) {
      if (reserved) this.#release(agentId);
      throw error;
    }
    const settled = this.#settledPromise(task.id);
    this.#emit({ type: 'pending', task });
    if (this.mode === 'producer') {
      const job: BackgroundJob = { taskId: task.id, toolName: task.toolName };
      if (task.agentId !== undefined) job.agentId = task.agentId;
      try {
        await (this.queue as BackgroundTaskQueue).enqueue(job);
      } catch (error) {
        // Not queued means never run: the record must not stay pending.
        const failed = await this.store
          .transition(task.id, ['pending'], 'failed', { error: toStoredError(error), finishedAt: new Date() })
          .catch(() => null);
        if (failed) this.#finish(failed);
        throw error;
      }
    } else {
      const execute = submission.execute;
      const id = task.id;
      this.#schedule(task, () => this.#run(id, execute), reserved);
    }
    return { accepted: true, task, settled };
  }

  #create(submission: BackgroundTaskSubmission): Promise<BackgroundTaskRecord> {
    return this.store.create({
      id: submission.id ?? randomUUID(),
      toolName: submission.toolName,
      toolCallId: submission.toolCallId,
      args: submission.args,
      disposition: submission.disposition,
      agentId: submission.agentId,
      threadId: submission.threadId,
      resourceId: submission.resourceId,
      runId: submission.runId,
      maxRetries: submission.maxRetries ?? this.#options.defaultMaxRetries ?? 0,
      timeoutMs: submission.timeoutMs ?? this.#options.defaultTimeoutMs ?? 300_000,
    });
  }

  /** One record, or `null`. */
  get(taskId: string): Promise<BackgroundTaskRecord | null> {
    return this.store.get(taskId);
  }

  /** Records matching `filter` (newest first by default). */
  list(filter?: BackgroundTaskFilter): Promise<BackgroundTaskRecord[]> {
    return this.store.list(filter);
  }

  /**
   * Cancel a `pending` or `running` task: the record becomes `cancelled` (compare-and-set) and
   * the tool's `abortSignal` fires (here, or on the worker through the queue). Resolves with the
   * record as it is now (a task that had already finished keeps its status), or `null`.
   */
  async cancel(taskId: string, reason = 'cancelled'): Promise<BackgroundTaskRecord | null> {
    const cancelled = await this.store.transition(taskId, ACTIVE, 'cancelled', {
      error: toStoredError(cancelledError(taskId, reason)),
      finishedAt: new Date(),
    });
    if (!cancelled) return this.store.get(taskId);
    // A task still waiting for a slot stays in line: when it gets one, its pending → running
    // transition fails and it settles as the cancelled record it is.
    this.#controllers.get(taskId)?.abort(cancelledError(taskId, reason));
    if (this.queue?.cancel && this.mode !== 'full') {
      await this.queue
        .cancel(taskId)
        .catch((error: unknown) => this.#warn(`queue cancel of task ${taskId} failed`, error));
    }
    this.#finish(cancelled);
    return cancelled;
  }

  /**
   * Resolves with the task's terminal record, or with its current record after `timeoutMs`
   * (or when `signal` aborts). `null` for an unknown id.
   */
  async waitFor(
    taskId: string,
    options: { timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<BackgroundTaskRecord | null> {
    let resolveWait: (task: BackgroundTaskRecord | null) => void = () => {};
    const result = new Promise<BackgroundTaskRecord | null>((resolve) => {
      resolveWait = resolve;
    });
    const settlers = this.#settlers.get(taskId) ?? [];
    const listener = (task: BackgroundTaskRecord) => resolveWait(task);
    settlers.push(listener);
    this.#settlers.set(taskId, settlers);
    const current = await this.store.get(taskId);
    if (!current || isTerminalStatus(current.status)) resolveWait(current);
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => void this.store.get(taskId).then(resolveWait), options.timeoutMs);
    const onAbort = () => void this.store.get(taskId).then(resolveWait);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await result;
    } finally {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      const list = this.#settlers.get(taskId);
      if (list) {
        const at = list.indexOf(listener);
        if (at >= 0) list.splice(at, 1);
        if (list.length === 0) this.#settlers.delete(taskId);
      }
    }
  }

  /** Listen to task events; returns an unsubscribe function. A throwing listener is a warning. */
  subscribe(listener: (event: BackgroundTaskEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Task events as an async iterable, until `signal` aborts or the loop breaks. */
  async *events(
    options: { signal?: AbortSignal } = {},
  ): AsyncGenerator<BackgroundTaskEvent, void, undefined> {
    const buffer: BackgroundTaskEvent[] = [];
    let wake: (() => void) | undefined;
    const unsubscribe = this.subscribe((event) => {
      buffer.push(event);
      wake?.();
    });
    const onAbort = () => wake?.();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      while (!options.signal?.aborted) {
        const next = buffer.shift();
        if (next) {
          yield next;
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
    } finally {
      unsubscribe();
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Delete terminal records that finished more than `olderThanMs` ago; resolves to how many. */
  cleanup(options: { olderThanMs: number }): Promise<number> {
    if (!(Number.isFinite(options.olderThanMs) && options.olderThanMs >= 0)) {
      throw configError(
        `cleanup "olderThanMs" must be a number >= 0 (got ${describeValue(options.olderThanMs)}).`,
      );
    }
    return this.store.deleteFinished(new Date(Date.now() - options.olderThanMs));
  }

  /**
   * Crash recovery (run by `start()` unless `recoverOnStart: false`, then every
   * `recoveryIntervalMs`): every `running` task whose lease has passed — and that this manager
   * is not running itself — is failed or re-queued (`recoveryAction`). A record without a lease
   * (written before leases) counts when another owner left it untouched for `staleAfterMs`.
   * Resolves with the records it changed (at most 1 000 per call).
   */
  async recover(): Promise<BackgroundTaskRecord[]> {
    const now = Date.now();
    const changed: BackgroundTaskRecord[] = [];
    const due = await this.store.list({
      status: 'running',
      leaseExpiredBefore: new Date(now),
      limit: RECOVERY_BATCH,
      order: 'ASC',
    });
    for (const task of due) {
      if (!this.#abandoned(task, now)) continue;
      const recovered = await this.#recoverOne(task).catch((error: unknown) => {
        this.#warn(`crash recovery of task ${task.id} failed`, error);
        return null;
      });
      if (recovered) changed.push(recovered);
    }
    return changed;
  }

  /** One periodic recovery pass, unless the previous one is still going. */
  #recoverTick(): void {
    if (this.#recovering || this.#closed) return;
    this.#recovering = this.recover()
      .catch((error: unknown) => this.#warn('periodic crash recovery failed', error))
      .finally(() => {
        this.#recovering = undefined;
      });
  }

  /** A `running` record nobody is running any more: its lease passed (or, without one, it went stale). */
  #abandoned(task: BackgroundTaskRecord, now: number): boolean {
    // Running here: a late heartbeat of a live task, never an abandoned one.
    if (this.#leases.has(task.id)) return false;
    if (task.leaseExpiresAt) return task.leaseExpiresAt.getTime() < now;
    if (task.owner === this.ownerId) return false;
    const grace = (this.#options.maxRetryBackoffMs ?? 30_000) + 30_000;
    const staleAfter = this.#options.staleAfterMs ?? task.timeoutMs + grace;
    return now - task.updatedAt.getTime() >= staleAfter;
  }

  /**
   * The compare-and-set a recovery or take-over of `task` (as read) uses: another manager that
   * recovered it first, a requeued run that has started since (version), or an owner that is
   * alive after all and renewed its lease (lease) makes it miss — so exactly one wins and a task
   * is never run twice.
   */
  #seen(task: BackgroundTaskRecord) {
    return { version: task.version, owner: task.owner ?? null, leaseExpiresAt: task.leaseExpiresAt ?? null };
  }

  async #recoverOne(task: BackgroundTaskRecord): Promise<BackgroundTaskRecord | null> {
    const action = this.#options.recoveryAction ?? 'fail';
    const canRerun =
      (this.queue && this.mode !== 'full') || this.#options.tools?.[task.toolName] !== undefined;
    if (action === 'requeue' && canRerun) {
      const pending = await this.store.transition(
        task.id,
        ['running'],
        'pending',
        { owner: this.ownerId },
        this.#seen(task),
      );
      if (!pending) return null;
      this.#emit({ type: 'pending', task: pending });
      if (this.queue && this.mode !== 'full') {
        const job: BackgroundJob = {
          taskId: pending.id,
          toolName: pending.toolName,
          requeue: pending.version,
        };
        if (pending.agentId !== undefined) job.agentId = pending.agentId;
        try {
          await this.queue.enqueue(job);
        } catch (error) {
          // Not queued means never run: the record must not stay pending.
          const failed = await this.store
            .transition(
              pending.id,
              ['pending'],
              'failed',
              { error: toStoredError(error), finishedAt: new Date() },
              { version: pending.version },
            )
            .catch(() => null);
          if (failed) await this.#announce(failed);
          throw error;
        }
      } else {
        this.#schedule(pending, () => this.#run(pending.id, undefined));
      }
      return pending;
    }
    const failed = await this.store.transition(
      task.id,
      ['running'],
      'failed',
      { error: toStoredError(abandonedError(task, this.ownerId)), finishedAt: new Date() },
      this.#seen(task),
    );
    if (failed) await this.#announce(failed);
    return failed;
  }

  /**
   * A task settled here without a worker finishing its job (recovery failed it): settle this
   * manager's waiters and tell every process's listeners through the queue, so the producer
   * whose conversation waits for it hears the outcome.
   */
  async #announce(task: BackgroundTaskRecord): Promise<void> {
    this.#finish(task);
    const queue = this.queue;
    if (!queue?.publishSettled || this.#closed) return;
    await queue
      .publishSettled({ taskId: task.id, status: task.status as BackgroundTaskTerminalStatus })
      .catch((error: unknown) => this.#warn(`publishing the settlement of task ${task.id} failed`, error));
  }

  /**
   * Stop taking tasks and detach from the queue. Without `cancelRunning`, tasks already accepted
   * (running, or waiting for a slot) run to their end. With `cancelRunning: true`, every task of
   * this manager is cancelled: running ones see their `abortSignal` fire, and tasks still waiting
   * for a slot (or being started) end `cancelled` without ever starting; once `close` resolves,
   * this manager starts no task.
   */
  async close(options: { cancelRunning?: boolean } = {}): Promise<void> {
    this.#closed = true;
    if (this.#recoveryTimer) clearInterval(this.#recoveryTimer);
    this.#recoveryTimer = undefined;
    for (const cleanup of this.#cleanups.splice(0)) cleanup();
    if (!options.cancelRunning) return;
    // Set before any await: every start path checks it, so nothing starts from here on.
    this.#stopping = true;
    const waiting = this.#waiting.splice(0);
    const ids = new Set([...this.#inFlight, ...this.#controllers.keys()]);
    await Promise.all([
      ...[...ids].map((id) => this.cancel(id, 'manager closed')),
      ...waiting.map(async (entry) => {
        const final = await this.cancel(entry.taskId, 'manager closed').catch(() => null);
        if (final) entry.drop(final);
      }),
    ]);
  }

  // ── execution ──────────────────────────────────────────────────────────────────────────────

  #hasSlot(agentId: string | undefined): boolean {
    if (this.#active >= this.#concurrency) return false;
    return agentId === undefined || (this.#activeByAgent.get(agentId) ?? 0) < this.#perAgent;
  }

  #describeLimit(agentId: string | undefined): string {
    const agentActive = agentId === undefined ? 0 : (this.#activeByAgent.get(agentId) ?? 0);
    return agentActive >= this.#perAgent
      ? `perAgentConcurrency ${this.#perAgent} for agent "${agentId}"`
      : `concurrency ${this.#concurrency}`;
  }

  #take(agentId: string | undefined): void {
    this.#active++;
    if (agentId !== undefined) this.#activeByAgent.set(agentId, (this.#activeByAgent.get(agentId) ?? 0) + 1);
  }

  #release(agentId: string | undefined): void {
    this.#active--;
    if (agentId !== undefined) {
      const left = (this.#activeByAgent.get(agentId) ?? 1) - 1;
      if (left <= 0) this.#activeByAgent.delete(agentId);
      else this.#activeByAgent.set(agentId, left);
    }
    for (let i = 0; i < this.#waiting.length && this.#active < this.#concurrency && !this.#stopping; ) {
      const next = this.#waiting[i] as Waiting;
      if (this.#hasSlot(next.agentId)) {
        this.#waiting.splice(i, 1);
        next.start();
      } else i++;
    }
  }

  /** Start `run` in a slot now, or when one frees (FIFO among tasks that fit). */
  #schedule(
    task: BackgroundTaskRecord,
    run: () => Promise<BackgroundTaskRecord>,
    reserved = false,
  ): Promise<BackgroundTaskRecord> {
    return new Promise((resolve) => {
      let holds = reserved;
      if (this.#stopping) {
        // Closing with cancelRunning: never started, settled as the cancelled record.
        if (holds) this.#release(task.agentId);
        void this.cancel(task.id, 'manager closed').then(
          (final) => resolve(final ?? task),
          () => resolve(task),
        );
        return;
      }
      const start = () => {
        if (!holds) this.#take(task.agentId);
        holds = false;
        this.#inFlight.add(task.id);
        run()
          .then(resolve, (error: unknown) => {
            // The store failed under the run (it could not even record the failure). Waiters
            // must not hang: they settle with a `failed` record (not stored; the stored one is
            // left for crash recovery) unless the store already holds a terminal one.
            this.#warn(`background task ${task.id} crashed`, error);
            const now = new Date();
            const failed: BackgroundTaskRecord = {
              ...task,
              status: 'failed',
              error: toStoredError(error),
              updatedAt: now,
              finishedAt: now,
            };
            this.store
              .get(task.id)
              .then(
                (current) => (current && isTerminalStatus(current.status) ? current : failed),
                () => failed,
              )
              .then((final) => {
                this.#finish(final);
                resolve(final);
              });
          })
          .finally(() => {
            this.#inFlight.delete(task.id);
            this.#release(task.agentId);
          });
      };
      if (reserved || this.#hasSlot(task.agentId)) start();
      else this.#waiting.push({ taskId: task.id, agentId: task.agentId, start, drop: resolve });
    });
  }

  /**
   * A worker's job handler: run the task with the registered tool, resolve with its terminal
   * status. A job whose record is `running` is a re-delivery (its worker died, or the queue
   * lost its lock): under an expired lease this worker takes it over (`recoveryAction`), under a
   * live one it waits for that run's outcome (or for its lease to pass).
   */
  async #work(job: BackgroundJob): Promise<BackgroundTaskTerminalStatus> {
    const task = await this.store.get(job.taskId);
    if (!task) return 'failed';
    if (isTerminalStatus(task.status)) return task.status;
    const final = await this.#schedule(task, () =>
      task.status === 'running' ? this.#redelivered(task) : this.#run(task.id, undefined),
    );
    return isTerminalStatus(final.status) ? final.status : 'failed';
  }

  /** A job for a `running` record: wait while its lease is live, then take it over. */
  async #redelivered(seen: BackgroundTaskRecord): Promise<BackgroundTaskRecord> {
    let task: BackgroundTaskRecord | null = seen;
    for (;;) {
      if (!task) return seen;
      if (isTerminalStatus(task.status)) {
        this.#finish(task);
        return task;
      }
      if (task.status === 'pending') return this.#run(task.id, undefined);
      if (this.#stopping) return task;
      const now = Date.now();
      if (this.#abandoned(task, now)) {
        if ((this.#options.recoveryAction ?? 'fail') === 'requeue')
          return this.#run(task.id, undefined, task);
        const failed = await this.#recoverOne(task);
        if (failed) return failed;
      } else {
        const until = task.leaseExpiresAt?.getTime() ?? now + this.#heartbeatMs;
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(Math.max(until - now + 1, 1), this.#heartbeatMs)),
        );
      }
      task = await this.store.get(seen.id);
    }
  }

  /**
   * Claim the task — `pending → running`, or with `abandoned` (a `running` record whose lease
   * passed) a take-over compared against the record as read — then run attempts until a
   * terminal status, holding its lease meanwhile.
   */
  async #run(
    taskId: string,
    execute: BackgroundTaskExecutor | undefined,
    abandoned?: BackgroundTaskRecord,
  ): Promise<BackgroundTaskRecord> {
    const claim = { owner: this.ownerId, startedAt: new Date(), leaseExpiresAt: this.#leaseEnd() };
    let task = abandoned
      ? await this.store.transition(taskId, ['running'], 'running', claim, this.#seen(abandoned))
      : await this.store.transition(taskId, ['pending'], 'running', claim);
    if (!task) return this.#current(taskId);
    this.#emit({ type: 'running', task });
    const controller = new AbortController();
    this.#controllers.set(taskId, controller);
    const lease: Lease = { version: task.version, controller, moving: false };
    this.#hold(taskId, lease);
    // close({ cancelRunning }) began while the task was being started: it never runs.
    if (this.#stopping) controller.abort(cancelledError(taskId, 'manager closed'));
    try {
      const executor = execute ?? (await this.#toolExecutor(task));
      for (;;) {
        const attempt = task.retryCount;
        const outcome = await this.#attempt(task, executor, controller.signal);
        if (controller.signal.aborted) return this.#current(taskId);
        // The runner's own transitions compare the version it holds: a task recovered (re-queued
        // or failed) or cancelled meanwhile is never overwritten by this run's outcome.
        const held = { version: task.version };
        lease.moving = true;
        if (outcome.ok) {
          const done = await this.store.transition(
            taskId,
            ['running'],
            'completed',
            { result: outcome.value, finishedAt: new Date() },
            held,
          );
          return this.#finishOrCurrent(done, taskId);
        }
        if (attempt < task.maxRetries) {
          const delayMs = this.#backoff(attempt);
          const retrying = await this.store.transition(
            taskId,
            ['running'],
            'running',
            {
              retryCount: attempt + 1,
              error: toStoredError(outcome.error),
              leaseExpiresAt: this.#leaseEnd(),
            },
            held,
          );
          if (!retrying) return this.#finishOrCurrent(null, taskId);
          task = retrying;
          lease.version = retrying.version;
          lease.moving = false;
          this.#emit({ type: 'retrying', task, delayMs });
          if (!(await sleep(delayMs, controller.signal))) return this.#current(taskId);
          continue;
        }
        const failed = await this.store.transition(
          taskId,
          ['running'],
          outcome.timedOut ? 'timed_out' : 'failed',
          {
            error: toStoredError(outcome.error),
            finishedAt: new Date(),
          },
          held,
        );
        return this.#finishOrCurrent(failed, taskId);
      }
    } catch (error) {
      const failed = await this.store.transition(
        taskId,
        ['running'],
        'failed',
        { error: toStoredError(error), finishedAt: new Date() },
        { version: task.version },
      );
      return this.#finishOrCurrent(failed, taskId);
    } finally {
      this.#controllers.delete(taskId);
      this.#releaseLease(taskId, lease);
    }
  }

  /** When a lease taken or renewed now passes. */
  #leaseEnd(): Date {
    return new Date(Date.now() + this.#leaseMs);
  }

  /** Start renewing the lease of a task this manager runs (one timer for all of them). */
  #hold(taskId: string, lease: Lease): void {
    this.#leases.set(taskId, lease);
    if (this.#heartbeat) return;
    const timer = setInterval(() => void this.#renewLeases(), this.#heartbeatMs);
    timer.unref?.();
    this.#heartbeat = timer;
  }

  #releaseLease(taskId: string, lease: Lease): void {
    if (this.#leases.get(taskId) === lease) this.#leases.delete(taskId);
    if (this.#leases.size === 0 && this.#heartbeat) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = undefined;
    }
  }

  /**
   * The heartbeat: renew every held lease. A renewal that misses while the run still holds the
   * version it compared means the task was recovered or taken over elsewhere (this process was
   * cut off from the store past its lease): the run is aborted, its outcome would be dropped.
   */
  async #renewLeases(): Promise<void> {
    if (this.#renewing) return;
    this.#renewing = true;
    try {
      const until = this.#leaseEnd();
      await Promise.all(
        Array.from(this.#leases, async ([taskId, lease]) => {
          const version = lease.version;
          const renewed = await this.store
            .renewLease(taskId, { owner: this.ownerId, version }, until)
            .catch((error: unknown) => {
              this.#warn(`renewing the lease of task ${taskId} failed`, error);
              return undefined;
            });
          if (renewed !== null || lease.moving || lease.version !== version) return;
          if (this.#leases.get(taskId) !== lease) return;
          lease.controller.abort(
            new BackgroundTaskError(
              'BACKGROUND_TASK_LEASE_LOST',
              `Background task ${taskId} lost its lease: owner ${this.ownerId} could not renew it in time and another manager recovered or took it over; this run stops and its outcome is dropped. Keep "heartbeatIntervalMs" well below "leaseMs" and the store reachable.`,
              { details: { taskId, owner: this.ownerId } },
            ),
          );
        }),
      );
    } finally {
      this.#renewing = false;
    }
  }

  /** The stored record (settling waiters when it is terminal): a run that lost its claim reports what happened instead. */
  async #current(taskId: string): Promise<BackgroundTaskRecord> {
    const current = await this.store.get(taskId);
    if (current && isTerminalStatus(current.status)) this.#finish(current);
    return current as BackgroundTaskRecord;
  }

  async #attempt(
    task: BackgroundTaskRecord,
    executor: BackgroundTaskExecutor,
    cancelSignal: AbortSignal,
  ): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown; timedOut: boolean }> {
    const timeout = new AbortController();
    const timer = setTimeout(
      () =>
        timeout.abort(
          new BackgroundTaskError(
            'BACKGROUND_TASK_TIMEOUT',
            `Background task ${task.id} (tool "${task.toolName}") did not finish within ${task.timeoutMs} ms (attempt ${task.retryCount + 1}).`,
            { details: { taskId: task.id, toolName: task.toolName, timeoutMs: task.timeoutMs } },
          ),
        ),
      task.timeoutMs,
    );
    const signal = AbortSignal.any([cancelSignal, timeout.signal]);
    try {
      const running = Promise.resolve().then(() => {
        // Cancelled (or the manager closed) before the first line of the tool: never call it.
        if (cancelSignal.aborted) throw cancelSignal.reason;
        return executor({
          task,
          abortSignal: signal,
          attempt: task.retryCount,
          progress: (data) => this.#emit({ type: 'progress', task, data }),
        });
      });
      return { ok: true, value: await untilAborted(running, signal) };
    } catch (error) {
      const timedOut = timeout.signal.aborted && !cancelSignal.aborted;
      return { ok: false, error: timedOut ? timeout.signal.reason : error, timedOut };
    } finally {
      clearTimeout(timer);
    }
  }

  async #toolExecutor(task: BackgroundTaskRecord): Promise<BackgroundTaskExecutor> {
    const entry = this.#options.tools?.[task.toolName];
    if (entry === undefined) {
      throw new BackgroundTaskError(
        'BACKGROUND_TASK_TOOL_MISSING',
        `Background task manager (${this.mode}, owner ${this.ownerId}) has no tool "${task.toolName}" in its "tools"; task ${task.id} cannot run. Register the tool on the worker.`,
        { details: { taskId: task.id, toolName: task.toolName } },
      );
    }
    let resolved = this.#resolvedTools.get(task.toolName);
    if (!resolved) {
      resolved = resolveTool(task.toolName, entry);
      this.#resolvedTools.set(task.toolName, resolved);
    }
    const tool = await resolved;
    return toolExecutor(tool);
  }

  #backoff(attempt: number): number {
    const base = this.#options.retryBackoffMs ?? 250;
    return Math.min(base * 2 ** attempt, this.#options.maxRetryBackoffMs ?? 30_000);
  }

  async #heardSettled(taskId: string): Promise<void> {
    const task = await this.store.get(taskId).catch((error: unknown) => {
      this.#warn(`reading settled task ${taskId} failed`, error);
      return null;
    });
    if (task && isTerminalStatus(task.status)) this.#finish(task);
  }

  async #finishOrCurrent(
    updated: BackgroundTaskRecord | null,
    taskId: string,
  ): Promise<BackgroundTaskRecord> {
    if (updated) {
      this.#finish(updated);
      return updated;
    }
    return this.#current(taskId);
  }

  #settledPromise(taskId: string): Promise<BackgroundTaskRecord> {
    return new Promise((resolve) => {
      const list = this.#settlers.get(taskId) ?? [];
      list.push(resolve);
      this.#settlers.set(taskId, list);
    });
  }

  /** Emit the terminal event once per manager and settle waiters. */
  #finish(task: BackgroundTaskRecord): void {
    if (this.#finished.has(task.id)) return;
    this.#finished.add(task.id);
    if (this.#finished.size > FINISHED_MEMORY) {
      const oldest = this.#finished.values().next().value;
      if (oldest !== undefined) this.#finished.delete(oldest);
    }
    const settlers = this.#settlers.get(task.id);
    this.#settlers.delete(task.id);
    this.#emit({ type: task.status, task });
    if (settlers) for (const settle of settlers) settle(task);
  }

  #emit(event: BackgroundTaskEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.#warn('a background task event listener threw', error);
      }
    }
  }

  #warn(what: string, error: unknown): void {
    const message = `[sluice] BackgroundTaskManager: ${what}: ${error instanceof Error ? error.message : String(error)}`;
    if (this.#options.logger) this.#options.logger.warn(message);
    else console.warn(message);
  }
}

/** An executor that runs a resolved tool's never-throwing runner and throws its error outcome. */
export function toolExecutor(tool: ResolvedTool, requestContext?: RequestContext): BackgroundTaskExecutor {
  const execute = tool.execute;
  if (!execute) {
    return async () => {
      throw new BackgroundTaskError(
        'BACKGROUND_TASK_TOOL_MISSING',
        `Tool "${tool.name}" has no execute function, so it cannot run in the background.`,
        { details: { toolName: tool.name } },
      );
    };
  }
  return async ({ task, abortSignal, progress }) => {
    const outcome = await execute(
      { toolCallId: task.toolCallId, input: task.args },
      {
        requestContext: requestContext ?? new RequestContext(),
        abortSignal,
        writer: {
          write: async (data) => progress(data),
          custom: async (chunk) => progress(chunk),
        },
      },
    );
    if (!outcome.ok) throw outcome.error;
    return outcome.result;
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function positive(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (
    !(
      typeof value === 'number' &&
      value >= 1 &&
      (Number.isInteger(value) || value === Number.POSITIVE_INFINITY)
    )
  ) {
    throw configError(`"${name}" must be an integer >= 1 (got ${describeValue(value)}).`);
  }
  return value;
}

function configError(problem: string): BackgroundTaskError {
  return new BackgroundTaskError('BACKGROUND_INVALID_CONFIG', `BackgroundTaskManager: ${problem}`);
}

function abandonedError(task: BackgroundTaskRecord, recoveredBy: string): BackgroundTaskError {
  const why = task.leaseExpiresAt
    ? `its lease passed at ${task.leaseExpiresAt.toISOString()} without a heartbeat`
    : 'it was left running';
  return new BackgroundTaskError(
    'BACKGROUND_TASK_ABANDONED',
    `Background task ${task.id} (tool "${task.toolName}") was abandoned by owner ${task.owner ?? 'unknown'}: ${why}, so that process is gone or cut off; marked failed on recovery by ${recoveredBy}. Use recoveryAction 'requeue' to run such tasks again.`,
    { details: { taskId: task.id, toolName: task.toolName, owner: task.owner } },
  );
}

function closedError(): BackgroundTaskError {
  return new BackgroundTaskError(
    'BACKGROUND_MANAGER_CLOSED',
    'BackgroundTaskManager: the manager was closed; create a new one to submit tasks.',
  );
}

function cancelledError(taskId: string, reason = 'cancelled'): BackgroundTaskError {
  return new BackgroundTaskError(
    'BACKGROUND_TASK_CANCELLED',
    `Background task ${taskId} was cancelled (${reason}).`,
    {
      details: { taskId },
    },
  );
}
