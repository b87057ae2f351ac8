/**
 * Types of the hooks around the model call (`processLLMRequest`, `processLLMResponse`,
 * `processAPIError`): their arguments, results, cached responses and settlement callbacks.
 * Re-exported from `./types.ts`, which holds the other hook types.
 */
import type {
  LanguageModelV2CallWarning,
  LanguageModelV2Prompt,
  LanguageModelV2ToolChoice,
} from '@ai-sdk/provider';
import type { ResolvedDownloadPolicy } from '../downloads/policy.js';
import type { MessageList } from '../messages/message-list.js';
import type { MastraDBMessage } from '../messages/types.js';
import type { ProviderOptions } from '../models/call-settings.js';
import type { MastraLanguageModel, ModelTool } from '../models/types.js';
import type { ChunkType } from '../stream/chunk-types.js';
import type { StepResult } from '../stream/step-result.js';

import type { AgentSignalInput, CreatedAgentSignal, ProcessorContext, ProcessorState } from './types.js';

/** A stripped chunk as cached/replayed: `runId`/`from` are re-attached on replay. */
export interface CachedLLMStepChunk {
  type: string;
  payload: unknown;
}

/** A replayable step response; returning it from `processLLMRequest` skips the provider. */
export interface CachedLLMStepResponse {
  chunks: CachedLLMStepChunk[];
  warnings?: LanguageModelV2CallWarning[];
  request?: unknown;
  rawResponse?: unknown;
}

/** A file to place in an agent's sandbox. */
export interface SandboxFile {
  /** The file's bytes. */
  data: Uint8Array;
  mediaType: string;
  /** The name the file had in the conversation, when it had one. */
  filename?: string;
}

/**
 * Somewhere an agent can put files its model cannot read directly (e.g. a code-execution
 * workspace a tool can open). `UnsupportedFileHandler` uploads rejected files here and tells the
 * model the path instead. Give one to the agent with `new Agent({ sandbox })`.
 */
export interface AgentSandbox {
  /** Store the file; resolve with the path the model (or its tools) can use to reach it. */
  uploadFile(file: SandboxFile): Promise<{ path: string }>;
}

/**
 * Sluice extension: how one attempt at a step ended. `accepted` once the step is complete —
 * its output passed the output processors (including `processOutputStep` and the
 * `step-finish` chunk) and its tools ran — with the step's result (tool results included);
 * otherwise the attempt failed, was rejected for a retry, blocked by a tripwire or aborted.
 */
export type LLMStepSettlement =
  | {
      accepted: true;
      step: StepResult;
      /**
       * What each successful tool call's `execute` returned, in call order, before
       * `processToolResult` saw it (a snapshot: in-place edits by processors do not reach it).
       * `step.toolResults` holds the results after `processToolResult`. A cache that replays
       * the step records these, so the replay's `processToolResult` runs on the same input.
       */
      rawToolResults: readonly StepRawToolResult[];
      /**
       * The chunks of this attempt the client received, in order, as the output processors
       * released them (from the attempt's `step-start` to its `step-finish`, processors' own
       * chunks included). Built when called.
       */
      releasedChunks: () => readonly ChunkType[];
    }
  | { accepted: false; error: unknown };

/**
 * Sluice extension: how the run ended, for hooks that act only on a run's outcome (a response
 * cache writes its entries on `success` and drops them otherwise). `success` carries the run's
 * text as released to the client and the response messages after every output processor,
 * `processOutputResult` included.
 */
export type LLMRunSettlement =
  | { status: 'success'; text: string; responseMessages: readonly MastraDBMessage[] }
  | { status: 'tripwire' | 'failed' | 'aborted' };

/**
 * Sluice extension: called once when the run has ended, after memory was saved and before the
 * caller hears the outcome (the `finish` chunk, `generate()` resolving). Awaited in registration
 * order, never past the run's abort signal; a throw is ignored.
 */
export type LLMRunSettledCallback = (settlement: LLMRunSettlement) => void | Promise<void>;

/** Sluice extension: one tool call's result as its `execute` returned it (see {@link LLMStepSettlement}). */
export interface StepRawToolResult {
  toolCallId: string;
  toolName: string;
  args: unknown;
  result: unknown;
}

/**
 * Sluice extension: called once when the step attempt settles. Accepted callbacks are awaited
 * in registration order before the next step starts (a throw fails the run like a hook error);
 * for a failed attempt they are called without waiting and their errors are ignored.
 */
export type LLMStepSettledCallback = (settlement: LLMStepSettlement) => void | Promise<void>;

/**
 * Sluice extension: the settings of a step's model call that change what the model answers
 * (beyond the prompt and the tools). Only the settings the step sets are present.
 */
export interface LLMCallSettings {
  /** The answer-shaping model settings (not retries, timeouts or headers). */
  modelSettings?: LLMCallModelSettings;
  /** The step's provider options. */
  providerOptions?: ProviderOptions;
  /**
   * The structured-output request: the JSON schema sent as the response format, and the
   * instruction added to the prompt (`jsonPromptInjection` sends only the instruction).
   */
  responseFormat?: { type: 'json'; schema?: unknown; instruction?: string };
}

/** Sluice extension: the model settings that change a step's answer (see {@link LLMCallSettings}). */
export interface LLMCallModelSettings {
  temperature?: number;
  topP?: number;
  topK?: number;
  maxOutputTokens?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  stopSequences?: string[];
  seed?: number;
}

/** Arguments of `processLLMRequest`. */
export interface ProcessLLMRequestArgs<TTripwireMetadata = unknown>
  extends ProcessorContext<TTripwireMetadata> {
  prompt: LanguageModelV2Prompt;
  model: MastraLanguageModel;
  stepNumber: number;
  steps: StepResult[];
  state: ProcessorState;
  /** Sluice extension: the tool definitions this step sends with the prompt (empty: none). */
  tools?: readonly ModelTool[];
  /** Sluice extension: the step's tool choice, in provider-spec form. */
  toolChoice?: LanguageModelV2ToolChoice;
  /** Sluice extension: the step's answer-shaping call settings (model settings, provider options, response format). */
  callSettings?: LLMCallSettings;
  /** Sluice extension: run `callback` once this step attempt is accepted or fails (see {@link LLMStepSettlement}). */
  onStepSettled?: (callback: LLMStepSettledCallback) => void;
  /** Sluice extension: run `callback` once the whole run has ended (see {@link LLMRunSettlement}). */
  onRunSettled?: (callback: LLMRunSettledCallback) => void;
  messageList?: MessageList;
  /** The agent's sandbox, when it has one. */
  sandbox?: AgentSandbox;
  /**
   * The run's attachment download policy: a processor that fetches prompt files itself must
   * honour it (see `downloadUnderPolicy`). Absent outside an agent run: use the defaults.
   */
  attachmentDownloads?: ResolvedDownloadPolicy;
}

/** Result of `processLLMRequest`. */
export type ProcessLLMRequestResult =
  | { prompt?: LanguageModelV2Prompt; response?: CachedLLMStepResponse }
  | undefined
  // biome-ignore lint/suspicious/noConfusingVoidType: hooks may return nothing.
  | void;

/** Arguments of `processLLMResponse`. */
export interface ProcessLLMResponseArgs<TTripwireMetadata = unknown>
  extends ProcessorContext<TTripwireMetadata> {
  chunks: CachedLLMStepChunk[];
  model: MastraLanguageModel;
  stepNumber: number;
  steps: StepResult[];
  state: ProcessorState;
  fromCache: boolean;
  warnings?: LanguageModelV2CallWarning[];
  request?: unknown;
  rawResponse?: unknown;
  /** Sluice extension: run `callback` once this step attempt is accepted or fails (see {@link LLMStepSettlement}). */
  onStepSettled?: (callback: LLMStepSettledCallback) => void;
}

/** Result of `processLLMResponse` (reserved). */
// biome-ignore lint/suspicious/noConfusingVoidType: hooks may return nothing.
export type ProcessLLMResponseResult = undefined | void;

/** Arguments of `processAPIError`. */
export interface ProcessAPIErrorArgs<TTripwireMetadata = unknown>
  extends ProcessorContext<TTripwireMetadata> {
  error: unknown;
  messages: MastraDBMessage[];
  messageList: MessageList;
  stepNumber: number;
  steps: StepResult[];
  state: ProcessorState;
  /** Error-processor retries so far in this run (counted apart from step retries). */
  retryCount: number;
  /** The model whose call failed. */
  model?: MastraLanguageModel;
  /** The response message the failed step was writing to. */
  messageId?: string;
  /** The agent's sandbox, when it has one. */
  sandbox?: AgentSandbox;
  /**
   * Send a signal to the model. A `transient` signal reaches the retried call only; any other
   * is stored in the conversation.
   */
  sendSignal?: (signal: AgentSignalInput) => Promise<CreatedAgentSignal>;
}

/** Result of `processAPIError`: `{ retry: true }` retries the call. */
export interface ProcessAPIErrorResult {
  retry: boolean;
}
