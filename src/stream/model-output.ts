import type { LanguageModelV2CallWarning, SharedV2ProviderMetadata } from '@ai-sdk/provider';
import type { UIMessageStreamOptions } from '../ai-sdk/chunk-mapper.js';
import type { UIMessageStreamChunk } from '../ai-sdk/ui-message-chunk.js';
import {
  toUIMessageStream,
  toUIMessageStreamResponse,
  type UIMessageStreamResponseInit,
} from '../ai-sdk/ui-message-stream.js';
import type { MastraDBMessage, ModelMessage, UIMessage } from '../messages/types.js';
import type { FinishReason, LanguageModelUsage } from '../models/types.js';
import type { RunRecord } from '../tracing/run-record.js';
import type { ChunkBuffer } from './chunk-buffer.js';
import type {
  ChunkType,
  FileChunk,
  PartialOutput,
  ReasoningDeltaChunk,
  SourceChunk,
  StepTripwireData,
  ToolCallChunk,
  ToolResultChunk,
} from './chunk-types.js';
import type { LLMStepResult, StepContentPart } from './step-result.js';

/** Response facts of a run: ids plus the messages it produced in three formats. */
export interface AgentResponse {
  id?: string;
  timestamp?: Date;
  modelId?: string;
  headers?: Record<string, string>;
  /** Response messages as AI SDK model messages. */
  messages: ModelMessage[];
  /** Response messages as AI SDK UI messages, with processor-added `metadata`. */
  uiMessages: UIMessage[];
  /** Response messages in stored format. */
  dbMessages: MastraDBMessage[];
}

/** Everything a finished run produced: what `generate()` returns. */
export interface FullOutput<OUTPUT = undefined> {
  runId: string;
  text: string;
  usage: LanguageModelUsage;
  totalUsage: LanguageModelUsage;
  finishReason: FinishReason;
  steps: LLMStepResult[];
  toolCalls: ToolCallChunk[];
  toolResults: ToolResultChunk[];
  reasoning: ReasoningDeltaChunk[];
  reasoningText: string | undefined;
  sources: SourceChunk[];
  files: FileChunk[];
  warnings: LanguageModelV2CallWarning[];
  providerMetadata: SharedV2ProviderMetadata | undefined;
  request: { body?: unknown };
  content: StepContentPart[];
  response: AgentResponse;
  /** The structured output, when `structuredOutput` was set and the answer matched. */
  object: OUTPUT;
  /** Set when a processor aborted the run. */
  tripwire: StepTripwireData | undefined;
  /** The error that ended the run, if any. */
  error: Error | undefined;
  usedFallbackValue: boolean;
  /** Input, remembered and response messages of this run. */
  messages: MastraDBMessage[];
  rememberedMessages: MastraDBMessage[];
  /** The run record, when the call asked for one (`record: true`); see the tracing guide. */
  record?: RunRecord;
}

/** Run status as the stream sees it. */
export type RunStatus = 'running' | 'success' | 'failed' | 'aborted' | 'tripwire';

/** What the loop hands over when a run ends, on every terminal path. */
export interface RunSettlement<OUTPUT> {
  status: Exclude<RunStatus, 'running'>;
  output: FullOutput<OUTPUT>;
  /** Structured-output failure (strict strategy): `object` rejects with it. */
  objectError?: Error;
}

/**
 * @internal The loop's side of an output: `settlement` is set synchronously at finalization,
 * before the stream closes, so `status`/`error`/`tripwire` are right the moment reading ends.
 */
export interface RunHandle<OUTPUT> {
  settlement: RunSettlement<OUTPUT> | undefined;
  settled: Promise<RunSettlement<OUTPUT>>;
}

/**
 * The value `agent.stream()` returns at once. Read `fullStream`/`textStream` (any number of
 * times, from the start) or await the promises; they settle whether or not a stream is read.
 */
export class MastraModelOutput<OUTPUT = undefined> {
  readonly runId: string;
  readonly messageId: string;
  readonly #buffer: ChunkBuffer<ChunkType<OUTPUT>>;
  readonly #settled: Promise<RunSettlement<OUTPUT>>;
  readonly #handle: RunHandle<OUTPUT>;

  /** @internal Built by the agent loop. */
  constructor(args: {
    runId: string;
    messageId: string;
    buffer: ChunkBuffer<ChunkType<OUTPUT>>;
    handle: RunHandle<OUTPUT>;
  }) {
    this.runId = args.runId;
    this.messageId = args.messageId;
    this.#buffer = args.buffer;
    this.#handle = args.handle;
    this.#settled = args.handle.settled;
  }

  /**
   * Every chunk of the run, in order. Each access returns a new stream from the first chunk.
   *
   * The three streams are typed `ReadableStream<T> & AsyncIterable<T>` so `for await` compiles
   * under every lib setting, including `["dom", "dom.iterable", "esnext"]`, whose
   * `ReadableStream` is not async-iterable in TypeScript 5.9.
   */
  get fullStream(): ReadableStream<ChunkType<OUTPUT>> & AsyncIterable<ChunkType<OUTPUT>> {
    return this.#buffer.stream();
  }

  /** Text deltas only. */
  get textStream(): ReadableStream<string> & AsyncIterable<string> {
    return this.#buffer.stream((chunk) => (chunk.type === 'text-delta' ? chunk.payload.text : undefined));
  }

  /** Structured-output objects (`object` chunks, then the final `object-result`). */
  get objectStream(): ReadableStream<PartialOutput<OUTPUT>> & AsyncIterable<PartialOutput<OUTPUT>> {
    return this.#buffer.stream((chunk) =>
      chunk.type === 'object' || chunk.type === 'object-result'
        ? (chunk.object as PartialOutput<OUTPUT>)
        : undefined,
    );
  }

  #pick<K extends keyof FullOutput<OUTPUT>>(key: K): Promise<FullOutput<OUTPUT>[K]> {
    return this.#settled.then((s) => s.output[key]);
  }

  get text(): Promise<string> {
    return this.#pick('text');
  }
  get usage(): Promise<LanguageModelUsage> {
    return this.#pick('usage');
  }
  get totalUsage(): Promise<LanguageModelUsage> {
    return this.#pick('totalUsage');
  }
  get finishReason(): Promise<FinishReason> {
    return this.#pick('finishReason');
  }
  get steps(): Promise<LLMStepResult[]> {
    return this.#pick('steps');
  }
  get toolCalls(): Promise<ToolCallChunk[]> {
    return this.#pick('toolCalls');
  }
  get toolResults(): Promise<ToolResultChunk[]> {
    return this.#pick('toolResults');
  }
  get reasoning(): Promise<ReasoningDeltaChunk[]> {
    return this.#pick('reasoning');
  }
  get reasoningText(): Promise<string | undefined> {
    return this.#pick('reasoningText');
  }
  get sources(): Promise<SourceChunk[]> {
    return this.#pick('sources');
  }
  get files(): Promise<FileChunk[]> {
    return this.#pick('files');
  }
  get warnings(): Promise<LanguageModelV2CallWarning[]> {
    return this.#pick('warnings');
  }
  get providerMetadata(): Promise<SharedV2ProviderMetadata | undefined> {
    return this.#pick('providerMetadata');
  }
  get request(): Promise<{ body?: unknown }> {
    return this.#pick('request');
  }
  get content(): Promise<StepContentPart[]> {
    return this.#pick('content');
  }
  get response(): Promise<AgentResponse> {
    return this.#pick('response');
  }

  /** The structured output. Rejects when the answer did not match the schema (strict strategy). */
  get object(): Promise<OUTPUT> {
    const object = this.#settled.then((s) => {
      if (s.objectError) throw s.objectError;
      return s.output.object;
    });
    // Reading `.object` without awaiting it (e.g. in a log line) must not leave an unhandled
    // rejection behind: the rejection still reaches whoever awaits this promise.
    object.catch(() => {});
    return object;
  }

  /** The tripwire, once the run has ended (undefined while running). */
  get tripwire(): StepTripwireData | undefined {
    return this.#handle.settlement?.output.tripwire;
  }

  /** The error that ended the run, once it has ended. */
  get error(): Error | undefined {
    return this.#handle.settlement?.output.error;
  }

  get status(): RunStatus {
    return this.#handle.settlement?.status ?? 'running';
  }

  /** Resolves with the whole output, as `generate()` returns it. Never rejects. */
  getFullOutput(): Promise<FullOutput<OUTPUT>> {
    return this.#settled.then((s) => s.output);
  }

  /**
   * The run as AI SDK UI message chunks (what `useChat` reads): see `toUIMessageStream` in
   * `sluice/ai-sdk`. Takes one stream from the output.
   */
  toUIMessageStream(
    options?: UIMessageStreamOptions,
  ): ReadableStream<UIMessageStreamChunk> & AsyncIterable<UIMessageStreamChunk> {
    return toUIMessageStream(this, options);
  }

  /** The run as a server-sent-events `Response` of UI message chunks: see `sluice/ai-sdk`. */
  toUIMessageStreamResponse(init?: UIMessageStreamResponseInit): Response {
    return toUIMessageStreamResponse(this, init);
  }

  /** Waits for the run to end without reading the chunks. */
  async consumeStream(): Promise<void> {
    await this.#settled;
  }
}
