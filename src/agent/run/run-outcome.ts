import type { LLMRunSettledCallback, LLMRunSettlement } from '../../pipeline/types.js';

/**
 * Callbacks waiting for the whole run to end (`onRunSettled` on `processLLMRequest`). Hooks that
 * must act only on a run's outcome — a response cache writing the entries of a run that was not
 * blocked by a tripwire at any point — register here; `finalize()` settles once, with the run's
 * final status. Later registrations and settlements are ignored.
 */
export class RunOutcome {
  #callbacks: LLMRunSettledCallback[] | undefined;
  #settled = false;

  /** Bound, so it can be handed to hooks as is. */
  readonly add = (callback: LLMRunSettledCallback): void => {
    if (this.#settled || typeof callback !== 'function') return;
    if (this.#callbacks === undefined) this.#callbacks = [callback];
    else this.#callbacks.push(callback);
  };

  /** The run ended: run the callbacks in order, waiting for each; their errors are ignored. */
  async settle(settlement: () => LLMRunSettlement): Promise<void> {
    if (this.#settled) return;
    this.#settled = true;
    const callbacks = this.#callbacks;
    this.#callbacks = undefined;
    if (callbacks === undefined) return;
    const value = settlement();
    for (const callback of callbacks) {
      try {
        await callback(value);
      } catch {
        // The run's outcome is decided; a callback failing cannot change it.
      }
    }
  }
}
