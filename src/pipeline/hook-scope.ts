/**
 * What every hook call of one run shares: each processor's `state`, hook context and
 * `sendSignal`, the lazy `abortSignal`, the retry counts hooks see, the step being run, and how a
 * hook's failure is named and traced. The runner's message hooks and the stream lane both call
 * hooks through it (and through `callHook`), so every hook sees the same arguments and every
 * failure reads the same however it was reached. Internal to Sluice.
 */
import type { LanguageModelV2Message } from '@ai-sdk/provider';
import { describeError } from '../errors/error-chain.js';
import { ProcessorError, type ProcessorHookName } from '../errors/processor-error.js';
import { TripWire } from '../errors/tripwire.js';
import type { MessageList } from '../messages/message-list.js';
import { type ModelSpec as ModelConfigLike, resolveModel } from '../models/resolve-model.js';
import type { MastraLanguageModel } from '../models/types.js';
import type { ChunkType } from '../stream/chunk-types.js';
import { throwIfAborted } from '../util/until-aborted.js';
import {
  abortFor,
  attributeThrow,
  callHook,
  type HookCallNaming,
  HookSignal,
  type ObservedCall,
} from './hook-call.js';
import { STEP_HOOKS } from './hook-results.js';
import { RetryBudget } from './retry-budget.js';
import type { RunnerOptions } from './runner.js';
import { createSignal, signalDataChunk, signalToDBMessage, signalToPromptMessage } from './signals.js';
import type { HookBase, SendSignal, StreamLaneHost } from './stream-lane-host.js';
import { type HookOutcome, type RunObserver, runnerObserver } from './tracing.js';
import type {
  AgentSignalInput,
  Processor,
  ProcessorState,
  ProcessorStreamWriter,
  TracingContext,
} from './types.js';

/** The runner's `after` functions name the outcome themselves. */
const outcomeOfAfter = (_result: unknown, outcome: HookOutcome): HookOutcome => outcome;

/** How one hook of one processor names its failures (made per call). */
class ScopeNaming implements HookCallNaming {
  constructor(
    readonly scope: HookScope,
    readonly processor: Processor,
    readonly hook: ProcessorHookName,
  ) {}
  thrown(error: unknown): unknown {
    return this.scope.failure(error, this.processor, this.hook);
  }
  invalid(error: unknown): unknown {
    return this.scope.badResult(error, this.processor, this.hook);
  }
  thrownOutcome(failure: unknown): HookOutcome {
    return TripWire.isInstance(failure) ? this.scope.tripwireOutcome(failure, this.hook) : 'failed';
  }
}

/** The hook calls of one run: see the module comment. */
export class HookScope implements StreamLaneHost {
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
  /**
   * A `retryCount` override (a `processInputStep` result) shifts the value hooks see by this
   * much; the budget's own count is untouched.
   */
  retryCountShift = 0;
  readonly #o: RunnerOptions;
  readonly #list: MessageList;
  readonly #state = new Map<string, ProcessorState>();
  readonly #bases = new Map<Processor, HookBase>();
  readonly #senders = new Map<Processor, SendSignal>();
  /** Spans and the run record; `undefined` (hooks called directly) when neither is on. */
  #observer: RunObserver | undefined;
  #transient: LanguageModelV2Message[] = [];
  /** The hooks' `abortSignal`: the caller's abort or the run's end, made on first read. */
  readonly #signals: HookSignal;

  constructor(options: RunnerOptions, errorLaneRetries: boolean) {
    this.#o = options;
    this.#list = options.messageList;
    this.#signals = new HookSignal(options.abortSignal);
    this.retries = new RetryBudget(options.maxProcessorRetries, errorLaneRetries);
    this.#observer = runnerObserver(options.runId);
  }

  /** Hand hook observation to the run's observer (run and step spans, the run record). */
  observe(observer: RunObserver | undefined): void {
    this.#observer = observer;
  }

  /** The run's observer, or `undefined` when neither tracing nor recording is on. */
  get observer(): RunObserver | undefined {
    return this.#observer;
  }

  /** The `retryCount` hooks see: step replays so far, shifted by a processor's override. */
  get retryCount(): number {
    return this.retries.stepRetries + this.retryCountShift;
  }

  /** The run has settled (see {@link endRun}). */
  get ended(): boolean {
    return this.#signals.ended;
  }

  /** The caller's abort signal. */
  get callerSignal(): AbortSignal | undefined {
    return this.#o.abortSignal;
  }

  /** */
  get messageList(): MessageList {
    return this.#list;
  }

  /** */
  get writer(): ProcessorStreamWriter {
    return this.#o.writer;
  }

  /** */
  get deliver(): ((chunk: ChunkType) => Promise<void> | undefined) | undefined {
    return this.#o.deliver;
  }

  /** Hook arguments get `abortSignal` (see `HookSignal.attach`). */
  attachSignal<T extends object>(args: T): T & { abortSignal: AbortSignal } {
    return this.#signals.attach(args);
  }

  /** The run has settled: stream hooks' spans end and the `abortSignal` hooks received fires. */
  endRun(): void {
    if (!this.#signals.ended) this.#observer?.closeStreams(undefined);
    this.#signals.end();
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

  /**
   * Call one hook through `callHook` (span, attribution, result check) and wait for it; `after`
   * applies the result and names the outcome. A run the caller aborted calls no more hooks, even
   * from a body still winding down.
   */
  async invoke<R>(
    processor: Processor,
    hook: ProcessorHookName,
    call: (tracing: TracingContext) => R,
    after: (result: Awaited<R>) => HookOutcome,
  ): Promise<Awaited<R>> {
    this.throwIfAborted();
    let result: unknown;
    await callHook(
      this.startHook(processor, hook),
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

  /** How the lanes' hook calls are named (see `HookCallNaming`). */
  naming(processor: Processor, hook: ProcessorHookName): HookCallNaming {
    return new ScopeNaming(this, processor, hook);
  }

  /**
   * The observation of one (non-stream) hook call, or `undefined` when nothing observes the run.
   * The observer snapshots the conversation, so a hook that edits it in place reads `changed`.
   */
  startHook(processor: Processor, hook: ProcessorHookName): ObservedCall | undefined {
    return this.#observer?.startHook(processor.id, hook, this.stepNumber, this.#list);
  }

  /**
   * A tripwire's outcome: `retried` when the budget grants the step a replay, else `aborted`
   * (other failures are `failed`).
   */
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
   * What a hook's throw becomes: tripwires and the caller's abort pass; anything else
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

  /** A result that broke while being applied is the hook's wrong shape, named as such. */
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

  /** A run the caller aborted calls no more hooks. */
  throwIfAborted(): void {
    throwIfAborted(this.#o.abortSignal);
  }

  /** A model a step hook returned, resolved (a router string or raw AI SDK model), or the hook's error. */
  async resolveModel(
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

  /** Hook context of a processor; built once per run (per retry count), not once per call. */
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
  /** */
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
