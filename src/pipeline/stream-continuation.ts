/**
 * A `processOutputStream` result that arrives in stages (a processor workflow: the step hooks'
 * own promises one after another). The stream lane's loop (`stream-lane.ts`) awaits each stage's
 * `pending` itself and hands the value to `resume`, which gives the next stage or the hook's
 * final result: per chunk, no async frame or wrapper promise of the lane entry's own. Internal.
 */
export abstract class StreamContinuation {
  /** What to await now. */
  abstract readonly pending: PromiseLike<unknown>;
  /** The awaited value: the next stage (this object, moved on, or another) or the final result. */
  abstract resume(value: unknown): unknown;
  /** The awaited rejection, as the lane entry's error (always throws). */
  abstract fail(error: unknown): never;
}

/** A hook result (a value, a promise, or a staged result) with every stage awaited. */
export async function settleStream(value: unknown): Promise<unknown> {
  let current = value;
  for (;;) {
    if (current instanceof StreamContinuation) {
      let settled: unknown;
      try {
        settled = await current.pending;
      } catch (error) {
        current.fail(error);
      }
      current = current.resume(settled);
    } else if (
      current !== null &&
      (typeof current === 'object' || typeof current === 'function') &&
      typeof (current as { then?: unknown }).then === 'function'
    ) {
      current = await current;
    } else return current;
  }
}

/**
 * Internal extras of the writer a stream processor gets from the runner, for a lane entry that
 * emits on its steps' behalf (a workflow running an emitted chunk through its later steps first):
 * `track` makes a write started inside the hook come before the hook's part, as the runner's own
 * `emit` does; `defer` fails the run at its next chunk with an error that has nobody else to tell.
 */
export const WRITER_INTERNALS: unique symbol = Symbol('sluice.writer.internals');

/** What {@link WRITER_INTERNALS} holds. */
export interface WriterInternals {
  track<T>(write: T): T;
  defer(error: unknown): void;
}
