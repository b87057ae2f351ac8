/**
 * What one run is made of: the plan the agent resolved, and the parts the run's modules share.
 * Each part owns its own state; nothing here is a loose mutable variable.
 */
import type { RunBackground } from '../../background/run-background.js';
import type { RunUsage } from '../../cost/run-usage.js';
import type { ResolvedDownloadPolicy } from '../../downloads/policy.js';
import type { MemoryTurn } from '../../memory/turn.js';
import type { MessageList } from '../../messages/message-list.js';
import type { MastraLanguageModel } from '../../models/types.js';
import type { ProcessorRunner } from '../../pipeline/runner.js';
import type { ProcessorStreamWriter } from '../../pipeline/types.js';
import type { RequestContext } from '../../request-context/request-context.js';
import type { ChunkType } from '../../stream/chunk-types.js';
import type { ResolvedToolSet } from '../../tools/resolved-tool-set.js';
import type { ReplayRun } from '../../tracing/replay-source.js';
import type { RunObserver } from '../../tracing/run-observer.js';
import type { RunRecorder } from '../../tracing/run-recorder.js';
import type { AgentExecutionOptions, ToolsInput } from '../types.js';
import type { ApiFailures, RunAttachments } from './attachments.js';
import type { ChunkPath } from './chunk-path.js';
import type { ModelCallMethod } from './model-call.js';
import type { RunOutcome } from './run-outcome.js';
import type { RunState } from './run-state.js';

/** Everything one run needs, resolved by the agent before the loop starts. */
export interface RunPlan<OUTPUT> {
  agentId: string;
  runId: string;
  messageId: string;
  messageList: MessageList;
  model: MastraLanguageModel;
  /** `generate()` calls the model in one go where it can; `stream()` streams (`model-call.ts`). */
  callMethod: ModelCallMethod;
  tools: ToolsInput;
  resolveTools: (tools: ToolsInput) => Promise<ResolvedToolSet>;
  maxSteps: number;
  maxRetries: number;
  options: AgentExecutionOptions<OUTPUT>;
  requestContext: RequestContext;
  /** What attachment downloads may reach (the agent's policy merged with the call's). */
  attachmentDownloads?: ResolvedDownloadPolicy;
  /** The call's memory (`memory: { thread, resource }`), saved by `finalize()`. */
  memory?: MemoryTurn;
  /** The run's background runtime, when the agent or its tools use background tasks. */
  background?: RunBackground;
  /**
   * The run's runner. `abortSignal` is the run's own signal (the caller's, joined by
   * `stopOnStreamCancel` when on), so hooks see every way the run can be stopped.
   */
  createRunner: (
    writer: ProcessorStreamWriter,
    runId: string,
    deliver: (chunk: ChunkType) => Promise<void> | undefined,
    abortSignal: AbortSignal | undefined,
    usage: RunUsage,
  ) => ProcessorRunner;
}

/** One run's parts, handed to the step, retry and finalization modules. */
export interface RunContext<OUTPUT = unknown> {
  readonly plan: RunPlan<OUTPUT>;
  readonly runId: string;
  /** The first response message's id (steps may move output to another, see `state.responseId`). */
  readonly messageId: string;
  readonly list: MessageList;
  readonly options: AgentExecutionOptions<OUTPUT>;
  readonly abortSignal: AbortSignal | undefined;
  /** The one place hooks are called. */
  readonly runner: ProcessorRunner;
  /** How chunks reach the client. */
  readonly path: ChunkPath<OUTPUT>;
  /** Totals, response id, checkpoints: plain data. */
  readonly state: RunState<OUTPUT>;
  readonly attachments: RunAttachments;
  readonly failures: ApiFailures;
  /** Every model call of the run, reported once at its end and written to attached ledgers. */
  readonly usage: RunUsage;
  /** Hooks waiting for the run's outcome (`onRunSettled`), settled by `finalize()`. */
  readonly outcome: RunOutcome;
  /** Spans and the run record (`observe.ts`); `undefined` when neither is on. */
  readonly observer?: RunObserver;
  /** `recordTo`: the run's recording in progress (`run-recorder.ts`); `undefined` when off. */
  readonly recorder?: RunRecorder;
  /** The run's replay when its model answers from recordings (`replayModel`). */
  readonly replay?: { readonly model: MastraLanguageModel; readonly run: ReplayRun };
}
