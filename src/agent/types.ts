import type { AgentBackgroundTasksConfig } from '../background/config.js';
import type { UntilIdleOption } from '../background/run-background.js';
import type { AttachmentDownloadPolicy } from '../downloads/policy.js';
import type { Memory } from '../memory/memory.js';
import type { AgentMemoryOption } from '../memory/turn.js';
import type { SystemMessage } from '../messages/types.js';
import type {
  CallSettings,
  ModelConfig,
  ProviderOptions,
  StructuredOutputOptions,
  ToolChoice,
  ToolsInput,
} from '../models/call-settings.js';
import type { LanguageModelUsage } from '../models/types.js';
import type {
  AgentSandbox,
  ErrorProcessorOrWorkflow,
  InputProcessorOrWorkflow,
  OutputProcessorOrWorkflow,
  ProcessInputStepArgs,
  ProcessInputStepResult,
} from '../pipeline/types.js';
import type { RequestContext } from '../request-context/request-context.js';
import type { ChunkType } from '../stream/chunk-types.js';
import type { LLMStepResult } from '../stream/step-result.js';
import type { RunRecord } from '../tracing/run-record.js';

export type {
  CallSettings,
  LanguageModelObject,
  ModelConfig,
  ProviderOptions,
  StructuredOutputLogger,
  StructuredOutputOptions,
  StructuredOutputSchema,
  ToolChoice,
  ToolsInput,
} from '../models/call-settings.js';

/** A value given directly or computed per call from the request context. */
export type DynamicArgument<T> = T | ((args: { requestContext: RequestContext }) => T | Promise<T>);

/** Instructions: a string, several, system messages, or a function of the request context. */
export type AgentInstructions = SystemMessage | SystemMessage[];

/** Function form of `prepareStep`: same arguments and results as `processInputStep`. */
export type PrepareStepFunction = (args: ProcessInputStepArgs) =>
  | ProcessInputStepResult
  | undefined
  | void
  // biome-ignore lint/suspicious/noConfusingVoidType: a prepareStep that returns nothing is valid.
  | Promise<ProcessInputStepResult | undefined | void>;

/** Constructor options of `Agent`. */
export interface AgentConfig<TOOLS extends ToolsInput = ToolsInput> {
  id: string;
  name?: string;
  description?: string;
  instructions: DynamicArgument<AgentInstructions>;
  model: DynamicArgument<ModelConfig>;
  tools?: DynamicArgument<TOOLS>;
  /** Default maximum number of LLM calls per run. Default 5. */
  maxSteps?: number;
  /** Model-level retries (default 0). */
  maxRetries?: number;
  inputProcessors?: DynamicArgument<InputProcessorOrWorkflow[]>;
  outputProcessors?: DynamicArgument<OutputProcessorOrWorkflow[]>;
  /**
   * Processors that run when a model call fails (`processAPIError`), merged with the four
   * defaults (`ProviderHistoryCompat`, `PrefillErrorHandler`, `UnsupportedFileHandler`,
   * `StreamErrorRetryProcessor`) unless `errorProcessorDefaults` is `false`. A processor with a
   * default's id replaces that default in place.
   */
  errorProcessors?: DynamicArgument<ErrorProcessorOrWorkflow[]>;
  /** `false` turns off the default error processors. Default `true`. */
  errorProcessorDefaults?: boolean;
  /** Where files the model cannot read are uploaded (used by `UnsupportedFileHandler`). */
  sandbox?: AgentSandbox;
  /**
   * What attachment downloads may reach and take. Default: public addresses only (checked after
   * DNS, on every redirect), 20 MiB, 30 s, 3 redirects. A refused file becomes
   * `[Attachment unavailable: <name>]`.
   */
  attachmentDownloads?: AttachmentDownloadPolicy;
  /**
   * Cap on processor-requested retries. Unset: a step retry request (`processInputStep`,
   * `processOutputStep`, …) aborts, and error processors get 3 retries. Set, it caps both.
   */
  maxProcessorRetries?: number;
  /**
   * Record every run of this agent to this folder for offline replay (`replayModel(dir)` in `sluice/test`): one
   * `<time>-<runId>.sluice-run.json` file per run, holding every model request (and its digest),
   * the full response stream and each tool's result. Recordings hold raw prompts, answers and
   * tool results, secrets included: keep them out of shared places unless the data is fake.
   * Written when the run ends, whole or not at all; a failed or aborted run writes nothing. A
   * recording that cannot be written fails the run (`RECORDING_WRITE_FAILED`). A call's own `recordTo` wins. Default: off.
   */
  recordTo?: string;
  /** Defaults merged into every `generate()`/`stream()` call. */
  defaultOptions?: DynamicArgument<AgentExecutionOptions>;
  /**
   * Conversation memory (`new Memory({ storage })` from `sluice/memory`). Used by calls that
   * name a conversation with the `memory: { thread, resource }` option; its processors run
   * around the agent's (input before, output after) and are never removed by per-call arrays.
   */
  memory?: DynamicArgument<Memory>;
  /**
   * Background tool calls (`sluice/background`): which tools may run in the background
   * (`tools: 'all' | { name: config | false }`), `disabled`, awaited calls' `waitTimeoutMs`,
   * `onTaskComplete` / `onTaskFailed`, and the `manager` (default: one in-process manager per
   * agent). Tools with `background: { enabled: true }` are eligible without it.
   */
  backgroundTasks?: AgentBackgroundTasksConfig;
}

/** The event `onFinish` receives. */
export interface FinishEvent<OUTPUT = unknown> extends LLMStepResult {
  steps: LLMStepResult[];
  totalUsage: LanguageModelUsage;
  object?: OUTPUT;
  error?: Error;
  runId: string;
}

/** Options of `generate()` and `stream()`. */
export interface AgentExecutionOptions<OUTPUT = unknown> {
  instructions?: AgentInstructions;
  /** Extra system message for this call. */
  system?: SystemMessage | SystemMessage[];
  model?: ModelConfig;
  maxSteps?: number;
  toolChoice?: ToolChoice;
  activeTools?: string[];
  /** Tools added to (or replacing, by name) the agent's tools for this call. */
  toolsets?: ToolsInput;
  modelSettings?: CallSettings;
  providerOptions?: ProviderOptions;
  structuredOutput?: StructuredOutputOptions<OUTPUT>;
  prepareStep?: PrepareStepFunction;
  requestContext?: RequestContext;
  abortSignal?: AbortSignal;
  runId?: string;
  /** Overrides fields of the agent's `attachmentDownloads` for this call. */
  attachmentDownloads?: AttachmentDownloadPolicy;
  /**
   * The conversation this call belongs to: `{ thread, resource, options? }`. History is loaded
   * before the input and the turn is saved after the output processors. Without it the call
   * uses no memory.
   */
  memory?: AgentMemoryOption;
  /** Replaces the agent's input processors for this call. */
  inputProcessors?: DynamicArgument<InputProcessorOrWorkflow[]>;
  /** Replaces the agent's output processors for this call. */
  outputProcessors?: DynamicArgument<OutputProcessorOrWorkflow[]>;
  /** Replaces the agent's resolved error processors for this call, the defaults included. */
  errorProcessors?: DynamicArgument<ErrorProcessorOrWorkflow[]>;
  /** Cap on processor-requested retries for this call; overrides the agent's. */
  maxProcessorRetries?: number;
  includeRawChunks?: boolean;
  /**
   * Abort the run (status `'aborted'`, the model call cancelled) once every stream taken from
   * the output (`fullStream`, `textStream`, `objectStream`) has been cancelled, e.g. by leaving
   * a `for await` loop early. Default `false`: the run goes on to the end, so its promises
   * settle whether or not anyone reads, and the provider keeps streaming (and billing).
   */
  stopOnStreamCancel?: boolean;
  /**
   * `false`: the output's chunks are read once. One stream may be taken from the output
   * (`fullStream`, `textStream`, `objectStream`, `toUIMessageStream()`…); a second is
   * `STREAM_NOT_REPLAYABLE`. Chunks that stream has passed are released at each step boundary
   * instead of being kept for readers that might attach later, so a long served run holds at
   * most its current step. The result promises are unaffected. Default `true`.
   */
  replayBuffer?: boolean;
  /**
   * Keep the run (and its stream) open while background tasks it started are in flight; each
   * result reconciled into the conversation starts a follow-up turn so the model can react.
   * `{ maxIdleMs }` bounds each wait for the next result. Default `false`: the run ends after
   * its steps and later results are reconciled into memory only.
   */
  untilIdle?: UntilIdleOption;
  onStepFinish?: (event: LLMStepResult & { runId: string; model?: string }) => void | Promise<void>;
  onFinish?: (event: FinishEvent<OUTPUT>) => void | Promise<void>;
  onChunk?: (chunk: ChunkType<OUTPUT>) => void | Promise<void>;
  onError?: (event: { error: unknown }) => void | Promise<void>;
  onAbort?: (event: { steps: LLMStepResult[] }) => void | Promise<void>;
  /**
   * Keep a run record: every hook invocation (with what it changed), model call, tool call and
   * the memory used, as versioned JSON on the result (`result.record`) and given to
   * `onRunRecord`. Values a guardrail flagged appear masked (`[EMAIL]`) unless
   * `recordSensitive` is true. Default `false` (nothing is recorded, nothing costs).
   * Set it in the agent's `defaultOptions` to record every call.
   */
  record?: boolean;
  /** Leave guardrail-flagged values unmasked in the run record. Default `false`: records end up in bug reports. */
  recordSensitive?: boolean;
  /** Receives the run record when the run ends (needs `record: true`); awaited before the result settles. */
  onRunRecord?: (record: RunRecord) => void | Promise<void>;
  /**
   * Put the prompt on each `chat` span (`gen_ai.input.messages`) and tool arguments on
   * `execute_tool` spans, after the guardrails' redaction (flagged values masked). Default `false`.
   */
  recordInputs?: boolean;
  /** Put the answer on each `chat` span (`gen_ai.output.messages`) and tool results on `execute_tool` spans. Default `false`. */
  recordOutputs?: boolean;
  /**
   * Record each run to this folder for offline replay (`replayModel(dir)` in `sluice/test`): one
   * `<time>-<runId>.sluice-run.json` file per run, holding every model request (and its digest),
   * the full response stream and each tool's result. Recordings hold raw prompts, answers and
   * tool results, secrets included: keep them out of shared places unless the data is fake.
   * Written when the run ends, whole or not at all; a failed or aborted run writes nothing. A
   * recording that cannot be written fails the run (`RECORDING_WRITE_FAILED`). Default: off.
   */
  recordTo?: string;
}
