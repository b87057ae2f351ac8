import {
  type BackgroundWorkDisposition,
  type BackgroundWorkEvent,
  type BackgroundWorkInvocationKind,
  type BackgroundWorkLifecyclePayload,
  type BackgroundWorkTerminalStatus,
  clearWorkNotifier,
  registerWorkNotifier,
} from '../../background/work-signals.js';
import type { InputProcessor, ProcessInputStepArgs } from '../../pipeline/types.js';

export type {
  BackgroundWorkDisposition,
  BackgroundWorkInvocationKind,
  BackgroundWorkLifecyclePayload,
  BackgroundWorkTerminalStatus,
};

/** The id of the processor {@link createBackgroundWorkSignalProcessor} returns. */
export const BACKGROUND_WORK_SIGNALS_ID = 'background-work-signals';

/** Run signals that already carry this processor's end-of-run listener (one per run, not per step). */
const wired = new WeakSet<AbortSignal>();

/**
 * An input processor that keeps the active run able to hear about its background tool calls
 * (api-reference 6.19). When an eligible call starts in the background it sends `work-deferred`
 * or `work-awaited` (`status: 'running'`); once the task's result is reconciled into the
 * conversation it sends `work-completed`, or `work-failed` for every other terminal status.
 * Each is `sendSignal({ type: 'notification', tagName: <event>, contents: '<event>: <toolCallId>',
 * metadata: { originRunId, originToolCallId, executorRunId?, taskId, invocationKind, disposition,
 * status } })`, so the signal joins the conversation and clients see a `data-signal` chunk.
 *
 * Process-local and best effort: the background runtime still owns execution, storage, retries
 * and reconciliation. If the run has ended, or the task settled in another process, nothing is
 * sent, rebuilt or retried; the stored result stands. Foreground calls never send these.
 */
export function createBackgroundWorkSignalProcessor(): InputProcessor<typeof BACKGROUND_WORK_SIGNALS_ID> {
  return {
    id: BACKGROUND_WORK_SIGNALS_ID,
    name: 'Background work signals',
    processInputStep(args: ProcessInputStepArgs) {
      const { runId, sendSignal } = args;
      if (!runId || !sendSignal) return undefined;
      const unregister = registerWorkNotifier(runId, async (event: BackgroundWorkEvent, payload) => {
        const metadata: Record<string, unknown> = { ...payload };
        await sendSignal({
          type: 'notification',
          tagName: event,
          contents: `${event}: ${payload.originToolCallId}`,
          metadata,
        });
      });
      // The run's end (this hook's signal fires when the run settles) drops the notifier. Each
      // step registers again (with its own sendSignal), so the listener goes on the run's signal
      // once and drops whichever notifier is current then.
      const signal = args.abortSignal;
      if (signal) {
        if (signal.aborted) unregister();
        else if (!wired.has(signal)) {
          wired.add(signal);
          signal.addEventListener('abort', () => clearWorkNotifier(runId), { once: true });
        }
      }
      return undefined;
    },
  };
}
