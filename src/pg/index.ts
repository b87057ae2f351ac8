/**
 * `sluice/pg`: the PostgreSQL store (`PostgresStore`, needs the optional peer dependency `pg`,
 * loaded on first use).
 */

export { SqlBackgroundTaskStore, type SqlBackgroundTaskStoreOptions } from '../background/sql/index.js';
export { SqlUsageLedger, type SqlUsageLedgerOptions } from '../cost/sql/index.js';
export {
  type PgPool,
  type PgPoolConfig,
  POSTGRES_SCHEMA_VERSION,
  PostgresStore,
  type PostgresStoreOptions,
} from '../stores/postgres/index.js';
