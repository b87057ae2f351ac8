/**
 * A tool's `background` option (`createTool({ background })`, or an agent's
 * `backgroundTasks.tools[name]`): its type and its check. Declared with the tool, read by
 * `sluice/background`, which runs eligible calls; tools never import the background runtime.
 */

import type { BackgroundTaskRecord } from '../background/types.js';
import { describeValue } from '../errors/describe-value.js';
import { isWholeTimerMs, MAX_TIMER_MS } from '../util/timer-ms.js';

/** Called with a task's terminal record. A throwing callback is a warning; the record stands. */
export type BackgroundTaskCallback = (task: BackgroundTaskRecord) => void | Promise<void>;

/** Per-tool background settings (`createTool({ background })`, or an agent's `backgroundTasks.tools[name]`). */
export interface ToolBackgroundConfig {
  /** Opt the tool in (`true`) or out (`false`). An agent's `backgroundTasks.tools` entry decides over it. */
  enabled?: boolean;
  /** How a call runs when the model does not say (`_background.disposition`). Default `'deferred'`. */
  defaultDisposition?: 'deferred' | 'foreground';
  /** Per-attempt timeout of the background task, in milliseconds. Default: the manager's. */
  timeoutMs?: number;
  /** Retries after a failed or timed-out attempt. Default: the manager's (0). */
  maxRetries?: number;
  /** How long an `awaited` call holds the step before it becomes deferred. Default 30 000. */
  waitTimeoutMs?: number;
  /** The task completed. */
  onComplete?: BackgroundTaskCallback;
  /** The task ended `failed`, `timed_out` or `cancelled`. */
  onFailed?: BackgroundTaskCallback;
}

/**
 * Problems with a tool's `background` option or an agent's per-name entry, as one message, or
 * `undefined`.
 */
export function toolBackgroundConfigProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return `must be an object such as { enabled: true, defaultDisposition: 'deferred' }`;
  }
  const c = value as Record<string, unknown>;
  const known = [
    'enabled',
    'defaultDisposition',
    'timeoutMs',
    'maxRetries',
    'waitTimeoutMs',
    'onComplete',
    'onFailed',
  ];
  for (const key of Object.keys(c)) {
    if (!known.includes(key)) return `has an unknown field "${key}"; known fields: ${known.join(', ')}`;
  }
  if (c.enabled !== undefined && typeof c.enabled !== 'boolean') return '"enabled" must be true or false';
  if (
    c.defaultDisposition !== undefined &&
    c.defaultDisposition !== 'deferred' &&
    c.defaultDisposition !== 'foreground'
  ) {
    return `"defaultDisposition" must be 'deferred' or 'foreground' (got ${describeValue(c.defaultDisposition)})`;
  }
  for (const key of ['timeoutMs', 'waitTimeoutMs'] as const) {
    if (c[key] !== undefined && !isWholeTimerMs(c[key])) {
      return `"${key}" must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS}`;
    }
  }
  if (
    c.maxRetries !== undefined &&
    !(typeof c.maxRetries === 'number' && Number.isInteger(c.maxRetries) && c.maxRetries >= 0)
  ) {
    return '"maxRetries" must be a whole number >= 0';
  }
  for (const key of ['onComplete', 'onFailed'] as const) {
    if (c[key] !== undefined && typeof c[key] !== 'function') return `"${key}" must be a function`;
  }
  return undefined;
}
