/**
 * Child process for the worker-crash test (`../worker-crash.test.ts`), started with
 * `node --import tsx`. Not part of the public API.
 *
 *   crash-worker-child.ts <databaseUrl> <schema> <redisUrl> <prefix> <ownerId> <leaseMs> <heartbeatMs> <lockMs> <stalledMs>
 *
 * Runs a `worker` manager on a PostgreSQL task store and a BullMQ queue; its one tool,
 * `slowReport`, never finishes (it waits for an abort), so every task it takes stays running
 * until the parent kills this process with SIGKILL. Prints `ready` once consuming, and
 * `started <toolCallId>` when a task starts.
 */
import { writeSync } from 'node:fs';
import { z } from 'zod';
import { PostgresStore } from '../../../stores/postgres/index.js';
import { createTool } from '../../../tools/create-tool.js';
import { BackgroundTaskManager } from '../../manager.js';
import { SqlBackgroundTaskStore } from '../../sql/index.js';
import { BullMQBackgroundTaskQueue } from '../bullmq-queue.js';

const [databaseUrl, schema, redisUrl, prefix, ownerId, leaseMs, heartbeatMs, lockMs, stalledMs] =
  process.argv.slice(2);

function say(line: string): void {
  writeSync(1, `${line}\n`);
}

const slowReport = createTool({
  id: 'slowReport',
  description: 'Build a report (never finishes in this process).',
  inputSchema: z.object({ region: z.string() }),
  execute: async ({ region }, context) => {
    say(`started ${region}`);
    await new Promise((resolve) => context?.abortSignal?.addEventListener('abort', resolve));
    return { region, rows: 0 };
  },
});

const memory = new PostgresStore({ connectionString: databaseUrl as string, schema, poolConfig: { max: 3 } });
const queue = new BullMQBackgroundTaskQueue({
  connection: redisUrl as string,
  prefix,
  queueName: 'reports',
  lockDurationMs: Number(lockMs),
  stalledIntervalMs: Number(stalledMs),
});
const worker = new BackgroundTaskManager({
  mode: 'worker',
  store: new SqlBackgroundTaskStore({ store: memory }),
  queue,
  tools: { slowReport },
  ownerId,
  concurrency: 8,
  leaseMs: Number(leaseMs),
  heartbeatIntervalMs: Number(heartbeatMs),
  recoverOnStart: false,
  recoveryIntervalMs: 0,
});
await worker.start();
say('ready');
// Runs until killed.
setInterval(() => undefined, 60_000);
