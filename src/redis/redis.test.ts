/**
 * RedisServerCache and ResponseCache on a real Redis (`REDIS_URL`, default
 * redis://127.0.0.1:6379), with both client libraries (node-redis 5 and ioredis 5). Without a
 * Redis the suite is skipped loudly, except under CI where that is a failure. Every test writes
 * under its own random key prefix and removes only those keys; nothing is flushed.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { Agent } from 'sluice/agent';
import { ResponseCache, type ResponseCacheOptions } from 'sluice/processors';
import { ioredisPreset, nodeRedisPreset, RedisCache, RedisServerCache } from 'sluice/redis';
import { MASTRA_RESOURCE_ID_KEY, RequestContext } from 'sluice/request-context';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A raw client with the few commands the tests use to look behind the cache. */
interface Raw {
  pttl(key: string): Promise<number>;
  exists(key: string): Promise<number>;
  setRaw(key: string, value: string): Promise<void>;
  delRaw(key: string): Promise<void>;
  close(): Promise<void>;
}

interface Library {
  name: 'node-redis' | 'ioredis';
  /** A connected client, its raw view, or the reason none could be made. */
  connect(): Promise<{ client: object; raw: Raw }>;
  /** A client to a port nothing listens on, set up not to retry (commands fail at once). */
  deadClient(port: number): Promise<object>;
}

const nodeRedis: Library = {
  name: 'node-redis',
  async connect() {
    const client = createClient({
      url: REDIS_URL,
      socket: { reconnectStrategy: false, connectTimeout: 1000 },
    });
    client.on('error', () => {});
    await client.connect();
    return {
      client,
      raw: {
        pttl: (k) => client.pTTL(k),
        exists: (k) => client.exists(k),
        setRaw: async (k, v) => {
          await client.set(k, v);
        },
        delRaw: async (k) => {
          await client.del(k);
        },
        close: async () => {
          client.destroy();
        },
      },
    };
  },
  async deadClient(port) {
    const client = createClient({
      url: `redis://127.0.0.1:${port}`,
      socket: { reconnectStrategy: false, connectTimeout: 200 },
    });
    client.on('error', () => {});
    await client.connect().catch(() => {});
    return client;
  },
};

const ioredis: Library = {
  name: 'ioredis',
  async connect() {
    const client = new Redis(REDIS_URL, {
      lazyConnect: true,
      retryStrategy: () => null,
      maxRetriesPerRequest: 1,
    });
    client.on('error', () => {});
    await client.connect();
    return {
      client,
      raw: {
        pttl: (k) => client.pttl(k),
        exists: (k) => client.exists(k),
        setRaw: async (k, v) => {
          await client.set(k, v);
        },
        delRaw: async (k) => {
          await client.del(k);
        },
        close: async () => {
          client.disconnect();
        },
      },
    };
  },
  async deadClient(port) {
    const client = new Redis(port, '127.0.0.1', {
      lazyConnect: true,
      retryStrategy: () => null,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    client.on('error', () => {});
    await client.connect().catch(() => {});
    return client;
  },
};

/** Is Redis there? Under CI a missing Redis fails the suite instead of skipping it. */
async function redisAvailable(): Promise<boolean> {
  try {
    const { raw } = await nodeRedis.connect();
    await raw.close();
    return true;
  } catch (error) {
    if (process.env.CI)
      throw new Error(`Redis is required under CI but ${REDIS_URL} is unreachable: ${String(error)}`);
    console.warn(
      `\n⚠ SKIPPING the Redis integration tests (src/redis/redis.test.ts): no Redis at ${REDIS_URL} (${String(error)}). Start Redis or set REDIS_URL.\n`,
    );
    return false;
  }
}

const available = await redisAvailable();
const suite = available ? describe : describe.skip;

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const toClear: RedisServerCache[] = [];
const toClose: Raw[] = [];
afterAll(async () => {
  for (const cache of toClear) await cache.clear().catch(() => {});
  for (const raw of toClose) await raw.close().catch(() => {});
});

const prefix = () => `sluice-test:${randomUUID()}:`;
const quiet = { warn: () => {} };

function cachedAgent(
  model: ScriptedModel,
  cache: RedisServerCache,
  options: Partial<ResponseCacheOptions> = {},
  tools = {},
) {
  return new Agent({
    id: 'cached',
    instructions: 'x',
    model,
    tools,
    inputProcessors: [new ResponseCache({ cache, logger: quiet, ...options })],
  });
}

function counting(delayMs = 0) {
  let n = 0;
  return new ScriptedModel({ steps: () => ({ text: `answer ${++n}`, delayMs }) });
}

for (const lib of [nodeRedis, ioredis]) {
  suite(`RedisServerCache with ${lib.name}`, () => {
    async function open(options: ConstructorParameters<typeof RedisServerCache>[1] = {}) {
      const { client, raw } = await lib.connect();
      toClose.push(raw);
      const cache = new RedisServerCache({ client }, { keyPrefix: prefix(), ...options });
      toClear.push(cache);
      return { cache, raw, client };
    }

    it('detects the client library from the client object', async () => {
      const { client } = await open();
      const { detectPreset } = await import('sluice/redis');
      expect(detectPreset(client)).toBe(lib.name === 'node-redis' ? nodeRedisPreset : ioredisPreset);
    });

    it('values round-trip through JSON with binary data preserved', async () => {
      const { cache } = await open();
      const bytes = new Uint8Array([0, 1, 2, 250, 255]);
      const value = {
        text: 'héllo',
        n: 1.5,
        nested: [{ bytes }, null, true],
        buffer: Buffer.from('abc'),
        arrayBuffer: new Uint8Array([9, 8]).buffer,
      };
      await cache.set('v', value);
      const back = (await cache.get('v')) as typeof value;
      expect(back.text).toBe('héllo');
      expect(back.nested[0]).toEqual({ bytes });
      expect((back.nested[0] as { bytes: unknown }).bytes).toBeInstanceOf(Uint8Array);
      expect(Array.from(back.buffer as Uint8Array)).toEqual([97, 98, 99]);
      expect(back.arrayBuffer).toBeInstanceOf(ArrayBuffer);
      expect(Array.from(new Uint8Array(back.arrayBuffer))).toEqual([9, 8]);
      expect(await cache.get('missing')).toBeUndefined();
    });

    it('sets a TTL on the key: ttlSeconds by default (300), ceil(ttlMs/1000) seconds per set, none for 0', async () => {
      const { cache, raw } = await open();
      await cache.set('default', 1);
      await cache.set('short', 1, 1500);
      await cache.set('forever', 1, 0);
      const p = cache.keyPrefix;
      const def = await raw.pttl(`${p}default`);
      expect(def).toBeGreaterThan(290_000);
      expect(def).toBeLessThanOrEqual(300_000);
      const short = await raw.pttl(`${p}short`);
      expect(short).toBeGreaterThan(1000);
      expect(short).toBeLessThanOrEqual(2000);
      expect(await raw.pttl(`${p}forever`)).toBe(-1);
      const { cache: none, raw: raw2 } = await open({ ttlSeconds: 0 });
      await none.set('k', 1);
      expect(await raw2.pttl(`${none.keyPrefix}k`)).toBe(-1);
    });

    it('lists, counters and an atomic listPushIndexed (one Lua script)', async () => {
      const { cache } = await open();
      for (const v of ['a', 'b', 'c']) await cache.listPush('l', v);
      expect(await cache.listLength('l')).toBe(3);
      expect(await cache.listFromTo('l', 1)).toEqual(['b', 'c']);
      expect(await cache.listFromTo('l', 0, 0)).toEqual(['a']);
      expect(await cache.listFromTo('l', -1)).toEqual(['c']);
      expect(await cache.increment('n')).toBe(1);
      expect(await cache.increment('n')).toBe(2);
      const indexes = await Promise.all(
        Array.from({ length: 40 }, (_, i) => cache.listPushIndexed('log', 'log:n', { i })),
      );
      expect([...indexes].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
      const items = (await cache.listFromTo('log', 0)) as Array<{ i: number; index: number }>;
      // Atomic: every item sits at the position its index names.
      expect(items.map((item) => item.index)).toEqual(Array.from({ length: 40 }, (_, i) => i));
      expect(await cache.listPushIndexed('empty', 'empty:n', {})).toBe(0);
      expect(await cache.listFromTo('empty', 0)).toEqual([{ index: 0 }]);
    });

    it('delete removes a key; clear removes only keys under its own prefix', async () => {
      const { cache, raw } = await open();
      const outside = `sluice-test-outside:${randomUUID()}`;
      await raw.setRaw(outside, 'keep');
      await cache.set('a', 1);
      await cache.listPush('b', 1);
      await cache.delete('a');
      expect(await cache.get('a')).toBeUndefined();
      await cache.clear();
      expect(await cache.listLength('b')).toBe(0);
      expect(await raw.exists(outside)).toBe(1);
      await raw.delRaw(outside);
    });

    it('a lock is taken once (SET NX PX) and released only with its token', async () => {
      const { cache, raw } = await open();
      const token = await cache.acquireLock('lk', 5000);
      expect(token).toEqual(expect.any(String));
      expect(await cache.acquireLock('lk', 5000)).toBeUndefined();
      const ttl = await raw.pttl(`${cache.keyPrefix}lk`);
      expect(ttl).toBeGreaterThan(4000);
      await cache.releaseLock('lk', 'not-the-token');
      expect(await cache.acquireLock('lk', 5000)).toBeUndefined();
      await cache.releaseLock('lk', token as string);
      expect(await cache.acquireLock('lk', 5000)).toEqual(expect.any(String));
    });

    it('two Agent instances with their own RedisServerCache on one Redis behave as two servers', async () => {
      const keyPrefix = prefix();
      const a = await lib.connect();
      const b = await lib.connect();
      toClose.push(a.raw, b.raw);
      const cacheA = new RedisServerCache({ client: a.client }, { keyPrefix });
      const cacheB = new RedisServerCache({ client: b.client }, { keyPrefix });
      toClear.push(cacheA);
      const modelA = counting();
      const modelB = counting();
      const first = await cachedAgent(modelA, cacheA).generate('hello');
      const second = await cachedAgent(modelB, cacheB).generate('hello');
      expect(modelB.calls).toHaveLength(0);
      expect(second.text).toBe(first.text);
      expect(second.usage).toEqual(first.usage);
    });

    it('a hit from Redis replays sources, files (bytes intact) and provider metadata like the live run', async () => {
      const { cache } = await open();
      const model = new ScriptedModel({
        steps: () => ({
          events: [
            'see the doc',
            {
              type: 'part',
              part: { type: 'source', sourceType: 'url', id: 's1', url: 'https://a.example', title: 'A' },
            },
            {
              type: 'part',
              part: {
                type: 'file',
                mediaType: 'image/png',
                data: { type: 'data', data: new Uint8Array([7, 8]) },
              },
            },
            { type: 'finish', providerMetadata: { acme: { cost: 2 } } },
          ],
        }),
      });
      const view = (out: Awaited<ReturnType<Agent['generate']>>) => ({
        text: out.text,
        sources: out.sources.map((c) => c.payload),
        files: out.files.map((c) => c.payload),
        providerMetadata: out.providerMetadata,
      });
      const live = view(await cachedAgent(model, cache).generate('cite'));
      const hit = view(await cachedAgent(model, cache).generate('cite'));
      expect(model.calls).toHaveLength(1);
      expect(hit).toEqual(live);
      expect(hit.files[0]?.data).toBeInstanceOf(Uint8Array);
    });

    it('the response entry carries the ResponseCache ttl on its Redis key', async () => {
      const { cache, raw } = await open();
      await cachedAgent(counting(), cache, { ttl: 600, key: 'entry' }).generate('hello');
      const ttl = await raw.pttl(`${cache.keyPrefix}entry`);
      expect(ttl).toBeGreaterThan(590_000);
      expect(ttl).toBeLessThanOrEqual(600_000);
    });

    it('tenant isolation: under the default scope resource A never receives B’s entry', async () => {
      const { cache } = await open();
      const model = counting();
      const agent = cachedAgent(model, cache);
      const as = (id: string) => ({ requestContext: new RequestContext([[MASTRA_RESOURCE_ID_KEY, id]]) });
      const b = await agent.generate('hello', as('tenant-b'));
      const a = await agent.generate('hello', as('tenant-a'));
      expect(a.text).not.toBe(b.text);
      expect((await agent.generate('hello', as('tenant-b'))).text).toBe(b.text);
      expect(model.calls).toHaveLength(2);
    });

    it('a cached tool step replays from Redis without executing the tool', async () => {
      const { cache } = await open();
      const execute = vi.fn(async ({ q }: { q: string }) => ({
        answer: `for ${q}`,
        bytes: new Uint8Array([1, 2]),
      }));
      const lookup = createTool({
        id: 'lookup',
        description: 'Look up',
        inputSchema: z.object({ q: z.string() }),
        execute,
      });
      const steps = [
        { toolCalls: [{ toolName: 'lookup', args: { q: 'x' }, toolCallId: 't1' }] },
        { text: 'done' },
      ];
      const model = new ScriptedModel({ steps: (call) => steps[call.index % 2] as never });
      // One tenant's scope: steps that call tools are cached only under a scope.
      await cachedAgent(model, cache, { scope: 'tenant-1' }, { lookup }).generate('go');
      const again = await cachedAgent(model, cache, { scope: 'tenant-1' }, { lookup }).generate('go');
      expect(execute).toHaveBeenCalledTimes(1);
      expect(model.calls).toHaveLength(2);
      expect(again.text).toBe('done');
      expect(again.toolResults[0]?.payload.result).toEqual({
        answer: 'for x',
        bytes: new Uint8Array([1, 2]),
      });
    });

    it('single-flight: 10 concurrent calls with the same prompt reach the provider once', async () => {
      const { cache } = await open();
      const model = counting(5);
      const agent = cachedAgent(model, cache);
      const results = await Promise.all(Array.from({ length: 10 }, () => agent.generate('same')));
      expect(model.calls).toHaveLength(1);
      expect(new Set(results.map((r) => r.text)).size).toBe(1);
    });

    it('cross-server single-flight with lock: two servers, concurrent calls, one provider call', async () => {
      const keyPrefix = prefix();
      const a = await lib.connect();
      const b = await lib.connect();
      toClose.push(a.raw, b.raw);
      const cacheA = new RedisServerCache({ client: a.client }, { keyPrefix });
      const cacheB = new RedisServerCache({ client: b.client }, { keyPrefix });
      toClear.push(cacheA);
      const model = counting(20);
      const lock = { ttlMs: 3000, pollMs: 10 };
      const serverA = cachedAgent(model, cacheA, { lock });
      const serverB = cachedAgent(model, cacheB, { lock });
      const results = await Promise.all([
        serverA.generate('q'),
        serverB.generate('q'),
        serverB.generate('q'),
      ]);
      expect(model.calls).toHaveLength(1);
      expect(new Set(results.map((r) => r.text)).size).toBe(1);
    });

    it('Redis stopped mid-test: calls still succeed uncached, one warning per failure kind', async () => {
      const { client, raw } = await lib.connect();
      const cache = new RedisServerCache({ client }, { keyPrefix: prefix() });
      const warnings: string[] = [];
      const model = counting();
      const agent = cachedAgent(model, cache, { logger: { warn: (m) => warnings.push(m) }, timeoutMs: 200 });
      await agent.generate('hello');
      await cache.clear();
      await raw.close(); // the connection is gone from here on
      for (let i = 0; i < 3; i++) expect((await agent.generate('hello')).text).toBe(`answer ${i + 2}`);
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      expect(warnings.length).toBeLessThanOrEqual(2);
      expect(warnings.join('\n')).toMatch(/goes on uncached/);
    });

    it('a client to a closed port: calls succeed, and no lookup waits longer than timeoutMs', async () => {
      const client = await lib.deadClient(await closedPort());
      const cache = new RedisServerCache({ client }, { keyPrefix: prefix() });
      const model = counting();
      const agent = cachedAgent(model, cache, { timeoutMs: 100 });
      const started = Date.now();
      expect((await agent.generate('hello')).text).toBe('answer 1');
      expect((await agent.generate('hello')).text).toBe('answer 2');
      expect(Date.now() - started).toBeLessThan(1500);
      // node-redis: never connected, nothing to close; ioredis: stop its (disabled) reconnects.
      if (lib.name === 'ioredis') (client as Redis).disconnect();
    });
  });
}

suite('RedisServerCache with a hanging client', () => {
  it('ioredis queueing commands for a dead server forever: each call is bounded by timeoutMs', async () => {
    const port = await closedPort();
    const client = new Redis(port, '127.0.0.1', {
      lazyConnect: true,
      retryStrategy: () => 50,
      maxRetriesPerRequest: null,
    });
    client.on('error', () => {});
    client.connect().catch(() => {});
    const warnings: string[] = [];
    const cache = new RedisServerCache({ client }, { keyPrefix: prefix() });
    const agent = cachedAgent(counting(), cache, {
      timeoutMs: 60,
      logger: { warn: (m) => warnings.push(m) },
    });
    const started = Date.now();
    for (let i = 0; i < 3; i++) await agent.generate('hello');
    const perCall = (Date.now() - started) / 3;
    expect(perCall).toBeGreaterThanOrEqual(100);
    expect(perCall).toBeLessThan(600);
    expect(warnings).toEqual([
      expect.stringMatching(/did not answer a read within 60 ms/),
      expect.stringMatching(/write/),
    ]);
    client.disconnect();
  });
});

suite('RedisServerCache options', () => {
  it('RedisCache is the same class; a bad client or option is a CACHE_INVALID_OPTIONS error', () => {
    expect(RedisCache).toBe(RedisServerCache);
    expect(() => new RedisServerCache({ client: 42 as never })).toThrow(
      /"client" must be a connected Redis client/,
    );
    expect(() => new RedisServerCache({} as never)).toThrow(
      expect.objectContaining({ code: 'CACHE_INVALID_OPTIONS' }),
    );
    const fake = { get: async () => null };
    expect(() => new RedisServerCache({ client: fake }, { ttlSeconds: -1 })).toThrow(/"ttlSeconds"/);
  });

  it('{ url } connects with the redis package on first use', async () => {
    const cache = new RedisServerCache({ url: REDIS_URL }, { keyPrefix: prefix() });
    await cache.set('k', { ok: true });
    expect(await cache.get('k')).toEqual({ ok: true });
    await cache.clear();
    await cache.close();
    await expect(cache.get('k')).rejects.toThrow();
  });
});
