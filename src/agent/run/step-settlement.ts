import type { LLMStepSettledCallback } from '../../pipeline/types.js';
import type { StepResult } from '../../stream/step-result.js';

/**
 * Callbacks waiting for one step attempt to end (`onStepSettled` on `processLLMRequest` /
 * `processLLMResponse`). Hooks that must only act on a complete, accepted step — a response
 * cache writing its entry once the step's tools ran and no processor rejected it — register
 * here; `runStep` accepts at the very end, `step-retry` rejects when the attempt throws.
 * Settles once: later calls are ignored.
 */
export class StepSettlement {
  #callbacks: LLMStepSettledCallback[] | undefined;
  #settled = false;

  /** Bound, so it can be handed to hooks as is. */
  readonly add = (callback: LLMStepSettledCallback): void => {
    if (this.#settled || typeof callback !== 'function') return;
    if (this.#callbacks === undefined) this.#callbacks = [callback];
    else this.#callbacks.push(callback);
  };

  /** The step is complete and accepted: run the callbacks in order, waiting for each. */
  async accept(step: StepResult): Promise<void> {
    const callbacks = this.#take();
    if (callbacks === undefined) return;
    for (const callback of callbacks) await callback({ accepted: true, step });
  }

  /** The attempt failed (error, retry, tripwire, abort): tell the callbacks, without waiting. */
  reject(error: unknown): void {
    const callbacks = this.#take();
    if (callbacks === undefined) return;
    for (const callback of callbacks) {
      try {
        Promise.resolve(callback({ accepted: false, error })).catch(() => {});
      } catch {
        // The step already failed with its own error; a callback's failure adds nothing.
      }
    }
  }

  #take(): LLMStepSettledCallback[] | undefined {
    if (this.#settled) return undefined;
    this.#settled = true;
    const callbacks = this.#callbacks;
    this.#callbacks = undefined;
    return callbacks;
  }
}
