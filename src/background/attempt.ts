import { untilAborted } from '../util/until-aborted.js';
import { BackgroundTaskError } from './errors.js';
import type { BackgroundTaskExecutor } from './manager-api.js';
import type { TaskEvents } from './task-events.js';
import type { BackgroundTaskRecord } from './types.js';

/** How one attempt ended: its value, or its error and whether the attempt's timeout caused it. */
export type AttemptOutcome = { ok: true; value: unknown } | { ok: false; error: unknown; timedOut: boolean };

/**
 * Run one attempt of `task` under its `timeoutMs` and `cancelSignal`; never throws. An executor
 * that ignores the signal is abandoned when it fires; its progress goes to `events`.
 */
export async function runAttempt(
  task: BackgroundTaskRecord,
  executor: BackgroundTaskExecutor,
  cancelSignal: AbortSignal,
  events: TaskEvents,
): Promise<AttemptOutcome> {
  const timeout = new AbortController();
  const timer = setTimeout(
    () =>
      timeout.abort(
        new BackgroundTaskError(
          'BACKGROUND_TASK_TIMEOUT',
          `Background task ${task.id} (tool "${task.toolName}") did not finish within ${task.timeoutMs} ms (attempt ${task.retryCount + 1}).`,
          { details: { taskId: task.id, toolName: task.toolName, timeoutMs: task.timeoutMs } },
        ),
      ),
    task.timeoutMs,
  );
  const signal = AbortSignal.any([cancelSignal, timeout.signal]);
  try {
    const running = Promise.resolve().then(() => {
      // Cancelled (or the manager closed) before the first line of the tool: never call it.
      if (cancelSignal.aborted) throw cancelSignal.reason;
      return executor({
        task,
        abortSignal: signal,
        attempt: task.retryCount,
        progress: (data) => events.emit({ type: 'progress', task, data }),
      });
    });
    return { ok: true, value: await untilAborted(running, signal) };
  } catch (error) {
    const timedOut = timeout.signal.aborted && !cancelSignal.aborted;
    return { ok: false, error: timedOut ? timeout.signal.reason : error, timedOut };
  } finally {
    clearTimeout(timer);
  }
}

/** Wait `ms`; resolves `false` at once when `signal` aborts first (the retry is off). */
export function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
