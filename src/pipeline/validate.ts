/**
 * Early checks of processor arrays, so a misconfigured processor fails when the agent is built
 * (or when the call starts, for arrays computed from `requestContext`) instead of mid-run.
 */

import { ConfigurationError } from '../errors/configuration-error.js';
import { describeValue as describe } from '../errors/describe-value.js';
import { isWorkflowProcessor, type LaneArrayName, laneEntryProcessor } from './lane-entry.js';
import type { Processor } from './types.js';

/** The three processor arrays of an agent or a call. */
export type ProcessorArrayName = LaneArrayName;

/** Hooks each array runs. A processor must implement at least one of its array's hooks. */
const LANE_HOOKS: Readonly<Record<ProcessorArrayName, readonly string[]>> = {
  inputProcessors: ['processInput', 'processInputStep', 'processLLMRequest', 'processLLMResponse'],
  outputProcessors: ['processOutputStream', 'processOutputStep', 'processToolResult', 'processOutputResult'],
  errorProcessors: ['processAPIError', 'processLLMRequest'],
};

const ALL_HOOKS = [...new Set(Object.values(LANE_HOOKS).flat())];

/**
 * Check one processor array and return it typed. `owner` names where it came from, e.g.
 * `Agent "support"` or `Agent "support" call`. A committed processor workflow is replaced by the
 * processor it runs as (then the result is a new array; otherwise it is `value` itself).
 *
 * @throws ConfigurationError `PROCESSOR_INVALID_CONFIG` (not an array / not a processor),
 *   `PROCESSOR_MISSING_ID`, `PROCESSOR_NO_HOOK`, `PROCESSOR_DUPLICATE_ID` or
 *   `PROCESSOR_WORKFLOW_INVALID_CONFIG`, naming the array, the index and the fix.
 */
export function validateProcessors(value: unknown, array: ProcessorArrayName, owner: string): Processor[] {
  if (!Array.isArray(value)) {
    throw new ConfigurationError(
      'PROCESSOR_INVALID_CONFIG',
      `${owner}: "${array}" must be an array of processors (or a function of { requestContext } returning one), got ${describe(value)}.`,
      { details: { array } },
    );
  }
  const seen = new Map<string, number>();
  let out: unknown[] = value;
  value.forEach((entry: unknown, index) => {
    const at = `${array}[${index}]`;
    const asProcessor = laneEntryProcessor(entry, array, at, owner);
    if (asProcessor !== undefined) {
      if (out === value) out = [...value];
      out[index] = asProcessor;
    }
    const processor = asProcessor ?? entry;
    if (typeof processor !== 'object' || processor === null) {
      throw new ConfigurationError(
        'PROCESSOR_INVALID_CONFIG',
        `${owner}: ${at} is not a processor (got ${describe(processor)}). Pass an object with an "id" and at least one of ${LANE_HOOKS[array].join(', ')}.`,
        { details: { array, index } },
      );
    }
    const id = (processor as { id?: unknown }).id;
    if (typeof id !== 'string' || id.trim() === '') {
      throw new ConfigurationError(
        'PROCESSOR_MISSING_ID',
        `${owner}: ${at} has no "id" (got ${describe(id)}). Give it a unique non-empty string id, e.g. readonly id = 'my-processor'; ids key its per-request state.`,
        { details: { array, index } },
      );
    }
    const hooks = LANE_HOOKS[array];
    if (!hooks.some((hook) => typeof (processor as Record<string, unknown>)[hook] === 'function')) {
      if (isWorkflowProcessor(processor)) {
        throw new ConfigurationError(
          'PROCESSOR_NO_HOOK',
          `${owner}: ${at} is the workflow "${id}", but none of its steps runs in ${array}: its processors implement none of ${hooks.filter((h) => h !== 'processLLMRequest' && h !== 'processLLMResponse').join(', ')} and it has no plain step. Put it in the other processor array, or add the steps this one needs.`,
          { details: { array, index, processorId: id } },
        );
      }
      const has = ALL_HOOKS.filter(
        (hook) => typeof (processor as Record<string, unknown>)[hook] === 'function',
      );
      const move =
        has.length > 0 ? ` It implements ${has.join(', ')}: ${suggestArray(has)}` : ' Implement one of them.';
      throw new ConfigurationError(
        'PROCESSOR_NO_HOOK',
        `${owner}: ${at} ("${id}") implements none of the hooks ${array} run (${hooks.join(', ')}).${move}`,
        { details: { array, index, processorId: id } },
      );
    }
    const first = seen.get(id);
    if (first !== undefined) {
      throw new ConfigurationError(
        'PROCESSOR_DUPLICATE_ID',
        `${owner}: ${at} repeats the id "${id}" of ${array}[${first}]. Ids key per-processor state, so each processor in one array needs its own id.`,
        { details: { array, index, processorId: id, firstIndex: first } },
      );
    }
    seen.set(id, index);
  });
  return out as Processor[];
}

function suggestArray(hooks: string[]): string {
  const homes = (Object.keys(LANE_HOOKS) as ProcessorArrayName[]).filter((array) =>
    hooks.some((hook) => LANE_HOOKS[array].includes(hook)),
  );
  return `put it in ${homes.join(' or ')} instead.`;
}
