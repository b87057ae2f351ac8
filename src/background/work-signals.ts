/**
 * The process-local link between the background runtime and `createBackgroundWorkSignalProcessor()`:
 * the processor registers a notifier for the run it serves, the runtime calls it when that run's
 * background work starts and when its result is reconciled. Nothing is stored: a run that
 * ended (or a task that settled in another process) simply has no notifier.
 */

/** How background work was started: `deferred` (acknowledged at once) or `awaited` (the step waits). */
export type BackgroundWorkDisposition = 'deferred' | 'awaited';

/** What ran in the background: a tool call (`tool`) or a sub-agent (`agent`; not produced by Sluice yet). */
export type BackgroundWorkInvocationKind = 'tool' | 'agent';

/** Terminal statuses of background work; every one but `completed` is reported as `work-failed`. */
export type BackgroundWorkTerminalStatus = 'completed' | 'failed' | 'timed_out' | 'cancelled';

/** The `metadata` of a background-work signal (api-reference 6.19). */
export interface BackgroundWorkLifecyclePayload {
  /** The run whose tool call started the work. */
  originRunId: string;
  /** The tool call that started the work. */
  originToolCallId: string;
  /** The run executing the work, when it is a run of its own (sub-agents). */
  executorRunId?: string;
  taskId: string;
  invocationKind: BackgroundWorkInvocationKind;
  disposition: BackgroundWorkDisposition;
  /** `running` at start, the terminal status after reconciliation. */
  status: 'running' | BackgroundWorkTerminalStatus;
}

/** The four signal events. */
export type BackgroundWorkEvent = 'work-deferred' | 'work-awaited' | 'work-completed' | 'work-failed';

/** Delivers one event to a run; may reject (the caller treats delivery as best effort). */
export type BackgroundWorkNotifier = (
  event: BackgroundWorkEvent,
  payload: BackgroundWorkLifecyclePayload,
) => Promise<void>;

const notifiers = new Map<string, BackgroundWorkNotifier>();

/** Register the notifier of a run (replacing an earlier one); returns the unregister function. */
export function registerWorkNotifier(runId: string, notifier: BackgroundWorkNotifier): () => void {
  notifiers.set(runId, notifier);
  return () => {
    if (notifiers.get(runId) === notifier) notifiers.delete(runId);
  };
}

/** Forget a run's notifier (the run ended). */
export function clearWorkNotifier(runId: string): void {
  notifiers.delete(runId);
}

/**
 * Deliver an event to the origin run's notifier. Resolves `true` when a notifier took it,
 * `false` when the run has none (ended, other process) or delivery failed. Never rejects.
 */
export async function notifyWork(
  event: BackgroundWorkEvent,
  payload: BackgroundWorkLifecyclePayload,
): Promise<boolean> {
  const notifier = notifiers.get(payload.originRunId);
  if (!notifier) return false;
  try {
    await notifier(event, payload);
    return true;
  } catch {
    return false;
  }
}

/** The event for a terminal status: `work-completed` for `completed`, `work-failed` for the rest. */
export function terminalWorkEvent(status: BackgroundWorkTerminalStatus): BackgroundWorkEvent {
  return status === 'completed' ? 'work-completed' : 'work-failed';
}
