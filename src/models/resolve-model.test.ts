import { afterEach, describe, expect, it, vi } from 'vitest';
import { SluiceError } from '../errors/index.js';
import { ScriptedModel } from '../test/scripted-model.js';
import { importProviderModule, isModuleNotFound } from './load-provider-package.js';
import { type ResolveModelOptions, resolveModel } from './resolve-model.js';
import { toMastraModel } from './to-mastra-model.js';

async function rejection(promise: Promise<unknown>): Promise<SluiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!SluiceError.isInstance(error)) throw new Error(`expected a SluiceError, got ${String(error)}`);
  return error;
}

/** A loader whose every package exports one factory that records its settings. */
function fakeLoader() {
  const created: Array<{ pkg: string; settings: Record<string, unknown>; modelId?: string }> = [];
  const factory = (pkg: string) => (settings: Record<string, unknown>) => {
    const entry: (typeof created)[number] = { pkg, settings };
    created.push(entry);
    return (modelId: string) => {
      entry.modelId = modelId;
      return new ScriptedModel({ steps: [], provider: `fake.${pkg}`, modelId });
    };
  };
  const loadProviderModule: ResolveModelOptions['loadProviderModule'] = async (pkg) => ({
    createOpenAI: factory(pkg),
    createAnthropic: factory(pkg),
    createGoogle: factory(pkg),
    createOpenAICompatible: factory(pkg),
  });
  return { created, loadProviderModule };
}

function missingPackageLoader(): ResolveModelOptions['loadProviderModule'] {
  return async (pkg) => {
    const error = new Error(
      `Cannot find package '${pkg}' imported from /app/node_modules/sluice/dist/models/x.js`,
    );
    Object.assign(error, { code: 'ERR_MODULE_NOT_FOUND' });
    throw error;
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('resolveModel: real provider packages (no network)', () => {
  it('openai/gpt-4o-mini without OPENAI_API_KEY → MODEL_API_KEY_MISSING naming the variable', async () => {
    vi.stubEnv('OPENAI_API_KEY', undefined);
    const error = await rejection(resolveModel('openai/gpt-4o-mini'));
    expect(error.code).toBe('MODEL_API_KEY_MISSING');
    expect(error.name).toBe('ConfigurationError');
    expect(error.message).toContain('OPENAI_API_KEY');
    expect(error.details).toMatchObject({ envVar: 'OPENAI_API_KEY', routerId: 'openai/gpt-4o-mini' });
  });

  it('openai/gpt-4o-mini with the key set → a V4 model, no request made', async () => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-test');
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in tests')));
    vi.stubGlobal('fetch', fetchSpy);
    const model = await resolveModel('openai/gpt-4o-mini');
    expect(model.provider).toContain('openai');
    expect(model.modelId).toBe('gpt-4o-mini');
    expect(model.specificationVersion).toBe('v4');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('builds anthropic, google, openrouter and ollama models from their packages', async () => {
    const env = {
      ANTHROPIC_API_KEY: 'a',
      GOOGLE_GENERATIVE_AI_API_KEY: 'g',
      OPENROUTER_API_KEY: 'o',
    };
    const anthropic = await resolveModel('anthropic/claude-sonnet-4-5', { env });
    expect(anthropic.provider).toContain('anthropic');
    expect(anthropic.modelId).toBe('claude-sonnet-4-5');
    const google = await resolveModel('google/gemini-2.5-flash', { env });
    expect(google.provider).toContain('google');
    expect(google.modelId).toBe('gemini-2.5-flash');
    const openrouter = await resolveModel('openrouter/anthropic/claude-x', { env });
    expect(openrouter.provider).toBe('openrouter.chat');
    expect(openrouter.modelId).toBe('anthropic/claude-x');
    const ollama = await resolveModel('ollama/llama3.2', { env: {} });
    expect(ollama.provider).toBe('ollama.chat');
    expect(ollama.modelId).toBe('llama3.2');
  });

  it('the default loader reports a really missing package in a shape isModuleNotFound recognises', async () => {
    const error = await importProviderModule('@sluice-test/not-installed').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isModuleNotFound(error, '@sluice-test/not-installed')).toBe(true);
    expect(isModuleNotFound(error, '@ai-sdk/openai')).toBe(false);
  });
});

describe('resolveModel: errors before any network call', () => {
  it.each([
    ['anthropic/claude-x', '@ai-sdk/anthropic'],
    ['openai/gpt-4o', '@ai-sdk/openai'],
    ['google/gemini-2.5-pro', '@ai-sdk/google'],
    ['openrouter/meta/llama', '@ai-sdk/openai-compatible'],
    ['ollama/llama3', '@ai-sdk/openai-compatible'],
  ])('%s with its package missing → MODEL_PROVIDER_PACKAGE_MISSING naming %s', async (id, pkg) => {
    const error = await rejection(resolveModel(id, { loadProviderModule: missingPackageLoader(), env: {} }));
    expect(error.code).toBe('MODEL_PROVIDER_PACKAGE_MISSING');
    expect(error.message).toContain(pkg);
    expect(error.message).toContain(`npm install ${pkg}`);
    expect(error.details).toMatchObject({ packageName: pkg });
  });

  it.each([
    ['anthropic/claude-x', 'ANTHROPIC_API_KEY'],
    ['google/gemini-2.5-pro', 'GOOGLE_GENERATIVE_AI_API_KEY'],
    ['openrouter/meta/llama', 'OPENROUTER_API_KEY'],
  ])('%s without a key → MODEL_API_KEY_MISSING naming %s; no provider is created', async (id, envVar) => {
    const { created, loadProviderModule } = fakeLoader();
    const error = await rejection(resolveModel(id, { loadProviderModule, env: { [envVar]: '  ' } }));
    expect(error.code).toBe('MODEL_API_KEY_MISSING');
    expect(error.message).toContain(envVar);
    expect(created).toEqual([]);
  });

  it('other import failures → MODEL_PROVIDER_LOAD_FAILED with the cause kept', async () => {
    const boom = new SyntaxError('Unexpected token');
    const error = await rejection(
      resolveModel('openai/gpt-4o', {
        env: {},
        loadProviderModule: async () => {
          throw boom;
        },
      }),
    );
    expect(error.code).toBe('MODEL_PROVIDER_LOAD_FAILED');
    expect(error.cause).toBe(boom);
  });

  it('a package without the factory export → MODEL_PROVIDER_PACKAGE_INCOMPATIBLE', async () => {
    const error = await rejection(
      resolveModel('google/gemini', {
        env: { GOOGLE_GENERATIVE_AI_API_KEY: 'k' },
        loadProviderModule: async () => ({}),
      }),
    );
    expect(error.code).toBe('MODEL_PROVIDER_PACKAGE_INCOMPATIBLE');
    expect(error.message).toContain('createGoogleGenerativeAI or createGoogle');
  });

  it('malformed router strings → MODEL_ROUTER_INVALID', async () => {
    for (const id of ['gpt-4o', 'openai/', 'foo/bar']) {
      const error = await rejection(resolveModel(id));
      expect(error.code).toBe('MODEL_ROUTER_INVALID');
      expect(error.message).toContain('openai/, anthropic/, google/, openrouter/, ollama/');
    }
  });
});

describe('resolveModel: settings', () => {
  it('config object: apiKey, url and headers win over the environment', async () => {
    const { created, loadProviderModule } = fakeLoader();
    const model = await resolveModel(
      {
        id: 'openai/gpt-4o',
        apiKey: 'sk-config',
        url: 'https://proxy.example/v1',
        headers: { 'x-team': 'a' },
      },
      { loadProviderModule, env: { OPENAI_API_KEY: 'sk-env', OPENAI_BASE_URL: 'https://env.example/v1' } },
    );
    expect(created).toEqual([
      {
        pkg: '@ai-sdk/openai',
        settings: { apiKey: 'sk-config', baseURL: 'https://proxy.example/v1', headers: { 'x-team': 'a' } },
        modelId: 'gpt-4o',
      },
    ]);
    expect(model.modelId).toBe('gpt-4o');
  });

  it('config object with apiKey works when the environment has no key', async () => {
    const { created, loadProviderModule } = fakeLoader();
    await resolveModel({ id: 'anthropic/claude-x', apiKey: 'k' }, { loadProviderModule, env: {} });
    expect(created[0].settings).toEqual({ apiKey: 'k' });
  });

  it('environment key and base URL; package default base URL when unset', async () => {
    const { created, loadProviderModule } = fakeLoader();
    await resolveModel('google/gemini', {
      loadProviderModule,
      env: { GOOGLE_GENERATIVE_AI_API_KEY: 'g', GOOGLE_GENERATIVE_AI_BASE_URL: 'https://g.example' },
    });
    await resolveModel('anthropic/claude', { loadProviderModule, env: { ANTHROPIC_API_KEY: 'a' } });
    expect(created.map((c) => c.settings)).toEqual([
      { apiKey: 'g', baseURL: 'https://g.example' },
      { apiKey: 'a' },
    ]);
  });

  it('openrouter and ollama use the OpenAI-compatible provider with their default base URLs', async () => {
    const { created, loadProviderModule } = fakeLoader();
    await resolveModel('openrouter/anthropic/claude-x', {
      loadProviderModule,
      env: { OPENROUTER_API_KEY: 'or' },
    });
    await resolveModel('ollama/qwen3:4b', { loadProviderModule, env: {} });
    await resolveModel('ollama/qwen3:4b', {
      loadProviderModule,
      env: { OLLAMA_BASE_URL: 'http://gpu:11434/v1' },
    });
    expect(created).toEqual([
      {
        pkg: '@ai-sdk/openai-compatible',
        settings: {
          name: 'openrouter',
          includeUsage: true,
          apiKey: 'or',
          baseURL: 'https://openrouter.ai/api/v1',
        },
        modelId: 'anthropic/claude-x',
      },
      {
        pkg: '@ai-sdk/openai-compatible',
        settings: { name: 'ollama', includeUsage: true, baseURL: 'http://127.0.0.1:11434/v1' },
        modelId: 'qwen3:4b',
      },
      {
        pkg: '@ai-sdk/openai-compatible',
        settings: { name: 'ollama', includeUsage: true, baseURL: 'http://gpu:11434/v1' },
        modelId: 'qwen3:4b',
      },
    ]);
  });

  it('passes model objects through toMastraModel and Sluice models through unchanged', async () => {
    const scripted = new ScriptedModel({ steps: [] });
    const resolved = await resolveModel(scripted);
    expect(resolved.original).toBe(scripted);
    const adapted = toMastraModel(scripted);
    expect(await resolveModel(adapted)).toBe(adapted);
    await expect(resolveModel({ nope: true } as never)).rejects.toMatchObject({ code: 'MODEL_UNSUPPORTED' });
  });
});
