import type { MastraServerCache } from '../../cache/server-cache.js';
import { describeError } from '../../errors/error-chain.js';
import { TIMED_OUT, withinMs } from '../../util/within-ms.js';

/** Where cache warnings go. Default: `console`. */
export interface ResponseCacheLogger {
  warn(message: string): void;
}

/** The ways a backend call can fail; each is reported once per `ResponseCache`. */
export type CacheFailureKind =
  | 'read-error'
  | 'read-timeout'
  | 'write-error'
  | 'write-timeout'
  | 'lock-error'
  | 'lock-timeout'
  /** A step nested too deep to derive a key from (`DATA_TOO_DEEP`); it is not cached. */
  | 'key-too-deep';

/**
 * Backend calls that can never fail or stall a model call: each is bounded by `timeoutMs`, and
 * a failure or timeout makes the call go on uncached. The first failure of each kind is logged;
 * later ones are not (a Redis outage must not write one line per request).
 */
export class FailOpen {
  readonly #warned = new Set<CacheFailureKind>();
  readonly #timeoutMs: number;
  readonly #logger: ResponseCacheLogger;

  constructor(timeoutMs: number, logger: ResponseCacheLogger) {
    this.#timeoutMs = timeoutMs;
    this.#logger = logger;
  }

  /** `cache.get(key)`, or `undefined` when it failed or took longer than `timeoutMs`. */
  get(cache: MastraServerCache, key: string): Promise<unknown> {
    return this.run(() => cache.get(key), 'read', cache);
  }

  /** `cache.set(...)`; resolves `false` when it failed or timed out. */
  async set(cache: MastraServerCache, key: string, value: unknown, ttlMs: number): Promise<boolean> {
    const done = await this.run(
      async () => {
        await cache.set(key, value, ttlMs);
        return true;
      },
      'write',
      cache,
    );
    return done === true;
  }

  /** `op()` bounded by `timeoutMs`; `undefined` (and a once-per-kind warning) on failure. */
  async run<T>(
    op: () => Promise<T>,
    what: 'read' | 'write' | 'lock',
    cache: MastraServerCache,
  ): Promise<T | undefined> {
    try {
      // A slow backend must not keep the process alive, nor fail later as an unhandled rejection.
      const result = await withinMs(Promise.resolve().then(op), this.#timeoutMs);
      if (result === TIMED_OUT) {
        this.#warn(
          `${what}-timeout`,
          `ResponseCache: cache "${cache.name}" did not answer a ${what} within ${this.#timeoutMs} ms; the call goes on uncached. Check the backend, or raise the "timeoutMs" option. (Logged once.)`,
        );
        return undefined;
      }
      return result;
    } catch (error) {
      this.#warn(
        `${what}-error`,
        `ResponseCache: cache "${cache.name}" failed a ${what} (${describeError(error)}); the call goes on uncached. (Logged once per kind of failure.)`,
      );
      return undefined;
    }
  }

  /** Logs `message` the first time a failure of `kind` happens. */
  warnOnce(kind: CacheFailureKind, message: string): void {
    this.#warn(kind, message);
  }

  #warn(kind: CacheFailureKind, message: string): void {
    if (this.#warned.has(kind)) return;
    this.#warned.add(kind);
    try {
      this.#logger.warn(message);
    } catch {
      // A broken logger must not fail the call either.
    }
  }
}
