/**
 * Test support for the PostgreSQL suites (imported by test files only): where the database is,
 * whether it is up, and throwaway schemas. Without a reachable server the suites skip loudly,
 * except under `CI`, where a missing database fails the run.
 */
import pg from 'pg';

/** `DATABASE_URL`, defaulting to the local trust-auth test database. */
export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Probe the server once (2 s timeout). */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch (error) {
    if (process.env.CI) {
      throw new Error(`PostgreSQL at ${DATABASE_URL} is required under CI but unreachable: ${String(error)}`);
    }
    console.warn(
      `\n⚠️  PostgreSQL at ${DATABASE_URL} is unreachable (${String(error)}): SKIPPING the PostgresStore suites. ` +
        'Start PostgreSQL or set DATABASE_URL to run them.\n',
    );
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let counter = 0;

/** A schema name unique to this process and call, safe to DROP afterwards. */
export function uniqueSchema(label: string): string {
  return `sluice_t_${label}_${process.pid}_${Date.now().toString(36)}_${++counter}`;
}

/** Drop a schema created by a test (never anything else: names must come from `uniqueSchema`). */
export async function dropSchema(admin: pg.Pool, schema: string): Promise<void> {
  if (!schema.startsWith('sluice_t_')) throw new Error(`refusing to drop non-test schema ${schema}`);
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}
