import { toStoredError } from './errors.js';
import type { BackgroundTaskEvent } from './manager-api.js';
import type {
  BackgroundTaskRecord,
  BackgroundTaskStatus,
  BackgroundTaskStore,
  BackgroundTaskTerminalStatus,
} from './types.js';

const TERMINAL: ReadonlySet<BackgroundTaskStatus> = new Set([
  'completed',
  'failed',
  'timed_out',
  'cancelled',
]);
/** How many finished ids a manager remembers to emit each terminal event once. */
const FINISHED_MEMORY = 10_000;

/** True for `completed`, `failed`, `timed_out` and `cancelled`. */
export function isTerminalStatus(status: BackgroundTaskStatus): status is BackgroundTaskTerminalStatus {
  return TERMINAL.has(status);
}

/**
 * One manager's event stream and settlement: the listeners, the waiters per task, and the
 * (bounded) memory of which tasks already had their terminal event.
 */
export class TaskEvents {
  readonly #listeners = new Set<(event: BackgroundTaskEvent) => void>();
  readonly #settlers = new Map<string, ((task: BackgroundTaskRecord) => void)[]>();
  /** Ids whose terminal event this manager already emitted (bounded; insertion-ordered). */
  readonly #finished = new Set<string>();
  readonly #warn: (what: string, error: unknown) => void;

  constructor(warn: (what: string, error: unknown) => void) {
    this.#warn = warn;
  }

  /** Tell every listener; a throwing listener is a warning, never the caller's error. */
  emit(event: BackgroundTaskEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.#warn('a background task event listener threw', error);
      }
    }
  }

  /** Emit the terminal event once per manager and settle waiters. */
  finish(task: BackgroundTaskRecord): void {
    if (this.#finished.has(task.id)) return;
    this.#finished.add(task.id);
    if (this.#finished.size > FINISHED_MEMORY) {
      const oldest = this.#finished.values().next().value;
      if (oldest !== undefined) this.#finished.delete(oldest);
    }
    const settlers = this.#settlers.get(task.id);
    this.#settlers.delete(task.id);
    this.emit({ type: task.status, task });
    if (settlers) for (const settle of settlers) settle(task);
  }

  /**
   * Settle `task` after the store failed under its run (it could not even record the failure):
   * with the stored record when that is terminal, else with a `failed` record that is not stored
   * (the stored one is left for crash recovery), so waiters never hang.
   */
  async finishCrashed(
    store: BackgroundTaskStore,
    task: BackgroundTaskRecord,
    error: unknown,
  ): Promise<BackgroundTaskRecord> {
    const now = new Date();
    const failed: BackgroundTaskRecord = {
      ...task,
      status: 'failed',
      error: toStoredError(error),
      updatedAt: now,
      finishedAt: now,
    };
    const final = await store.get(task.id).then(
      (current) => (current && isTerminalStatus(current.status) ? current : failed),
      () => failed,
    );
    this.finish(final);
    return final;
  }

  /** Resolves with the task's record when `finish` is called for it. */
  settled(taskId: string): Promise<BackgroundTaskRecord> {
    return new Promise((resolve) => {
      const list = this.#settlers.get(taskId) ?? [];
      list.push(resolve);
      this.#settlers.set(taskId, list);
    });
  }

  /** Add a listener; returns the function that removes it. */
  subscribe(listener: (event: BackgroundTaskEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Events as an async iterable, until `signal` aborts or the loop breaks. */
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

  /**
   * Resolves with the task's terminal record, or with its current record (read from `store`)
   * after `timeoutMs` or when `signal` aborts; `null` for an unknown id.
   */
  async waitFor(
    store: BackgroundTaskStore,
    taskId: string,
    options: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<BackgroundTaskRecord | null> {
    let resolveWait: (task: BackgroundTaskRecord | null) => void = () => {};
    const result = new Promise<BackgroundTaskRecord | null>((resolve) => {
      resolveWait = resolve;
    });
    const settlers = this.#settlers.get(taskId) ?? [];
    const listener = (task: BackgroundTaskRecord) => resolveWait(task);
    settlers.push(listener);
    this.#settlers.set(taskId, settlers);
    const current = await store.get(taskId);
    if (!current || isTerminalStatus(current.status)) resolveWait(current);
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => void store.get(taskId).then(resolveWait), options.timeoutMs);
    const onAbort = () => void store.get(taskId).then(resolveWait);
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
}
