import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../errors/configuration-error.js';
import { loadDriver } from './load-driver.js';

describe('optional store drivers', () => {
  it('a driver package that is not installed is a ConfigurationError naming the package and the install command', async () => {
    const error = await loadDriver(
      'SqliteStore',
      'sluice-no-such-driver-pkg',
      'npm install sluice-no-such-driver-pkg@1',
    ).catch((e: unknown) => e);
    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect((error as ConfigurationError).code).toBe('STORE_DRIVER_MISSING');
    expect((error as Error).message).toContain('"sluice-no-such-driver-pkg"');
    expect((error as Error).message).toContain('npm install sluice-no-such-driver-pkg@1');
    expect((error as ConfigurationError).details).toMatchObject({
      store: 'SqliteStore',
      package: 'sluice-no-such-driver-pkg',
    });
  });

  it('an installed driver loads', async () => {
    const mod = await loadDriver<{ default: unknown }>(
      'SqliteStore',
      'better-sqlite3',
      'npm install better-sqlite3@12',
    );
    expect(typeof mod.default).toBe('function');
  });
});
