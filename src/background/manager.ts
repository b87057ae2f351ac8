import { randomUUID } from 'node:crypto';
import { describeValue } from '../errors/describe-value.js';
import { runAttempt, sleep } from './attempt.js';
import { BackgroundTaskError, cancelledError, closedError, configError, toStoredError } from './errors.js';
import { type Lease, LeaseKeeper } from './lease-keeper.js';
import type {
  BackgroundManagerMode,
  BackgroundSubmitResult,
  BackgroundTaskEvent,
  BackgroundTaskExecutor,
  BackgroundTaskManagerOptions,
  BackgroundTaskSubmission,
} from './manager-api.js';
import { resolveManagerLimits, taskInput } from './manager-config.js';
import { InMemoryBackgroundTaskStore } from './memory-store.js';
import { Recovery, seenAs } from './recovery.js';
import { Slots } from './slots.js';
import { isTerminalStatus, TaskEvents } from './task-events.js';
import { RegisteredTools } from './tool-executor.js';
import type {
  BackgroundJob,
  BackgroundTaskFilter,
  BackgroundTaskQueue,
  BackgroundTaskRecord,
  BackgroundTaskStatus,
  BackgroundTaskStore,
  BackgroundTaskTerminalStatus,
} from './types.js';

const ACTIVE: readonly BackgroundTaskStatus[] = ['pending', 'running'];

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
  readonly #slots: Slots;
  readonly #events: TaskEvents;
  readonly #leases: LeaseKeeper;
  readonly #tools: RegisteredTools;
  readonly #recovery: Recovery;
  readonly #concurrency: number;
  readonly #recoveryMs: number;
  readonly #controllers = new Map<string, AbortController>();
  readonly #cleanups: (() => void)[] = [];
  /** Tasks this manager has started and not yet settled (some still between start and running). */
  readonly #inFlight = new Set<string>();
  #started: Promise<void> | undefined;
  #closed = false;

  constructor(options: BackgroundTaskManagerOptions = {}) {
    this.#options = options;
    this.mode = options.mode ?? 'full';
    this.store = options.store ?? new InMemoryBackgroundTaskStore();
    this.queue = options.queue;
    this.ownerId = options.ownerId ?? randomUUID();
    const limits = resolveManagerLimits(options, this.mode);
    const warn = (what: string, error: unknown) => this.#warn(what, error);
    this.#slots = new Slots(limits.concurrency, limits.perAgent);
    this.#events = new TaskEvents(warn);
    this.#leases = new LeaseKeeper(this.store, this.ownerId, limits.leaseMs, limits.heartbeatMs, warn);
    this.#tools = new RegisteredTools(options.tools, `${this.mode}, owner ${this.ownerId}`);
    this.#recovery = new Recovery({
      store: this.store,
      queue: this.queue,
      mode: this.mode,
      ownerId: this.ownerId,
      options,
      events: this.#events,
      leases: this.#leases,
      tools: this.#tools,
      closed: () => this.#closed,
      heartbeatMs: limits.heartbeatMs,
      stopping: () => this.#slots.stopping,
      run: (taskId, abandoned) => this.#run(taskId, undefined, abandoned),
      rerunHere: (pending) => void this.#schedule(pending, () => this.#run(pending.id, undefined)),
      warn,
    });
    this.#concurrency = limits.concurrency;
    this.#recoveryMs = limits.recoveryMs;
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
    if (this.#recoveryMs > 0 && !this.#closed) this.#recovery.every(this.#recoveryMs);
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
    if (this.mode === 'full' && this.#slots.free(agentId)) {
      this.#slots.take(agentId);
      reserved = true;
    } else if (this.mode === 'full') {
      const backpressure = this.#options.backpressure ?? 'queue';
      if (backpressure === 'fallback-sync') return { accepted: false, reason: 'fallback-sync' };
      const maxQueued = this.#options.maxQueued ?? Number.POSITIVE_INFINITY;
      if (backpressure === 'reject' || this.#slots.waiting >= maxQueued) {
        throw new BackgroundTaskError(
          'BACKGROUND_TASK_REJECTED',
          `Background task manager is at its concurrency limit (${this.#slots.describeLimit(agentId)}) and ` +
            `backpressure is '${backpressure}'${backpressure === 'queue' ? ` with maxQueued ${maxQueued} reached` : ''}; ` +
            `tool "${submission.toolName}" was not started. Retry later, raise the limit, or use backpressure 'queue'.`,
          { details: { toolName: submission.toolName, toolCallId: submission.toolCallId, agentId } },
        );
      }
    }
    if (this.mode === 'full' && !submission.execute && !this.#options.tools?.[submission.toolName]) {
      if (reserved) this.#slots.release(agentId);
      throw new BackgroundTaskError(
        'BACKGROUND_TASK_TOOL_MISSING',
        `Background task manager has no way to run tool "${submission.toolName}": pass "execute" in the submission or register the tool in the manager's "tools".`,
        { details: { toolName: submission.toolName } },
      );
    }
    let task: BackgroundTaskRecord;
    try {
      task = await this.store.create(taskInput(submission, this.#options));
    } catch (error) {
      if (reserved) this.#slots.release(agentId);
      throw error;
    }
    const settled = this.#events.settled(task.id);
    this.#events.emit({ type: 'pending', task });
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
        if (failed) this.#events.finish(failed);
        throw error;
      }
    } else {
      const execute = submission.execute;
      const id = task.id;
      this.#schedule(task, () => this.#run(id, execute), reserved);
    }
    return { accepted: true, task, settled };
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
    this.#events.finish(cancelled);
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
    return this.#events.waitFor(this.store, taskId, options);
  }

  /** Listen to task events; returns an unsubscribe function. A throwing listener is a warning. */
  subscribe(listener: (event: BackgroundTaskEvent) => void): () => void {
    return this.#events.subscribe(listener);
  }

  /** Task events as an async iterable, until `signal` aborts or the loop breaks. */
  events(options: { signal?: AbortSignal } = {}): AsyncGenerator<BackgroundTaskEvent, void, undefined> {
    return this.#events.events(options);
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
  recover(): Promise<BackgroundTaskRecord[]> {
    return this.#recovery.pass();
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
    this.#recovery.stop();
    for (const cleanup of this.#cleanups.splice(0)) cleanup();
    if (!options.cancelRunning) return;
    // Set before any await: every start path checks it, so nothing starts from here on.
    const waiting = this.#slots.stop();
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

  /** Start `run` in a slot now, or when one frees (FIFO among tasks that fit). */
  #schedule(
    task: BackgroundTaskRecord,
    run: () => Promise<BackgroundTaskRecord>,
    reserved = false,
  ): Promise<BackgroundTaskRecord> {
    return new Promise((resolve) => {
      let holds = reserved;
      if (this.#slots.stopping) {
        // Closing with cancelRunning: never started, settled as the cancelled record.
        if (holds) this.#slots.release(task.agentId);
        void this.cancel(task.id, 'manager closed').then(
          (final) => resolve(final ?? task),
          () => resolve(task),
        );
        return;
      }
      const start = () => {
        if (!holds) this.#slots.take(task.agentId);
        holds = false;
        this.#inFlight.add(task.id);
        run()
          .then(resolve, (error: unknown) => {
            // The store failed under the run (it could not even record the failure). Waiters
            // must not hang: they settle with a `failed` record (not stored; the stored one is
            // left for crash recovery) unless the store already holds a terminal one.
            this.#warn(`background task ${task.id} crashed`, error);
            this.#events.finishCrashed(this.store, task, error).then(resolve);
          })
          .finally(() => {
            this.#inFlight.delete(task.id);
            this.#slots.release(task.agentId);
          });
      };
      if (reserved || this.#slots.free(task.agentId)) start();
      else this.#slots.wait({ taskId: task.id, agentId: task.agentId, start, drop: resolve });
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
      task.status === 'running' ? this.#recovery.takeOver(task) : this.#run(task.id, undefined),
    );
    return isTerminalStatus(final.status) ? final.status : 'failed';
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
    const claim = { owner: this.ownerId, startedAt: new Date(), leaseExpiresAt: this.#leases.end() };
    let task = abandoned
      ? await this.store.transition(taskId, ['running'], 'running', claim, seenAs(abandoned))
      : await this.store.transition(taskId, ['pending'], 'running', claim);
    if (!task) return this.#current(taskId);
    this.#events.emit({ type: 'running', task });
    const controller = new AbortController();
    this.#controllers.set(taskId, controller);
    const lease: Lease = { version: task.version, controller, moving: false };
    this.#leases.hold(taskId, lease);
    // close({ cancelRunning }) began while the task was being started: it never runs.
    if (this.#slots.stopping) controller.abort(cancelledError(taskId, 'manager closed'));
    try {
      const executor = execute ?? (await this.#tools.executorFor(task));
      for (;;) {
        const attempt = task.retryCount;
        const outcome = await runAttempt(task, executor, controller.signal, this.#events);
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
              leaseExpiresAt: this.#leases.end(),
            },
            held,
          );
          if (!retrying) return this.#finishOrCurrent(null, taskId);
          task = retrying;
          lease.version = retrying.version;
          lease.moving = false;
          this.#events.emit({ type: 'retrying', task, delayMs });
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
      this.#leases.release(taskId, lease);
    }
  }

  /** The stored record (settling waiters when it is terminal): a run that lost its claim reports what happened instead. */
  async #current(taskId: string): Promise<BackgroundTaskRecord> {
    const current = await this.store.get(taskId);
    if (current && isTerminalStatus(current.status)) this.#events.finish(current);
    return current as BackgroundTaskRecord;
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
    if (task && isTerminalStatus(task.status)) this.#events.finish(task);
  }

  async #finishOrCurrent(
    updated: BackgroundTaskRecord | null,
    taskId: string,
  ): Promise<BackgroundTaskRecord> {
    if (updated) {
      this.#events.finish(updated);
      return updated;
    }
    return this.#current(taskId);
  }

  #warn(what: string, error: unknown): void {
    const message = `[sluice] BackgroundTaskManager: ${what}: ${error instanceof Error ? error.message : String(error)}`;
    if (this.#options.logger) this.#options.logger.warn(message);
    else console.warn(message);
  }
}
