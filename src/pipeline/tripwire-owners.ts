/**
 * Which processor object made a tripwire, for tripwires made away from the runner's own
 * `abort()`: a processor running as a workflow step is not in any lane, so the runner could not
 * find its `onViolation` by id. Weakly held: a tripwire nobody keeps is forgotten with it.
 */
import type { TripWire } from '../errors/tripwire.js';
import type { Processor } from './types.js';

const owners = new WeakMap<TripWire, Processor>();

/** Note that `processor` made `tripwire` (its `abort()` threw it). */
export function claimTripwire(tripwire: TripWire, processor: Processor): void {
  owners.set(tripwire, processor);
}

/** The processor that made `tripwire`, when one claimed it. */
export function tripwireOwner(tripwire: TripWire): Processor | undefined {
  return owners.get(tripwire);
}
