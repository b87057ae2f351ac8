/**
 * Whether the services a benchmark needs are up. A bench whose service is down skips those rows
 * with a warning naming the bench and the address (benchmarks never fail for a missing service;
 * the test suite is where a missing service fails under CI).
 */
import pg from 'pg';

/** Connects to PostgreSQL at `url` (2 s timeout) and runs `SELECT 1`; warns and returns false when it cannot. */
export async function postgresReachable(url: string, bench: string, skipped: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch (error) {
    console.warn(`\n⚠️  ${bench}: PostgreSQL at ${url} unreachable (${String(error)}): ${skipped}.`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
