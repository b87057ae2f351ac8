/**
 * One model call of a step: start it (with model-level retries of retryable failures before any
 * output) and read its stream part by part into the step recorder and out through `emit`.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { ProviderCallError } from '../errors/provider-call-error.js';
import type { MastraLanguageModel, ModelStreamPart, RawModelStream } from '../models/types.js';
import type { CachedLLMStepChunk } from '../pipeline/types.js';
import type { ChunkType } from '../stream/chunk-types.js';
import { untilAborted } from '../util/until-aborted.js';
import type { StepRecorder } from './step-recorder.js';

/** Emits a chunk; `undefined` means it was handled synchronously. */
export type Emit = (chunk: ChunkType) => Promise<void> | undefined;

/** Call the model, retrying retryable failures before any output (model-level `maxRetries`). */
export async function callModel(
  model: MastraLanguageModel,
  call: Parameters<MastraLanguageModel['doStream']>[0],
  maxRetries: number,
  stepNumber: number,
  abortSignal: AbortSignal | undefined,
) {
  for (let attempt = 0; ; attempt++) {
    try {
      // A provider that never answers must not outlive the caller's abort.
      return await untilAborted(model.doStream(call), abortSignal);
    } catch (error) {
      throwIfAborted(abortSignal);
      const retryable = (error as { isRetryable?: unknown })?.isRetryable === true;
      if (!retryable || attempt >= maxRetries) {
        throw new ProviderCallError({ cause: error, modelLabel: modelLabel(model), stepNumber });
      }
      await delay(Math.min(200 * 2 ** attempt, 5_000), undefined, { signal: abortSignal });
    }
  }
}

/**
 * Read one step's stream. Reads the provider stream directly when the model offers a raw
 * path (one stream hop instead of two). Cancelling on abort means a stuck provider cannot hang
 * the run.
 */
export async function readStep(
  source: { stream: ReadableStream<ModelStreamPart>; raw?: RawModelStream },
  recorder: StepRecorder,
  stepChunks: CachedLLMStepChunk[] | undefined,
  emit: Emit,
  abortSignal: AbortSignal | undefined,
): Promise<void> {
  const raw = source.raw;
  const reader = (raw ? raw.stream : source.stream).getReader() as ReadableStreamDefaultReader<unknown>;
  let finished = false;
  const onAbort = () => {
    reader.cancel(abortSignal?.reason).catch(() => {});
  };
  abortSignal?.addEventListener('abort', onAbort, { once: true });
  // The signal may have fired before the listener existed (e.g. from onChunk on step-start).
  if (abortSignal?.aborted) onAbort();
  // Normalised parts of one provider part; slots are reused, never reallocated.
  const parts: ModelStreamPart[] = [];
  let count = 0;
  const collect = (part: ModelStreamPart) => {
    parts[count++] = part;
  };
  try {
    for (;;) {
      let next: Awaited<ReturnType<typeof reader.read>>;
      try {
        next = await reader.read();
      } catch (error) {
        // A transport failure mid-stream (reset, malformed SSE) is a provider error of this step.
        finished = true;
        if (!abortSignal?.aborted) recorder.streamError = { error };
        return;
      }
      if (next.done) {
        finished = true;
        return;
      }
      if (raw) raw.normalize(next.value, collect);
      else parts[count++] = next.value as ModelStreamPart;
      const n = count;
      count = 0;
      for (let i = 0; i < n; i++) {
        const part = parts[i] as ModelStreamPart;
        const chunk = recorder.record(part);
        if (chunk === undefined) {
          if (recorder.streamError) return;
          // Finish carries no chunk of its own, but a replay needs its reason and usage.
          if (stepChunks && part.type === 'finish') {
            stepChunks.push({
              type: 'finish',
              payload: { stepResult: { reason: part.finishReason }, output: { usage: part.usage } },
            });
          }
          continue;
        }
        stepChunks?.push({ type: chunk.type, payload: (chunk as { payload?: unknown }).payload });
        // Errors from processors and callbacks propagate as themselves, not as provider errors.
        const pending = emit(chunk);
        if (pending) await pending;
      }
    }
  } finally {
    abortSignal?.removeEventListener('abort', onAbort);
    if (!finished) reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/** `provider/model-id`, for messages. */
export function modelLabel(model: MastraLanguageModel): string {
  return `${model.provider}/${model.modelId}`;
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new Error('aborted');
}
