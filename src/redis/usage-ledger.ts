/**
 * `RedisUsageLedger`: the usage ledger for many servers. Every server that uses the same Redis and
 * key prefix sees the same totals, so one user's budget holds across all of them.
 *
 * Layout (issue #31): every key of one scope key carries the hash tag `{<scope>:<scopeKey>}`, so
 * all of them live in one hash slot and each operation is ONE Lua script on one node — Redis
 * Cluster works (`T` below is `<prefix>{<scope>:<scopeKey>}`; the prefix may not contain braces):
 *
 * - `T:<m|h|d>:<k>`: time buckets (hashes) of 1 minute / 1 hour / 1 day, bucket `k` holding the
 *   records with `k·size < at <= (k+1)·size`; fields `c` (cost in integer nano-dollars), `i`, `o`,
 *   `ci`, `r` (tokens), `n` (calls) and, for the breakdown, `b:<field>:["provider","model"]`. Kept
 *   until their end + 24 h / 30 d / 365 d.
 * - `T:ix:<m|h|d>`: the non-empty buckets of each size (sorted sets of bucket numbers).
 * - `T:roll`: one running total per window in use (`1h` … `365d`; a window's total is built from
 *   its buckets the first time it is checked): every record is added to it, and the buckets that
 *   have slid out of the window are subtracted lazily at the next read (each bucket once per
 *   window), so a budget check reads one hash and, at most, the buckets that left the window
 *   since the last check: O(1) amortised, O(log n) for the sorted-set lookup. The far edge
 *   is kept in minute buckets for windows up to `24h`, hour buckets for `7d`/`30d`, day buckets
 *   for `365d`. A total whose evicted buckets have expired (a scope key idle longer than the
 *   buckets are kept) is rebuilt once from the buckets still in the window.
 * - `T:fut`: records stamped after the current minute (a clock ahead of the others) wait there
 *   and join the running totals when their minute comes.
 * - `T:seen:<id>` (idempotency of a record id, 366 days) and `T:hold:<id>` (an open reservation,
 *   for its TTL).
 *
 * A record is one script per scope key it has (sent together, so one round trip on a pipelining
 * client); each is idempotent by record id, so a retry completes a record a failure left half
 * counted. `totals()` is one script; a reservation (`reserve()`) checks the budget and places the
 * hold on the checked scope key in one script, then on the call's other scope keys; `settle()`
 * applies (actual − held) to the hold's buckets and running totals, one script per scope key.
 *
 * Precision: a total never undercounts. At the far edge the whole bucket holding the window's
 * start is counted, so it may overcount by what was spent in that bucket just before the window
 * (≤ 1 minute for windows up to `24h`, ≤ 1 hour for `7d` / `30d`, ≤ 1 day for `365d`); at the
 * near edge records stamped after `now` within `now`'s minute are counted too. A query whose
 * `now` is more than a minute away from the ledger's clock, and every breakdown, reads the
 * buckets covering the window instead (the same precision; at most ~150 hashes for `24h`, ~450
 * for `365d`). An all-time total (no window, the `run` scope) covers the last 365 days. A
 * settled call counts at the time it was reserved. Costs are integers (nano-dollars).
 */

import { createHash, randomUUID } from 'node:crypto';
import {
  checkPricing,
  checkQuery,
  checkRecord,
  emptySums,
  ledgerFailure,
  SCOPE_FIELDS,
  type Sums,
  toTotals,
} from '../cost/ledger-support.js';
import { toNanoUsd } from '../cost/scope.js';
import type {
  PricingTable,
  UsageHold,
  UsageLedger,
  UsageQuery,
  UsageRecord,
  UsageReserveCheck,
  UsageReserveResult,
  UsageScope,
  UsageSettleOutcome,
  UsageTotals,
} from '../cost/types.js';
import { checkReserveCheck, checkUsageHold, checkUsageRecord } from '../cost/validate.js';
import { ConfigurationError } from '../errors/configuration-error.js';
import type { SluiceError } from '../errors/sluice-error.js';
import { describeOptionValue } from '../processors/option-errors.js';
import { invalidInput } from '../stores/errors.js';
import { detectPreset, type RedisClientLike, type RedisServerCachePreset } from './presets.js';

/** Options of {@link RedisUsageLedger}. */
export interface RedisUsageLedgerOptions {
  /**
   * A connected client: node-redis 5 (`createClient()` + `connect()`, or `createCluster()`) or
   * ioredis 5 (`new Redis()`, or `new Cluster()`). Never closed by the ledger.
   */
  client: RedisClientLike;
  /** Prefix of every key the ledger writes (no `{` or `}`: the ledger adds its own hash tags). Default `'sluice:usage:'`. */
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

/** A query whose `now` is this close to the ledger's clock reads the running totals. */
const ROLL_CLOCK_SLACK_MS = MINUTE;

/**
 * The one script of every operation on one scope key (all keys in one slot).
 *
 * KEYS: 1 marker (seen / hold), 2 roll, 3-5 buckets m h d, 6-8 bucket indexes m h d, 9 future.
 * ARGV: 1 mode (record | reserve | settle | totals), 2 now ms, 3 key base `T` (bucket keys are
 * `T:<m|h|d>:<k>`), 4 marker TTL ms, 5-7 bucket numbers m h d, 8-10 bucket TTLs m h d (<= 0: that
 * size is not written), 11 window of the check / totals ('' none), 12 limit in nano-dollars ('' none),
 * 13 a unique tag, 14 number of field/delta pairs F, then F pairs (totals fields and `b:` fields).
 *
 * Replies: totals -> {c,i,o,ci,r,n}; record -> {1 recorded | 0 seen}; reserve -> {granted, c,i,o,ci,r,n};
 * settle -> {1 applied | 0 no open hold}.
 */
const LEDGER_SCRIPT = `
local mode, now, base = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local idx = {tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])}
local ttl = {tonumber(ARGV[8]), tonumber(ARGV[9]), tonumber(ARGV[10])}
local marker, roll, fut = KEYS[1], KEYS[2], KEYS[9]
local RES = {'m', 'h', 'd'}
local SIZE = {60000, 3600000, 86400000}
local KEEP = {86400000, 2592000000, 31536000000}
local WIN = {{'1h', 3600000, 1}, {'6h', 21600000, 1}, {'24h', 86400000, 1}, {'7d', 604800000, 2}, {'30d', 2592000000, 2}, {'365d', 31536000000, 3}}
local WINI = {['1h'] = 1, ['6h'] = 2, ['24h'] = 3, ['7d'] = 4, ['30d'] = 5, ['365d'] = 6}
local TOT = {'c', 'i', 'o', 'ci', 'r', 'n'}
local TOTI = {c = 1, i = 2, o = 3, ci = 4, r = 5, n = 6}
local KEEP_ALL = 31622400000 + 86400000
local function fmt(x)
  if x == 0 then return '0' end
  return string.format('%.0f', x)
end
local function bucket(r, k) return base .. ':' .. RES[r] .. ':' .. fmt(k) end
local cur = math.floor((now - 1) / 60000)

-- Add d (six totals) to the running total of every window in use (checked at least once: it has
-- a far edge 'e') whose far edge has not passed the buckets ks.
local function addRolls(ks, d)
  local es = redis.call('HMGET', roll, '1h:e', '6h:e', '24h:e', '7d:e', '30d:e', '365d:e')
  for w = 1, 6 do
    local r = WIN[w][3]
    if ks[r] ~= nil and es[w] then
      local e = es[w]
      if ks[r] > tonumber(e) then
        for j = 1, 6 do
          if d[j] ~= 0 then redis.call('HINCRBY', roll, WIN[w][1] .. ':' .. TOT[j], fmt(d[j])) end
        end
      end
    end
  end
end

-- Future records whose minute has come join the running totals.
local function promote()
  local due = redis.call('ZRANGEBYSCORE', fut, '-inf', fmt(cur))
  for _, member in ipairs(due) do
    local v = {}
    for token in string.gmatch(member, '[^,|]+') do v[#v + 1] = tonumber(token) end
    local ks = {}
    for r = 1, 3 do if v[r] >= 0 then ks[r] = v[r] end end
    addRolls(ks, {v[4], v[5], v[6], v[7], v[8], v[9]})
    redis.call('ZREM', fut, member)
  end
end

-- Recompute window w from the buckets still in it (the evicted ones expired or were unindexed).
local function rebuild(w, through)
  local name, r = WIN[w][1], WIN[w][3]
  local s = {0, 0, 0, 0, 0, 0}
  for _, k in ipairs(redis.call('ZRANGEBYSCORE', KEYS[5 + r], '(' .. fmt(through), '+inf')) do
    local v = redis.call('HMGET', bucket(r, tonumber(k)), 'c', 'i', 'o', 'ci', 'r', 'n')
    for j = 1, 6 do if v[j] then s[j] = s[j] + tonumber(v[j]) end end
  end
  -- Waiting future records are in their buckets but not yet in the totals.
  for _, member in ipairs(redis.call('ZRANGEBYSCORE', fut, '-inf', '+inf')) do
    local v = {}
    for token in string.gmatch(member, '[^,|]+') do v[#v + 1] = tonumber(token) end
    if v[r] >= 0 and v[r] > through then
      for j = 1, 6 do s[j] = s[j] - v[3 + j] end
    end
  end
  for j = 1, 6 do redis.call('HSET', roll, name .. ':' .. TOT[j], fmt(s[j])) end
end

-- Subtract from window w the buckets that slid out of it; returns its six totals. A window checked
-- for the first time is built from its buckets (then kept up to date by every write).
local function evict(w)
  local name, span, r = WIN[w][1], WIN[w][2], WIN[w][3]
  local through = math.floor((now - span) / SIZE[r]) - 1
  local e = redis.call('HGET', roll, name .. ':e')
  if not e or tonumber(e) < through then
    local t = redis.call('HGET', roll, 't:' .. RES[r])
    local stale = (not e) or (t ~= false and tonumber(e) < tonumber(t))
    if not stale then
      for _, k in ipairs(redis.call('ZRANGEBYSCORE', KEYS[5 + r], '(' .. e, fmt(through))) do
        local v = redis.call('HMGET', bucket(r, tonumber(k)), 'c', 'i', 'o', 'ci', 'r', 'n')
        if not v[6] and not v[1] then
          stale = true
          break
        end
        for j = 1, 6 do
          local x = tonumber(v[j] or '0')
          if x ~= 0 then redis.call('HINCRBY', roll, name .. ':' .. TOT[j], fmt(-x)) end
        end
      end
    end
    if stale then rebuild(w, through) end
    redis.call('HSET', roll, name .. ':e', fmt(through))
  end
  local v = redis.call('HMGET', roll, name .. ':c', name .. ':i', name .. ':o', name .. ':ci', name .. ':r', name .. ':n')
  local out = {}
  for j = 1, 6 do out[j] = tonumber(v[j] or '0') end
  return out
end

-- Write the field/delta pairs into the buckets, the indexes and the running totals.
local function apply()
  local f = tonumber(ARGV[14])
  local d = {0, 0, 0, 0, 0, 0}
  local ks = {}
  local fresh = false
  for r = 1, 3 do
    if ttl[r] > 0 then
      ks[r] = idx[r]
      for j = 1, f do
        redis.call('HINCRBY', KEYS[2 + r], ARGV[13 + 2 * j], ARGV[14 + 2 * j])
      end
      redis.call('PEXPIRE', KEYS[2 + r], fmt(ttl[r]))
      if redis.call('ZADD', KEYS[5 + r], fmt(idx[r]), fmt(idx[r])) == 1 then fresh = true end
    end
  end
  for j = 1, f do
    local t = TOTI[ARGV[13 + 2 * j]]
    if t then d[t] = d[t] + tonumber(ARGV[14 + 2 * j]) end
  end
  if idx[1] > cur then
    local member = {}
    for r = 1, 3 do member[r] = ks[r] and fmt(ks[r]) or '-1' end
    for j = 1, 6 do member[3 + j] = fmt(d[j]) end
    redis.call('ZADD', fut, fmt(idx[1]), table.concat(member, ',') .. '|' .. ARGV[13])
    redis.call('PEXPIRE', fut, fmt(KEEP_ALL))
  else
    addRolls(ks, d)
  end
  -- Housekeeping once per new bucket (at most once a minute per scope key): drop index entries
  -- no window reads any more, and keep the scope key's own keys alive.
  if fresh or redis.call('EXISTS', roll) == 0 then
    for r = 1, 3 do
      local through = math.floor((now - KEEP[r]) / SIZE[r]) - 1
      if redis.call('ZREMRANGEBYSCORE', KEYS[5 + r], '-inf', fmt(through)) > 0 then
        redis.call('HSET', roll, 't:' .. RES[r], fmt(through))
      end
      redis.call('PEXPIRE', KEYS[5 + r], fmt(KEEP_ALL))
    end
    redis.call('HSET', roll, 'v', '1')
    redis.call('PEXPIRE', roll, fmt(KEEP_ALL))
    redis.call('PEXPIRE', fut, fmt(KEEP_ALL))
  end
end

-- Nothing is written when a key of this scope key holds a foreign type.
local function guard()
  for i = 2, 9 do
    local t = redis.call('TYPE', KEYS[i]).ok
    local want = (i == 2 or i <= 5) and 'hash' or 'zset'
    if t ~= want and t ~= 'none' then
      return redis.error_reply('WRONGTYPE ' .. KEYS[i] .. ' holds a ' .. t .. ', not a usage ' .. want .. '; nothing was recorded')
    end
  end
  return nil
end

if mode == 'totals' then
  promote()
  return evict(WINI[ARGV[11]])
end
local bad = guard()
if bad then return bad end
if mode == 'record' then
  if not redis.call('SET', marker, '1', 'PX', ARGV[4], 'NX') then return {0} end
  promote()
  apply()
  return {1}
end
if mode == 'settle' then
  if redis.call('DEL', marker) == 0 then return {0} end
  promote()
  apply()
  return {1}
end
-- reserve
promote()
local sums = {0, 0, 0, 0, 0, 0}
if ARGV[11] ~= '' then sums = evict(WINI[ARGV[11]]) end
local held = redis.call('GET', marker)
if held then
  local j = 0
  for token in string.gmatch(held, '[^,]+') do
    j = j + 1
    sums[j] = sums[j] - tonumber(token)
  end
end
local granted = ARGV[12] == '' or sums[1] < tonumber(ARGV[12])
if granted and not held then
  local f = tonumber(ARGV[14])
  local d = {0, 0, 0, 0, 0, 0}
  for j = 1, f do
    local t = TOTI[ARGV[13 + 2 * j]]
    if t then d[t] = d[t] + tonumber(ARGV[14 + 2 * j]) end
  end
  local v = {}
  for j = 1, 6 do v[j] = fmt(d[j]) end
  redis.call('SET', marker, table.concat(v, ','), 'PX', ARGV[4])
  apply()
end
return {granted and 1 or 0, sums[1], sums[2], sums[3], sums[4], sums[5], sums[6]}`;

/** SHA1 of {@link LEDGER_SCRIPT}, for `EVALSHA`. */
const LEDGER_SCRIPT_SHA = createHash('sha1').update(LEDGER_SCRIPT).digest('hex');

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

/** The CRC16 (XMODEM) Redis Cluster hashes keys with. */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * The Redis Cluster hash slot of a key (0 … 16383): CRC16 of its hash tag — the part between the
 * first `{` and the next `}` when that is non-empty — or of the whole key, modulo 16384.
 */
export function keyHashSlot(key: string): number {
  const open = key.indexOf('{');
  let hashed = key;
  if (open !== -1) {
    const close = key.indexOf('}', open + 1);
    if (close > open + 1) hashed = key.slice(open + 1, close);
  }
  return crc16(new TextEncoder().encode(hashed)) % 16384;
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

/** Where one time falls in each bucket size, and how long those buckets are still kept. */
interface Placement {
  index: number[];
  ttl: number[];
}

type Operation = 'record' | 'totals' | 'reserve' | 'settle';

/**
 * The usage ledger in Redis, shared by every server on the same Redis and key prefix; see the
 * module comment for the key layout, expiry and precision. A budget check is one Lua call that
 * reads a running total; reservations are placed atomically with the check.
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
    if (keyPrefix.includes('{') || keyPrefix.includes('}')) {
      throw fail(
        'keyPrefix',
        `"keyPrefix" must not contain "{" or "}" (got ${JSON.stringify(keyPrefix)}): the ledger tags each scope key's keys with its own {…} hash tag so they share one Redis Cluster slot. Remove the braces.`,
      );
    }
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

  /** The common start of every key of one scope key: `<prefix>{<scope>:<scopeKey>}` (its hash tag). */
  scopeBase(scope: string, scopeKey: string): string {
    return `${this.#prefix}{${scope}:${scopeKey}}`;
  }

  /** The key of one bucket (for inspection and tests). */
  bucketKey(scope: string, scopeKey: string, tag: 'm' | 'h' | 'd', index: number): string {
    return `${this.scopeBase(scope, scopeKey)}:${tag}:${index}`;
  }

  /**
   * Every key one operation on a scope key touches (marker, running totals, buckets, indexes,
   * future records), for inspection and the slot tests; `marker` is `seen:<id>` or `hold:<id>`.
   */
  keysOf(scope: string, scopeKey: string, marker: string, atMs: number): string[] {
    const base = this.scopeBase(scope, scopeKey);
    const place = this.#place(atMs, this.#now().getTime());
    return [
      `${base}:${marker}`,
      `${base}:roll`,
      ...RESOLUTIONS.map((r, i) => `${base}:${r.tag}:${place.index[i]}`),
      ...RESOLUTIONS.map((r) => `${base}:ix:${r.tag}`),
      `${base}:fut`,
    ];
  }

  /**
   * Record one call: one Lua script per scope key the record has (sent together), each
   * idempotent by `record.id`. Rejects with a `StorageError` naming the ledger.
   */
  async record(record: UsageRecord): Promise<void> {
    const { atMs, costNanos } = checkRecord(this.name, record);
    const fields = recordFields(record, costNanos, 1);
    await this.#eachScope(record.scope, (scope, key) =>
      this.#run('record', scope, key, `seen:${record.id}`, atMs, SEEN_TTL_MS, fields),
    );
  }

  /** One scope's totals over a window (one Lua call; exact to the bucket precision described above). */
  async totals(query: UsageQuery): Promise<UsageTotals> {
    const nowMs = this.#now().getTime();
    const q = checkQuery(this.name, query, nowMs);
    if (!q.breakdown && Math.abs(q.toMs - nowMs) <= ROLL_CLOCK_SLACK_MS) {
      const reply = await this.#run('totals', q.scope, q.scopeKey, 'seen:', q.toMs, 0, [], {
        window: query.window ?? '365d',
      });
      return totalsOf(reply, 0);
    }
    return this.#scan(q);
  }

  /**
   * Place a hold atomically with the budget check: one script checks the checked scope key's
   * running total (other open holds included) against `check.limit` and places the hold there;
   * when granted, the hold is then placed on the call's other scope keys.
   */
  async reserve(hold: UsageHold, check: UsageReserveCheck): Promise<UsageReserveResult> {
    const error = checkUsageHold(this.name, hold) ?? checkReserveCheck(this.name, check);
    if (error) throw error;
    const atMs = hold.at.getTime();
    const fields = holdFields(hold, 1);
    const checkedField = SCOPE_FIELDS.find(([scope]) => scope === check.scope)?.[1];
    const checkedKey = checkedField === undefined ? undefined : hold.scope[checkedField];
    if (checkedKey !== check.scopeKey) {
      throw invalidInput(
        this.name,
        'reserve',
        `check.scopeKey ${JSON.stringify(check.scopeKey)} is not the hold's ${check.scope} key (${describeOptionValue(checkedKey)}): a budget is checked on a scope key the hold counts under. Nothing was held.`,
      );
    }
    const limit = check.limit === undefined ? '' : String(toNanoUsd(check.limit));
    const nowMs = (check.now ?? this.#now()).getTime();
    const reply = await this.#run(
      'reserve',
      check.scope,
      check.scopeKey,
      `hold:${hold.id}`,
      atMs,
      hold.ttlMs,
      fields,
      { window: check.window ?? '365d', limit, nowMs },
    );
    const granted = Array.isArray(reply) && Number(reply[0]) === 1;
    if (granted) {
      await this.#eachScope(hold.scope, (scope, key) =>
        scope === check.scope
          ? Promise.resolve(undefined)
          : this.#run('reserve', scope, key, `hold:${hold.id}`, atMs, hold.ttlMs, fields, {
              window: '',
              limit: '',
            }),
      );
    }
    return { granted, totals: totalsOf(reply, 1) };
  }

  /** Apply (actual − held) to the hold's buckets and running totals, on every scope key of the hold. */
  async settle(hold: UsageHold, record: UsageRecord | null): Promise<UsageSettleOutcome> {
    const error =
      checkUsageHold(this.name, hold) ?? (record === null ? undefined : checkUsageRecord(this.name, record));
    if (error) throw error;
    const deltas = new Map<string, number>();
    const add = (pairs: string[]) => {
      for (let i = 0; i < pairs.length; i += 2) {
        const field = pairs[i] as string;
        deltas.set(field, (deltas.get(field) ?? 0) + Number(pairs[i + 1]));
      }
    };
    add(holdFields(hold, -1));
    if (record !== null) add(recordFields(record, toNanoUsd(record.estimatedCost), 1));
    const fields: string[] = [];
    for (const [field, delta] of deltas) if (delta !== 0) fields.push(field, String(delta));
    const replies = await this.#eachScope(hold.scope, (scope, key) =>
      this.#run('settle', scope, key, `hold:${hold.id}`, hold.at.getTime(), 1, fields),
    );
    const applied = replies.some((reply) => Array.isArray(reply) && Number(reply[0]) === 1);
    if (!applied) return 'expired';
    return record === null ? 'released' : 'settled';
  }

  /** Run `fn` for every scope key the call has, together; rejects with the first failure. */
  async #eachScope(
    keys: UsageRecord['scope'],
    fn: (scope: UsageScope, key: string) => Promise<unknown>,
  ): Promise<unknown[]> {
    const work: Promise<unknown>[] = [];
    for (const [scope, field] of SCOPE_FIELDS) {
      const key = keys[field];
      if (typeof key === 'string' && key.length > 0) work.push(fn(scope, key));
    }
    return Promise.all(work);
  }

  #place(atMs: number, nowMs: number): Placement {
    const index: number[] = [];
    const ttl: number[] = [];
    for (const r of RESOLUTIONS) {
      // Bucket k holds (k·size, (k+1)·size]: left-open like the windows.
      const k = Math.floor((atMs - 1) / r.size);
      index.push(k);
      // A bucket that would already have expired is never read again: not written.
      ttl.push((k + 1) * r.size + r.retention - nowMs);
    }
    return { index, ttl };
  }

  async #run(
    mode: Operation,
    scope: UsageScope,
    scopeKey: string,
    marker: string,
    atMs: number,
    markerTtlMs: number,
    fields: readonly string[],
    check: { window: string; limit?: string; nowMs?: number } = { window: '' },
  ): Promise<unknown> {
    const nowMs = check.nowMs ?? this.#now().getTime();
    const base = this.scopeBase(scope, scopeKey);
    const place = this.#place(atMs, nowMs);
    const keys = [
      `${base}:${marker}`,
      `${base}:roll`,
      ...RESOLUTIONS.map((r, i) => `${base}:${r.tag}:${place.index[i]}`),
      ...RESOLUTIONS.map((r) => `${base}:ix:${r.tag}`),
      `${base}:fut`,
    ];
    const args = [
      mode,
      String(nowMs),
      base,
      String(Math.max(1, Math.round(markerTtlMs))),
      ...place.index.map(String),
      ...place.ttl.map(String),
      check.window,
      check.limit ?? '',
      randomUUID(),
      String(fields.length / 2),
      ...fields,
    ];
    let reply: unknown;
    try {
      reply = await this.#evalLedgerScript(keys, args);
    } catch (error) {
      throw this.#fail(mode, error);
    }
    if (!Array.isArray(reply))
      throw this.#fail(mode, new Error(`unexpected reply ${describeOptionValue(reply)}`));
    return reply;
  }

  /**
   * Run the ledger script by its SHA1 (`EVALSHA`: the server neither re-reads nor re-hashes the
   * script's text on every call); on `NOSCRIPT` (a restarted server, another cluster node) or a
   * client without it, `EVAL` with the text, which also caches it for the next call.
   */
  async #evalLedgerScript(keys: string[], args: string[]): Promise<unknown> {
    const client = this.#client as {
      evalsha?: (sha: string, numKeys: number, ...rest: string[]) => Promise<unknown>;
      evalSha?: (sha: string, options: { keys: string[]; arguments: string[] }) => Promise<unknown>;
    };
    const preset = this.#preset.name;
    try {
      if (preset === 'ioredis' && typeof client.evalsha === 'function')
        return await client.evalsha(LEDGER_SCRIPT_SHA, keys.length, ...keys, ...args);
      if (preset === 'node-redis' && typeof client.evalSha === 'function')
        return await client.evalSha(LEDGER_SCRIPT_SHA, { keys, arguments: args });
    } catch (error) {
      if (!/NOSCRIPT/.test(String((error as { message?: unknown })?.message ?? ''))) throw error;
    }
    return this.#preset.evalScript(this.#client, LEDGER_SCRIPT, keys, args);
  }

  /** A total read from the buckets covering the window (breakdowns, and `now` away from the clock). */
  async #scan(q: ReturnType<typeof checkQuery>): Promise<UsageTotals> {
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
    if (!Array.isArray(reply))
      throw this.#fail('totals', new Error(`unexpected reply ${describeOptionValue(reply)}`));
    if (!q.breakdown) return totalsOf(reply, 0);
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

  #fail(operation: Operation, error: unknown): SluiceError {
    return ledgerFailure(
      this.name,
      `Redis (${this.#preset.name} client)`,
      operation,
      error,
      isReplyError(error) ? 'STORE_QUERY_FAILED' : 'STORE_UNAVAILABLE',
    );
  }
}

/** Six totals (from `offset` in a script reply) as {@link UsageTotals}. */
function totalsOf(reply: unknown, offset: number): UsageTotals {
  const list = reply as unknown[];
  const sums = emptySums();
  TOTAL_FIELDS.forEach((field, i) => {
    sums[FIELD_SUM[field] as keyof Sums] = Number(list[offset + i] ?? 0);
  });
  return toTotals(new Map([['', { provider: '', model: '', sums }]]), false);
}

/** A record's field/increment pairs (totals and breakdown), times `sign`. */
function recordFields(record: UsageRecord, costNanos: number, sign: 1 | -1): string[] {
  const model = JSON.stringify([record.provider, record.model]);
  const fields: string[] = [];
  const add = (field: string, value: number) => {
    if (value === 0) return;
    fields.push(field, String(sign * value), `b:${field}:${model}`, String(sign * value));
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
function holdFields(hold: UsageHold, sign: 1 | -1): string[] {
  return recordFields(
    { ...hold, kind: 'step', cachedInputTokens: 0, reasoningTokens: 0, priced: true },
    toNanoUsd(hold.estimatedCost),
    sign,
  );
}
