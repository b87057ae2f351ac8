/**
 * How a run recognises a model that answers from recordings (`replayModel` in `sluice/test`) and
 * talks to it: one replay per run, so concurrent runs on one replay model never share a
 * position, and the replay hears the run's hook record to name the processor behind a mismatch.
 */
import type { ModelCallOptions, ModelStreamResult } from '../models/types.js';
import type { RecordedToolOutcome } from './recording-format.js';
import type { RecordedHookInvocation } from './run-record.js';

/** Marks a model that replays recordings (global, so it works across package copies). */
export const REPLAY_SOURCE = Symbol.for('sluice.replay-source');

/** What a replay is told about the call it answers. */
export interface ReplayCallContext {
  stepNumber: number;
  /** The replayed run's hook invocations so far, with what each changed. */
  hooks: readonly RecordedHookInvocation[];
}

/** One run's replay: its own position in the recordings. */
export interface ReplayRun {
  /**
   * Answer one model call from the recording.
   * @throws ReplayMismatchError when the request is not the recorded one.
   */
  call(request: ModelCallOptions, context: ReplayCallContext): ModelStreamResult;
  /**
   * The recorded outcomes of the tools the last answered call asked for (by call position), or
   * `undefined` when the replay runs the tools.
   */
  toolOutcomes(): ReadonlyArray<RecordedToolOutcome | null> | undefined;
  /**
   * The run's response cache answered this call instead of the model: the recording's next call
   * is passed over when it has the same request (it was served from a cache when recorded too,
   * or the recording was made with a cold cache), so the run's later calls stay in step.
   */
  cacheServed(request: ModelCallOptions): void;
}

/** A model that replays recordings. */
export interface ReplaySource {
  startRun(): ReplayRun;
}

/** The replay behind `model`, or `undefined` for every other model (the usual case). */
export function replaySourceOf(model: unknown): ReplaySource | undefined {
  if (typeof model !== 'object' || model === null) return undefined;
  const source = (model as Record<symbol, unknown>)[REPLAY_SOURCE];
  return typeof source === 'object' &&
    source !== null &&
    typeof (source as ReplaySource).startRun === 'function'
    ? (source as ReplaySource)
    : undefined;
}
