import { ConfigurationError } from '../errors/configuration-error.js';
import { MessageList } from '../messages/message-list.js';
import type { MessageListInput } from '../messages/types.js';
import { resolveModel } from '../models/resolve-model.js';
import type { MastraLanguageModel } from '../models/types.js';
import { type ProcessorLanes, ProcessorRunner } from '../processors/runner.js';
import type {
  ErrorProcessor,
  InputProcessorOrWorkflow,
  OutputProcessorOrWorkflow,
  Processor,
} from '../processors/types.js';
import { validateProcessors } from '../processors/validate.js';
import { RequestContext } from '../request-context/request-context.js';
import type { FullOutput, MastraModelOutput } from '../stream/model-output.js';
import { type ResolvedToolSet, resolveToolSet } from '../tools/index.js';
import { newId } from './ids.js';
import { startRun } from './loop.js';
import type {
  AgentConfig,
  AgentExecutionOptions,
  AgentInstructions,
  DynamicArgument,
  ModelConfig,
  ToolsInput,
} from './types.js';

const DEFAULT_MAX_STEPS = 5;
const PROCESSOR_ARRAYS = ['inputProcessors', 'outputProcessors', 'errorProcessors'] as const;

function checkRetryBudget(value: unknown, owner: string): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new ConfigurationError(
      'AGENT_INVALID_CONFIG',
      `${owner}: "maxProcessorRetries" must be a whole number ≥ 0 (got ${String(value)}). Leave it unset to make retry requests abort.`,
    );
  }
}

async function resolveDynamic<T>(value: DynamicArgument<T>, requestContext: RequestContext): Promise<T> {
  return typeof value === 'function'
    ? await (value as (args: { requestContext: RequestContext }) => T | Promise<T>)({ requestContext })
    : value;
}

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
  readonly #toolSets = new WeakMap<object, Promise<ResolvedToolSet>>();

  constructor(config: AgentConfig<TTools>) {
    if (typeof config?.id !== 'string' || config.id.trim() === '') {
      throw new ConfigurationError(
        'AGENT_INVALID_CONFIG',
        'new Agent(): "id" must be a non-empty string, e.g. new Agent({ id: "support-agent", ... }).',
      );
    }
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
        `Agent "${config.id}": "maxSteps" must be a positive integer (got ${String(config.maxSteps)}).`,
      );
    }
    checkRetryBudget(config.maxProcessorRetries, `Agent "${config.id}"`);
    // Static arrays are checked now; arrays computed from requestContext when a call starts.
    for (const array of PROCESSOR_ARRAYS) {
      const value = config[array];
      if (value !== undefined && typeof value !== 'function')
        validateProcessors(value, array, `Agent "${config.id}"`);
    }
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
    const output = await this.stream(messages, options);
    const full = await output.getFullOutput();
    if (output.status === 'failed' && full.error) throw full.error;
    if (output.status === 'aborted') {
      const reason = options.abortSignal?.reason;
      throw reason instanceof Error
        ? reason
        : new DOMException(
            reason === undefined
              ? 'The operation was aborted.'
              : `The operation was aborted: ${String(reason)}`,
            { name: 'AbortError', cause: reason },
          );
    }
    if (full.object === undefined && options.structuredOutput) {
      // Surfaces a strict structured-output failure as a rejection, like any other failed run.
      await output.object;
    }
    return full;
  }

  /** Start a run and return its streaming output at once. Setup errors (model, key) reject. */
  async stream<OUTPUT = undefined>(
    messages: MessageListInput,
    options: AgentExecutionOptions<OUTPUT> = {},
  ): Promise<MastraModelOutput<OUTPUT>> {
    const requestContext = options.requestContext ?? new RequestContext();
    const defaults = this.#config.defaultOptions
      ? await resolveDynamic(this.#config.defaultOptions, requestContext)
      : undefined;
    const call = { ...(defaults as AgentExecutionOptions<OUTPUT> | undefined), ...options, requestContext };
    if (call.maxSteps !== undefined && (!Number.isInteger(call.maxSteps) || call.maxSteps < 1)) {
      throw new ConfigurationError(
        'AGENT_INVALID_OPTIONS',
        `Agent "${this.id}": the call's "maxSteps" must be a positive integer (got ${String(call.maxSteps)}).`,
      );
    }

    const [instructions, model, tools] = await Promise.all([
      call.instructions ?? resolveDynamic(this.#config.instructions, requestContext),
      this.getModel({ requestContext, override: call.model }),
      this.listTools({ requestContext }),
    ]);
    const allTools = call.toolsets ? { ...tools, ...call.toolsets } : tools;

    const messageList = new MessageList();
    messageList.addSystem(instructions as never);
    if (call.system) messageList.addSystem(call.system as never);
    messageList.add(messages, 'input');

    const lanes = await this.#resolveLanes(call, requestContext);
    const maxProcessorRetries = call.maxProcessorRetries ?? this.#config.maxProcessorRetries;
    checkRetryBudget(call.maxProcessorRetries, `Agent "${this.id}" call`);

    return startRun<OUTPUT>({
      agentId: this.id,
      runId: call.runId ?? newId(),
      messageId: newId(),
      messageList,
      model,
      tools: allTools,
      resolveTools: (t) => this.#resolveTools(t),
      maxSteps: call.maxSteps ?? this.#config.maxSteps ?? DEFAULT_MAX_STEPS,
      maxRetries: call.modelSettings?.maxRetries ?? this.#config.maxRetries ?? 0,
      options: call,
      requestContext,
      createRunner: (writer, runId) =>
        new ProcessorRunner({
          lanes,
          messageList,
          requestContext,
          writer,
          abortSignal: call.abortSignal,
          prepareStep: call.prepareStep as never,
          maxProcessorRetries,
          runId,
          newId,
        }),
    });
  }

  /**
   * The processor lanes of one call: each per-call array replaces the agent's; functions of
   * `{ requestContext }` are called and their result checked; `processorIndex` is set on the
   * combined list.
   */
  async #resolveLanes(
    call: Pick<AgentExecutionOptions, (typeof PROCESSOR_ARRAYS)[number]>,
    requestContext: RequestContext,
  ): Promise<ProcessorLanes> {
    const resolve = async (array: (typeof PROCESSOR_ARRAYS)[number]): Promise<Processor[]> => {
      const own = call[array];
      if (own !== undefined) {
        return validateProcessors(
          await resolveDynamic(own as DynamicArgument<unknown>, requestContext),
          array,
          `Agent "${this.id}" call`,
        );
      }
      const configured = this.#config[array];
      if (configured === undefined) return [];
      if (typeof configured !== 'function') return configured as Processor[];
      return validateProcessors(
        await resolveDynamic(configured as DynamicArgument<unknown>, requestContext),
        array,
        `Agent "${this.id}"`,
      );
    };
    const [input, output, error] = (await Promise.all(PROCESSOR_ARRAYS.map(resolve))) as [
      Processor[],
      Processor[],
      Processor[],
    ];
    // processorIndex lives on the processor object (as documented), so an instance shared by
    // concurrent calls sees the latest call's index; frozen processors are left alone.
    let index = 0;
    for (const lane of [input, output, error]) {
      for (const processor of lane) {
        const at = index++;
        if (processor.processorIndex !== at && Object.isExtensible(processor)) {
          try {
            processor.processorIndex = at;
          } catch {
            // A read-only processorIndex (getter or frozen property) is the processor's own choice.
          }
        }
      }
    }
    return { input, output, error };
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

  /** The configured error processors for a request context (default error processors arrive with #4). */
  async listErrorProcessors(requestContext = new RequestContext()): Promise<ErrorProcessor[]> {
    return this.#config.errorProcessors ? resolveDynamic(this.#config.errorProcessors, requestContext) : [];
  }

  /** Options merged into every call. */
  async getDefaultOptions(requestContext = new RequestContext()): Promise<AgentExecutionOptions | undefined> {
    return this.#config.defaultOptions
      ? resolveDynamic(this.#config.defaultOptions, requestContext)
      : undefined;
  }
}
