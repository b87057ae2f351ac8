/**
 * A workflow step's result that is still to come ({@link Later}), and the data types compiled
 * steps pass along. A Later is the chunk path's one staged-result protocol (`LaneStage` in
 * `pipeline/chunk-cursor.ts`: `pending`, `resume`, `fail`): whoever drives it awaits its own
 * promise and calls `resume`, so an async hook costs the one await of its own promise, not an
 * async wrapper (and a tick) per step.
 */
import { LaneStage, settleStage } from '../../pipeline/chunk-cursor.js';
import { isPromiseLike } from '../../pipeline/hook-call.js';
import type { Invocation } from './invocation.js';

/** Phase data as it flows between steps (or, after `.parallel()`, results keyed by step id). */
export type Data = Record<string, unknown>;

/** A compiled step's output: data now, a promise of it, or a {@link Later}. */
export type Out = Data | PromiseLike<Data> | Later;

/** One compiled node: data in, data out. */
export type Exec = (data: Data, inv: Invocation) => Out;

/**
 * A result still to come: a hook's (or map's) own promise and how its value becomes data, as a
 * `LaneStage` whose stages are data. The sequence driver (or the stream lane, for a chunk)
 * awaits `pending` itself and calls `resume` / `fail`. Never handed to promise machinery
 * unsettled: `settled()` turns it into a promise first.
 */
export abstract class Later extends LaneStage {
  constructor(public pending: PromiseLike<unknown>) {
    super();
  }
  /** The data the awaited value makes (data now, or a further stage). */
  abstract override resume(value: unknown): Out;
}

/** True when `out` is not data yet (a promise or a {@link Later}). */
export function isPending(out: Out): out is PromiseLike<Data> | Later {
  return out instanceof Later || isPromiseLike(out);
}

/** `out` as data, awaited (Laters settled stage by stage, as the lane does). */
export function settled(out: Out): Promise<Data> {
  return settleStage(out) as Promise<Data>;
}

/** `out` as something promise machinery may be handed (a Later becomes a promise). */
export function thenable(out: Out): Data | PromiseLike<Data> {
  return out instanceof Later ? settled(out) : out;
}

/** A promise whose failure has nobody to tell (an abandoned branch): handled, so it is not unhandled. */
export function quiet(value: unknown): void {
  if (isPromiseLike(value)) Promise.resolve(value).catch(() => {});
}
