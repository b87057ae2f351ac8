/**
 * Acceptance (issue #15, "the producer/worker test on real Redis and PostgreSQL"), through the
 * public API: an `Agent` in the API process whose eligible tool call is deferred to a `producer`
 * manager (it enqueues on BullMQ and runs no tools), and a `worker` manager in the "worker
 * process" (its own PostgreSQL pool and BullMQ adapter) that executes the tool. The task record
 * in PostgreSQL ends `completed` with the result; the producer side hears it and reconciles: the
 * thread's stored tool result (in the same PostgreSQL database) becomes the real result, and
 * with `untilIdle` the model gets a follow-up turn that sees it.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Agent } from 'sluice/agent';
import { BackgroundTaskManager } from 'sluice/background';
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

const pgUp = await postgresAvailable();
const redis = await connectRedisOrSkip('agent producer/worker');
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

/** The two "processes" of one test: API (agent + producer) and worker, on one schema and one prefix. */
async function deployment(options: { holdUntil: () => boolean }) {
  const schema = uniqueSchema('bgagent');
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
    const queue = new BullMQBackgroundTaskQueue({ connection: REDIS_URL, prefix, queueName: 'agent-tools' });
    cleanups.push(async () => {
      await queue.close();
      await store.close();
    });
    return { store, tasks: new SqlBackgroundTaskStore({ store }), queue };
  };
  const api = open();
  const node = open();

  const ranOn: string[] = [];
  // The worker's copy of the tool: the only place it executes.
  const workerLookup = createTool({
    id: 'cityLookup',
    description: 'Look up a city population (slow).',
    inputSchema: z.object({ city: z.string() }),
    background: { enabled: true, defaultDisposition: 'deferred' },
    execute: async ({ city }) => {
      ranOn.push('worker');
      // Held until the model has read the acknowledgement, however slow the machine is, so the
      // result can only reach the model through reconciliation (not inside step 2's prompt).
      while (!options.holdUntil()) await sleep(5);
      return { city, population: 709_000 };
    },
  });
  // The API process's copy: same name and schema; executing it here would be a bug.
  const apiLookup = createTool({
    id: 'cityLookup',
    description: 'Look up a city population (slow).',
    inputSchema: z.object({ city: z.string() }),
    background: { enabled: true, defaultDisposition: 'deferred' },
    execute: async () => {
      ranOn.push('api');
      return { wrong: true };
    },
  });
  const worker = new BackgroundTaskManager({
    mode: 'worker',
    store: node.tasks,
    queue: node.queue,
    tools: { cityLookup: workerLookup },
    ownerId: 'worker-process',
  });
  const producer = new BackgroundTaskManager({
    mode: 'producer',
    store: api.tasks,
    queue: api.queue,
    ownerId: 'api-process',
  });
  cleanups.push(async () => {
    await producer.close();
    await worker.close();
  });
  await worker.start();
  await producer.start();
  return { schema, api, node, producer, worker, apiLookup, ranOn };
}

/** The stored tool-invocation result of `toolCallId` in the thread (PostgreSQL, via the API store). */
async function storedToolResult(
  store: PostgresStore,
  threadId: string,
  toolCallId: string,
): Promise<unknown> {
  const { messages } = await store.listMessages({ threadId, perPage: 100 });
  for (const message of messages) {
    for (const part of message.content.parts) {
      if (part.type === 'tool-invocation' && part.toolInvocation.toolCallId === toolCallId) {
        return (part.toolInvocation as { result?: unknown }).result;
      }
    }
  }
  return undefined;
}

async function taskRow(schema: string): Promise<Record<string, unknown>[]> {
  const rows = await admin!.query(
    `SELECT id, status, owner, tool_name, tool_call_id, thread_id, result FROM "${schema}".sluice_background_tasks`,
  );
  return rows.rows;
}

describe.skipIf(!pgUp || !redis)(
  'an Agent on a producer manager, a worker manager elsewhere (BullMQ + PostgreSQL)',
  () => {
    it('deferred call: the model gets the acknowledgement, the worker runs the tool, the stored tool result becomes the real one', async () => {
      const d = await deployment({ holdUntil: () => model.calls.length >= 2 });
      const model = new ScriptedModel({
        steps: [
          { toolCalls: [{ toolName: 'cityLookup', args: { city: 'Oslo' }, toolCallId: 'call-oslo' }] },
          'I started the lookup; the result will follow.',
        ],
      });
      const agent = new Agent({
        id: 'city-agent',
        instructions: 'Answer questions about cities.',
        model,
        tools: { cityLookup: d.apiLookup },
        memory: new Memory({ storage: d.api.store }),
        backgroundTasks: { manager: d.producer },
      });
      const conversation = { thread: 'thread-oslo', resource: 'user-1' };
      const result = await agent.generate('How many people live in Oslo?', { memory: conversation });
      expect(result.text).toBe('I started the lookup; the result will follow.');
      // The model's second step saw the acknowledgement, not a result.
      const secondPrompt = JSON.stringify(model.calls[1]?.prompt);
      expect(secondPrompt).toContain('running');
      expect(secondPrompt).not.toContain('709000');

      // The worker executes; the producer hears the settlement and reconciles into the stored thread.
      let stored: unknown;
      for (let i = 0; i < 200; i++) {
        stored = await storedToolResult(d.api.store, 'thread-oslo', 'call-oslo');
        if ((stored as { population?: number } | undefined)?.population !== undefined) break;
        await sleep(25);
      }
      expect(stored).toEqual({ city: 'Oslo', population: 709_000 });
      expect(d.ranOn).toEqual(['worker']);
      const rows = await taskRow(d.schema);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: 'completed',
        owner: 'worker-process',
        tool_name: 'cityLookup',
        tool_call_id: 'call-oslo',
        thread_id: 'thread-oslo',
      });
      expect(JSON.parse(String(rows[0]?.result))).toEqual({ city: 'Oslo', population: 709_000 });

      // The next turn on the thread gives the model the authoritative result from memory.
      const next = new ScriptedModel({ steps: ['Oslo has about 709,000 people.'] });
      const again = new Agent({
        id: 'city-agent',
        instructions: 'Answer questions about cities.',
        model: next,
        tools: { cityLookup: d.apiLookup },
        memory: new Memory({ storage: d.api.store }),
        backgroundTasks: { manager: d.producer },
      });
      await again.generate('And?', { memory: conversation });
      expect(JSON.stringify(next.calls[0]?.prompt)).toContain('709000');
    });

    it('untilIdle: the run stays open, the worker result is reconciled and a follow-up turn lets the model use it', async () => {
      const d = await deployment({ holdUntil: () => model.calls.length >= 2 });
      const model = new ScriptedModel({
        steps: [
          { toolCalls: [{ toolName: 'cityLookup', args: { city: 'Oslo' }, toolCallId: 'call-idle' }] },
          'Looking it up.',
          'Oslo has about 709,000 people.',
        ],
      });
      const agent = new Agent({
        id: 'city-agent',
        instructions: 'Answer questions about cities.',
        model,
        tools: { cityLookup: d.apiLookup },
        memory: new Memory({ storage: d.api.store }),
        backgroundTasks: { manager: d.producer },
      });
      const stream = await agent.stream('How many people live in Oslo?', {
        memory: { thread: 'thread-idle', resource: 'user-1' },
        untilIdle: { maxIdleMs: 10_000 },
      });
      const types: string[] = [];
      for await (const chunk of stream.fullStream) types.push(chunk.type);
      expect(types).toContain('background-task-started');
      expect(model.calls).toHaveLength(3);
      const followUp = JSON.stringify(model.calls[2]?.prompt);
      expect(followUp).toContain('709000');
      expect(await stream.text).toContain('Oslo has about 709,000 people.');
      expect(d.ranOn).toEqual(['worker']);
      expect(await storedToolResult(d.api.store, 'thread-idle', 'call-idle')).toEqual({
        city: 'Oslo',
        population: 709_000,
      });
      expect((await taskRow(d.schema))[0]).toMatchObject({ status: 'completed', owner: 'worker-process' });
    });
  },
);
