/**
 * How `RedisServerCache` speaks to a client library. The client libraries are optional peer
 * dependencies: nothing here imports them, each preset only calls methods on the client object
 * the user passes in (structural typing).
 */

/** Any connected Redis client object (node-redis 5, ioredis 5, Upstash, …). */
export type RedisClientLike = object;

/** The commands `RedisServerCache` needs, each given the client; a preset implements them for one library. */
export interface RedisServerCachePreset {
  /** Name used in warnings and errors (`'ioredis'`, `'node-redis'`, `'upstash'`). */
  readonly name: string;
  get(client: RedisClientLike, key: string): Promise<unknown>;
  /** `SET key value` with `EX seconds`; `seconds` 0 = no expiry. */
  setWithExpiry(client: RedisClientLike, key: string, value: string, seconds: number): Promise<unknown>;
  /** `SET key value NX PX ms`: true when set. */
  setIfAbsent(client: RedisClientLike, key: string, value: string, ms: number): Promise<boolean>;
  del(client: RedisClientLike, keys: string[]): Promise<unknown>;
  rpush(client: RedisClientLike, key: string, value: string): Promise<unknown>;
  llen(client: RedisClientLike, key: string): Promise<number>;
  lrange(client: RedisClientLike, key: string, from: number, to: number): Promise<unknown[]>;
  incr(client: RedisClientLike, key: string): Promise<number>;
  /** `EVAL script numkeys keys... args...`. */
  evalScript(client: RedisClientLike, script: string, keys: string[], args: string[]): Promise<unknown>;
  /** One `SCAN cursor MATCH pattern COUNT count` round: the next cursor (`'0'` when done) and the keys. */
  scanKeys(
    client: RedisClientLike,
    cursor: string,
    pattern: string,
    count: number,
  ): Promise<[string, string[]]>;
}

type Fn = (...args: unknown[]) => Promise<unknown>;
/** Call `client[method](...args)`, with a clear error when the client has no such method. */
function call(client: RedisClientLike, preset: string, method: string, ...args: unknown[]): Promise<unknown> {
  const fn = (client as Record<string, unknown>)[method];
  if (typeof fn !== 'function') {
    return Promise.reject(
      new TypeError(
        `RedisServerCache (${preset} preset): the client has no "${method}" method. Pass a connected client of that library, or choose the matching preset (nodeRedisPreset, upstashPreset; ioredis is the default).`,
      ),
    );
  }
  return (fn as Fn).apply(client, args);
}

/** ioredis 5 (and clients with its positional arguments): `set(k, v, 'EX', s)`, `eval(script, n, ...)`. */
export const ioredisPreset: RedisServerCachePreset = {
  name: 'ioredis',
  get: (c, k) => call(c, 'ioredis', 'get', k),
  setWithExpiry: (c, k, v, s) =>
    s > 0 ? call(c, 'ioredis', 'set', k, v, 'EX', s) : call(c, 'ioredis', 'set', k, v),
  setIfAbsent: async (c, k, v, ms) => (await call(c, 'ioredis', 'set', k, v, 'PX', ms, 'NX')) === 'OK',
  del: (c, keys) => call(c, 'ioredis', 'del', ...keys),
  rpush: (c, k, v) => call(c, 'ioredis', 'rpush', k, v),
  llen: async (c, k) => Number(await call(c, 'ioredis', 'llen', k)),
  lrange: async (c, k, a, b) => (await call(c, 'ioredis', 'lrange', k, a, b)) as unknown[],
  incr: async (c, k) => Number(await call(c, 'ioredis', 'incr', k)),
  evalScript: (c, script, keys, args) => call(c, 'ioredis', 'eval', script, keys.length, ...keys, ...args),
  scanKeys: async (c, cursor, pattern, count) => {
    const [next, keys] = (await call(c, 'ioredis', 'scan', cursor, 'MATCH', pattern, 'COUNT', count)) as [
      string,
      string[],
    ];
    return [String(next), keys];
  },
};

/** node-redis 5 (`redis` package): option objects, camelCase list commands, `eval(script, { keys, arguments })`. */
export const nodeRedisPreset: RedisServerCachePreset = {
  name: 'node-redis',
  get: (c, k) => call(c, 'node-redis', 'get', k),
  setWithExpiry: (c, k, v, s) =>
    s > 0
      ? call(c, 'node-redis', 'set', k, v, { expiration: { type: 'EX', value: s } })
      : call(c, 'node-redis', 'set', k, v),
  setIfAbsent: async (c, k, v, ms) =>
    (await call(c, 'node-redis', 'set', k, v, { expiration: { type: 'PX', value: ms }, condition: 'NX' })) ===
    'OK',
  del: (c, keys) => call(c, 'node-redis', 'del', keys),
  rpush: (c, k, v) => call(c, 'node-redis', 'rPush', k, v),
  llen: async (c, k) => Number(await call(c, 'node-redis', 'lLen', k)),
  lrange: async (c, k, a, b) => (await call(c, 'node-redis', 'lRange', k, a, b)) as unknown[],
  incr: async (c, k) => Number(await call(c, 'node-redis', 'incr', k)),
  evalScript: (c, script, keys, args) => call(c, 'node-redis', 'eval', script, { keys, arguments: args }),
  scanKeys: async (c, cursor, pattern, count) => {
    const reply = (await call(c, 'node-redis', 'scan', cursor, { MATCH: pattern, COUNT: count })) as {
      cursor: string | number;
      keys: string[];
    };
    return [String(reply.cursor), reply.keys];
  },
};

/**
 * Upstash (`@upstash/redis`, REST): lowercase commands with option objects (`{ ex }`, `{ nx, px }`),
 * `eval(script, keys, args)`, `scan(cursor, { match, count })`. Its automatic JSON
 * deserialisation is handled: values read back already parsed are revived the same way.
 */
export const upstashPreset: RedisServerCachePreset = {
  name: 'upstash',
  get: async (c, k) => asStoredJson(await call(c, 'upstash', 'get', k)),
  setWithExpiry: (c, k, v, s) =>
    s > 0 ? call(c, 'upstash', 'set', k, v, { ex: s }) : call(c, 'upstash', 'set', k, v),
  setIfAbsent: async (c, k, v, ms) => (await call(c, 'upstash', 'set', k, v, { nx: true, px: ms })) === 'OK',
  del: (c, keys) => call(c, 'upstash', 'del', ...keys),
  rpush: (c, k, v) => call(c, 'upstash', 'rpush', k, v),
  llen: async (c, k) => Number(await call(c, 'upstash', 'llen', k)),
  lrange: async (c, k, a, b) =>
    ((await call(c, 'upstash', 'lrange', k, a, b)) as unknown[]).map(asStoredJson),
  incr: async (c, k) => Number(await call(c, 'upstash', 'incr', k)),
  evalScript: (c, script, keys, args) => call(c, 'upstash', 'eval', script, keys, args),
  scanKeys: async (c, cursor, pattern, count) => {
    const [next, keys] = (await call(c, 'upstash', 'scan', cursor, { match: pattern, count })) as [
      string | number,
      string[],
    ];
    return [String(next), keys];
  },
};

/**
 * The preset for a client object, detected from its shape: node-redis 5 has camelCase list
 * commands (`rPush`, `lRange`); anything else is treated like ioredis. Upstash cannot be told
 * apart reliably — pass `upstashPreset` for it.
 */
export function detectPreset(client: RedisClientLike): RedisServerCachePreset {
  const c = client as Record<string, unknown>;
  if (typeof c.rPush === 'function' && typeof c.lRange === 'function') return nodeRedisPreset;
  return ioredisPreset;
}

/**
 * What Upstash returned, as the JSON text that was stored. With its automatic deserialisation
 * (the default) a stored JSON string such as `"hello"` comes back as the bare `hello`, which is
 * not JSON: it is turned back into its JSON text. Objects and numbers pass as they are (they are
 * revived as parsed values); raw JSON text (deserialisation off) passes unchanged.
 */
function asStoredJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    JSON.parse(value);
    return value;
  } catch {
    return JSON.stringify(value);
  }
}
