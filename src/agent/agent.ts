import { agentBackgroundConfigProblem } from '../background/config.js';
import { BackgroundTaskManager } from '../background/manager.js';
import { RunBackground } from '../background/run-background.js';
import { SqlBackgroundTaskStore, type SqlFeatureHost } from '../background/sql/sql-background-task-store.js';
import { attachUsageTargets } from '../cost/run-usage.js';
import { resolveDownloadPolicy, validateDownloadPolicy } from '../downloads/policy.js';
import { ConfigurationError } from '../errors/configuration-error.js';
import { DataTooDeepError } from '../errors/data-too-deep-error.js';
import { describeValue } from '../errors/describe-value.js';
import { describeError } from '../errors/error-chain.js';
import type { Memory } from '../memory/memory.js';
import type { MemoryTurn } from '../memory/turn.js';
import { MessageList } from '../messages/message-list.js';
import type { MessageListInput } from '../messages/types.js';
import { resolveModel } from '../models/resolve-model.js';
import type { MastraLanguageModel } from '../models/types.js';
import { ProcessorRunner } from '../pipeline/runner.js';
import type {
  ErrorProcessor,
  InputProcessorOrWorkflow,
  OutputProcessorOrWorkflow,
} from '../pipeline/types.js';
import {
  registerStructuringAgent,
  type StructuringAgentRequest,
  type StructuringAgentResult,
} from '../processors/structured-output/agent-call.js';
import { checkStructuredOutputOption } from '../processors/structured-output/structured-output.js';
import { RequestContext } from '../request-context/request-context.js';
import type { FullOutput, MastraModelOutput } from '../stream/model-output.js';
import { resolveToolSet } from '../tools/resolve-tool-set.js';
import type { ResolvedToolSet } from '../tools/resolved-tool-set.js';
import { MAX_DATA_DEPTH, valueTooDeep } from '../util/data-depth.js';
import { newId } from '../util/ids.js';
import { AgentLanes, resolveDynamic } from './agent-lanes.js';
import { checkAgentConfigNames, checkCallOptionNames, type OptionCheckContext } from './option-names.js';
import { startMemoryTurn } from './run/memory-turn.js';
import type { ModelCallMethod } from './run/model-call.js';
import { startRun } from './run/run.js';
import { structuringProcessorFor } from './structuring-processor.js';
import type {
  AgentConfig,
  AgentExecutionOptions,
  AgentInstructions,
  ModelConfig,
  ToolsInput,
} from './types.js';
import { validateCallOptions } from './validate-call-options.js';

const DEFAULT_MAX_STEPS = 5;

function checkRetryBudget(value: unknown, owner: string): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new ConfigurationError(
      'AGENT_INVALID_CONFIG',
      `${owner}: "maxProcessorRetries" must be a whole number ≥ 0 (got ${describeValue(value)}). Leave it unset to make retry requests abort.`,
    );
  }
}

/** Deepest input accepted: tool data's bound plus the levels of a message around it. */
const MAX_INPUT_DEPTH = MAX_DATA_DEPTH + 16;

/**
 * An agent: instructions, a model and tools, run as a multi-step tool loop whose inputs,
 * outputs, steps, tool results and errors flow through processors.
 *
 * ```ts
 * const agent = new Agent({ id: 'helper', instructions: 'Be brief.', model: 'openai/gpt-5-mini' });
 * const { text } = await agent.generate('Hello');
 * ```
 */
export class Agent<TTools extends ToolsInput = ToolsInput> {
  readonly id: string;
  readonly name: string | undefined;
  readonly description: string | undefined;
  readonly #config: AgentConfig<TTools>;
  /** The agent's processor lanes, resolved per call. */
  readonly #lanes: AgentLanes;
  readonly #toolSets = new WeakMap<object, Promise<ResolvedToolSet>>();
  /** The in-process background task manager, made on the first background call (no `backgroundTasks.manager`). */
  /**
   * Default task managers (no `backgroundTasks.manager`): one per SQL memory store, whose
   * database then keeps the task records, and one (key: the agent) with records in process memory.
   */
  readonly #backgroundManagers = new WeakMap<object, BackgroundTaskManager>();
  /** Documented-but-unimplemented options this agent has warned about (each once). */
  readonly #warnedOptions = new Set<string>();

  constructor(config: AgentConfig<TTools>) {
    registerStructuringAgent(structureWithInternalAgent);
    if (typeof config?.id !== 'string' || config.id.trim() === '') {
      throw new ConfigurationError(
        'AGENT_INVALID_CONFIG',
        'new Agent(): "id" must be a non-empty string, e.g. new Agent({ id: "support-agent", ... }).',
      );
    }
    // Names first: a misspelt option (`inputProcessor`) must not leave the agent without it.
    checkAgentConfigNames(config, {
      owner: `Agent "${config.id}"`,
      code: 'AGENT_INVALID_CONFIG',
      warned: this.#warnedOptions,
    });
    if (config.instructions === undefined || config.instructions === null) {
      throw new ConfigurationError(
        'AGENT_INVALID_CONFIG',
        `Agent "${config.id}": "instructions" is required (a string, an array of strings/system messages, or a function of { requestContext }).`,
      );
    }
    if (config.model === undefined || config.model === null || (config.model as unknown) === '') {
      throw new ConfigurationError(
        'AGENT_INVALID_CONFIG',
        `Agent "${config.id}": "model" is required: an AI SDK model object, a router string such as 'openai/gpt-5-mini', or a function of { requestContext }.`,
      );
    }
    if (config.maxSteps !== undefined && (!Number.isInteger(config.maxSteps) || config.maxSteps < 1)) {
      throw new ConfigurationError(
        'AGENT_INVALID_CONFIG',
        `Agent "${config.id}": "maxSteps" must be a positive integer (got ${describeValue(config.maxSteps)}).`,
      );
    }
    checkRetryBudget(config.maxProcessorRetries, `Agent "${config.id}"`);
    if (config.errorProcessorDefaults !== undefined && typeof config.errorProcessorDefaults !== 'boolean') {
      throw new ConfigurationError(
        'AGENT_INVALID_CONFIG',
        `Agent "${config.id}": "errorProcessorDefaults" must be true or false (got ${describeValue(config.errorProcessorDefaults)}).`,
      );
    }
    if (
      config.sandbox !== undefined &&
      typeof (config.sandbox as { uploadFile?: unknown } | null)?.uploadFile !== 'function'
    ) {
      throw new ConfigurationError(
        'AGENT_INVALID_CONFIG',
        `Agent "${config.id}": "sandbox" must have an uploadFile(file) method that resolves with { path }.`,
      );
    }
    validateDownloadPolicy(config.attachmentDownloads, `Agent "${config.id}"`, 'AGENT_INVALID_CONFIG');
    const memory: unknown = config.memory;
    if (
      memory !== undefined &&
      typeof memory !== 'function' &&
      typeof (memory as { getErrorProcessors?: unknown } | null)?.getErrorProcessors !== 'function'
    ) {
      throw new ConfigurationError(
        'AGENT_INVALID_CONFIG',
        `Agent "${config.id}": "memory" must be a Memory from sluice/memory, e.g. new Memory({ storage: new InMemoryStore() }) (got ${describeValue(memory)}).`,
      );
    }
    if (config.backgroundTasks !== undefined) {
      const problem = agentBackgroundConfigProblem(config.backgroundTasks);
      if (problem) {
        throw new ConfigurationError(
          'AGENT_INVALID_CONFIG',
          `Agent "${config.id}": "backgroundTasks" ${problem}.`,
          { details: { option: 'backgroundTasks' } },
        );
      }
    }
    // Static arrays are checked now; arrays computed from requestContext when a call starts.
    this.#lanes = new AgentLanes(config);
    this.id = config.id;
    this.name = config.name;
    this.description = config.description;
    this.#config = config;
  }

  /** Run to completion and return the whole output. Provider errors reject; tripwires do not. */
  async generate<OUTPUT = undefined>(
    messages: MessageListInput,
    options: AgentExecutionOptions<OUTPUT> = {},
  ): Promise<FullOutput<OUTPUT>> {
    // `null` options mean none, as `undefined` does (a default parameter only covers undefined).
    const { output, abortSignal } = await this.#start(messages, options ?? {}, 'generate');
    const full = await output.getFullOutput();
    if (output.status === 'failed' && full.error) throw full.error;
    if (output.status === 'aborted') {
      // The run's signal, which may come from defaultOptions.
      const reason = abortSignal?.reason;
      throw reason instanceof Error
        ? reason
        : new DOMException(
            reason === undefined
              ? 'The operation was aborted.'
              : `The operation was aborted: ${describeError(reason)}`,
            { name: 'AbortError', cause: reason },
          );
    }
    if (full.object === undefined) {
      // Surfaces a strict structured-output failure as a rejection, like any other failed run
      // (also when `structuredOutput` came from the agent's default options).
      await output.object;
    }
    return full;
  }

  /** Start a run and return its streaming output at once. Setup errors (model, key) reject. */
  async stream<OUTPUT = undefined>(
    messages: MessageListInput,
    options: AgentExecutionOptions<OUTPUT> = {},
  ): Promise<MastraModelOutput<OUTPUT>> {
    return (await this.#start(messages, options ?? {}, 'stream')).output;
  }

  /** Start a run; also returns the abort signal it runs under (the call's or the defaults'). */
  async #start<OUTPUT>(
    messages: MessageListInput,
    options: AgentExecutionOptions<OUTPUT>,
    callMethod: ModelCallMethod,
  ): Promise<{ output: MastraModelOutput<OUTPUT>; abortSignal: AbortSignal | undefined }> {
    const names: OptionCheckContext = {
      owner: `Agent "${this.id}"`,
      code: 'AGENT_INVALID_OPTIONS',
      warned: this.#warnedOptions,
    };
    checkCallOptionNames(options, names);
    const requestContext = options.requestContext ?? new RequestContext();
    const defaults = this.#config.defaultOptions
      ? await resolveDynamic(this.#config.defaultOptions, requestContext)
      : undefined;
    // Static defaults were checked at construction; a function's result is checked each call.
    if (
      typeof this.#config.defaultOptions === 'function' &&
      typeof defaults === 'object' &&
      defaults !== null
    )
      checkCallOptionNames(defaults, names, 'defaultOptions.');
    const call = { ...(defaults as AgentExecutionOptions<OUTPUT> | undefined), ...options, requestContext };
    // The agent's `recordTo` applies unless the call (or its defaults) names another folder.
    if (call.recordTo === undefined && this.#config.recordTo !== undefined)
      call.recordTo = this.#config.recordTo;
    if (call.maxSteps !== undefined && (!Number.isInteger(call.maxSteps) || call.maxSteps < 1)) {
      throw new ConfigurationError(
        'AGENT_INVALID_OPTIONS',
        `Agent "${this.id}": the call's "maxSteps" must be a positive integer (got ${describeValue(call.maxSteps)}).`,
      );
    }
    validateCallOptions(
      this.id,
      call as AgentExecutionOptions<unknown>,
      options as AgentExecutionOptions<unknown>,
    );
    await checkStructuredOutputOption(this.id, call.structuredOutput, options.structuredOutput !== undefined);
    // Memory first: a store that is down, or a thread of another resource, fails the call
    // before the model is resolved or called.
    const memoryObject = call.memory === undefined ? undefined : await this.getMemory({ requestContext });
    const memory = await startMemoryTurn(
      this.id,
      memoryObject,
      call.memory,
      requestContext,
      typeof this.#config.memory === 'function',
      messages,
    );

    const [instructions, model, tools] = await Promise.all([
      call.instructions ?? resolveDynamic(this.#config.instructions, requestContext),
      this.getModel({ requestContext, override: call.model }),
      this.listTools({ requestContext }),
    ]);
    const withMemory = memory && Object.keys(memory.tools).length > 0 ? { ...tools, ...memory.tools } : tools;
    const allTools = call.toolsets ? { ...withMemory, ...call.toolsets } : withMemory;

    const messageList = new MessageList(
      memory
        ? {
            threadId: memory.threadId,
            resourceId: memory.resourceId,
            generateMessageId: memory.generateMessageId,
          }
        : undefined,
    );
    messageList.addSystem(instructions as never);
    if (call.system) messageList.addSystem(call.system as never);
    // Refused before anything walks or stores it (conversion, processors, memory, cache keys).
    if (valueTooDeep(messages, MAX_INPUT_DEPTH)) {
      throw new DataTooDeepError(
        `Agent "${this.id}": the input messages`,
        MAX_INPUT_DEPTH,
        'Send flatter data (e.g. a JSON string in a text part instead of nested objects).',
      );
    }
    messageList.add(messages, 'input');

    // `structuredOutput.model`: a second model structures the answer, so the agent's model
    // answers freely (no JSON mode) and the processor comes last in the output lane.
    const structurer = await structuringProcessorFor(call.structuredOutput);
    const lanes = await this.#lanes.resolve(call, requestContext, structurer, memory);
    const maxProcessorRetries = call.maxProcessorRetries ?? this.#config.maxProcessorRetries;
    checkRetryBudget(call.maxProcessorRetries, `Agent "${this.id}" call`);

    const downloads = resolveDownloadPolicy(
      this.#config.attachmentDownloads,
      call.attachmentDownloads,
      `Agent "${this.id}"`,
    );
    const runId = call.runId ?? newId();
    const background = this.#runBackground(
      allTools,
      runId,
      messageList,
      call.untilIdle,
      memoryObject,
      memory,
    );
    const output = startRun<OUTPUT>({
      agentId: this.id,
      runId,
      messageId: newId(),
      messageList,
      model,
      callMethod,
      tools: allTools,
      resolveTools: (t) => this.#resolveTools(t),
      maxSteps: call.maxSteps ?? this.#config.maxSteps ?? DEFAULT_MAX_STEPS,
      maxRetries: call.modelSettings?.maxRetries ?? this.#config.maxRetries ?? 0,
      options: structurer ? { ...call, structuredOutput: undefined } : call,
      requestContext,
      attachmentDownloads: downloads,
      memory,
      background,
      createRunner: (writer, runId, deliver, abortSignal, usage) => {
        // Ledgers of cost controls record the run's calls from its start (an input guardrail's judge too).
        attachUsageTargets(usage, lanes.input);
        return new ProcessorRunner({
          usageRecorder: usage,
          deliver,
          lanes,
          messageList,
          requestContext,
          writer,
          abortSignal,
          prepareStep: call.prepareStep as never,
          maxProcessorRetries,
          sandbox: this.#config.sandbox,
          attachmentDownloads: downloads,
          runId,
          newId,
        });
      },
    });
    return { output, abortSignal: call.abortSignal };
  }

  /**
   * The run's background runtime: only when the agent configures `backgroundTasks` (not
   * `disabled`) or a tool of the call opts in with `background: { enabled: true }`. Otherwise
   * tools run exactly as without background support.
   */
  #runBackground(
    tools: ToolsInput,
    runId: string,
    messageList: MessageList,
    untilIdle: AgentExecutionOptions['untilIdle'],
    memoryObject: Memory | undefined,
    memory: MemoryTurn | undefined,
  ): RunBackground | undefined {
    const config = this.#config.backgroundTasks;
    // With `backgroundTasks` set (even `disabled`) every call has `_background` stripped.
    if (config === undefined) {
      let any = false;
      for (const name in tools) {
        const entry = tools[name] as { background?: { enabled?: unknown } } | undefined;
        if (entry?.background?.enabled === true) {
          any = true;
          break;
        }
      }
      if (!any) return undefined;
    }
    let manager = config?.manager;
    if (!manager) {
      manager = this.#defaultBackgroundManager(memoryObject?.storage);
    }
    return new RunBackground({
      agentId: this.id,
      runId,
      config,
      manager,
      untilIdle,
      messageList,
      memory:
        memory && memoryObject && !memory.savesNothing
          ? { storage: memoryObject.storage, threadId: memory.threadId, resourceId: memory.resourceId }
          : undefined,
    });
  }

  /**
   * The manager used when `backgroundTasks.manager` is not given. Task records live in the
   * memory's storage when it is a SQL store (SQLite / PostgreSQL: a `background_tasks` table
   * beside the messages), so they survive a restart and crash recovery finds them; otherwise
   * (no memory, `InMemoryStore`) in process memory.
   */
  #defaultBackgroundManager(storage: unknown): BackgroundTaskManager {
    const sql =
      typeof storage === 'object' &&
      storage !== null &&
      typeof (storage as Partial<SqlFeatureHost>).feature === 'function'
        ? (storage as SqlFeatureHost)
        : undefined;
    const key: object = sql ?? this;
    let manager = this.#backgroundManagers.get(key);
    if (!manager) {
      manager = new BackgroundTaskManager(sql ? { store: new SqlBackgroundTaskStore({ store: sql }) } : {});
      this.#backgroundManagers.set(key, manager);
    }
    return manager;
  }
  /** The agent's memory for a request context (`undefined` when it has none). */
  async getMemory(args: { requestContext?: RequestContext } = {}): Promise<Memory | undefined> {
    const configured = this.#config.memory;
    if (configured === undefined) return undefined;
    const memory = await resolveDynamic(configured, args.requestContext ?? new RequestContext());
    if (
      memory !== undefined &&
      typeof (memory as { getErrorProcessors?: unknown })?.getErrorProcessors !== 'function'
    ) {
      throw new ConfigurationError(
        'AGENT_INVALID_CONFIG',
        `Agent "${this.id}": "memory" must be a Memory from sluice/memory (or a function of { requestContext } returning one), got ${describeValue(memory)}.`,
      );
    }
    return memory;
  }

  /** Tool schemas are converted once per tools object, not once per step. */
  #resolveTools(tools: ToolsInput): Promise<ResolvedToolSet> {
    const cached = this.#toolSets.get(tools);
    if (cached) return cached;
    const resolved = resolveToolSet(tools);
    this.#toolSets.set(tools, resolved);
    resolved.catch(() => this.#toolSets.delete(tools));
    return resolved;
  }

  /** The resolved model for a call (router strings checked for package and key here). */
  async getModel(
    args: { requestContext?: RequestContext; override?: ModelConfig } = {},
  ): Promise<MastraLanguageModel> {
    const requestContext = args.requestContext ?? new RequestContext();
    const spec = args.override ?? (await resolveDynamic(this.#config.model, requestContext));
    return resolveModel(spec as never);
  }

  /** The agent's instructions for a request context. */
  async getInstructions(args: { requestContext?: RequestContext } = {}): Promise<AgentInstructions> {
    return resolveDynamic(this.#config.instructions, args.requestContext ?? new RequestContext());
  }

  /** The agent's tools for a request context. */
  async listTools(args: { requestContext?: RequestContext } = {}): Promise<TTools> {
    if (!this.#config.tools) return {} as TTools;
    return resolveDynamic(this.#config.tools, args.requestContext ?? new RequestContext());
  }

  /** The configured input processors for a request context. */
  async listInputProcessors(requestContext = new RequestContext()): Promise<InputProcessorOrWorkflow[]> {
    return this.#config.inputProcessors ? resolveDynamic(this.#config.inputProcessors, requestContext) : [];
  }

  /** The configured output processors for a request context. */
  async listOutputProcessors(requestContext = new RequestContext()): Promise<OutputProcessorOrWorkflow[]> {
    return this.#config.outputProcessors ? resolveDynamic(this.#config.outputProcessors, requestContext) : [];
  }

  /**
   * The error processors a call without its own `errorProcessors` runs, in order: the agent's list
   * with the default error processors merged in (see `errorProcessorDefaults`), then any
   * framework error processors.
   */
  async listErrorProcessors(requestContext = new RequestContext()): Promise<ErrorProcessor[]> {
    const resolved = await this.#lanes.errorProcessors(requestContext);
    const memory = await this.getMemory({ requestContext });
    // A copy: the resolved list may be the agent's cached merge.
    return [...resolved, ...(memory ? memory.getErrorProcessors() : [])] as ErrorProcessor[];
  }

  /** Options merged into every call. */
  async getDefaultOptions(requestContext = new RequestContext()): Promise<AgentExecutionOptions | undefined> {
    return this.#config.defaultOptions
      ? resolveDynamic(this.#config.defaultOptions, requestContext)
      : undefined;
  }
}

/**
 * How `StructuredOutputProcessor({ useAgent: true })` runs its structuring call: one `generate`
 * of an internal agent (whose default error processors retry transient failures). Registered
 * by every `Agent` (and by the processor harness), because the processor must not import the
 * agent, which builds it.
 */
export async function structureWithInternalAgent({
  model,
  instructions,
  prompt,
  abortSignal,
  options,
}: StructuringAgentRequest): Promise<StructuringAgentResult> {
  const agent = new Agent({ id: 'structured-output', instructions, model });
  const output = await agent.generate(prompt, {
    maxSteps: 1,
    abortSignal,
    providerOptions: options.providerOptions,
    structuredOutput: {
      schema: options.schema,
      instructions: options.instructions,
      jsonPromptInjection: options.jsonPromptInjection,
    },
  });
  return { object: output.object, usage: output.totalUsage };
}
