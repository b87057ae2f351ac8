import type {
  BackgroundJob,
  BackgroundJobSettled,
  BackgroundTaskQueue,
  BackgroundTaskTerminalStatus,
} from './types.js';

type Handler = (job: BackgroundJob) => Promise<BackgroundTaskTerminalStatus>;

/**
 * A {@link BackgroundTaskQueue} inside one process: producers and workers are managers of the
 * same process sharing this object. For tests of the `producer` / `worker` modes and for
 * single-process setups that want the split; across processes use `BullMQBackgroundTaskQueue`
 * (`sluice/bullmq`). Jobs wait in FIFO order until a consumer has a free slot.
 */
export class InProcessBackgroundTaskQueue implements BackgroundTaskQueue {
  readonly name: string;
  readonly #waiting: BackgroundJob[] = [];
  readonly #consumers: { handler: Handler; concurrency: number; active: number }[] = [];
  readonly #settled = new Set<(event: BackgroundJobSettled) => void>();
  readonly #cancelListeners = new Set<(taskId: string) => void>();
  #closed = false;

  constructor(name = 'InProcessBackgroundTaskQueue') {
    this.name = name;
  }

  async enqueue(job: BackgroundJob): Promise<void> {
    if (this.#closed) throw new Error(`${this.name}: the queue is closed; create a new one.`);
    this.#waiting.push({ ...job });
    this.#pump();
  }

  async consume(handler: Handler, options: { concurrency: number }): Promise<void> {
    this.#consumers.push({ handler, concurrency: Math.max(1, options.concurrency), active: 0 });
    this.#pump();
  }

  onSettled(listener: (event: BackgroundJobSettled) => void): () => void {
    this.#settled.add(listener);
    return () => this.#settled.delete(listener);
  }

  /** Tell consumers (their `onCancel` listeners) to stop a running job. */
  async cancel(taskId: string): Promise<void> {
    const index = this.#waiting.findIndex((job) => job.taskId === taskId);
    if (index >= 0) this.#waiting.splice(index, 1);
    for (const listener of this.#cancelListeners) listener(taskId);
  }

  /** Tell `onSettled` listeners that a task settled without its job finishing (crash recovery failed it). */
  async publishSettled(event: BackgroundJobSettled): Promise<void> {
    this.#publish({ taskId: event.taskId, status: event.status });
  }

  /** Hear `cancel(taskId)` requests (workers use it to abort a running job). */
  onCancel(listener: (taskId: string) => void): () => void {
    this.#cancelListeners.add(listener);
    return () => this.#cancelListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#waiting.length = 0;
    this.#consumers.length = 0;
    this.#settled.clear();
    this.#cancelListeners.clear();
  }

  #pump(): void {
    while (this.#waiting.length > 0) {
      const consumer = this.#consumers.find((c) => c.active < c.concurrency);
      if (!consumer) return;
      const job = this.#waiting.shift() as BackgroundJob;
      consumer.active++;
      consumer
        .handler(job)
        .then(
          (status) => this.#publish({ taskId: job.taskId, status }),
          () => undefined,
        )
        .finally(() => {
          consumer.active--;
          if (!this.#closed) this.#pump();
        });
    }
  }

  #publish(event: BackgroundJobSettled): void {
    for (const listener of this.#settled) {
      try {
        listener(event);
      } catch {
        // a listener's failure is its own; the others still hear the settlement
      }
    }
  }
}
