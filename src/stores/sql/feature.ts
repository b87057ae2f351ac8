/**
 * Features that keep their own tables in a SQL memory store's database: the usage ledger of
 * `TokenCostControl`, the background task records. A feature brings versioned migrations of
 * its own, tracked in its own bookkeeping table (`<prefix><feature>_migrations`), so a feature
 * can evolve without touching the memory schema and a database without the feature never gets
 * its tables. Migrations run once per store, under the same cross-process lock the store's own
 * migrations use (SQLite: `BEGIN IMMEDIATE`; PostgreSQL: an advisory lock per schema+feature).
 */
import { describeValue } from '../../errors/describe-value.js';
import type { SluiceError } from '../../errors/sluice-error.js';
import type { Migration, SqlDriver } from './driver.js';

/** The SQL engine behind a store, for the few statements that differ (types, upserts, locks). */
export type SqlDialect = 'sqlite' | 'postgres';

/** What a feature's migrations may use to name things. */
interface SqlFeatureNaming {
  dialect: SqlDialect;
  /** Qualified, quoted-where-needed name of the feature's table `name` (prefix and schema applied). */
  table(name: string): string;
  /** An unqualified index name unique to this store's prefix (PostgreSQL index names are per schema). */
  index(name: string): string;
}

/** A feature's schema: a name and its migrations. */
export interface SqlFeature {
  /** `[a-z][a-z0-9_]*`, e.g. `usage` or `background_tasks`. */
  readonly name: string;
  /** Versioned migrations, oldest first; each version applied exactly once per database. */
  migrations(naming: SqlFeatureNaming): Migration[];
}

/** A feature's view of a SQL store. */
export interface SqlFeatureHandle {
  /** The store's name, for error messages, e.g. `SqliteStore(./memory.db)`. */
  readonly store: string;
  readonly dialect: SqlDialect;
  /** Qualified name of the feature's table `name`. */
  table(name: string): string;
  /**
   * The store's connected driver with the feature's schema applied (opening and migrating the
   * store first). Rejects with a `StorageError` when the database is unreachable or a migration
   * fails; the next call tries again.
   */
  connect(): Promise<SqlDriver>;
  /** Turn a driver error into the error callers see (`STORE_UNAVAILABLE`, `STORE_QUERY_FAILED`). */
  classify(operation: string, error: unknown): SluiceError;
}

const FEATURE_NAME = /^[a-z][a-z0-9_]*$/;

/** Validate a feature name (programming error when wrong: it ends up in table names). */
export function checkFeatureName(name: string): string {
  if (typeof name !== 'string' || !FEATURE_NAME.test(name)) {
    throw new TypeError(
      `SQL store feature name must match ${String(FEATURE_NAME)} (got ${describeValue(name)}).`,
    );
  }
  return name;
}
