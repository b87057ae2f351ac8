/** Counts reported by `ToolSearchProcessor.getStateStats()`. */
export interface ToolSearchStateStats {
  /** Threads with loaded tools held in memory. */
  threadCount: number;
  /** Loaded tools across those threads. */
  totalLoadedTools: number;
}

interface ThreadEntry {
  tools: Set<string>;
  touchedAt: number;
}

/** Longest pause between two sweeps of expired threads, whatever the ttl. */
const MAX_SWEEP_INTERVAL_MS = 60_000;

/**
 * Loaded tool names per thread, in process memory. A thread untouched (read or written) for
 * longer than `ttl` ms is forgotten; `ttl` 0 keeps threads until cleared. There is no timer:
 * expired threads are swept lazily, at most once per `min(ttl, 60 s)`, when the store is used,
 * and an expired thread reads as empty even before the sweep — so the store never keeps a
 * process alive.
 */
export class LoadedToolsStore {
  readonly #threads = new Map<string, ThreadEntry>();
  readonly #ttl: number;
  #nextSweep = 0;

  constructor(ttl: number) {
    this.#ttl = ttl;
  }

  /** The tools loaded on `threadId` (refreshes its ttl). */
  get(threadId: string): ReadonlySet<string> {
    return this.#entry(threadId, false)?.tools ?? new Set();
  }

  /** Load `names` on `threadId`; returns the names that were not loaded yet. */
  add(threadId: string, names: Iterable<string>): string[] {
    const entry = this.#entry(threadId, true)!;
    const added: string[] = [];
    for (const name of names) {
      if (entry.tools.has(name)) continue;
      entry.tools.add(name);
      added.push(name);
    }
    return added;
  }

  /** Forget one thread. */
  clear(threadId: string): void {
    this.#threads.delete(threadId);
  }

  /** Forget every thread. */
  clearAll(): void {
    this.#threads.clear();
  }

  stats(): ToolSearchStateStats {
    this.#maybeSweep(Date.now());
    let totalLoadedTools = 0;
    for (const entry of this.#threads.values()) totalLoadedTools += entry.tools.size;
    return { threadCount: this.#threads.size, totalLoadedTools };
  }

  /** Drop every expired thread now; returns how many were dropped. */
  sweep(now = Date.now()): number {
    if (this.#ttl <= 0) return 0;
    let removed = 0;
    for (const [threadId, entry] of this.#threads) {
      if (now - entry.touchedAt > this.#ttl) {
        this.#threads.delete(threadId);
        removed++;
      }
    }
    this.#nextSweep = now + Math.min(this.#ttl, MAX_SWEEP_INTERVAL_MS);
    return removed;
  }

  #maybeSweep(now: number): void {
    if (this.#ttl > 0 && now >= this.#nextSweep) this.sweep(now);
  }

  #entry(threadId: string, create: boolean): ThreadEntry | undefined {
    const now = Date.now();
    this.#maybeSweep(now);
    let entry = this.#threads.get(threadId);
    if (entry && this.#ttl > 0 && now - entry.touchedAt > this.#ttl) {
      this.#threads.delete(threadId);
      entry = undefined;
    }
    if (!entry && create) {
      entry = { tools: new Set(), touchedAt: now };
      this.#threads.set(threadId, entry);
    }
    if (entry) entry.touchedAt = now;
    return entry;
  }
}
