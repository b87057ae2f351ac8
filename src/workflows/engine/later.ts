/**
 * A workflow step's result that is still to come ({@link Later}), and the data types compiled
 * steps pass along. The sequence driver awaits a Later's own promise and calls `settle`, so an
 * async hook costs the one await of its own promise, not an async wrapper (and a tick) per step.
 */
import { isPromiseLike } from '../../pipeline/hook-call.js';
import type { Invocation } from './invocation.js';

/** Phase data as it flows between steps (or, after `.parallel()`, results keyed by step id). */
export type Data = Record<string, unknown>;

/** A compiled step's output: data now, a promise of it, or a {@link Later}. */
export type Out = Data | PromiseLike<Data> | Later;

/** One compiled node: data in, data out. */
export type Exec = (data: Data, inv: Invocation) => Out;

/**
 * A result still to come: a hook's (or map's) own promise and how its value becomes data. The
 * sequence driver awaits `pending` itself and calls `settle` / `fail`, so an async hook costs
 * the one await of its own promise, not an async wrapper per step (and per step a tick).
 * Never handed to promise machinery unsettled: `settled()` turns it into a promise first.
 */
export abstract class Later {
  constructor(public pending: PromiseLike<unknown>) {}
  /** The data the awaited value makes. */
  abstract settle(value: unknown): Out;
  /** What the rejection becomes (always throws). */
  abstract fail(error: unknown): never;
}

/** True when `out` is not data yet (a promise or a {@link Later}). */
export function isPending(out: Out): out is PromiseLike<Data> | Later {
  return out instanceof Later || isPromiseLike(out);
}

/** `out` as data, awaited (Laters settled) in place. */
export async function settled(out: Out): Promise<Data> {
  let current = out;
  for (;;) {
    if (current instanceof Later) {
      let value: unknown;
      try {
        value = await current.pending;
      } catch (error) {
        current.fail(error);
      }
      current = current.settle(value);
    } else if (isPromiseLike(current)) current = await current;
    else return current;
  }
}

/** `out` as something promise machinery may be handed (a Later becomes a promise). */
export function thenable(out: Out): Data | PromiseLike<Data> {
  return out instanceof Later ? settled(out) : out;
}

/** A promise whose failure has nobody to tell (an abandoned branch): handled, so it is not unhandled. */
export function quiet(value: unknown): void {
  if (isPromiseLike(value)) Promise.resolve(value).catch(() => {});
}
