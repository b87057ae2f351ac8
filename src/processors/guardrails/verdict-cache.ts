import { createHash } from 'node:crypto';
import { describeValue } from '../../errors/describe-value.js';

/** Options of {@link VerdictCache}. */
export interface VerdictCacheOptions {
  /** Most verdicts kept; the least recently used goes first. Default 2000. */
  maxEntries?: number;
  /**
   * The checking configuration (thresholds, categories, mode, instructions…): part of every key,
   * so a verdict is only reused by a check that would decide the same way.
   */
  fingerprint?: string;
}

/**
 * A bounded LRU of guardrail verdicts keyed by a SHA-256 of the checked text plus the config
 * fingerprint. One per processor instance, living as long as it: unchanged history is never
 * re-checked across steps or turns (and never re-sent to a helper model), while memory stays
 * bounded and the texts themselves are not kept.
 */
export class VerdictCache<V> {
  readonly #map = new Map<string, V>();
  readonly #max: number;
  readonly #fingerprint: string;
  #hits = 0;
  #misses = 0;

  constructor(options: VerdictCacheOptions = {}) {
    const max = options.maxEntries ?? 2000;
    if (!Number.isInteger(max) || max < 1) {
      throw new RangeError(
        `VerdictCache: maxEntries must be a positive integer (got ${describeValue(max)}).`,
      );
    }
    this.#max = max;
    this.#fingerprint = options.fingerprint ?? '';
  }

  /** The cached verdict for `text`, or `undefined` (also counts a hit or a miss). */
  get(text: string): V | undefined {
    const key = this.#key(text);
    const value = this.#map.get(key);
    if (value === undefined) {
      this.#misses++;
      return undefined;
    }
    this.#hits++;
    // Refresh recency: Map iteration order is insertion order.
    this.#map.delete(key);
    this.#map.set(key, value);
    return value;
  }

  /** Remember `verdict` for `text`, evicting the least recently used entry when full. */
  set(text: string, verdict: V): void {
    const key = this.#key(text);
    this.#map.delete(key);
    this.#map.set(key, verdict);
    if (this.#map.size > this.#max) {
      const oldest = this.#map.keys().next().value as string;
      this.#map.delete(oldest);
    }
  }

  /**
   * The cached verdict, or the one `compute` returns (then cached). A rejected `compute` caches
   * nothing, so a failed check is tried again next time.
   */
  async getOrCompute(text: string, compute: () => V | Promise<V>): Promise<V> {
    const cached = this.get(text);
    if (cached !== undefined) return cached;
    const verdict = await compute();
    this.set(text, verdict);
    return verdict;
  }

  /** Verdicts held. */
  get size(): number {
    return this.#map.size;
  }

  /** Lookups answered from the cache / not, since construction. */
  get stats(): { hits: number; misses: number } {
    return { hits: this.#hits, misses: this.#misses };
  }

  /** Forget every verdict. */
  clear(): void {
    this.#map.clear();
  }

  #key(text: string): string {
    return createHash('sha256').update(this.#fingerprint).update('\u0000').update(text).digest('base64');
  }
}

/**
 * A stable fingerprint of a guardrail's deciding options for {@link VerdictCacheOptions}:
 * JSON with sorted keys; functions, models and RegExps are written by name / source.
 */
export function configFingerprint(config: Record<string, unknown>): string {
  return JSON.stringify(config, (_key, value: unknown) => {
    if (value instanceof RegExp) return `/${value.source}/${value.flags}`;
    if (typeof value === 'function') return `fn:${(value as { name?: string }).name ?? ''}`;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        const model = value as { provider?: unknown; modelId?: unknown };
        return typeof model.modelId === 'string'
          ? `model:${String(model.provider)}/${model.modelId}`
          : 'object';
      }
      const sorted: Record<string, unknown> = {};
      for (const k of Object.keys(value).sort()) sorted[k] = (value as Record<string, unknown>)[k];
      return sorted;
    }
    return value;
  });
}
