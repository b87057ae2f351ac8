import type { Transformer } from 'node:stream/web';
import type {
  LanguageModelV2,
  LanguageModelV2CallOptions,
  LanguageModelV2StreamPart,
} from '@ai-sdk/provider';
import { finishReasonFromUnified } from './finish-reason.js';
import { SpecModelAdapter, type SpecVersion } from './spec-adapter.js';
import { toV2CallOptions } from './to-v2-call-options.js';
import type { MastraLanguageModel, ModelStreamPart } from './types.js';
import { usageFromFlat } from './usage.js';

/**
 * Maps one spec-V2 stream part to a {@link ModelStreamPart}. V2 parts already have the
 * normalised shape, so they pass through as the same object; only `finish` is rebuilt (to fill
 * in `totalTokens` when the provider left it out). Unknown part types are dropped.
 */
const V2_TRANSFORMER: Transformer<LanguageModelV2StreamPart, ModelStreamPart> = {
  transform(part, controller) {
    switch (part.type) {
      case 'text-start':
      case 'text-delta':
      case 'text-end':
      case 'reasoning-start':
      case 'reasoning-delta':
      case 'reasoning-end':
      case 'tool-input-start':
      case 'tool-input-delta':
      case 'tool-input-end':
      case 'tool-call':
      case 'tool-result':
      case 'file':
      case 'source':
      case 'stream-start':
      case 'response-metadata':
      case 'raw':
      case 'error':
        controller.enqueue(part as ModelStreamPart);
        return;
      case 'finish':
        controller.enqueue({
          type: 'finish',
          usage: usageFromFlat(part.usage),
          finishReason: finishReasonFromUnified(part.finishReason),
          providerMetadata: part.providerMetadata,
        });
        return;
      default:
        return;
    }
  },
};

const V2: SpecVersion<LanguageModelV2CallOptions, LanguageModelV2StreamPart> = {
  version: 'v2',
  toCallOptions: toV2CallOptions,
  transformer: V2_TRANSFORMER,
};

/**
 * Wraps an AI SDK spec-V2 language model (`@ai-sdk/*` provider packages of major version 2) as a {@link MastraLanguageModel}.
 * Call options pass through (URL strings in file parts become `URL`s); a rejected `doStream`
 * propagates unchanged, so the provider's own `APICallError` reaches the caller.
 */
export function adaptV2(model: LanguageModelV2): MastraLanguageModel {
  return new SpecModelAdapter(model, V2);
}
