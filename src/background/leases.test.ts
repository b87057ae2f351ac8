/**
 * Leases (issue #31 item 3): a running task's owner renews its lease by heartbeat; every live
 * manager periodically recovers tasks whose lease passed (not only at start); a worker handed a
 * job whose record is `running` under a passed lease takes it over, and waits while the lease is
 * live. In-memory store and in-process queue, short leases; the cross-process kill -9 test is
 * `./bullmq/worker-crash.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTool } from '../tools/create-tool.js';
import { InProcessBackgroundTaskQueue } from './in-process-queue.js';
import { BackgroundTaskManager } from './manager.js';
import type { BackgroundRecoveryAction } from './manager-api.js';
import { InMemoryBackgroundTaskStore } from './memory-store.js';
import type { BackgroundTaskLeaseHolder, BackgroundTaskRecord } from './types.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { warn: () => undefined };

/** A task its owner ("dead") was running when it died; its lease passes `leaseLeftMs` from now. */
async function orphan(store: InMemoryBackgroundTaskStore, id: string, leaseLeftMs: number, owner = 'dead') {
  await store.create({
    id,
    toolName: 'double',
    toolCallId: `call-${id}`,
    args: { n: 7, id: `call-${id}` },
    disposition: 'deferred',
    maxRetries: 0,
    timeoutMs: 60_000,
  });
  return store.transition(id, ['pending'], 'running', {
    owner,
    startedAt: new Date(),
    leaseExpiresAt: new Date(Date.now() + leaseLeftMs),
  }) as Promise<BackgroundTaskRecord>;
}

function doubler(runs: string[]) {
  return createTool({
    id: 'double',
    description: 'doubles n',
    inputSchema: z.object({ n: z.number(), id: z.string() }),
    execute: async ({ n, id }) => {
      runs.push(id);
      return n * 2;
    },
  });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await wait(10);
  }
}

describe('lease and heartbeat', () => {
  it('a running task gets a lease of leaseMs, and the heartbeat keeps it ahead while the task runs past several leases', async () => {
    const store = new InMemoryBackgroundTaskStore();
    const owner = new BackgroundTaskManager({
      store,
      leaseMs: 1000,
      heartbeatIntervalMs: 200,
      logger: quiet,
    });
    // Another live manager recovering every 100 ms must never take the task.
    const other = new BackgroundTaskManager({ store, leaseMs: 1000, recoveryIntervalMs: 100, logger: quiet });
    await other.start();
    let release: (value: unknown) => void = () => {};
    const before = Date.now();
    const submitted = await owner.submit({
      toolName: 'slow',
      toolCallId: 'c1',
      args: {},
      disposition: 'deferred',
      execute: () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    });
    if (!submitted.accepted) throw new Error('expected acceptance');
    const first = await until(
      () => store.get(submitted.task.id),
      (t) => t?.status === 'running',
      1000,
    );
    const firstLease = first?.leaseExpiresAt?.getTime() ?? 0;
    expect(firstLease).toBeGreaterThanOrEqual(before + 1000);
    expect(firstLease).toBeLessThanOrEqual(Date.now() + 1000);
    await wait(2500);
    const later = await store.get(submitted.task.id);
    expect(later?.status).toBe('running');
    expect(later?.owner).toBe(owner.ownerId);
    // Renewed (the lease moved on) without a transition (same version).
    expect(later?.leaseExpiresAt?.getTime()).toBeGreaterThan(firstLease + 1000);
    expect(later?.version).toBe(first?.version);
    release('done');
    expect(await submitted.settled).toMatchObject({ status: 'completed', result: 'done' });
    await Promise.all([owner.close(), other.close()]);
  });

  it('a retry writes a new lease and the heartbeat follows the new version', async () => {
    const store = new InMemoryBackgroundTaskStore();
    const manager = new BackgroundTaskManager({
      store,
      leaseMs: 1000,
      heartbeatIntervalMs: 100,
      retryBackoffMs: 1,
      logger: quiet,
    });
    let attempts = 0;
    const submitted = await manager.submit({
      toolName: 'flaky',
      toolCallId: 'c1',
      args: {},
      disposition: 'deferred',
      maxRetries: 1,
      execute: async () => {
        attempts++;
        if (attempts === 1) throw new Error('first attempt fails');
        await wait(1500);
        return 'ok';
      },
    });
    if (!submitted.accepted) throw new Error('expected acceptance');
    // The second attempt outlives the lease written by the retry: only renewals at the new version keep it.
    expect(await submitted.settled).toMatchObject({ status: 'completed', result: 'ok', retryCount: 1 });
    await manager.close();
  });
});

describe('periodic recovery (every recoveryIntervalMs, not only at start)', () => {
  for (const action of ['fail', 'requeue'] as BackgroundRecoveryAction[]) {
    it(`recoveryAction '${action}': a task whose owner died after this manager started is recovered within lease + one period`, async () => {
      const store = new InMemoryBackgroundTaskStore();
      const runs: string[] = [];
      const manager = new BackgroundTaskManager({
        store,
        recoveryAction: action,
        recoveryIntervalMs: 200,
        tools: { double: doubler(runs) },
        logger: quiet,
      });
      const events: string[] = [];
      manager.subscribe((event) => events.push(`${event.type}:${event.task.id}`));
      await manager.start();
      // The owner dies now, its lease passes in 300 ms.
      const diedAt = Date.now();
      await orphan(store, 'o1', 300);
      const final = await manager.waitFor('o1', { timeoutMs: 3000 });
      const elapsed = Date.now() - diedAt;
      expect(elapsed).toBeLessThan(300 + 200 + 400);
      if (action === 'fail') {
        expect(final).toMatchObject({ status: 'failed', error: { code: 'BACKGROUND_TASK_ABANDONED' } });
        expect(final?.error?.message).toMatch(/lease passed/);
        expect(runs).toEqual([]);
        expect(events).toContain('failed:o1');
      } else {
        expect(final).toMatchObject({ status: 'completed', result: 14, owner: manager.ownerId });
        expect(runs).toEqual(['call-o1']);
      }
      await manager.close();
    });
  }

  it('a lease that has not passed is left alone, and recoveryIntervalMs: 0 recovers only at start', async () => {
    const store = new InMemoryBackgroundTaskStore();
    const watching = new BackgroundTaskManager({ store, recoveryIntervalMs: 50, logger: quiet });
    const startOnly = new BackgroundTaskManager({ store, recoveryIntervalMs: 0, logger: quiet });
    await orphan(store, 'live', 60_000, 'alive');
    await Promise.all([watching.start(), startOnly.start()]);
    await wait(200);
    expect((await store.get('live'))?.status).toBe('running');
    await watching.close();
    await orphan(store, 'later', 50);
    await wait(300);
    expect((await store.get('later'))?.status).toBe('running');
    expect((await startOnly.recover()).map((t) => t.id)).toEqual(['later']);
    await startOnly.close();
  });

  it('of several live managers recovering periodically, exactly one recovers each task (requeue runs it once)', async () => {
    const store = new InMemoryBackgroundTaskStore();
    const runs: string[] = [];
    const managers = Array.from(
      { length: 4 },
      () =>
        new BackgroundTaskManager({
          store,
          recoveryAction: 'requeue',
          recoveryIntervalMs: 20,
          tools: { double: doubler(runs) },
          logger: quiet,
        }),
    );
    await Promise.all(managers.map((m) => m.start()));
    for (let i = 0; i < 10; i++) await orphan(store, `t${i}`, 30);
    await until(
      () => store.list({ status: 'completed' }),
      (done) => done.length === 10,
      3000,
    );
    await wait(200);
    expect(runs.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `call-t${i}`).sort());
    await Promise.all(managers.map((m) => m.close()));
  });
});

describe('a recovery in another process reaches the producer waiting for the task', () => {
  it("the API server that submitted does not recover; another server fails the task and the first one's waiter settles (publishSettled)", async () => {
    const store = new InMemoryBackgroundTaskStore();
    const queue = new InProcessBackgroundTaskQueue();
    const api = new BackgroundTaskManager({
      mode: 'producer',
      store,
      queue,
      recoverOnStart: false,
      recoveryIntervalMs: 0,
      logger: quiet,
    });
    const submitted = await api.submit({
      toolName: 'double',
      toolCallId: 'c1',
      args: {},
      disposition: 'deferred',
    });
    if (!submitted.accepted) throw new Error('expected acceptance');
    // A worker (not listening to this queue here) claimed it and died; its lease passes in 100 ms.
    await store.transition(submitted.task.id, ['pending'], 'running', {
      owner: 'dead-worker',
      leaseExpiresAt: new Date(Date.now() + 100),
    });
    const otherServer = new BackgroundTaskManager({
      mode: 'producer',
      store,
      queue,
      recoveryIntervalMs: 50,
      logger: quiet,
    });
    await otherServer.start();
    const final = await Promise.race([submitted.settled, wait(3000).then(() => 'not heard' as const)]);
    expect(final).toMatchObject({ status: 'failed', error: { code: 'BACKGROUND_TASK_ABANDONED' } });
    await Promise.all([api.close(), otherServer.close()]);
  });
});

describe('a lost lease', () => {
  it('an owner cut off from the store past its lease: another manager fails the task, and the owner’s run is aborted (BACKGROUND_TASK_LEASE_LOST) without overwriting it', async () => {
    class CutOff extends InMemoryBackgroundTaskStore {
      cut = false;
      override async renewLease(id: string, holder: BackgroundTaskLeaseHolder, until: Date) {
        if (this.cut) throw new Error('store unreachable');
        return super.renewLease(id, holder, until);
      }
    }
    const store = new CutOff();
    const owner = new BackgroundTaskManager({
      store,
      leaseMs: 1000,
      heartbeatIntervalMs: 100,
      logger: quiet,
    });
    const recoverer = new BackgroundTaskManager({ store, recoveryIntervalMs: 50, logger: quiet });
    let aborted: unknown;
    const submitted = await owner.submit({
      toolName: 'slow',
      toolCallId: 'c1',
      args: {},
      disposition: 'deferred',
      execute: ({ abortSignal }) =>
        new Promise((resolve) => {
          abortSignal.addEventListener('abort', () => {
            aborted = abortSignal.reason;
            // A tool that ignores the abort and still "completes".
            resolve('late result');
          });
        }),
    });
    if (!submitted.accepted) throw new Error('expected acceptance');
    await until(
      () => store.get(submitted.task.id),
      (t) => t?.status === 'running',
      1000,
    );
    store.cut = true;
    await recoverer.start();
    const failed = await recoverer.waitFor(submitted.task.id, { timeoutMs: 3000 });
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'BACKGROUND_TASK_ABANDONED' } });
    store.cut = false;
    // The owner's next heartbeat misses: its run stops and settles as the stored (failed) record.
    expect(await submitted.settled).toMatchObject({
      status: 'failed',
      error: { code: 'BACKGROUND_TASK_ABANDONED' },
    });
    expect((aborted as { code?: string }).code).toBe('BACKGROUND_TASK_LEASE_LOST');
    expect((await store.get(submitted.task.id))?.status).toBe('failed');
    await Promise.all([owner.close(), recoverer.close()]);
  });
});

describe('a worker handed a job whose record is running (a re-delivery after its worker died)', () => {
  async function workerOn(action: BackgroundRecoveryAction, runs: string[]) {
    const store = new InMemoryBackgroundTaskStore();
    const queue = new InProcessBackgroundTaskQueue();
    const producer = new BackgroundTaskManager({
      mode: 'producer',
      store,
      queue,
      recoverOnStart: false,
      recoveryIntervalMs: 0,
      logger: quiet,
    });
    const worker = new BackgroundTaskManager({
      mode: 'worker',
      store,
      queue,
      recoveryAction: action,
      recoverOnStart: false,
      recoveryIntervalMs: 0,
      tools: { double: doubler(runs) },
      logger: quiet,
    });
    await Promise.all([producer.start(), worker.start()]);
    return { store, queue, producer, worker };
  }

  it("under a passed lease, recoveryAction 'requeue': the worker takes it over and runs it once; the producer hears the result", async () => {
    const runs: string[] = [];
    const { store, queue, producer, worker } = await workerOn('requeue', runs);
    const dead = await orphan(store, 'r1', -1);
    await queue.enqueue({ taskId: 'r1', toolName: 'double' });
    const final = await producer.waitFor('r1', { timeoutMs: 2000 });
    expect(final).toMatchObject({ status: 'completed', result: 14, owner: worker.ownerId });
    expect(final?.version).toBe(dead.version + 2);
    expect(runs).toEqual(['call-r1']);
    await Promise.all([producer.close(), worker.close()]);
  });

  it("under a passed lease, the default recoveryAction 'fail': the worker fails it (BACKGROUND_TASK_ABANDONED) and the producer hears it", async () => {
    const runs: string[] = [];
    const { store, queue, producer, worker } = await workerOn('fail', runs);
    await orphan(store, 'f1', -1);
    await queue.enqueue({ taskId: 'f1', toolName: 'double' });
    const final = await producer.waitFor('f1', { timeoutMs: 2000 });
    expect(final).toMatchObject({ status: 'failed', error: { code: 'BACKGROUND_TASK_ABANDONED' } });
    expect(runs).toEqual([]);
    await Promise.all([producer.close(), worker.close()]);
  });

  it('under a live lease the worker waits: the owner finishing settles it, and a lease that then passes is taken over', async () => {
    const runs: string[] = [];
    const { store, queue, producer, worker } = await workerOn('requeue', runs);
    // Alive: its owner finishes it while the worker waits.
    const alive = await orphan(store, 'a1', 400, 'alive');
    await queue.enqueue({ taskId: 'a1', toolName: 'double' });
    await wait(100);
    await store.transition(
      'a1',
      ['running'],
      'completed',
      { result: 'by its owner' },
      { version: alive.version },
    );
    expect(await producer.waitFor('a1', { timeoutMs: 2000 })).toMatchObject({ result: 'by its owner' });
    // Dies: the worker takes over once the lease passes.
    await orphan(store, 'a2', 300, 'dies');
    const at = Date.now();
    await queue.enqueue({ taskId: 'a2', toolName: 'double' });
    const final = await producer.waitFor('a2', { timeoutMs: 3000 });
    expect(final).toMatchObject({ status: 'completed', result: 14, owner: worker.ownerId });
    expect(Date.now() - at).toBeGreaterThanOrEqual(250);
    expect(runs).toEqual(['call-a2']);
    await Promise.all([producer.close(), worker.close()]);
  });
});

describe('lease options', () => {
  it('leaseMs, heartbeatIntervalMs and recoveryIntervalMs are validated (BACKGROUND_INVALID_CONFIG naming the option)', () => {
    const bad: [object, RegExp][] = [
      [{ leaseMs: 500 }, /"leaseMs" must be a whole number of milliseconds from 1000/],
      [{ leaseMs: 1500.5 }, /"leaseMs"/],
      [{ leaseMs: 2 ** 31 }, /"leaseMs"/],
      [
        { leaseMs: 3000, heartbeatIntervalMs: 3000 },
        /"heartbeatIntervalMs" must be .* below "leaseMs" \(3000\)/,
      ],
      [{ heartbeatIntervalMs: 0 }, /"heartbeatIntervalMs"/],
      [{ recoveryIntervalMs: -1 }, /"recoveryIntervalMs" must be 0 \(off\)/],
      [{ recoveryIntervalMs: Number.NaN }, /"recoveryIntervalMs"/],
    ];
    for (const [options, message] of bad) {
      let error: unknown;
      try {
        new BackgroundTaskManager(options);
      } catch (e) {
        error = e;
      }
      expect((error as { code?: string })?.code, JSON.stringify(options)).toBe('BACKGROUND_INVALID_CONFIG');
      expect(String((error as Error).message)).toMatch(message);
    }
    expect(
      () => new BackgroundTaskManager({ leaseMs: 1000, heartbeatIntervalMs: 999, recoveryIntervalMs: 0 }),
    ).not.toThrow();
  });
});
