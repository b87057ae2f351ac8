/**
 * What `resumable` costs a served answer: `createChatHandler` with and without
 * `resumable: { redis }` (ioredis, the real Redis at `REDIS_URL`), in one run, on the bare model
 * of the serving bench (200 text deltas). Reports requests/s of each, the ratio, and how many
 * Redis entries one answer wrote (the recorder batches what arrives while a write is in flight).
 * Without a reachable Redis it says so and measures nothing.
 */
import { randomUUID } from 'node:crypto';
import { Agent } from '../src/agent/index.js';
import { createChatHandler } from '../src/ai-sdk/index.js';
import { connectRedisOrSkip } from '../src/redis/testing/test-env.js';
import { measureInterleaved, row } from './harness.js';
import { bareModel, chatRequest } from './serving.js';

const IN_FLIGHT = 16;
const REQUESTS = 64;

type Handler = (request: Request) => Promise<Response>;

async function drain(handler: Handler): Promise<void> {
  const response = await handler(chatRequest());
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done } = await reader.read();
    if (done) break;
  }
  if (response.status !== 200) throw new Error(`bad answer: ${response.status}`);
}

async function load(handler: Handler): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next++ < REQUESTS) await drain(handler);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

/** Run the benchmark and print requests/s with and without `resumable`, the ratio and entries per answer. */
export async function benchResumable(): Promise<{ costRatio: number } | undefined> {
  const redis = await connectRedisOrSkip('resumable serving bench');
  if (!redis) return undefined;
  const prefix = `sluice-bench:resume:${randomUUID()}:`;
  try {
    const agent = new Agent({ id: 'bench', instructions: 'You are terse.', model: bareModel() });
    const plain = createChatHandler({ agent, resource: () => 'user-1' });
    const resumable = createChatHandler({
      agent,
      resource: () => 'user-1',
      resumable: { redis, keyPrefix: prefix },
    });
    const [plainMs, resumableMs] = await measureInterleaved([() => load(plain), () => load(resumable)], {
      warmup: 1,
      runs: 5,
    });
    // Entries of one answer, counted in a fresh prefix (finished answers keep theirs a short grace).
    const single = `${prefix}single:`;
    await drain(
      createChatHandler({ agent, resource: () => 'user-1', resumable: { redis, keyPrefix: single } }),
    );
    const [key] = await redis.keys(`${single}*:run:*`);
    const entries = key === undefined ? 0 : await redis.xlen(key);
    const rps = (ms: number) => (REQUESTS / ms) * 1000;
    const costRatio = (resumableMs as number) / (plainMs as number);
    console.log(
      `\nresumable serving: useChat requests of 200 text deltas, handler in process, body read to the end (${REQUESTS} requests, ${IN_FLIGHT} in flight, median of 5 rounds)`,
    );
    row('createChatHandler (no memory)', `${rps(plainMs as number).toFixed(0)} req/s`);
    row('createChatHandler + resumable (ioredis)', `${rps(resumableMs as number).toFixed(0)} req/s`);
    row('cost per request, resumable / plain', `${costRatio.toFixed(2)}x`);
    row('Redis entries per answer (~204 UI chunks)', String(entries));
    return { costRatio };
  } finally {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchResumable();
