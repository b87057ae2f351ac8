import type { Transformer, TransformStreamDefaultController } from 'node:stream/web';
import type { ModelStreamPart, ModelStreamResult } from './types.js';

/**
 * `source.pipeThrough(new TransformStream(transformer))`, without the TransformStream.
 *
 * Why: a TransformStream keeps a writable and a readable queue with backpressure promises on
 * both; on the per-chunk hot path that costs more than the rest of the agent. This pulls one
 * source part per read and maps it synchronously. Only `transform` and `controller.enqueue` /
 * `error` / `terminate` are supported — all the adapters use.
 */
function mapStream<I, O>(source: ReadableStream<I>, transformer: Transformer<I, O>): ReadableStream<O> {
  const reader = source.getReader();
  const transform = transformer.transform as (
    part: I,
    controller: TransformStreamDefaultController<O>,
  ) => void;
  let enqueued = 0;
  let ended = false;
  let shim!: TransformStreamDefaultController<O>;
  return new ReadableStream<O>(
    {
      start(controller) {
        shim = {
          desiredSize: null,
          enqueue(value: O) {
            enqueued++;
            controller.enqueue(value);
          },
          error(reason?: unknown) {
            ended = true;
            controller.error(reason);
          },
          terminate() {
            ended = true;
            controller.close();
            reader.cancel().catch(() => {});
          },
        } as unknown as TransformStreamDefaultController<O>;
      },
      async pull(controller) {
        const before = enqueued;
        // Keep reading until a part maps to output, so dropped parts cannot stall the reader.
        while (enqueued === before && !ended) {
          const next = await reader.read();
          if (next.done) {
            ended = true;
            controller.close();
            return;
          }
          transform(next.value, shim);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * The result of an adapter's `doStream`: `stream` is built lazily (only if someone reads it),
 * `raw` lets the agent loop normalise parts inline without a second stream.
 */
export function adaptedStreamResult<I>(
  result: {
    stream: ReadableStream<I>;
    request?: { body?: unknown };
    response?: { headers?: Record<string, string> };
  },
  transformer: Transformer<I, ModelStreamPart>,
): ModelStreamResult {
  const transform = transformer.transform as (
    part: I,
    controller: { enqueue(p: ModelStreamPart): void },
  ) => void;
  let mapped: ReadableStream<ModelStreamPart> | undefined;
  // One controller shim per consumer callback, not one allocation per part.
  let lastEmit: ((part: ModelStreamPart) => void) | undefined;
  let shim = { enqueue: (_: ModelStreamPart) => {} };
  return {
    get stream() {
      mapped ??= mapStream(result.stream, transformer);
      return mapped;
    },
    raw: {
      stream: result.stream as ReadableStream<unknown>,
      normalize(part: unknown, emit: (part: ModelStreamPart) => void) {
        if (emit !== lastEmit) {
          lastEmit = emit;
          shim = { enqueue: emit };
        }
        transform(part as I, shim);
      },
    },
    request: result.request,
    response: result.response,
  };
}
