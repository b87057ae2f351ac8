/** Resource (user) id set by trusted middleware; wins over client-supplied ids. */
export const MASTRA_RESOURCE_ID_KEY = 'mastra__resourceId';
/** Thread id set by trusted middleware. */
export const MASTRA_THREAD_ID_KEY = 'mastra__threadId';
/** Reserved: versions map. */
export const MASTRA_VERSIONS_KEY = 'mastra__versions';
/** Reserved: auth token. */
export const MASTRA_AUTH_TOKEN_KEY = 'mastra__authToken';
/** Reserved: inherited memory. */
export const MASTRA_INHERITED_MEMORY_KEY = 'mastra__inheritedMemory';
/** Per-call `ResponseCache` overrides (`{ key, scope, bust }`); set with `ResponseCache.context()`. */
export const RESPONSE_CACHE_CONTEXT_KEY = 'mastra__response_cache_context';
/** Reserved: message author. */
export const MASTRA_MESSAGE_AUTHOR_KEY = 'mastra__messageAuthor';

type Key<V> = V extends Record<string, unknown> ? keyof V & string : string;
// An untyped context reads as `any`, as documented (`requestContext.get('tokenLimit') ?? 4000`).
// biome-ignore lint/suspicious/noExplicitAny: untyped contexts are documented to read as any.
type Val<V, K> = V extends Record<string, unknown> ? (K extends keyof V ? V[K] : unknown) : any;

/**
 * Request-scoped values (tenant, user tier, limits) handed to every processor hook, tool and
 * dynamic option. A thin typed wrapper over a `Map`; `size()` is a method by contract.
 */
export class RequestContext<Values extends Record<string, unknown> | unknown = unknown> {
  readonly #map: Map<string, unknown>;

  constructor(iterable?: Iterable<readonly [string, unknown]>) {
    this.#map = new Map(iterable);
  }

  set<K extends Key<Values>>(key: K, value: Val<Values, K>): void {
    this.#map.set(key, value);
  }

  get<K extends Key<Values>>(key: K): Val<Values, K> {
    return this.#map.get(key) as Val<Values, K>;
  }

  has(key: Key<Values>): boolean {
    return this.#map.has(key);
  }

  delete(key: Key<Values>): boolean {
    return this.#map.delete(key);
  }

  clear(): void {
    this.#map.clear();
  }

  keys(): IterableIterator<string> {
    return this.#map.keys();
  }

  values(): IterableIterator<unknown> {
    return this.#map.values();
  }

  entries(): IterableIterator<[string, unknown]> {
    return this.#map.entries();
  }

  /** Number of entries (a method, as documented). */
  size(): number {
    return this.#map.size;
  }

  forEach(callback: (value: unknown, key: string, map: Map<string, unknown>) => void): void {
    this.#map.forEach(callback);
  }

  /** Untyped write, for keys outside `Values`. */
  setRaw(key: string, value: unknown): void {
    this.#map.set(key, value);
  }

  /** Untyped read, for keys outside `Values`. */
  getRaw(key: string): unknown {
    return this.#map.get(key);
  }

  hasRaw(key: string): boolean {
    return this.#map.has(key);
  }

  deleteRaw(key: string): boolean {
    return this.#map.delete(key);
  }

  /** A plain object of all values. */
  get all(): Record<string, unknown> {
    return Object.fromEntries(this.#map);
  }

  /** JSON form; values that cannot be serialised (functions, cycles, symbols) are skipped. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [key, value] of this.#map) {
      if (typeof value === 'function' || typeof value === 'symbol') continue;
      try {
        JSON.stringify(value);
        out[key] = value;
      } catch {
        // A value with cycles or BigInts cannot travel as JSON; leave it out rather than fail.
      }
    }
    return out;
  }
}
