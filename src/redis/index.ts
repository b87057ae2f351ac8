/**
 * `sluice/redis`: `RedisServerCache` (alias `RedisCache`), a `MastraServerCache` in Redis for
 * caches shared between servers, and the client presets. The `redis` / `ioredis` packages are
 * optional peer dependencies: pass your own connected client.
 */
export {
  detectPreset,
  ioredisPreset,
  nodeRedisPreset,
  type RedisClientLike,
  type RedisServerCachePreset,
  upstashPreset,
} from './presets.js';
export {
  RedisCache,
  RedisServerCache,
  type RedisServerCacheConfig,
  type RedisServerCacheOptions,
} from './redis-server-cache.js';
export { keyHashSlot } from './script-sender.js';
export { RedisUsageLedger, type RedisUsageLedgerOptions } from './usage-ledger.js';
