/**
 * `BackgroundTaskQueue` on BullMQ (Redis): producers `enqueue` a job whose id is the task id,
 * workers `consume` with a BullMQ `Worker` of the given concurrency, and every process hears
 * settlements through BullMQ's `QueueEvents` (the queue's Redis events stream).
 *
 * Why `QueueEvents` and not a pub/sub channel: the events stream is written by the worker in
 * the same Redis script that completes the job, it is read with a cursor (a producer that
 * reconnects resumes where it was instead of losing what was published meanwhile) and it needs
 * no extra connection type. Each adapter starts its cursor at a marker entry it appends itself,
 * so nothing published after `onSettled()` / `consume()` returns is missed.
 *
 * Cancellation is best effort: a job still waiting is removed from the queue; a running one is
 * asked to stop through a custom event on the same stream, which every consuming adapter turns
 * into BullMQ's `worker.cancelJob()` (the handler's optional `signal` aborts). The task record's
 * `cancelled` status stays the authority either way.
 *
 * Crash recovery (leases, in the manager) may put a task back on the queue while the dead
 * worker's job is still listed as active: `enqueue` of a job with `requeue` set removes that job
 * when its lock has lapsed, and otherwise adds the task under a job id of its own
 * (`<taskId>.requeue-<n>`), whose settlement the worker announces by task id. Recovery that
 * fails a task announces it with `publishSettled` (a custom event on the same stream).
 *
 * BullMQ's own attempts are off (`attempts: 1`): retries, backoff and timeouts are the manager's.
 * `bullmq` is an optional peer dependency, imported on first use.
 */

import type * as BullMQ from 'bullmq';
import { describeValue } from '../../errors/describe-value.js';
import { describeError } from '../../errors/error-chain.js';
import { SluiceError } from '../../errors/sluice-error.js';
import { StorageError } from '../../stores/errors.js';
import { loadDriver } from '../../stores/sql/load-driver.js';
import type {
  BackgroundJob,
  BackgroundJobSettled,
  BackgroundTaskQueue,
  BackgroundTaskTerminalStatus,
} from '../types.js';
import {
  type BullMQBackgroundTaskQueueOptions,
  type BullMQRedisClient,
  type BullMQRedisOptions,
  invalidConfig,
  resolveQueueOptions,
} from './bullmq-options.js';

/** Runs one job to its end; `signal` aborts when the job is cancelled (an optional addition to the contract). */
export type BullMQJobHandler = (
  job: BackgroundJob,
  signal?: AbortSignal,
) => Promise<BackgroundTaskTerminalStatus>;

type BullMQModule = typeof BullMQ;

const TERMINAL: ReadonlySet<string> = new Set(['completed', 'failed', 'timed_out', 'cancelled']);
const CANCEL_EVENT = 'sluice:cancel';
const MARK_EVENT = 'sluice:mark';
const SETTLED_EVENT = 'sluice:settled';
const WAITING_STATES: ReadonlySet<string> = new Set([
  'waiting',
  'delayed',
  'prioritized',
  'waiting-children',
]);
const EVENTS_MAX_LEN = 10_000;

/**
 * {@link BackgroundTaskQueue} on BullMQ. One instance per process and role is enough: a
 * producer calls `enqueue` / `onSettled` / `cancel`, a worker calls `consume` (a process in
 * `full` mode does both). `close()` closes every BullMQ object it opened.
 *
 * @example
 * const queue = new BullMQBackgroundTaskQueue({ connection: 'redis://127.0.0.1:6379', prefix: 'myapp' });
 */
export class BullMQBackgroundTaskQueue implements BackgroundTaskQueue {
  readonly name: string;
  private readonly queueName: string;
  private readonly prefix: string;
  private readonly connection: BullMQRedisOptions | BullMQRedisClient;
  private readonly lockDuration: number | undefined;
  private readonly stalledInterval: number | undefined;
  private readonly onError: (error: unknown) => void;
  private lib: Promise<BullMQModule> | undefined;
  private queue: Promise<BullMQ.Queue> | undefined;
  private events: Promise<BullMQ.QueueEvents> | undefined;
  private producer: Promise<BullMQ.QueueEventsProducer> | undefined;
  private readonly workers: BullMQ.Worker[] = [];
  private readonly listeners = new Set<(event: BackgroundJobSettled) => void>();
  private readonly cancelListeners = new Set<(taskId: string) => void>();
  private closed = false;

  constructor(options: BullMQBackgroundTaskQueueOptions) {
    const resolved = resolveQueueOptions(options);
    this.queueName = resolved.queueName;
    this.prefix = resolved.prefix;
    this.name = resolved.name;
    this.connection = resolved.connection;
    this.lockDuration = resolved.lockDuration;
    this.stalledInterval = resolved.stalledInterval;
    this.onError = resolved.onError;
  }

  async enqueue(job: BackgroundJob): Promise<void> {
    this.checkOpen('enqueue');
    checkJob(this.name, job);
    const queue = await this.getQueue();
    // A producer that listens must be listening before its job can settle (this also restarts
    // an events reader that failed).
    if (this.listeners.size > 0 || this.events) {
      await this.listen().catch((error: unknown) =>
        Promise.reject(this.unavailable('listen to settlements', error)),
      );
    }
    const data: BackgroundJob = { taskId: job.taskId, toolName: job.toolName };
    if (job.agentId !== undefined) data.agentId = job.agentId;
    try {
      let jobId = job.taskId;
      if (job.requeue !== undefined) {
        const placed = await this.makeRoomForRequeue(queue, job.taskId);
        // Already waiting: a worker will take it and find the record pending.
        if (placed === 'waiting') return;
        if (placed === 'locked') jobId = `${job.taskId}.requeue-${job.requeue}`;
      }
      await queue.add(job.toolName, data, {
        jobId,
        attempts: 1,
        removeOnComplete: true,
        removeOnFail: true,
      });
    } catch (error) {
      throw this.unavailable(`enqueue task "${job.taskId}"`, error);
    }
  }

  async consume(handler: BullMQJobHandler, options: { concurrency: number }): Promise<void> {
    this.checkOpen('consume');
    if (typeof handler !== 'function') {
      throw invalidConfig(this.name, 'consume(handler)', 'the handler must be a function');
    }
    const concurrency = options?.concurrency;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw invalidConfig(
        this.name,
        'consume({ concurrency })',
        `must be a positive integer (got ${describeValue(concurrency)})`,
      );
    }
    const { Worker } = await this.load();
    const worker = new Worker<BackgroundJob, BackgroundTaskTerminalStatus>(
      this.queueName,
      async (job, _token, signal) => {
        if (job.id === job.data.taskId) return handler(job.data, signal);
        // A re-queued task under a job id of its own: settlement events name the job, so the
        // task's settlement is announced by task id as well.
        let status: BackgroundTaskTerminalStatus = 'failed';
        try {
          status = await handler(job.data, signal);
          return status;
        } finally {
          await this.publishSettled({ taskId: job.data.taskId, status }).catch(this.onError);
        }
      },
      {
        connection: this.connection as BullMQ.ConnectionOptions,
        prefix: this.prefix,
        concurrency,
        autorun: false,
        ...(this.lockDuration === undefined ? {} : { lockDuration: this.lockDuration }),
        ...(this.stalledInterval === undefined ? {} : { stalledInterval: this.stalledInterval }),
      },
    );
    // BullMQ re-emits connection trouble as 'error' events; it reconnects by itself.
    worker.on('error', this.onError);
    this.workers.push(worker);
    try {
      await worker.waitUntilReady();
      await this.listen();
    } catch (error) {
      throw this.unavailable('start a worker', error);
    }
    worker.run().catch(this.onError);
  }

  onSettled(listener: (event: BackgroundJobSettled) => void): () => void {
    if (typeof listener !== 'function') {
      throw invalidConfig(this.name, 'onSettled(listener)', 'the listener must be a function');
    }
    this.listeners.add(listener);
    if (!this.closed) this.listen().catch(this.onError);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Hear cancel requests for jobs (from `cancel()` in any process), so a worker's manager can
   * abort the task it runs; returns an unsubscribe function. (An optional addition to the
   * contract: `BackgroundTaskManager` in `worker` mode uses it when present.)
   */
  onCancel(listener: (taskId: string) => void): () => void {
    if (typeof listener !== 'function') {
      throw invalidConfig(this.name, 'onCancel(listener)', 'the listener must be a function');
    }
    this.cancelListeners.add(listener);
    if (!this.closed) this.listen().catch(this.onError);
    return () => {
      this.cancelListeners.delete(listener);
    };
  }

  /** Resolves once settlements and cancel requests are being received (`onSettled` starts listening without waiting). */
  async ready(): Promise<void> {
    this.checkOpen('ready');
    try {
      await this.listen();
    } catch (error) {
      throw this.unavailable('listen to settlements', error);
    }
  }

  async cancel(taskId: string): Promise<void> {
    this.checkOpen('cancel');
    if (typeof taskId !== 'string' || taskId.length === 0) {
      throw invalidConfig(this.name, 'cancel(taskId)', 'the task id must be a non-empty string');
    }
    try {
      const queue = await this.getQueue();
      const job = await queue.getJob(taskId);
      if (job) {
        const state = await job.getState();
        if (
          state === 'waiting' ||
          state === 'delayed' ||
          state === 'prioritized' ||
          state === 'waiting-children'
        ) {
          // Throws when a worker took the lock meanwhile: then the cancel event below reaches it.
          await job.remove().catch(() => undefined);
        }
      }
      // A listening adapter hears its own request on the stream; one that does not, acts now.
      if (!this.events) this.cancelRequested(taskId);
      const producer = await this.getProducer();
      await producer.publishEvent({ eventName: CANCEL_EVENT, taskId }, EVENTS_MAX_LEN);
    } catch (error) {
      throw this.unavailable(`cancel task "${taskId}"`, error);
    }
  }

  /**
   * Tell every listening process (`onSettled`) that a task settled without its job finishing
   * (crash recovery failed it), through a custom event on the queue's events stream.
   */
  async publishSettled(event: BackgroundJobSettled): Promise<void> {
    this.checkOpen('publishSettled');
    const { taskId, status } = event ?? ({} as BackgroundJobSettled);
    if (typeof taskId !== 'string' || taskId.length === 0 || !TERMINAL.has(status)) {
      throw invalidConfig(
        this.name,
        'publishSettled(event)',
        `needs { taskId, status } with a terminal status (got ${describeValue(event)})`,
      );
    }
    try {
      const producer = await this.getProducer();
      await producer.publishEvent({ eventName: SETTLED_EVENT, taskId, status }, EVENTS_MAX_LEN);
    } catch (error) {
      throw this.unavailable(`publish the settlement of task "${taskId}"`, error);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    this.cancelListeners.clear();
    const closing: Promise<unknown>[] = this.workers.map((w) => w.close());
    for (const pending of [this.events, this.producer, this.queue]) {
      if (pending) closing.push(pending.then((c) => c.close()));
    }
    await Promise.allSettled(closing);
  }

  // ---- internals --------------------------------------------------------------------------

  private load(): Promise<BullMQModule> {
    this.lib ??= loadDriver<BullMQModule>(this.name, 'bullmq', 'npm install bullmq@6 ioredis@5').catch(
      (error: unknown) => {
        this.lib = undefined;
        throw error;
      },
    );
    return this.lib;
  }

  /**
   * Before a re-queued task is added: its old job (the dead worker's, still listed) is removed
   * when its lock has lapsed (`absent` afterwards). `waiting` when it is already back in line,
   * `locked` when a lock still holds it (the new job then needs an id of its own).
   */
  private async makeRoomForRequeue(
    queue: BullMQ.Queue,
    taskId: string,
  ): Promise<'absent' | 'waiting' | 'locked'> {
    const old = await queue.getJob(taskId);
    if (!old) return 'absent';
    const state = await old.getState();
    if (WAITING_STATES.has(state)) return 'waiting';
    if (state === 'unknown') return 'absent';
    return old.remove().then(
      () => 'absent' as const,
      () => 'locked' as const,
    );
  }

  private getQueue(): Promise<BullMQ.Queue> {
    this.queue ??= (async () => {
      const { Queue } = await this.load();
      const queue = new Queue(this.queueName, {
        connection: this.connection as BullMQ.ConnectionOptions,
        prefix: this.prefix,
        streams: { events: { maxLen: EVENTS_MAX_LEN } },
      });
      queue.on('error', this.onError);
      await queue.waitUntilReady();
      return queue;
    })().catch((error: unknown) => {
      this.queue = undefined;
      throw this.unavailable('connect', error);
    });
    return this.queue;
  }

  private getProducer(): Promise<BullMQ.QueueEventsProducer> {
    this.producer ??= (async () => {
      const { QueueEventsProducer } = await this.load();
      const producer = new QueueEventsProducer(this.queueName, {
        connection: this.connection as BullMQ.ConnectionOptions,
        prefix: this.prefix,
      });
      producer.on('error', this.onError);
      await producer.waitUntilReady();
      return producer;
    })().catch((error: unknown) => {
      this.producer = undefined;
      throw error;
    });
    return this.producer;
  }

  /** Start the `QueueEvents` reader once, its cursor at a marker appended now. */
  private listen(): Promise<BullMQ.QueueEvents> {
    this.events ??= (async () => {
      const { QueueEvents } = await this.load();
      const start = await this.markEventsStream();
      const events = new QueueEvents(this.queueName, {
        connection: this.connection as BullMQ.ConnectionOptions,
        prefix: this.prefix,
        lastEventId: start,
      });
      events.on('error', this.onError);
      events.on('completed', ({ jobId, returnvalue }) => {
        const status = String(returnvalue);
        this.emitSettled(jobId, TERMINAL.has(status) ? (status as BackgroundTaskTerminalStatus) : 'failed');
      });
      // The handler rejected, or the job stalled past BullMQ's limit: the record tells the rest.
      events.on('failed', ({ jobId }) => this.emitSettled(jobId, 'failed'));
      events.on(SETTLED_EVENT as 'error', (args: unknown) => {
        const { taskId, status } = (args ?? {}) as { taskId?: unknown; status?: unknown };
        if (typeof taskId !== 'string') return;
        this.emitSettled(
          taskId,
          typeof status === 'string' && TERMINAL.has(status)
            ? (status as BackgroundTaskTerminalStatus)
            : 'failed',
        );
      });
      events.on(CANCEL_EVENT as 'error', (args: unknown) => {
        const taskId = (args as { taskId?: unknown } | undefined)?.taskId;
        if (typeof taskId !== 'string') return;
        this.cancelRequested(taskId);
      });
      await events.waitUntilReady();
      return events;
    })().catch((error: unknown) => {
      this.events = undefined;
      throw error;
    });
    return this.events;
  }

  /** Append a marker to the queue's events stream and return its id (the reader starts after it). */
  private async markEventsStream(): Promise<string> {
    const queue = await this.getQueue();
    const backend = queue.getBackend() as unknown as {
      client?: Promise<{
        xadd?: (key: string, id: string, fields: Record<string, string>, o?: object) => Promise<string>;
      }>;
    };
    const client = await backend.client;
    if (typeof client?.xadd !== 'function') return '$';
    return client.xadd(
      queue.keys.events,
      '*',
      { event: MARK_EVENT },
      { MAXLEN: EVENTS_MAX_LEN, approximate: true },
    );
  }

  /** Abort the job on this process's workers and tell the cancel listeners. */
  private cancelRequested(taskId: string): void {
    for (const worker of this.workers) worker.cancelJob(taskId, 'cancelled');
    for (const listener of this.cancelListeners) {
      try {
        listener(taskId);
      } catch (error) {
        // A throwing listener must not stop the others or the events reader.
        this.onError(error);
      }
    }
  }

  private emitSettled(taskId: string, status: BackgroundTaskTerminalStatus): void {
    const event: BackgroundJobSettled = { taskId, status };
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        // A throwing listener must not stop the others or the events reader.
        this.onError(error);
      }
    }
  }

  private checkOpen(method: string): void {
    if (this.closed) {
      throw new StorageError(
        'STORE_CLOSED',
        `${this.name}.${method}: the queue was closed; create a new one.`,
        {
          details: { store: this.name },
        },
      );
    }
  }

  private unavailable(operation: string, error: unknown): SluiceError {
    if (SluiceError.isInstance(error)) return error;
    return new StorageError(
      'STORE_UNAVAILABLE',
      `${this.name}: ${operation} failed: ${describeError(error)}. Check that Redis is reachable at the configured connection.`,
      { cause: error, details: { store: this.name, operation } },
    );
  }
}

function checkJob(name: string, job: BackgroundJob): void {
  if (job === null || typeof job !== 'object') {
    throw new StorageError('STORE_INVALID_INPUT', `${name}.enqueue: expected a job { taskId, toolName }.`, {
      details: { store: name, method: 'enqueue' },
    });
  }
  const { taskId, toolName } = job;
  let problem: string | undefined;
  if (typeof taskId !== 'string' || taskId.length === 0) problem = 'taskId must be a non-empty string';
  else if (taskId.includes(':')) problem = `taskId "${taskId}" contains ':' (BullMQ job ids cannot)`;
  else if (String(Number.parseInt(taskId, 10)) === taskId)
    problem = `taskId "${taskId}" is an integer (BullMQ job ids cannot be)`;
  else if (typeof toolName !== 'string' || toolName.length === 0)
    problem = 'toolName must be a non-empty string';
  if (problem) {
    throw new StorageError('STORE_INVALID_INPUT', `${name}.enqueue: ${problem}.`, {
      details: { store: name, method: 'enqueue' },
    });
  }
}
