/**
 * The Lua scripts of {@link RedisUsageLedger}, sent as they are to the server. The key layout
 * they work on is described in the module comment of `usage-ledger.ts`.
 */
import { createHash } from 'node:crypto';

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
export const LEDGER_SCRIPT = `
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
export const LEDGER_SCRIPT_SHA = createHash('sha1').update(LEDGER_SCRIPT).digest('hex');

/** Sums of the totals over KEYS (each bucket's per-model fields `b:<field>:<model>` added up). */
export const TOTALS_SCRIPT = `
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
export const BREAKDOWN_SCRIPT = `
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
