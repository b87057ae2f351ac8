import type {
  LanguageModelV2CallWarning,
  LanguageModelV2Prompt,
  SharedV2ProviderMetadata,
} from '@ai-sdk/provider';
import type { MessageList } from '../messages/message-list.js';
import type { CoreMessage, MastraDBMessage } from '../messages/types.js';
import { type ModelSpec as ModelConfigLike, resolveModel } from '../models/resolve-model.js';
import type { LanguageModelUsage, MastraLanguageModel } from '../models/types.js';
import type { RequestContext } from '../request-context/request-context.js';
import type { ChunkType } from '../stream/chunk-types.js';
import type { LLMStepResult } from '../stream/step-result.js';
import { TripWire } from './tripwire.js';
import type {
  CachedLLMStepChunk,
  CachedLLMStepResponse,
  OutputResult,
  ProcessInputStepArgs,
  ProcessInputStepResult,
  Processor,
  ProcessorContext,
  ProcessorState,
  ProcessorStreamWriter,
  ToolCallInfo,
} from './types.js';

/** The three lanes a run uses, already resolved for the call. */
export interface ProcessorLanes {
  input: readonly Processor[];
  output: readonly Processor[];
  error: readonly Processor[];
}

/** Per-run facts every hook receives. */
export interface RunnerContext {
  requestContext: RequestContext;
  abortSignal?: AbortSignal;
  writer: ProcessorStreamWriter;
}

/** Step settings `processInputStep`/`prepareStep` see and may override. */
export type StepSettings = Omit<
  ProcessInputStepArgs,
  keyof ProcessorContext | 'state' | 'messages' | 'messageList' | 'sendSignal'
>;

type StepHook = (args: ProcessInputStepArgs) => unknown;

/**
 * Runs processor hooks at the places the agentic loop names. This is the seam the processor
 * pipeline plugs into: the loop only ever calls these methods, in the documented order.
 *
 * Behaviour here: hooks run in array order with the documented arguments; `state` is one object
 * per processor id per run; `abort()` throws a `TripWire` carrying the processor id.
 */
export class ProcessorRunner {
  readonly #lanes: ProcessorLanes;
  readonly #ctx: RunnerContext;
  readonly #state = new Map<string, ProcessorState>();
  readonly #streamProcessors: readonly Processor[];
  readonly #prepareStep: StepHook | undefined;
  retryCount = 0;

  constructor(lanes: ProcessorLanes, ctx: RunnerContext, prepareStep?: StepHook) {
    this.#lanes = lanes;
    this.#ctx = ctx;
    this.#prepareStep = prepareStep;
    this.#streamProcessors = lanes.output.filter((p) => typeof p.processOutputStream === 'function');
  }

  /** True when some processor reads the step's chunks in `processLLMResponse`. */
  get wantsResponseChunks(): boolean {
    return this.#lanes.input.some((p) => typeof p.processLLMResponse === 'function');
  }

  /** True when no processor will see stream chunks: the loop can skip the per-chunk hook. */
  get passesChunksThrough(): boolean {
    return this.#streamProcessors.length === 0;
  }

  #stateOf(id: string): ProcessorState {
    let state = this.#state.get(id);
    if (!state) {
      state = {};
      this.#state.set(id, state);
    }
    return state;
  }

  readonly #bases = new Map<Processor, ProcessorContext & { state: ProcessorState }>();

  /** Hook context of a processor; built once per run (per retry count), not once per chunk. */
  #base(processor: Processor): ProcessorContext & { state: ProcessorState } {
    const cached = this.#bases.get(processor);
    if (cached && cached.retryCount === this.retryCount) return cached;
    const base = this.#makeBase(processor);
    this.#bases.set(processor, base);
    return base;
  }

  #makeBase(processor: Processor): ProcessorContext & { state: ProcessorState } {
    const id = processor.id;
    return {
      abort: (reason?: string, options?: { retry?: boolean; metadata?: unknown }): never => {
        throw new TripWire(reason ?? `Tripwire triggered by ${id}`, options ?? {}, id);
      },
      retryCount: this.retryCount,
      requestContext: this.#ctx.requestContext,
      abortSignal: this.#ctx.abortSignal,
      writer: this.#ctx.writer,
      tracingContext: {},
      state: this.#stateOf(id),
    };
  }

  /** 1. `processInput`, once before the loop. */
  async processInput(messageList: MessageList): Promise<void> {
    for (const processor of this.#lanes.input) {
      if (!processor.processInput) continue;
      const result = await processor.processInput({
        ...this.#base(processor),
        messages: nonSystem(messageList),
        systemMessages: messageList.getSystemMessages(),
        messageList,
      });
      applyMessageResult(messageList, result, processor.id, 'processInput');
    }
  }

  /** 2 + 3. `processInputStep` of every input processor, then `prepareStep`; overrides chain. */
  async processInputStep(
    messageList: MessageList,
    settings: StepSettings,
  ): Promise<{ settings: StepSettings; systemMessages: CoreMessage[] }> {
    let current = settings;
    let before = settings.model;
    const run = async (hook: StepHook, id: string, base: ProcessorContext & { state: ProcessorState }) => {
      const result = await hook({ ...base, ...current, messages: nonSystem(messageList), messageList });
      current = applyStepResult(messageList, current, result, id);
      // A router string or raw AI SDK model becomes a resolved model before the next processor sees it.
      if (current.model !== before) {
        before = await resolveModel(current.model as ModelConfigLike);
        current = { ...current, model: before };
      }
    };
    for (const processor of this.#lanes.input) {
      if (processor.processInputStep) {
        await run(
          processor.processInputStep.bind(processor) as StepHook,
          processor.id,
          this.#base(processor),
        );
      }
    }
    if (this.#prepareStep) {
      const pseudo = { id: 'prepare-step' } as Processor;
      await run(this.#prepareStep, 'prepare-step', this.#base(pseudo));
    }
    return { settings: current, systemMessages: current.systemMessages };
  }

  /** 4. `processLLMRequest`: a transient prompt rewrite, or a cached response that skips the call. */
  async processLLMRequest(args: {
    prompt: LanguageModelV2Prompt;
    model: MastraLanguageModel;
    stepNumber: number;
    steps: LLMStepResult[];
    messageList: MessageList;
  }): Promise<{ prompt: LanguageModelV2Prompt; response?: CachedLLMStepResponse }> {
    let prompt = args.prompt;
    for (const processor of this.#lanes.input) {
      if (!processor.processLLMRequest) continue;
      const result = await processor.processLLMRequest({ ...this.#base(processor), ...args, prompt });
      if (!result) continue;
      if (result.response) return { prompt, response: result.response };
      if (result.prompt) prompt = result.prompt;
    }
    return { prompt };
  }

  /** 6. `processOutputStream` per chunk; `undefined` means the chunk was dropped. */
  async processOutputStream(
    part: ChunkType,
    streamParts: ChunkType[],
    messageList: MessageList,
  ): Promise<ChunkType | undefined> {
    let current: ChunkType = part;
    const isData = current.type.startsWith('data-');
    for (const processor of this.#streamProcessors) {
      if (isData && processor.processDataParts !== true) continue;
      const next = await processor.processOutputStream!({
        ...this.#base(processor),
        part: current,
        streamParts,
        messageList,
      });
      if (next === null || next === undefined) return undefined;
      current = next;
    }
    return current;
  }

  /** 7. `processLLMResponse` after the step's chunks were collected. */
  async processLLMResponse(args: {
    chunks: CachedLLMStepChunk[];
    model: MastraLanguageModel;
    stepNumber: number;
    steps: LLMStepResult[];
    fromCache: boolean;
    warnings?: LanguageModelV2CallWarning[];
    request?: unknown;
  }): Promise<void> {
    for (const processor of this.#lanes.input) {
      if (!processor.processLLMResponse) continue;
      await processor.processLLMResponse({ ...this.#base(processor), ...args });
    }
  }

  /** 8. `processOutputStep`, after each LLM step and before tools. */
  async processOutputStep(
    messageList: MessageList,
    args: {
      stepNumber: number;
      finishReason: string;
      toolCalls: ToolCallInfo[];
      text: string;
      usage: LanguageModelUsage;
      systemMessages: CoreMessage[];
      steps: LLMStepResult[];
      providerMetadata?: SharedV2ProviderMetadata;
    },
  ): Promise<void> {
    for (const processor of this.#lanes.output) {
      if (!processor.processOutputStep) continue;
      const result = await processor.processOutputStep({
        ...this.#base(processor),
        ...args,
        messages: messageList.get.all.db(),
        messageList,
      });
      applyMessageResult(messageList, result, processor.id, 'processOutputStep');
    }
  }

  /** 9. `processToolResult` per successful tool call. */
  async processToolResult(
    messageList: MessageList,
    args: {
      stepNumber: number;
      toolName: string;
      toolCallId: string;
      args: unknown;
      result: unknown;
      providerExecuted?: boolean;
      systemMessages: CoreMessage[];
      steps: LLMStepResult[];
    },
  ): Promise<void> {
    for (const processor of this.#lanes.output) {
      if (!processor.processToolResult) continue;
      const result = await processor.processToolResult({
        ...this.#base(processor),
        ...args,
        messages: messageList.get.all.db(),
        messageList,
      });
      applyMessageResult(messageList, result ?? undefined, processor.id, 'processToolResult');
    }
  }

  /** 10. `processOutputResult`, once at the end of a successful run. */
  async processOutputResult(messageList: MessageList, result: OutputResult): Promise<void> {
    for (const processor of this.#lanes.output) {
      if (!processor.processOutputResult) continue;
      const out = await processor.processOutputResult({
        ...this.#base(processor),
        messages: messageList.get.response.db(),
        messageList,
        result,
      });
      applyMessageResult(messageList, out, processor.id, 'processOutputResult', 'response');
    }
  }

  /** Report an abort to the aborting processor's `onViolation`; its own errors are swallowed. */
  async reportViolation(tripwire: TripWire): Promise<void> {
    const all = [...this.#lanes.input, ...this.#lanes.output, ...this.#lanes.error];
    const processor = all.find((p) => p.id === tripwire.processorId);
    if (!processor?.onViolation) return;
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
}

function nonSystem(list: MessageList): MastraDBMessage[] {
  return list.get.all.db().filter((m) => m.role !== 'system');
}

/** Apply the documented result forms of a message-carrying hook to the live list. */
function applyMessageResult(
  list: MessageList,
  result: unknown,
  processorId: string,
  hook: string,
  scope: 'all' | 'response' = 'all',
): void {
  if (result === undefined || result === null || result === list) return;
  if (Array.isArray(result)) {
    reconcile(list, result as MastraDBMessage[], scope);
    return;
  }
  if (isMessageList(result)) {
    throw new TypeError(
      `Processor ${processorId} returned a MessageList instance other than the one passed in (${hook}). Use the messageList argument instead.`,
    );
  }
  if (typeof result === 'object' && Array.isArray((result as { messages?: unknown }).messages)) {
    const { messages, systemMessages } = result as {
      messages: MastraDBMessage[];
      systemMessages?: CoreMessage[];
    };
    reconcile(list, messages, scope);
    if (systemMessages) list.replaceAllSystemMessages(systemMessages as never);
    return;
  }
  throw new TypeError(
    `Processor ${processorId} ${hook} returned an unsupported value (${typeof result}). Return the messageList, an array of messages, or nothing.`,
  );
}

function isMessageList(value: unknown): value is MessageList {
  return (
    typeof value === 'object' && value !== null && 'get' in value && 'add' in value && 'removeByIds' in value
  );
}

/** Make the list's messages of `scope` equal to `messages`: drop the missing, add or replace the rest. */
function reconcile(list: MessageList, messages: MastraDBMessage[], scope: 'all' | 'response'): void {
  const keep = new Set(messages.map((m) => m.id));
  const current = scope === 'response' ? list.get.response.db() : list.get.all.db();
  const drop = current.filter((m) => m.role !== 'system' && !keep.has(m.id)).map((m) => m.id);
  if (drop.length > 0) list.removeByIds(drop);
  const sources = list.makeMessageSourceChecker();
  for (const message of messages) {
    const origin = sources.getSource(message);
    const source =
      origin === 'memory' || origin === 'input' || origin === 'context'
        ? origin
        : origin === 'output'
          ? 'response'
          : message.role === 'user'
            ? 'input'
            : 'response';
    list.add(message, source);
  }
}

function applyStepResult(
  list: MessageList,
  settings: StepSettings,
  result: unknown,
  id: string,
): StepSettings {
  if (result === undefined || result === null || result === list) return settings;
  if (Array.isArray(result)) {
    reconcile(list, result as MastraDBMessage[], 'all');
    return settings;
  }
  if (isMessageList(result)) {
    throw new TypeError(
      `Processor ${id} returned a MessageList instance other than the one passed in (processInputStep). Use the messageList argument instead.`,
    );
  }
  if (typeof result !== 'object') {
    throw new TypeError(
      `Processor ${id} processInputStep returned an unsupported value (${typeof result}). Return an overrides object, the messageList, an array of messages, or nothing.`,
    );
  }
  const r = result as ProcessInputStepResult;
  if (r.messages && r.messageList) {
    throw new TypeError(
      `Processor ${id} processInputStep returned both "messages" and "messageList"; return one of them.`,
    );
  }
  if (r.messageList && r.messageList !== list) {
    throw new TypeError(
      `Processor ${id} returned a MessageList instance other than the one passed in (processInputStep). Use the messageList argument instead.`,
    );
  }
  if (r.messages) reconcile(list, r.messages, 'all');
  const next: StepSettings = { ...settings };
  if (r.model !== undefined) next.model = r.model as never;
  if (r.toolChoice !== undefined) next.toolChoice = r.toolChoice;
  if (r.activeTools !== undefined) next.activeTools = r.activeTools;
  if (r.tools !== undefined) next.tools = r.tools;
  if (r.systemMessages !== undefined) next.systemMessages = r.systemMessages;
  if (r.providerOptions !== undefined) next.providerOptions = r.providerOptions;
  if (r.modelSettings !== undefined) next.modelSettings = r.modelSettings;
  if (r.structuredOutput !== undefined) next.structuredOutput = r.structuredOutput;
  return next;
}
