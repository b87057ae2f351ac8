import type { TripWire } from '../errors/tripwire.js';

/** Error-processor retries allowed when `maxProcessorRetries` is unset (docs/concepts/error-processors.md). */
const DEFAULT_API_ERROR_RETRIES = 3;

/**
 * The run's retry budget, for both lanes: step replays a processor asks for
 * (`abort(…, { retry: true })`) and model-call retries an error processor asks for
 * (`processAPIError` → `{ retry: true }`). The runner owns it; the counts only grow, and only
 * through `takeStepRetry()` / `spendApiErrorRetry()`, so no hook result can lift or lower what
 * a run may still spend.
 */
export class RetryBudget {
  #stepRetries = 0;
  #apiErrorRetries = 0;
  /** `maxProcessorRetries`; unset means a step-retry request aborts the run. */
  readonly maxStepRetries: number | undefined;
  /** `maxProcessorRetries` when set, else 3 when the error lane has processors, else 0. */
  readonly maxApiErrorRetries: number;

  constructor(maxProcessorRetries: number | undefined, errorLaneUsed: boolean) {
    this.maxStepRetries = maxProcessorRetries;
    this.maxApiErrorRetries = maxProcessorRetries ?? (errorLaneUsed ? DEFAULT_API_ERROR_RETRIES : 0);
  }

  /** Step replays granted so far (`processorRetryCount` on the run's `finish` chunk). */
  get stepRetries(): number {
    return this.#stepRetries;
  }

  /** Error-processor retries granted so far (`processAPIError`'s `retryCount`). */
  get apiErrorRetries(): number {
    return this.#apiErrorRetries;
  }

  /** True when this tripwire asks for a step retry and the budget still allows one. */
  grantsStepRetry(tripwire: TripWire): boolean {
    const max = this.maxStepRetries;
    return tripwire.options.retry === true && max !== undefined && this.#stepRetries < max;
  }

  /** Grants and counts a step retry when `grantsStepRetry` allows it; false otherwise. */
  takeStepRetry(tripwire: TripWire): boolean {
    if (!this.grantsStepRetry(tripwire)) return false;
    this.#stepRetries++;
    return true;
  }

  /** True when an error processor may still be asked for a retry. */
  get apiErrorRetryLeft(): boolean {
    return this.#apiErrorRetries < this.maxApiErrorRetries;
  }

  /** An error processor's retry was granted (the runner calls this in `processAPIError`). */
  spendApiErrorRetry(): void {
    this.#apiErrorRetries++;
  }
}
