/**
 * `sluice/sqlite`: the embedded SQLite store (`SqliteStore`, needs the optional peer
 * dependency `better-sqlite3@12`, loaded on first use).
 */

export { SqlBackgroundTaskStore, type SqlBackgroundTaskStoreOptions } from '../background/sql/index.js';
export { SqlUsageLedger, type SqlUsageLedgerOptions } from '../cost/sql/index.js';
export {
  SQLITE_SCHEMA_VERSION,
  type SqliteDatabase,
  SqliteStore,
  type SqliteStoreOptions,
} from '../stores/sqlite/index.js';
