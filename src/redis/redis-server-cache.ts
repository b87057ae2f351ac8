import { randomUUID } from 'node:crypto';
import { decodeValue, encodeValue } from '../cache/json.js';
import { MastraServerCache, type ServerCacheLock } from '../cache/server-cache.js';
import { ConfigurationError } from '../errors/configuration-error.js';
import { describeOptionValue } from '../processors/option-errors.js';
import { closedClientError } from './closed-client.js';
import {
  detectPreset,
  nodeRedisPreset,
  type RedisClientLike,
  type RedisServerCachePreset,
} from './presets.js';

/**
 * How to reach Redis: a connected client (node-redis 5, ioredis 5, Upstash), or a URL (the
 * `redis` package is loaded then; an undefined `url` means node-redis's default, localhost:6379).
 */
export type RedisServerCacheConfig = { client: RedisClientLike } | { url: string | undefined };

/** Options of {@link RedisServerCache}. */
export interface RedisServerCacheOptions {
  /** Prefix of every key this cache writes (and the only keys `clear()` removes). Default `'mastra:cache:'`. */
  keyPrefix?: string;
  /** Default TTL of `set()` values in seconds; `0` = none. Default `300`. */
  ttlSeconds?: number;
  /** The client library's dialect. Default: detected from the client (node-redis 5 or ioredis). */
  preset?: RedisServerCachePreset;
  /** Override how `SET` with expiry is sent (default: the preset's). */
  setWithExpiry?: RedisServerCachePreset['setWithExpiry'];
  /** Override how one `SCAN` round is sent (default: the preset's). */
  scanKeys?: RedisServerCachePreset['scanKeys'];
}

/** Appends `{ ...value, index }` with `index` = INCR(counter) - 1, in one atomic step. */
const PUSH_INDEXED = `
local index = redis.call('INCR', KEYS[2]) - 1
local body = ARGV[1]
local item
if body == '{}' then item = '{"index":' .. index .. '}'
else item = string.sub(body, 1, -2) .. ',"index":' .. index .. '}' end
redis.call('RPUSH', KEYS[1], item)
return index`;

/** Deletes the lock only when it still holds this owner's token. */
const RELEASE_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * A `MastraServerCache` in Redis, shared by every server that uses the same Redis and prefix:
 * what one server's `ResponseCache` writes, another's reads. Values are JSON (binary data kept,
 * see `encodeValue`); a `ttlMs` argument becomes `max(1, ceil(ttlMs / 1000))` seconds, `0` none.
 * Lists and counters do not expire. Also a {@link ServerCacheLock} (`SET NX PX`), which
 * `ResponseCache({ lock: true })` uses for cross-server single-flight.
 *
 * The client libraries are optional peer dependencies: pass your own connected client. With
 * `{ url }` the `redis` package is loaded and connected on first use.
 */
export class RedisServerCache extends MastraServerCache implements ServerCacheLock {
  readonly #prefix: string;
  readonly #ttlSeconds: number;
  readonly #preset: RedisServerCachePreset;
  #client: RedisClientLike | Promise<RedisClientLike>;
  /** Set for `{ url }`: this cache made the client, so `close()` may end it. */
  readonly #owned: boolean;

  constructor(config: RedisServerCacheConfig, options: RedisServerCacheOptions = {}) {
    super({ name: 'redis' });
    const { keyPrefix = 'mastra:cache:', ttlSeconds = 300, preset } = options ?? {};
    if (typeof keyPrefix !== 'string')
      throw invalid('keyPrefix', `"keyPrefix" must be a string (got ${describeOptionValue(keyPrefix)}).`);
    if (typeof ttlSeconds !== 'number' || !Number.isFinite(ttlSeconds) || ttlSeconds < 0) {
      throw invalid(
        'ttlSeconds',
        `"ttlSeconds" must be a number of seconds, 0 for no expiry (got ${describeOptionValue(ttlSeconds)}).`,
      );
    }
    const client = (config as { client?: unknown } | undefined)?.client;
    const url = (config as { url?: unknown } | undefined)?.url;
    if (client !== undefined) {
      if (
        typeof client !== 'object' ||
        client === null ||
        typeof (client as { get?: unknown }).get !== 'function'
      ) {
        throw invalid(
          'client',
          `"client" must be a connected Redis client (node-redis: createClient() then await client.connect(); or new Redis() from ioredis) (got ${describeOptionValue(client)}).`,
        );
      }
      this.#client = client;
      this.#owned = false;
    } else if (
      typeof config === 'object' &&
      config !== null &&
      'url' in config &&
      (url === undefined || typeof url === 'string')
    ) {
      const connecting = connectUrl(url);
      // A failed connection surfaces on the first command (the ResponseCache bypasses it).
      connecting.catch(() => {});
      this.#client = connecting;
      this.#owned = true;
    } else {
      throw invalid('client', 'pass { client } (a connected node-redis 5 / ioredis 5 client) or { url }.');
    }
    const base = preset ?? (client !== undefined ? detectPreset(client) : undefined);
    this.#preset = {
      // `{ url }` loads node-redis, so that is its dialect.
      ...(base ?? nodeRedisPreset),
      ...(options?.setWithExpiry ? { setWithExpiry: options.setWithExpiry } : {}),
      ...(options?.scanKeys ? { scanKeys: options.scanKeys } : {}),
    };
    this.#prefix = keyPrefix;
    this.#ttlSeconds = ttlSeconds;
  }

  /** The key prefix. */
  get keyPrefix(): string {
    return this.#prefix;
  }

  async get(key: string): Promise<unknown> {
    return decodeValue(await this.#preset.get(await this.#c(), this.#prefix + key));
  }

  async set(key: string, value: unknown, ttlMs?: number): Promise<void> {
    const seconds =
      ttlMs === undefined || !Number.isFinite(ttlMs) || ttlMs < 0
        ? this.#ttlSeconds
        : ttlMs === 0
          ? 0
          : Math.max(1, Math.ceil(ttlMs / 1000));
    await this.#preset.setWithExpiry(await this.#c(), this.#prefix + key, encodeValue(value), seconds);
  }

  async listLength(key: string): Promise<number> {
    return this.#preset.llen(await this.#c(), this.#prefix + key);
  }

  async listPush(key: string, value: unknown): Promise<void> {
    await this.#preset.rpush(await this.#c(), this.#prefix + key, encodeValue(value));
  }

  async listFromTo(key: string, from: number, to = -1): Promise<unknown[]> {
    const raw = await this.#preset.lrange(await this.#c(), this.#prefix + key, from, to);
    return raw.map(decodeValue);
  }

  async delete(key: string): Promise<void> {
    await this.#preset.del(await this.#c(), [this.#prefix + key]);
  }

  /** Removes every key under this cache's prefix (SCAN + DEL in batches); other keys are untouched. */
  async clear(): Promise<void> {
    const client = await this.#c();
    const pattern = `${escapeGlob(this.#prefix)}*`;
    let cursor = '0';
    do {
      const [next, keys] = await this.#preset.scanKeys(client, cursor, pattern, 200);
      if (keys.length > 0) await this.#preset.del(client, keys);
      cursor = next;
    } while (cursor !== '0');
  }

  async increment(key: string): Promise<number> {
    return this.#preset.incr(await this.#c(), this.#prefix + key);
  }

  /** Atomic: the index allocation and the push run as one Lua script. */
  override async listPushIndexed(
    listKey: string,
    counterKey: string,
    value: Record<string, unknown>,
  ): Promise<number> {
    const { index: _replaced, ...rest } = value;
    const reply = await this.#preset.evalScript(
      await this.#c(),
      PUSH_INDEXED,
      [this.#prefix + listKey, this.#prefix + counterKey],
      [encodeValue(rest)],
    );
    return Number(reply);
  }

  async acquireLock(key: string, ttlMs: number): Promise<string | undefined> {
    const token = randomUUID();
    const taken = await this.#preset.setIfAbsent(
      await this.#c(),
      this.#prefix + key,
      token,
      Math.max(1, Math.ceil(ttlMs)),
    );
    return taken ? token : undefined;
  }

  async releaseLock(key: string, token: string): Promise<void> {
    await this.#preset.evalScript(await this.#c(), RELEASE_LOCK, [this.#prefix + key], [token]);
  }

  /**
   * Close the connection this cache opened for `{ url }`. A client you passed in is yours to
   * close: this does nothing to it.
   */
  async close(): Promise<void> {
    if (!this.#owned) return;
    const client = (await this.#c()) as { close?: () => Promise<unknown>; quit?: () => Promise<unknown> };
    if (typeof client.close === 'function') await client.close();
    else await client.quit?.();
  }

  /** The client, once connected; a client closed for good fails fast with a `STORE_UNAVAILABLE` that says how to fix it. */
  async #c(): Promise<RedisClientLike> {
    let client = this.#client;
    if (client instanceof Promise) {
      client = await client;
      this.#client = client;
    }
    const closed = closedClientError(client, `RedisServerCache (prefix ${JSON.stringify(this.#prefix)})`, {
      cache: 'RedisServerCache',
    });
    if (closed) throw closed;
    return client;
  }
}

/**
 * Older name of {@link RedisServerCache} (seed 002, Mastra 1.71.0 JSDoc).
 * @alias
 */
export const RedisCache = RedisServerCache;
/** Older name of {@link RedisServerCache} (seed 002, Mastra 1.71.0 JSDoc). */
export type RedisCache = RedisServerCache;

/** `{ url }`: node-redis is an optional peer, loaded only here. */
async function connectUrl(url: string | undefined): Promise<RedisClientLike> {
  let mod: {
    createClient?: (o: { url?: string }) => RedisClientLike & {
      connect(): Promise<unknown>;
      on?: (event: string, listener: (error: unknown) => void) => unknown;
    };
  };
  try {
    mod = (await import('redis' as string)) as typeof mod;
  } catch (error) {
    throw new ConfigurationError(
      'CACHE_INVALID_OPTIONS',
      'RedisServerCache({ url }) needs the "redis" package (npm install redis), or pass your own connected client as { client }.',
      { details: { cache: 'RedisServerCache', option: 'url' }, cause: error },
    );
  }
  if (typeof mod.createClient !== 'function') {
    throw new ConfigurationError(
      'CACHE_INVALID_OPTIONS',
      'RedisServerCache({ url }): the installed "redis" package has no createClient().',
      {
        details: { cache: 'RedisServerCache', option: 'url' },
      },
    );
  }
  const client = mod.createClient(url === undefined ? {} : { url });
  // node-redis emits connection errors as events; unheard, they would crash the process.
  client.on?.('error', () => {});
  await client.connect();
  return client;
}

function escapeGlob(prefix: string): string {
  return prefix.replace(/[*?[\]\\]/g, '\\$&');
}

function invalid(option: string, message: string): ConfigurationError {
  return new ConfigurationError('CACHE_INVALID_OPTIONS', `RedisServerCache: ${message}`, {
    details: { cache: 'RedisServerCache', option },
  });
}
