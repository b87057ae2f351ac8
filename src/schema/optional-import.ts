/**
 * Import a package the user may not have installed. Resolves to `undefined` when the package
 * (or one of its own imports) cannot be found; any other load failure is rethrown.
 *
 * The specifier is passed through a variable so bundlers and `tsc` do not try to resolve
 * optional packages at build time.
 */
export async function importOptional(specifier: string): Promise<Record<string, unknown> | undefined> {
  try {
    return (await import(/* webpackIgnore: true */ /* @vite-ignore */ specifier)) as Record<string, unknown>;
  } catch (error) {
    if (isModuleNotFound(error)) return undefined;
    throw error;
  }
}

function isModuleNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (
    code === 'ERR_MODULE_NOT_FOUND' ||
    code === 'MODULE_NOT_FOUND' ||
    code === 'ERR_PACKAGE_PATH_NOT_EXPORTED'
  ) {
    return true;
  }
  const message = String((error as { message?: unknown }).message ?? '');
  return /cannot find (module|package)|failed to resolve/i.test(message);
}
