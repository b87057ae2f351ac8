/** How the run calls user callbacks (`onChunk`, `onStepFinish`, `onFinish`, `onError`, `onAbort`). */
import { describeError } from '../../errors/error-chain.js';
import { SluiceError } from '../../errors/sluice-error.js';
import { untilAborted } from '../../util/until-aborted.js';

function callbackFailure(name: string, error: unknown): SluiceError {
  const message = describeError(error);
  return new SluiceError(
    'CALLBACK_FAILED',
    `The ${name} callback threw: ${message}. Fix or guard the callback.`,
    {
      cause: error,
      details: { callback: name },
    },
  );
}

/** Calls a callback; its failure becomes `CALLBACK_FAILED` naming it. */
export async function runCallback(name: string, fn: () => unknown): Promise<void> {
  try {
    await fn();
  } catch (error) {
    throw callbackFailure(name, error);
  }
}

/**
 * Waits for `pending` (when it is a promise) until it settles or `signal` aborts, whichever is
 * first; never rejects. Why: after an abort, callbacks and hooks outside the run's abort race
 * (onFinish, onChunk on the terminal chunk, onError, onAbort, onViolation) must not hold the run.
 */
export async function settleWithin(pending: unknown, signal: AbortSignal | undefined): Promise<void> {
  if (!(pending instanceof Promise)) return;
  try {
    await untilAborted(pending, signal);
  } catch {
    // The callback's own failure is handled where it is called; an abort just stops the wait.
  }
}

/** Calls a callback whose failure adds nothing (the run is already failing or aborted). */
export async function quietly(fn: () => unknown): Promise<void> {
  try {
    await fn();
  } catch {
    // Error/abort callbacks run while the run is already failing; their own failure adds nothing.
  }
}
