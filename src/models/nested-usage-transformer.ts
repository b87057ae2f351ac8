import type { Transformer } from 'node:stream/web';
import type {
  LanguageModelV3StreamPart,
  LanguageModelV4StreamPart,
  SharedV2ProviderMetadata,
} from '@ai-sdk/provider';
import { finishReasonFromUnified, rawFinishReasonOf } from './finish-reason.js';
import type { ModelStreamPart } from './types.js';
import { usageFromNested } from './usage.js';
import { toV2Warnings } from './warnings.js';

/**
 * Maps a spec-V3 or V4 stream part (nested usage, `{ unified, raw }` finish reason) to a
 * {@link ModelStreamPart}. Parts whose shape already matches pass through as the same object;
 * `stream-start`, `finish`, `tool-result` and V4 `file` parts are rebuilt. Dropped: V4 `file`
 * parts that hold only a URL (the normalised part carries bytes or base64), `reasoning-file`,
 * `custom`, `tool-approval-request`, preliminary tool results, `ping` and unknown types.
 */
export const NESTED_USAGE_TRANSFORMER: Transformer<
  LanguageModelV3StreamPart | LanguageModelV4StreamPart,
  ModelStreamPart
> = {
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
      case 'file': {
        const data: unknown = part.data;
        // V3 carries bytes/base64 directly; V4 wraps them as `{ type: 'data' | 'url', … }`.
        if (typeof data === 'string' || data instanceof Uint8Array) {
          controller.enqueue({ type: 'file', mediaType: part.mediaType, data });
        } else if ((data as { type?: string } | undefined)?.type === 'data') {
          controller.enqueue({
            type: 'file',
            mediaType: part.mediaType,
            data: (data as { data: string | Uint8Array }).data,
          });
        }
        return;
      }
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
