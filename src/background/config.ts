/**
 * Background eligibility and disposition: the tool's `background` option, the agent's
 * `backgroundTasks` option, the model's `_background` argument, and the one pure function that
 * resolves them for a call ({@link resolveBackgroundPlan}).
 */
import { describeValue } from '../errors/describe-value.js';
import {
  type BackgroundTaskCallback,
  type ToolBackgroundConfig,
  toolBackgroundConfigProblem,
} from '../tools/background-option.js';
import type { ResolvedTool } from '../tools/types.js';
import { isWholeTimerMs, MAX_TIMER_MS } from '../util/timer-ms.js';
import type { BackgroundTaskManager } from './manager.js';
import type { BackgroundDisposition } from './types.js';

export type { BackgroundTaskCallback, ToolBackgroundConfig };

/** The agent's `backgroundTasks` option. */
export interface AgentBackgroundTasksConfig {
  /**
   * Which tools may run in the background: `'all'` (every tool not opted out with
   * `background: { enabled: false }`), or per name a config (opts the tool in, its fields
   * override the tool's) or `false` (never in the background). Tools not named follow their own
   * `background` option.
   */
  tools?: 'all' | Record<string, ToolBackgroundConfig | false>;
  /** `true` turns background execution off for this agent: every call runs in the foreground. */
  disabled?: boolean;
  /** Default `waitTimeoutMs` of awaited calls (below the tool's and the per-name entry's). */
  waitTimeoutMs?: number;
  /** Any of the agent's tasks completed. */
  onTaskComplete?: BackgroundTaskCallback;
  /** Any of the agent's tasks ended `failed`, `timed_out` or `cancelled`. */
  onTaskFailed?: BackgroundTaskCallback;
  /** The manager that runs the tasks. Default: one in-process manager per agent (in-memory records). */
  manager?: BackgroundTaskManager;
}

/** The model's `_background` argument of an eligible call. */
export interface BackgroundOverride {
  disposition?: BackgroundDisposition;
  timeoutMs?: number;
  maxRetries?: number;
}

/** What a call resolves to. */
export type BackgroundPlan =
  | { eligible: false; disposition: 'foreground' }
  | {
      eligible: true;
      disposition: BackgroundDisposition;
      timeoutMs: number;
      maxRetries: number;
      waitTimeoutMs: number;
      onComplete?: BackgroundTaskCallback;
      onFailed?: BackgroundTaskCallback;
    };

/** The manager's defaults, the last layer. */
export interface BackgroundDefaults {
  timeoutMs: number;
  maxRetries: number;
  waitTimeoutMs: number;
}

/** Defaults when the manager sets none. */
const BACKGROUND_DEFAULTS: BackgroundDefaults = {
  timeoutMs: 300_000,
  maxRetries: 0,
  waitTimeoutMs: 30_000,
};

/** The argument name the model uses for the override. */
export const BACKGROUND_ARG = '_background';

const DISPOSITIONS: readonly string[] = ['foreground', 'deferred', 'awaited'];

const FOREGROUND: BackgroundPlan = Object.freeze({
  eligible: false,
  disposition: 'foreground',
}) as BackgroundPlan;

/**
 * Resolve one call. Order:
 * 1. Eligibility — the agent layer, then the tool layer: `backgroundTasks.disabled` → never;
 *    `backgroundTasks.tools[name] === false` → never; a config object there → eligible (even
 *    over the tool's `enabled: false`); otherwise the tool's `background.enabled`, and under
 *    `tools: 'all'` every tool whose `enabled` is not `false`.
 * 2. For an eligible call each field comes from the first layer that sets it: the model's
 *    `_background`, the agent's per-name entry, the tool's `background`, the agent's
 *    `waitTimeoutMs` (that field only), the manager's defaults. Disposition: the model's, else
 *    `defaultDisposition`, else `'deferred'`.
 * 3. An ineligible call is foreground whatever the model asked.
 *
 * `override` must already be checked ({@link checkBackgroundOverride}).
 */
export function resolveBackgroundPlan(input: {
  toolName: string;
  tool: ToolBackgroundConfig | undefined;
  agent: AgentBackgroundTasksConfig | undefined;
  override: BackgroundOverride | undefined;
  defaults?: Partial<BackgroundDefaults>;
}): BackgroundPlan {
  const { toolName, tool, agent, override } = input;
  if (agent?.disabled === true) return FOREGROUND;
  const named = agent?.tools === 'all' || agent?.tools === undefined ? undefined : agent.tools[toolName];
  if (named === false) return FOREGROUND;
  const eligible =
    named !== undefined
      ? named.enabled !== false
      : tool?.enabled === true || (agent?.tools === 'all' && tool?.enabled !== false);
  if (!eligible) return FOREGROUND;
  const defaults = { ...BACKGROUND_DEFAULTS, ...input.defaults };
  const disposition =
    override?.disposition ?? named?.defaultDisposition ?? tool?.defaultDisposition ?? 'deferred';
  const plan: BackgroundPlan = {
    eligible: true,
    disposition,
    timeoutMs: override?.timeoutMs ?? named?.timeoutMs ?? tool?.timeoutMs ?? defaults.timeoutMs,
    maxRetries: override?.maxRetries ?? named?.maxRetries ?? tool?.maxRetries ?? defaults.maxRetries,
    waitTimeoutMs:
      named?.waitTimeoutMs ?? tool?.waitTimeoutMs ?? agent?.waitTimeoutMs ?? defaults.waitTimeoutMs,
  };
  const onComplete = named?.onComplete ?? tool?.onComplete;
  const onFailed = named?.onFailed ?? tool?.onFailed;
  if (onComplete) plan.onComplete = onComplete;
  if (onFailed) plan.onFailed = onFailed;
  return plan;
}

/**
 * Check the model's `_background` value: `undefined` when absent, the override when valid, or a
 * problem (for the model to read) naming the field.
 */
export function checkBackgroundOverride(
  value: unknown,
): { ok: true; override: BackgroundOverride | undefined } | { ok: false; problem: string } {
  if (value === undefined || value === null) return { ok: true, override: undefined };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return {
      ok: false,
      problem: `"${BACKGROUND_ARG}" must be an object such as { "disposition": "deferred" }.`,
    };
  }
  const v = value as Record<string, unknown>;
  for (const key of Object.keys(v)) {
    if (key !== 'disposition' && key !== 'timeoutMs' && key !== 'maxRetries') {
      return {
        ok: false,
        problem: `"${BACKGROUND_ARG}.${key}" is not a known field; use disposition, timeoutMs or maxRetries.`,
      };
    }
  }
  const override: BackgroundOverride = {};
  if (v.disposition !== undefined) {
    if (typeof v.disposition !== 'string' || !DISPOSITIONS.includes(v.disposition)) {
      return {
        ok: false,
        problem: `"${BACKGROUND_ARG}.disposition" must be "foreground", "deferred" or "awaited" (got ${describeValue(v.disposition)}).`,
      };
    }
    override.disposition = v.disposition as BackgroundDisposition;
  }
  if (v.timeoutMs !== undefined) {
    if (!isWholeTimerMs(v.timeoutMs)) {
      return {
        ok: false,
        problem: `"${BACKGROUND_ARG}.timeoutMs" must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}.`,
      };
    }
    override.timeoutMs = v.timeoutMs;
  }
  if (v.maxRetries !== undefined) {
    if (typeof v.maxRetries !== 'number' || !Number.isInteger(v.maxRetries) || v.maxRetries < 0) {
      return { ok: false, problem: `"${BACKGROUND_ARG}.maxRetries" must be a whole number >= 0.` };
    }
    override.maxRetries = v.maxRetries;
  }
  return { ok: true, override };
}

/** Problems with an agent's `backgroundTasks` option, or `undefined`. */
export function agentBackgroundConfigProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return "must be an object such as { tools: 'all' } or { tools: { search: { defaultDisposition: 'deferred' } } }";
  }
  const c = value as Record<string, unknown>;
  const known = ['tools', 'disabled', 'waitTimeoutMs', 'onTaskComplete', 'onTaskFailed', 'manager'];
  for (const key of Object.keys(c)) {
    if (!known.includes(key)) return `has an unknown field "${key}"; known fields: ${known.join(', ')}`;
  }
  if (c.tools !== undefined && c.tools !== 'all') {
    if (typeof c.tools !== 'object' || c.tools === null || Array.isArray(c.tools)) {
      return `"tools" must be 'all' or an object of tool name → config | false`;
    }
    for (const [name, entry] of Object.entries(c.tools)) {
      if (entry === false) continue;
      const problem = toolBackgroundConfigProblem(entry);
      if (problem) return `"tools.${name}" ${problem}`;
    }
  }
  if (c.disabled !== undefined && typeof c.disabled !== 'boolean') return '"disabled" must be true or false';
  if (c.waitTimeoutMs !== undefined && !isWholeTimerMs(c.waitTimeoutMs)) {
    return `"waitTimeoutMs" must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}`;
  }
  for (const key of ['onTaskComplete', 'onTaskFailed'] as const) {
    if (c[key] !== undefined && typeof c[key] !== 'function') return `"${key}" must be a function`;
  }
  if (c.manager !== undefined && typeof (c.manager as { submit?: unknown } | null)?.submit !== 'function') {
    return '"manager" must be a BackgroundTaskManager from sluice/background';
  }
  return undefined;
}

/** The JSON Schema of `_background` added to an eligible tool's input schema. */
const BACKGROUND_ARG_SCHEMA = Object.freeze({
  type: 'object',
  description:
    'Optional. How to run this call: "foreground" (wait for the result now), "deferred" (start it in the background; you get { taskId, status } now and the result later), or "awaited" (run in the background but wait for the result). Leave out to use the default.',
  properties: {
    disposition: { type: 'string', enum: ['foreground', 'deferred', 'awaited'] },
    timeoutMs: { type: 'integer', minimum: 1, description: 'Longest one attempt may run, in milliseconds.' },
    maxRetries: { type: 'integer', minimum: 0, description: 'Retries after a failed attempt.' },
  },
  additionalProperties: false,
});

/** A tool's own `background` option (on `createTool` tools and AI SDK tool objects). */
export function toolBackground(tool: ResolvedTool): ToolBackgroundConfig | undefined {
  const original = tool.original as { background?: ToolBackgroundConfig } | null;
  return typeof original === 'object' && original !== null ? original.background : undefined;
}

/** `schema` with the optional `_background` property, or `undefined` when it is not an object schema. */
export function withBackgroundArg(
  schema: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!schema || (schema.type !== undefined && schema.type !== 'object')) return undefined;
  const properties = (schema.properties as Record<string, unknown> | undefined) ?? {};
  if (BACKGROUND_ARG in properties) return undefined;
  return {
    ...schema,
    type: 'object',
    properties: { ...properties, [BACKGROUND_ARG]: BACKGROUND_ARG_SCHEMA },
  };
}
