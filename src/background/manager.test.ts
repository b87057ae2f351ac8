import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTool } from '../tools/create-tool.js';
import { BackgroundTaskError } from './errors.js';
import { InProcessBackgroundTaskQueue } from './in-process-queue.js';
import { BackgroundTaskManager } from './manager.js';
import type { BackgroundTaskEvent, BackgroundTaskSubmission } from './manager-api.js';
import { InMemoryBackgroundTaskStore } from './memory-store.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function call(overrides: Partial<BackgroundTaskSubmission> = {}): BackgroundTaskSubmission {
  return { toolName: 'slow', toolCallId: 'call-1', args: { n: 1 }, disposition: 'deferred', ...overrides };
}

async function accepted(manager: BackgroundTaskManager, submission: BackgroundTaskSubmission) {
  const result = await manager.submit(submission);
  if (!result.accepted) throw new Error('expected the task to be accepted');
  return result;
}

/** An executor that waits until released; counts its starts. */
function gate() {
  let release: (value: unknown) => void = () => {};
  const done = new Promise((resolve) => {
    release = resolve;
  });
  let starts = 0;
  return {
    execute: async () => {
      starts++;
      return done;
    },
    release: (value: unknown) => release(value),
    starts: () => starts,
  };
}

describe('BackgroundTaskManager lifecycle (pending → running → terminal through store.transition)', () => {
  it('runs a task to completed and stores the result, times, owner and the event stream in order', async () => {
    const manager = new BackgroundTaskManager();
    const events: BackgroundTaskEvent[] = [];
    manager.subscribe((event) => events.push(event));
    const { task, settled } = await accepted(
      manager,
      call({
        agentId: 'a',
        threadId: 't',
        resourceId: 'r',
        runId: 'run',
        execute: async ({ progress }) => {
          progress({ pct: 50 });
          return { ok: 42 };
        },
      }),
    );
    expect(task.status).toBe('pending');
    const final = await settled;
    expect(final).toMatchObject({
      status: 'completed',
      result: { ok: 42 },
      toolName: 'slow',
      toolCallId: 'call-1',
      args: { n: 1 },
      agentId: 'a',
      threadId: 't',
      resourceId: 'r',
      runId: 'run',
      retryCount: 0,
      owner: manager.ownerId,
    });
    expect(final.startedAt).toBeInstanceOf(Date);
    expect(final.finishedAt).toBeInstanceOf(Date);
    expect(events.map((e) => e.type)).toEqual(['pending', 'running', 'progress', 'completed']);
    expect(events[2]?.data).toEqual({ pct: 50 });
    expect(await manager.get(task.id)).toEqual(final);
    expect((await manager.list({ status: 'completed' })).map((t) => t.id)).toEqual([task.id]);
  });

  it('a throwing executor ends failed with the error stored; the async iterable yields the same events', async () => {
    const manager = new BackgroundTaskManager();
    const controller = new AbortController();
    const seen: string[] = [];
    const reading = (async () => {
      for await (const event of manager.events({ signal: controller.signal })) {
        seen.push(event.type);
        if (event.type === 'failed') controller.abort();
      }
    })();
    const { settled } = await accepted(
      manager,
      call({
        execute: async () => {
          throw new Error('disk full');
        },
      }),
    );
    const final = await settled;
    await reading;
    expect(final.status).toBe('failed');
    expect(final.error).toEqual({ name: 'Error', message: 'disk full' });
    expect(seen).toEqual(['pending', 'running', 'failed']);
  });

  it('timeout: an attempt past timeoutMs ends timed_out and its abortSignal fires', async () => {
    const manager = new BackgroundTaskManager();
    let sawAbort = false;
    const { settled } = await accepted(
      manager,
      call({
        timeoutMs: 30,
        execute: ({ abortSignal }) =>
          new Promise((_, reject) => {
            abortSignal.addEventListener('abort', () => {
              sawAbort = true;
              reject(abortSignal.reason);
            });
          }),
      }),
    );
    const final = await settled;
    expect(final.status).toBe('timed_out');
    expect(final.error?.code).toBe('BACKGROUND_TASK_TIMEOUT');
    expect(sawAbort).toBe(true);
  });

  it('retries with exponential backoff: attempts counted, retryCount on the record, delays doubling', async () => {
    const manager = new BackgroundTaskManager({ retryBackoffMs: 20 });
    const starts: number[] = [];
    const delays: number[] = [];
    manager.subscribe((event) => {
      if (event.type === 'retrying') delays.push(event.delayMs as number);
    });
    const { settled } = await accepted(
      manager,
      call({
        maxRetries: 3,
        execute: async ({ attempt }) => {
          starts.push(Date.now());
          if (attempt < 2) throw new Error(`flaky ${attempt}`);
          return 'third time';
        },
      }),
    );
    const final = await settled;
    expect(final).toMatchObject({ status: 'completed', result: 'third time', retryCount: 2 });
    expect(starts).toHaveLength(3);
    expect(delays).toEqual([20, 40]);
    expect((starts[1] as number) - (starts[0] as number)).toBeGreaterThanOrEqual(18);
    expect((starts[2] as number) - (starts[1] as number)).toBeGreaterThanOrEqual(38);
  });

  it('retries exhausted: failed with the last error and retryCount = maxRetries', async () => {
    const manager = new BackgroundTaskManager({ retryBackoffMs: 1 });
    let attempts = 0;
    const { settled } = await accepted(
      manager,
      call({
        maxRetries: 2,
        execute: async () => {
          attempts++;
          throw new Error(`boom ${attempts}`);
        },
      }),
    );
    const final = await settled;
    expect(attempts).toBe(3);
    expect(final).toMatchObject({ status: 'failed', retryCount: 2, error: { message: 'boom 3' } });
  });

  it('cancel: execute sees the abort, the record is cancelled and never becomes completed afterwards', async () => {
    const store = new InMemoryBackgroundTaskStore();
    const manager = new BackgroundTaskManager({ store });
    let aborted = false;
    let finishLate: () => void = () => {};
    const { task, settled } = await accepted(
      manager,
      call({
        execute: ({ abortSignal }) => {
          abortSignal.addEventListener('abort', () => {
            aborted = true;
          });
          // ignores the abort and resolves later: the result must not win
          return new Promise((resolve) => {
            finishLate = () => resolve('too late');
          });
        },
      }),
    );
    await wait(5);
    const cancelled = await manager.cancel(task.id, 'user changed their mind');
    expect(cancelled?.status).toBe('cancelled');
    expect(aborted).toBe(true);
    finishLate();
    const final = await settled;
    await wait(5);
    expect(final.status).toBe('cancelled');
    expect((await store.get(task.id))?.status).toBe('cancelled');
    expect((await store.get(task.id))?.result).toBeUndefined();
    // a finished task keeps its status
    const again = await manager.cancel(task.id);
    expect(again?.status).toBe('cancelled');
  });

  it('close({ cancelRunning: true }) cancels what runs here; a later submit is BACKGROUND_MANAGER_CLOSED', async () => {
    const manager = new BackgroundTaskManager();
    let aborted = false;
    const { task, settled } = await accepted(
      manager,
      call({
        execute: ({ abortSignal }) =>
          new Promise((_, reject) => {
            abortSignal.addEventListener('abort', () => {
              aborted = true;
              reject(abortSignal.reason);
            });
          }),
      }),
    );
    await vi.waitFor(async () => expect((await manager.get(task.id))?.status).toBe('running'), {
      interval: 2,
    });
    await manager.close({ cancelRunning: true });
    expect(aborted).toBe(true);
    expect((await settled).status).toBe('cancelled');
    const error = await manager.submit(call({ toolCallId: 'c2' })).catch((e: unknown) => e);
    expect((error as BackgroundTaskError).code).toBe('BACKGROUND_MANAGER_CLOSED');
  });

  it('close({ cancelRunning: true }): tasks waiting for a slot end cancelled and never start; nothing starts after close resolves', async () => {
    for (const settle of ['running', 'starting'] as const) {
      const manager = new BackgroundTaskManager({ concurrency: 1 });
      let closed = false;
      const startedAfterClose: string[] = [];
      const started: string[] = [];
      const execute =
        (label: string) =>
        async ({ abortSignal }: { abortSignal: AbortSignal }) => {
          started.push(label);
          if (closed) startedAfterClose.push(label);
          await new Promise((_, reject) =>
            abortSignal.addEventListener('abort', () => reject(abortSignal.reason)),
          );
        };
      const first = await accepted(manager, call({ toolCallId: 'first', execute: execute('first') }));
      const queued = [];
      for (const id of ['q1', 'q2', 'q3'])
        queued.push(await accepted(manager, call({ toolCallId: id, execute: execute(id) })));
      // 'running': the first task runs when close is called; 'starting': it is still being started.
      if (settle === 'running') {
        await vi.waitFor(async () => expect((await manager.get(first.task.id))?.status).toBe('running'), {
          interval: 2,
        });
      }
      await manager.close({ cancelRunning: true });
      closed = true;
      for (const q of queued) {
        expect((await q.settled).status, settle).toBe('cancelled');
        expect((await manager.get(q.task.id))?.status).toBe('cancelled');
      }
      expect((await first.settled).status, settle).toBe('cancelled');
      await wait(30);
      expect(startedAfterClose, settle).toEqual([]);
      expect(
        started.filter((label) => label.startsWith('q')),
        settle,
      ).toEqual([]);
      for (const q of [first, ...queued]) expect((await manager.get(q.task.id))?.status).toBe('cancelled');
    }
  });

  it('a run whose task was recovered by another manager meanwhile never overwrites the newer record', async () => {
    const store = new InMemoryBackgroundTaskStore();
    const manager = new BackgroundTaskManager({ store, ownerId: 'slow-owner' });
    const open = gate();
    const { task } = await accepted(manager, call({ execute: open.execute }));
    await vi.waitFor(async () => expect((await store.get(task.id))?.status).toBe('running'), { interval: 2 });
    // Another server thought this owner dead: it re-queued the task and started it itself.
    const seen = (await store.get(task.id)) as NonNullable<Awaited<ReturnType<typeof store.get>>>;
    const requeued = await store.transition(
      task.id,
      ['running'],
      'pending',
      { owner: 'other' },
      { version: seen.version },
    );
    await store.transition(
      task.id,
      ['pending'],
      'running',
      { owner: 'other' },
      { version: requeued?.version },
    );
    open.release('late result of the first run');
    await wait(20);
    const stored = await store.get(task.id);
    expect(stored).toMatchObject({ status: 'running', owner: 'other' });
    expect(stored?.result).toBeUndefined();
  });

  it('cleanup({ olderThanMs }) deletes finished records only', async () => {
    const manager = new BackgroundTaskManager();
    const done = await accepted(manager, call({ execute: async () => 1 }));
    await done.settled;
    const open = gate();
    const running = await accepted(manager, call({ toolCallId: 'c2', execute: open.execute }));
    await wait(15);
    expect(await manager.cleanup({ olderThanMs: 10 })).toBe(1);
    expect(await manager.get(done.task.id)).toBeNull();
    expect(await manager.get(running.task.id)).not.toBeNull();
    open.release('x');
    await running.settled;
    expect(() => manager.cleanup({ olderThanMs: -1 })).toThrow(/olderThanMs/);
  });
});

describe('BackgroundTaskManager concurrency and backpressure', () => {
  it("global limit with backpressure 'queue': the extra task waits and starts when a slot frees", async () => {
    const manager = new BackgroundTaskManager({ concurrency: 1 });
    const first = gate();
    const second = gate();
    const a = await accepted(manager, call({ execute: first.execute }));
    const b = await accepted(manager, call({ toolCallId: 'c2', execute: second.execute }));
    await vi.waitFor(() => expect(first.starts()).toBe(1), { interval: 2 });
    expect(second.starts()).toBe(0);
    expect((await manager.get(b.task.id))?.status).toBe('pending');
    first.release('one');
    await a.settled;
    await vi.waitFor(() => expect(second.starts()).toBe(1), { interval: 2 });
    second.release('two');
    expect((await b.settled).result).toBe('two');
  });

  it("per-agent limit: another agent's task still starts", async () => {
    const manager = new BackgroundTaskManager({ concurrency: 5, perAgentConcurrency: 1 });
    const a1 = gate();
    const a2 = gate();
    const b1 = gate();
    await accepted(manager, call({ agentId: 'A', execute: a1.execute }));
    await accepted(manager, call({ agentId: 'A', toolCallId: 'c2', execute: a2.execute }));
    await accepted(manager, call({ agentId: 'B', toolCallId: 'c3', execute: b1.execute }));
    await vi.waitFor(() => expect([a1.starts(), b1.starts()]).toEqual([1, 1]), { interval: 2 });
    expect(a2.starts()).toBe(0);
    a1.release(1);
    await vi.waitFor(() => expect(a2.starts()).toBe(1), { interval: 2 });
    a2.release(2);
    b1.release(3);
  });

  it("backpressure 'reject' throws BACKGROUND_TASK_REJECTED and stores nothing", async () => {
    const manager = new BackgroundTaskManager({ concurrency: 1, backpressure: 'reject' });
    const open = gate();
    await accepted(manager, call({ execute: open.execute }));
    const error = await manager
      .submit(call({ toolCallId: 'c2', execute: async () => 1 }))
      .catch((e: unknown) => e);
    expect(BackgroundTaskError.isInstance(error)).toBe(true);
    expect((error as BackgroundTaskError).code).toBe('BACKGROUND_TASK_REJECTED');
    expect((error as Error).message).toMatch(/concurrency 1.*"slow"/);
    expect(await manager.list()).toHaveLength(1);
    open.release(0);
  });

  it("backpressure 'queue' with maxQueued: a task past the waiting line is BACKGROUND_TASK_REJECTED", async () => {
    const manager = new BackgroundTaskManager({ concurrency: 1, maxQueued: 1 });
    const first = gate();
    const second = gate();
    const a = await accepted(manager, call({ execute: first.execute }));
    const b = await accepted(manager, call({ toolCallId: 'c2', execute: second.execute }));
    const error = await manager
      .submit(call({ toolCallId: 'c3', execute: async () => 3 }))
      .catch((e: unknown) => e);
    expect(BackgroundTaskError.isInstance(error)).toBe(true);
    expect((error as BackgroundTaskError).code).toBe('BACKGROUND_TASK_REJECTED');
    expect((error as Error).message).toMatch(/maxQueued 1 reached.*"slow"/);
    // The waiting task keeps its place and the refused one left no record.
    expect((await manager.list()).map((t) => t.toolCallId).sort()).toEqual(['c2', 'call-1']);
    first.release(1);
    await a.settled;
    await vi.waitFor(() => expect(second.starts()).toBe(1), { interval: 2 });
    second.release(2);
    expect((await b.settled).result).toBe(2);
  });

  it("backpressure 'fallback-sync' returns { accepted: false } so the caller runs inline", async () => {
    const manager = new BackgroundTaskManager({ concurrency: 1, backpressure: 'fallback-sync' });
    const open = gate();
    await accepted(manager, call({ execute: open.execute }));
    expect(await manager.submit(call({ toolCallId: 'c2', execute: async () => 1 }))).toEqual({
      accepted: false,
      reason: 'fallback-sync',
    });
    open.release(0);
  });

  it('bad options are BACKGROUND_INVALID_CONFIG naming the option', () => {
    expect(() => new BackgroundTaskManager({ concurrency: 0 })).toThrow(
      /"concurrency" must be an integer >= 1/,
    );
    expect(() => new BackgroundTaskManager({ mode: 'producer' })).toThrow(/needs a "queue"/);
    expect(
      () => new BackgroundTaskManager({ mode: 'worker', queue: new InProcessBackgroundTaskQueue() }),
    ).toThrow(/needs "tools"/);
  });
});

describe('BackgroundTaskManager crash recovery on start', () => {
  async function leftRunning(store: InMemoryBackgroundTaskStore, id: string, updatedAgoMs: number) {
    await store.create({
      id,
      toolName: 'slow',
      toolCallId: `call-${id}`,
      args: { n: 7 },
      disposition: 'deferred',
      maxRetries: 0,
      timeoutMs: 1000,
      createdAt: new Date(Date.now() - updatedAgoMs),
    });
    await store.transition(id, ['pending'], 'running', { owner: 'dead-process', startedAt: new Date() });
  }

  it("marks another owner's stale running task failed (BACKGROUND_TASK_ABANDONED), leaves a fresh one alone", async () => {
    const store = new InMemoryBackgroundTaskStore();
    // Only the clock is faked (timers stay real), so "an hour later" costs no waiting and a
    // loaded machine cannot age the fresh record past staleAfterMs.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await leftRunning(store, 'stale', 0);
      await leftRunning(store, 'fresh', 0);
      vi.setSystemTime(Date.now() + 3_600_000);
      // a live owner touched this one just now; the stale one was last touched an hour ago
      await store.transition('fresh', ['running'], 'running', {});
      const manager = new BackgroundTaskManager({ store, staleAfterMs: 600_000 });
      await manager.start();
    } finally {
      vi.useRealTimers();
    }
    expect((await store.get('stale'))?.status).toBe('failed');
    expect((await store.get('stale'))?.error?.code).toBe('BACKGROUND_TASK_ABANDONED');
    expect((await store.get('fresh'))?.status).toBe('running');
  });

  it("recoveryAction 'requeue' runs the task again with the registered tool", async () => {
    const store = new InMemoryBackgroundTaskStore();
    await leftRunning(store, 'again', 0);
    const seen: unknown[] = [];
    const slow = createTool({
      id: 'slow',
      description: 'slow',
      inputSchema: z.object({ n: z.number() }),
      execute: async ({ n }) => {
        seen.push(n);
        return n * 2;
      },
    });
    const manager = new BackgroundTaskManager({
      store,
      staleAfterMs: 0,
      recoveryAction: 'requeue',
      tools: { slow },
    });
    const [recovered] = await manager.recover();
    expect(recovered?.status).toBe('pending');
    const final = await manager.waitFor('again', { timeoutMs: 1000 });
    expect(final).toMatchObject({ status: 'completed', result: 14, owner: manager.ownerId });
    expect(seen).toEqual([7]);
  });

  it('recoverOnStart: false leaves running records untouched', async () => {
    const store = new InMemoryBackgroundTaskStore();
    await leftRunning(store, 'kept', 0);
    const manager = new BackgroundTaskManager({ store, staleAfterMs: 0, recoverOnStart: false });
    await manager.start();
    expect((await store.get('kept'))?.status).toBe('running');
  });
});

describe('BackgroundTaskManager store failures', () => {
  it('a store that fails under a running task: a warning naming the task, waiters settle failed (no unhandled rejection), the slot frees', async () => {
    class FlakyStore extends InMemoryBackgroundTaskStore {
      broken = false;
      override async transition(...args: Parameters<InMemoryBackgroundTaskStore['transition']>) {
        if (this.broken) throw new Error('database went away');
        return super.transition(...args);
      }
      override async get(id: string) {
        if (this.broken) throw new Error('database went away');
        return super.get(id);
      }
    }
    const store = new FlakyStore();
    const warnings: string[] = [];
    const manager = new BackgroundTaskManager({
      store,
      concurrency: 1,
      logger: { warn: (message) => warnings.push(message) },
    });
    const open = gate();
    const { task, settled } = await accepted(manager, call({ execute: open.execute }));
    await vi.waitFor(() => expect(open.starts()).toBe(1), { interval: 2 });
    store.broken = true;
    open.release('lost');
    // Waiters do not hang: they hear a failure naming the store's error.
    expect(await settled).toMatchObject({
      id: task.id,
      status: 'failed',
      error: { message: 'database went away' },
    });
    await vi.waitFor(
      () => expect(warnings.join('\n')).toContain(`background task ${task.id} crashed: database went away`),
      { interval: 2 },
    );
    // An unhandled rejection would surface (and fail this file) within a few turns of the loop.
    await wait(20);
    store.broken = false;
    const next = await accepted(manager, call({ toolCallId: 'c2', execute: async () => 'after' }));
    expect((await next.settled).result).toBe('after');
  });
});

describe('BackgroundTaskManager producer failures', () => {
  it('a job the queue refuses is never left pending: the record is failed and submit rejects', async () => {
    const queue = new InProcessBackgroundTaskQueue();
    queue.enqueue = async () => {
      throw new Error('redis is down');
    };
    const manager = new BackgroundTaskManager({ mode: 'producer', queue });
    await expect(manager.submit(call())).rejects.toThrow(/redis is down/);
    const [task] = await manager.list();
    expect(task).toMatchObject({ status: 'failed', error: { message: 'redis is down' } });
  });

  it('timer options past what setTimeout can wait are BACKGROUND_INVALID_CONFIG', () => {
    expect(() => new BackgroundTaskManager({ defaultTimeoutMs: 2 ** 31 })).toThrow(
      /"defaultTimeoutMs" must be/,
    );
    expect(() => new BackgroundTaskManager({ recoveryAction: 'retry' as never })).toThrow(/"recoveryAction"/);
  });
});

describe('BackgroundTaskManager producer / worker modes over a queue', () => {
  const slowTool = (log: string[]) =>
    createTool({
      id: 'slow',
      description: 'slow',
      inputSchema: z.object({ n: z.number() }),
      execute: async ({ n }, { abortSignal }) => {
        log.push(`start ${n}`);
        await new Promise((resolve, reject) => {
          const timer = setTimeout(resolve, n);
          abortSignal?.addEventListener('abort', () => {
            clearTimeout(timer);
            log.push(`abort ${n}`);
            reject(new Error('aborted'));
          });
        });
        return { slept: n };
      },
    });

  it('a producer enqueues, a worker executes with its tools, the producer hears the settlement', async () => {
    const store = new InMemoryBackgroundTaskStore();
    const queue = new InProcessBackgroundTaskQueue();
    const log: string[] = [];
    const producer = new BackgroundTaskManager({ mode: 'producer', store, queue });
    const worker = new BackgroundTaskManager({
      mode: 'worker',
      store,
      queue,
      tools: { slow: slowTool(log) },
    });
    await worker.start();
    const { task, settled } = await accepted(producer, call({ args: { n: 10 } }));
    const final = await settled;
    expect(final).toMatchObject({
      id: task.id,
      status: 'completed',
      result: { slept: 10 },
      owner: worker.ownerId,
    });
    expect(log).toEqual(['start 10']);
    await expect(worker.submit(call())).rejects.toThrow(/'worker' manager runs queued jobs/);
  });

  it('a producer cancels a task the worker runs: the worker sees the abort, the record stays cancelled', async () => {
    const store = new InMemoryBackgroundTaskStore();
    const queue = new InProcessBackgroundTaskQueue();
    const log: string[] = [];
    const producer = new BackgroundTaskManager({ mode: 'producer', store, queue });
    const worker = new BackgroundTaskManager({
      mode: 'worker',
      store,
      queue,
      tools: { slow: slowTool(log) },
    });
    await worker.start();
    const { task, settled } = await accepted(producer, call({ args: { n: 500 } }));
    await wait(20);
    await producer.cancel(task.id);
    expect((await settled).status).toBe('cancelled');
    await wait(10);
    expect(log).toEqual(['start 500', 'abort 500']);
    expect((await store.get(task.id))?.status).toBe('cancelled');
  });
});
