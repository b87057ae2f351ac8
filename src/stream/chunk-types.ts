import type {
  LanguageModelV2CallWarning,
  LanguageModelV2Prompt,
  SharedV2ProviderMetadata,
} from '@ai-sdk/provider';
import type { FinishReason, LanguageModelUsage } from '../models/types.js';

/** Who produced a chunk. Agent chunks always carry `AGENT`. */
export enum ChunkFrom {
  AGENT = 'AGENT',
  USER = 'USER',
  SYSTEM = 'SYSTEM',
  WORKFLOW = 'WORKFLOW',
  NETWORK = 'NETWORK',
}

/** Envelope fields every agent chunk carries. */
export interface BaseChunkType {
  runId: string;
  from: ChunkFrom;
  metadata?: Record<string, unknown>;
}

type Chunk<T extends string, P> = BaseChunkType & { type: T; payload: P };

/** A custom chunk written with `writer.custom()`. The `data-` prefix is required. */
// biome-ignore lint/suspicious/noExplicitAny: documented as `data: any` so clients can read custom fields directly.
export interface DataChunkType<TData = any> {
  type: `data-${string}`;
  data: TData;
  id?: string;
  /** Streamed to the client but never persisted. */
  transient?: boolean;
  /** Accepted for compatibility with callers that stamp envelope fields; the runtime ignores them. */
  runId?: string;
  from?: ChunkFrom | `${ChunkFrom}`;
}

/** Tripwire facts, on the `tripwire` chunk and on `result.tripwire`. */
export interface StepTripwireData {
  reason: string;
  retry?: boolean;
  metadata?: unknown;
  processorId?: string;
}

/** `stepResult` block of `step-finish` / `finish` payloads. */
export interface ChunkStepResult {
  reason: FinishReason;
  rawReason?: string;
  warnings?: LanguageModelV2CallWarning[];
  isContinued?: boolean;
}

/** Payload of a `tool-call` chunk. */
export interface ToolCallPayload {
  /** Unique in the conversation; the provider's id unless that was empty or already used. */
  toolCallId: string;
  toolName: string;
  args?: Record<string, unknown>;
  providerExecuted?: boolean;
  providerMetadata?: SharedV2ProviderMetadata;
  dynamic?: boolean;
  title?: string;
  /** The id the provider sent, set only when it was empty or collided and `toolCallId` differs. */
  providerToolCallId?: string;
}

/** Payload of a `tool-result` chunk. */
export interface ToolResultPayload {
  toolCallId: string;
  toolName: string;
  result: unknown;
  args?: Record<string, unknown>;
  isError?: boolean;
  providerExecuted?: boolean;
  providerMetadata?: SharedV2ProviderMetadata;
  dynamic?: boolean;
}

/** Payload of a `tool-error` chunk. */
export interface ToolErrorPayload {
  toolCallId: string;
  toolName: string;
  error: unknown;
  args?: Record<string, unknown>;
  providerExecuted?: boolean;
  providerMetadata?: SharedV2ProviderMetadata;
}

/** Response facts carried on `step-finish`/`finish` and `stream.response`. */
export interface ChunkResponse {
  id?: string;
  timestamp?: Date;
  modelId?: string;
  headers?: Record<string, string>;
  // Typed loosely here to avoid a cycle with messages/; `MastraModelOutput.response` is precise.
  messages?: unknown[];
  uiMessages?: unknown[];
  dbMessages?: unknown[];
}

/** Payload of `step-finish`. */
export interface StepFinishPayload {
  id?: string;
  messageId?: string;
  stepResult: ChunkStepResult;
  output: { text?: string; toolCalls?: ToolCallChunk[]; usage: LanguageModelUsage };
  metadata: { request?: { body?: unknown }; providerMetadata?: SharedV2ProviderMetadata; modelId?: string };
  providerMetadata?: SharedV2ProviderMetadata;
  totalUsage?: LanguageModelUsage;
  response?: ChunkResponse;
  /**
   * Set when a processor rejected this step and it will be replayed (`stepResult.reason` is
   * `'retry'`): text streamed since the matching `step-start` is discarded, the replacement follows.
   */
  tripwire?: StepTripwireData;
  /**
   * Set when the model call failed part-way through the step and an error processor asked for a
   * retry (`stepResult.reason` is `'retry'`): text streamed since the matching `step-start` is
   * discarded, the replacement attempt follows.
   */
  apiError?: StepApiErrorRetryData;
}

/** Why a step that already streamed output is being attempted again after a provider error. */
export interface StepApiErrorRetryData {
  /** The error processor that asked for the retry. */
  processorId: string;
  /** The provider error's message. */
  message: string;
  /** Error-processor retries so far, this one included. */
  retryCount: number;
}

/** Payload of `finish`. */
export interface FinishPayload {
  messageId?: string;
  stepResult: ChunkStepResult;
  output: { usage: LanguageModelUsage };
  metadata: { providerMetadata?: SharedV2ProviderMetadata; request?: { body?: unknown } };
  response?: ChunkResponse;
  providerMetadata?: SharedV2ProviderMetadata;
  totalUsage?: LanguageModelUsage;
  /** Processor-triggered step retries in this run. */
  processorRetryCount?: number;
  /** Error-processor retries (after provider errors) in this run. */
  apiErrorRetryCount?: number;
}

export type StartChunk = Chunk<'start', { id?: string; messageId?: string; [key: string]: unknown }>;
export type StepStartChunk = Chunk<
  'step-start',
  {
    messageId?: string;
    startedAt?: number;
    request: { body?: unknown };
    inputMessages?: LanguageModelV2Prompt;
    warnings?: LanguageModelV2CallWarning[];
  }
>;
export type TextStartChunk = Chunk<'text-start', { id: string; providerMetadata?: SharedV2ProviderMetadata }>;
export type TextDeltaChunk = Chunk<
  'text-delta',
  { id: string; text: string; providerMetadata?: SharedV2ProviderMetadata }
>;
export type TextEndChunk = Chunk<'text-end', { id: string; providerMetadata?: SharedV2ProviderMetadata }>;
export type ReasoningStartChunk = Chunk<
  'reasoning-start',
  { id: string; providerMetadata?: SharedV2ProviderMetadata; signature?: string }
>;
export type ReasoningDeltaChunk = Chunk<
  'reasoning-delta',
  { id: string; text: string; providerMetadata?: SharedV2ProviderMetadata }
>;
export type ReasoningEndChunk = Chunk<
  'reasoning-end',
  { id: string; providerMetadata?: SharedV2ProviderMetadata; signature?: string }
>;
export type SourceChunk = Chunk<
  'source',
  {
    id: string;
    sourceType: 'url' | 'document';
    title?: string;
    url?: string;
    mimeType?: string;
    filename?: string;
    providerMetadata?: SharedV2ProviderMetadata;
  }
>;
export type FileChunk = Chunk<
  'file',
  {
    data: string | Uint8Array;
    base64?: string;
    mimeType: string;
    providerMetadata?: SharedV2ProviderMetadata;
  }
>;
export type ToolCallInputStreamingStartChunk = Chunk<
  'tool-call-input-streaming-start',
  {
    toolCallId: string;
    toolName: string;
    providerExecuted?: boolean;
    providerMetadata?: SharedV2ProviderMetadata;
  }
>;
export type ToolCallDeltaChunk = Chunk<
  'tool-call-delta',
  {
    toolCallId: string;
    argsTextDelta: string;
    toolName?: string;
    providerMetadata?: SharedV2ProviderMetadata;
  }
>;
export type ToolCallInputStreamingEndChunk = Chunk<
  'tool-call-input-streaming-end',
  { toolCallId: string; providerMetadata?: SharedV2ProviderMetadata }
>;
export type ToolCallChunk = Chunk<'tool-call', ToolCallPayload>;
export type ToolResultChunk = Chunk<'tool-result', ToolResultPayload>;
export type ToolErrorChunk = Chunk<'tool-error', ToolErrorPayload>;
export type ToolOutputChunk = Chunk<
  'tool-output',
  { output: unknown; toolCallId: string; toolName?: string }
>;
/** A tool call started running in the background (`sluice/background`): its task id and disposition. */
export type BackgroundTaskStartedChunk = Chunk<
  'background-task-started',
  { taskId: string; toolCallId: string; toolName: string; disposition: 'deferred' | 'awaited' }
>;
/** Progress a background tool wrote (its `writer.write` / `writer.custom`) while the run's stream is open. */
export type BackgroundTaskProgressChunk = Chunk<
  'background-task-progress',
  { taskId: string; toolCallId: string; toolName: string; data: unknown }
>;
export type StepFinishChunk = Chunk<'step-finish', StepFinishPayload>;
export type FinishChunk = Chunk<'finish', FinishPayload>;
export type ErrorChunk = Chunk<'error', { error: unknown }>;
export type AbortChunk = Chunk<'abort', Record<string, unknown>>;
export type RawChunk = Chunk<'raw', Record<string, unknown>>;
export type TripwireChunk = Chunk<
  'tripwire',
  { reason: string; retry?: boolean; metadata?: unknown; processorId: string }
> & { from: ChunkFrom.AGENT };
export type ResponseMetadataChunk = Chunk<
  'response-metadata',
  { signature?: string; [key: string]: unknown }
>;
/** A partial value of a structured output (objects get optional keys). */
export type PartialOutput<OUTPUT> = OUTPUT extends object ? Partial<OUTPUT> : OUTPUT;
/** A partial structured-output object (no payload, by contract). */
export type ObjectChunk<OUTPUT = unknown> = BaseChunkType & { type: 'object'; object: PartialOutput<OUTPUT> };
/** The final validated structured-output object (no payload, by contract). */
export type ObjectResultChunk<OUTPUT = unknown> = BaseChunkType & { type: 'object-result'; object: OUTPUT };

/** Every chunk an agent stream can carry. */
export type AgentChunkType<OUTPUT = unknown> =
  | StartChunk
  | StepStartChunk
  | ResponseMetadataChunk
  | TextStartChunk
  | TextDeltaChunk
  | TextEndChunk
  | ReasoningStartChunk
  | ReasoningDeltaChunk
  | ReasoningEndChunk
  | SourceChunk
  | FileChunk
  | ToolCallInputStreamingStartChunk
  | ToolCallDeltaChunk
  | ToolCallInputStreamingEndChunk
  | ToolCallChunk
  | ToolResultChunk
  | ToolErrorChunk
  | ToolOutputChunk
  | BackgroundTaskStartedChunk
  | BackgroundTaskProgressChunk
  | StepFinishChunk
  | FinishChunk
  | ErrorChunk
  | AbortChunk
  | RawChunk
  | TripwireChunk
  | ObjectChunk<OUTPUT>
  | ObjectResultChunk<OUTPUT>;

/** A chunk on `fullStream`: an agent chunk or a custom `data-*` chunk. */
export type ChunkType<OUTPUT = unknown> = AgentChunkType<OUTPUT> | DataChunkType;

/** True for custom `data-*` chunks. */
export function isDataChunk(chunk: { type: string }): chunk is DataChunkType {
  return chunk.type.startsWith('data-');
}
