/**
 * An agent's processor lanes: its static arrays checked once at construction, arrays computed
 * from the request context checked per call, the default error processors merged in, memory's
 * framework processors around them, and a call's own arrays in their place.
 */
import type { MemoryTurn } from '../memory/turn.js';
import type { ProcessorLanes } from '../pipeline/runner.js';
import type { Processor } from '../pipeline/types.js';
import { validateProcessors } from '../pipeline/validate.js';
import type { RequestContext } from '../request-context/request-context.js';
import { createDefaultErrorProcessor } from './default-error-processors.js';
import { type DefaultErrorProcessorId, mergeDefaultErrorProcessors } from './resolve-error-processors.js';
import type { AgentConfig, AgentExecutionOptions, DynamicArgument } from './types.js';

/** A value, or a function of the request context computing it. */
export async function resolveDynamic<T>(
  value: DynamicArgument<T>,
  requestContext: RequestContext,
): Promise<T> {
  return typeof value === 'function'
    ? await (value as (args: { requestContext: RequestContext }) => T | Promise<T>)({ requestContext })
    : value;
}

const PROCESSOR_ARRAYS = ['inputProcessors', 'outputProcessors', 'errorProcessors'] as const;

/** The processor lanes of one agent (see the module comment). */
export class AgentLanes {
  readonly #config: Pick<
    AgentConfig,
    'id' | 'inputProcessors' | 'outputProcessors' | 'errorProcessors' | 'errorProcessorDefaults'
  >;
  /** The static processor arrays as checked at construction (workflows already made processors). */
  readonly #staticLanes: Partial<Record<(typeof PROCESSOR_ARRAYS)[number], Processor[]>> = {};
  /** This agent's instances of the default error processors, made when first needed. */
  readonly #defaults = new Map<DefaultErrorProcessorId, Processor>();
  /** The last merge of defaults into the configured error processors (never handed out to callers). */
  #mergedErrorProcessors: { source: Processor[]; entries: Processor[]; merged: Processor[] } | undefined;

  constructor(
    config: Pick<
      AgentConfig,
      'id' | 'inputProcessors' | 'outputProcessors' | 'errorProcessors' | 'errorProcessorDefaults'
    >,
  ) {
    this.#config = config;
    for (const array of PROCESSOR_ARRAYS) {
      const value = config[array];
      // Kept as checked: a workflow entry becomes the processor it runs as, once.
      if (value !== undefined && typeof value !== 'function')
        this.#staticLanes[array] = validateProcessors(value, array, `Agent "${config.id}"`);
    }
  }

  /**
   * The processor lanes of one call: each per-call array replaces the agent's; functions of
   * `{ requestContext }` are called and their result checked; `processorIndex` is set on the
   * combined list. Memory's processors sit in the framework lanes around the resolved arrays
   * (input before, output after, error after), so no per-call array can remove them.
   */
  async resolve(
    call: Pick<AgentExecutionOptions, (typeof PROCESSOR_ARRAYS)[number]>,
    requestContext: RequestContext,
    structurer?: Processor,
    memory?: MemoryTurn,
  ): Promise<ProcessorLanes> {
    const resolve = async (array: (typeof PROCESSOR_ARRAYS)[number]): Promise<Processor[]> => {
      const own = call[array];
      if (own !== undefined) {
        return validateProcessors(
          await resolveDynamic(own as DynamicArgument<unknown>, requestContext),
          array,
          `Agent "${this.#config.id}" call`,
        );
      }
      if (array === 'errorProcessors') return this.errorProcessors(requestContext);
      return this.#configured(array, requestContext);
    };
    const [configuredInput, configuredOutput, configuredError] = (await Promise.all(
      PROCESSOR_ARRAYS.map(resolve),
    )) as [Processor[], Processor[], Processor[]];
    // Copies: the configured arrays may be the agent's own.
    const input = memory ? [...memory.inputProcessors, ...configuredInput] : configuredInput;
    const userOutput = structurer ? [...configuredOutput, structurer] : configuredOutput;
    const output = memory ? [...userOutput, ...memory.outputProcessors] : userOutput;
    // Framework error processors (memory's) run after the list and survive a per-call list.
    const framework = memory ? memory.errorProcessors : NO_PROCESSORS;
    const error = framework.length > 0 ? [...configuredError, ...framework] : configuredError;
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

  /** The agent's own array for a lane: static, or computed from the request context and checked. */
  async #configured(
    array: (typeof PROCESSOR_ARRAYS)[number],
    requestContext: RequestContext,
  ): Promise<Processor[]> {
    const configured = this.#config[array];
    // One shared empty list, so an agent without error processors reuses its merged defaults.
    if (configured === undefined) return NO_PROCESSORS;
    if (typeof configured !== 'function') return this.#staticLanes[array] ?? (configured as Processor[]);
    return validateProcessors(
      await resolveDynamic(configured as DynamicArgument<unknown>, requestContext),
      array,
      `Agent "${this.#config.id}"`,
    );
  }

  /**
   * The agent's error processors with the defaults merged in (unless `errorProcessorDefaults` is
   * `false`): a default is added only when no processor has its id, and takes its place in the
   * default sequence relative to the user's default-id processors; the user's order never changes.
   * A function-valued list is merged on every call.
   */
  async errorProcessors(requestContext: RequestContext): Promise<Processor[]> {
    const configured = await this.#configured('errorProcessors', requestContext);
    if (this.#config.errorProcessorDefaults === false) return configured;
    // The merge is reused while the configured list is the same array with the same entries.
    const cached = this.#mergedErrorProcessors;
    if (cached && cached.source === configured && sameEntries(cached.entries, configured))
      return cached.merged;
    const merged = mergeDefaultErrorProcessors(configured, (id) => {
      let processor = this.#defaults.get(id);
      if (!processor) {
        processor = createDefaultErrorProcessor(id);
        this.#defaults.set(id, processor);
      }
      return processor;
    });
    this.#mergedErrorProcessors = { source: configured, entries: [...configured], merged };
    return merged;
  }
}

/** The lane of an agent that configures none (never mutated: lanes are read, not edited). */
const NO_PROCESSORS = Object.freeze([]) as unknown as Processor[];

/** Same length and the same processor objects in the same places. */
function sameEntries(a: readonly Processor[], b: readonly Processor[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
