import type { SharedV2ProviderMetadata } from '@ai-sdk/provider';
import type { FinishReason, LanguageModelUsage, ModelStreamPart } from '../../models/types.js';
import type { CachedLLMStepResponse } from '../../pipeline/types.js';

/**
 * Turn a cached step response (compact `{ type, payload }` chunks) back into model parts, so a
 * replayed step flows through exactly the same recording and emission path as a live one. The
 * parts share no object with `response` (text is strings, tool arguments are re-serialised,
 * metadata and bytes are copied), so what the run hands out cannot change a cached entry.
 */
export function replayCachedResponse(response: CachedLLMStepResponse): ReadableStream<ModelStreamPart> {
  const parts: ModelStreamPart[] = [];
  let sawFinish = false;
  const chunks: readonly unknown[] = Array.isArray(response?.chunks) ? response.chunks : [undefined];
  for (let index = 0; index < chunks.length; index++) {
    const chunk = chunks[index] as CachedLLMStepResponse['chunks'][number];
    if (typeof chunk !== 'object' || chunk === null || typeof chunk.type !== 'string') {
      // A malformed cache entry fails the step like a malformed provider stream would: the run
      // ends with a ProviderCallError naming model and step (and error processors see it).
      parts.push({
        type: 'error',
        error: new Error(
          Array.isArray(response?.chunks)
            ? `the cached response's chunk ${index} is ${chunk === null ? 'null' : typeof chunk === 'object' ? 'an object without a string "type"' : `a ${typeof chunk}`}`
            : 'the cached response has no "chunks" array',
        ),
      });
      break;
    }
    const p = (chunk.payload ?? {}) as Record<string, unknown>;
    const id = String(p.id ?? '0');
    // Provider metadata rides along wherever the recorded chunk carries it.
    const meta = metadataOf(p);
    switch (chunk.type) {
      case 'text-start':
      case 'text-end':
      case 'reasoning-start':
      case 'reasoning-end':
        parts.push(meta ? { type: chunk.type, id, providerMetadata: meta } : { type: chunk.type, id });
        break;
      case 'text-delta':
      case 'reasoning-delta': {
        const delta = String(p.text ?? '');
        parts.push(
          meta ? { type: chunk.type, id, delta, providerMetadata: meta } : { type: chunk.type, id, delta },
        );
        break;
      }
      case 'tool-call': {
        const call: ModelStreamPart = {
          type: 'tool-call',
          toolCallId: String(p.toolCallId),
          toolName: String(p.toolName),
          input: JSON.stringify(p.args ?? {}),
        };
        if (meta) call.providerMetadata = meta;
        parts.push(call);
        break;
      }
      case 'source': {
        const source: Extract<ModelStreamPart, { type: 'source' }> = {
          type: 'source',
          sourceType: p.sourceType === 'document' ? 'document' : 'url',
          id,
        };
        if (typeof p.url === 'string') source.url = p.url;
        if (typeof p.title === 'string') source.title = p.title;
        if (typeof p.mimeType === 'string') source.mediaType = p.mimeType;
        if (typeof p.filename === 'string') source.filename = p.filename;
        if (meta) source.providerMetadata = meta;
        parts.push(source);
        break;
      }
      case 'file': {
        // Bytes survive the backends (the Redis codec keeps them); the base64 form is the fallback.
        // Copied: the run hands them to callers, and the entry may be shared (in-memory backend).
        const data =
          p.data instanceof Uint8Array ? p.data.slice() : typeof p.data === 'string' ? p.data : p.base64;
        parts.push({
          type: 'file',
          mediaType: String(p.mimeType ?? 'application/octet-stream'),
          data: typeof data === 'string' || data instanceof Uint8Array ? data : '',
        });
        break;
      }
      case 'finish':
      case 'step-finish': {
        const stepResult = p.stepResult as { reason?: FinishReason; rawReason?: unknown } | undefined;
        const output = p.output as { usage?: LanguageModelUsage } | undefined;
        const finish: Extract<ModelStreamPart, { type: 'finish' }> = {
          type: 'finish',
          finishReason: stepResult?.reason ?? 'stop',
          usage: output?.usage ?? {
            inputTokens: undefined,
            outputTokens: undefined,
            totalTokens: undefined,
          },
        };
        if (typeof stepResult?.rawReason === 'string') finish.rawFinishReason = stepResult.rawReason;
        if (meta) finish.providerMetadata = meta;
        parts.push(finish);
        sawFinish = true;
        break;
      }
      default:
        // Chunks with no model-part equivalent (step-start, data-*) are not replayed.
        break;
    }
  }
  if (!sawFinish) {
    parts.push({
      type: 'finish',
      finishReason: 'stop',
      usage: { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined },
    });
  }
  if (response.warnings) parts.unshift({ type: 'stream-start', warnings: response.warnings });
  let i = 0;
  return new ReadableStream<ModelStreamPart>({
    pull(controller) {
      if (i < parts.length) controller.enqueue(parts[i++] as ModelStreamPart);
      else controller.close();
    },
  });
}

/**
 * A copy of a recorded chunk's provider metadata, when it carries some: the replayed chunks go
 * to processors and callers, and must not alias the response (an in-memory cache keeps one
 * object for every hit). Only chunks that carry metadata pay for the copy.
 */
function metadataOf(payload: Record<string, unknown>): SharedV2ProviderMetadata | undefined {
  const meta = payload.providerMetadata;
  return typeof meta === 'object' && meta !== null && !Array.isArray(meta)
    ? (structuredClone(meta) as SharedV2ProviderMetadata)
    : undefined;
}
