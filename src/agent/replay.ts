import type { FinishReason, LanguageModelUsage, ModelStreamPart } from '../models/types.js';
import type { CachedLLMStepResponse } from '../pipeline/types.js';

/**
 * Turn a cached step response (compact `{ type, payload }` chunks) back into model parts, so a
 * replayed step flows through exactly the same recording and emission path as a live one.
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
    switch (chunk.type) {
      case 'text-start':
      case 'text-end':
      case 'reasoning-start':
      case 'reasoning-end':
        parts.push({ type: chunk.type, id });
        break;
      case 'text-delta':
      case 'reasoning-delta':
        parts.push({ type: chunk.type, id, delta: String(p.text ?? '') });
        break;
      case 'tool-call':
        parts.push({
          type: 'tool-call',
          toolCallId: String(p.toolCallId),
          toolName: String(p.toolName),
          input: JSON.stringify(p.args ?? {}),
        });
        break;
      case 'finish':
      case 'step-finish': {
        const stepResult = p.stepResult as { reason?: FinishReason } | undefined;
        const output = p.output as { usage?: LanguageModelUsage } | undefined;
        parts.push({
          type: 'finish',
          finishReason: stepResult?.reason ?? 'stop',
          usage: output?.usage ?? {
            inputTokens: undefined,
            outputTokens: undefined,
            totalTokens: undefined,
          },
        });
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
