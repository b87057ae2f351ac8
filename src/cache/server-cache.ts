/**
 * The contract every server-side cache backend implements. `ResponseCache` only calls `get` and
 * `set`; the list and counter methods serve other features (e.g. background-task logs) that
 * share one backend, so a custom backend implements them all.
 */
export abstract class MastraServerCache {
  /** A label for logs and warnings (`'in-memory'`, `'redis'`, …). */
  readonly name: string;

  constructor(opts: { name: string }) {
    this.name = opts.name;
  }

  /** The value stored under `key`, or `undefined` when there is none (or it expired). */
  abstract get(key: string): Promise<unknown>;

  /** Store `value` under `key`; `ttlMs` overrides the backend's default TTL for this entry (`0`: none). */
  abstract set(key: string, value: unknown, ttlMs?: number): Promise<void>;

  /** Number of items of the list at `key` (`0` when there is none). */
  abstract listLength(key: string): Promise<number>;

  /** Append `value` to the list at `key`, creating the list when needed. */
  abstract listPush(key: string, value: unknown): Promise<void>;

  /**
   * Items `from`..`to` of the list at `key`, both inclusive, Redis `LRANGE` style: negative
   * indexes count from the end, `to` defaults to `-1` (the last item).
   */
  abstract listFromTo(key: string, from: number, to?: number): Promise<unknown[]>;

  /** Remove `key` (a value, a list or a counter). Removing a missing key is not an error. */
  abstract delete(key: string): Promise<void>;

  /** Remove every key this cache owns (a Redis backend: only keys under its own prefix). */
  abstract clear(): Promise<void>;

  /** Atomically add one to the counter at `key` and return the new value; the first call returns 1. */
  abstract increment(key: string): Promise<number>;

  /**
   * Append `value` to the list at `listKey` with an `index` field: the 0-based position
   * allocated by incrementing `counterKey`. Returns that index. This default makes two calls
   * (`increment`, then `listPush`), so concurrent writers may append out of index order; backends
   * that can do both in one atomic step (Redis: one Lua script) override it.
   */
  async listPushIndexed(
    listKey: string,
    counterKey: string,
    value: Record<string, unknown>,
  ): Promise<number> {
    const index = (await this.increment(counterKey)) - 1;
    await this.listPush(listKey, { ...value, index });
    return index;
  }
}

/** Resolve `from`/`to` (inclusive, negatives from the end) against a list of `length` items. */
export function listRange(length: number, from: number, to = -1): [start: number, endExclusive: number] {
  const start = Math.max(0, from < 0 ? length + from : from);
  const end = Math.min(length - 1, to < 0 ? length + to : to);
  return end < start ? [0, 0] : [start, end + 1];
}

/**
 * Sluice extension: a backend that can hold short-lived locks shared by every server using it
 * (`RedisServerCache`: `SET NX PX`). `ResponseCache({ lock })` uses it so that one server calls
 * the provider for a key while the others wait for its entry.
 */
export interface ServerCacheLock {
  /** Take the lock on `key` for `ttlMs`; resolves with a token when taken, `undefined` when held elsewhere. */
  acquireLock(key: string, ttlMs: number): Promise<string | undefined>;
  /** Release the lock on `key` if it is still held with `token` (never someone else's). */
  releaseLock(key: string, token: string): Promise<void>;
}

/** True when `cache` implements {@link ServerCacheLock}. */
export function supportsLock(cache: MastraServerCache): cache is MastraServerCache & ServerCacheLock {
  const c = cache as Partial<ServerCacheLock>;
  return typeof c.acquireLock === 'function' && typeof c.releaseLock === 'function';
}
