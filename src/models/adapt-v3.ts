import type { Transformer } from 'node:stream/web';
import type { LanguageModelV3, LanguageModelV3StreamPart, SharedV2ProviderMetadata } from '@ai-sdk/provider';
import { finishReasonFromUnified, rawFinishReasonOf } from './finish-reason.js';
import { MASTRA_MODEL_MARKER } from './is-mastra-language-model.js';
import { adaptedStreamResult } from './map-stream.js';
import { resolveSupportedUrls } from './resolve-supported-urls.js';
import { toV3CallOptions } from './to-v3-call-options.js';
import type { MastraLanguageModel, ModelCallOptions, ModelStreamPart, ModelStreamResult } from './types.js';
import { usageFromNested } from './usage.js';
import { toV2Warnings } from './warnings.js';

/**
 * Maps one spec-V3 stream part to a {@link ModelStreamPart}. Parts whose shape already matches
 * pass through as the same object; `stream-start` (warnings), `finish` (nested usage,
 * `{ unified, raw }` reason) and `tool-result` are rebuilt. Preliminary tool results, tool
 * approval requests and unknown part types are dropped.
 */
const V3_TRANSFORMER: Transformer<LanguageModelV3StreamPart, ModelStreamPart> = {
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
      case 'file':
      case 'source':
      case 'response-metadata':
      case 'raw':
      case 'error':
        controller.enqueue(part as ModelStreamPart);
        return;
      case 'stream-start':
        controller.enqueue({ type: 'stream-start', warnings: toV2Warnings(part.warnings) });
        return;
      case 'tool-result':
        if (part.preliminary === true) return;
        controller.enqueue({
          type: 'tool-result',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          result: part.result,
          isError: part.isError,
          providerExecuted: true,
          providerMetadata: part.providerMetadata as SharedV2ProviderMetadata | undefined,
        });
        return;
      case 'finish':
        controller.enqueue({
          type: 'finish',
          usage: usageFromNested(part.usage),
          finishReason: finishReasonFromUnified(part.finishReason?.unified),
          rawFinishReason: part.finishReason === undefined ? undefined : rawFinishReasonOf(part.finishReason),
          providerMetadata: part.providerMetadata as SharedV2ProviderMetadata | undefined,
        });
        return;
      default:
        return;
    }
  },
};

class V3ModelAdapter implements MastraLanguageModel {
  readonly [MASTRA_MODEL_MARKER] = true;
  readonly specificationVersion = 'v3' as const;
  readonly original: LanguageModelV3;

  constructor(model: LanguageModelV3) {
    this.original = model;
  }

  get provider(): string {
    return this.original.provider;
  }

  get modelId(): string {
    return this.original.modelId;
  }

  supportedUrls(): Promise<Record<string, RegExp[]>> {
    return resolveSupportedUrls(this.original.supportedUrls);
  }

  async doStream(options: ModelCallOptions): Promise<ModelStreamResult> {
    const result = await this.original.doStream(toV3CallOptions(options));
    return adaptedStreamResult(result, V3_TRANSFORMER);
  }
}

/**
 * Wraps an AI SDK spec-V3 language model (`@ai-sdk/*` provider packages of major version 3) as a {@link MastraLanguageModel}:
 * call options are translated to V3 (see `toV3CallOptions`), the stream is normalised (flat
 * usage, `finishReason` + `rawFinishReason`), and a rejected `doStream` propagates unchanged.
 */
export function adaptV3(model: LanguageModelV3): MastraLanguageModel {
  return new V3ModelAdapter(model);
}
