import type { Transformer } from 'node:stream/web';
import type { LanguageModelV4, LanguageModelV4StreamPart, SharedV2ProviderMetadata } from '@ai-sdk/provider';
import { finishReasonFromUnified, rawFinishReasonOf } from './finish-reason.js';
import { MASTRA_MODEL_MARKER } from './is-mastra-language-model.js';
import { adaptedStreamResult } from './map-stream.js';
import { resolveSupportedUrls } from './resolve-supported-urls.js';
import { toV4CallOptions } from './to-v4-call-options.js';
import type { MastraLanguageModel, ModelCallOptions, ModelStreamPart, ModelStreamResult } from './types.js';
import { usageFromNested } from './usage.js';
import { toV2Warnings } from './warnings.js';

/**
 * Maps one spec-V4 stream part to a {@link ModelStreamPart}. Parts whose shape already matches
 * pass through as the same object; `stream-start`, `finish`, `tool-result` and `file` are
 * rebuilt. Dropped: `file` parts that hold only a URL (the normalised part carries bytes or
 * base64), `reasoning-file`, `custom`, `tool-approval-request`, preliminary tool results,
 * `ping` and unknown part types.
 */
const V4_TRANSFORMER: Transformer<LanguageModelV4StreamPart, ModelStreamPart> = {
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
      case 'source':
      case 'response-metadata':
      case 'raw':
      case 'error':
        controller.enqueue(part as ModelStreamPart);
        return;
      case 'stream-start':
        controller.enqueue({ type: 'stream-start', warnings: toV2Warnings(part.warnings) });
        return;
      case 'file':
        if (part.data?.type !== 'data') return;
        controller.enqueue({ type: 'file', mediaType: part.mediaType, data: part.data.data });
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

class V4ModelAdapter implements MastraLanguageModel {
  readonly [MASTRA_MODEL_MARKER] = true;
  readonly specificationVersion = 'v4' as const;
  readonly original: LanguageModelV4;

  constructor(model: LanguageModelV4) {
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
    const result = await this.original.doStream(toV4CallOptions(options));
    return adaptedStreamResult(result, V4_TRANSFORMER);
  }
}

/**
 * Wraps an AI SDK spec-V4 language model (`@ai-sdk/*` provider packages of major version 4) as a {@link MastraLanguageModel}:
 * call options are translated to V4 (see `toV4CallOptions`), the stream is normalised (flat
 * usage, `finishReason` + `rawFinishReason`), and a rejected `doStream` propagates unchanged.
 */
export function adaptV4(model: LanguageModelV4): MastraLanguageModel {
  return new V4ModelAdapter(model);
}
