import { describeError } from '../../errors/error-chain.js';
import { SluiceError } from '../../errors/sluice-error.js';
import { StorageError } from '../errors.js';
import type { Migration, SqlExecutor } from './driver.js';

/**
 * Apply the missing migrations inside the caller's (locked) transaction: read the newest
 * applied version from `table`, run each later migration's statements, record it. A database
 * whose schema is newer than this code knows is refused (older code must not write to it).
 * Failures become `STORE_MIGRATION_FAILED` naming the version; Sluice errors pass through.
 */
export async function applyMigrations(
  store: string,
  tx: SqlExecutor,
  table: string,
  migrations: readonly Migration[],
): Promise<number> {
  const latest = migrations[migrations.length - 1]?.version ?? 0;
  const rows = await tx.all(`SELECT MAX(version) AS v FROM ${table}`);
  let current = Number(rows[0]?.v ?? 0);
  if (current > latest) {
    throw new StorageError(
      'STORE_MIGRATION_FAILED',
      `${store}: the database schema is at version ${current}, newer than version ${latest} this Sluice knows. ` +
        'Upgrade Sluice, or use another database / table prefix.',
      { details: { store, version: current, supported: latest } },
    );
  }
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    try {
      for (const statement of migration.statements) await tx.run(statement);
      await tx.run(`INSERT INTO ${table} (version, name, applied_at) VALUES (?, ?, ?)`, [
        migration.version,
        migration.name,
        Date.now(),
      ]);
    } catch (error) {
      if (SluiceError.isInstance(error)) throw error;
      throw new StorageError(
        'STORE_MIGRATION_FAILED',
        `${store}: applying schema migration ${migration.version} (${migration.name}) failed: ${describeError(error)}.`,
        { cause: error, details: { store, version: migration.version } },
      );
    }
    current = migration.version;
  }
  return current;
}
