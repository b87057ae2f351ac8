import type { LLMStepSettledCallback, StepRawToolResult } from '../../pipeline/types.js';
import type { ChunkType } from '../../stream/chunk-types.js';
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
  #raw: StepRawToolResult[] | undefined;
  #settled = false;
  /** The run's delivered chunks and where this attempt's begin. */
  #delivered: readonly ChunkType[] = [];
  #from = 0;

  /** This attempt's chunks start at the current end of `delivered` (the client's log of the run). */
  releasedFrom(delivered: readonly ChunkType[]): void {
    this.#delivered = delivered;
    this.#from = delivered.length;
  }

  /** Bound, so it can be handed to hooks as is. */
  readonly add = (callback: LLMStepSettledCallback): void => {
    if (this.#settled || typeof callback !== 'function') return;
    if (this.#callbacks === undefined) this.#callbacks = [callback];
    else this.#callbacks.push(callback);
  };

  /**
   * Bound: a tool call's result as `execute` returned it, before `processToolResult` runs.
   * Kept (as a snapshot, so in-place edits by processors cannot reach it) only when a hook
   * waits for this step: without one, nothing is copied.
   */
  readonly recordToolResult = (result: StepRawToolResult): void => {
    if (this.#callbacks === undefined || this.#settled) return;
    const copy = { ...result, result: snapshot(result.result) };
    if (this.#raw === undefined) this.#raw = [copy];
    else this.#raw.push(copy);
  };

  /** The step is complete and accepted: run the callbacks in order, waiting for each. */
  async accept(step: StepResult): Promise<void> {
    const callbacks = this.#take();
    if (callbacks === undefined) return;
    const rawToolResults = this.#raw ?? [];
    this.#raw = undefined;
    const delivered = this.#delivered;
    const from = this.#from;
    const end = delivered.length;
    const releasedChunks = () => delivered.slice(from, end);
    for (const callback of callbacks)
      await callback({ accepted: true, step, rawToolResults, releasedChunks });
  }

  /** The attempt failed (error, retry, tripwire, abort): tell the callbacks, without waiting. */
  reject(error: unknown): void {
    const callbacks = this.#take();
    this.#raw = undefined;
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

/** A deep copy where one can be made; a value structuredClone refuses (functions) stays as is. */
function snapshot(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}
