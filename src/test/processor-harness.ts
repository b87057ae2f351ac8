/**
 * The processor test kit: run one processor's hooks without an agent or a model.
 *
 * The harness drives the same `ProcessorRunner` the agent uses, over a real `MessageList`, so a
 * hook sees exactly the arguments it gets in a run (`state`, `abort`, `writer`, `sendSignal`,
 * `requestContext`, …) and its result is applied by the same rules. Every call reports what
 * happened: the result, the conversation after, chunks out and dropped, chunks written, the
 * tripwire, violations and signals. Calls on one harness belong to one run, so `state` carries
 * over between them, as it does between a processor's hooks in a real request.
 */
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import { structureWithInternalAgent } from '../agent/agent.js';
import type { ToolsInput } from '../agent/types.js';
import { assertCustomChunk } from '../errors/invalid-custom-chunk.js';
import { TripWire } from '../errors/tripwire.js';
import { MessageList } from '../messages/message-list.js';
import { toLanguageModelPrompt } from '../messages/to-prompt.js';
import { resolveModel } from '../models/resolve-model.js';
import type { MastraLanguageModel } from '../models/types.js';
import { innerProcessorsOf } from '../pipeline/inner-processors.js';
import { laneEntryProcessor } from '../pipeline/lane-entry.js';
import { ProcessorRunner, type StepSettings } from '../pipeline/runner.js';
import type {
  CachedLLMStepResponse,
  CreatedAgentSignal,
  Processor,
  ProcessorState,
  ProcessorStreamWriter,
  ProcessorViolation,
  ProcessorWorkflow,
} from '../pipeline/types.js';
import { registerStructuringAgent } from '../processors/structured-output/agent-call.js';
import { RequestContext } from '../request-context/request-context.js';
import type { ChunkType, DataChunkType } from '../stream/chunk-types.js';
import { newId } from '../util/ids.js';
import { NO_USAGE, textDelta } from './harness-chunks.js';
import type {
  HarnessAPIErrorArgs,
  HarnessLLMRequestArgs,
  HarnessOutputResultArgs,
  HarnessOutputStepArgs,
  HarnessToolResultArgs,
  HarnessTripwire,
  HookRun,
  ProcessorHarnessOptions,
} from './harness-types.js';
import { ScriptedModel } from './scripted-model.js';

// The kit's chunk builders and types live beside it; tests import them from here.
export { finishChunk, stepFinishChunk, textDelta } from './harness-chunks.js';
export type * from './harness-types.js';

/**
 * Runs one processor's hooks the way the agent would, without an agent or a model. See
 * `createProcessorHarness()`.
 */
export class ProcessorHarness {
  /** The run's live conversation. */
  readonly messageList: MessageList;
  readonly requestContext: RequestContext;
  /** Chunks the processor emitted with `writer.emit()` outside a `processOutputStream` call (timers). */
  readonly emitted: ChunkType[] = [];
  readonly #processor: Processor;
  readonly #options: ProcessorHarnessOptions;
  readonly #runner: ProcessorRunner;
  readonly #runId: string;
  #model: MastraLanguageModel | undefined;
  /** Where `writer.custom()` and `writer.emit()` chunks go during the current call. */
  #written: ChunkType[];
  #out: ChunkType[] | undefined;
  #streamParts: ChunkType[] = [];
  /** The step the last call ran in (as the agent's loop tracks it); stream chunks belong to it. */
  #stepNumber: number | undefined;
  /** Settles when the call in progress has finished. */
  #queue: Promise<void> = Promise.resolve();

  constructor(entry: Processor | ProcessorWorkflow, options: ProcessorHarnessOptions = {}) {
    // Processors that run an internal agent (StructuredOutputProcessor's useAgent) find it here too.
    registerStructuringAgent(structureWithInternalAgent);
    // A committed processor workflow is tested as the processor it runs as in a lane.
    const processor = (laneEntryProcessor(
      entry,
      'inputProcessors',
      'the processor',
      'createProcessorHarness()',
    ) ?? entry) as Processor;
    if (processor === null || typeof processor !== 'object' || typeof processor.id !== 'string') {
      throw new TypeError(
        'createProcessorHarness() needs a processor object with a string `id` (got ' +
          `${processor === null ? 'null' : typeof processor}).`,
      );
    }
    this.#processor = processor;
    this.#options = options;
    this.#runId = options.runId ?? newId();
    this.requestContext = options.requestContext ?? new RequestContext();
    this.messageList = new MessageList({ threadId: options.threadId, resourceId: options.resourceId });
    if (options.system !== undefined) this.messageList.addSystem(options.system);
    if (options.history !== undefined) this.messageList.add(options.history, 'memory');
    if (options.messages !== undefined) this.messageList.add(options.messages, 'input');
    this.#model = options.model;
    this.#written = this.emitted;
    const writer: ProcessorStreamWriter = {
      custom: async (chunk: DataChunkType) => {
        // The same check the agent applies, so a test catches a non-`data-*` chunk.
        assertCustomChunk(chunk, `Processor "${processor.id}"`);
        this.#written.push(chunk as ChunkType);
      },
    } as ProcessorStreamWriter;
    this.#runner = new ProcessorRunner({
      lanes: { input: [processor], output: [processor], error: [processor] },
      messageList: this.messageList,
      requestContext: this.requestContext,
      writer,
      abortSignal: options.abortSignal,
      maxProcessorRetries: options.maxProcessorRetries,
      sandbox: options.sandbox,
      runId: this.#runId,
      newId,
      deliver: (chunk) => {
        (this.#out ?? this.emitted).push(chunk);
        return undefined;
      },
    });
  }

  /** The processor's `state` object for this run (the one its hooks receive). */
  get state(): ProcessorState {
    return this.#runner.stateOf(this.#processor.id);
  }

  /** `processInput`, as before the agentic loop. */
  processInput(): Promise<HookRun<undefined>> {
    this.#require('processInput');
    return this.#call(async () => {
      await this.#runner.processInput();
      return undefined;
    });
  }

  /** `processInputStep` for one step; `result` is the step's settings after the hook. */
  processInputStep(overrides: Partial<StepSettings> = {}): Promise<HookRun<StepSettings>> {
    this.#require('processInputStep');
    return this.#call(async () => {
      const stepNumber = overrides.stepNumber ?? 0;
      this.#stepNumber = stepNumber;
      return this.#runner.processInputStep({
        stepNumber,
        steps: [],
        systemMessages: this.messageList.getSystemMessages(),
        model: overrides.model ?? (await this.#defaultModel()),
        toolChoice: 'auto',
        tools: {} as ToolsInput,
        runId: this.#runId,
        messageId: newId(),
        ...overrides,
      });
    });
  }

  /** `processLLMRequest`; `result` is the prompt that would be sent, or the cached response. */
  processLLMRequest(
    args: HarnessLLMRequestArgs = {},
  ): Promise<HookRun<{ prompt: LanguageModelV2Prompt; response?: CachedLLMStepResponse }>> {
    this.#require('processLLMRequest');
    return this.#call(async () => {
      const stepNumber = args.stepNumber ?? 0;
      this.#stepNumber = stepNumber;
      return this.#runner.processLLMRequest({
        prompt:
          args.prompt ??
          toLanguageModelPrompt(this.messageList.getAllSystemMessages(), this.messageList.get.all.db()),
        model: args.model ?? (await this.#defaultModel()),
        stepNumber,
        steps: args.steps ?? [],
      });
    });
  }

  /**
   * `processOutputStream` over a list of chunks, in order (strings become `text-delta` chunks).
   * `result` and `chunks` hold what left the processor; `dropped` the inputs that produced nothing.
   * The list is one stream: call again to continue it (e.g. with a `finish` chunk).
   */
  processOutputStream(parts: ReadonlyArray<ChunkType | string>): Promise<HookRun<ChunkType[]>> {
    this.#require('processOutputStream');
    const dropped: ChunkType[] = [];
    return this.#call(
      async () => {
        this.#stepNumber ??= 0;
        const out = this.#out as ChunkType[];
        for (const input of parts) {
          const part = typeof input === 'string' ? textDelta(input) : input;
          this.#streamParts.push(part);
          const next = await this.#runner.processOutputStream(part, this.#streamParts, this.#stepNumber);
          if (next === undefined) dropped.push(part);
          else if (Array.isArray(next)) out.push(...next);
          else out.push(next);
        }
        return out;
      },
      dropped,
      true,
    );
  }

  /** `processOutputStep` after a step; `text` is added to the conversation as the step's answer. */
  processOutputStep(args: HarnessOutputStepArgs = {}): Promise<HookRun<undefined>> {
    this.#require('processOutputStep');
    return this.#call(async () => {
      const stepNumber = args.stepNumber ?? 0;
      this.#stepNumber = stepNumber;
      if (args.text !== undefined)
        this.messageList.add({ role: 'assistant', content: args.text }, 'response');
      await this.#runner.processOutputStep({
        stepNumber,
        finishReason: args.finishReason ?? (args.toolCalls?.length ? 'tool-calls' : 'stop'),
        toolCalls: args.toolCalls ?? [],
        text: args.text ?? '',
        usage: args.usage ?? NO_USAGE,
        systemMessages: this.messageList.getSystemMessages(),
        steps: args.steps ?? [],
      });
      return undefined;
    });
  }

  /** `processToolResult` after a successful tool call. */
  processToolResult(args: HarnessToolResultArgs): Promise<HookRun<undefined>> {
    this.#require('processToolResult');
    return this.#call(async () => {
      const stepNumber = args.stepNumber ?? 0;
      this.#stepNumber = stepNumber;
      await this.#runner.processToolResult({
        stepNumber,
        toolName: args.toolName,
        toolCallId: args.toolCallId ?? newId(),
        args: args.args ?? {},
        result: args.result,
        providerExecuted: args.providerExecuted,
        systemMessages: this.messageList.getSystemMessages(),
        steps: [],
      });
      return undefined;
    });
  }

  /**
   * `processOutputResult` at the end of the run; `messages` are the response messages. With
   * `text` and no response message yet, the answer is added as one first.
   */
  processOutputResult(args: HarnessOutputResultArgs = {}): Promise<HookRun<undefined>> {
    this.#require('processOutputResult');
    return this.#call(async () => {
      this.#stepNumber = undefined;
      if (args.text !== undefined && this.messageList.get.response.db().length === 0) {
        this.messageList.add({ role: 'assistant', content: args.text }, 'response');
      }
      await this.#runner.processOutputResult({
        text: args.text ?? '',
        usage: args.usage ?? NO_USAGE,
        finishReason: args.finishReason ?? 'stop',
        steps: args.steps ?? [],
      });
      return undefined;
    });
  }

  /** `processAPIError` after a failed model call; `result.retry` is the processor's decision. */
  processAPIError(args: HarnessAPIErrorArgs): Promise<HookRun<{ retry: boolean; processorId?: string }>> {
    this.#require('processAPIError');
    return this.#call(async () => {
      const stepNumber = args.stepNumber ?? 0;
      this.#stepNumber = stepNumber;
      const processorId = await this.#runner.processAPIError({
        error: args.error,
        model: args.model ?? (await this.#defaultModel()),
        stepNumber,
        steps: args.steps ?? [],
        messageId: newId(),
      });
      return processorId === undefined ? { retry: false } : { retry: true, processorId };
    });
  }

  /**
   * End the run, as the agent does when a run settles: the `abortSignal` hooks received fires
   * (timers a processor started stop) and later `writer.emit()` calls deliver nothing.
   */
  end(): void {
    this.#runner.endRun();
  }

  // ---- internals -------------------------------------------------------------------------

  #require(hook: keyof Processor): void {
    if (typeof this.#processor[hook] !== 'function') {
      throw new TypeError(
        `Processor "${this.#processor.id}" has no ${String(hook)} hook, so the harness cannot run it. ` +
          'Call a hook the processor implements.',
      );
    }
  }

  async #defaultModel(): Promise<MastraLanguageModel> {
    this.#model ??= await resolveModel(new ScriptedModel({ steps: [] }));
    return this.#model;
  }

  /**
   * One hook call: collects writes, emitted chunks and violations, catches a tripwire and
   * reports it to `onViolation` (as the agent does), then snapshots the conversation.
   */
  async #call<R>(run: () => Promise<R>, dropped: ChunkType[] = [], stream = false): Promise<HookRun<R>> {
    // One call at a time: the calls share one run, and a call's violations, writes and chunks
    // must not land in another's report.
    const previous = this.#queue;
    let done!: () => void;
    this.#queue = new Promise<void>((resolve) => {
      done = resolve;
    });
    await previous;
    try {
      return await this.#callNow(run, dropped, stream);
    } finally {
      done();
    }
  }

  async #callNow<R>(run: () => Promise<R>, dropped: ChunkType[], stream: boolean): Promise<HookRun<R>> {
    const processor = this.#processor;
    const violations: ProcessorViolation[] = [];
    // A workflow's steps report through their own processors: watch those too.
    const inner = innerProcessorsOf(processor) as Processor[];
    const written: ChunkType[] = [];
    const chunks: ChunkType[] = [];
    this.#written = written;
    if (stream) this.#out = chunks;
    // onViolation is wrapped for the call only, so reports are seen and the user's handler still runs.
    const original = processor.onViolation;
    const restore = wrapOnViolation(processor, (violation: ProcessorViolation) => {
      violations.push(violation);
      return original?.call(processor, violation);
    });
    const restoreInner = inner.map((step) => {
      const own = step.onViolation;
      return wrapOnViolation(step, (violation: ProcessorViolation) => {
        violations.push(violation);
        return own?.call(step, violation);
      });
    });
    let result: R | undefined;
    let tripwire: HarnessTripwire | undefined;
    try {
      result = await run();
    } catch (error) {
      if (!TripWire.isInstance(error)) throw error;
      tripwire = {
        reason: error.message,
        retry: error.options.retry === true,
        metadata: error.options.metadata,
        processorId: error.processorId ?? processor.id,
      };
      // Unwrapped (a frozen processor): the runner still calls the processor's own handler.
      if (restore === undefined)
        violations.push({
          processorId: tripwire.processorId,
          message: error.message,
          detail: error.options.metadata,
        });
      await this.#runner.reportViolation(error);
    } finally {
      restore?.();
      for (const undo of restoreInner) undo?.();
      this.#written = this.emitted;
      this.#out = undefined;
    }
    return {
      result: (stream ? chunks : result) as R,
      messages: this.messageList.get.all.db(),
      systemMessages: this.messageList.getSystemMessages(),
      chunks,
      dropped,
      written,
      tripwire,
      violations,
      signals: written
        .filter((c) => c.type === 'data-signal')
        .map((c) => (c as DataChunkType).data as CreatedAgentSignal),
    };
  }
}

/**
 * Put `wrapper` in place of `processor.onViolation` for one call; returns how to put the
 * original back, or `undefined` when the processor cannot be changed (frozen or sealed, or a
 * fixed own property). A data property or a getter on the prototype is shadowed by an own
 * property, so a setter or a `#private` field behind it is never touched.
 */
function wrapOnViolation(
  processor: Processor,
  wrapper: (violation: ProcessorViolation) => void | Promise<void>,
): (() => void) | undefined {
  const own = Object.getOwnPropertyDescriptor(processor, 'onViolation');
  if (own === undefined) {
    if (!Object.isExtensible(processor)) return undefined;
    Object.defineProperty(processor, 'onViolation', { value: wrapper, writable: true, configurable: true });
    return () => {
      delete processor.onViolation;
    };
  }
  if (own.configurable) {
    Object.defineProperty(processor, 'onViolation', {
      value: wrapper,
      writable: true,
      configurable: true,
      enumerable: own.enumerable === true,
    });
    return () => {
      Object.defineProperty(processor, 'onViolation', own);
    };
  }
  if (own.writable === true) {
    processor.onViolation = wrapper;
    return () => {
      processor.onViolation = own.value;
    };
  }
  return undefined;
}

/**
 * Unit-test one processor without an agent or a model:
 *
 * ```ts
 * const h = createProcessorHarness(new RegexFilterProcessor({ presets: ['secrets'], strategy: 'redact' }));
 * const run = await h.processOutputStream(['my key is sk-abc', 'def123456789…', ' ok']);
 * expect(run.chunks.map((c) => c.payload.text).join('')).not.toContain('sk-abc');
 * ```
 */
export function createProcessorHarness(
  processor: Processor | ProcessorWorkflow,
  options?: ProcessorHarnessOptions,
): ProcessorHarness {
  return new ProcessorHarness(processor, options);
}
