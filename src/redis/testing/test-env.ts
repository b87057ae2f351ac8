/**
 * Test support for suites that need a real Redis (imported by test files only): where it is and
 * an ioredis admin client. Without a reachable server the suite skips loudly, except under `CI`,
 * where a missing Redis fails the run.
 */
import { Redis } from 'ioredis';

/** `REDIS_URL`, defaulting to the local server. */
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A connected ioredis client, or `undefined` (after a warning naming `suite`) when Redis is down. */
export async function connectRedisOrSkip(suite: string): Promise<Redis | undefined> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch (error) {
    client.disconnect();
    if (process.env.CI)
      throw new Error(`Redis at ${REDIS_URL} is required under CI but unreachable: ${String(error)}`);
    console.warn(
      `\n⚠️  Redis at ${REDIS_URL} is unreachable (${String(error)}): SKIPPING the ${suite} suite.\n`,
    );
    return undefined;
  }
}
