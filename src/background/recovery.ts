import { abandonedError, toStoredError } from './errors.js';
import type { LeaseKeeper } from './lease-keeper.js';
import type { BackgroundManagerMode, BackgroundTaskManagerOptions } from './manager-api.js';
import { isTerminalStatus, type TaskEvents } from './task-events.js';
import type { RegisteredTools } from './tool-executor.js';
import type {
  BackgroundJob,
  BackgroundTaskQueue,
  BackgroundTaskRecord,
  BackgroundTaskStore,
  BackgroundTaskTerminalStatus,
} from './types.js';

/** Most abandoned tasks one recovery pass handles (the next pass takes the rest). */
const RECOVERY_BATCH = 1000;

/** What crash recovery needs of the manager it works for. */
export interface RecoveryHost {
  readonly store: BackgroundTaskStore;
  readonly queue: BackgroundTaskQueue | undefined;
  readonly mode: BackgroundManagerMode;
  readonly ownerId: string;
  readonly options: BackgroundTaskManagerOptions;
  readonly events: TaskEvents;
  readonly leases: LeaseKeeper;
  readonly tools: RegisteredTools;
  readonly heartbeatMs: number;
  closed(): boolean;
  /** True once the manager closes with `cancelRunning`: nothing starts any more. */
  stopping(): boolean;
  /** Claim and run a task here; with `abandoned`, take over that `running` record as read. */
  run(taskId: string, abandoned?: BackgroundTaskRecord): Promise<BackgroundTaskRecord>;
  /** Run a re-queued task in this process (no queue to hand it to). */
  rerunHere(pending: BackgroundTaskRecord): void;
  warn(what: string, error: unknown): void;
}

/**
 * The compare-and-set a recovery or take-over of `task` (as read) uses: another manager that
 * recovered it first, a requeued run that has started since (version), or an owner that is
 * alive after all and renewed its lease (lease) makes it miss — so exactly one wins and a task
 * is never run twice.
 */
export function seenAs(task: BackgroundTaskRecord) {
  return { version: task.version, owner: task.owner ?? null, leaseExpiresAt: task.leaseExpiresAt ?? null };
}

/**
 * Crash recovery for one manager: finds `running` tasks whose lease passed and fails or
 * re-queues them (`recoveryAction`), once on start and then on a timer.
 */
export class Recovery {
  readonly #host: RecoveryHost;
  #timer: ReturnType<typeof setInterval> | undefined;
  #recovering: Promise<unknown> | undefined;

  constructor(host: RecoveryHost) {
    this.#host = host;
  }

  /** Run a pass every `intervalMs` (unref'd) until `stop`. */
  every(intervalMs: number): void {
    const timer = setInterval(() => this.#tick(), intervalMs);
    timer.unref?.();
    this.#timer = timer;
  }

  /** Stop the periodic passes. */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** One pass: recover every abandoned task due now; resolves with the records it changed. */
  async pass(): Promise<BackgroundTaskRecord[]> {
    const host = this.#host;
    const now = Date.now();
    const changed: BackgroundTaskRecord[] = [];
    const due = await host.store.list({
      status: 'running',
      leaseExpiredBefore: new Date(now),
      limit: RECOVERY_BATCH,
      order: 'ASC',
    });
    for (const task of due) {
      if (!this.abandoned(task, now)) continue;
      const recovered = await this.recoverOne(task).catch((error: unknown) => {
        host.warn(`crash recovery of task ${task.id} failed`, error);
        return null;
      });
      if (recovered) changed.push(recovered);
    }
    return changed;
  }

  /** One periodic recovery pass, unless the previous one is still going. */
  #tick(): void {
    if (this.#recovering || this.#host.closed()) return;
    this.#recovering = this.pass()
      .catch((error: unknown) => this.#host.warn('periodic crash recovery failed', error))
      .finally(() => {
        this.#recovering = undefined;
      });
  }

  /** A `running` record nobody is running any more: its lease passed (or, without one, it went stale). */
  abandoned(task: BackgroundTaskRecord, now: number): boolean {
    const host = this.#host;
    // Running here: a late heartbeat of a live task, never an abandoned one.
    if (host.leases.holds(task.id)) return false;
    if (task.leaseExpiresAt) return task.leaseExpiresAt.getTime() < now;
    if (task.owner === host.ownerId) return false;
    const grace = (host.options.maxRetryBackoffMs ?? 30_000) + 30_000;
    const staleAfter = host.options.staleAfterMs ?? task.timeoutMs + grace;
    return now - task.updatedAt.getTime() >= staleAfter;
  }

  /** Fail or re-queue one abandoned task under a compare-and-set; `null` when another manager won. */
  async recoverOne(task: BackgroundTaskRecord): Promise<BackgroundTaskRecord | null> {
    const host = this.#host;
    const { store, queue } = host;
    const action = host.options.recoveryAction ?? 'fail';
    const canRerun = (queue && host.mode !== 'full') || host.tools.has(task.toolName);
    if (action === 'requeue' && canRerun) {
      const pending = await store.transition(
        task.id,
        ['running'],
        'pending',
        { owner: host.ownerId },
        seenAs(task),
      );
      if (!pending) return null;
      host.events.emit({ type: 'pending', task: pending });
      if (queue && host.mode !== 'full') {
        const job: BackgroundJob = {
          taskId: pending.id,
          toolName: pending.toolName,
          requeue: pending.version,
        };
        if (pending.agentId !== undefined) job.agentId = pending.agentId;
        try {
          await queue.enqueue(job);
        } catch (error) {
          // Not queued means never run: the record must not stay pending.
          const failed = await store
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
        host.rerunHere(pending);
      }
      return pending;
    }
    const failed = await store.transition(
      task.id,
      ['running'],
      'failed',
      { error: toStoredError(abandonedError(task, host.ownerId)), finishedAt: new Date() },
      seenAs(task),
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
    const host = this.#host;
    host.events.finish(task);
    const queue = host.queue;
    if (!queue?.publishSettled || host.closed()) return;
    await queue
      .publishSettled({ taskId: task.id, status: task.status as BackgroundTaskTerminalStatus })
      .catch((error: unknown) => host.warn(`publishing the settlement of task ${task.id} failed`, error));
  }

  /** A worker's job for a `running` record: wait while its lease is live, then take it over. */
  async takeOver(seen: BackgroundTaskRecord): Promise<BackgroundTaskRecord> {
    const host = this.#host;
    let task: BackgroundTaskRecord | null = seen;
    for (;;) {
      if (!task) return seen;
      if (isTerminalStatus(task.status)) {
        host.events.finish(task);
        return task;
      }
      if (task.status === 'pending') return host.run(task.id);
      if (host.stopping()) return task;
      const now = Date.now();
      if (this.abandoned(task, now)) {
        if ((host.options.recoveryAction ?? 'fail') === 'requeue') return host.run(task.id, task);
        const failed = await this.recoverOne(task);
        if (failed) return failed;
      } else {
        const until = task.leaseExpiresAt?.getTime() ?? now + host.heartbeatMs;
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(Math.max(until - now + 1, 1), host.heartbeatMs)),
        );
      }
      task = await host.store.get(seen.id);
    }
  }
}
