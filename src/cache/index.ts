/**
 * `sluice/cache`: the server cache contract (`MastraServerCache`) and an in-process LRU backend
 * (`InMemoryServerCache`). The Redis backend lives in `sluice/redis`.
 */
export { InMemoryServerCache, type InMemoryServerCacheOptions } from './in-memory-server-cache.js';
export { MastraServerCache, type ServerCacheLock, supportsLock } from './server-cache.js';
