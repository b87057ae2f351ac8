/**
 * The chunk path's one fast-path protocol: start / resume / fail. Whoever drives a chunk awaits
 * the thenables it is handed itself and resumes with their values, so a chunk costs no async
 * frame or wrapper promise of the path's own. Two sides of it, defined here and nowhere else:
 *
 * - {@link ChunkCursor}: how the step reader (`agent/run/model-call.ts`) takes a model chunk
 *   through the stream lane (`stream-lane.ts`) to the client;
 * - {@link LaneStage}: a `processOutputStream` result that arrives in stages (a processor
 *   workflow: its steps' own promises one after another), which the lane awaits stage by stage
 *   on the reader's behalf.
 *
 * What it buys, measured back to back against the same path written with one async frame per
 * chunk (`bench/hot-path.ts` and a workflow lane, 3 async pass-through steps, bytes allocated
 * per chunk): about 500 bytes per chunk at the reader (2,110 against 1,602 above the raw read)
 * and about 700 more for a workflow's stages (4,880 against 4,190), each past the 10% budget.
 */
import type { ChunkType } from '../stream/chunk-types.js';

/**
 * `start` sends a chunk and returns `undefined` once it is through (delivered), otherwise a
 * thenable (a hook's own promise, a stage's, or the delivery's) for the driver to await; its
 * value goes to `resume` (which may return the next one), a rejection to `fail` (which throws
 * what the run should see).
 */
export interface ChunkCursor {
  start(chunk: ChunkType): PromiseLike<unknown> | undefined;
  resume(value: unknown): PromiseLike<unknown> | undefined;
  fail(error: unknown): never;
}

const rethrow = (error: unknown): never => {
  throw error;
};
const nothingMore = (): undefined => undefined;

/** A {@link ChunkCursor} over a plain emitter (no stream processors): one thenable at most. */
export function emitCursor(emit: (chunk: ChunkType) => PromiseLike<unknown> | undefined): ChunkCursor {
  return { start: emit, resume: nothingMore, fail: rethrow };
}

/**
 * A `processOutputStream` result still to come, in stages: the lane awaits `pending` and hands
 * the value to `resume`, which gives the next stage (this object, moved on, or another) or the
 * hook's final result. Internal: only the workflow engine makes them (a chunk's `SequenceStage`,
 * and every compiled step's `Later`, which the engine's own drivers settle the same way).
 */
export abstract class LaneStage {
  /** What to await now. */
  abstract readonly pending: PromiseLike<unknown>;
  /** The awaited value: the next stage or the final result. */
  abstract resume(value: unknown): unknown;
  /** The awaited rejection, as the lane entry's error (always throws). */
  abstract fail(error: unknown): never;
}

/** A hook result (a value, a promise, or a staged result) with every stage awaited. */
export async function settleStage(value: unknown): Promise<unknown> {
  let current = value;
  for (;;) {
    if (current instanceof LaneStage) {
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
