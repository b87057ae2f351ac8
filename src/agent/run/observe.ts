/**
 * The run's seam to observation: the `invoke_agent` span, step spans and the run record
 * (`src/tracing/run-observer.ts`). Each function is one call from the run's modules, and does
 * nothing when the run has no observer (no SDK registered, no record asked for).
 */
import { activeTracer } from '../../pipeline/tracing.js';
import type { FullOutput, RunSettlement } from '../../stream/model-output.js';
import { replaySourceOf } from '../../tracing/replay-source.js';
import { createRunObserver, type RunObserver } from '../../tracing/run-observer.js';
import { runCallback } from './callbacks.js';
import type { RunContext, RunPlan } from './context.js';

/** The run's observer, handed to its runner; `undefined` when nothing observes the run. */
export function observeRun(plan: RunPlan<unknown>, runId: string): RunObserver | undefined {
  const { options } = plan;
  return createRunObserver({
    tracer: activeTracer(),
    agentId: plan.agentId,
    runId,
    ...(plan.memory !== undefined
      ? { threadId: plan.memory.threadId, resourceId: plan.memory.resourceId }
      : {}),
    // A replayed run keeps the hook record too: a mismatch is traced to the processor behind it.
    record: options.record === true || replaySourceOf(plan.model) !== undefined,
    recordSensitive: options.recordSensitive === true,
    recordInputs: options.recordInputs === true,
    recordOutputs: options.recordOutputs === true,
  });
}

/** Run one step attempt inside its `step <n>` span. */
export async function observeStep<T>(
  run: Pick<RunContext, 'observer'>,
  stepNumber: number,
  attempt: () => Promise<T>,
): Promise<T> {
  const observer = run.observer;
  if (observer === undefined) return attempt();
  observer.startStep(stepNumber);
  try {
    const result = await attempt();
    observer.endStep(stepNumber);
    return result;
  } catch (error) {
    observer.endStep(stepNumber, error);
    throw error;
  }
}

/**
 * The run ended: the memory it used is noted, spans end, and the record (when kept) goes on the
 * output and to `onRunRecord` before the caller hears the run ended.
 */
export async function finishObserving<OUTPUT>(
  run: RunContext<OUTPUT>,
  output: FullOutput<OUTPUT>,
  status: RunSettlement<OUTPUT>['status'],
  error: unknown,
  saveError: Error | undefined,
): Promise<void> {
  const observer = run.observer;
  if (observer === undefined) return;
  const turn = run.plan.memory;
  if (turn !== undefined && observer.recording) {
    const saved = !turn.savesNothing && status !== 'tripwire' && saveError === undefined;
    observer.memory({
      threadId: turn.threadId,
      resourceId: turn.resourceId,
      loaded: run.list.get.remembered.db().map((m) => m.id),
      ...(saved
        ? { saved: [...run.list.get.input.db(), ...run.list.get.response.db()].map((m) => m.id) }
        : {}),
      ...(saveError !== undefined ? { saveError: saveError.message } : {}),
    });
  }
  const record = observer.end(status, error);
  // Kept for a replay's sake only: the caller did not ask for it.
  if (record === undefined || run.options.record !== true) return;
  output.record = record;
  const onRunRecord = run.options.onRunRecord;
  if (onRunRecord !== undefined) {
    // A failing callback is reported like onFinish's; the run's outcome stands.
    await runCallback('onRunRecord', () => onRunRecord(record)).catch((callbackError: unknown) => {
      console.warn(`Agent "${run.plan.agentId}": onRunRecord failed: ${String(callbackError)}`);
    });
  }
}
