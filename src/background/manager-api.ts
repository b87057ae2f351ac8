/**
 * The public shapes of {@link BackgroundTaskManager}: its options, what a submission carries,
 * what an executor gets, and the events it publishes.
 */

import type { BackgroundTaskManager } from './manager.js';
import type { InMemoryBackgroundTaskStore } from './memory-store.js';
import type {
  BackgroundDisposition,
  BackgroundTaskQueue,
  BackgroundTaskRecord,
  BackgroundTaskStatus,
  BackgroundTaskStore,
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
