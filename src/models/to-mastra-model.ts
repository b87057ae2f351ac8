import type { LanguageModelV2, LanguageModelV3, LanguageModelV4 } from '@ai-sdk/provider';
import { ConfigurationError } from '../errors/index.js';
import { adaptV2 } from './adapt-v2.js';
import { adaptV3 } from './adapt-v3.js';
import { adaptV4 } from './adapt-v4.js';
import { isMastraLanguageModel } from './is-mastra-language-model.js';
import type { MastraLanguageModel } from './types.js';

/** Any model object {@link toMastraModel} accepts. */
export type SupportedLanguageModel =
  | LanguageModelV2
  | LanguageModelV3
  | LanguageModelV4
  | MastraLanguageModel;

const ACCEPTED =
  'an AI SDK language model implementing specification v2, v3 or v4 (e.g. from @ai-sdk/openai, ' +
  '@ai-sdk/anthropic, @ai-sdk/google, @ai-sdk/openai-compatible), a Sluice model, or — through ' +
  "resolveModel / the agent's `model` option — a router string such as 'openai/gpt-4o-mini'";

/**
 * Turns any supported model object into the one {@link MastraLanguageModel} interface the loop
 * talks to, dispatching on `specificationVersion`. A Sluice model is returned as is.
 *
 * @throws ConfigurationError `MODEL_UNSUPPORTED` for anything else — spec `v1` models (AI SDK 4
 *   providers) included — naming what was received and what is accepted.
 */
export function toMastraModel(model: SupportedLanguageModel): MastraLanguageModel {
  if (isMastraLanguageModel(model)) return model;
  const candidate = model as unknown;
  if (isModelObject(candidate)) {
    // Adapters hold no state of their own: one per model object, not one per request.
    const cached = adapters.get(candidate);
    if (cached !== undefined && cached.specificationVersion === candidate.specificationVersion) return cached;
    let adapted: MastraLanguageModel | undefined;
    switch (candidate.specificationVersion) {
      case 'v2':
        adapted = adaptV2(candidate as unknown as LanguageModelV2);
        break;
      case 'v3':
        adapted = adaptV3(candidate as unknown as LanguageModelV3);
        break;
      case 'v4':
        adapted = adaptV4(candidate as unknown as LanguageModelV4);
        break;
      case 'v1':
        throw new ConfigurationError(
          'MODEL_UNSUPPORTED',
          `Model ${describeModel(candidate)} implements AI SDK language model specification v1 ` +
            '(AI SDK 4 provider packages), which Sluice does not support. Upgrade the provider package ' +
            '(e.g. `npm install @ai-sdk/openai@latest`) so it implements specification v2, v3 or v4.',
          { details: { received: describeModel(candidate), specificationVersion: 'v1' } },
        );
    }
    if (adapted !== undefined) {
      adapters.set(candidate, adapted);
      return adapted;
    }
  }
  const received = describeValue(candidate);
  throw new ConfigurationError(
    'MODEL_UNSUPPORTED',
    `Unsupported model: received ${received}. Expected ${ACCEPTED}.`,
    {
      details: { received },
    },
  );
}

/** The adapter made for each model object (see `toMastraModel`). */
const adapters = new WeakMap<object, MastraLanguageModel>();

interface ModelObject {
  specificationVersion?: unknown;
  provider?: unknown;
  modelId?: unknown;
  doStream?: unknown;
  doGenerate?: unknown;
}

/** An object with `doStream` or `doGenerate` (a model may implement only one of them). */
function isModelObject(value: unknown): value is ModelObject {
  if (typeof value !== 'object' || value === null) return false;
  const { doStream, doGenerate } = value as ModelObject;
  return typeof doStream === 'function' || typeof doGenerate === 'function';
}

function describeModel(model: ModelObject): string {
  const provider = typeof model.provider === 'string' ? model.provider : '?';
  const modelId = typeof model.modelId === 'string' ? model.modelId : '?';
  return `"${provider}/${modelId}"`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') {
    return `the string ${JSON.stringify(value)} (strings are router ids: pass them to resolveModel or the agent's \`model\` option)`;
  }
  if (typeof value !== 'object') return `a ${typeof value}`;
  const record = value as ModelObject;
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  const kind = typeof name === 'string' && name !== 'Object' ? `an instance of ${name}` : 'an object';
  if (record.specificationVersion !== undefined) {
    const spec = JSON.stringify(record.specificationVersion);
    const callable = typeof record.doStream === 'function' || typeof record.doGenerate === 'function';
    return `${kind} with specificationVersion ${spec}${callable ? '' : ' and neither doStream() nor doGenerate()'}`;
  }
  const keys = Object.keys(value).slice(0, 6);
  return `${kind} without specificationVersion (keys: ${keys.length > 0 ? keys.join(', ') : 'none'})`;
}
