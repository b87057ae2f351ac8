/**
 * Item 14 of issue #32: Sluice's own driver types (which spare consumers `@types/pg` and
 * `@types/better-sqlite3`) still take the drivers' real objects: a `pg.Pool` and its config for
 * `PostgresStore`, and `SqliteStore.database` narrows back to better-sqlite3's `Database`.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Pool, PoolConfig } from 'pg';
import { type PgPool, type PgPoolConfig, PostgresStore } from 'sluice/pg';
import type { SqliteDatabase } from 'sluice/sqlite';
import { expectTypeOf } from 'vitest';

expectTypeOf<Pool>().toExtend<PgPool>();
expectTypeOf<BetterSqlite3.Database>().toExtend<SqliteDatabase>();
// Not anything goes: a pool must be able to run a query.
expectTypeOf<{ end(): Promise<void> }>().not.toExtend<PgPool>();

declare const pool: Pool;
declare const config: Omit<PoolConfig, 'connectionString'>;
const asOption: PgPoolConfig = config;
void asOption;
new PostgresStore({ pool, schema: 'app' });
new PostgresStore({ connectionString: 'postgres://localhost/db', poolConfig: { max: 10, ssl: false } });
