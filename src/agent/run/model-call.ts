/**
 * One model call of a step: start it (with model-level retries of retryable failures before any
 * output) and read its stream part by part into the step recorder and out through `emit`.
 */

import { setTimeout as delay } from 'node:timers/promises';
import { ConfigurationError } from '../../errors/configuration-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { describeError } from '../../errors/error-chain.js';
import { ProviderCallError } from '../../errors/provider-call-error.js';
import type { MastraLanguageModel, ModelStreamPart, RawModelStream } from '../../models/types.js';
import type { ChunkCursor } from '../../pipeline/chunk-cursor.js';
import type { CachedLLMStepChunk } from '../../pipeline/types.js';
import type { ChunkType } from '../../stream/chunk-types.js';
import { isTimerMs, MAX_TIMER_MS } from '../../util/timer-ms.js';
import { throwIfAborted, untilAborted } from '../../util/until-aborted.js';
import type { StepRecorder } from './step-recorder.js';

/** Emits a chunk; `undefined` means it was handled synchronously. */
export type Emit = (chunk: ChunkType) => Promise<void> | undefined;

/**
 * How a run calls its model: `generate()` asks for the whole answer in one go (the model's
 * `doGenerate`, when it has one), `stream()` streams it. Either way the answer arrives as parts.
 */
export type ModelCallMethod = 'stream' | 'generate';

/**
 * Call the model, retrying retryable failures before any output (model-level `maxRetries`).
 * `onFailedAttempt` hears of every attempt that failed before a stream (retried or not), so
 * usage recording counts each request the provider received.
 */
export async function callModel(
  model: MastraLanguageModel,
  method: ModelCallMethod,
  call: Parameters<MastraLanguageModel['doStream']>[0],
  maxRetries: number,
  stepNumber: number,
  abortSignal: AbortSignal | undefined,
  onFailedAttempt?: () => void,
) {
  // Read once: the method the whole call uses (retries included).
  const generate = method === 'generate' ? model.doGenerate : undefined;
  for (let attempt = 0; ; attempt++) {
    let result: Awaited<ReturnType<MastraLanguageModel['doStream']>>;
    try {
      // A provider that never answers must not outlive the caller's abort.
      result = await untilAborted(generate ? generate.call(model, call) : model.doStream(call), abortSignal);
    } catch (error) {
      onFailedAttempt?.();
      throwIfAborted(abortSignal);
      // Built first: it reads the thrown value safely (anything can be thrown).
      const failure = new ProviderCallError({ cause: error, modelLabel: modelLabel(model), stepNumber });
      if (!failure.isRetryable || attempt >= maxRetries) throw failure;
      await delay(Math.min(200 * 2 ** attempt, 5_000), undefined, { signal: abortSignal });
      continue;
    }
    // A provider that resolves without a stream is a failed call, not a TypeError later on.
    if (!hasReadableStream(result)) {
      throw new ProviderCallError({
        cause: new Error(
          `${generate ? 'doGenerate' : 'doStream'} resolved without a readable "stream" (the provider returned a malformed result)`,
        ),
        modelLabel: modelLabel(model),
        stepNumber,
      });
    }
    return result;
  }
}

function hasReadableStream(result: unknown): boolean {
  if (typeof result !== 'object' || result === null) return false;
  // `raw` first: reading `stream` on an adapter builds a mapped stream over the raw one.
  const raw = (result as { raw?: { stream?: unknown } }).raw;
  const stream = raw ? raw.stream : (result as { stream?: unknown }).stream;
  return typeof (stream as { getReader?: unknown } | null | undefined)?.getReader === 'function';
}

/**
 * What a part the recorder cannot read becomes: the step's stream error, so the run ends with a
 * `ProviderCallError` naming model and step (and error processors see it), never a raw TypeError.
 */
function malformedPart(part: unknown, error: unknown): Error {
  if (part === null || typeof part !== 'object') {
    return new Error(`the provider sent a ${part === null ? 'null' : typeof part} stream part`, {
      cause: error,
    });
  }
  const type = (part as { type?: unknown }).type;
  const reason = error === undefined ? 'unreadable' : describeError(error);
  return new Error(
    `the provider sent a malformed ${typeof type === 'string' ? `"${type.slice(0, 60)}"` : 'untyped'} stream part (${reason})`,
    { cause: error },
  );
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
  out: ChunkCursor,
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
      // Every part is an object with a type; anything else (null, a number) is malformed,
      // not an unknown part to drop.
      if (typeof next.value !== 'object' || next.value === null) {
        recorder.streamError = { error: malformedPart(next.value, undefined) };
        return;
      }
      if (raw) {
        try {
          raw.normalize(next.value, collect);
        } catch (error) {
          recorder.streamError = { error: malformedPart(next.value, error) };
          return;
        }
      } else parts[count++] = next.value as ModelStreamPart;
      const n = count;
      count = 0;
      for (let i = 0; i < n; i++) {
        const part = parts[i] as ModelStreamPart;
        let chunk: ChunkType | undefined;
        try {
          chunk = recorder.record(part);
        } catch (error) {
          recorder.streamError = { error: malformedPart(part, error) };
          return;
        }
        if (chunk === undefined) {
          if (recorder.streamError) return;
          // Finish carries no chunk of its own, but a replay needs its reason and usage.
          if (stepChunks && part.type === 'finish') {
            stepChunks.push({
              type: 'finish',
              payload: {
                stepResult: { reason: part.finishReason, rawReason: part.rawFinishReason },
                output: { usage: part.usage },
                providerMetadata: part.providerMetadata,
              },
            });
          }
          continue;
        }
        // A shallow copy: an output processor that edits the chunk in place (`payload.text += …`)
        // must not change what processLLMResponse (a cache write) records as the model's output.
        if (stepChunks)
          stepChunks.push({
            type: chunk.type,
            payload: shallowCopy((chunk as { payload?: unknown }).payload),
          });
        // Errors from processors and callbacks propagate as themselves, not as provider errors.
        // The reader awaits what the chunk's way out hands it (see `ChunkCursor`).
        let pending = out.start(chunk);
        while (pending !== undefined) {
          let value: unknown;
          try {
            value = await pending;
          } catch (error) {
            out.fail(error);
          }
          pending = out.resume(value);
        }
      }
    }
  } finally {
    abortSignal?.removeEventListener('abort', onAbort);
    // A finished stream needs no lock release (releasing builds a TypeError for pending reads).
    if (!finished) {
      reader.cancel().catch(() => {});
      reader.releaseLock();
    }
  }
}

/** A model call's time limit (`modelSettings.timeoutMs`), as a signal the call is made under. */
export interface CallDeadline {
  /** Fires on the caller's abort or when the time is up. */
  signal: AbortSignal;
  /** The step's failure once the time ran out. */
  expired(): ProviderCallError | undefined;
  clear(): void;
}

/** Start the time limit of one model call; `undefined` when `timeoutMs` is unset. */
export function startCallDeadline(
  timeoutMs: unknown,
  abortSignal: AbortSignal | undefined,
  model: MastraLanguageModel,
  stepNumber: number,
): CallDeadline | undefined {
  if (timeoutMs === undefined) return undefined;
  if (!isTimerMs(timeoutMs)) {
    throw new ConfigurationError(
      'AGENT_INVALID_OPTIONS',
      `modelSettings.timeoutMs must be a positive number of milliseconds up to ${MAX_TIMER_MS} (got ${describeValue(timeoutMs)}). Leave it unset for no limit; bound a whole run with abortSignal: AbortSignal.timeout(ms).`,
      { details: { option: 'modelSettings.timeoutMs' } },
    );
  }
  const controller = new AbortController();
  let failure: ProviderCallError | undefined;
  const timer = setTimeout(() => {
    const cause = new Error(`no complete response within ${timeoutMs} ms (modelSettings.timeoutMs)`);
    cause.name = 'TimeoutError';
    failure = new ProviderCallError({ cause, modelLabel: modelLabel(model), stepNumber });
    controller.abort(failure);
  }, timeoutMs);
  // A call that failed some other way must not keep the process alive until the limit.
  timer.unref?.();
  return {
    signal: abortSignal ? AbortSignal.any([abortSignal, controller.signal]) : controller.signal,
    expired: () => failure,
    clear: () => clearTimeout(timer),
  };
}

/** `provider/model-id`, for messages. */
export function modelLabel(model: MastraLanguageModel): string {
  return `${model.provider}/${model.modelId}`;
}

/**
 * A one-level copy of a chunk payload (only made when a processLLMResponse hook wants the
 * chunks). A tool call's arguments are an object processors may edit in place before the step
 * is recorded anywhere else, so a tool-call chunk also gets its own copy of them (one per call,
 * not per text delta).
 */
function shallowCopy(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  const copy: Record<string, unknown> = { ...payload };
  const args = copy.args;
  if (typeof args === 'object' && args !== null && 'toolCallId' in copy) copy.args = structuredClone(args);
  return copy;
}
