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
