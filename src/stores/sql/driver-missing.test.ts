import { PostgresStore } from 'sluice/pg';
import { SqliteStore } from 'sluice/sqlite';
import { describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../errors/configuration-error.js';

// Simulate a project that installed neither optional driver: resolving them fails the way Node does.
function notInstalled(pkg: string): never {
  const error = new Error(
    `Cannot find package '${pkg}' imported from /app/node_modules/sluice/dist/stores/sql/load-driver.js`,
  );
  (error as Error & { code: string }).code = 'ERR_MODULE_NOT_FOUND';
  throw error;
}
vi.mock('better-sqlite3', () => notInstalled('better-sqlite3'));
vi.mock('pg', () => notInstalled('pg'));

describe('stores without their driver installed', () => {
  it('SqliteStore fails on first use with STORE_DRIVER_MISSING naming `npm install better-sqlite3@12`', async () => {
    const store = new SqliteStore({ path: ':memory:' });
    const error = await store.getThreadById('t').catch((e: unknown) => e);
    expect(ConfigurationError.isInstance(error), String(error)).toBe(true);
    expect((error as ConfigurationError).code).toBe('STORE_DRIVER_MISSING');
    expect((error as Error).message).toContain('npm install better-sqlite3@12');
  });

  it('PostgresStore fails on first use with STORE_DRIVER_MISSING naming `npm install pg`', async () => {
    const store = new PostgresStore({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
    const error = await store.init().catch((e: unknown) => e);
    expect(ConfigurationError.isInstance(error), String(error)).toBe(true);
    expect((error as ConfigurationError).code).toBe('STORE_DRIVER_MISSING');
    expect((error as Error).message).toContain('npm install pg');
  });
});
