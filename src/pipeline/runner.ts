/**
 * The processor runner: the one place processor hooks are called and their arguments built.
 * The agentic loop calls these methods in the documented order; `generate()` and `stream()`
 * (and any later executor) share this code path, so every hook sees the same arguments however
 * the run was started.
 */

import type {
  LanguageModelV2CallWarning,
  LanguageModelV2Message,
  LanguageModelV2Prompt,
  SharedV2ProviderMetadata,
} from '@ai-sdk/provider';
import type { RunUsageContext } from '../cost/run-usage.js';
import type { ResolvedDownloadPolicy } from '../downloads/policy.js';
import type { ProcessorHookName } from '../errors/processor-error.js';
import type { TripWire } from '../errors/tripwire.js';
import type { MessageList } from '../messages/message-list.js';
import type { CoreMessage, MastraDBMessage } from '../messages/types.js';
import type { LanguageModelUsage, MastraLanguageModel } from '../models/types.js';
import type { RequestContext } from '../request-context/request-context.js';
import type { ChunkType } from '../stream/chunk-types.js';
import type { LLMStepResult } from '../stream/step-result.js';
import {
  applyMessageResult,
  applyOutputResult,
  applyStepResult,
  checkAPIErrorResult,
  checkLLMRequestResult,
  type StepSettings,
} from './hook-results.js';
import { HookScope } from './hook-scope.js';
import type { RetryBudget } from './retry-budget.js';
import { type LaneOut, StreamLane } from './stream-lane.js';
import type { HookOutcome, RunObserver } from './tracing.js';
import { tripwireOwner } from './tripwire-owners.js';
import type {
  AgentSandbox,
  CachedLLMStepChunk,
  CachedLLMStepResponse,
  OutputResult,
  ProcessInputStepArgs,
  ProcessLLMRequestArgs,
  ProcessLLMResponseArgs,
  Processor,
  ProcessorState,
  ProcessorStreamWriter,
  ToolCallInfo,
} from './types.js';

/** The three lanes a run uses, already resolved and validated for the call. */
export interface ProcessorLanes {
  input: readonly Processor[];
  output: readonly Processor[];
  error: readonly Processor[];
}

/** Everything a runner needs for one `generate()`/`stream()` call. */
export interface RunnerOptions {
  lanes: ProcessorLanes;
  messageList: MessageList;
  requestContext: RequestContext;
  writer: ProcessorStreamWriter;
  abortSignal?: AbortSignal;
  /** The call's `prepareStep`; runs as a processor after the input processors. */
  prepareStep?: StepHook;
  /** Cap on processor-requested step retries; unset means a retry request aborts. */
  maxProcessorRetries?: number;
  /** The agent's sandbox, handed to `processLLMRequest` and `processAPIError`. */
  sandbox?: AgentSandbox;
  /** The run's attachment download policy, handed to `processLLMRequest`. */
  attachmentDownloads?: ResolvedDownloadPolicy;
  runId?: string;
  newId: () => string;
  /**
   * Where chunks a stream processor emits on its own (`writer.emit()`) go once the processors
   * after it have seen them: the client. Without it `emit()` is a no-op.
   */
  deliver?: (chunk: ChunkType) => Promise<void> | undefined;
  /** The run's usage recording, handed to every hook as `usageRecorder`. */
  usageRecorder?: RunUsageContext;
}

export type { StepSettings } from './hook-results.js';

type StepHook = (args: ProcessInputStepArgs) => unknown;

const PREPARE_STEP: Processor = Object.freeze({ id: 'prepare-step' });
/** The runner's `after` functions name the outcome themselves. */
const _outcomeOfAfter = (_result: unknown, outcome: HookOutcome): HookOutcome => outcome;

/**
 * Runs processor hooks at the places the agentic loop names, in array order, with the
 * documented arguments. `state` is one object per processor id per run. A hook that throws
 * becomes a `ProcessorError` naming the processor and hook; `abort()` throws a `TripWire`
 * carrying the processor id. Each invocation gets an OpenTelemetry span when an SDK is
 * registered.
 */
export class ProcessorRunner {
  /** What every hook call of the run shares (state, context, signal, failure naming). */
  readonly scope: HookScope;
  /** The output lane's stream hooks: the chunk path through the processors. */
  readonly stream: StreamLane;
  /** Which processor's `processInputStep` set this step's `tools`, to blame a bad override. */
  #toolsOverriddenBy: { processorId: string; hook: ProcessorHookName } | undefined;
  readonly #o: RunnerOptions;
  readonly #list: MessageList;
  readonly #llmRequestLane: readonly Processor[];
  readonly #apiErrorLane: readonly Processor[];

  constructor(options: RunnerOptions) {
    this.#o = options;
    this.#list = options.messageList;
    // Error processors that implement processLLMRequest run in that lane too, after the input
    // processors; one listed in both arrays (same object, or same id) runs once, at its input place.
    const inputIds = new Set(options.lanes.input.map((p) => p.id));
    this.#llmRequestLane = [
      ...options.lanes.input,
      ...options.lanes.error.filter((p) => typeof p.processLLMRequest === 'function' && !inputIds.has(p.id)),
    ];
    this.#apiErrorLane = options.lanes.error.filter((p) => typeof p.processAPIError === 'function');
    this.scope = new HookScope(options, this.#apiErrorLane.length > 0);
    this.stream = new StreamLane(this.scope, options.lanes.output);
  }

  /**
   * Hand hook observation to the run's observer (run and step spans, the run record); call it
   * before the run's first hook. `undefined` calls hooks directly.
   */
  observe(observer: RunObserver | undefined): void {
    this.scope.observe(observer);
    this.stream.observe(observer);
  }

  /**
   * Both retry lanes' budgets and counts. The loop takes step retries from it; the runner spends
   * error-lane retries itself. No hook result reaches it.
   */
  get retries(): RetryBudget {
    return this.scope.retries;
  }

  /** The `retryCount` hooks see: step replays so far, shifted by a processor's override. */
  get retryCount(): number {
    return this.scope.retryCount;
  }

  /** The `state` object hooks of the processor with this id receive in this run. */
  stateOf(id: string): ProcessorState {
    return this.scope.stateOf(id);
  }

  /** Queue a prompt message for the next model call only (the background runtime's follow-up notice). */
  queueTransientMessage(message: LanguageModelV2Message): void {
    this.scope.queueTransientMessage(message);
  }

  /** Transient signals waiting for the next model call; taking them clears the queue. */
  takeTransientSignals(): LanguageModelV2Message[] {
    return this.scope.takeTransientSignals();
  }

  /**
   * The run has settled (any ending): stream hooks' spans end, the `abortSignal` hooks received
   * fires, so timers and background work a processor started end with the run, and
   * `writer.emit()` stops delivering.
   */
  endRun(): void {
    this.scope.endRun();
  }

  /** Which processor's `processInputStep` (or `prepareStep`) set this step's `tools`, if any. */
  get toolsOverriddenBy(): { processorId: string; hook: ProcessorHookName } | undefined {
    return this.#toolsOverriddenBy;
  }

  /** True when some processor reads the step's chunks in `processLLMResponse`. */
  get wantsResponseChunks(): boolean {
    return this.#o.lanes.input.some((p) => typeof p.processLLMResponse === 'function');
  }

  /** True when no processor will see stream chunks: the loop can skip the per-chunk hook. */
  get passesChunksThrough(): boolean {
    return this.stream.empty;
  }

  /** 1. `processInput`, once before the loop. */
  async processInput(): Promise<void> {
    const list = this.#list;
    this.scope.stepNumber = undefined;
    for (const processor of this.#o.lanes.input) {
      const hook = processor.processInput;
      if (typeof hook !== 'function') continue;
      await this.scope.invoke(
        processor,
        'processInput',
        (tracingContext) =>
          hook.call(
            processor,
            this.scope.attachSignal({
              tracingContext,
              sendSignal: this.scope.senderOf(processor),
              messages: nonSystem(list),
              systemMessages: list.getSystemMessages(),
              messageList: list,
              ...this.scope.contextOf(processor),
            }),
          ),
        (result) => applyMessageResult(list, result, processor.id, 'processInput'),
      );
    }
  }

  /** 2 + 3. `processInputStep` of every input processor, then `prepareStep`; overrides chain. */
  async processInputStep(settings: StepSettings): Promise<StepSettings> {
    const list = this.#list;
    let current = settings;
    this.scope.stepNumber = settings.stepNumber;
    this.#toolsOverriddenBy = undefined;
    const run = async (processor: Processor, name: ProcessorHookName, hook: StepHook) => {
      const before = current.model;
      // The list is the source of truth for system messages: edits made through it show here.
      const system = list.getSystemMessages();
      current = { ...current, systemMessages: system };
      await this.scope.invoke(
        processor,
        name,
        (tracingContext) =>
          hook.call(
            processor,
            this.scope.attachSignal({
              tracingContext,
              sendSignal: this.scope.senderOf(processor),
              messages: nonSystem(list),
              messageList: list,
              ...this.scope.contextOf(processor),
              ...current,
            }),
          ),
        (result) => {
          const next = applyStepResult(list, current, result, processor.id, name);
          const changed = next !== current;
          if (next.tools !== current.tools)
            this.#toolsOverriddenBy = { processorId: processor.id, hook: name };
          const retryOverride = (result as { retryCount?: unknown } | undefined)?.retryCount;
          if (typeof retryOverride === 'number')
            this.scope.retryCountShift = retryOverride - this.retries.stepRetries;
          if (next.systemMessages !== system) list.replaceAllSystemMessages(next.systemMessages as never);
          current = next;
          return changed ? 'changed' : 'passed';
        },
      );
      // A router string or raw AI SDK model becomes a resolved model before the next processor sees it.
      if (current.model !== before) {
        current = { ...current, model: await this.scope.resolveModel(current.model, processor.id, name) };
      }
    };
    for (const processor of this.#o.lanes.input) {
      if (typeof processor.processInputStep === 'function') {
        await run(processor, 'processInputStep', processor.processInputStep as StepHook);
      }
    }
    if (this.#o.prepareStep) await run(PREPARE_STEP, 'prepareStep', this.#o.prepareStep);
    // Later hooks of the step read the system messages the call is made with.
    return { ...current, systemMessages: list.getSystemMessages() };
  }

  /** 4. `processLLMRequest`: a transient prompt rewrite, or a cached response that skips the call. */
  async processLLMRequest(args: {
    prompt: LanguageModelV2Prompt;
    model: MastraLanguageModel;
    stepNumber: number;
    steps: LLMStepResult[];
    /** The step's call beyond the prompt, and its settlement seam (see `LLMStepSettlement`). */
    step?: Pick<
      ProcessLLMRequestArgs,
      'tools' | 'toolChoice' | 'callSettings' | 'onStepSettled' | 'onRunSettled'
    >;
  }): Promise<{ prompt: LanguageModelV2Prompt; response?: CachedLLMStepResponse }> {
    let prompt = args.prompt;
    this.scope.stepNumber = args.stepNumber;
    for (const processor of this.#llmRequestLane) {
      const hook = processor.processLLMRequest;
      if (typeof hook !== 'function') continue;
      const result = await this.scope.invoke(
        processor,
        'processLLMRequest',
        (tracingContext) =>
          hook.call(
            processor,
            this.scope.attachSignal({
              tracingContext,
              messageList: this.#list,
              prompt,
              model: args.model,
              stepNumber: args.stepNumber,
              steps: args.steps,
              sandbox: this.#o.sandbox,
              attachmentDownloads: this.#o.attachmentDownloads,
              ...args.step,
              ...this.scope.contextOf(processor),
            }),
          ),
        (value) => checkLLMRequestResult(value, processor.id),
      );
      if (!result) continue;
      if (result.response) return { prompt, response: result.response };
      if (result.prompt) prompt = result.prompt;
    }
    return { prompt };
  }

  /**
   * 5b. `processAPIError` after a failed model call: error processors in list order until one
   * returns `{ retry: true }`. Returns that processor's id (the retry is spent from the budget
   * here), or `undefined` when none asked (or the error-lane budget is spent — then no processor
   * is asked at all, so none edits the conversation for a retry that cannot happen).
   */
  async processAPIError(args: {
    error: unknown;
    model: MastraLanguageModel;
    stepNumber: number;
    steps: LLMStepResult[];
    messageId: string;
  }): Promise<string | undefined> {
    const budget = this.retries;
    if (!budget.apiErrorRetryLeft) return undefined;
    this.scope.stepNumber = args.stepNumber;
    const list = this.#list;
    for (const processor of this.#apiErrorLane) {
      const hook = processor.processAPIError as NonNullable<Processor['processAPIError']>;
      const result = await this.scope.invoke(
        processor,
        'processAPIError',
        (tracingContext) =>
          hook.call(
            processor,
            this.scope.attachSignal({
              tracingContext,
              sendSignal: this.scope.senderOf(processor),
              messages: list.get.all.db(),
              messageList: list,
              sandbox: this.#o.sandbox,
              ...this.scope.contextOf(processor),
              ...args,
              retryCount: budget.apiErrorRetries,
            }),
          ),
        (value) => checkAPIErrorResult(value, processor.id),
      );
      if (result?.retry === true) {
        budget.spendApiErrorRetry();
        return processor.id;
      }
    }
    return undefined;
  }

  /**
   * 6. `processOutputStream` per chunk (see `StreamLane`): the chunk to emit, several, or
   * `undefined` when it was dropped; a promise of it once a hook returned one. The step reader's
   * chunks take the lane's cursor (`stream.beginChunk`) instead.
   */
  processOutputStream(
    part: ChunkType,
    streamParts: ChunkType[],
    stepNumber: number | undefined,
  ): LaneOut | Promise<LaneOut> {
    return this.stream.process(part, streamParts, stepNumber);
  }

  async processLLMResponse(args: {
    chunks: CachedLLMStepChunk[];
    model: MastraLanguageModel;
    stepNumber: number;
    steps: LLMStepResult[];
    fromCache: boolean;
    warnings?: LanguageModelV2CallWarning[];
    request?: unknown;
    rawResponse?: unknown;
    onStepSettled?: ProcessLLMResponseArgs['onStepSettled'];
  }): Promise<void> {
    this.scope.stepNumber = args.stepNumber;
    for (const processor of this.#o.lanes.input) {
      const hook = processor.processLLMResponse;
      if (typeof hook !== 'function') continue;
      await this.scope.invoke(
        processor,
        'processLLMResponse',
        (tracingContext) =>
          hook.call(
            processor,
            this.scope.attachSignal({ tracingContext, ...this.scope.contextOf(processor), ...args }),
          ),
        () => 'passed',
      );
    }
  }

  /** 8. `processOutputStep`, after each LLM step and before tools. */
  processOutputStep(args: {
    stepNumber: number;
    finishReason: string;
    toolCalls: ToolCallInfo[];
    text: string;
    usage: LanguageModelUsage;
    systemMessages: CoreMessage[];
    steps: LLMStepResult[];
    providerMetadata?: SharedV2ProviderMetadata;
  }): Promise<void> {
    this.scope.stepNumber = args.stepNumber;
    return this.#runOutputHook('processOutputStep', args, 'all');
  }

  /** 9. `processToolResult` per successful tool call. */
  processToolResult(args: {
    stepNumber: number;
    toolName: string;
    toolCallId: string;
    args: unknown;
    result: unknown;
    providerExecuted?: boolean;
    systemMessages: CoreMessage[];
    steps: LLMStepResult[];
  }): Promise<void> {
    this.scope.stepNumber = args.stepNumber;
    return this.#runOutputHook('processToolResult', args, 'all');
  }

  /** 10. `processOutputResult`, once at the end of a successful run; `messages` are the response. */
  processOutputResult(result: OutputResult): Promise<void> {
    this.scope.stepNumber = undefined;
    return this.#runOutputHook('processOutputResult', { result }, 'response');
  }

  /** The output lane's message hooks share one shape: the same context and result forms. */
  async #runOutputHook(
    name: 'processOutputStep' | 'processToolResult' | 'processOutputResult',
    args: object,
    scope: 'all' | 'response',
  ): Promise<void> {
    const list = this.#list;
    for (const processor of this.#o.lanes.output) {
      const hook = processor[name] as ((hookArgs: unknown) => unknown) | undefined;
      if (typeof hook !== 'function') continue;
      await this.scope.invoke(
        processor,
        name,
        (tracingContext) =>
          hook.call(
            processor,
            this.scope.attachSignal({
              tracingContext,
              sendSignal: this.scope.senderOf(processor),
              messages: scope === 'response' ? list.get.response.db() : list.get.all.db(),
              messageList: list,
              ...this.scope.contextOf(processor),
              ...args,
            }),
          ),
        (result) => applyOutputResult(list, result, processor.id, name, scope),
      );
    }
  }

  /** Report an abort to the aborting processor's `onViolation`; its own errors are swallowed. */
  async reportViolation(tripwire: TripWire): Promise<void> {
    const { input, output, error } = this.#o.lanes;
    const processor =
      tripwireOwner(tripwire) ??
      input.find((p) => p.id === tripwire.processorId) ??
      output.find((p) => p.id === tripwire.processorId) ??
      error.find((p) => p.id === tripwire.processorId);
    if (typeof processor?.onViolation !== 'function') return;
    try {
      await processor.onViolation({
        processorId: processor.id,
        message: tripwire.message,
        detail: tripwire.options.metadata,
      });
    } catch {
      // By contract a failing onViolation never disturbs the run.
    }
  }

  // ---- internals -------------------------------------------------------------------------
}

/** The conversation without system messages: the list keeps those apart, so this is one copy. */
function nonSystem(list: MessageList): MastraDBMessage[] {
  return list.get.all.db();
}
