import type { FinishReason } from '../models/types.js';
import type { ChunkType } from '../stream/chunk-types.js';
import type { UIFinishReason, UIMessageStreamChunk, UIProviderMetadata } from './ui-message-chunk.js';

/** Options of `toUIMessageStream()` and `toUIMessageStreamResponse()`. */
export interface UIMessageStreamOptions {
  /**
   * The text the client sees for an error (the run's, or a tool's). Default: a generic message,
   * because error messages can carry prompts, keys or internal hostnames. Return what is safe.
   */
  onError?: (error: unknown) => string;
  /** Send provider metadata on text, reasoning, tool, source and file chunks. Default `false`. */
  sendProviderMetadata?: boolean;
  /** Send reasoning (after the output processors). Default `true`. */
  sendReasoning?: boolean;
  /** Send sources. Default `true`. */
  sendSources?: boolean;
  /** Send the `start` chunk (false when appending to another stream of the same message). Default `true`. */
  sendStart?: boolean;
  /** Send the `finish` chunk. Default `true`. */
  sendFinish?: boolean;
  /**
   * When a processor rejects a step that already streamed, send `reset-step` so the client drops
   * that step's parts before the replacement arrives. `ai` 7 clients read it; set `false` for
   * `ai` 5 and 6 clients, which refuse unknown chunks. Default `true`.
   */
  sendResetStep?: boolean;
  /** The `start` chunk's message id. Default: the run's `messageId` (the id memory stores). */
  messageId?: string;
}

/** The text an error becomes when no `onError` is given: nothing of the error itself. */
export const GENERIC_ERROR_TEXT = 'An error occurred.';

const FINISH_REASONS: Record<FinishReason, UIFinishReason> = {
  stop: 'stop',
  length: 'length',
  'content-filter': 'content-filter',
  'tool-calls': 'tool-calls',
  error: 'error',
  other: 'other',
  unknown: 'other',
  tripwire: 'other',
  retry: 'other',
  abort: 'other',
};

type Out = (chunk: UIMessageStreamChunk) => void;

/**
 * Turns a run's chunks into UI message stream chunks, one run at a time. What goes out is an
 * allow-list, field by field: the `step-start` payload (the prompt, system messages included),
 * request bodies, usage and provider metadata are never copied unless an option asks.
 *
 * The client is strict about order (a delta needs its part started, a tool output its call in
 * the same step), and processors may drop or reorder chunks: the mapper opens what a chunk needs
 * and drops what would refer to nothing.
 */
export class ChunkMapper {
  readonly #onError: (error: unknown) => string;
  readonly #metadata: boolean;
  readonly #reasoning: boolean;
  readonly #sources: boolean;
  readonly #start: boolean;
  readonly #finish: boolean;
  readonly #resetStep: boolean;
  readonly #messageId: string | undefined;
  /** Text and reasoning parts open in the client, by id. */
  #openText = new Set<string>();
  #openReasoning = new Set<string>();
  /** Tool calls the client knows in the current step, and those streaming input. */
  #tools = new Set<string>();
  #streamingInput = new Set<string>();
  /** A rejected step was reset: its replacement reuses the client's step. */
  #reset = false;
  /** The terminal chunk went out: nothing follows it. */
  #ended = false;

  constructor(options: UIMessageStreamOptions = {}, messageId?: string) {
    const onError = options.onError;
    this.#onError = onError
      ? (error) => {
          try {
            const text = onError(error);
            return typeof text === 'string' ? text : GENERIC_ERROR_TEXT;
          } catch {
            return GENERIC_ERROR_TEXT;
          }
        }
      : () => GENERIC_ERROR_TEXT;
    this.#metadata = options.sendProviderMetadata === true;
    this.#reasoning = options.sendReasoning !== false;
    this.#sources = options.sendSources !== false;
    this.#start = options.sendStart !== false;
    this.#finish = options.sendFinish !== false;
    this.#resetStep = options.sendResetStep !== false;
    this.#messageId = options.messageId ?? messageId;
  }

  /** True once the terminal chunk (finish, error, abort, tripwire) went out. */
  get ended(): boolean {
    return this.#ended;
  }

  /** The UI chunks for one run chunk, handed to `out` in order. */
  map(chunk: ChunkType, out: Out): void {
    if (this.#ended) return;
    switch (chunk.type) {
      case 'start':
        if (this.#start)
          out(
            this.#messageId === undefined ? { type: 'start' } : { type: 'start', messageId: this.#messageId },
          );
        return;
      case 'step-start':
        this.#tools.clear();
        this.#streamingInput.clear();
        if (this.#reset) this.#reset = false;
        else out({ type: 'start-step' });
        return;
      case 'step-finish':
        this.#openText.clear();
        this.#openReasoning.clear();
        if (chunk.payload.stepResult?.reason === 'retry' && this.#resetStep) {
          this.#reset = true;
          out({ type: 'reset-step' });
        } else out({ type: 'finish-step' });
        return;
      case 'text-start':
        this.#openText.add(chunk.payload.id);
        out(this.#meta({ type: 'text-start', id: chunk.payload.id }, chunk.payload.providerMetadata));
        return;
      case 'text-delta': {
        const { id, text } = chunk.payload;
        if (!this.#openText.has(id)) {
          this.#openText.add(id);
          out({ type: 'text-start', id });
        }
        out(this.#meta({ type: 'text-delta', id, delta: text }, chunk.payload.providerMetadata));
        return;
      }
      case 'text-end':
        if (this.#openText.delete(chunk.payload.id))
          out(this.#meta({ type: 'text-end', id: chunk.payload.id }, chunk.payload.providerMetadata));
        return;
      case 'reasoning-start':
        if (!this.#reasoning) return;
        this.#openReasoning.add(chunk.payload.id);
        out(this.#meta({ type: 'reasoning-start', id: chunk.payload.id }, chunk.payload.providerMetadata));
        return;
      case 'reasoning-delta': {
        if (!this.#reasoning) return;
        const { id, text } = chunk.payload;
        if (!this.#openReasoning.has(id)) {
          this.#openReasoning.add(id);
          out({ type: 'reasoning-start', id });
        }
        out(this.#meta({ type: 'reasoning-delta', id, delta: text }, chunk.payload.providerMetadata));
        return;
      }
      case 'reasoning-end':
        if (this.#openReasoning.delete(chunk.payload.id))
          out(this.#meta({ type: 'reasoning-end', id: chunk.payload.id }, chunk.payload.providerMetadata));
        return;
      case 'tool-call-input-streaming-start': {
        const { toolCallId, toolName, providerExecuted } = chunk.payload;
        if (this.#tools.has(toolCallId)) return;
        this.#tools.add(toolCallId);
        this.#streamingInput.add(toolCallId);
        out(
          this.#meta(
            { type: 'tool-input-start', toolCallId, toolName, ...flag('providerExecuted', providerExecuted) },
            chunk.payload.providerMetadata,
          ),
        );
        return;
      }
      case 'tool-call-delta': {
        const { toolCallId, argsTextDelta, toolName } = chunk.payload;
        if (!this.#streamingInput.has(toolCallId)) {
          // Input streaming needs its start, which needs the tool's name.
          if (toolName === undefined || this.#tools.has(toolCallId)) return;
          this.#tools.add(toolCallId);
          this.#streamingInput.add(toolCallId);
          out({ type: 'tool-input-start', toolCallId, toolName });
        }
        out({ type: 'tool-input-delta', toolCallId, inputTextDelta: argsTextDelta });
        return;
      }
      case 'tool-call': {
        const p = chunk.payload;
        this.#tools.add(p.toolCallId);
        this.#streamingInput.delete(p.toolCallId);
        out(
          this.#meta(
            {
              type: 'tool-input-available',
              toolCallId: p.toolCallId,
              toolName: p.toolName,
              input: p.args ?? {},
              ...flag('providerExecuted', p.providerExecuted),
              ...flag('dynamic', p.dynamic),
              ...(typeof p.title === 'string' ? { title: p.title } : {}),
            },
            p.providerMetadata,
          ),
        );
        return;
      }
      case 'tool-result': {
        const p = chunk.payload;
        this.#knowTool(p.toolCallId, p.toolName, p.args, p.dynamic, out);
        const shared = {
          toolCallId: p.toolCallId,
          ...flag('providerExecuted', p.providerExecuted),
          ...flag('dynamic', p.dynamic),
        };
        out(
          p.isError === true
            ? this.#meta(
                { type: 'tool-output-error', ...shared, errorText: this.#onError(p.result) },
                p.providerMetadata,
              )
            : this.#meta({ type: 'tool-output-available', ...shared, output: p.result }, p.providerMetadata),
        );
        return;
      }
      case 'tool-error': {
        const p = chunk.payload;
        this.#knowTool(p.toolCallId, p.toolName, p.args, undefined, out);
        out(
          this.#meta(
            {
              type: 'tool-output-error',
              toolCallId: p.toolCallId,
              errorText: this.#onError(p.error),
              ...flag('providerExecuted', p.providerExecuted),
            },
            p.providerMetadata,
          ),
        );
        return;
      }
      case 'tool-output': {
        const p = chunk.payload;
        if (!this.#tools.has(p.toolCallId)) return;
        out({ type: 'tool-output-available', toolCallId: p.toolCallId, output: p.output, preliminary: true });
        return;
      }
      case 'source': {
        if (!this.#sources) return;
        const p = chunk.payload;
        if (p.sourceType === 'url') {
          if (typeof p.url !== 'string') return;
          out(
            this.#meta(
              {
                type: 'source-url',
                sourceId: p.id,
                url: p.url,
                ...(p.title !== undefined ? { title: p.title } : {}),
              },
              p.providerMetadata,
            ),
          );
        } else {
          out(
            this.#meta(
              {
                type: 'source-document',
                sourceId: p.id,
                mediaType: p.mimeType ?? 'application/octet-stream',
                title: p.title ?? p.filename ?? '',
                ...(p.filename !== undefined ? { filename: p.filename } : {}),
              },
              p.providerMetadata,
            ),
          );
        }
        return;
      }
      case 'file': {
        const p = chunk.payload;
        const base64 = p.base64 ?? (typeof p.data === 'string' ? p.data : toBase64(p.data));
        out(
          this.#meta(
            { type: 'file', url: `data:${p.mimeType};base64,${base64}`, mediaType: p.mimeType },
            p.providerMetadata,
          ),
        );
        return;
      }
      case 'tripwire':
        this.#ended = true;
        out({
          type: 'data-tripwire',
          data: { reason: chunk.payload.reason, processorId: chunk.payload.processorId },
        });
        if (this.#finish) out({ type: 'finish', finishReason: 'other' });
        return;
      case 'error':
        this.#ended = true;
        out({ type: 'error', errorText: this.#onError(chunk.payload.error) });
        return;
      case 'abort':
        this.#ended = true;
        out({ type: 'abort' });
        return;
      case 'finish':
        this.#ended = true;
        if (this.#finish)
          out({ type: 'finish', finishReason: FINISH_REASONS[chunk.payload.stepResult?.reason] ?? 'other' });
        return;
      default:
        if (chunk.type.startsWith('data-')) {
          const c = chunk as { type: `data-${string}`; data: unknown; id?: unknown; transient?: unknown };
          out({
            type: c.type,
            data: c.data,
            ...(typeof c.id === 'string' ? { id: c.id } : {}),
            ...(c.transient === true ? { transient: true } : {}),
          });
        }
      // Everything else (step payloads, raw chunks, response metadata, partial objects,
      // background task bookkeeping) stays on the server.
    }
  }

  /** A result for a call the client has not seen (its call chunk was dropped): announce the call first. */
  #knowTool(
    toolCallId: string,
    toolName: string,
    args: unknown,
    dynamic: boolean | undefined,
    out: Out,
  ): void {
    if (this.#tools.has(toolCallId)) return;
    this.#tools.add(toolCallId);
    out({
      type: 'tool-input-available',
      toolCallId,
      toolName,
      input: args ?? {},
      ...flag('dynamic', dynamic),
    });
  }

  #meta<C extends UIMessageStreamChunk>(chunk: C, metadata: unknown): C {
    if (this.#metadata && metadata !== undefined && metadata !== null)
      (chunk as { providerMetadata?: UIProviderMetadata }).providerMetadata = metadata as UIProviderMetadata;
    return chunk;
  }
}

/** `{ [key]: true }` when the flag is set, else nothing: absent fields stay absent on the wire. */
function flag<K extends string>(key: K, value: boolean | undefined): { [P in K]?: boolean } {
  return (value === true ? { [key]: true } : {}) as { [P in K]?: boolean };
}

/** Base64 without `Buffer`, so the conversion runs on every runtime (Deno, Bun, edge). */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const STEP = 0x8000;
  for (let i = 0; i < bytes.length; i += STEP) {
    binary += String.fromCharCode(...bytes.subarray(i, i + STEP));
  }
  return btoa(binary);
}
