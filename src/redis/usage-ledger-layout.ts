/**
 * How {@link RedisUsageLedger} lays usage out: the bucket sizes and how long each is kept, which
 * buckets cover a window, and the field/increment pairs a record or hold adds to a bucket.
 */
import { emptySums, type Sums, toTotals } from '../cost/ledger-support.js';
import { toNanoUsd } from '../cost/scope.js';
import type { UsageHold, UsageRecord, UsageTotals } from '../cost/types.js';

/** One minute, the finest bucket (ms). */
export const MINUTE = 60_000;
const HOUR = 3_600_000;
/** One day, the coarsest bucket (ms). */
export const DAY = 86_400_000;

/** One bucket size of the layout. */
export interface Resolution {
  tag: 'm' | 'h' | 'd';
  size: number;
  /** How long after a bucket ends it is kept: the longest window whose far edge uses it. */
  retention: number;
}

/** Finest first. */
export const RESOLUTIONS: readonly Resolution[] = [
  { tag: 'm', size: MINUTE, retention: DAY },
  { tag: 'h', size: HOUR, retention: 30 * DAY },
  { tag: 'd', size: DAY, retention: 365 * DAY },
];

/** The idempotency marker of a record id lives as long as the longest retention. */
export const SEEN_TTL_MS = 365 * DAY + DAY;

/**
 * The bucket number of `atMs` in each resolution (finest first). Bucket k holds
 * (k·size, (k+1)·size]: left-open like the windows.
 */
export function bucketIndexes(atMs: number): number[] {
  const index: number[] = [];
  for (const r of RESOLUTIONS) index.push(Math.floor((atMs - 1) / r.size));
  return index;
}

/**
 * The buckets covering `(lo, hi]` (both multiples of a minute; `lo` a multiple of the far-edge
 * resolution; bucket `index` of a resolution covers `(index·size, (index+1)·size]`): greedy, the
 * coarsest aligned bucket that fits first, so the middle is read in days or hours and only the
 * edges in finer buckets.
 */
export function coveringBuckets(lo: number, hi: number): Array<{ tag: 'm' | 'h' | 'd'; index: number }> {
  const out: Array<{ tag: 'm' | 'h' | 'd'; index: number }> = [];
  let cur = lo;
  while (cur < hi) {
    let picked: Resolution = RESOLUTIONS[0] as Resolution;
    for (let k = RESOLUTIONS.length - 1; k >= 0; k--) {
      const r = RESOLUTIONS[k] as Resolution;
      if (cur % r.size === 0 && cur + r.size <= hi) {
        picked = r;
        break;
      }
    }
    out.push({ tag: picked.tag, index: Math.floor(cur / picked.size) });
    cur += picked.size;
  }
  return out;
}

/** The far-edge bucket size of a window: the finest resolution still kept for that long. */
export function farEdgeSize(windowMs: number): number {
  for (const r of RESOLUTIONS) if (windowMs <= r.retention) return r.size;
  return DAY;
}

/** The six total fields, in the order the scripts reply with them. */
const TOTAL_FIELDS = ['c', 'i', 'o', 'ci', 'r', 'n'] as const;

/** Breakdown sums field → key in {@link Sums}. */
const FIELD_SUM: Readonly<Record<string, keyof Sums>> = {
  c: 'costNanos',
  i: 'inputTokens',
  o: 'outputTokens',
  ci: 'cachedInputTokens',
  r: 'reasoningTokens',
  n: 'calls',
};

/** Six totals (from `offset` in a script reply) as {@link UsageTotals}. */
export function totalsOf(reply: unknown, offset: number): UsageTotals {
  const list = reply as unknown[];
  const sums = emptySums();
  TOTAL_FIELDS.forEach((field, i) => {
    sums[FIELD_SUM[field] as keyof Sums] = Number(list[offset + i] ?? 0);
  });
  return toTotals(new Map([['', { provider: '', model: '', sums }]]), false);
}

/** A record's field/increment pairs (`b:<field>:["provider","model"]`: a bucket's totals are their sums), times `sign`. */
export function recordFields(record: UsageRecord, costNanos: number, sign: 1 | -1): string[] {
  const model = JSON.stringify([record.provider, record.model]);
  const fields: string[] = [];
  const add = (field: string, value: number) => {
    if (value === 0) return;
    fields.push(`b:${field}:${model}`, String(sign * value));
  };
  add('c', costNanos);
  add('i', record.inputTokens);
  add('o', record.outputTokens);
  add('ci', record.cachedInputTokens);
  add('r', record.reasoningTokens);
  add('n', 1);
  return fields;
}

/** A hold's field/increment pairs: its estimate counted as one call. */
export function holdFields(hold: UsageHold, sign: 1 | -1): string[] {
  return recordFields(
    { ...hold, kind: 'step', cachedInputTokens: 0, reasoningTokens: 0, priced: true },
    toNanoUsd(hold.estimatedCost),
    sign,
  );
}

/** A breakdown script's flat `[field, sum, …]` reply as {@link UsageTotals} per provider and model. */
export function breakdownOf(reply: unknown[]): UsageTotals {
  const groups = new Map<string, { provider: string; model: string; sums: Sums }>();
  for (let i = 0; i + 1 < reply.length; i += 2) {
    const name = String(reply[i]);
    if (!name.startsWith('b:')) continue;
    const colon = name.indexOf(':', 2);
    const sum = FIELD_SUM[name.slice(2, colon)];
    if (sum === undefined) continue;
    const id = name.slice(colon + 1);
    let group = groups.get(id);
    if (!group) {
      const [provider, model] = JSON.parse(id) as [string, string];
      group = { provider, model, sums: emptySums() };
      groups.set(id, group);
    }
    group.sums[sum] += Number(reply[i + 1]);
  }
  return toTotals(groups, true);
}
