/**
 * The in-memory usage ledger's index: each scope key's records in time order with prefix sums,
 * and the per-model breakdown of a range of them.
 */
import { fromNanoUsd } from './scope.js';
import type { UsageBreakdownEntry, UsageHold, UsageRecord } from './types.js';

/** A hold not settled yet. */
export interface OpenHold {
  readonly hold: UsageHold;
  readonly atMs: number;
  readonly nano: number;
  readonly expiresAt: number;
  /** The `scope\u0000key` index keys it counts under. */
  readonly keys: readonly string[];
}

/** A record as indexed: its time and cost in nano-dollars, and whether retention dropped it. */
export interface Stored {
  readonly record: UsageRecord;
  readonly atMs: number;
  readonly nano: number;
  removed: boolean;
}

/** Running sums of a key's records, oldest first (one entry per record). */
export interface Sums {
  nano: number;
  input: number;
  output: number;
  cached: number;
  reasoning: number;
}

/** No records. */
const ZERO: Sums = Object.freeze({ nano: 0, input: 0, output: 0, cached: 0, reasoning: 0 });

/**
 * One scope key's records in time order with prefix sums, so a window total is two binary
 * searches and a subtraction, whatever the number of records in the window. Records dropped by
 * retention are always a prefix (the oldest); `head` skips them and the arrays are cut once they
 * make up half, so dropping costs amortised O(1) and a key never holds more dropped records than
 * live ones.
 */
export class KeyIndex {
  items: Stored[] = [];
  /** `sums[i]`: `base` plus the records `items[0..i]`. */
  sums: Sums[] = [];
  /** The sums of records cut from the front. */
  base: Sums = ZERO;
  /** `items[0..head)` were dropped (retention or `maxRecords`). */
  head = 0;

  add(item: Stored): void {
    const items = this.items;
    const last = items[items.length - 1];
    if (last === undefined || last.atMs <= item.atMs) {
      items.push(item);
      this.sums.push(plus(this.sums[this.sums.length - 1] ?? this.base, item));
      return;
    }
    // A late record (out of time order): insert it among the live ones, recompute the sums after it.
    const at = upperBound(items, item.atMs, this.head);
    items.splice(at, 0, item);
    this.sums.splice(at, 0, ZERO);
    for (let i = at; i < items.length; i++) this.sums[i] = plus(this.before(i), items[i] as Stored);
  }

  /** Skips dropped records at the front (they are the oldest); true when none is left. */
  compact(): boolean {
    const items = this.items;
    let h = this.head;
    while (h < items.length && (items[h] as Stored).removed) h++;
    if (h > 0 && h * 2 >= items.length) {
      this.base = this.sums[h - 1] as Sums;
      this.items = items.slice(h);
      this.sums = this.sums.slice(h);
      h = 0;
    }
    this.head = h;
    return this.head >= this.items.length;
  }

  /** Sums before index `i`. */
  before(i: number): Sums {
    return i === 0 ? this.base : (this.sums[i - 1] as Sums);
  }
}

/** `sums` with `item` added. */
function plus(sums: Sums, item: Stored): Sums {
  const r = item.record;
  return {
    nano: sums.nano + item.nano,
    input: sums.input + r.inputTokens,
    output: sums.output + r.outputTokens,
    cached: sums.cached + r.cachedInputTokens,
    reasoning: sums.reasoning + r.reasoningTokens,
  };
}

/** First index in `list` (from `from`) whose time is after `ms`. */
export function upperBound(list: readonly Stored[], ms: number, from: number): number {
  let lo = from;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as Stored).atMs <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Per provider/model totals of `items[lo..hi)`, highest cost first. */
export function breakdownOf(
  items: readonly Stored[],
  lo: number,
  hi: number,
  held: readonly OpenHold[],
): UsageBreakdownEntry[] {
  const groups = new Map<string, UsageBreakdownEntry & { nano: number }>();
  const asStored = held.map(
    (open): Pick<Stored, 'record' | 'nano'> => ({
      nano: open.nano,
      record: { ...open.hold, kind: 'step', cachedInputTokens: 0, reasoningTokens: 0, priced: true },
    }),
  );
  const total = hi - lo + asStored.length;
  for (let n = 0; n < total; n++) {
    const stored = (lo + n < hi ? items[lo + n] : asStored[n - (hi - lo)]) as Pick<Stored, 'record' | 'nano'>;
    const r = stored.record;
    const groupKey = `${r.provider}\u0000${r.model}`;
    let entry = groups.get(groupKey);
    if (entry === undefined) {
      entry = {
        provider: r.provider,
        model: r.model,
        estimatedCost: 0,
        inputTokens: 0,
        outputTokens: 0,
        cachedInputTokens: 0,
        reasoningTokens: 0,
        calls: 0,
        nano: 0,
      };
      groups.set(groupKey, entry);
    }
    entry.nano += stored.nano;
    entry.inputTokens += r.inputTokens;
    entry.outputTokens += r.outputTokens;
    entry.cachedInputTokens += r.cachedInputTokens;
    entry.reasoningTokens += r.reasoningTokens;
    entry.calls += 1;
  }
  const breakdown: UsageBreakdownEntry[] = [];
  for (const { nano, ...entry } of groups.values())
    breakdown.push({ ...entry, estimatedCost: fromNanoUsd(nano) });
  return breakdown.sort(byCostThenName);
}

/** Insert `item` in time order (after equal times), searching from `from`. */
export function insertSorted(list: Stored[], item: Stored, from: number): void {
  const last = list[list.length - 1];
  if (last === undefined || last.atMs <= item.atMs) {
    list.push(item);
    return;
  }
  list.splice(upperBound(list, item.atMs, from), 0, item);
}

/** Breakdown order: highest cost first, then provider/model by name (stable across ledgers). */
export function byCostThenName(a: UsageBreakdownEntry, b: UsageBreakdownEntry): number {
  if (a.estimatedCost !== b.estimatedCost) return b.estimatedCost - a.estimatedCost;
  if (a.provider !== b.provider) return a.provider < b.provider ? -1 : 1;
  return a.model < b.model ? -1 : a.model > b.model ? 1 : 0;
}
