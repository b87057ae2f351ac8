import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { NESTED_USAGE_TRANSFORMER } from './nested-usage-transformer.js';
import { SpecModelAdapter, type SpecVersion } from './spec-adapter.js';
import { toV3CallOptions } from './to-v3-call-options.js';
import type { MastraLanguageModel } from './types.js';

const V3: SpecVersion<LanguageModelV3CallOptions, LanguageModelV3StreamPart> = {
  version: 'v3',
  toCallOptions: toV3CallOptions,
  transformer: NESTED_USAGE_TRANSFORMER,
};

/**
 * Wraps an AI SDK spec-V3 language model (`@ai-sdk/*` provider packages of major version 3) as a {@link MastraLanguageModel}:
 * call options are translated to V3 (see `toV3CallOptions`), the stream is normalised (flat
 * usage, `finishReason` + `rawFinishReason`), and a rejected `doStream` propagates unchanged.
 */
export function adaptV3(model: LanguageModelV3): MastraLanguageModel {
  return new SpecModelAdapter(model, V3);
}
