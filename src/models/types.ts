import type {
  JSONSchema7,
  LanguageModelV2CallWarning,
  LanguageModelV2FunctionTool,
  LanguageModelV2Prompt,
  LanguageModelV2ProviderDefinedTool,
  LanguageModelV2ToolChoice,
  SharedV2ProviderMetadata,
  SharedV2ProviderOptions,
} from '@ai-sdk/provider';

/** Token usage in the flat shape users see (`usage`, `totalUsage`, step usage). */
export interface LanguageModelUsage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  totalTokens: number | undefined;
  reasoningTokens?: number | undefined;
  cachedInputTokens?: number | undefined;
}

/** Why a model stopped. Provider values plus Sluice's own `tripwire`/`retry`/`abort`. */
export type FinishReason =
  | 'stop'
  | 'length'
  | 'content-filter'
  | 'tool-calls'
  | 'error'
  | 'other'
  | 'unknown'
  | 'tripwire'
  | 'retry'
  | 'abort';

/** A tool definition as sent to the model. */
export type ModelTool = LanguageModelV2FunctionTool | LanguageModelV2ProviderDefinedTool;

/**
 * Options of one model call, in the spec-V2 shape the processor hooks document
 * (`processLLMRequest` receives `prompt: LanguageModelV2Prompt`). Adapters translate to V3/V4.
 */
export interface ModelCallOptions {
  prompt: LanguageModelV2Prompt;
  tools?: ModelTool[];
  toolChoice?: LanguageModelV2ToolChoice;
  responseFormat?:
    | { type: 'text' }
    | { type: 'json'; schema?: JSONSchema7; name?: string; description?: string };
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  stopSequences?: string[];
  seed?: number;
  headers?: Record<string, string | undefined>;
  providerOptions?: SharedV2ProviderOptions;
  includeRawChunks?: boolean;
  abortSignal?: AbortSignal;
}

/**
 * One normalised stream part. Every spec version is mapped onto this shape by its adapter, so
 * the loop has exactly one translation to chunks.
 */
export type ModelStreamPart =
  | { type: 'stream-start'; warnings: LanguageModelV2CallWarning[] }
  | { type: 'response-metadata'; id?: string; timestamp?: Date; modelId?: string }
  | { type: 'text-start'; id: string; providerMetadata?: SharedV2ProviderMetadata }
  | { type: 'text-delta'; id: string; delta: string; providerMetadata?: SharedV2ProviderMetadata }
  | { type: 'text-end'; id: string; providerMetadata?: SharedV2ProviderMetadata }
  | { type: 'reasoning-start'; id: string; providerMetadata?: SharedV2ProviderMetadata }
  | { type: 'reasoning-delta'; id: string; delta: string; providerMetadata?: SharedV2ProviderMetadata }
  | { type: 'reasoning-end'; id: string; providerMetadata?: SharedV2ProviderMetadata }
  | {
      type: 'tool-input-start';
      id: string;
      toolName: string;
      providerExecuted?: boolean;
      providerMetadata?: SharedV2ProviderMetadata;
    }
  | { type: 'tool-input-delta'; id: string; delta: string; providerMetadata?: SharedV2ProviderMetadata }
  | { type: 'tool-input-end'; id: string; providerMetadata?: SharedV2ProviderMetadata }
  | {
      type: 'tool-call';
      toolCallId: string;
      toolName: string;
      /** Raw JSON text of the arguments, exactly as the model produced it. */
      input: string;
      providerExecuted?: boolean;
      providerMetadata?: SharedV2ProviderMetadata;
    }
  | {
      type: 'tool-result';
      toolCallId: string;
      toolName: string;
      result: unknown;
      isError?: boolean;
      providerExecuted?: boolean;
      providerMetadata?: SharedV2ProviderMetadata;
    }
  | { type: 'file'; mediaType: string; data: string | Uint8Array }
  | {
      type: 'source';
      sourceType: 'url' | 'document';
      id: string;
      url?: string;
      title?: string;
      mediaType?: string;
      filename?: string;
      providerMetadata?: SharedV2ProviderMetadata;
    }
  | {
      type: 'finish';
      usage: LanguageModelUsage;
      finishReason: FinishReason;
      /** The provider's own finish reason string, when the spec version reports it. */
      rawFinishReason?: string;
      providerMetadata?: SharedV2ProviderMetadata;
    }
  | { type: 'raw'; rawValue: unknown }
  | { type: 'error'; error: unknown };

/** What a model call returns: the normalised stream plus request/response facts for tracing. */
export interface ModelStreamResult {
  stream: ReadableStream<ModelStreamPart>;
  /**
   * Optional fast path for the agent loop: the provider's own stream plus a synchronous
   * normaliser, so the loop reads one stream instead of two. `normalize` calls `emit` zero or
   * more times per provider part. Adapters set it; hand-written models may leave it out.
   */
  raw?: RawModelStream;
  request?: { body?: unknown };
  response?: { headers?: Record<string, string> };
}

/** The provider stream and its part normaliser (see {@link ModelStreamResult.raw}). */
export interface RawModelStream {
  stream: ReadableStream<unknown>;
  normalize(part: unknown, emit: (part: ModelStreamPart) => void): void;
}

/**
 * The one model interface the loop talks to. `provider`, `modelId` and
 * `specificationVersion` mirror the wrapped AI SDK model so processors can scope by them.
 */
export interface MastraLanguageModel {
  readonly specificationVersion: 'v2' | 'v3' | 'v4';
  readonly provider: string;
  readonly modelId: string;
  /** URL patterns (by media type) the provider downloads itself. */
  supportedUrls(): Promise<Record<string, RegExp[]>>;
  doStream(options: ModelCallOptions): Promise<ModelStreamResult>;
  /**
   * The call in one go, for `agent.generate()`: the model's whole answer, returned as the same
   * normalised parts `doStream` gives (so output processors still see it chunk by chunk).
   * Optional: without it, `generate()` streams too. Adapters of AI SDK models call the model's
   * own `doGenerate` when it has one.
   */
  doGenerate?(options: ModelCallOptions): Promise<ModelStreamResult>;
  /** The wrapped AI SDK model object. */
  readonly original: unknown;
}

/** Alias used by the seeds' argument tables. */
export type MastraLanguageModelV2 = MastraLanguageModel;
