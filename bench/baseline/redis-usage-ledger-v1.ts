/**
 * `RedisUsageLedger`: the usage ledger for many servers. Every server that uses the same Redis and
 * key prefix sees the same totals, so one user's budget holds across all of them.
 *
 * Layout: time-bucketed integer counters, one Redis hash per (scope, scope key, resolution,
 * bucket): `<prefix><scope>:<scopeKey>:<m|h|d>:<k>`, bucket `k` holding the records with
 * `k·size < at <= (k+1)·size` (left-open like the windows), with fields `c` (cost in integer
 * nano-dollars), `i`, `o`, `ci`, `r` (input / output / cached input / reasoning tokens), `n`
 * (calls) and, for the breakdown, `b:<field>:["provider","model"]`. Three resolutions:
 *
 * | resolution | bucket | kept for (expiry after the bucket ends) | far edge of the windows |
 * |---|---|---|---|
 * | `m` | 1 minute | 24 h | `1h`, `6h`, `24h` |
 * | `h` | 1 hour | 30 d | `7d`, `30d` |
 * | `d` | 1 day (UTC) | 365 d | `365d` |
 *
 * `record()` is ONE Lua script: it checks that no bucket key holds a foreign type (so a record is
 * counted everywhere or nowhere), `SET <prefix>seen:<id> NX PX <365 d + 1 d>` (idempotency by record
 * id), then `HINCRBY` of each field of the bucket of every resolution for every scope key the
 * record has, and `PEXPIRE` of each bucket to its end + the resolution's retention. `totals()` is
 * ONE Lua call that reads the fewest buckets covering the window (coarse buckets in the middle,
 * fine ones at the edges; at most ~150 hashes for `24h`, ~450 for `365d`) and returns the sums.
 *
 * Precision: a total never undercounts. At the far edge the whole bucket holding the window's
 * start is read, so it may overcount by what was spent in that bucket just before the window
 * (≤ 1 minute for windows up to `24h`, ≤ 1 hour for `7d` / `30d`, ≤ 1 day for `365d`); at the
 * near edge records stamped after `now` within `now`'s minute are counted too. Both edges are
 * exact when they fall on a bucket boundary. It errs on the side of blocking. A query with an
 * explicit `now` in the past reads only buckets that have not expired yet (see the table). An
 * all-time total (no window, the `run` scope) covers the last 365 days. Costs are integers
 * (nano-dollars), so sums have no float drift.
 *
 * Not for Redis Cluster: one record's buckets span several scope keys (slots); the script needs a
 * single-node (or replicated) Redis.
 */

import {
  checkPricing,
  checkQuery,
  checkRecord,
  emptySums,
  ledgerFailure,
  SCOPE_FIELDS,
  type Sums,
  toTotals,
} from '../../src/cost/ledger-support.js';
import type {
  PricingTable,
  UsageLedger,
  UsageQuery,
  UsageRecord,
  UsageTotals,
} from '../../src/cost/types.js';
import { ConfigurationError } from '../../src/errors/configuration-error.js';
import type { SluiceError } from '../../src/errors/sluice-error.js';
import { describeOptionValue } from '../../src/processors/option-errors.js';
import { detectPreset, type RedisClientLike, type RedisServerCachePreset } from '../../src/redis/presets.js';

/** Options of {@link RedisUsageLedger}. */
export interface RedisUsageLedgerOptions {
  /** A connected client: node-redis 5 (`createClient()` + `connect()`) or ioredis 5 (`new Redis()`). Never closed by the ledger. */
  client: RedisClientLike;
  /** Prefix of every key the ledger writes. Default `'sluice:usage:'`. */
  keyPrefix?: string;
  /** Price overrides, `{ 'provider/model-id': { input, output, cachedInput?, reasoning? } }` in $ per million tokens. */
  pricing?: PricingTable;
  /** The client library's dialect. Default: detected from the client (node-redis 5 or ioredis). */
  preset?: RedisServerCachePreset;
  /** The ledger's clock (query default `now`, bucket expiry). Default `() => new Date()`. */
  now?: () => Date;
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

interface Resolution {
  tag: 'm' | 'h' | 'd';
  size: number;
  /** How long after a bucket ends it is kept: the longest window whose far edge uses it. */
  retention: number;
}

/** Finest first. */
const RESOLUTIONS: readonly Resolution[] = [
  { tag: 'm', size: MINUTE, retention: DAY },
  { tag: 'h', size: HOUR, retention: 30 * DAY },
  { tag: 'd', size: DAY, retention: 365 * DAY },
];

/** The idempotency marker of a record id lives as long as the longest retention. */
const SEEN_TTL_MS = 365 * DAY + DAY;

const TOTAL_FIELDS = ['c', 'i', 'o', 'ci', 'r', 'n'] as const;

/**
 * KEYS[1] seen marker, KEYS[2..] buckets; ARGV: seen TTL, field count F, F field/increment pairs,
 * one TTL per bucket. Every bucket's type is checked before anything is written: a script stops
 * at a failing command but keeps the writes before it, so a foreign key under the prefix must
 * not leave a record half counted (and marked seen, so a retry could never complete it).
 */
const RECORD_SCRIPT = `
for i = 2, #KEYS do
  local t = redis.call('TYPE', KEYS[i]).ok
  if t ~= 'hash' and t ~= 'none' then
    return redis.error_reply('WRONGTYPE ' .. KEYS[i] .. ' holds a ' .. t .. ', not a usage bucket (a hash); nothing was recorded')
  end
end
if not redis.call('SET', KEYS[1], '1', 'PX', ARGV[1], 'NX') then return 0 end
local f = tonumber(ARGV[2])
for i = 2, #KEYS do
  for j = 1, f do
    redis.call('HINCRBY', KEYS[i], ARGV[1 + 2 * j], ARGV[2 + 2 * j])
  end
  redis.call('PEXPIRE', KEYS[i], ARGV[1 + 2 * f + i])
end
return 1`;

/** Sums of the total fields over KEYS. */
const TOTALS_SCRIPT = `
local s = {0, 0, 0, 0, 0, 0}
for i = 1, #KEYS do
  local v = redis.call('HMGET', KEYS[i], 'c', 'i', 'o', 'ci', 'r', 'n')
  for j = 1, 6 do
    if v[j] then s[j] = s[j] + tonumber(v[j]) end
  end
end
return s`;

/** Sums of every field over KEYS, as a flat [field, sum, …] list. */
const BREAKDOWN_SCRIPT = `
local acc, names = {}, {}
for i = 1, #KEYS do
  local v = redis.call('HGETALL', KEYS[i])
  for j = 1, #v, 2 do
    local k = v[j]
    if acc[k] == nil then
      acc[k] = 0
      names[#names + 1] = k
    end
    acc[k] = acc[k] + tonumber(v[j + 1])
  end
end
local out = {}
for i = 1, #names do
  out[#out + 1] = names[i]
  out[#out + 1] = acc[names[i]]
end
return out`;

/** Breakdown sums field → key in {@link Sums}. */
const FIELD_SUM: Readonly<Record<string, keyof Sums>> = {
  c: 'costNanos',
  i: 'inputTokens',
  o: 'outputTokens',
  ci: 'cachedInputTokens',
  r: 'reasoningTokens',
  n: 'calls',
};

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
function farEdgeSize(windowMs: number): number {
  for (const r of RESOLUTIONS) if (windowMs <= r.retention) return r.size;
  return DAY;
}

const REPLY_ERRORS = new Set(['ReplyError', 'ErrorReply', 'SimpleError', 'BlobError']);
/** Reply prefixes that mean "the server cannot serve now" rather than "bad command". */
const BUSY_REPLY = /^(LOADING|BUSY|MASTERDOWN|READONLY|TRYAGAIN|CLUSTERDOWN|NOREPLICAS)\b/;

/** Is this an error reply from the server (bad command, wrong key type), rather than no connection? */
function isReplyError(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { name?: unknown; constructor?: { name?: unknown }; message?: unknown };
  if (!REPLY_ERRORS.has(String(e.name)) && !REPLY_ERRORS.has(String(e.constructor?.name))) return false;
  return !BUSY_REPLY.test(String(e.message ?? ''));
}

/**
 * The usage ledger in Redis, shared by every server on the same Redis and key prefix; see the
 * module comment for the key layout, expiry and precision. A total is one Lua call.
 */
export class RedisUsageLedger implements UsageLedger {
  readonly name: string;
  readonly pricing?: PricingTable;
  readonly #client: RedisClientLike;
  readonly #preset: RedisServerCachePreset;
  readonly #prefix: string;
  readonly #now: () => Date;

  constructor(options: RedisUsageLedgerOptions) {
    const {
      client,
      keyPrefix = 'sluice:usage:',
      preset,
      now,
    } = (options ?? {}) as Partial<RedisUsageLedgerOptions>;
    const fail = (option: string, message: string) =>
      new ConfigurationError('STORE_INVALID_CONFIG', `RedisUsageLedger: ${message}`, {
        details: { ledger: 'RedisUsageLedger', option },
      });
    if (typeof keyPrefix !== 'string')
      throw fail('keyPrefix', `"keyPrefix" must be a string (got ${describeOptionValue(keyPrefix)}).`);
    this.name = `RedisUsageLedger(prefix ${keyPrefix})`;
    if (
      typeof client !== 'object' ||
      client === null ||
      typeof (client as { eval?: unknown }).eval !== 'function'
    ) {
      throw fail(
        'client',
        `"client" must be a connected Redis client (node-redis 5: createClient() then await client.connect(); ioredis 5: new Redis()) (got ${describeOptionValue(client)}).`,
      );
    }
    if (now !== undefined && typeof now !== 'function')
      throw fail('now', '"now" must be a function returning a Date.');
    const pricing = checkPricing(this.name, options.pricing);
    if (pricing !== undefined) this.pricing = pricing;
    this.#client = client;
    this.#preset = preset ?? detectPreset(client);
    this.#prefix = keyPrefix;
    this.#now = now ?? (() => new Date());
  }

  /** The key prefix. */
  get keyPrefix(): string {
    return this.#prefix;
  }

  /** The key of one bucket (for inspection and tests). */
  bucketKey(scope: string, scopeKey: string, tag: 'm' | 'h' | 'd', index: number): string {
    return `${this.#prefix}${scope}:${scopeKey}:${tag}:${index}`;
  }

  /**
   * Record one call: one Lua script, idempotent by `record.id`, counted under every scope key the
   * record has or (on any failure) under none. Rejects with a `StorageError` naming the ledger.
   */
  async record(record: UsageRecord): Promise<void> {
    const { atMs, costNanos } = checkRecord(this.name, record);
    const nowMs = this.#now().getTime();
    const fields: string[] = [];
    const model = JSON.stringify([record.provider, record.model]);
    const add = (field: string, value: number) => {
      if (value === 0) return;
      fields.push(field, String(value));
      fields.push(`b:${field}:${model}`, String(value));
    };
    add('c', costNanos);
    add('i', record.inputTokens);
    add('o', record.outputTokens);
    add('ci', record.cachedInputTokens);
    add('r', record.reasoningTokens);
    add('n', 1);
    const keys = [`${this.#prefix}seen:${record.id}`];
    const ttls: string[] = [];
    for (const r of RESOLUTIONS) {
      // Bucket k holds (k·size, (k+1)·size]: left-open like the windows, so a window whose start
      // is on a bucket boundary is exact there.
      const index = Math.floor((atMs - 1) / r.size);
      const ttl = (index + 1) * r.size + r.retention - nowMs;
      // A bucket that would already have expired is never read again: skip it.
      if (ttl <= 0) continue;
      for (const [scope, field] of SCOPE_FIELDS) {
        const key = record.scope[field];
        if (key === undefined) continue;
        keys.push(this.bucketKey(scope, key, r.tag, index));
        ttls.push(String(ttl));
      }
    }
    if (keys.length === 1) return;
    try {
      await this.#preset.evalScript(this.#client, RECORD_SCRIPT, keys, [
        String(SEEN_TTL_MS),
        String(fields.length / 2),
        ...fields,
        ...ttls,
      ]);
    } catch (error) {
      throw this.#fail('record', error);
    }
  }

  /** One scope's totals over a window (one Lua call; exact to the bucket precision described above). */
  async totals(query: UsageQuery): Promise<UsageTotals> {
    const q = checkQuery(this.name, query, this.#now().getTime());
    // All time (`run` scope): the longest-kept buckets, back to their retention.
    const windowMs = q.windowMs ?? 365 * DAY;
    const far = farEdgeSize(windowMs);
    const fromMs = q.toMs - windowMs;
    const lo = Math.floor(fromMs / far) * far;
    const hi = Math.ceil(q.toMs / MINUTE) * MINUTE;
    const keys = coveringBuckets(lo, hi).map((b) => this.bucketKey(q.scope, q.scopeKey, b.tag, b.index));
    let reply: unknown;
    try {
      reply = await this.#preset.evalScript(
        this.#client,
        q.breakdown ? BREAKDOWN_SCRIPT : TOTALS_SCRIPT,
        keys,
        [],
      );
    } catch (error) {
      throw this.#fail('totals', error);
    }
    const groups = new Map<string, { provider: string; model: string; sums: Sums }>();
    if (!Array.isArray(reply))
      throw this.#fail('totals', new Error(`unexpected reply ${describeOptionValue(reply)}`));
    if (!q.breakdown) {
      const sums = emptySums();
      TOTAL_FIELDS.forEach((field, i) => {
        sums[FIELD_SUM[field] as keyof Sums] = Number(reply[i] ?? 0);
      });
      groups.set('', { provider: '', model: '', sums });
      return toTotals(groups, false);
    }
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

  #fail(operation: 'record' | 'totals', error: unknown): SluiceError {
    return ledgerFailure(
      this.name,
      `Redis (${this.#preset.name} client)`,
      operation,
      error,
      isReplyError(error) ? 'STORE_QUERY_FAILED' : 'STORE_UNAVAILABLE',
    );
  }
}
