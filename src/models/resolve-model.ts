import { ConfigurationError } from '../errors/index.js';
import { isMastraLanguageModel } from './is-mastra-language-model.js';
import { loadProviderFactory, type ProviderModuleLoader } from './load-provider-package.js';
import { parseRouterId } from './router.js';
import { type SupportedLanguageModel, toMastraModel } from './to-mastra-model.js';
import type { MastraLanguageModel } from './types.js';

/** The config-object form of a router model: `{ id: 'openai/gpt-4o', apiKey?, url?, headers? }`. */
export interface ModelRouterConfig {
  /** Router id, `'provider/model-id'`. */
  id: string;
  /** API key; wins over the provider's environment variable. */
  apiKey?: string;
  /** Base URL; wins over the provider's `*_BASE_URL` environment variable. */
  url?: string;
  /** Extra HTTP headers sent with every request. */
  headers?: Record<string, string>;
}

/** Everything {@link resolveModel} accepts. */
export type ModelSpec = string | ModelRouterConfig | SupportedLanguageModel;

/** Options of {@link resolveModel}; both exist mainly for tests. */
export interface ResolveModelOptions {
  /** Where API keys and base URLs are read from. Default: `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Loads a provider package by name. Default: dynamic `import()`. */
  loadProviderModule?: ProviderModuleLoader;
}

/**
 * Resolves a model spec to a {@link MastraLanguageModel}: model objects go through
 * `toMastraModel`; router ids (`'openai/gpt-4o-mini'`, `'openrouter/anthropic/claude-x'`, …) and
 * their config-object form load the provider's optional peer package and build its model.
 * Every configuration problem is raised here, before any network call.
 *
 * @throws ConfigurationError `MODEL_ROUTER_INVALID` (malformed id or unknown prefix),
 *   `MODEL_PROVIDER_PACKAGE_MISSING` (names the package and `npm install <pkg>`),
 *   `MODEL_API_KEY_MISSING` (names the environment variable to set), `MODEL_UNSUPPORTED`.
 */
export async function resolveModel(
  spec: ModelSpec,
  options: ResolveModelOptions = {},
): Promise<MastraLanguageModel> {
  if (typeof spec === 'string') return resolveRouterModel({ id: spec }, options);
  if (isRouterConfig(spec)) return resolveRouterModel(spec, options);
  if (isMastraLanguageModel(spec)) return spec;
  return toMastraModel(spec);
}

function isRouterConfig(value: unknown): value is ModelRouterConfig {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { doStream?: unknown }).doStream !== 'function'
  );
}

async function resolveRouterModel(
  config: ModelRouterConfig,
  options: ResolveModelOptions,
): Promise<MastraLanguageModel> {
  const { id, provider, modelId } = parseRouterId(config.id);
  const env = options.env ?? process.env;
  const factory = await loadProviderFactory(provider, id, options.loadProviderModule);

  const apiKey = nonEmpty(config.apiKey) ?? nonEmpty(env[provider.apiKeyEnv]);
  if (apiKey === undefined && provider.apiKeyRequired) {
    throw new ConfigurationError(
      'MODEL_API_KEY_MISSING',
      `Missing API key for model "${id}": set the ${provider.apiKeyEnv} environment variable, ` +
        `or pass the model as { id: '${id}', apiKey: '…' }.`,
      { details: { routerId: id, envVar: provider.apiKeyEnv } },
    );
  }
  const baseURL = nonEmpty(config.url) ?? nonEmpty(env[provider.baseUrlEnv]) ?? provider.defaultBaseUrl;

  const settings: Record<string, unknown> = { ...provider.extraSettings };
  if (apiKey !== undefined) settings.apiKey = apiKey;
  if (baseURL !== undefined) settings.baseURL = baseURL;
  if (config.headers !== undefined) settings.headers = config.headers;

  const providerInstance = factory(settings);
  if (typeof providerInstance !== 'function') {
    throw new ConfigurationError(
      'MODEL_PROVIDER_PACKAGE_INCOMPATIBLE',
      `Model "${id}": ${provider.factoryExports[0]}() from ${provider.packageName} did not return a callable provider. ` +
        `Install a current version with: npm install ${provider.packageName}@latest`,
      { details: { routerId: id, packageName: provider.packageName } },
    );
  }
  return toMastraModel((providerInstance as (modelId: string) => SupportedLanguageModel)(modelId));
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
