import type { z } from 'zod/v4';
import type { RunUsageContext } from '../cost/run-usage.js';
import type { TripWireOptions } from '../errors/tripwire.js';
import type { MessageList } from '../messages/message-list.js';
import type { CoreMessage, MastraDBMessage, ProviderMetadata } from '../messages/types.js';
import type {
  CallSettings,
  ModelConfig,
  ProviderOptions,
  StructuredOutputOptions,
  ToolChoice,
  ToolsInput,
} from '../models/call-settings.js';
import type { FinishReason, LanguageModelUsage, MastraLanguageModel } from '../models/types.js';
import type { RequestContext } from '../request-context/request-context.js';
import type { ChunkType, DataChunkType } from '../stream/chunk-types.js';
import type { LLMStepResult, StepResult } from '../stream/step-result.js';

import type {
  AgentSandbox,
  CachedLLMStepChunk,
  CachedLLMStepResponse,
  LLMCallModelSettings,
  LLMCallSettings,
  LLMRunSettledCallback,
  LLMRunSettlement,
  LLMStepSettledCallback,
  LLMStepSettlement,
  ProcessAPIErrorArgs,
  ProcessAPIErrorResult,
  ProcessLLMRequestArgs,
  ProcessLLMRequestResult,
  ProcessLLMResponseArgs,
  ProcessLLMResponseResult,
  SandboxFile,
  StepRawToolResult,
} from './model-call-hook-types.js';

export type {
  AgentSandbox,
  CachedLLMStepChunk,
  CachedLLMStepResponse,
  LLMCallModelSettings,
  LLMCallSettings,
  LLMRunSettledCallback,
  LLMRunSettlement,
  LLMStepSettledCallback,
  LLMStepSettlement,
  ProcessAPIErrorArgs,
  ProcessAPIErrorResult,
  ProcessLLMRequestArgs,
  ProcessLLMRequestResult,
  ProcessLLMResponseArgs,
  ProcessLLMResponseResult,
  SandboxFile,
  StepRawToolResult,
  TripWireOptions,
};

/** A policy violation a processor reports (on abort, or itself on warn strategies). */
export interface ProcessorViolation<TDetail = unknown> {
  processorId: string;
  message: string;
  detail: TDetail;
}

/** Options of `writer.custom()`. `transient` belongs on the chunk, not here. */
export interface ProcessorStreamWriterOptions {
  messageId?: string;
}

/** Lets a processor emit custom `data-*` chunks. */
export interface ProcessorStreamWriter {
  custom<T extends { type: string }>(
    data: T extends { type: `data-${string}` } ? DataChunkType : T,
    options?: ProcessorStreamWriterOptions,
  ): Promise<void>;
  /**
   * Sluice extension, given to `processOutputStream` only: send any chunk downstream of the
   * calling processor (through the output processors after it, then to the client) at any time
   * during the run, e.g. from a timer. A no-op once the run has ended. To turn the chunk in hand
   * into several, return an array from `processOutputStream` instead.
   */
  emit?(chunk: ChunkType): Promise<void>;
}

/** Tracing handle passed to hooks. */
export interface TracingContext {
  /** The active OpenTelemetry span for this hook, when tracing is on. */
  currentSpan?: unknown;
}

/** A reactive signal a processor sends to the model (rendered as `<system-reminder …>`). */
export interface AgentSignalInput {
  type: 'user' | 'state' | 'reactive' | 'notification' | 'user-message' | 'system-reminder';
  contents: string | Array<{ type: 'text'; text: string }>;
  tagName?: string;
  attributes?: Record<string, string | number | boolean | null | undefined>;
  metadata?: Record<string, unknown>;
  providerOptions?: ProviderMetadata;
  id?: string;
  createdAt?: Date | string;
  /** Deliver to the current call only; never stored. */
  transient?: boolean;
}

/** A signal once accepted by the runtime. */
export interface CreatedAgentSignal extends AgentSignalInput {
  id: string;
  createdAt: Date;
  acceptedAt?: Date;
}

/** Fields every hook receives. */
export interface ProcessorContext<TTripwireMetadata = unknown> {
  /** Stop processing: throws a `TripWire`. */
  abort: (reason?: string, options?: TripWireOptions<TTripwireMetadata>) => never;
  /** Processor-triggered retries so far in this run. */
  retryCount: number;
  requestContext?: RequestContext;
  tracingContext?: TracingContext;
  writer?: ProcessorStreamWriter;
  /**
   * Fires when the caller aborts the run and (Sluice) also once the run has settled, however it
   * ended: timers and background work a processor starts should stop on it.
   */
  abortSignal?: AbortSignal;
  /**
   * Send a signal to the model (see `AgentSignalInput`). Supplied to `processInput`,
   * `processInputStep`, `processOutputStream`, `processOutputStep`, `processToolResult` and
   * `processOutputResult`; not to `processLLMRequest`/`processLLMResponse`. Call it as
   * `sendSignal?.(…)`.
   */
  sendSignal?: (signal: AgentSignalInput) => Promise<CreatedAgentSignal>;
  /**
   * Sluice extension: the run's usage recording. A processor that calls a helper model reports
   * the call here (`usageRecorder?.report(…)`) so cost budgets count it; `TokenCostControl`
   * attaches its ledger with `recordInto()`. Present in agent runs. (Not `usage`: that name is
   * the step's token usage in `processOutputStep`.)
   */
  usageRecorder?: RunUsageContext;
}

/** Per-processor state: one object per processor id per call, shared by its hooks. */
export type ProcessorState = Record<string, unknown>;

/** Arguments of `processInput`. */
export interface ProcessInputArgs<TTripwireMetadata = unknown> extends ProcessorContext<TTripwireMetadata> {
  messages: MastraDBMessage[];
  systemMessages: CoreMessage[];
  messageList: MessageList;
  state: ProcessorState;
}

/** Result of `processInput`. */
export type ProcessInputResult =
  | MastraDBMessage[]
  | MessageList
  | { messages: MastraDBMessage[]; systemMessages: CoreMessage[] };

/** Arguments of `processInputStep` (and `prepareStep`). */
export interface ProcessInputStepArgs<TTripwireMetadata = unknown>
  extends ProcessorContext<TTripwireMetadata> {
  messages: MastraDBMessage[];
  messageList: MessageList;
  stepNumber: number;
  steps: StepResult[];
  systemMessages: CoreMessage[];
  model: MastraLanguageModel;
  toolChoice?: ToolChoice;
  activeTools?: string[];
  tools?: ToolsInput;
  providerOptions?: ProviderOptions;
  modelSettings?: CallSettings;
  structuredOutput?: StructuredOutputOptions;
  state: ProcessorState;
  sendSignal?: (signal: AgentSignalInput) => Promise<CreatedAgentSignal>;
  runId?: string;
  messageId?: string;
}

/** Overrides `processInputStep` may return; each applies to this step only. */
export interface ProcessInputStepResult {
  model?: ModelConfig;
  toolChoice?: ToolChoice;
  activeTools?: string[];
  tools?: ToolsInput;
  /** Replace all messages. Mutually exclusive with `messageList`. */
  messages?: MastraDBMessage[];
  /** The same list instance, mutated in place. Mutually exclusive with `messages`. */
  messageList?: MessageList;
  systemMessages?: CoreMessage[];
  providerOptions?: ProviderOptions;
  modelSettings?: CallSettings;
  structuredOutput?: StructuredOutputOptions;
  /** Send this step's output to the response message with this id. */
  messageId?: string;
  /** Set the processor retry counter. */
  retryCount?: number;
}

/** Arguments of `processOutputStream`. */
export interface ProcessOutputStreamArgs<TTripwireMetadata = unknown>
  extends ProcessorContext<TTripwireMetadata> {
  part: ChunkType;
  streamParts: ChunkType[];
  state: ProcessorState;
  messageList?: MessageList;
}

/** A tool call as seen by `processOutputStep`. */
export interface ToolCallInfo {
  toolName: string;
  toolCallId: string;
  args: unknown;
}

/** Arguments of `processOutputStep`. */
export interface ProcessOutputStepArgs<TTripwireMetadata = unknown>
  extends ProcessorContext<TTripwireMetadata> {
  messages: MastraDBMessage[];
  messageList: MessageList;
  stepNumber: number;
  finishReason?: FinishReason | string;
  providerMetadata?: ProviderMetadata;
  toolCalls?: ToolCallInfo[];
  text?: string;
  usage: LanguageModelUsage;
  systemMessages: CoreMessage[];
  steps: StepResult[];
  state: ProcessorState;
}

/** Arguments of `processToolResult`. */
export interface ProcessToolResultArgs<TTripwireMetadata = unknown>
  extends ProcessorContext<TTripwireMetadata> {
  messages: MastraDBMessage[];
  messageList: MessageList;
  stepNumber: number;
  toolName: string;
  toolCallId: string;
  args: unknown;
  result: unknown;
  providerExecuted?: boolean;
  systemMessages: CoreMessage[];
  steps: StepResult[];
  state: ProcessorState;
}

/** The final result handed to `processOutputResult` (same data as `onFinish`). */
export interface OutputResult {
  text: string;
  usage: LanguageModelUsage;
  finishReason: FinishReason | string;
  steps: LLMStepResult[];
}

/** Arguments of `processOutputResult`. */
export interface ProcessOutputResultArgs<TTripwireMetadata = unknown>
  extends ProcessorContext<TTripwireMetadata> {
  messages: MastraDBMessage[];
  messageList: MessageList;
  state: ProcessorState;
  result: OutputResult;
}

/** What message-carrying hooks return. */
export type ProcessorMessageResult =
  | Promise<MessageList | MastraDBMessage[]>
  | MessageList
  | MastraDBMessage[];

type MaybePromise<T> = T | Promise<T>;

/**
 * A processor: an id plus any of the nine hooks. Which array it sits in decides which hooks
 * run (input: input/inputStep/LLMRequest/LLMResponse; output: outputStream/outputStep/
 * toolResult/outputResult; error: APIError).
 */
export interface Processor<TId extends string = string, TTripwireMetadata = unknown> {
  readonly id: TId;
  readonly name?: string;
  readonly description?: string;
  /** Position in the combined list; set by the runtime. */
  processorIndex?: number;
  /** Opt in to receiving `data-*` chunks in `processOutputStream`. */
  processDataParts?: boolean;
  /** Called on every abort by this processor and on warnings it reports; errors are swallowed. */
  onViolation?: (violation: ProcessorViolation) => void | Promise<void>;

  /** Returning nothing leaves the list as it is (same as returning `messageList`). */
  processInput?(
    args: ProcessInputArgs<TTripwireMetadata>,
    // biome-ignore lint/suspicious/noConfusingVoidType: hooks may return nothing.
  ): MaybePromise<ProcessInputResult | undefined | void>;
  processInputStep?(args: ProcessInputStepArgs<TTripwireMetadata>): MaybePromise<
    | ProcessInputStepResult
    | MessageList
    | MastraDBMessage[]
    | undefined
    // biome-ignore lint/suspicious/noConfusingVoidType: hooks may return nothing.
    | void
  >;
  processLLMRequest?(args: ProcessLLMRequestArgs<TTripwireMetadata>): MaybePromise<ProcessLLMRequestResult>;
  processLLMResponse?(
    args: ProcessLLMResponseArgs<TTripwireMetadata>,
  ): MaybePromise<ProcessLLMResponseResult>;
  processAPIError?(
    args: ProcessAPIErrorArgs<TTripwireMetadata>,
    // biome-ignore lint/suspicious/noConfusingVoidType: hooks may return nothing.
  ): MaybePromise<ProcessAPIErrorResult | undefined | void>;
  /**
   * Return the part (or a replacement) to pass it on, `null`/`undefined` to drop it, or (Sluice
   * extension) an array of chunks: each continues through the rest of the output lane in order,
   * and `[]` drops the part.
   */
  processOutputStream?(
    args: ProcessOutputStreamArgs<TTripwireMetadata>,
  ): Promise<ChunkType | ChunkType[] | null | undefined>;
  /** Returning nothing (or `[]`, as the seeds' validators do) leaves the list as it is. */
  processOutputStep?(
    args: ProcessOutputStepArgs<TTripwireMetadata>,
    // biome-ignore lint/suspicious/noConfusingVoidType: hooks may return nothing.
  ): MaybePromise<MessageList | MastraDBMessage[] | undefined | void>;
  processToolResult?(
    args: ProcessToolResultArgs<TTripwireMetadata>,
    // biome-ignore lint/suspicious/noConfusingVoidType: hooks may return nothing.
  ): MaybePromise<MessageList | MastraDBMessage[] | undefined | void>;
  /** Returning nothing leaves the list as it is. */
  processOutputResult?(
    args: ProcessOutputResultArgs<TTripwireMetadata>,
    // biome-ignore lint/suspicious/noConfusingVoidType: hooks may return nothing.
  ): MaybePromise<MessageList | MastraDBMessage[] | undefined | void>;
}

type WithRequired<T, K extends keyof T> = T & { [P in K]-?: T[P] };

/** A processor that implements at least one input-lane hook. */
export type InputProcessor<TId extends string = string, TMeta = unknown> =
  | WithRequired<Processor<TId, TMeta>, 'id' | 'processInput'>
  | WithRequired<Processor<TId, TMeta>, 'id' | 'processInputStep'>
  | WithRequired<Processor<TId, TMeta>, 'id' | 'processLLMRequest'>
  | WithRequired<Processor<TId, TMeta>, 'id' | 'processLLMResponse'>;

/** A processor that implements at least one output-lane hook. */
export type OutputProcessor<TId extends string = string, TMeta = unknown> =
  | WithRequired<Processor<TId, TMeta>, 'id' | 'processOutputStream'>
  | WithRequired<Processor<TId, TMeta>, 'id' | 'processOutputStep'>
  | WithRequired<Processor<TId, TMeta>, 'id' | 'processOutputResult'>
  | WithRequired<Processor<TId, TMeta>, 'id' | 'processToolResult'>;

/** A processor that implements `processAPIError`. */
export type ErrorProcessor<TId extends string = string, TMeta = unknown> = WithRequired<
  Processor<TId, TMeta>,
  'id' | 'processAPIError'
>;

/** Any processor of any lane. */
export type ProcessorTypes = InputProcessor | OutputProcessor | ErrorProcessor;

/**
 * A committed workflow, as processor lanes accept it. Built with
 * `createWorkflow({ id, inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema })`
 * and finished with `.commit()`; the schemas are checked when the agent is built.
 */
export interface ProcessorWorkflow {
  readonly id: string;
  readonly description?: string;
  readonly inputSchema: z.ZodType;
  readonly outputSchema: z.ZodType;
  /** True once `.commit()` was called: only committed workflows run. */
  readonly committed: true;
}

/**
 * Input-lane entry: a processor, or a committed processor workflow (`sluice/workflows`). A value
 * typed as the plain {@link Processor} (every hook optional) is accepted too, as the documents use
 * it; whether it implements a hook of the lane is checked when the agent is built
 * (`PROCESSOR_NO_HOOK`).
 */
export type InputProcessorOrWorkflow = InputProcessor | Processor | ProcessorWorkflow;
/** Output-lane entry: a processor, or a committed processor workflow (`sluice/workflows`). Accepts a plain {@link Processor} as the input lane does. */
export type OutputProcessorOrWorkflow = OutputProcessor | Processor | ProcessorWorkflow;
/** Error-lane entry (workflows are not accepted here). Accepts a plain {@link Processor} as the input lane does. */
export type ErrorProcessorOrWorkflow = ErrorProcessor | Processor;

/** Base class for class-style processors. */
export abstract class BaseProcessor<TId extends string = string, TTripwireMetadata = unknown>
  implements Processor<TId, TTripwireMetadata>
{
  abstract readonly id: TId;
  readonly name?: string;
  readonly description?: string;
  processorIndex?: number;
  processDataParts?: boolean;
  onViolation?: (violation: ProcessorViolation) => void | Promise<void>;
}
