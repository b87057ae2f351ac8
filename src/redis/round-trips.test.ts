/**
 * Issue #30: the Redis round trips of one agent turn with `ResponseCache` (a `RedisServerCache`)
 * and `TokenCostControl` (a `RedisUsageLedger`, reservations on) on the same real Redis, counted
 * with a wrapped client (`src/redis/testing/round-trips.ts`) for node-redis 5 and ioredis 5.
 *
 * Pinned per turn (a cache miss, the call counted under four scope keys: run, thread, resource,
 * user): before the model call, ONE round trip for the cache lookup and ONE for the budget check
 * (the reservation script); after the answer, the ledger's settlement (one script per scope key)
 * leaves as ONE pipeline and the cache entry as ONE `SET`, both after the client's stream has
 * ended and before the run's promise settles. With `reservation: false` the budget read is one
 * script and the record one pipeline, the same counts.
 *
 * Before issue #30 (same turn): node-redis 2 before the model call, 5 after (one EVALSHA per
 * scope key, then the SET); ioredis 2 and 2; on both, every write after the answer was waited
 * for before the client's stream ended.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { Agent } from 'sluice/agent';
import { ResponseCache, TokenCostControl } from 'sluice/processors';
import { RedisServerCache, RedisUsageLedger } from 'sluice/redis';
import { MASTRA_RESOURCE_ID_KEY, MASTRA_THREAD_ID_KEY, RequestContext } from 'sluice/request-context';
import { afterAll, describe, expect, it } from 'vitest';
import { ScriptedModel } from '../test/scripted-model.js';
import { countRoundTrips, type RoundTripLog } from './testing/round-trips.js';
import { connectRedisOrSkip, REDIS_URL } from './testing/test-env.js';

const admin = await connectRedisOrSkip('Redis round trips per turn (src/redis/round-trips.test.ts)');
const PREFIX = `sluice-test:redistrips:${randomUUID()}:`;

afterAll(async () => {
  if (!admin) return;
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 500);
    if (keys.length > 0) await admin.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  admin.disconnect();
});

/** What one turn sent: before the model call, and after it. */
interface TurnTrips {
  beforeModel: RoundTripLog;
  afterModel: RoundTripLog;
  /** The client's stream had ended while every reply after the model call was held back. */
  streamEndedWhileHeld: boolean;
  /** The run's promise had settled while replies were held back (it must not). */
  settledWhileHeld: boolean;
}

async function connect(kind: 'node-redis' | 'ioredis'): Promise<{ client: object; close: () => void }> {
  if (kind === 'ioredis') {
    const client = new Redis(REDIS_URL);
    client.on('error', () => undefined);
    return { client, close: () => client.disconnect() };
  }
  const client = createClient({ url: REDIS_URL });
  client.on('error', () => undefined);
  await client.connect();
  return { client, close: () => client.destroy() };
}

/**
 * An agent with both processors on one counted client; `turn()` runs one streamed turn, holds
 * back every Redis reply after the model call until the client's stream has ended, and splits the
 * round trips at the model call.
 */
async function setUp(kind: 'node-redis' | 'ioredis', reservation: false | undefined = undefined) {
  const { client, close } = await connect(kind);
  const counter = countRoundTrips(client);
  let atModel: RoundTripLog | undefined;
  const noop = () => {};
  let release: () => void = noop;
  const model = new ScriptedModel({
    provider: 'trips-test',
    modelId: 'metered-1',
    steps: () => {
      atModel = counter.mark();
      release = counter.holdReplies();
      return { text: 'an answer', usage: { inputTokens: 100, outputTokens: 10 } };
    },
  });
  const prefix = `${PREFIX}${kind}:${reservation === false ? 'record' : 'reserve'}:`;
  const agent = new Agent({
    id: `trips-${kind}`,
    name: 'trips',
    instructions: 'Answer briefly.',
    model,
    inputProcessors: [
      new ResponseCache({
        cache: new RedisServerCache({ client: counter.client }, { keyPrefix: `${prefix}cache:` }),
        // Generous: a held reply must not count as a slow backend.
        timeoutMs: 10_000,
      }),
      new TokenCostControl({
        maxCost: 100,
        scope: 'resource',
        window: '24h',
        ledger: new RedisUsageLedger({ client: counter.client, keyPrefix: `${prefix}usage:` }),
        pricing: { 'trips-test/metered-1': { input: 1, output: 2 } },
        ...(reservation === false ? { reservation } : {}),
      }),
    ],
  });
  const turn = async (prompt: string): Promise<TurnTrips> => {
    const requestContext = new RequestContext([
      [MASTRA_RESOURCE_ID_KEY, 'resource-1'],
      [MASTRA_THREAD_ID_KEY, 'thread-1'],
      ['userId', 'user-1'],
    ]);
    counter.mark();
    atModel = undefined;
    release = noop;
    const output = await agent.stream(prompt, { requestContext });
    let settled = false;
    const text = output.text.then((value) => {
      settled = true;
      return value;
    });
    let ended = false;
    const reading = (async () => {
      for await (const _ of output.fullStream) {
        // Read to the end, as a client does.
      }
      ended = true;
    })();
    // Give the stream every chance to end while the writes wait on Redis.
    await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const streamEndedWhileHeld = ended;
    const settledWhileHeld = settled;
    release();
    await reading;
    expect(await text).toBe('an answer');
    const afterModel = counter.mark();
    if (atModel === undefined) throw new Error('the model was not called');
    return { beforeModel: atModel, afterModel, streamEndedWhileHeld, settledWhileHeld };
  };
  return { turn, close, counter };
}

describe.skipIf(!admin)('Redis round trips of one turn with ResponseCache + TokenCostControl', () => {
  for (const kind of ['node-redis', 'ioredis'] as const) {
    it(`${kind}: one round trip for the lookup and one for the budget before the model call; the settlement pipeline and the cache write after the stream ended`, async () => {
      const { turn, close } = await setUp(kind);
      try {
        // The first turn loads the ledger's script (EVALSHA, then EVAL on NOSCRIPT on a fresh server).
        await turn(`warm up ${randomUUID()}`);
        const trips = await turn(`a new question ${randomUUID()}`);
        console.info(`[round trips] ${kind}`, JSON.stringify(trips));
        const script = kind === 'ioredis' ? 'evalsha' : 'evalSha';
        // processInputStep (the budget check) runs before processLLMRequest (the lookup).
        expect(trips.beforeModel).toEqual({ count: 2, sent: [`pipeline[${script}]`, 'get'] });
        // After the answer: the settlement of the four scope keys in one pipeline, the entry in one SET.
        expect(trips.afterModel.count).toBe(2);
        expect([...trips.afterModel.sent].sort()).toEqual(
          [`pipeline[${Array(4).fill(script).join(',')}]`, 'set'].sort(),
        );
        // Both off the response path: the stream ended while their replies were held back,
        // and the run's promise waited for them.
        expect(trips.streamEndedWhileHeld).toBe(true);
        expect(trips.settledWhileHeld).toBe(false);
      } finally {
        close();
      }
    });

    it(`${kind}, reservation: false: one round trip for the budget read and one for the lookup; the record pipeline and the cache write after the stream ended`, async () => {
      const { turn, close } = await setUp(kind, false);
      try {
        await turn(`warm up ${randomUUID()}`);
        const trips = await turn(`a new question ${randomUUID()}`);
        console.info(`[round trips] ${kind}, reservation: false`, JSON.stringify(trips));
        const script = kind === 'ioredis' ? 'evalsha' : 'evalSha';
        expect(trips.beforeModel).toEqual({ count: 2, sent: [`pipeline[${script}]`, 'get'] });
        expect([...trips.afterModel.sent].sort()).toEqual(
          [`pipeline[${Array(4).fill(script).join(',')}]`, 'set'].sort(),
        );
        expect(trips.streamEndedWhileHeld).toBe(true);
        expect(trips.settledWhileHeld).toBe(false);
      } finally {
        close();
      }
    });
  }
});
