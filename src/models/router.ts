import { ConfigurationError } from '../errors/index.js';

/** Provider prefixes a router id (`'provider/model-id'`) may start with. */
type RouterProviderId = 'openai' | 'anthropic' | 'google' | 'openrouter' | 'ollama';

/** How one router prefix maps onto an AI SDK provider package. */
export interface RouterProvider {
  readonly id: RouterProviderId;
  /** The optional peer dependency that implements it, e.g. `@ai-sdk/openai`. */
  readonly packageName: string;
  /** Factory export(s) to look for in the package, in order of preference. */
  readonly factoryExports: readonly string[];
  /** Environment variable holding the API key. */
  readonly apiKeyEnv: string;
  /** False for local servers (Ollama) that need no key. */
  readonly apiKeyRequired: boolean;
  /** Environment variable overriding the base URL. */
  readonly baseUrlEnv: string;
  /** Base URL used when neither the config nor the environment sets one (else the package default). */
  readonly defaultBaseUrl?: string;
  /** Extra factory settings (e.g. the OpenAI-compatible provider name). */
  readonly extraSettings?: Readonly<Record<string, unknown>>;
}

/** The router prefixes Sluice understands and the package behind each. */
const ROUTER_PROVIDERS: Readonly<Record<RouterProviderId, RouterProvider>> = {
  openai: {
    id: 'openai',
    packageName: '@ai-sdk/openai',
    factoryExports: ['createOpenAI'],
    apiKeyEnv: 'OPENAI_API_KEY',
    apiKeyRequired: true,
    baseUrlEnv: 'OPENAI_BASE_URL',
  },
  anthropic: {
    id: 'anthropic',
    packageName: '@ai-sdk/anthropic',
    factoryExports: ['createAnthropic'],
    apiKeyEnv: 'ANTHROPIC_API_KEY',
    apiKeyRequired: true,
    baseUrlEnv: 'ANTHROPIC_BASE_URL',
  },
  google: {
    id: 'google',
    packageName: '@ai-sdk/google',
    factoryExports: ['createGoogleGenerativeAI', 'createGoogle'],
    apiKeyEnv: 'GOOGLE_GENERATIVE_AI_API_KEY',
    apiKeyRequired: true,
    baseUrlEnv: 'GOOGLE_GENERATIVE_AI_BASE_URL',
  },
  openrouter: {
    id: 'openrouter',
    packageName: '@ai-sdk/openai-compatible',
    factoryExports: ['createOpenAICompatible'],
    apiKeyEnv: 'OPENROUTER_API_KEY',
    apiKeyRequired: true,
    baseUrlEnv: 'OPENROUTER_BASE_URL',
    defaultBaseUrl: 'https://openrouter.ai/api/v1',
    extraSettings: { name: 'openrouter', includeUsage: true },
  },
  ollama: {
    id: 'ollama',
    packageName: '@ai-sdk/openai-compatible',
    factoryExports: ['createOpenAICompatible'],
    apiKeyEnv: 'OLLAMA_API_KEY',
    apiKeyRequired: false,
    baseUrlEnv: 'OLLAMA_BASE_URL',
    defaultBaseUrl: 'http://127.0.0.1:11434/v1',
    extraSettings: { name: 'ollama', includeUsage: true },
  },
};

/** The supported prefixes, as users write them (`openai/`, `anthropic/`, …). */
export const ROUTER_PREFIXES: readonly string[] = Object.keys(ROUTER_PROVIDERS).map((id) => `${id}/`);

/** A router id split into its provider and the provider's own model id. */
export interface ParsedRouterId {
  /** The full id as given, e.g. `openrouter/anthropic/claude-x`. */
  readonly id: string;
  readonly provider: RouterProvider;
  /** Everything after the first slash; may itself contain slashes (`anthropic/claude-x`). */
  readonly modelId: string;
}

/**
 * Splits `'provider/model-id'` at the first slash. The prefix is matched case-insensitively;
 * the model id is kept verbatim.
 *
 * @throws ConfigurationError `MODEL_ROUTER_INVALID` when there is no slash, either side is
 *   empty, or the prefix is unknown — the message lists the supported prefixes.
 */
export function parseRouterId(id: string): ParsedRouterId {
  const slash = id.indexOf('/');
  const prefix = slash > 0 ? id.slice(0, slash).trim().toLowerCase() : '';
  const modelId = slash > 0 ? id.slice(slash + 1).trim() : '';
  const provider = Object.hasOwn(ROUTER_PROVIDERS, prefix)
    ? ROUTER_PROVIDERS[prefix as RouterProviderId]
    : undefined;
  if (provider === undefined || modelId === '') {
    const problem =
      slash <= 0
        ? 'it has no "provider/" prefix'
        : modelId === ''
          ? 'the model id after the slash is empty'
          : `"${prefix}" is not a supported provider`;
    throw new ConfigurationError(
      'MODEL_ROUTER_INVALID',
      `Invalid model router id ${JSON.stringify(id)}: ${problem}. Use "provider/model-id" with one of the ` +
        `supported prefixes: ${ROUTER_PREFIXES.join(', ')} (e.g. "openai/gpt-4o-mini"), or pass an AI SDK model object.`,
      { details: { id, supportedPrefixes: ROUTER_PREFIXES } },
    );
  }
  return { id, provider, modelId };
}
