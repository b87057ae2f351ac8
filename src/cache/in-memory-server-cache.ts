import { ConfigurationError } from '../errors/configuration-error.js';
import { SluiceError } from '../errors/sluice-error.js';
import { describeOptionValue } from '../processors/option-errors.js';
import { listRange, MastraServerCache } from './server-cache.js';

/** Options of {@link InMemoryServerCache}. */
export interface InMemoryServerCacheOptions {
  /** Most keys kept; the least recently used key goes first. Default `1000`. */
  maxSize?: number;
  /** Default time to live of an entry in milliseconds; `0` = no expiry. Default `300000` (5 min). */
  ttlMs?: number;
}

interface Entry {
  value: unknown;
  /** Epoch ms after which the entry is gone; `0` = never. */
  expiresAt: number;
}

const LIST = Symbol('list');
const COUNTER = Symbol('counter');
type Tagged = { [LIST]: unknown[] } | { [COUNTER]: number };

/**
 * A process-local LRU cache with per-entry TTL, for development and single-server use.
 * `get` and `set` are O(1): a `Map` keeps keys in recency order (a hit moves its key to the end),
 * so the least recently used key is always the first one. Expired entries are dropped when
 * read, and count towards `maxSize` until then or until evicted.
 *
 * The TTL applies to `set()` values; lists and counters do not expire (as in `RedisServerCache`)
 * but count towards `maxSize` like any key.
 *
 * Values are kept by reference (not copied): do not mutate an object after storing it.
 * Not shared between processes — use `RedisServerCache` from `sluice/redis` for that.
 */
export class InMemoryServerCache extends MastraServerCache {
  readonly #entries = new Map<string, Entry>();
  readonly #maxSize: number;
  readonly #ttlMs: number;

  constructor(options: InMemoryServerCacheOptions = {}) {
    super({ name: 'in-memory' });
    const { maxSize = 1000, ttlMs = 300_000 } = options ?? {};
    if (typeof maxSize !== 'number' || !Number.isInteger(maxSize) || maxSize < 1) {
      throw invalid(
        'maxSize',
        `"maxSize" must be a whole number of entries, at least 1 (got ${describeOptionValue(maxSize)}).`,
      );
    }
    if (typeof ttlMs !== 'number' || !Number.isFinite(ttlMs) || ttlMs < 0) {
      throw invalid(
        'ttlMs',
        `"ttlMs" must be a number of milliseconds, 0 for no expiry (got ${describeOptionValue(ttlMs)}).`,
      );
    }
    this.#maxSize = maxSize;
    this.#ttlMs = ttlMs;
  }

  /** Keys currently held (including expired ones not yet read). */
  get size(): number {
    return this.#entries.size;
  }

  async get(key: string): Promise<unknown> {
    const entry = this.#live(key);
    if (entry === undefined) return undefined;
    const value = entry.value;
    if (typeof value === 'object' && value !== null && (LIST in value || COUNTER in value)) {
      return LIST in value
        ? [...(value as { [LIST]: unknown[] })[LIST]]
        : (value as { [COUNTER]: number })[COUNTER];
    }
    return value;
  }

  async set(key: string, value: unknown, ttlMs?: number): Promise<void> {
    const ttl = ttlMs === undefined || !Number.isFinite(ttlMs) || ttlMs < 0 ? this.#ttlMs : ttlMs;
    this.#put(key, value, ttl);
  }

  async listLength(key: string): Promise<number> {
    return this.#list(key, false)?.length ?? 0;
  }

  async listPush(key: string, value: unknown): Promise<void> {
    (this.#list(key, true) as unknown[]).push(value);
  }

  async listFromTo(key: string, from: number, to = -1): Promise<unknown[]> {
    const list = this.#list(key, false);
    if (!list) return [];
    const [start, end] = listRange(list.length, from, to);
    return list.slice(start, end);
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  async clear(): Promise<void> {
    this.#entries.clear();
  }

  async increment(key: string): Promise<number> {
    const entry = this.#live(key);
    if (entry === undefined) {
      this.#put(key, { [COUNTER]: 1 } satisfies Tagged, 0);
      return 1;
    }
    const tagged = entry.value as { [COUNTER]?: number };
    if (typeof tagged !== 'object' || tagged === null || typeof tagged[COUNTER] !== 'number') {
      throw wrongType(key, 'a counter');
    }
    tagged[COUNTER] += 1;
    return tagged[COUNTER];
  }

  /** Atomic here: nothing else runs between the increment and the push (one JS turn). */
  override async listPushIndexed(
    listKey: string,
    counterKey: string,
    value: Record<string, unknown>,
  ): Promise<number> {
    const index = (await this.increment(counterKey)) - 1;
    (this.#list(listKey, true) as unknown[]).push({ ...value, index });
    return index;
  }

  /** The entry at `key` when present and not expired; refreshes its recency. */
  #live(key: string): Entry | undefined {
    const entries = this.#entries;
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    entries.delete(key);
    if (entry.expiresAt !== 0 && entry.expiresAt <= Date.now()) return undefined;
    entries.set(key, entry);
    return entry;
  }

  #put(key: string, value: unknown, ttlMs: number): void {
    const entries = this.#entries;
    entries.delete(key);
    entries.set(key, { value, expiresAt: ttlMs === 0 ? 0 : Date.now() + ttlMs });
    if (entries.size > this.#maxSize) {
      // The first key is the least recently used one.
      const oldest = entries.keys().next().value as string;
      entries.delete(oldest);
    }
  }

  #list(key: string, create: boolean): unknown[] | undefined {
    const entry = this.#live(key);
    if (entry === undefined) {
      if (!create) return undefined;
      const list: unknown[] = [];
      this.#put(key, { [LIST]: list } satisfies Tagged, 0);
      return list;
    }
    const tagged = entry.value as { [LIST]?: unknown[] };
    if (typeof tagged !== 'object' || tagged === null || !Array.isArray(tagged[LIST]))
      throw wrongType(key, 'a list');
    return tagged[LIST];
  }
}

function invalid(option: string, message: string): ConfigurationError {
  return new ConfigurationError('CACHE_INVALID_OPTIONS', `InMemoryServerCache: ${message}`, {
    details: { cache: 'InMemoryServerCache', option },
  });
}

function wrongType(key: string, expected: string): SluiceError {
  return new SluiceError(
    'CACHE_WRONG_TYPE',
    `InMemoryServerCache: key "${key}" holds a plain value, not ${expected}. Use another key for list/counter operations, or delete() it first.`,
    { details: { key } },
  );
}
