import { randomUUID } from 'node:crypto';
import { describeValue } from '../errors/describe-value.js';
import { isTimerMs, MAX_TIMER_MS } from '../util/timer-ms.js';
import { configError } from './errors.js';
import type {
  BackgroundManagerMode,
  BackgroundTaskManagerOptions,
  BackgroundTaskSubmission,
} from './manager-api.js';
import type { BackgroundTaskInput } from './types.js';

const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_RECOVERY_INTERVAL_MS = 30_000;
const MIN_LEASE_MS = 1000;

/** The numbers a manager runs by, checked once when it is built. */
export interface ManagerLimits {
  concurrency: number;
  perAgent: number;
  leaseMs: number;
  heartbeatMs: number;
  recoveryMs: number;
}

/**
 * Check every option of a manager in `mode` and resolve its limits and timers; throws
 * `BACKGROUND_INVALID_CONFIG` naming the first option out of range.
 */
export function resolveManagerLimits(
  options: BackgroundTaskManagerOptions,
  mode: BackgroundManagerMode,
): ManagerLimits {
  const concurrency = positive(options.concurrency, 'concurrency', 10);
  const perAgent = positive(options.perAgentConcurrency, 'perAgentConcurrency', Number.POSITIVE_INFINITY);
  if (!['full', 'producer', 'worker'].includes(mode)) {
    throw configError(`"mode" must be 'full', 'producer' or 'worker' (got ${describeValue(options.mode)}).`);
  }
  if (mode !== 'full' && !options.queue) {
    throw configError(
      `mode '${mode}' needs a "queue" (a BackgroundTaskQueue such as BullMQBackgroundTaskQueue).`,
    );
  }
  if (mode === 'worker' && !options.tools) {
    throw configError(`mode 'worker' needs "tools": the tools it may run, by name.`);
  }
  for (const key of ['defaultTimeoutMs', 'retryBackoffMs', 'maxRetryBackoffMs'] as const) {
    const value = options[key];
    if (value !== undefined && !isTimerMs(value)) {
      throw configError(
        `"${key}" must be a number of milliseconds from 1 to ${MAX_TIMER_MS} (got ${describeValue(value)}).`,
      );
    }
  }
  for (const key of ['defaultMaxRetries', 'staleAfterMs', 'maxQueued'] as const) {
    const value = options[key];
    if (
      value !== undefined &&
      !(
        typeof value === 'number' &&
        value >= 0 &&
        (Number.isInteger(value) || value === Number.POSITIVE_INFINITY)
      )
    ) {
      throw configError(`"${key}" must be a whole number >= 0 (got ${describeValue(value)}).`);
    }
  }
  if (
    options.recoveryAction !== undefined &&
    options.recoveryAction !== 'fail' &&
    options.recoveryAction !== 'requeue'
  ) {
    throw configError(
      `"recoveryAction" must be 'fail' or 'requeue' (got ${describeValue(options.recoveryAction)}).`,
    );
  }
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  if (!(Number.isInteger(leaseMs) && leaseMs >= MIN_LEASE_MS && isTimerMs(leaseMs))) {
    throw configError(
      `"leaseMs" must be a whole number of milliseconds from ${MIN_LEASE_MS} to ${MAX_TIMER_MS} (got ${describeValue(options.leaseMs)}).`,
    );
  }
  const heartbeatMs = options.heartbeatIntervalMs ?? Math.floor(leaseMs / 3);
  if (!(isTimerMs(heartbeatMs) && heartbeatMs < leaseMs)) {
    throw configError(
      `"heartbeatIntervalMs" must be a number of milliseconds above 0 and below "leaseMs" (${leaseMs}), so the lease is renewed before it passes (got ${describeValue(options.heartbeatIntervalMs)}).`,
    );
  }
  const recoveryMs = options.recoveryIntervalMs ?? DEFAULT_RECOVERY_INTERVAL_MS;
  if (recoveryMs !== 0 && !isTimerMs(recoveryMs)) {
    throw configError(
      `"recoveryIntervalMs" must be 0 (off) or a number of milliseconds from 1 to ${MAX_TIMER_MS} (got ${describeValue(options.recoveryIntervalMs)}).`,
    );
  }
  const backpressure = options.backpressure ?? 'queue';
  if (!['queue', 'reject', 'fallback-sync'].includes(backpressure)) {
    throw configError(
      `"backpressure" must be 'queue', 'reject' or 'fallback-sync' (got ${describeValue(backpressure)}).`,
    );
  }
  return { concurrency, perAgent, leaseMs, heartbeatMs, recoveryMs };
}

function positive(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (
    !(
      typeof value === 'number' &&
      value >= 1 &&
      (Number.isInteger(value) || value === Number.POSITIVE_INFINITY)
    )
  ) {
    throw configError(`"${name}" must be an integer >= 1 (got ${describeValue(value)}).`);
  }
  return value;
}

/** The record a submission creates: its id, and the manager's defaults for what it leaves out. */
export function taskInput(
  submission: BackgroundTaskSubmission,
  options: BackgroundTaskManagerOptions,
): BackgroundTaskInput {
  return {
    id: submission.id ?? randomUUID(),
    toolName: submission.toolName,
    toolCallId: submission.toolCallId,
    args: submission.args,
    disposition: submission.disposition,
    agentId: submission.agentId,
    threadId: submission.threadId,
    resourceId: submission.resourceId,
    runId: submission.runId,
    maxRetries: submission.maxRetries ?? options.defaultMaxRetries ?? 0,
    timeoutMs: submission.timeoutMs ?? options.defaultTimeoutMs ?? 300_000,
  };
}
