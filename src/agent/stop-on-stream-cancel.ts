import { SluiceError } from '../errors/sluice-error.js';
import type { ChunkBuffer } from '../stream/chunk-buffer.js';
import type { RunPlan } from './run/context.js';

/**
 * `stopOnStreamCancel: true`: the run's abort signal also fires once every stream taken from
 * the output has been cancelled, so the model call stops (no more tokens billed) and the run ends
 * as `'aborted'`. Off by default because promise-only callers (`await output.text`) and readers
 * that leave early but still await the result expect the run to finish.
 */
export function abortWhenAbandoned<OUTPUT>(
  plan: RunPlan<OUTPUT>,
  buffer: ChunkBuffer<unknown>,
): RunPlan<OUTPUT> {
  const readersGone = new AbortController();
  buffer.onAbandoned = () =>
    readersGone.abort(
      new SluiceError(
        'STREAM_CANCELLED',
        "Every reader of the run's streams cancelled, so the run was stopped (stopOnStreamCancel: true). Keep a stream open, or leave stopOnStreamCancel unset, to let the run finish.",
      ),
    );
  const own = plan.options.abortSignal;
  const abortSignal = own ? AbortSignal.any([own, readersGone.signal]) : readersGone.signal;
  return { ...plan, options: { ...plan.options, abortSignal } };
}
