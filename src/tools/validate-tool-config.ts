import { describeValue } from '../errors/describe-value.js';
import { describeError } from '../errors/error-chain.js';
import { ConfigurationError } from '../errors/index.js';
import { isSchemaInput } from '../schema/index.js';
import { isTimerMs, MAX_TIMER_MS } from '../util/timer-ms.js';
import { toolBackgroundConfigProblem } from './background-option.js';

/** Error code for a tool that is set up wrongly. */
export const TOOL_INVALID_CONFIG = 'TOOL_INVALID_CONFIG';

/**
 * Check `createTool()` options eagerly, so a broken tool fails where it is defined rather than
 * mid-run. Throws `ConfigurationError` (`TOOL_INVALID_CONFIG`) naming the tool and the fix.
 */
export function validateToolConfig(config: unknown): void {
  if (typeof config !== 'object' || config === null) {
    throw invalid(
      'createTool()',
      `expects an options object, got ${describeValue(config)}`,
      "createTool({ id: 'my-tool', description: '…', execute })",
    );
  }
  const c = config as Record<string, unknown>;
  if (typeof c.id !== 'string' || c.id.trim() === '') {
    const got = c.id === undefined ? 'nothing' : describeValue(c.id);
    const hint =
      typeof c.description === 'string' ? ` (the tool described as ${describeValue(c.description)})` : '';
    throw invalid(
      `createTool()${hint}`,
      `needs a non-empty string \`id\`, got ${got}`,
      "pass id: 'get-weather'",
    );
  }
  const label = `Tool "${c.id}"`;
  if (typeof c.description !== 'string') {
    throw invalid(
      label,
      `needs a string \`description\`, got ${c.description === undefined ? 'nothing' : describeValue(c.description)}`,
      'describe what the tool does, e.g. description: "Get the weather for a city"',
    );
  }
  for (const field of ['inputSchema', 'outputSchema'] as const) {
    if (c[field] !== undefined && !isSchemaInput(c[field])) {
      throw invalid(
        label,
        `has an \`${field}\` that is not a schema`,
        'use a zod/valibot/arktype schema, a JSON Schema object, or jsonSchema() from @ai-sdk/provider-utils',
      );
    }
  }
  for (const field of ['execute', 'toModelOutput'] as const) {
    if (c[field] !== undefined && typeof c[field] !== 'function') {
      throw invalid(
        label,
        `has a \`${field}\` that is not a function (${typeof c[field]})`,
        `make ${field} a function or leave it out`,
      );
    }
  }
  if (
    c.requireApproval !== undefined &&
    typeof c.requireApproval !== 'boolean' &&
    typeof c.requireApproval !== 'function'
  ) {
    throw invalid(
      label,
      '`requireApproval` must be a boolean or a function',
      'pass true/false or (input) => boolean',
    );
  }
  if (c.strict !== undefined && typeof c.strict !== 'boolean') {
    throw invalid(label, '`strict` must be a boolean', 'pass strict: true or leave it out');
  }
  const timeout = timeoutProblem(c.timeoutMs);
  if (timeout)
    throw invalid(label, timeout, 'pass a number of milliseconds > 0, or leave timeoutMs out for no limit');
  if (c.background !== undefined) {
    const problem = toolBackgroundConfigProblem(c.background);
    if (problem) {
      throw invalid(
        label,
        `has a \`background\` option that ${problem}`,
        "pass e.g. background: { enabled: true, defaultDisposition: 'deferred' } or leave it out",
      );
    }
  }
  if (c.title !== undefined && typeof c.title !== 'string') {
    throw invalid(label, '`title` must be a string', 'pass a string title or leave it out');
  }
  if (
    c.providerOptions !== undefined &&
    (typeof c.providerOptions !== 'object' || c.providerOptions === null)
  ) {
    throw invalid(
      label,
      '`providerOptions` must be an object keyed by provider name',
      "pass e.g. { anthropic: { cacheControl: { type: 'ephemeral' } } }",
    );
  }
}

/** What is wrong with a tool's `timeoutMs`, if anything (shared with AI SDK tools). */
export function timeoutProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return isTimerMs(value)
    ? undefined
    : `has a \`timeoutMs\` that is not a positive number of milliseconds up to ${MAX_TIMER_MS} (${describeError(value)})`;
}

function invalid(subject: string, problem: string, fix: string): ConfigurationError {
  return new ConfigurationError(TOOL_INVALID_CONFIG, `${subject} ${problem}. Fix: ${fix}.`, {
    details: { subject },
  });
}
