import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { NESTED_USAGE_TRANSFORMER } from './nested-usage-transformer.js';
import { SpecModelAdapter, type SpecVersion } from './spec-adapter.js';
import { toV4CallOptions } from './to-v4-call-options.js';
import type { MastraLanguageModel } from './types.js';

const V4: SpecVersion<LanguageModelV4CallOptions, LanguageModelV4StreamPart> = {
  version: 'v4',
  toCallOptions: toV4CallOptions,
  transformer: NESTED_USAGE_TRANSFORMER,
};

/**
 * Wraps an AI SDK spec-V4 language model (`@ai-sdk/*` provider packages of major version 4) as a {@link MastraLanguageModel}:
 * call options are translated to V4 (see `toV4CallOptions`), the stream is normalised (flat
 * usage, `finishReason` + `rawFinishReason`), and a rejected `doStream` propagates unchanged.
 */
export function adaptV4(model: LanguageModelV4): MastraLanguageModel {
  return new SpecModelAdapter(model, V4);
}
