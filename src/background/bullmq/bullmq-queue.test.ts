/**
 * BullMQBackgroundTaskQueue on a real Redis (`REDIS_URL`, default redis://127.0.0.1:6379): a
 * producer adapter and a worker adapter (two instances, as two processes would have), enqueue /
 * consume / settle / cancel / close, the worker's concurrency, no queue-level retries. Every
 * test uses its own key prefix and deletes only those keys. Without Redis the suite is skipped
 * loudly, except under CI where that is a failure.
 */
import { randomUUID } from 'node:crypto';
import { BullMQBackgroundTaskQueue } from 'sluice/bullmq';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { SluiceError } from '../../errors/sluice-error.js';
import { connectRedisOrSkip, REDIS_URL } from '../../redis/testing/test-env.js';
import type { BackgroundJob, BackgroundJobSettled, BackgroundTaskTerminalStatus } from '../types.js';

const admin = await connectRedisOrSkip('BullMQ queue');
afterAll(() => admin?.disconnect());

const opened: BullMQBackgroundTaskQueue[] = [];
const prefixes: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((q) => q.close()));
  for (const prefix of prefixes.splice(0)) {
    let cursor = '0';
    do {
      const [next, keys] = await admin!.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await admin!.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
});

/** A producer and a worker adapter on one fresh prefix. */
function pair(): { producer: BullMQBackgroundTaskQueue; worker: BullMQBackgroundTaskQueue; prefix: string } {
  const prefix = `sluicet${randomUUID().slice(0, 8)}`;
  prefixes.push(prefix);
  const producer = new BullMQBackgroundTaskQueue({ connection: REDIS_URL, prefix, queueName: 'tasks' });
  const worker = new BullMQBackgroundTaskQueue({
    connection: { url: REDIS_URL },
    prefix,
    queueName: 'tasks',
  });
  opened.push(producer, worker);
  return { producer, worker, prefix };
}

function settlements(queue: BullMQBackgroundTaskQueue): {
  all: BackgroundJobSettled[];
  next(taskId: string, timeoutMs?: number): Promise<BackgroundJobSettled>;
} {
  const all: BackgroundJobSettled[] = [];
  const waiters = new Map<string, (e: BackgroundJobSettled) => void>();
  queue.onSettled((event) => {
    all.push(event);
    waiters.get(event.taskId)?.(event);
  });
  return {
    all,
    next: (taskId, timeoutMs = 8000) => {
      const seen = all.find((e) => e.taskId === taskId);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no settlement for ${taskId} in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.set(taskId, (e) => {
          clearTimeout(timer);
          resolve(e);
        });
      });
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!admin)('BullMQBackgroundTaskQueue on Redis', () => {
  it('a job enqueued by the producer runs on the worker once, and the producer hears its settlement', async () => {
    const { producer, worker } = pair();
    const heard = settlements(producer);
    await producer.ready();
    const seen: BackgroundJob[] = [];
    await worker.consume(
      async (job) => {
        seen.push(job);
        return job.toolName === 'cancelMe' ? 'cancelled' : 'completed';
      },
      { concurrency: 1 },
    );
    await producer.enqueue({ taskId: 'task-a', toolName: 'search', agentId: 'agent-1' });
    await producer.enqueue({ taskId: 'task-b', toolName: 'cancelMe' });
    expect(await heard.next('task-a')).toEqual({ taskId: 'task-a', status: 'completed' });
    expect(await heard.next('task-b')).toEqual({ taskId: 'task-b', status: 'cancelled' });
    expect(seen).toEqual([
      { taskId: 'task-a', toolName: 'search', agentId: 'agent-1' },
      { taskId: 'task-b', toolName: 'cancelMe' },
    ]);
  });

  it('a throwing settlement listener goes to onError and the other listeners still hear the settlement', async () => {
    const { worker, prefix } = pair();
    const errors: unknown[] = [];
    const producer = new BullMQBackgroundTaskQueue({
      connection: REDIS_URL,
      prefix,
      queueName: 'tasks',
      onError: (error) => errors.push(error),
    });
    opened.push(producer);
    producer.onSettled(() => {
      throw new Error('listener bug');
    });
    const heard = settlements(producer);
    await worker.consume(async () => 'completed', { concurrency: 1 });
    await producer.enqueue({ taskId: 'noisy', toolName: 't' });
    expect(await heard.next('noisy')).toEqual({ taskId: 'noisy', status: 'completed' });
    expect(errors.map((e) => (e as Error).message)).toContain('listener bug');
  });

  it('the same task id enqueued twice while waiting runs once (the job id is the task id)', async () => {
    const { producer, worker } = pair();
    const heard = settlements(producer);
    await producer.ready();
    await producer.enqueue({ taskId: 'dup-1', toolName: 't' });
    await producer.enqueue({ taskId: 'dup-1', toolName: 't' });
    let runs = 0;
    await worker.consume(
      async () => {
        runs++;
        return 'completed';
      },
      { concurrency: 2 },
    );
    await heard.next('dup-1');
    await sleep(200);
    expect(runs).toBe(1);
  });

  it("honours the worker's concurrency: never more than 2 of 6 slow jobs at once, and 2 do overlap", async () => {
    const { producer, worker } = pair();
    const heard = settlements(producer);
    await producer.ready();
    let active = 0;
    let peak = 0;
    await worker.consume(
      async () => {
        active++;
        peak = Math.max(peak, active);
        await sleep(150);
        active--;
        return 'completed';
      },
      { concurrency: 2 },
    );
    for (let i = 0; i < 6; i++) await producer.enqueue({ taskId: `slow-${i}`, toolName: 'slow' });
    for (let i = 0; i < 6; i++) await heard.next(`slow-${i}`);
    expect(peak).toBe(2);
  });

  it('a handler that throws settles as failed and is not retried by BullMQ', async () => {
    const { producer, worker } = pair();
    const heard = settlements(producer);
    await producer.ready();
    let calls = 0;
    await worker.consume(
      async () => {
        calls++;
        throw new Error('tool exploded');
      },
      { concurrency: 1 },
    );
    await producer.enqueue({ taskId: 'boom', toolName: 't' });
    expect(await heard.next('boom')).toEqual({ taskId: 'boom', status: 'failed' });
    await sleep(300);
    expect(calls).toBe(1);
  });

  it('cancel removes a waiting job: no worker ever runs it', async () => {
    const { producer, worker } = pair();
    const heard = settlements(producer);
    await producer.ready();
    await producer.enqueue({ taskId: 'never', toolName: 't' });
    await producer.enqueue({ taskId: 'after', toolName: 't' });
    await producer.cancel('never');
    const ran: string[] = [];
    await worker.consume(
      async (job) => {
        ran.push(job.taskId);
        return 'completed';
      },
      { concurrency: 1 },
    );
    await heard.next('after');
    await sleep(100);
    expect(ran).toEqual(['after']);
    expect(heard.all.map((e) => e.taskId)).toEqual(['after']);
  });

  it("cancel reaches a running job on another process's worker: its signal aborts", async () => {
    const { producer, worker } = pair();
    const heard = settlements(producer);
    await producer.ready();
    let started!: () => void;
    const running = new Promise<void>((r) => {
      started = r;
    });
    await worker.consume(
      (_job, signal) =>
        new Promise<BackgroundTaskTerminalStatus>((resolve) => {
          started();
          const timer = setTimeout(() => resolve('completed'), 5000);
          signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve('cancelled');
          });
        }),
      { concurrency: 1 },
    );
    await producer.enqueue({ taskId: 'long', toolName: 't' });
    await running;
    const at = Date.now();
    await producer.cancel('long');
    expect(await heard.next('long')).toEqual({ taskId: 'long', status: 'cancelled' });
    expect(Date.now() - at).toBeLessThan(3000);
  });

  it('onCancel hears a cancel request made by another adapter, once', async () => {
    const { producer, worker } = pair();
    const heard: string[] = [];
    worker.onCancel((taskId) => heard.push(taskId));
    await worker.ready();
    await producer.cancel('remote-task');
    for (let i = 0; i < 50 && heard.length === 0; i++) await sleep(20);
    await sleep(100);
    expect(heard).toEqual(['remote-task']);
  });

  it('close() closes every connection it opened; later calls are STORE_CLOSED', async () => {
    const { producer, worker, prefix } = pair();
    settlements(producer);
    await producer.ready();
    await worker.consume(async () => 'completed', { concurrency: 1 });
    await producer.enqueue({ taskId: 'x1', toolName: 't' });
    await producer.cancel('nothing-here');
    const ours = async () => {
      const list = await admin!.client('LIST');
      return String(list)
        .split('\n')
        .filter((line) => line.includes(`name=${prefix}`)).length;
    };
    expect(await ours()).toBeGreaterThanOrEqual(3);
    await producer.close();
    await worker.close();
    // Redis lists a closed client until it processed the disconnect: poll, do not guess a delay.
    await vi.waitFor(async () => expect(await ours()).toBe(0), { timeout: 3000, interval: 20 });
    const error = await producer.enqueue({ taskId: 'x2', toolName: 't' }).catch((e: unknown) => e);
    expect(SluiceError.hasCode(error, 'STORE_CLOSED')).toBe(true);
    await producer.close();
  });

  it('refuses task ids BullMQ cannot use and bad options, with errors naming the queue', async () => {
    const { producer } = pair();
    for (const taskId of ['', 'a:b', '42']) {
      const error = await producer.enqueue({ taskId, toolName: 't' }).catch((e: unknown) => e);
      expect(SluiceError.hasCode(error, 'STORE_INVALID_INPUT'), String(error)).toBe(true);
      expect((error as Error).message).toContain(producer.name);
    }
    const consume = await producer
      .consume(async () => 'completed', { concurrency: 0 })
      .catch((e: unknown) => e);
    expect(SluiceError.hasCode(consume, 'STORE_INVALID_CONFIG')).toBe(true);
    expect(() => new BullMQBackgroundTaskQueue({ connection: REDIS_URL, prefix: 'a:b' })).toThrow(/prefix/);
    expect(() => new BullMQBackgroundTaskQueue({ connection: 'http://x' })).toThrow(/redis:\/\//);
  });

  it('a requeued task whose old job is still active and locked gets a job of its own; its settlement is heard by task id', async () => {
    const { producer, worker } = pair();
    const heard = settlements(producer);
    const runs: BackgroundJob[] = [];
    let releaseFirst: (status: BackgroundTaskTerminalStatus) => void = () => {};
    await worker.consume(
      (job) => {
        runs.push(job);
        if (runs.length === 1) {
          // The "dead" worker's run: active, its lock held, never finishing by itself.
          return new Promise((resolve) => {
            releaseFirst = resolve;
          });
        }
        return Promise.resolve('completed');
      },
      { concurrency: 2 },
    );
    await producer.enqueue({ taskId: 'rq1', toolName: 'slow' });
    await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 5000, interval: 10 });
    await producer.enqueue({ taskId: 'rq1', toolName: 'slow', requeue: 3 });
    await vi.waitFor(() => expect(runs).toHaveLength(2), { timeout: 5000, interval: 10 });
    expect(runs[1]).toEqual({ taskId: 'rq1', toolName: 'slow' });
    expect(await heard.next('rq1')).toEqual({ taskId: 'rq1', status: 'completed' });
    releaseFirst('completed');
  });

  it('a requeued task whose old job is still waiting is not added twice; one whose old job finished is added again', async () => {
    const { producer, worker } = pair();
    await producer.enqueue({ taskId: 'w1', toolName: 'slow' });
    // Nobody consumes yet: the old job waits, so the requeue adds nothing.
    await producer.enqueue({ taskId: 'w1', toolName: 'slow', requeue: 2 });
    const runs: string[] = [];
    await worker.consume(
      async (job) => {
        runs.push(job.taskId);
        return 'completed';
      },
      { concurrency: 2 },
    );
    await vi.waitFor(() => expect(runs).toEqual(['w1']), { timeout: 5000, interval: 10 });
    await sleep(200);
    expect(runs).toEqual(['w1']);
    await producer.enqueue({ taskId: 'w1', toolName: 'slow', requeue: 4 });
    await vi.waitFor(() => expect(runs).toEqual(['w1', 'w1']), { timeout: 5000, interval: 10 });
  });

  it('publishSettled reaches every listening adapter; a non-terminal status is refused', async () => {
    const { producer, worker } = pair();
    const heard = settlements(producer);
    await producer.ready();
    await worker.publishSettled({ taskId: 'gone', status: 'failed' });
    expect(await heard.next('gone')).toEqual({ taskId: 'gone', status: 'failed' });
    const error = await worker
      .publishSettled({ taskId: 'x', status: 'running' as unknown as 'failed' })
      .catch((e: unknown) => e);
    expect(SluiceError.hasCode(error, 'STORE_INVALID_CONFIG'), String(error)).toBe(true);
    expect(() => new BullMQBackgroundTaskQueue({ connection: REDIS_URL, stalledIntervalMs: 5 })).toThrow(
      /stalledIntervalMs/,
    );
  });

  it('an unreachable Redis is STORE_UNAVAILABLE naming the queue', async () => {
    const queue = new BullMQBackgroundTaskQueue({
      connection: { host: '127.0.0.1', port: 1, retryStrategy: () => null, maxRetriesPerRequest: 0 },
    });
    opened.push(queue);
    const error = await queue.enqueue({ taskId: 'x', toolName: 't' }).catch((e: unknown) => e);
    expect(SluiceError.hasCode(error, 'STORE_UNAVAILABLE'), String(error)).toBe(true);
    expect((error as Error).message).toContain(queue.name);
  });
});
