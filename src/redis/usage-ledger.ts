/**
 * `RedisUsageLedger`: the usage ledger for many servers. Every server that uses the same Redis and
 * key prefix sees the same totals, so one user's budget holds across all of them.
 *
 * Layout (issue #31): every key of one scope key carries the hash tag `{<scope>:<scopeKey>}`, so
 * all of them live in one hash slot and each operation is ONE Lua script on one node — Redis
 * Cluster works (`T` below is `<prefix>{<scope>:<scopeKey>}`; the prefix may not contain braces):
 *
 * - `T:<m|h|d>:<k>`: time buckets (hashes) of 1 minute / 1 hour / 1 day, bucket `k` holding the
 *   records with `k·size < at <= (k+1)·size`; fields `b:<field>:["provider","model"]`, field
 *   `c` (cost in integer nano-dollars), `i`, `o`, `ci`, `r` (tokens) or `n` (calls): per model
 *   only, a bucket's totals are their sums (added up when a bucket is read, so a write touches
 *   half the fields). Kept until their end + 24 h / 30 d / 365 d.
 * - `T:ix:<m|h|d>`: the non-empty buckets of each size (sorted sets of bucket numbers).
 * - `T:roll`: one running total per window in use (one field each, `edge,c,i,o,ci,r,n`) (`1h` … `365d`; a window's total is built from
 *   its buckets the first time it is checked): every record is added to it, and the buckets that
 *   have slid out of the window are subtracted lazily at the next read (each bucket once per
 *   window), so a budget check reads one hash and, at most, the buckets that left the window
 *   since the last check: O(1) amortised, O(log n) for the sorted-set lookup. The far edge
 *   is kept in minute buckets for windows up to `24h`, hour buckets for `7d`/`30d`, day buckets
 *   for `365d`. A total whose evicted buckets have expired (a scope key idle longer than the
 *   buckets are kept) is rebuilt once from the buckets still in the window.
 * - `T:fut`: records stamped after the current minute (a clock ahead of the others) wait there
 *   and join the running totals when their minute comes.
 * - `T:seen:<id>` (idempotency of a record id, or of a hold id where the hold was placed or its
 *   usage recorded, 366 days) and `T:hold:<id>` (an open reservation, for its TTL).
 *
 * A record is one script per scope key it has (sent together: one pipeline on a standalone ioredis
 * client, one write on node-redis); each is idempotent by record id, so a retry completes a
 * record a failure left half counted. `totals()` is one script. A reservation (`reserve()`) is
 * ONE script: it checks the budget and places the hold on the checked scope key only (the budget
 * it protects; another budget of the same call places its own hold). `settle()` is one script per
 * scope key, sent together: where the hold is open it applies (actual − held); under the call's
 * other scope keys it records the actual usage, once (idempotent by the hold id). So a call in
 * flight counts under its checked scope key only, and a hold that expires is charged in full
 * there, while the other scope keys count the call's actual usage when it settles (a call whose
 * process died is never counted under them).
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

import { createHash } from 'node:crypto';
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
 * The one script of every operation on one scope key (all keys in one slot). Every read comes
 * before the first write, so a key of a foreign type stops it with nothing written; numbers are
 * written by HINCRBY as the client formatted them (parsing and formatting numbers in Lua was the
 * largest part of the server's time); the running totals are one field per window, read once and
 * written once.
 *
 * KEYS: 1 marker (seen / hold), 2 roll; the script derives the others from the key base (buckets,
 * indexes, future records: same hash tag, same slot), as every key and argument sent costs the
 * server time.
 * ARGV: 1 mode (record | reserve | settle | totals), 2 now ms, 3 key base `T` (bucket keys are
 * `T:<m|h|d>:<k>`), 4 marker TTL ms, 5-7 bucket numbers m h d, 8 window of the check / totals
 * ('' none), 9 limit in nano-dollars ('' none), 10 number F of the call's field/increment pairs
 * (`b:<field>:<model>`), then the F pairs; then the number D of (actual - held) pairs of a
 * settlement and the D pairs; then the TTL of the hold id's idempotency marker.
 *
 * Replies: totals -> {c,i,o,ci,r,n}; record -> {1 recorded | 0 seen}; reserve -> {granted, c,i,o,ci,r,n};
 * settle -> {2 the hold replaced | 1 the usage recorded (a scope key without the hold) | 0 neither}.
 */
const LEDGER_SCRIPT = `
local mode, now, base = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local idx = {tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])}
local marker, roll, fut = KEYS[1], KEYS[2], base .. ':fut'
local RES = {'m', 'h', 'd'}
local SIZE = {60000, 3600000, 86400000}
local KEEP = {86400000, 2592000000, 31536000000}
-- The buckets written (k·size < at <= (k+1)·size, numbers as the client sent them), their sorted
-- indexes, and how long each bucket is still kept (<= 0: already expired, not written).
local BK, IX, ttl = {}, {}, {}
for r = 1, 3 do
  BK[r] = base .. ':' .. RES[r] .. ':' .. ARGV[4 + r]
  IX[r] = base .. ':ix:' .. RES[r]
  ttl[r] = (idx[r] + 1) * SIZE[r] + KEEP[r] - now
end
local WIN = {{'1h', 3600000, 1}, {'6h', 21600000, 1}, {'24h', 86400000, 1}, {'7d', 604800000, 2}, {'30d', 2592000000, 2}, {'365d', 31536000000, 3}}
local WINI = {['1h'] = 1, ['6h'] = 2, ['24h'] = 3, ['7d'] = 4, ['30d'] = 5, ['365d'] = 6}
local TOTI = {c = 1, i = 2, o = 3, ci = 4, r = 5, n = 6}
local KEEP_ALL = 31622400000 + 86400000
local function fmt(x)
  if x == 0 then return '0' end
  return string.format('%.0f', x)
end
local function bucket(r, k) return base .. ':' .. RES[r] .. ':' .. fmt(k) end
local function nums(s)
  local v = {}
  for token in string.gmatch(s, '[^,|]+') do v[#v + 1] = tonumber(token) end
  return v
end
local cur = math.floor((now - 1) / 60000)

-- Every read comes before the first write, and a key of a foreign type fails its read: the script
-- then stops having written nothing for this scope key.
local function rd(cmd, key, ...)
  local v = redis.pcall(cmd, key, ...)
  if type(v) == 'table' and v.err then
    local t = redis.call('TYPE', key).ok
    error({err = 'WRONGTYPE ' .. key .. ' holds a ' .. t .. ', not a usage ' .. (string.sub(cmd, 1, 1) == 'Z' and 'zset' or 'hash') .. '; nothing was recorded'})
  end
  return v
end
local function zsetOrNone(key)
  local t = redis.call('TYPE', key).ok
  if t ~= 'zset' and t ~= 'none' then
    error({err = 'WRONGTYPE ' .. key .. ' holds a ' .. t .. ', not a usage zset; nothing was recorded'})
  end
end

-- The six totals of a bucket: the sums of its per-model fields 'b:<c|i|o|ci|r|n>:<model>' (a
-- bucket keeps no separate totals, so a write touches half the fields); nil when it is empty.
local function bucketTotals(key)
  local v = rd('HGETALL', key)
  if #v == 0 then return nil end
  local s = {0, 0, 0, 0, 0, 0}
  for j = 1, #v, 2 do
    local t = TOTI[string.match(v[j], '^b:(%a+):')]
    if t then s[t] = s[t] + tonumber(v[j + 1]) end
  end
  return s
end

-- The running totals: one field per window in use, 'edge,c,i,o,ci,r,n' (edge: the last bucket
-- subtracted); 't:<m|h|d>' the index trimmed through; 'v' set once kept alive; 'fx' the first
-- minute a waiting future record is due. Read once, written once (only the fields changed).
local rv = rd('HMGET', roll, '1h', '6h', '24h', '7d', '30d', '365d', 't:m', 't:h', 't:d', 'v', 'fx')
local W = {}
for w = 1, 6 do if rv[w] then W[w] = nums(rv[w]) end end
local trim = {}
for r = 1, 3 do if rv[6 + r] then trim[r] = tonumber(rv[6 + r]) end end
local freshRoll = not rv[10]
local fx = rv[11] and tonumber(rv[11]) or nil
local dirty = {}
local zops = {}
local function saveWin(w)
  local t = W[w]
  dirty[#dirty + 1] = WIN[w][1]
  dirty[#dirty + 1] = table.concat({fmt(t[1]), fmt(t[2]), fmt(t[3]), fmt(t[4]), fmt(t[5]), fmt(t[6]), fmt(t[7])}, ',')
end

-- Add d (six totals) to the running total of every window in use whose far edge has not passed
-- the buckets ks.
local touched = {}
local function addRolls(ks, d)
  for w = 1, 6 do
    local r = WIN[w][3]
    local t = W[w]
    if t and ks[r] ~= nil and ks[r] > t[1] then
      for j = 1, 6 do t[1 + j] = t[1 + j] + d[j] end
      touched[w] = true
    end
  end
end

-- Future records whose minute has come join the running totals (only when one is due).
if fx and fx <= cur then
  for _, member in ipairs(rd('ZRANGEBYSCORE', fut, '-inf', fmt(cur))) do
    local v = nums(member)
    local ks = {}
    for r = 1, 3 do if v[r] >= 0 then ks[r] = v[r] end end
    addRolls(ks, {v[4], v[5], v[6], v[7], v[8], v[9]})
  end
  local nxt = rd('ZRANGEBYSCORE', fut, '(' .. fmt(cur), '+inf', 'WITHSCORES', 'LIMIT', '0', '1')
  fx = nxt[2] and tonumber(nxt[2]) or nil
  zops[#zops + 1] = {'ZREMRANGEBYSCORE', fut, '-inf', fmt(cur)}
  dirty[#dirty + 1] = 'fx'
  dirty[#dirty + 1] = fx and fmt(fx) or ''
end

-- Window w from the buckets still in it (the evicted ones expired or were unindexed).
local function rebuild(w, through)
  local r = WIN[w][3]
  local s = {0, 0, 0, 0, 0, 0}
  for _, k in ipairs(rd('ZRANGEBYSCORE', IX[r], '(' .. fmt(through), '+inf')) do
    local v = bucketTotals(bucket(r, tonumber(k)))
    if v then for j = 1, 6 do s[j] = s[j] + v[j] end end
  end
  -- Future records not due yet are in their buckets but not in the totals.
  for _, member in ipairs(rd('ZRANGEBYSCORE', fut, '(' .. fmt(cur), '+inf')) do
    local v = nums(member)
    if v[r] >= 0 and v[r] > through then
      for j = 1, 6 do s[j] = s[j] - v[3 + j] end
    end
  end
  return s
end

-- Subtract from window w the buckets that slid out of it; returns its six totals. A window checked
-- for the first time is built from its buckets (then kept up to date by every write).
local function evict(w)
  local span, r = WIN[w][2], WIN[w][3]
  local through = math.floor((now - span) / SIZE[r]) - 1
  local t = W[w]
  if not t or t[1] < through then
    local stale = (not t) or (trim[r] ~= nil and t[1] < trim[r])
    local s
    if not stale then
      s = {t[2], t[3], t[4], t[5], t[6], t[7]}
      for _, k in ipairs(rd('ZRANGEBYSCORE', IX[r], '(' .. fmt(t[1]), fmt(through))) do
        local v = bucketTotals(bucket(r, tonumber(k)))
        if not v then
          stale = true
          break
        end
        for j = 1, 6 do s[j] = s[j] - v[j] end
      end
    end
    if stale then s = rebuild(w, through) end
    W[w] = {through, s[1], s[2], s[3], s[4], s[5], s[6]}
    touched[w] = true
  end
  local u = W[w]
  return {u[2], u[3], u[4], u[5], u[6], u[7]}
end

-- Field/increment pair lists of ARGV: the call's (record, hold or actual usage; count at 10) and,
-- for a settlement, (actual - held) for the scope key holding the hold (count after them).
local function pairList(at)
  local n = tonumber(ARGV[at] or '0') or 0
  local list = {}
  for j = 1, n do list[j] = {ARGV[at - 1 + 2 * j], ARGV[at + 2 * j]} end
  return list, at + 1 + 2 * n
end
local CALL, afterCall = pairList(10)
local DELTA, afterHeld = pairList(afterCall)
-- How long the idempotency marker of a hold's id lives.
local seenTtl = ARGV[afterHeld]

-- Whether each bucket written is new (no field yet). Reading it also fails, before anything is
-- written, on a bucket key of a foreign type.
local isNew, housekeep = {}, freshRoll
local function prefetch()
  for r = 1, 3 do
    if ttl[r] > 0 then
      isNew[r] = rd('HLEN', BK[r]) == 0
      if isNew[r] then zsetOrNone(IX[r]) end
    end
  end
  -- Housekeeping once per new hour bucket (or a new running-totals hash).
  if isNew[2] then housekeep = true end
  if housekeep then
    for r = 1, 3 do zsetOrNone(IX[r]) end
  end
  if idx[1] > cur then zsetOrNone(fut) end
end

-- The six totals of a pair list.
local function totalsOf(list)
  local d = {0, 0, 0, 0, 0, 0}
  for _, p in ipairs(list) do
    local t = TOTI[string.match(p[1], '^b:(%a+):')]
    if t then d[t] = d[t] + tonumber(p[2]) end
  end
  return d
end

-- Write a pair list into the buckets (one HSET each), index and expire new buckets, and add its
-- totals to the running totals (or park a future record).
local function apply(list)
  local d = totalsOf(list)
  local ks = {}
  for r = 1, 3 do
    if ttl[r] > 0 then
      ks[r] = idx[r]
      -- HINCRBY with the increments as given: no number is parsed or formatted in Lua.
      for _, p in ipairs(list) do redis.call('HINCRBY', BK[r], p[1], p[2]) end
      if isNew[r] then
        redis.call('PEXPIRE', BK[r], fmt(ttl[r]))
        redis.call('ZADD', IX[r], fmt(idx[r]), fmt(idx[r]))
      end
    end
  end
  if idx[1] > cur then
    local member = {}
    for r = 1, 3 do member[r] = ks[r] and fmt(ks[r]) or '-1' end
    for j = 1, 6 do member[3 + j] = fmt(d[j]) end
    redis.call('ZADD', fut, fmt(idx[1]), table.concat(member, ',') .. '|' .. marker)
    redis.call('PEXPIRE', fut, fmt(KEEP_ALL))
    if not fx or idx[1] < fx then
      dirty[#dirty + 1] = 'fx'
      dirty[#dirty + 1] = fmt(idx[1])
    end
  else
    addRolls(ks, d)
  end
  if housekeep then
    -- Drop index entries no window reads any more, and keep the scope key's own keys alive.
    for r = 1, 3 do
      local through = math.floor((now - KEEP[r]) / SIZE[r]) - 1
      if redis.call('ZREMRANGEBYSCORE', IX[r], '-inf', fmt(through)) > 0 then
        dirty[#dirty + 1] = 't:' .. RES[r]
        dirty[#dirty + 1] = fmt(through)
      end
      redis.call('PEXPIRE', IX[r], fmt(KEEP_ALL))
    end
    redis.call('PEXPIRE', fut, fmt(KEEP_ALL))
  end
end

-- The deferred writes to the running totals and the future-records set, then the hash's expiry
-- when it is new.
local function flush()
  for _, op in ipairs(zops) do redis.call(unpack(op)) end
  for w = 1, 6 do if touched[w] then saveWin(w) end end
  if freshRoll then
    dirty[#dirty + 1] = 'v'
    dirty[#dirty + 1] = '1'
  end
  if #dirty > 0 then
    redis.call('HSET', roll, unpack(dirty))
    if freshRoll then redis.call('PEXPIRE', roll, fmt(KEEP_ALL)) end
  end
end

if mode == 'totals' then
  local s = evict(WINI[ARGV[8]])
  flush()
  return s
end
if mode == 'record' then
  prefetch()
  if not redis.call('SET', marker, '1', 'PX', ARGV[4], 'NX') then return {0} end
  apply(CALL)
  flush()
  return {1}
end
-- The idempotency marker of the hold's id: set where the hold is placed (so a settlement after it
-- expired never adds the usage there again), and where the usage is recorded without a hold.
local seenKey = base .. ':seen:' .. string.sub(marker, #base + 7)
if mode == 'settle' then
  -- The hold's scope key: (actual - held); another scope key of the call: the actual usage, once.
  prefetch()
  if redis.call('DEL', marker) == 1 then
    apply(DELTA)
    flush()
    return {2}
  end
  if #CALL == 0 or not redis.call('SET', seenKey, '1', 'PX', seenTtl, 'NX') then return {0} end
  apply(CALL)
  flush()
  return {1}
end
-- reserve
local sums = {0, 0, 0, 0, 0, 0}
if ARGV[8] ~= '' then sums = evict(WINI[ARGV[8]]) end
local held = rd('GET', marker)
if held then
  local v = nums(held)
  for j = 1, 6 do sums[j] = sums[j] - v[j] end
end
local granted = ARGV[9] == '' or sums[1] < tonumber(ARGV[9])
if granted and not held then
  prefetch()
  local d = totalsOf(CALL)
  local v = {}
  for j = 1, 6 do v[j] = fmt(d[j]) end
  redis.call('SET', marker, table.concat(v, ','), 'PX', ARGV[4])
  redis.call('SET', seenKey, '1', 'PX', seenTtl, 'NX')
  apply(CALL)
end
flush()
return {granted and 1 or 0, sums[1], sums[2], sums[3], sums[4], sums[5], sums[6]}`;

/** SHA1 of {@link LEDGER_SCRIPT}, for `EVALSHA`. */
const LEDGER_SCRIPT_SHA = createHash('sha1').update(LEDGER_SCRIPT).digest('hex');

/** Sums of the totals over KEYS (each bucket's per-model fields `b:<field>:<model>` added up). */
const TOTALS_SCRIPT = `
local TOTI = {c = 1, i = 2, o = 3, ci = 4, r = 5, n = 6}
local s = {0, 0, 0, 0, 0, 0}
for i = 1, #KEYS do
  local v = redis.call('HGETALL', KEYS[i])
  for j = 1, #v, 2 do
    local t = TOTI[string.match(v[j], '^b:(%a+):')]
    if t then s[t] = s[t] + tonumber(v[j + 1]) end
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

/** Where one time falls in each bucket size (the script works out how long each is still kept). */
interface Placement {
  index: number[];
}

type Operation = 'record' | 'totals' | 'reserve' | 'settle';

/** The client methods the ledger script is sent with (ioredis: `evalsha`, `pipeline`; node-redis: `evalSha`). */
interface PipeliningClient {
  isCluster?: boolean;
  evalsha?: (sha: string, numKeys: number, ...rest: string[]) => Promise<unknown>;
  evalSha?: (sha: string, options: { keys: string[]; arguments: string[] }) => Promise<unknown>;
  pipeline?: () => {
    evalsha(sha: string, numKeys: number, ...rest: string[]): unknown;
    exec(): Promise<Array<[Error | null, unknown]> | null>;
  };
}

/** One script waiting for its tick's pipeline. */
interface PendingScript {
  keys: string[];
  args: string[];
  resolve: (reply: unknown) => void;
  reject: (error: unknown) => void;
}

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
  /** Scripts waiting for this tick's pipeline (ioredis, not a cluster client); see {@link #evalLedgerScript}. */
  #batch: PendingScript[] = [];

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
    const place = this.#place(atMs);
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
   * running total (other open holds included) against `check.limit` and places the hold there
   * only: the call's other scope keys count it when it settles (see the module comment).
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
    return { granted, totals: totalsOf(reply, 1) };
  }

  /**
   * Where the hold is open (its checked scope key), apply (actual − held); under the call's other
   * scope keys, record the actual usage once (idempotent by the hold id). One script per scope key.
   */
  async settle(hold: UsageHold, record: UsageRecord | null): Promise<UsageSettleOutcome> {
    const error =
      checkUsageHold(this.name, hold) ?? (record === null ? undefined : checkUsageRecord(this.name, record));
    if (error) throw error;
    const actual = record === null ? [] : recordFields(record, toNanoUsd(record.estimatedCost), 1);
    // (actual − held), for the scope key the hold was placed on.
    const deltas = new Map<string, number>();
    const add = (pairs: string[]) => {
      for (let i = 0; i < pairs.length; i += 2) {
        const field = pairs[i] as string;
        deltas.set(field, (deltas.get(field) ?? 0) + Number(pairs[i + 1]));
      }
    };
    add(holdFields(hold, -1));
    add(actual);
    const delta: string[] = [];
    for (const [field, value] of deltas) if (value !== 0) delta.push(field, String(value));
    const replies = await this.#eachScope(hold.scope, (scope, key) =>
      this.#run('settle', scope, key, `hold:${hold.id}`, hold.at.getTime(), 1, actual, undefined, delta),
    );
    // 2: the hold was found open and replaced; 1: a scope key without the hold counted the usage.
    const applied = replies.some((reply) => Array.isArray(reply) && Number(reply[0]) === 2);
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

  #place(atMs: number): Placement {
    const index: number[] = [];
    // Bucket k holds (k·size, (k+1)·size]: left-open like the windows.
    for (const r of RESOLUTIONS) index.push(Math.floor((atMs - 1) / r.size));
    return { index };
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
    delta: readonly string[] = [],
  ): Promise<unknown> {
    const nowMs = check.nowMs ?? this.#now().getTime();
    const base = this.scopeBase(scope, scopeKey);
    const place = this.#place(atMs);
    // The other keys of the scope key (buckets, indexes, future records) are derived in the script.
    const keys = [`${base}:${marker}`, `${base}:roll`];
    const args = [
      mode,
      String(nowMs),
      base,
      String(Math.max(1, Math.round(markerTtlMs))),
      ...place.index.map(String),
      check.window,
      check.limit ?? '',
      String(fields.length / 2),
      ...fields,
      String(delta.length / 2),
      ...delta,
      String(SEEN_TTL_MS),
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
    const client = this.#client as PipeliningClient;
    const preset = this.#preset.name;
    try {
      if (preset === 'ioredis' && typeof client.evalsha === 'function') {
        // The scripts of one operation (one per scope key) leave in one write on a standalone
        // ioredis client: one read and one reply write for the server instead of one each. A
        // cluster client routes each to its slot's node as usual.
        if (client.isCluster !== true && typeof client.pipeline === 'function')
          return await this.#pipelined(client, keys, args);
        return await client.evalsha(LEDGER_SCRIPT_SHA, keys.length, ...keys, ...args);
      }
      if (preset === 'node-redis' && typeof client.evalSha === 'function')
        return await client.evalSha(LEDGER_SCRIPT_SHA, { keys, arguments: args });
    } catch (error) {
      if (!/NOSCRIPT/.test(String((error as { message?: unknown })?.message ?? ''))) throw error;
    }
    return this.#preset.evalScript(this.#client, LEDGER_SCRIPT, keys, args);
  }

  /** Queue one EVALSHA for this tick's pipeline; the first of the tick schedules the send. */
  #pipelined(client: PipeliningClient, keys: string[], args: string[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (this.#batch.length === 0) queueMicrotask(() => this.#sendBatch(client));
      this.#batch.push({ keys, args, resolve, reject });
    });
  }

  #sendBatch(client: PipeliningClient): void {
    const batch = this.#batch;
    this.#batch = [];
    const pipeline = (client.pipeline as NonNullable<PipeliningClient['pipeline']>)();
    for (const item of batch)
      pipeline.evalsha(LEDGER_SCRIPT_SHA, item.keys.length, ...item.keys, ...item.args);
    pipeline.exec().then(
      (results) => {
        batch.forEach((item, i) => {
          const [error, reply] = results?.[i] ?? [new Error('no reply in the pipeline'), undefined];
          if (error) item.reject(error);
          else item.resolve(reply);
        });
      },
      (error: unknown) => {
        for (const item of batch) item.reject(error);
      },
    );
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

/** A record's field/increment pairs (`b:<field>:["provider","model"]`: a bucket's totals are their sums), times `sign`. */
function recordFields(record: UsageRecord, costNanos: number, sign: 1 | -1): string[] {
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
function holdFields(hold: UsageHold, sign: 1 | -1): string[] {
  return recordFields(
    { ...hold, kind: 'step', cachedInputTokens: 0, reasoningTokens: 0, priced: true },
    toNanoUsd(hold.estimatedCost),
    sign,
  );
}
