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

/** Node's "cannot find package" for `pkg`, possibly wrapped (loaders and test runners add a layer). */
function isModuleNotFound(error: unknown, pkg: string): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    const message = String((current as { message?: unknown }).message ?? '');
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && message.includes(pkg))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
