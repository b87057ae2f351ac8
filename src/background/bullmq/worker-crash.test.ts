/**
 * Acceptance (issue #31 item 3), on the machine's Redis and PostgreSQL: a worker process
 * (`testing/crash-worker-child.ts`, a real child process running a BullMQ worker manager) is killed with
 * SIGKILL while it runs 4 background tasks of an Agent's conversation. The API process (this
 * one: the Agent on a `producer` manager) gets the outcome within lease + one recovery period:
 *
 * - default `recoveryAction: 'fail'`: periodic recovery fails the 4 tasks
 *   (`BACKGROUND_TASK_ABANDONED`), `onTaskFailed` fires for each, and the conversation's stored
 *   tool results become the failure;
 * - `'requeue'`: each task runs again exactly once on a live worker, `onTaskComplete` fires, and
 *   the stored tool results become the real ones;
 * - recovered by another API server: the failure reaches the conversation's API process
 *   through the queue (`publishSettled`);
 * - BullMQ re-delivering the dead worker's jobs to a new worker (no periodic recovery anywhere):
 *   the new worker takes them over once their lease passes instead of refusing them.
 *
 * Short leases (1.5 s) and periods (0.5 s). Unique schema and key prefix per test, removed after.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Agent } from 'sluice/agent';
import {
  type BackgroundRecoveryAction,
  BackgroundTaskManager,
  type BackgroundTaskRecord,
} from 'sluice/background';
import { BullMQBackgroundTaskQueue } from 'sluice/bullmq';
import { Memory } from 'sluice/memory';
import { PostgresStore, SqlBackgroundTaskStore } from 'sluice/pg';
import { ScriptedModel } from 'sluice/test';
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

const CHILD = fileURLToPath(new URL('./testing/crash-worker-child.ts', import.meta.url));
const LEASE_MS = 1500;
const HEARTBEAT_MS = 300;
const RECOVERY_MS = 500;
/** BullMQ lock of the dead worker's jobs, and how often live workers look for stalled ones. */
const LOCK_MS = 1000;
const STALLED_MS = 500;
const REGIONS = ['north', 'south', 'east', 'west'];

const pgUp = await postgresAvailable();
const redis = await connectRedisOrSkip('worker crash');
const admin = pgUp ? new pg.Pool({ connectionString: DATABASE_URL, max: 2 }) : undefined;
afterAll(async () => {
  await admin?.end();
  redis?.disconnect();
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Start the worker process; resolves once it consumes. */
async function startWorkerProcess(schema: string, prefix: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      CHILD,
      DATABASE_URL,
      schema,
      REDIS_URL,
      prefix,
      'doomed-worker',
      String(LEASE_MS),
      String(HEARTBEAT_MS),
      String(LOCK_MS),
      // Every worker of a queue must use one stalled interval: a check skips the others' for that long.
      String(STALLED_MS),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => {
      out += String(d);
      if (out.includes('ready')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`worker process exited (${code}) before ready: ${stderr}`)),
    );
    setTimeout(() => reject(new Error(`worker process not ready after 20 s: ${stderr}`)), 20_000);
  });
  return child;
}

interface Setup {
  action: BackgroundRecoveryAction;
  /** Periodic recovery in the API process and the new worker (0: only BullMQ re-delivery). */
  recoveryIntervalMs: number;
  /** The API process does not recover: another API server does (default false). */
  otherServerRecovers?: boolean;
}

async function deployment(setup: Setup) {
  const schema = uniqueSchema('bgcrash');
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
  const open = () => {
    const store = new PostgresStore({ connectionString: DATABASE_URL, schema, poolConfig: { max: 3 } });
    const queue = new BullMQBackgroundTaskQueue({
      connection: REDIS_URL,
      prefix,
      queueName: 'reports',
      lockDurationMs: LOCK_MS,
      stalledIntervalMs: STALLED_MS,
    });
    cleanups.push(async () => {
      await queue.close();
      await store.close();
    });
    return { store, tasks: new SqlBackgroundTaskStore({ store }), queue };
  };
  const api = open();
  await api.store.init();
  const producer = new BackgroundTaskManager({
    mode: 'producer',
    store: api.tasks,
    queue: api.queue,
    ownerId: 'api-process',
    recoveryAction: setup.action,
    recoverOnStart: setup.recoveryIntervalMs > 0 && !setup.otherServerRecovers,
    recoveryIntervalMs: setup.otherServerRecovers ? 0 : setup.recoveryIntervalMs,
    leaseMs: LEASE_MS,
  });
  cleanups.push(() => producer.close());
  await producer.start();
  // The API process's copy of the tool: executing it here would be a bug.
  const apiReport = createTool({
    id: 'slowReport',
    description: 'Build a report for a region (slow).',
    inputSchema: z.object({ region: z.string() }),
    background: { enabled: true, defaultDisposition: 'deferred' },
    execute: async () => ({ wrong: 'ran in the API process' }),
  });
  return { schema, prefix, api, producer, apiReport, open };
}

/** The stored tool-invocation result of each call in the thread. */
async function storedResults(store: PostgresStore, threadId: string): Promise<Map<string, unknown>> {
  const results = new Map<string, unknown>();
  const { messages } = await store.listMessages({ threadId, perPage: 100 });
  for (const message of messages) {
    for (const part of message.content.parts) {
      if (part.type === 'tool-invocation') {
        results.set(part.toolInvocation.toolCallId, (part.toolInvocation as { result?: unknown }).result);
      }
    }
  }
  return results;
}

async function rows(
  schema: string,
): Promise<{ id: string; status: string; owner: string; error: string | null }[]> {
  const result = await admin!.query(
    `SELECT id, status, owner, error FROM "${schema}".sluice_background_tasks ORDER BY tool_call_id`,
  );
  return result.rows;
}

async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  done: (v: T) => boolean,
  ms: number,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms (last: ${show(value)})`);
    await sleep(25);
  }
}

/**
 * The conversation: one Agent turn whose model calls `slowReport` for 4 regions (deferred),
 * the worker process takes all 4, and is killed with SIGKILL while they run. Resolves with
 * the kill time and what the callbacks saw.
 */
async function killWorkerMidTask(d: Awaited<ReturnType<typeof deployment>>, threadId: string) {
  const failed: BackgroundTaskRecord[] = [];
  const completed: BackgroundTaskRecord[] = [];
  const worker = await startWorkerProcess(d.schema, d.prefix);
  const model = new ScriptedModel({
    steps: [
      {
        toolCalls: REGIONS.map((region) => ({
          toolName: 'slowReport',
          args: { region },
          toolCallId: `call-${region}`,
        })),
      },
      'The four reports are being built.',
    ],
  });
  const agent = new Agent({
    id: 'report-agent',
    instructions: 'Build reports.',
    model,
    tools: { slowReport: d.apiReport },
    memory: new Memory({ storage: d.api.store }),
    backgroundTasks: {
      manager: d.producer,
      onTaskFailed: (task) => void failed.push(task),
      onTaskComplete: (task) => void completed.push(task),
    },
  });
  const result = await agent.generate('Build the four regional reports.', {
    memory: { thread: threadId, resource: 'user-1' },
  });
  expect(result.text).toBe('The four reports are being built.');
  const acknowledged = await storedResults(d.api.store, threadId);
  for (const region of REGIONS)
    expect(acknowledged.get(`call-${region}`)).toMatchObject({ status: 'running' });
  // All 4 running in the worker process, leases held.
  await waitFor(
    'the worker process runs the 4 tasks',
    () => rows(d.schema),
    (list) => list.length === 4 && list.every((r) => r.status === 'running' && r.owner === 'doomed-worker'),
    20_000,
  );
  await sleep(2 * HEARTBEAT_MS);
  expect(worker.kill('SIGKILL')).toBe(true);
  const killedAt = Date.now();
  await new Promise((resolve) => worker.once('exit', resolve));
  return { killedAt, failed, completed };
}

/** Another API server (its own pool and queue adapter) that recovers periodically and runs nothing. */
async function otherServer(d: Awaited<ReturnType<typeof deployment>>, setup: Setup) {
  const node = d.open();
  const server = new BackgroundTaskManager({
    mode: 'producer',
    store: node.tasks,
    queue: node.queue,
    ownerId: 'other-api-server',
    recoveryAction: setup.action,
    recoveryIntervalMs: setup.recoveryIntervalMs,
    leaseMs: LEASE_MS,
  });
  cleanups.push(() => server.close());
  await server.start();
}

/** A live worker in this process ("the replacement"), counting its runs per region. */
async function replacementWorker(d: Awaited<ReturnType<typeof deployment>>, setup: Setup) {
  const runs = new Map<string, number>();
  const report = createTool({
    id: 'slowReport',
    description: 'Build a report for a region.',
    inputSchema: z.object({ region: z.string() }),
    execute: async ({ region }) => {
      runs.set(region, (runs.get(region) ?? 0) + 1);
      await sleep(50);
      return { region, rows: region.length * 100 };
    },
  });
  const node = d.open();
  const worker = new BackgroundTaskManager({
    mode: 'worker',
    store: node.tasks,
    queue: node.queue,
    tools: { slowReport: report },
    ownerId: 'replacement-worker',
    recoveryAction: setup.action,
    recoverOnStart: false,
    recoveryIntervalMs: setup.recoveryIntervalMs,
    leaseMs: LEASE_MS,
  });
  cleanups.push(() => worker.close());
  await worker.start();
  return runs;
}

/**
 * The outcome must arrive within lease + one recovery period, plus what delivering and
 * reconciling 4 results costs on a loaded shared machine (measured: 1.6–1.9 s after the kill,
 * against lease + period = 2.0 s).
 */
const SLACK_MS = 1000;

describe.skipIf(!pgUp || !redis)('a BullMQ worker process killed with SIGKILL while it runs 4 tasks', () => {
  it("recoveryAction 'fail' (default): the 4 tasks are reported failed within lease + one recovery period, onTaskFailed fires, the tool results become the failure", async () => {
    const d = await deployment({ action: 'fail', recoveryIntervalMs: RECOVERY_MS });
    const { killedAt, failed, completed } = await killWorkerMidTask(d, 'thread-fail');
    await waitFor(
      'onTaskFailed for the 4 tasks',
      async () => failed.length,
      (n) => n === 4,
      LEASE_MS + RECOVERY_MS + SLACK_MS,
    );
    const elapsed = Date.now() - killedAt;
    expect(elapsed).toBeLessThanOrEqual(LEASE_MS + RECOVERY_MS + SLACK_MS);
    expect(completed).toEqual([]);
    expect(failed.map((t) => t.toolCallId).sort()).toEqual(REGIONS.map((r) => `call-${r}`).sort());
    for (const task of failed) {
      expect(task).toMatchObject({ status: 'failed', error: { code: 'BACKGROUND_TASK_ABANDONED' } });
    }
    const stored = await waitFor(
      'the stored tool results become the failure',
      () => storedResults(d.api.store, 'thread-fail'),
      (results) => REGIONS.every((r) => /ended failed/.test(String(results.get(`call-${r}`)))),
      2000,
    );
    expect(String(stored.get('call-north'))).toMatch(
      /slowReport.*ended failed.*abandoned by owner doomed-worker/,
    );
    for (const row of await rows(d.schema)) {
      expect(row.status).toBe('failed');
      expect(JSON.parse(String(row.error)).code).toBe('BACKGROUND_TASK_ABANDONED');
    }
  }, 60_000);

  it('recovered by another API server: the failure reaches the API process of the conversation through the queue (publishSettled) within lease + one recovery period', async () => {
    const setup: Setup = { action: 'fail', recoveryIntervalMs: RECOVERY_MS, otherServerRecovers: true };
    const d = await deployment(setup);
    await otherServer(d, setup);
    const { killedAt, failed } = await killWorkerMidTask(d, 'thread-other');
    await waitFor(
      'onTaskFailed for the 4 tasks',
      async () => failed.length,
      (n) => n === 4,
      LEASE_MS + RECOVERY_MS + SLACK_MS,
    );
    expect(Date.now() - killedAt).toBeLessThanOrEqual(LEASE_MS + RECOVERY_MS + SLACK_MS);
    for (const task of failed) {
      expect(task.error?.message).toMatch(/marked failed on recovery by other-api-server/);
    }
    await waitFor(
      'the stored tool results become the failure',
      () => storedResults(d.api.store, 'thread-other'),
      (results) => REGIONS.every((r) => /ended failed/.test(String(results.get(`call-${r}`)))),
      2000,
    );
  }, 60_000);

  it("recoveryAction 'requeue': each task runs again exactly once on a live worker within lease + one recovery period, and the tool results become the real ones", async () => {
    const setup: Setup = { action: 'requeue', recoveryIntervalMs: RECOVERY_MS };
    const d = await deployment(setup);
    const { killedAt, failed, completed } = await killWorkerMidTask(d, 'thread-requeue');
    const runs = await replacementWorker(d, setup);
    await waitFor(
      'onTaskComplete for the 4 tasks',
      async () => completed.length,
      (n) => n === 4,
      LEASE_MS + RECOVERY_MS + SLACK_MS,
    );
    expect(Date.now() - killedAt).toBeLessThanOrEqual(LEASE_MS + RECOVERY_MS + SLACK_MS);
    const stored = await waitFor(
      'the stored tool results become the real ones',
      () => storedResults(d.api.store, 'thread-requeue'),
      (results) => REGIONS.every((r) => (results.get(`call-${r}`) as { rows?: number })?.rows !== undefined),
      2000,
    );
    for (const region of REGIONS) {
      expect(stored.get(`call-${region}`)).toEqual({ region, rows: region.length * 100 });
    }
    // Long enough for BullMQ to re-deliver the dead worker's jobs (lock + 2 stalled checks):
    // a second run would show here.
    await sleep(LOCK_MS + 3 * STALLED_MS);
    expect(Object.fromEntries(runs)).toEqual(Object.fromEntries(REGIONS.map((r) => [r, 1])));
    expect(failed).toEqual([]);
    for (const row of await rows(d.schema))
      expect(row).toMatchObject({ status: 'completed', owner: 'replacement-worker' });
  }, 60_000);

  it('no periodic recovery anywhere: BullMQ re-delivers the jobs and the new worker takes them over once their lease passes (runs each exactly once)', async () => {
    const setup: Setup = { action: 'requeue', recoveryIntervalMs: 0 };
    const d = await deployment(setup);
    const { killedAt, completed } = await killWorkerMidTask(d, 'thread-redelivery');
    const runs = await replacementWorker(d, setup);
    // Re-delivery: the lock lapses, then a stalled check moves the job back (up to 2 checks).
    const bound = Math.max(LEASE_MS, LOCK_MS + 2 * STALLED_MS) + SLACK_MS;
    await waitFor(
      'onTaskComplete for the 4 tasks',
      async () => completed.length,
      (n) => n === 4,
      bound,
    );
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(LEASE_MS - HEARTBEAT_MS * 3);
    const stored = await storedResults(d.api.store, 'thread-redelivery');
    for (const region of REGIONS)
      expect(stored.get(`call-${region}`)).toEqual({ region, rows: region.length * 100 });
    await sleep(3 * STALLED_MS);
    expect(Object.fromEntries(runs)).toEqual(Object.fromEntries(REGIONS.map((r) => [r, 1])));
    for (const row of await rows(d.schema))
      expect(row).toMatchObject({ status: 'completed', owner: 'replacement-worker' });
  }, 60_000);
});

function show(value: unknown): string {
  return JSON.stringify(value instanceof Map ? Object.fromEntries(value) : value);
}
