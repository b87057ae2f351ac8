/**
 * Many servers (issue #15, item 5), on the machine's Redis and PostgreSQL: two managers in one
 * test, as two processes would run them — a `producer` that only enqueues (it has no tools) and
 * a `worker` that executes — each with its own PostgresStore pool on one schema and its own
 * BullMQ adapter on one prefix. The record in PostgreSQL ends `completed` with the result, and
 * the producer hears the settlement. Plus crash recovery on PostgreSQL: a `running` record of a
 * dead owner is recovered by a new manager on start. Unique schema and prefix per test, removed after.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { BackgroundTaskManager } from 'sluice/background';
import { BullMQBackgroundTaskQueue } from 'sluice/bullmq';
import { PostgresStore, SqlBackgroundTaskStore } from 'sluice/pg';
import { createTool } from 'sluice/tools';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectRedisOrSkip, REDIS_URL } from '../../redis/testing/test-env.js';
import {
  DATABASE_URL,
  dropSchema,
  postgresAvailable,
  uniqueSchema,
} from '../../stores/postgres/testing/test-env.js';

const pgUp = await postgresAvailable();
const redis = await connectRedisOrSkip('producer/worker');
const admin = pgUp ? new pg.Pool({ connectionString: DATABASE_URL, max: 2 }) : undefined;
afterAll(async () => {
  await admin?.end();
  redis?.disconnect();
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One "process": its own pool on the shared schema, its own queue adapter on the shared prefix. */
function processOn(schema: string, prefix: string) {
  const memory = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 3 } });
  const tasks = new SqlBackgroundTaskStore({ store: memory });
  const queue = new BullMQBackgroundTaskQueue({ connection: REDIS_URL, prefix, queueName: 'tools' });
  cleanups.push(async () => {
    await queue.close();
    await memory.close();
  });
  return { tasks, queue };
}

function fresh(): { schema: string; prefix: string } {
  const schema = uniqueSchema('bgpw');
  const prefix = `sluicet${randomUUID().slice(0, 8)}`;
  cleanups.push(async () => {
    await dropSchema(admin!, schema);
    let cursor = '0';
    do {
      const [next, keys] = await redis!.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis!.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  });
  return { schema, prefix };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function storedRow(schema: string, id: string): Promise<Record<string, unknown> | undefined> {
  const rows = await admin!.query(
    `SELECT status, owner, result, error, retry_count FROM "${schema}".sluice_background_tasks WHERE id = $1`,
    [id],
  );
  return rows.rows[0];
}

describe.skipIf(!pgUp || !redis)('producer and worker managers on Redis (BullMQ) and PostgreSQL', () => {
  it('the producer enqueues, the worker executes, the PostgreSQL record ends completed and the producer hears it', async () => {
    const { schema, prefix } = fresh();
    const api = processOn(schema, prefix);
    const node = processOn(schema, prefix);
    const executedOn: string[] = [];
    let worker: BackgroundTaskManager | undefined;
    const lookup = createTool({
      id: 'slowLookup',
      description: 'Look a city up (slow).',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => {
        executedOn.push(worker?.ownerId ?? '?');
        await sleep(120);
        return { city, population: city.length * 1000 };
      },
    });
    worker = new BackgroundTaskManager({
      mode: 'worker',
      store: node.tasks,
      queue: node.queue,
      tools: { slowLookup: lookup },
      concurrency: 2,
      ownerId: 'worker-1',
    });
    const producer = new BackgroundTaskManager({
      mode: 'producer',
      store: api.tasks,
      queue: api.queue,
      ownerId: 'api-1',
    });
    cleanups.push(async () => {
      await producer.close();
      await worker.close();
    });
    await worker.start();
    await producer.start();
    const producerEvents: string[] = [];
    producer.subscribe((event) => producerEvents.push(`${event.type}:${event.task.id}`));

    const submitted = await producer.submit({
      toolName: 'slowLookup',
      toolCallId: 'call-1',
      args: { city: 'Oslo' },
      disposition: 'deferred',
      agentId: 'agent-1',
      threadId: 'thread-1',
      resourceId: 'user-1',
      runId: 'run-1',
    });
    if (!submitted.accepted) throw new Error('expected the task to be accepted');
    expect(submitted.task.status).toBe('pending');

    const settled = await Promise.race([
      submitted.settled,
      sleep(10_000).then(() => {
        throw new Error('the producer never heard the settlement');
      }),
    ]);
    expect(settled).toMatchObject({
      id: submitted.task.id,
      status: 'completed',
      result: { city: 'Oslo', population: 4000 },
      owner: 'worker-1',
      threadId: 'thread-1',
    });
    expect(executedOn).toEqual(['worker-1']);
    expect(producerEvents).toEqual([`pending:${submitted.task.id}`, `completed:${submitted.task.id}`]);
    // What PostgreSQL holds is what both sides read.
    const row = await storedRow(schema, submitted.task.id);
    expect(row).toMatchObject({ status: 'completed', owner: 'worker-1', retry_count: 0 });
    expect(JSON.parse(String(row?.result))).toEqual({ city: 'Oslo', population: 4000 });
    expect(await producer.get(submitted.task.id)).toEqual(settled);
  });

  it("the worker's concurrency holds across the queue, and a producer's cancel aborts the tool on the worker", async () => {
    const { schema, prefix } = fresh();
    const api = processOn(schema, prefix);
    const node = processOn(schema, prefix);
    let active = 0;
    let peak = 0;
    const aborted: string[] = [];
    const slow = createTool({
      id: 'slow',
      description: 'Slow.',
      inputSchema: z.object({ n: z.number() }),
      execute: async ({ n }, { abortSignal }) => {
        active++;
        peak = Math.max(peak, active);
        try {
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(resolve, n === 99 ? 8000 : 150);
            abortSignal?.addEventListener('abort', () => {
              clearTimeout(timer);
              aborted.push(String(n));
              reject(new Error('aborted'));
            });
          });
          return n * 2;
        } finally {
          active--;
        }
      },
    });
    const worker = new BackgroundTaskManager({
      mode: 'worker',
      store: node.tasks,
      queue: node.queue,
      tools: { slow },
      concurrency: 2,
    });
    const producer = new BackgroundTaskManager({ mode: 'producer', store: api.tasks, queue: api.queue });
    cleanups.push(async () => {
      await producer.close();
      await worker.close();
    });
    await worker.start();
    const submit = async (n: number) => {
      const r = await producer.submit({
        toolName: 'slow',
        toolCallId: `c${n}`,
        args: { n },
        disposition: 'deferred',
      });
      if (!r.accepted) throw new Error('not accepted');
      return r;
    };
    const batch = await Promise.all([1, 2, 3, 4, 5].map(submit));
    const done = await Promise.all(batch.map((b) => b.settled));
    expect(done.map((t) => [t.status, t.result])).toEqual([
      ['completed', 2],
      ['completed', 4],
      ['completed', 6],
      ['completed', 8],
      ['completed', 10],
    ]);
    expect(peak).toBe(2);

    const long = await submit(99);
    for (let i = 0; i < 100 && (await api.tasks.get(long.task.id))?.status !== 'running'; i++)
      await sleep(30);
    expect((await api.tasks.get(long.task.id))?.status).toBe('running');
    const cancelled = await producer.cancel(long.task.id, 'user pressed stop');
    expect(cancelled?.status).toBe('cancelled');
    for (let i = 0; i < 100 && aborted.length === 0; i++) await sleep(30);
    expect(aborted).toEqual(['99']);
    // The worker's late outcome never overwrites the cancellation.
    await sleep(200);
    expect(await storedRow(schema, long.task.id)).toMatchObject({ status: 'cancelled' });
  });
});

describe.skipIf(!pgUp)('crash recovery on PostgreSQL', () => {
  async function deadOwnersTask(tasks: SqlBackgroundTaskStore, schema: string, id: string): Promise<void> {
    await tasks.create({
      id,
      toolName: 'slowLookup',
      toolCallId: `call-${id}`,
      args: { city: 'Bergen' },
      disposition: 'deferred',
      maxRetries: 0,
      timeoutMs: 5000,
    });
    await tasks.transition(id, ['pending'], 'running', { owner: 'crashed-process', startedAt: new Date() });
    // The crashed process last touched the row an hour ago.
    await admin!.query(`UPDATE "${schema}".sluice_background_tasks SET updated_at = $1 WHERE id = $2`, [
      Date.now() - 3_600_000,
      id,
    ]);
  }

  it("a new manager on start marks a dead owner's running task failed (BACKGROUND_TASK_ABANDONED); a fresh one is left alone", async () => {
    const schema = uniqueSchema('bgrec');
    const memory = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 2 } });
    const tasks = new SqlBackgroundTaskStore({ store: memory });
    cleanups.push(async () => {
      await memory.close();
      await dropSchema(admin!, schema);
    });
    await deadOwnersTask(tasks, schema, 'stale');
    await tasks.create({
      id: 'alive',
      toolName: 'slowLookup',
      toolCallId: 'call-alive',
      args: {},
      disposition: 'deferred',
      maxRetries: 0,
      timeoutMs: 5000,
    });
    await tasks.transition('alive', ['pending'], 'running', { owner: 'live-process' });

    const manager = new BackgroundTaskManager({ store: tasks, logger: { warn: () => undefined } });
    cleanups.push(() => manager.close());
    await manager.start();
    const stale = await tasks.get('stale');
    expect(stale?.status).toBe('failed');
    expect(stale?.error?.code).toBe('BACKGROUND_TASK_ABANDONED');
    expect(stale?.finishedAt).toBeInstanceOf(Date);
    expect((await tasks.get('alive'))?.status).toBe('running');
    expect(await storedRow(schema, 'stale')).toMatchObject({ status: 'failed' });
  });

  it.skipIf(!redis)(
    "with recoveryAction 'requeue' the recovered task goes back on the queue and a worker completes it",
    async () => {
      const { schema, prefix } = fresh();
      const api = processOn(schema, prefix);
      const node = processOn(schema, prefix);
      await deadOwnersTask(api.tasks, schema, 'orphan');
      const lookup = createTool({
        id: 'slowLookup',
        description: 'Look a city up.',
        inputSchema: z.object({ city: z.string() }),
        execute: async ({ city }) => ({ city, found: true }),
      });
      const worker = new BackgroundTaskManager({
        mode: 'worker',
        store: node.tasks,
        queue: node.queue,
        tools: { slowLookup: lookup },
        recoverOnStart: false,
        ownerId: 'worker-2',
      });
      await worker.start();
      const producer = new BackgroundTaskManager({
        mode: 'producer',
        store: api.tasks,
        queue: api.queue,
        recoveryAction: 'requeue',
      });
      cleanups.push(async () => {
        await producer.close();
        await worker.close();
      });
      await producer.start();
      const done = await producer.waitFor('orphan', { timeoutMs: 10_000 });
      expect(done).toMatchObject({
        status: 'completed',
        result: { city: 'Bergen', found: true },
        owner: 'worker-2',
      });
      expect(await storedRow(schema, 'orphan')).toMatchObject({ status: 'completed', owner: 'worker-2' });
    },
  );
});
