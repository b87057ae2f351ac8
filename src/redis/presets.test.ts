/**
 * The Upstash preset and the per-command overrides, against a recording stand-in client (no
 * Upstash server here): the calls must have the shapes `@upstash/redis` takes — lowercase
 * commands with option objects (`{ ex }`, `{ nx, px }`), `eval(script, keys, args)`,
 * `scan(cursor, { match, count })` — and values it already parsed must be revived.
 */
import { RedisServerCache, upstashPreset } from 'sluice/redis';
import { describe, expect, it } from 'vitest';

function recordingClient(replies: Record<string, unknown> = {}) {
  const calls: Array<[string, ...unknown[]]> = [];
  const method =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
      return replies[name];
    };
  const client = Object.fromEntries(
    ['get', 'set', 'del', 'rpush', 'llen', 'lrange', 'incr', 'eval', 'scan'].map((m) => [m, method(m)]),
  );
  return { client, calls };
}

describe('upstashPreset', () => {
  it('sends Upstash-shaped commands', async () => {
    const { client, calls } = recordingClient({
      set: 'OK',
      eval: 3,
      scan: ['0', ['p:a']],
      incr: 1,
      llen: 2,
      lrange: [],
    });
    const cache = new RedisServerCache({ client }, { preset: upstashPreset, keyPrefix: 'p:' });
    await cache.set('a', { x: 1 });
    await cache.set('b', 1, 0);
    expect(await cache.acquireLock('l', 1500)).toEqual(expect.any(String));
    expect(await cache.listPushIndexed('list', 'n', { y: 2 })).toBe(3);
    await cache.clear();
    expect(calls[0]).toEqual(['set', 'p:a', '{"x":1}', { ex: 300 }]);
    expect(calls[1]).toEqual(['set', 'p:b', '1']);
    expect(calls[2]).toEqual(['set', 'p:l', expect.any(String), { nx: true, px: 1500 }]);
    expect(calls[3]).toEqual(['eval', expect.stringContaining('INCR'), ['p:list', 'p:n'], ['{"y":2}']]);
    expect(calls[4]).toEqual(['scan', '0', { match: 'p:*', count: 200 }]);
    expect(calls[5]).toEqual(['del', 'p:a']);
  });

  it('revives values the client already deserialised (binary markers included)', async () => {
    const parsed = {
      bytes: { '$sluice:bytes': Buffer.from([1, 2, 3]).toString('base64'), '$sluice:kind': 'u8' },
    };
    const { client } = recordingClient({ get: parsed });
    const cache = new RedisServerCache({ client }, { preset: upstashPreset });
    expect(await cache.get('k')).toEqual({ bytes: new Uint8Array([1, 2, 3]) });
  });

  it('a stored string the client already deserialised comes back as that string, not a parse error', async () => {
    const { client } = recordingClient({ get: 'hello world', lrange: ['plain', { a: 1 }, '"raw json"'] });
    const cache = new RedisServerCache({ client }, { preset: upstashPreset });
    expect(await cache.get('k')).toBe('hello world');
    expect(await cache.listFromTo('l', 0)).toEqual(['plain', { a: 1 }, 'raw json']);
  });

  it('a client lacking a command fails with a message naming the preset and the method', async () => {
    const cache = new RedisServerCache({ client: { get: async () => null } }, { preset: upstashPreset });
    await expect(cache.listPush('k', 1)).rejects.toThrow(
      /upstash preset\): the client has no "rpush" method/,
    );
  });
});

describe('per-command overrides', () => {
  it('setWithExpiry and scanKeys replace the preset’s', async () => {
    const { client } = recordingClient();
    const seen: unknown[] = [];
    const cache = new RedisServerCache(
      { client },
      {
        keyPrefix: 'q:',
        setWithExpiry: async (_c, key, value, seconds) => {
          seen.push(['set', key, value, seconds]);
        },
        scanKeys: async (_c, cursor, pattern, count) => {
          seen.push(['scan', cursor, pattern, count]);
          return ['0', []];
        },
      },
    );
    await cache.set('k', 'v', 2500);
    await cache.clear();
    expect(seen).toEqual([
      ['set', 'q:k', '"v"', 3],
      ['scan', '0', 'q:*', 200],
    ]);
  });
});
