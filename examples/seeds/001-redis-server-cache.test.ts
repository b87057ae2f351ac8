/**
 * 001-redis-server-cache and 002-redis-cache: the Redis backend as the seeds construct it —
 * `new RedisServerCache({ client })` with a connected node-redis client (001), and the older
 * `new RedisCache({ url })` (002) — on the real Redis at `REDIS_URL`. The second identical call
 * is answered from Redis. Each run's keys go under a fresh prefix (the seeds use the default
 * prefix, which the test swaps for a unique one) and are removed afterwards. Without Redis the
 * file is skipped loudly, except under CI where that fails.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import type { Agent } from 'sluice/agent';
import type { RedisServerCache } from 'sluice/redis';
import { ScriptedModel } from 'sluice/test';
import { afterAll, describe, expect, it, vi } from 'vitest';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
process.env.REDIS_URL = REDIS_URL;

const made = vi.hoisted(() => [] as Array<{ cache: RedisServerCache; client?: { destroy(): void } }>);
vi.mock('sluice/redis', async (importOriginal) => {
  const actual = await importOriginal<typeof import('sluice/redis')>();
  const { randomUUID } = await import('node:crypto');
  class UniquePrefix extends actual.RedisServerCache {
    constructor(...[config, options]: ConstructorParameters<typeof actual.RedisServerCache>) {
      super(config, { ...options, keyPrefix: `sluice-test:${randomUUID()}:` });
      made.push({ cache: this, client: (config as { client?: { destroy(): void } }).client });
    }
  }
  return { ...actual, RedisServerCache: UniquePrefix, RedisCache: UniquePrefix };
});
const routed = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@ai-sdk/openai', () => ({ createOpenAI: () => (modelId: string) => routed.get(modelId) }));

async function redisAvailable(): Promise<boolean> {
  const probe = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false, connectTimeout: 1000 } });
  probe.on('error', () => {});
  try {
    await probe.connect();
    probe.destroy();
    return true;
  } catch (error) {
    if (process.env.CI)
      throw new Error(`Redis is required under CI but ${REDIS_URL} is unreachable: ${String(error)}`);
    console.warn(
      `\n⚠ SKIPPING the Redis seed examples (001-redis-server-cache, 002-redis-cache): no Redis at ${REDIS_URL}.\n`,
    );
    return false;
  }
}
const suite = (await redisAvailable()) ? describe : describe.skip;

afterAll(async () => {
  for (const { cache, client } of made) {
    await cache.clear().catch(() => {});
    await cache.close().catch(() => {});
    client?.destroy();
  }
});

async function answersTwiceFromOneCall(load: () => Promise<{ agent: Agent }>): Promise<void> {
  vi.stubEnv('OPENAI_API_KEY', 'sk-test');
  let n = 0;
  const model = new ScriptedModel({ steps: () => `cached answer ${++n}`, modelId: 'gpt-5' });
  routed.set('gpt-5', model);
  const { agent } = await load();
  const question = `What is cached? ${randomUUID()}`;
  const first = await agent.generate(question);
  const second = await agent.generate(question);
  expect(first.text).toBe('cached answer 1');
  expect(second.text).toBe('cached answer 1');
  expect(model.calls).toHaveLength(1);
  vi.unstubAllEnvs();
}

suite('Redis backend seeds', () => {
  it('001: RedisServerCache({ client }) with a connected node-redis client', async () => {
    await answersTwiceFromOneCall(() => import('./001-redis-server-cache.js'));
  });

  it('002: RedisCache({ url }) connects by itself', async () => {
    await answersTwiceFromOneCall(() => import('./002-redis-cache.js'));
  });
});
