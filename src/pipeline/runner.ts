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
import type { Span } from '@opentelemetry/api';
import type { RunUsageContext } from '../cost/run-usage.js';
import type { ResolvedDownloadPolicy } from '../downloads/policy.js';
import { describeError } from '../errors/error-chain.js';
import { ProcessorError, type ProcessorHookName } from '../errors/processor-error.js';
import { TripWire } from '../errors/tripwire.js';
import type { MessageList } from '../messages/message-list.js';
import type { CoreMessage, MastraDBMessage } from '../messages/types.js';
import { type ModelSpec as ModelConfigLike, resolveModel } from '../models/resolve-model.js';
import type { LanguageModelUsage, MastraLanguageModel } from '../models/types.js';
import type { RequestContext } from '../request-context/request-context.js';
import type { ChunkType } from '../stream/chunk-types.js';
import type { LLMStepResult } from '../stream/step-result.js';
import { throwIfAborted } from '../util/until-aborted.js';
import { abortFor, attributeThrow, callHook, type HookCallNaming, HookSignal } from './hook-call.js';
import {
  applyMessageResult,
  applyOutputResult,
  applyStepResult,
  checkAPIErrorResult,
  checkLLMRequestResult,
  STEP_HOOKS,
  type StepSettings,
} from './hook-results.js';
import { RetryBudget } from './retry-budget.js';
import { createSignal, signalDataChunk, signalToDBMessage, signalToPromptMessage } from './signals.js';
import { type HookBase, type SendSignal, StreamLane, type StreamLaneHost } from './stream-lane.js';
import { activeTracer, type HookOutcome, startHookSpan } from './tracing.js';
import { tripwireOwner } from './tripwire-owners.js';
import type {
  AgentSandbox,
  AgentSignalInput,
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
  TracingContext,
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
const outcomeOfAfter = (_result: unknown, outcome: HookOutcome): HookOutcome => outcome;

/** How one hook of one processor names its failures (made per message-hook call). */
class RunnerHookNaming implements HookCallNaming {
  constructor(
    readonly runner: ProcessorRunner,
    readonly processor: Processor,
    readonly hook: ProcessorHookName,
  ) {}
  thrown(error: unknown): unknown {
    return this.runner.failure(error, this.processor, this.hook);
  }
  invalid(error: unknown): unknown {
    return this.runner.badResult(error, this.processor, this.hook);
  }
  thrownOutcome(failure: unknown): HookOutcome {
    return TripWire.isInstance(failure) ? this.runner.tripwireOutcome(failure, this.hook) : 'failed';
  }
}

/**
 * Runs processor hooks at the places the agentic loop names, in array order, with the
 * documented arguments. `state` is one object per processor id per run. A hook that throws
 * becomes a `ProcessorError` naming the processor and hook; `abort()` throws a `TripWire`
 * carrying the processor id. Each invocation gets an OpenTelemetry span when an SDK is
 * registered.
 */
export class ProcessorRunner implements StreamLaneHost {
  /**
   * Both retry lanes' budgets and counts. The loop takes step retries from it; the runner spends
   * error-lane retries itself. No hook result reaches it.
   */
  readonly retries: RetryBudget;
  /**
   * The step of the hook running now, taken from that hook's own arguments (`stepNumber`);
   * `undefined` outside steps. Errors and spans name it.
   */
  stepNumber: number | undefined;
  /** Which processor's `processInputStep` set this step's `tools`, to blame a bad override. */
  #toolsOverriddenBy: { processorId: string; hook: ProcessorHookName } | undefined;
  /**
   * A `retryCount` override (a `processInputStep` result) shifts the value hooks see by this
   * much; the budget's own count is untouched.
   */
  #retryCountShift = 0;

  /** The output lane's stream hooks: the chunk path through the processors. */
  readonly stream: StreamLane;
  readonly #o: RunnerOptions;
  readonly #list: MessageList;
  readonly #state = new Map<string, ProcessorState>();
  readonly #bases = new Map<Processor, HookBase>();
  readonly #senders = new Map<Processor, SendSignal>();
  readonly #llmRequestLane: readonly Processor[];
  readonly #apiErrorLane: readonly Processor[];
  readonly #tracer = activeTracer();
  #transient: LanguageModelV2Message[] = [];
  /** The hooks' `abortSignal`: the caller's abort or the run's end, made on first read. */
  readonly #signals: HookSignal;

  constructor(options: RunnerOptions) {
    this.#o = options;
    this.#list = options.messageList;
    this.#signals = new HookSignal(options.abortSignal);
    this.stream = new StreamLane(this, options.lanes.output);
    // Error processors that implement processLLMRequest run in that lane too, after the input
    // processors; one listed in both arrays (same object, or same id) runs once, at its input place.
    const inputIds = new Set(options.lanes.input.map((p) => p.id));
    this.#llmRequestLane = [
      ...options.lanes.input,
      ...options.lanes.error.filter((p) => typeof p.processLLMRequest === 'function' && !inputIds.has(p.id)),
    ];
    this.#apiErrorLane = options.lanes.error.filter((p) => typeof p.processAPIError === 'function');
    this.retries = new RetryBudget(options.maxProcessorRetries, this.#apiErrorLane.length > 0);
  }

  /** @internal The run has settled (see {@link endRun}). */
  get ended(): boolean {
    return this.#signals.ended;
  }

  /** @internal The caller's abort signal. */
  get callerSignal(): AbortSignal | undefined {
    return this.#o.abortSignal;
  }

  /** @internal */
  get messageList(): MessageList {
    return this.#list;
  }

  /** @internal */
  get writer(): ProcessorStreamWriter {
    return this.#o.writer;
  }

  /** @internal */
  get deliver(): ((chunk: ChunkType) => Promise<void> | undefined) | undefined {
    return this.#o.deliver;
  }

  /** @internal Hook arguments get `abortSignal` (see `HookSignal.attach`). */
  attachSignal<T extends object>(args: T): T & { abortSignal: AbortSignal } {
    return this.#signals.attach(args);
  }

  /** The `retryCount` hooks see: step replays so far, shifted by a processor's override. */
  get retryCount(): number {
    return this.retries.stepRetries + this.#retryCountShift;
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

  /** Queue a prompt message for the next model call only (the background runtime's follow-up notice). */
  queueTransientMessage(message: LanguageModelV2Message): void {
    this.#transient.push(message);
  }

  /** Transient signals waiting for the next model call; taking them clears the queue. */
  takeTransientSignals(): LanguageModelV2Message[] {
    if (this.#transient.length === 0) return [];
    const taken = this.#transient;
    this.#transient = [];
    return taken;
  }

  /** 1. `processInput`, once before the loop. */
  async processInput(): Promise<void> {
    const list = this.#list;
    this.stepNumber = undefined;
    for (const processor of this.#o.lanes.input) {
      const hook = processor.processInput;
      if (typeof hook !== 'function') continue;
      await this.#invoke(
        processor,
        'processInput',
        (tracingContext) =>
          hook.call(
            processor,
            this.attachSignal({
              tracingContext,
              sendSignal: this.senderOf(processor),
              messages: nonSystem(list),
              systemMessages: list.getSystemMessages(),
              messageList: list,
              ...this.contextOf(processor),
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
    this.stepNumber = settings.stepNumber;
    this.#toolsOverriddenBy = undefined;
    const run = async (processor: Processor, name: ProcessorHookName, hook: StepHook) => {
      const before = current.model;
      // The list is the source of truth for system messages: edits made through it show here.
      const system = list.getSystemMessages();
      current = { ...current, systemMessages: system };
      await this.#invoke(
        processor,
        name,
        (tracingContext) =>
          hook.call(
            processor,
            this.attachSignal({
              tracingContext,
              sendSignal: this.senderOf(processor),
              messages: nonSystem(list),
              messageList: list,
              ...this.contextOf(processor),
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
            this.#retryCountShift = retryOverride - this.retries.stepRetries;
          if (next.systemMessages !== system) list.replaceAllSystemMessages(next.systemMessages as never);
          current = next;
          return changed ? 'changed' : 'passed';
        },
      );
      // A router string or raw AI SDK model becomes a resolved model before the next processor sees it.
      if (current.model !== before) {
        current = { ...current, model: await this.#resolveModel(current.model, processor.id, name) };
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
    this.stepNumber = args.stepNumber;
    for (const processor of this.#llmRequestLane) {
      const hook = processor.processLLMRequest;
      if (typeof hook !== 'function') continue;
      const result = await this.#invoke(
        processor,
        'processLLMRequest',
        (tracingContext) =>
          hook.call(
            processor,
            this.attachSignal({
              tracingContext,
              messageList: this.#list,
              prompt,
              model: args.model,
              stepNumber: args.stepNumber,
              steps: args.steps,
              sandbox: this.#o.sandbox,
              attachmentDownloads: this.#o.attachmentDownloads,
              ...args.step,
              ...this.contextOf(processor),
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
    this.stepNumber = args.stepNumber;
    const list = this.#list;
    for (const processor of this.#apiErrorLane) {
      const hook = processor.processAPIError as NonNullable<Processor['processAPIError']>;
      const result = await this.#invoke(
        processor,
        'processAPIError',
        (tracingContext) =>
          hook.call(
            processor,
            this.attachSignal({
              tracingContext,
              sendSignal: this.senderOf(processor),
              messages: list.get.all.db(),
              messageList: list,
              sandbox: this.#o.sandbox,
              ...this.contextOf(processor),
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
   * 6. `processOutputStream` per chunk, for chunks the step reader does not drive itself (see
   * `StreamLane`): the chunk to emit, several, or `undefined` when it was dropped.
   */
  processOutputStream(
    part: ChunkType,
    streamParts: ChunkType[],
    stepNumber: number | undefined,
  ): Promise<ChunkType | ChunkType[] | undefined> {
    return this.stream.process(part, streamParts, stepNumber);
  }

  /**
   * The run has settled (any ending): the `abortSignal` hooks received fires, so timers and
   * background work a processor started end with the run, and `writer.emit()` stops delivering.
   */
  endRun(): void {
    this.#signals.end();
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
    this.stepNumber = args.stepNumber;
    for (const processor of this.#o.lanes.input) {
      const hook = processor.processLLMResponse;
      if (typeof hook !== 'function') continue;
      await this.#invoke(
        processor,
        'processLLMResponse',
        (tracingContext) =>
          hook.call(processor, this.attachSignal({ tracingContext, ...this.contextOf(processor), ...args })),
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
    this.stepNumber = args.stepNumber;
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
    this.stepNumber = args.stepNumber;
    return this.#runOutputHook('processToolResult', args, 'all');
  }

  /** 10. `processOutputResult`, once at the end of a successful run; `messages` are the response. */
  processOutputResult(result: OutputResult): Promise<void> {
    this.stepNumber = undefined;
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
      await this.#invoke(
        processor,
        name,
        (tracingContext) =>
          hook.call(
            processor,
            this.attachSignal({
              tracingContext,
              sendSignal: this.senderOf(processor),
              messages: scope === 'response' ? list.get.response.db() : list.get.all.db(),
              messageList: list,
              ...this.contextOf(processor),
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

  /**
   * Call one hook through `callHook` (span, attribution, result check) and wait for it; `after`
   * applies the result and names the outcome. A run the caller aborted calls no more hooks, even
   * from a body still winding down.
   */
  async #invoke<R>(
    processor: Processor,
    hook: ProcessorHookName,
    call: (tracing: TracingContext) => R,
    after: (result: Awaited<R>) => HookOutcome,
  ): Promise<Awaited<R>> {
    this.throwIfAborted();
    let result: unknown;
    await callHook(
      this.startSpan(processor, hook),
      call,
      (value) => {
        result = value;
        return after(value as Awaited<R>);
      },
      outcomeOfAfter,
      this.naming(processor, hook),
    );
    return result as Awaited<R>;
  }

  /** @internal How the lanes' hook calls are named (see `HookCallNaming`). */
  naming(processor: Processor, hook: ProcessorHookName): HookCallNaming {
    return new RunnerHookNaming(this, processor, hook);
  }

  /** @internal The span of one hook call, or `undefined` with tracing off. */
  startSpan(processor: Processor, hook: ProcessorHookName): Span | undefined {
    const tracer = this.#tracer;
    return tracer ? startHookSpan(tracer, processor.id, hook, this.stepNumber, this.#o.runId) : undefined;
  }

  /** @internal True when hook calls get spans. */
  get tracing(): boolean {
    return this.#tracer !== undefined;
  }

  /** @internal A tripwire's span outcome: `retried` when the budget grants the step a replay. */
  tripwireOutcome(failure: TripWire, hook: ProcessorHookName): HookOutcome {
    return STEP_HOOKS.has(hook) &&
      hook !== 'processAPIError' &&
      this.stepNumber !== undefined &&
      !this.#o.abortSignal?.aborted &&
      this.retries.grantsStepRetry(failure)
      ? 'retried'
      : 'aborted';
  }

  /**
   * @internal What a hook's throw becomes: tripwires and the caller's abort pass; anything else
   * is wrapped. Applying it twice changes nothing.
   */
  failure(error: unknown, processor: Processor, hook: ProcessorHookName): unknown {
    const passed = attributeThrow(error, processor.id, processor, this.#o.abortSignal);
    if (passed !== undefined) return passed;
    const message = describeError(error);
    const stepNumber = this.stepNumber;
    const step = stepNumber !== undefined && STEP_HOOKS.has(hook) ? ` at step ${stepNumber}` : '';
    return new ProcessorError(
      'PROCESSOR_HOOK_FAILED',
      `Processor "${processor.id}" threw in ${hook}${step}: ${message}. Fix or guard the hook; to stop the run on purpose, call abort(reason) instead of throwing.`,
      { processorId: processor.id, hook, stepNumber: STEP_HOOKS.has(hook) ? stepNumber : undefined },
      { cause: error },
    );
  }

  /** @internal A result that broke while being applied is the hook's wrong shape, named as such. */
  badResult(error: unknown, processor: Processor, hook: ProcessorHookName): unknown {
    if (ProcessorError.isInstance(error)) return error;
    const message = describeError(error);
    return new ProcessorError(
      'PROCESSOR_INVALID_RESULT',
      `Processor "${processor.id}" ${hook} returned a value that could not be applied: ${message}. Check the documented return forms of ${hook}.`,
      { processorId: processor.id, hook, stepNumber: STEP_HOOKS.has(hook) ? this.stepNumber : undefined },
      { cause: error },
    );
  }

  /** @internal A run the caller aborted calls no more hooks. */
  throwIfAborted(): void {
    throwIfAborted(this.#o.abortSignal);
  }

  async #resolveModel(
    model: unknown,
    processorId: string,
    hook: ProcessorHookName,
  ): Promise<MastraLanguageModel> {
    try {
      return await resolveModel(model as ModelConfigLike);
    } catch (error) {
      const message = describeError(error);
      throw new ProcessorError(
        'PROCESSOR_INVALID_RESULT',
        `Processor "${processorId}" ${hook} returned a model that cannot be used: ${message}`,
        { processorId, hook, stepNumber: this.stepNumber },
        { cause: error },
      );
    }
  }

  /** The `state` object hooks of the processor with this id receive in this run. */
  stateOf(id: string): ProcessorState {
    return this.#stateOf(id);
  }

  #stateOf(id: string): ProcessorState {
    let state = this.#state.get(id);
    if (!state) {
      state = {};
      this.#state.set(id, state);
    }
    return state;
  }

  /** @internal Hook context of a processor; built once per run (per retry count), not once per call. */
  contextOf(processor: Processor): HookBase {
    const cached = this.#bases.get(processor);
    if (cached && cached.retryCount === this.retryCount) return cached;
    const base: HookBase = {
      abort: abortFor(processor),
      retryCount: this.retryCount,
      requestContext: this.#o.requestContext,
      writer: this.#o.writer,
      state: this.#stateOf(processor.id),
    };
    if (this.#o.usageRecorder !== undefined) base.usageRecorder = this.#o.usageRecorder;
    this.#bases.set(processor, base);
    return base;
  }

  /**
   * `sendSignal` of one processor. A transient signal reaches the next model call only; any
   * other joins the conversation as a `role: 'signal'` message after the messages present now.
   * Either way clients see a transient `data-signal` chunk.
   */
  /** @internal */
  senderOf(processor: Processor): SendSignal {
    let send = this.#senders.get(processor);
    if (!send) {
      send = async (input: AgentSignalInput) => {
        const signal = createSignal(input, this.#o.newId);
        if (signal.transient === true) this.#transient.push(signalToPromptMessage(signal));
        else this.#list.add(signalToDBMessage(signal), 'input');
        await this.#o.writer.custom(signalDataChunk(signal));
        return signal;
      };
      this.#senders.set(processor, send);
    }
    return send;
  }
}

/** The conversation without system messages: the list keeps those apart, so this is one copy. */
function nonSystem(list: MessageList): MastraDBMessage[] {
  return list.get.all.db();
}
