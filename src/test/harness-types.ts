/** The options and reports of the processor test kit (`createProcessorHarness()`). */
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import type {
  CoreSystemMessage,
  MastraDBMessage,
  MessageListInput,
  SystemMessage,
} from '../messages/types.js';
import type { LanguageModelUsage, MastraLanguageModel } from '../models/types.js';
import type {
  AgentSandbox,
  CreatedAgentSignal,
  ProcessorViolation,
  ToolCallInfo,
} from '../pipeline/types.js';
import type { RequestContext } from '../request-context/request-context.js';
import type { ChunkType } from '../stream/chunk-types.js';
import type { LLMStepResult } from '../stream/step-result.js';

/** Options of `createProcessorHarness()`. */
export interface ProcessorHarnessOptions {
  /** The conversation before the run (strings become user messages). Added as `'input'`. */
  messages?: MessageListInput;
  /** Messages that came from memory (history of earlier runs), added before `messages`. */
  history?: MessageListInput;
  /** System messages of the run. */
  system?: SystemMessage | SystemMessage[];
  requestContext?: RequestContext;
  abortSignal?: AbortSignal;
  /** As on the agent: lets `abort(…, { retry: true })` count as a granted retry. */
  maxProcessorRetries?: number;
  /** The agent's sandbox, as `processLLMRequest` and `processAPIError` receive it. */
  sandbox?: AgentSandbox;
  /** Model hooks receive by default (a `ScriptedModel` that is never called). */
  model?: MastraLanguageModel;
  /** Thread id stamped on added messages. */
  threadId?: string;
  resourceId?: string;
  runId?: string;
}

/** A tripwire a hook raised with `abort()`. */
export interface HarnessTripwire {
  reason: string;
  retry: boolean;
  metadata?: unknown;
  processorId: string;
}

/** What one hook call did. */
export interface HookRun<R> {
  /** The hook's outcome (per method: settings after, chunks out, the retry decision, …). */
  result: R;
  /** The conversation (non-system messages) after the hook. */
  messages: MastraDBMessage[];
  /** System messages after the hook. */
  systemMessages: CoreSystemMessage[];
  /** `processOutputStream`: every chunk that left the processor, in order (including `writer.emit()`). */
  chunks: ChunkType[];
  /** `processOutputStream`: input chunks that produced no output. */
  dropped: ChunkType[];
  /** Chunks written with `writer.custom()` during the call (signals' `data-signal` included). */
  written: ChunkType[];
  /** Set when the hook called `abort()`; the harness catches the `TripWire`. */
  tripwire?: HarnessTripwire;
  /** `onViolation` calls during the hook (the processor's own `warn` reports and aborts). */
  violations: ProcessorViolation[];
  /** Signals sent with `sendSignal()`. */
  signals: CreatedAgentSignal[];
}

/** Arguments of `harness.processOutputStep()`. */
export interface HarnessOutputStepArgs {
  /** The step's answer; also added to the conversation as the assistant's response. */
  text?: string;
  toolCalls?: ToolCallInfo[];
  finishReason?: string;
  stepNumber?: number;
  usage?: LanguageModelUsage;
  steps?: LLMStepResult[];
}

/** Arguments of `harness.processOutputResult()`. */
export interface HarnessOutputResultArgs {
  /** The run's answer; added as an assistant response message when the run has none yet. */
  text?: string;
  finishReason?: string;
  usage?: LanguageModelUsage;
  steps?: LLMStepResult[];
}

/** Arguments of `harness.processToolResult()`. */
export interface HarnessToolResultArgs {
  toolName: string;
  toolCallId?: string;
  args?: unknown;
  result: unknown;
  stepNumber?: number;
  providerExecuted?: boolean;
}

/** Arguments of `harness.processLLMRequest()`. */
export interface HarnessLLMRequestArgs {
  /** Default: the conversation converted as the agent converts it. */
  prompt?: LanguageModelV2Prompt;
  stepNumber?: number;
  model?: MastraLanguageModel;
  steps?: LLMStepResult[];
}

/** Arguments of `harness.processAPIError()`. */
export interface HarnessAPIErrorArgs {
  error: unknown;
  stepNumber?: number;
  model?: MastraLanguageModel;
  steps?: LLMStepResult[];
}
