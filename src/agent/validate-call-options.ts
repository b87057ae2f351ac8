import { ConfigurationError } from '../errors/configuration-error.js';
import { activeToolsProblem, describe, toolChoiceProblem } from '../pipeline/hook-results.js';
import type { AgentExecutionOptions } from './types.js';

/**
 * Check the options of one `generate()`/`stream()` call (the agent's `defaultOptions` merged
 * with the call's own) before anything starts. A wrong value found later fails deep inside the
 * run, after the caller has a handle on it: a non-`AbortSignal` `abortSignal` made
 * `AbortSignal.any` throw in the run's background work, an unhandled rejection that ends the
 * process although the caller caught the first error.
 *
 * @throws ConfigurationError `AGENT_INVALID_OPTIONS` naming the agent, the option, where it
 *   came from (the call or `defaultOptions`) and the fix.
 */
export function validateCallOptions(
  agentId: string,
  merged: AgentExecutionOptions<unknown>,
  own: AgentExecutionOptions<unknown>,
): void {
  const fail = (option: keyof AgentExecutionOptions, problem: string): never => {
    const from = own[option] !== undefined ? "the call's" : "defaultOptions'";
    throw new ConfigurationError(
      'AGENT_INVALID_OPTIONS',
      `Agent "${agentId}": ${from} "${option}" ${problem}`,
      { details: { option } },
    );
  };
  const signal: unknown = merged.abortSignal;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    fail(
      'abortSignal',
      `is ${describe(signal)}, not an AbortSignal; pass controller.signal from an AbortController (or AbortSignal.timeout(ms)).`,
    );
  }
  const toolChoice = toolChoiceProblem(merged.toolChoice);
  if (toolChoice) fail('toolChoice', toolChoice);
  const activeTools = activeToolsProblem(merged.activeTools);
  if (activeTools) fail('activeTools', activeTools);
  // A truthy string ("false") would otherwise turn recording on, and a non-function callback
  // would fail only as the run ends.
  for (const option of ['record', 'recordSensitive', 'recordInputs', 'recordOutputs'] as const) {
    const value: unknown = merged[option];
    if (value !== undefined && typeof value !== 'boolean')
      fail(option, `is ${describe(value)}; pass true or false.`);
  }
  const onRunRecord: unknown = merged.onRunRecord;
  if (onRunRecord !== undefined && typeof onRunRecord !== 'function') {
    fail(
      'onRunRecord',
      `is ${describe(onRunRecord)}; pass a function (record) => void, and set record: true.`,
    );
  }
  const recordTo: unknown = merged.recordTo;
  if (recordTo !== undefined && (typeof recordTo !== 'string' || recordTo.trim() === '')) {
    fail('recordTo', `is ${describe(recordTo)}; pass the path of a folder to write recordings to.`);
  }
  const untilIdle: unknown = merged.untilIdle;
  if (untilIdle !== undefined && typeof untilIdle !== 'boolean') {
    const maxIdleMs = (untilIdle as { maxIdleMs?: unknown } | null)?.maxIdleMs;
    const valid =
      typeof untilIdle === 'object' &&
      untilIdle !== null &&
      Object.keys(untilIdle).every((key) => key === 'maxIdleMs') &&
      (maxIdleMs === undefined ||
        (typeof maxIdleMs === 'number' && Number.isInteger(maxIdleMs) && maxIdleMs >= 1));
    if (!valid) {
      fail(
        'untilIdle',
        `is ${describe(untilIdle)}; pass true, false or { maxIdleMs: <whole milliseconds >= 1> }.`,
      );
    }
  }
}
