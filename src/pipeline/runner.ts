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
import { describeError } from '../errors/error-chain.js';
import { ProcessorError, type ProcessorHookName } from '../errors/processor-error.js';
import { SluiceError } from '../errors/sluice-error.js';
import { TripWire } from '../errors/tripwire.js';
import type { MessageList } from '../messages/message-list.js';
import type { CoreMessage, MastraDBMessage } from '../messages/types.js';
import { type ModelSpec as ModelConfigLike, resolveModel } from '../models/resolve-model.js';
import type { LanguageModelUsage, MastraLanguageModel } from '../models/types.js';
import type { RequestContext } from '../request-context/request-context.js';
import type { ChunkType } from '../stream/chunk-types.js';
import type { LLMStepResult } from '../stream/step-result.js';
import { throwIfAborted } from '../util/until-aborted.js';
import {
  applyMessageResult,
  applyOutputResult,
  applyStepResult,
  checkAPIErrorResult,
  checkLLMRequestResult,
  describe,
  invalidResult,
  STEP_HOOKS,
  type StepSettings,
} from './hook-results.js';
import { RetryBudget } from './retry-budget.js';
import { createSignal, signalDataChunk, signalToDBMessage, signalToPromptMessage } from './signals.js';
import {
  StreamContinuation,
  settleStream,
  WRITER_INTERNALS,
  type WriterInternals,
} from './stream-continuation.js';
import { type HookOutcome, type RunObserver, runnerObserver } from './tracing.js';
import { tripwireOwner } from './tripwire-owners.js';
import type {
  AgentSandbox,
  AgentSignalInput,
  CachedLLMStepChunk,
  CachedLLMStepResponse,
  CreatedAgentSignal,
  OutputResult,
  ProcessInputStepArgs,
  ProcessLLMRequestArgs,
  ProcessLLMResponseArgs,
  ProcessOutputStreamArgs,
  Processor,
  ProcessorContext,
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
type StreamHook = (args: ProcessOutputStreamArgs) => unknown;
/** The step reader's chunk cursor: no chunk in the lane / the lane's output is a promise of ours. */
const CURSOR_DONE = -1;
const CURSOR_GENERIC = -2;
/** Hook calls per run that get `abortSignal` as a lazy accessor before the signal is just made. */
const LAZY_SIGNAL_CALLS = 8;

/** A thenable (a hook may return any PromiseLike); plain values are used as they are. */
function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

const ignore = (): void => {};

/** `result` once `writes` have settled (their failures belong to whoever awaits them, not here). */
function afterWrites(writes: readonly Promise<unknown>[], result: unknown): Promise<unknown> {
  const settled: Promise<unknown>[] = writes.map((write) => write.then(ignore, ignore));
  settled.push(Promise.resolve(result));
  return Promise.all(settled).then((values) => values[values.length - 1]);
}

/** Context fields shared by every hook of a processor; `tracingContext` is set per call. */
type Base = Omit<ProcessorContext, 'tracingContext' | 'abortSignal'> & { state: ProcessorState };
type SendSignal = (signal: AgentSignalInput) => Promise<CreatedAgentSignal>;

const NO_TRACING: TracingContext = Object.freeze({});
const PREPARE_STEP: Processor = Object.freeze({ id: 'prepare-step' });
/** The reason of the hooks' `abortSignal` when it fires because the run is over. */
const RUN_ENDED = Object.freeze(
  Object.assign(new Error('The run has ended; work a processor started for it should stop.'), {
    name: 'RunEndedError',
  }),
);

/**
 * Runs processor hooks at the places the agentic loop names, in array order, with the
 * documented arguments. `state` is one object per processor id per run. A hook that throws
 * becomes a `ProcessorError` naming the processor and hook; `abort()` throws a `TripWire`
 * carrying the processor id. Each invocation gets an OpenTelemetry span when an SDK is
 * registered.
 */
export class ProcessorRunner {
  /**
   * Both retry lanes' budgets and counts. The loop takes step retries from it; the runner spends
   * error-lane retries itself. No hook result reaches it.
   */
  readonly retries: RetryBudget;
  /**
   * The step of the hook running now, taken from that hook's own arguments (`stepNumber`);
   * `undefined` outside steps. Errors and spans name it.
   */
  #stepNumber: number | undefined;
  /** Which processor's `processInputStep` set this step's `tools`, to blame a bad override. */
  #toolsOverriddenBy: { processorId: string; hook: ProcessorHookName } | undefined;
  /**
   * A `retryCount` override (a `processInputStep` result) shifts the value hooks see by this
   * much; the budget's own count is untouched.
   */
  #retryCountShift = 0;

  readonly #o: RunnerOptions;
  readonly #list: MessageList;
  readonly #state = new Map<string, ProcessorState>();
  readonly #bases = new Map<Processor, Base>();
  readonly #senders = new Map<Processor, SendSignal>();
  readonly #streamProcessors: readonly Processor[];
  readonly #llmRequestLane: readonly Processor[];
  readonly #apiErrorLane: readonly Processor[];
  /** Spans and the run record; `undefined` (hooks called directly) when neither is on. */
  #observer: RunObserver | undefined;
  #streamArgs: ProcessOutputStreamArgs[] | undefined;
  #streamArgsRetry = -1;
  readonly #streamBusy: boolean[] = [];
  /** The processor object whose `abort()` made each tripwire (ids may repeat across lanes). */
  readonly #aborters = new WeakMap<TripWire, Processor>();
  #transient: LanguageModelV2Message[] = [];
  /**
   * Aborted when the run settles; hooks see it through their `abortSignal`. Made when a hook
   * first reads `abortSignal` (most never do): building and firing a signal costs more than
   * a whole step's own work.
   */
  #runEnd: AbortController | undefined;
  /** The run has settled. */
  #ended = false;
  /** What hooks get as `abortSignal`: the caller's abort or the run's end, whichever comes first. */
  #hookSignal: AbortSignal | undefined;
  /** `abortSignal` of every hook's arguments: an accessor that makes the signal on first read. */
  readonly #signalProperty: PropertyDescriptor = {
    get: () => this.#signal(),
    set(this: object, value: unknown) {
      Object.defineProperty(this, 'abortSignal', {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    },
    enumerable: true,
    configurable: true,
  };
  #deferredFailure: unknown;
  /** See `WRITER_INTERNALS`: one object per run, shared by the stream processors' writers. */
  readonly #writerInternals: WriterInternals = {
    track: (write) => this.#track(write),
    defer: (error) => {
      this.#deferredFailure ??= error;
    },
  };

  constructor(options: RunnerOptions) {
    this.#o = options;
    this.#list = options.messageList;
    this.#streamProcessors = options.lanes.output.filter((p) => typeof p.processOutputStream === 'function');
    // Error processors that implement processLLMRequest run in that lane too, after the input
    // processors; one listed in both arrays (same object, or same id) runs once, at its input place.
    const inputIds = new Set(options.lanes.input.map((p) => p.id));
    this.#llmRequestLane = [
      ...options.lanes.input,
      ...options.lanes.error.filter((p) => typeof p.processLLMRequest === 'function' && !inputIds.has(p.id)),
    ];
    this.#apiErrorLane = options.lanes.error.filter((p) => typeof p.processAPIError === 'function');
    this.retries = new RetryBudget(options.maxProcessorRetries, this.#apiErrorLane.length > 0);
    this.#observer = runnerObserver(options.runId);
  }

  /** Hand hook observation to the run's observer (run and step spans, the run record). */
  observe(observer: RunObserver | undefined): void {
    this.#observer = observer;
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
    return this.#streamProcessors.length === 0;
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
    this.#stepNumber = undefined;
    for (const processor of this.#o.lanes.input) {
      const hook = processor.processInput;
      if (typeof hook !== 'function') continue;
      await this.#invoke(
        processor,
        'processInput',
        (tracingContext) =>
          hook.call(
            processor,
            this.#withSignal({
              tracingContext,
              sendSignal: this.#sender(processor),
              messages: nonSystem(list),
              systemMessages: list.getSystemMessages(),
              messageList: list,
              ...this.#base(processor),
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
    this.#stepNumber = settings.stepNumber;
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
            this.#withSignal({
              tracingContext,
              sendSignal: this.#sender(processor),
              messages: nonSystem(list),
              messageList: list,
              ...this.#base(processor),
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
    this.#stepNumber = args.stepNumber;
    for (const processor of this.#llmRequestLane) {
      const hook = processor.processLLMRequest;
      if (typeof hook !== 'function') continue;
      const result = await this.#invoke(
        processor,
        'processLLMRequest',
        (tracingContext) =>
          hook.call(
            processor,
            this.#withSignal({
              tracingContext,
              messageList: this.#list,
              prompt,
              model: args.model,
              stepNumber: args.stepNumber,
              steps: args.steps,
              sandbox: this.#o.sandbox,
              attachmentDownloads: this.#o.attachmentDownloads,
              ...args.step,
              ...this.#base(processor),
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
    this.#stepNumber = args.stepNumber;
    const list = this.#list;
    for (const processor of this.#apiErrorLane) {
      const hook = processor.processAPIError as NonNullable<Processor['processAPIError']>;
      const result = await this.#invoke(
        processor,
        'processAPIError',
        (tracingContext) =>
          hook.call(
            processor,
            this.#withSignal({
              tracingContext,
              sendSignal: this.#sender(processor),
              messages: list.get.all.db(),
              messageList: list,
              sandbox: this.#o.sandbox,
              ...this.#base(processor),
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
   * 6. `processOutputStream` per chunk: the chunk to emit, several (a hook returned an array),
   * or `undefined` when it was dropped. The hot path: hook arguments are built once per run (per
   * retry), not per chunk — `part` and `streamParts` are the only fields that change, and they
   * are set in place. `stepNumber` is the step the chunk belongs to (`undefined` for chunks
   * outside steps, e.g. the run's closing `finish`).
   */
  processOutputStream(
    part: ChunkType,
    streamParts: ChunkType[],
    stepNumber: number | undefined,
  ): Promise<ChunkType | ChunkType[] | undefined> {
    this.#stepNumber = stepNumber;
    // A failure from a chunk emitted on a processor's own time (a timer) surfaces here, with the
    // run's next chunk: the emitter had no caller to hand it to.
    const deferred = this.#deferredFailure;
    if (deferred !== undefined) {
      this.#deferredFailure = undefined;
      return Promise.reject(deferred);
    }
    return this.#streamFrom(0, part, streamParts);
  }

  async #streamFrom(
    start: number,
    part: ChunkType,
    streamParts: ChunkType[],
  ): Promise<ChunkType | ChunkType[] | undefined> {
    const processors = this.#streamProcessors;
    const args = this.#streamArgsOfRun();
    const busy = this.#streamBusy;
    const isData = part.type.startsWith('data-');
    let current: ChunkType = part;
    for (let i = start; i < processors.length; i++) {
      const processor = processors[i] as Processor;
      if (isData && processor.processDataParts !== true) continue;
      this.#throwIfAborted();
      // Calls overlap when a hook writes a chunk or concurrent tools stream: an overlapping call
      // gets its own arguments, so no hook sees `part` change under it.
      const shared = args[i] as ProcessOutputStreamArgs;
      const reentrant = busy[i] === true;
      const hookArgs = reentrant ? { ...shared } : shared;
      hookArgs.part = current;
      hookArgs.streamParts = streamParts;
      if (!reentrant) busy[i] = true;
      let next: unknown;
      try {
        if (this.#observer) next = await this.#tracedStreamHook(this.#observer, processor, hookArgs, current);
        else {
          // The hook is called directly; only a result that is awaitable is awaited.
          next = this.#callStreamHook(processor, hookArgs);
          if (isPromiseLike(next)) next = await next;
          if (next instanceof StreamContinuation) next = await settleStream(next);
        }
      } catch (error) {
        throw this.#observer ? error : this.#failure(error, processor, 'processOutputStream');
      } finally {
        if (!reentrant) busy[i] = false;
      }
      if (next === null || next === undefined) return undefined;
      if (Array.isArray(next)) return this.#fanOut(i, processor, next, current, streamParts);
      this.#checkStreamResult(processor, next, current);
      current = next;
    }
    return current;
  }

  /**
   * The step reader's per-chunk path: the reader drives the lane itself, so a chunk costs no
   * promise or async frame of Sluice's own. `beginChunk` calls hooks while their results are
   * plain values and returns the first result that must be awaited (or `undefined` when the lane
   * is done); the reader awaits it and hands the value to `resumeChunk` (or the rejection to
   * `failChunk`), and so on. The lane's output is then in `chunkOut`. One chunk at a time:
   * overlapping chunks (a hook's `writer.custom()`, tools) take `processOutputStream`.
   */
  beginChunk(
    part: ChunkType,
    streamParts: ChunkType[],
    stepNumber: number | undefined,
  ): PromiseLike<unknown> | undefined {
    this.#stepNumber = stepNumber;
    const deferred = this.#deferredFailure;
    if (deferred !== undefined) {
      this.#deferredFailure = undefined;
      throw deferred;
    }
    this.#cursorParts = streamParts;
    if (this.#observer) return this.#cursorGeneric(this.#streamFrom(0, part, streamParts));
    this.#cursorCurrent = part;
    this.#cursorIsData = part.type.startsWith('data-');
    this.#cursorIndex = 0;
    return this.#advance();
  }

  /** The value the reader awaited for the lane; see {@link beginChunk}. */
  resumeChunk(value: unknown): PromiseLike<unknown> | undefined {
    const i = this.#cursorIndex;
    if (i === CURSOR_GENERIC) {
      this.#cursorIndex = CURSOR_DONE;
      this.chunkOut = value as ChunkType | ChunkType[] | undefined;
      return undefined;
    }
    // A staged result (a workflow): its next stage, until the hook's own result is there.
    let next = value;
    const stage = this.#cursorStage;
    if (stage !== undefined) {
      this.#cursorStage = undefined;
      try {
        next = stage.resume(value);
      } catch (error) {
        return this.#stageFailed(i, error);
      }
    }
    if (next instanceof StreamContinuation) {
      this.#cursorStage = next;
      return next.pending;
    }
    value = next;
    if (this.#cursorOwnsArgs) this.#streamBusy[i] = false;
    const pending = this.#accept(i, value);
    if (pending !== undefined || this.#cursorIndex === CURSOR_DONE) return pending;
    this.#cursorIndex = i + 1;
    return this.#advance();
  }

  /** What the awaited value rejected with, as the hook's failure; see {@link beginChunk}. */
  failChunk(error: unknown): never {
    const i = this.#cursorIndex;
    const stage = this.#cursorStage;
    if (stage !== undefined) {
      this.#cursorStage = undefined;
      // The stage names its own failure (the workflow and step).
      try {
        stage.fail(error);
      } catch (named) {
        error = named;
      }
    }
    this.#cursorIndex = CURSOR_DONE;
    if (i === CURSOR_GENERIC || i === CURSOR_DONE) throw error;
    if (this.#cursorOwnsArgs) this.#streamBusy[i] = false;
    throw this.#failure(error, this.#streamProcessors[i] as Processor, 'processOutputStream');
  }

  /** What left the lane for the chunk the reader drove: a chunk, several, or none (dropped). */
  chunkOut: ChunkType | ChunkType[] | undefined;
  #cursorIndex = CURSOR_DONE;
  /** The staged result the reader is awaiting a stage of (see `StreamContinuation`). */
  #cursorStage: StreamContinuation | undefined;

  /** A stage's `resume` threw: the hook failed, as `failChunk` would report it. */
  #stageFailed(i: number, error: unknown): never {
    this.#cursorIndex = CURSOR_DONE;
    if (this.#cursorOwnsArgs) this.#streamBusy[i] = false;
    throw this.#failure(error, this.#streamProcessors[i] as Processor, 'processOutputStream');
  }
  #cursorCurrent: ChunkType | undefined;
  #cursorParts: ChunkType[] = [];
  #cursorIsData = false;
  #cursorOwnsArgs = false;

  #cursorGeneric(pending: Promise<ChunkType | ChunkType[] | undefined>): PromiseLike<unknown> {
    this.#cursorIndex = CURSOR_GENERIC;
    return pending;
  }

  /** Calls hooks from the cursor on while they return plain values. */
  #advance(): PromiseLike<unknown> | undefined {
    const processors = this.#streamProcessors;
    const args = this.#streamArgsOfRun();
    const busy = this.#streamBusy;
    for (let i = this.#cursorIndex; i < processors.length; i++) {
      const processor = processors[i] as Processor;
      if (this.#cursorIsData && processor.processDataParts !== true) continue;
      this.#throwIfAborted();
      const shared = args[i] as ProcessOutputStreamArgs;
      const reentrant = busy[i] === true;
      const hookArgs = reentrant ? { ...shared } : shared;
      hookArgs.part = this.#cursorCurrent as ChunkType;
      hookArgs.streamParts = this.#cursorParts;
      if (!reentrant) busy[i] = true;
      let next: unknown;
      try {
        next = this.#callStreamHook(processor, hookArgs);
      } catch (error) {
        if (!reentrant) busy[i] = false;
        this.#cursorIndex = CURSOR_DONE;
        throw this.#failure(error, processor, 'processOutputStream');
      }
      if (isPromiseLike(next)) {
        this.#cursorIndex = i;
        this.#cursorOwnsArgs = !reentrant;
        return next;
      }
      if (next instanceof StreamContinuation) {
        this.#cursorIndex = i;
        this.#cursorOwnsArgs = !reentrant;
        this.#cursorStage = next;
        return next.pending;
      }
      if (!reentrant) busy[i] = false;
      const pending = this.#accept(i, next);
      if (pending !== undefined || this.#cursorIndex === CURSOR_DONE) return pending;
    }
    this.#cursorIndex = CURSOR_DONE;
    this.chunkOut = this.#cursorCurrent;
    return undefined;
  }

  /** A hook's result at the cursor: continue with it, stop (dropped), or fan out (async). */
  #accept(i: number, next: unknown): PromiseLike<unknown> | undefined {
    const current = this.#cursorCurrent as ChunkType;
    const processor = this.#streamProcessors[i] as Processor;
    if (next === null || next === undefined) {
      this.#cursorIndex = CURSOR_DONE;
      this.chunkOut = undefined;
      return undefined;
    }
    if (Array.isArray(next)) {
      return this.#cursorGeneric(this.#fanOut(i, processor, next, current, this.#cursorParts));
    }
    try {
      this.#checkStreamResult(processor, next, current);
    } catch (error) {
      this.#cursorIndex = CURSOR_DONE;
      throw error;
    }
    this.#cursorCurrent = next;
    return undefined;
  }

  /** A hook returned several chunks: each runs through the rest of the lane, in order. */
  async #fanOut(
    index: number,
    processor: Processor,
    chunks: readonly unknown[],
    current: ChunkType,
    streamParts: ChunkType[],
  ): Promise<ChunkType[] | undefined> {
    for (const chunk of chunks) this.#checkStreamResult(processor, chunk, current);
    const out: ChunkType[] = [];
    for (const chunk of chunks as ChunkType[]) {
      const next = await this.#streamFrom(index + 1, chunk, streamParts);
      if (next === undefined) continue;
      if (Array.isArray(next)) out.push(...next);
      else out.push(next);
    }
    return out.length === 0 ? undefined : out;
  }

  #checkStreamResult(processor: Processor, next: unknown, current: ChunkType): asserts next is ChunkType {
    if (
      typeof next !== 'object' ||
      next === null ||
      typeof (next as { type?: unknown }).type !== 'string' ||
      (next !== current &&
        (next as ChunkType).type === 'text-delta' &&
        typeof (next as { payload?: { text?: unknown } }).payload?.text !== 'string')
    ) {
      throw invalidResult(
        processor.id,
        'processOutputStream',
        `returned ${describe(next)}. Return the part (or a new chunk, or an array of chunks) to emit it, or null/undefined to drop it.`,
        this.#stepNumber,
      );
    }
  }

  /**
   * `writer.emit()` of the stream processor at `index`: the chunk runs through the processors
   * after it and is then delivered to the client. Time-driven output (a batching timer) uses it.
   */
  async #emitFrom(index: number, chunk: ChunkType): Promise<void> {
    const deliver = this.#o.deliver;
    if (!deliver || this.#ended || this.#o.abortSignal?.aborted) return;
    const processor = this.#streamProcessors[index] as Processor;
    try {
      this.#checkStreamResult(processor, chunk, undefined as unknown as ChunkType);
      const out = await this.#streamFrom(index + 1, chunk, []);
      if (out === undefined) return;
      if (Array.isArray(out)) for (const c of out) await deliver(c);
      else await deliver(out);
    } catch (error) {
      // The emitter may be a timer with nobody to tell: the run fails with it at its next chunk.
      this.#deferredFailure ??= error;
      throw error;
    }
  }

  /**
   * The run has settled (any ending): the `abortSignal` hooks received fires, so timers and
   * background work a processor started end with the run, and `writer.emit()` stops delivering.
   */
  endRun(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#observer?.closeStreams(undefined);
    // A signal nobody read has nobody to tell.
    this.#runEnd?.abort(RUN_ENDED);
  }

  /** The hooks' `abortSignal`, made on first use (already aborted if the run has ended). */
  #signal(): AbortSignal {
    if (this.#hookSignal === undefined) {
      const runEnd = new AbortController();
      if (this.#ended) runEnd.abort(RUN_ENDED);
      this.#runEnd = runEnd;
      const caller = this.#o.abortSignal;
      this.#hookSignal = caller ? AbortSignal.any([caller, runEnd.signal]) : runEnd.signal;
    }
    return this.#hookSignal;
  }

  /**
   * Hook arguments get `abortSignal`, unless they carry one already: a lazy accessor for a run's
   * first few hook calls (short runs then never build the signal), the signal itself once it
   * exists or once a run has made enough calls that an accessor per call would cost more.
   */
  #withSignal<T extends object>(args: T): T & { abortSignal: AbortSignal } {
    if (!('abortSignal' in args)) {
      if (this.#hookSignal === undefined && ++this.#lazySignalCalls <= LAZY_SIGNAL_CALLS) {
        Object.defineProperty(args, 'abortSignal', this.#signalProperty);
      } else (args as { abortSignal?: AbortSignal }).abortSignal = this.#signal();
    }
    return args as T & { abortSignal: AbortSignal };
  }
  #lazySignalCalls = 0;

  /**
   * `processOutputStream` observed (tracing or recording on): counted on the processor's one
   * span for the step, never a span per chunk. Failures are attributed here.
   */
  async #tracedStreamHook(
    observer: RunObserver,
    processor: Processor,
    hookArgs: ProcessOutputStreamArgs,
    current: ChunkType,
  ): Promise<unknown> {
    this.#throwIfAborted();
    const stream = observer.streamHook(processor.id, this.#stepNumber);
    let next: unknown;
    try {
      next = await stream.run(() => {
        hookArgs.tracingContext = stream.tracing;
        const value = this.#callStreamHook(processor, hookArgs);
        // A staged result (a workflow) settles inside the span: the span covers all of it.
        return value instanceof StreamContinuation || isPromiseLike(value) ? settleStream(value) : value;
      });
    } catch (error) {
      const failure = this.#failure(error, processor, 'processOutputStream');
      stream.fail(this.#failureOutcome(failure, 'processOutputStream'), failure);
      throw failure;
    }
    stream.count(current, next);
    return next;
  }

  /**
   * Calls a stream hook. Writes it starts while it runs (an un-awaited `writer.custom()` or
   * `writer.emit()`) must reach the client before the part it returns (a written chunk appears at
   * the point of the call), so its result then waits for them to settle; a hook that writes nothing
   * costs two field swaps.
   */
  #callStreamHook(processor: Processor, hookArgs: ProcessOutputStreamArgs): unknown {
    const outerWrites = this.#writes;
    this.#writes = null;
    let next: unknown;
    let writes: Promise<unknown>[] | null;
    try {
      next = (processor.processOutputStream as StreamHook).call(processor, hookArgs);
    } finally {
      writes = this.#writes;
      this.#writes = outerWrites;
    }
    return writes === null ? next : afterWrites(writes, next);
  }

  /**
   * Writes started by the stream hook running now (`null`: none yet; `undefined`: no hook is
   * running, e.g. a timer's `emit()`, which has no part to come before).
   */
  #writes: Promise<unknown>[] | null | undefined;

  /** A stream hook's `writer.custom()`/`emit()`: noted when made while a hook runs. */
  #track<T>(write: T): T {
    const writes = this.#writes;
    if (writes === undefined || !isPromiseLike(write)) return write;
    const settled = Promise.resolve(write);
    if (writes === null) this.#writes = [settled];
    else writes.push(settled);
    return write;
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
    this.#stepNumber = args.stepNumber;
    for (const processor of this.#o.lanes.input) {
      const hook = processor.processLLMResponse;
      if (typeof hook !== 'function') continue;
      await this.#invoke(
        processor,
        'processLLMResponse',
        (tracingContext) =>
          hook.call(processor, this.#withSignal({ tracingContext, ...this.#base(processor), ...args })),
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
    this.#stepNumber = args.stepNumber;
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
    this.#stepNumber = args.stepNumber;
    return this.#runOutputHook('processToolResult', args, 'all');
  }

  /** 10. `processOutputResult`, once at the end of a successful run; `messages` are the response. */
  processOutputResult(result: OutputResult): Promise<void> {
    this.#stepNumber = undefined;
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
            this.#withSignal({
              tracingContext,
              sendSignal: this.#sender(processor),
              messages: scope === 'response' ? list.get.response.db() : list.get.all.db(),
              messageList: list,
              ...this.#base(processor),
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
      this.#aborters.get(tripwire) ??
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
   * Call one hook: span around it (when tracing is on), thrown errors turned into a
   * `ProcessorError` naming processor and hook, `after` applying the result and naming the outcome.
   */
  async #invoke<R>(
    processor: Processor,
    hook: ProcessorHookName,
    call: (tracing: TracingContext) => R,
    after: (result: Awaited<R>) => HookOutcome,
  ): Promise<Awaited<R>> {
    // A run the caller aborted calls no more hooks, even from a body still winding down.
    this.#throwIfAborted();
    const observer = this.#observer;
    if (!observer) {
      let result: Awaited<R>;
      try {
        result = await call(NO_TRACING);
      } catch (error) {
        throw this.#failure(error, processor, hook);
      }
      try {
        after(result);
      } catch (error) {
        throw this.#badResult(error, processor, hook);
      }
      return result;
    }
    const observed = observer.startHook(processor.id, hook, this.#stepNumber, this.#list);
    let result: Awaited<R>;
    try {
      result = await observed.run(() => call(observed.tracing));
    } catch (error) {
      const failure = this.#failure(error, processor, hook);
      observed.end(this.#failureOutcome(failure, hook), failure);
      throw failure;
    }
    let outcome: HookOutcome;
    try {
      outcome = after(result);
    } catch (error) {
      const failure = this.#badResult(error, processor, hook);
      observed.end('failed', failure);
      throw failure;
    }
    observed.end(outcome);
    return result;
  }

  /** A failed hook's outcome: a tripwire that gets its step replayed is `retried`. */
  #failureOutcome(failure: unknown, hook: ProcessorHookName): HookOutcome {
    if (!TripWire.isInstance(failure)) return 'failed';
    return STEP_HOOKS.has(hook) &&
      hook !== 'processAPIError' &&
      this.#stepNumber !== undefined &&
      !this.#o.abortSignal?.aborted &&
      this.retries.grantsStepRetry(failure)
      ? 'retried'
      : 'aborted';
  }

  /** What a hook's throw becomes: tripwires and the caller's abort pass; anything else is wrapped. */
  #failure(error: unknown, processor: Processor, hook: ProcessorHookName): unknown {
    if (TripWire.isInstance(error)) {
      if (error.processorId) return error;
      const owned = new TripWire(error.message, error.options, processor.id);
      this.#aborters.set(owned, processor);
      return owned;
    }
    if (this.#o.abortSignal?.aborted) return error;
    // Already attributed: another processor's failure (or the caller's callback) that reached
    // this hook through writer.custom() keeps its own name.
    if (ProcessorError.isInstance(error) || SluiceError.hasCode(error, 'CALLBACK_FAILED')) return error;
    const message = describeError(error);
    const step = this.#stepNumber !== undefined && STEP_HOOKS.has(hook) ? ` at step ${this.#stepNumber}` : '';
    return new ProcessorError(
      'PROCESSOR_HOOK_FAILED',
      `Processor "${processor.id}" threw in ${hook}${step}: ${message}. Fix or guard the hook; to stop the run on purpose, call abort(reason) instead of throwing.`,
      { processorId: processor.id, hook, stepNumber: STEP_HOOKS.has(hook) ? this.#stepNumber : undefined },
      { cause: error },
    );
  }

  /** A result that broke while being applied is the hook's wrong shape, named as such. */
  #badResult(error: unknown, processor: Processor, hook: ProcessorHookName): unknown {
    if (ProcessorError.isInstance(error)) return error;
    const message = describeError(error);
    return new ProcessorError(
      'PROCESSOR_INVALID_RESULT',
      `Processor "${processor.id}" ${hook} returned a value that could not be applied: ${message}. Check the documented return forms of ${hook}.`,
      { processorId: processor.id, hook, stepNumber: STEP_HOOKS.has(hook) ? this.#stepNumber : undefined },
      { cause: error },
    );
  }

  #throwIfAborted(): void {
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
        { processorId, hook, stepNumber: this.#stepNumber },
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

  /** Hook context of a processor; built once per run (per retry count), not once per call. */
  #base(processor: Processor): Base {
    const cached = this.#bases.get(processor);
    if (cached && cached.retryCount === this.retryCount) return cached;
    const id = processor.id;
    const base: Base = {
      abort: (reason?: string, options?: { retry?: boolean; metadata?: unknown }): never => {
        const tripwire = new TripWire(reason ?? `Tripwire triggered by ${id}`, options ?? {}, id);
        this.#aborters.set(tripwire, processor);
        throw tripwire;
      },
      retryCount: this.retryCount,
      requestContext: this.#o.requestContext,
      writer: this.#o.writer,
      state: this.#stateOf(id),
    };
    if (this.#o.usageRecorder !== undefined) base.usageRecorder = this.#o.usageRecorder;
    this.#bases.set(processor, base);
    return base;
  }

  #streamArgsOfRun(): ProcessOutputStreamArgs[] {
    if (this.#streamArgs && this.#streamArgsRetry === this.retryCount) return this.#streamArgs;
    const shared = this.#o.writer;
    this.#streamArgs = this.#streamProcessors.map((processor, index) =>
      this.#withSignal({
        tracingContext: NO_TRACING,
        ...this.#base(processor),
        // Each stream processor's writer can also emit downstream of itself.
        writer: {
          custom: (chunk, options) => this.#track(shared.custom(chunk, options)),
          emit: (chunk: ChunkType) => this.#track(this.#emitFrom(index, chunk)),
          [WRITER_INTERNALS]: this.#writerInternals,
        } as ProcessorStreamWriter,
        sendSignal: this.#sender(processor),
        part: undefined as unknown as ChunkType,
        streamParts: [],
        messageList: this.#list,
      }),
    );
    this.#streamArgsRetry = this.retryCount;
    return this.#streamArgs;
  }

  /**
   * `sendSignal` of one processor. A transient signal reaches the next model call only; any
   * other joins the conversation as a `role: 'signal'` message after the messages present now.
   * Either way clients see a transient `data-signal` chunk.
   */
  #sender(processor: Processor): SendSignal {
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
