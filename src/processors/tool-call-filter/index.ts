import { describeValue } from '../../errors/describe-value.js';
import type { ProcessLLMRequestArgs, ProcessLLMRequestResult, Processor } from '../../pipeline/types.js';
import { invalidOptionFor } from '../option-errors.js';
import { CallOrigins } from './call-origins.js';
import { filterPromptToolCalls, type ToolCallFacts, type ToolCallFilterRule } from './filter-prompt.js';

/** Options of {@link ToolCallFilter}. */
export interface ToolCallFilterOptions {
  /**
   * Filter only calls of these tools; calls of other tools are always sent. Default: every tool.
   * (The name is the documented one: it lists the tools *excluded from the prompt*.)
   */
  exclude?: string[];
  /**
   * Also filter during the agent loop, keeping the calls of the N most recent tool-producing
   * steps (each assistant message with tool calls is one step; earlier history and the current
   * run count alike). `0` removes the current run's calls too. Default: unset — filter calls from
   * earlier history only, keep every call made in the current run.
   */
  filterAfterToolSteps?: number;
  /**
   * For a filtered call whose tool produced a `toModelOutput` value, send a compact text
   * `[<toolName> result] <model output>` in its place; raw arguments and raw results are still
   * removed. Calls without such a value (and failed calls) are removed entirely. Default `false`.
   */
  preserveModelOutput?: boolean;
}

const invalidOption = invalidOptionFor('ToolCallFilter');

function validate(options: unknown): ToolCallFilterOptions {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw invalidOption('options', 'options must be an object such as { exclude: ["search"] }.');
  }
  const { exclude, filterAfterToolSteps, preserveModelOutput } = options as Record<string, unknown>;
  if (exclude !== undefined && (!Array.isArray(exclude) || !exclude.every((n) => typeof n === 'string'))) {
    throw invalidOption('exclude', 'exclude must be an array of tool names, e.g. ["search"].');
  }
  if (
    filterAfterToolSteps !== undefined &&
    (typeof filterAfterToolSteps !== 'number' ||
      !Number.isInteger(filterAfterToolSteps) ||
      filterAfterToolSteps < 0)
  ) {
    throw invalidOption(
      'filterAfterToolSteps',
      `filterAfterToolSteps must be a non-negative integer (got ${describeValue(filterAfterToolSteps)}); use 0 to filter every step, or leave it unset to filter earlier history only.`,
    );
  }
  if (preserveModelOutput !== undefined && typeof preserveModelOutput !== 'boolean') {
    throw invalidOption('preserveModelOutput', 'preserveModelOutput must be true or false.');
  }
  return options as ToolCallFilterOptions;
}

/**
 * Removes tool calls and their results from what the model is sent, to save tokens on long
 * tool interactions. Only the outgoing prompt changes (`processLLMRequest`): the stored
 * messages, memory and UI history keep every call.
 *
 * By default calls from earlier history are removed and calls made in the current agent loop
 * are kept, so the loop can act on fresh results. "Current" means the call belongs to a
 * message this run produced (the `MessageList` holds it with source `'response'`); calls that
 * arrived as input, from memory or as context are history. `filterAfterToolSteps` and
 * `preserveModelOutput` refine this (see {@link ToolCallFilterOptions}). A call and its result
 * are always removed together, and no call without its result (or result without its call)
 * is ever sent.
 */
export class ToolCallFilter implements Processor<'tool-call-filter'> {
  /** `'tool-call-filter'`. */
  readonly id = 'tool-call-filter' as const;
  /** `'Tool Call Filter'`. */
  readonly name = 'Tool Call Filter';
  /** One line for logs and traces. */
  readonly description = 'Removes tool calls and their results from the prompt sent to the model.';

  readonly #rule: ToolCallFilterRule;

  /** @throws ConfigurationError `PROCESSOR_INVALID_OPTIONS` for a malformed option. */
  constructor(options?: ToolCallFilterOptions) {
    const { exclude, filterAfterToolSteps, preserveModelOutput } = validate(options);
    const only = exclude ? new Set(exclude) : undefined;
    const keepSteps = filterAfterToolSteps;
    this.#rule = {
      preserveModelOutput: preserveModelOutput === true,
      filters: ({ toolName, current, newerToolSteps }: ToolCallFacts) => {
        if (only && !only.has(toolName)) return false;
        return keepSteps === undefined ? !current : newerToolSteps >= keepSteps;
      },
    };
  }

  /** Send the prompt without the filtered calls; the stored conversation is not touched. */
  processLLMRequest({ prompt, messageList, steps }: ProcessLLMRequestArgs): ProcessLLMRequestResult {
    // Called directly without `steps`: no step of this run made a call yet.
    const origins = new CallOrigins(messageList, steps ?? []);
    const filtered = filterPromptToolCalls(prompt, origins, this.#rule);
    return filtered ? { prompt: filtered } : undefined;
  }
}
