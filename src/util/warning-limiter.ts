/**
 * Warnings about a failing backend, rate-limited per kind: the first at once, then at most one per
 * interval, the next saying how many were held back. An outage then writes a few lines, not one
 * per request (issue #30: `TokenCostControl` wrote 800–1,800 a process in 30 s when every request
 * built its own processors). {@link limiterFor} shares one limiter among every processor instance
 * of the process that uses the same backend object.
 */

/** Warnings at most once per `intervalMs` per kind; see the module comment. */
export class WarningLimiter {
  readonly #intervalMs: number;
  readonly #print: (message: string) => void;
  readonly #now: () => number;
  readonly #last = new Map<string, { at: number; suppressed: number }>();

  constructor(intervalMs: number, print: (message: string) => void, now: () => number = Date.now) {
    this.#intervalMs = intervalMs;
    this.#print = print;
    this.#now = now;
  }

  /** Print `message` unless a warning of `kind` was printed less than the interval ago. */
  warn(kind: string, message: string): void {
    const line = this.take(kind, message);
    if (line !== undefined) this.#print(line);
  }

  /**
   * The line to print for `message` now (with the count held back since the previous one), or
   * `undefined` when a warning of `kind` was printed less than the interval ago (counted).
   */
  take(kind: string, message: string): string | undefined {
    const now = this.#now();
    const last = this.#last.get(kind);
    if (last !== undefined && now - last.at < this.#intervalMs) {
      last.suppressed++;
      return undefined;
    }
    const held = last?.suppressed ?? 0;
    this.#last.set(kind, { at: now, suppressed: 0 });
    return held > 0
      ? `${message} (${held} similar warning${held === 1 ? '' : 's'} held back since the previous one)`
      : message;
  }
}

/** One limiter per backend object (a ledger, a cache), for as long as the object lives. */
const shared = new WeakMap<object, WarningLimiter>();

/**
 * The limiter every warning about `backend` goes through in this process, made on first use with
 * `intervalMs` and `now` (later callers share it as it is). `print` is where its `warn()` writes;
 * callers with their own logger use `take()`.
 */
export function limiterFor(
  backend: object,
  intervalMs: number,
  print: (message: string) => void,
  now: () => number = Date.now,
): WarningLimiter {
  let limiter = shared.get(backend);
  if (limiter === undefined) {
    limiter = new WarningLimiter(intervalMs, print, now);
    shared.set(backend, limiter);
  }
  return limiter;
}
