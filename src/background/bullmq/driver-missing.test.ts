import { BullMQBackgroundTaskQueue } from 'sluice/bullmq';
import { describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../errors/configuration-error.js';

// Simulate a project without the optional `bullmq` package: resolving it fails the way Node does.
vi.mock('bullmq', () => {
  const error = new Error(
    "Cannot find package 'bullmq' imported from /app/node_modules/sluice/dist/background/bullmq/bullmq-queue.js",
  );
  (error as Error & { code: string }).code = 'ERR_MODULE_NOT_FOUND';
  throw error;
});

describe('BullMQBackgroundTaskQueue without bullmq installed', () => {
  it('constructs, then fails on first use with STORE_DRIVER_MISSING naming the install command', async () => {
    const queue = new BullMQBackgroundTaskQueue({ connection: 'redis://127.0.0.1:6379' });
    const error = await queue.enqueue({ taskId: 'task-1', toolName: 'slow' }).catch((e: unknown) => e);
    expect(ConfigurationError.isInstance(error), String(error)).toBe(true);
    expect((error as ConfigurationError).code).toBe('STORE_DRIVER_MISSING');
    expect((error as Error).message).toContain('npm install bullmq@6 ioredis@5');
    const again = await queue.consume(async () => 'completed', { concurrency: 1 }).catch((e: unknown) => e);
    expect((again as ConfigurationError).code).toBe('STORE_DRIVER_MISSING');
    await queue.close();
  });
});
