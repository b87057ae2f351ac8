import { ConfigurationError } from '../errors/index.js';
import type { RouterProvider } from './router.js';

/** Loads a package by name; the default is a dynamic `import()`. Injectable for tests. */
export type ProviderModuleLoader = (packageName: string) => Promise<unknown>;

/** Default {@link ProviderModuleLoader}: a dynamic `import()` of the package name. */
export const importProviderModule: ProviderModuleLoader = (packageName) =>
  import(/* @vite-ignore */ packageName);

/**
 * Loads `provider.packageName` and returns its factory function (`createOpenAI` …).
 *
 * @throws ConfigurationError `MODEL_PROVIDER_PACKAGE_MISSING` when the package is not
 *   installed (the message names it and the `npm install` command);
 *   `MODEL_PROVIDER_PACKAGE_INCOMPATIBLE` when it lacks the expected factory export;
 *   `MODEL_PROVIDER_LOAD_FAILED` when importing it failed for another reason.
 */
export async function loadProviderFactory(
  provider: RouterProvider,
  routerId: string,
  load: ProviderModuleLoader = importProviderModule,
): Promise<(settings: Record<string, unknown>) => unknown> {
  const pkg = provider.packageName;
  let module: unknown;
  try {
    module = await load(pkg);
  } catch (error) {
    if (isModuleNotFound(error, pkg)) {
      throw new ConfigurationError(
        'MODEL_PROVIDER_PACKAGE_MISSING',
        `Model "${routerId}" needs the package ${pkg}, which is not installed. ` +
          `Install it with: npm install ${pkg}`,
        { cause: error, details: { routerId, packageName: pkg, install: `npm install ${pkg}` } },
      );
    }
    throw new ConfigurationError(
      'MODEL_PROVIDER_LOAD_FAILED',
      `Model "${routerId}": loading ${pkg} failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error, details: { routerId, packageName: pkg } },
    );
  }
  const exports = (typeof module === 'object' && module !== null ? module : {}) as Record<string, unknown>;
  for (const name of provider.factoryExports) {
    const factory = exports[name];
    if (typeof factory === 'function') return factory as (settings: Record<string, unknown>) => unknown;
  }
  throw new ConfigurationError(
    'MODEL_PROVIDER_PACKAGE_INCOMPATIBLE',
    `Model "${routerId}": the installed ${pkg} does not export ${provider.factoryExports.join(' or ')}. ` +
      `Install a current version with: npm install ${pkg}@latest`,
    { details: { routerId, packageName: pkg } },
  );
}

/** True when `error` says `packageName` itself (not one of its dependencies) cannot be found. */
export function isModuleNotFound(error: unknown, packageName: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  const notFound =
    code === 'ERR_MODULE_NOT_FOUND' ||
    code === 'MODULE_NOT_FOUND' ||
    /cannot find (package|module)|failed to (load|resolve)/i.test(text);
  return notFound && (text === '' || text.includes(packageName));
}
