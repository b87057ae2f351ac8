/**
 * One step, attempted again in two cases, each with its own lane of the runner's retry budget:
 *
 * - A processor rejects it with `abort(reason, { retry: true })` and `maxProcessorRetries`
 *   allows: the replay sends the earlier request unchanged, then the rejected answer, then the
 *   reason as `<system-reminder reason="processor-retry" processor="<id>">`. None of that
 *   feedback is stored.
 * - The model call fails (HTTP error, reset, broken stream, attachment download) and an error
 *   processor returns `{ retry: true }` within the error budget: the call is made again from the
 *   conversation as the error processors left it. An attachment no processor recovers is
 *   replaced by `[Attachment unavailable: <name>]` and the call made once more (outside the budget).
 *
 * Either way the failed attempt is rolled back first (its messages, response parts and totals),
 * so the result and the conversation hold only the accepted attempt's output; clients that saw
 * the attempt's chunks get a `step-finish` with reason `'retry'` before the replacement.
 */
import { DownloadAssetsError } from '../../errors/download-assets-error.js';
import { TripWire } from '../../errors/tripwire.js';
import type { SystemMessagesSnapshot } from '../../messages/system-message-store.js';
import { emptyUsage } from '../../models/add-usage.js';
import { ChunkFrom, type StepApiErrorRetryData, type StepTripwireData } from '../../stream/chunk-types.js';
import type { RunContext } from './context.js';
import { observeStep } from './observe.js';
import { rejectedResponse, retryReminder, tripwireData } from './retry-feedback.js';
import { runStep, type StepAttempt, type StepExtras } from './step.js';

/** What one step has already spent on recovering from provider errors. */
interface StepRecovery {
  /** Undeliverable attachments were swapped for placeholders (done at most once per step). */
  placeholders: boolean;
}

/** Runs step `stepNumber` until an attempt is accepted; true when another step follows. */
export async function runStepWithRetries<OUTPUT>(
  run: RunContext<OUTPUT>,
  stepNumber: number,
  baseSystem: SystemMessagesSnapshot,
): Promise<boolean> {
  const { runner, state, list, path } = run;
  // Transient signals queued before the step (processInput, the previous step's output hooks)
  // belong to every attempt of it, so a replay's prompt still starts with the first one's.
  const extras: StepExtras = { carried: runner.takeTransientSignals(), feedback: [] };
  const recovery: StepRecovery = { placeholders: false };
  for (;;) {
    const checkpoint = state.takeCheckpoint(list);
    const attempt: StepAttempt = { recorder: undefined, started: false };
    try {
      return await observeStep(run, stepNumber, () => runStep(run, stepNumber, baseSystem, extras, attempt));
    } catch (error) {
      attempt.settlement?.reject(error);
      if (run.abortSignal?.aborted) throw error;
      const apiError = run.failures.providerErrorOf(error);
      if (apiError !== undefined) {
        state.restoreCheckpoint(list, checkpoint, attempt.recorder?.usage);
        path.dropRecorder();
        // Signals the failed attempt's output hooks queued speak of output the model never sees.
        runner.takeTransientSignals();
        if (!(await recoverFromApiError(run, error as Error, apiError, stepNumber, attempt, recovery)))
          throw error;
        // Transient signals an error processor sent (e.g. "continue" after a prefill rejection)
        // hold for every later attempt of this step.
        extras.carried.push(...runner.takeTransientSignals());
        continue;
      }
      if (!TripWire.isInstance(error) || !runner.retries.takeStepRetry(error)) throw error;
      await runner.reportViolation(error);
      state.restoreCheckpoint(list, checkpoint, attempt.recorder?.usage);
      path.dropRecorder();
      extras.feedback.push(...rejectedResponse(attempt.recorder, error), retryReminder(error));
      // Signals sent during the rejected attempt's output hooks are the newest: they go last.
      extras.feedback.push(...runner.takeTransientSignals());
      if (attempt.started) await announceRetry(run, { tripwire: tripwireData(error) }, attempt);
    }
  }
}

/**
 * After a failed model call (attempt already rolled back): true when the step should be tried
 * again — an error processor asked for it, or an undeliverable attachment was swapped for its
 * placeholder. The error processors decide first, before anything reaches the client.
 */
async function recoverFromApiError<OUTPUT>(
  run: RunContext<OUTPUT>,
  failure: Error,
  apiError: unknown,
  stepNumber: number,
  attempt: StepAttempt,
  recovery: StepRecovery,
): Promise<boolean> {
  const { runner } = run;
  // The runner spends the error-lane budget when a processor asks for the retry.
  const processorId = await runner.processAPIError({
    error: apiError,
    model: attempt.model ?? run.plan.model,
    stepNumber,
    steps: run.state.totals.steps,
    messageId: run.state.responseId,
  });
  if (processorId !== undefined) {
    if (attempt.started) {
      await announceRetry(
        run,
        {
          apiError: {
            processorId,
            message: apiError instanceof Error ? apiError.message : failure.message,
            retryCount: runner.retries.apiErrorRetries,
          },
        },
        attempt,
      );
    }
    return true;
  }
  // Undeliverable attachments: once per step, every URL that failed in the round gets its
  // placeholder and the call is made again (outside the error budget).
  if (apiError instanceof DownloadAssetsError && !recovery.placeholders) {
    recovery.placeholders = true;
    run.attachments.giveUp(apiError, run.list);
    return true;
  }
  return false;
}

/** Tell stream clients the step they just saw was rejected (or failed) and will be attempted again. */
async function announceRetry<OUTPUT>(
  run: RunContext<OUTPUT>,
  why: { tripwire: StepTripwireData } | { apiError: StepApiErrorRetryData },
  attempt: StepAttempt,
): Promise<void> {
  const recorder = attempt.recorder;
  await run.path.emit({
    type: 'step-finish',
    runId: run.runId,
    from: ChunkFrom.AGENT,
    payload: {
      messageId: run.messageId,
      stepResult: { reason: 'retry', isContinued: true },
      output: {
        text: recorder?.text ?? '',
        toolCalls: recorder?.toolCalls ?? [],
        usage: recorder?.usage ?? emptyUsage(),
      },
      metadata: {},
      totalUsage: run.state.totalUsage(),
      ...why,
    },
  });
}
