import type { ChunkType } from '../stream/chunk-types.js';
import { ChunkMapper, type UIMessageStreamOptions } from './chunk-mapper.js';
import type { UIMessageStreamChunk } from './ui-message-chunk.js';

/** What the conversion reads from an output: its chunks, once, and the id of the message it answers with. */
export interface UIStreamSource {
  readonly messageId: string;
  readonly fullStream: AsyncIterable<ChunkType<unknown>>;
}

/** Headers of a UI message stream response; `x-vercel-ai-ui-message-stream: v1` names the protocol. */
export const UI_MESSAGE_STREAM_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-vercel-ai-ui-message-stream': 'v1',
  'x-accel-buffering': 'no',
});

/**
 * A run's output as a stream of AI SDK UI message chunks (what `readUIMessageStream` and
 * `useChat` read). It sends an allow-list of fields from chunks that passed the output
 * processors: never the prompt, system messages or request bodies; provider metadata only with
 * `sendProviderMetadata`; errors as `onError` returns them (a generic text by default);
 * a tripwire as a `data-tripwire` part `{ reason, processorId }` followed by `finish`.
 * Cancelling the returned stream cancels the read of the output.
 */
export function toUIMessageStream(
  output: UIStreamSource,
  options?: UIMessageStreamOptions,
): ReadableStream<UIMessageStreamChunk> & AsyncIterable<UIMessageStreamChunk> {
  const stream = pullMapped<UIMessageStreamChunk>(output, options, (chunk, controller) =>
    controller.enqueue(chunk),
  );
  return stream as ReadableStream<UIMessageStreamChunk> & AsyncIterable<UIMessageStreamChunk>;
}

/** Options of {@link toAISdkStream}: `from: 'agent'` names what the output came from. */
export interface ToAISdkStreamOptions extends UIMessageStreamOptions {
  from: 'agent';
}

/** {@link toUIMessageStream} under the name code written for the original's helper calls. */
export function toAISdkStream(
  output: UIStreamSource,
  options: ToAISdkStreamOptions = { from: 'agent' },
): ReadableStream<UIMessageStreamChunk> & AsyncIterable<UIMessageStreamChunk> {
  const { from: _from, ...rest } = options;
  return toUIMessageStream(output, rest);
}

/** Response options plus the stream options. */
export type UIMessageStreamResponseInit = ResponseInit & UIMessageStreamOptions;

const encoder = new TextEncoder();
const DONE = encoder.encode('data: [DONE]\n\n');

/**
 * A run's output as a `Response` carrying UI message chunks as server-sent events, with the
 * protocol's headers: return it from a route handler (Hono, Next.js, Bun, Deno) as is.
 * `init.headers` are added to (and may override) the protocol's.
 */
export function toUIMessageStreamResponse(
  output: UIStreamSource,
  init: UIMessageStreamResponseInit = {},
): Response {
  const { status, statusText, headers, ...options } = init;
  const merged = new Headers(UI_MESSAGE_STREAM_HEADERS as Record<string, string>);
  if (headers !== undefined) {
    new Headers(headers).forEach((value, key) => {
      merged.set(key, value);
    });
  }
  let sse = '';
  const body = pullMapped<Uint8Array>(
    output,
    options,
    (chunk) => {
      sse += `data: ${JSON.stringify(chunk)}\n\n`;
    },
    (controller) => {
      // One write per batch of chunks: fewer, larger network writes.
      if (sse.length > 0) {
        controller.enqueue(encoder.encode(sse));
        sse = '';
      }
    },
    (controller) => controller.enqueue(DONE),
  );
  return new Response(body, {
    status: status ?? 200,
    ...(statusText !== undefined ? { statusText } : {}),
    headers: merged,
  });
}

/**
 * A pull stream over the output's chunks, mapped. A pull reads until at least one UI chunk is
 * out: many run chunks (step payloads, raw parts) map to nothing.
 */
function pullMapped<T>(
  output: UIStreamSource,
  options: UIMessageStreamOptions | undefined,
  emit: (chunk: UIMessageStreamChunk, controller: ReadableStreamDefaultController<T>) => void,
  flush?: (controller: ReadableStreamDefaultController<T>) => void,
  end?: (controller: ReadableStreamDefaultController<T>) => void,
): ReadableStream<T> {
  const mapper = new ChunkMapper(options, output.messageId);
  // Taken now, so an output that cannot be read again says so at the call, not mid-response.
  const iterator = output.fullStream[Symbol.asyncIterator]();
  let emitted = 0;
  return new ReadableStream<T>(
    {
      pull: async (controller) => {
        const out = (chunk: UIMessageStreamChunk): void => {
          emitted++;
          emit(chunk, controller);
        };
        const before = emitted;
        for (;;) {
          const next = await iterator.next();
          if (next.done === true) {
            flush?.(controller);
            end?.(controller);
            controller.close();
            return;
          }
          mapper.map(next.value, out);
          if (mapper.ended) {
            // The terminal chunk is out (memory has saved by then): the run has nothing more for
            // the client. The read is not cancelled: the log closes on its own a moment later.
            flush?.(controller);
            end?.(controller);
            controller.close();
            return;
          }
          if (emitted > before) {
            flush?.(controller);
            return;
          }
        }
      },
      cancel: async () => {
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
