import { driverMissing } from '../errors.js';

/**
 * Import an optional driver package on first use. A package that is not installed becomes a
 * `ConfigurationError` (`STORE_DRIVER_MISSING`) that names the package and the install command;
 * any other load failure is rethrown as is.
 */
export async function loadDriver<T>(store: string, pkg: string, install: string): Promise<T> {
  try {
    return (await import(pkg)) as T;
  } catch (error) {
    if (isModuleNotFound(error, pkg)) throw driverMissing(store, pkg, install, error);
    throw error;
  }
}

function isModuleNotFound(error: unknown, pkg: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  const message = String((error as { message?: unknown }).message ?? '');
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    (message.includes(`'${pkg}'`) || message.includes(`"${pkg}"`) || message.includes(pkg))
  );
}
