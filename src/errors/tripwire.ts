const MARKER = Symbol.for('sluice.tripwire');

/** Options of `abort()`. */
export interface TripWireOptions<TMetadata = unknown> {
  /** Ask the agent to retry the step with the reason as feedback (needs `maxProcessorRetries`). */
  retry?: boolean;
  /** Structured data for downstream consumers, e.g. `{ category: 'pii' }`. */
  metadata?: TMetadata;
}

/**
 * Thrown by a processor's `abort()`. The agent turns it into a `tripwire` chunk (streams) or
 * `result.tripwire` (generate), never into a rejected promise.
 */
export class TripWire<TMetadata = unknown> extends Error {
  protected readonly [MARKER] = true;
  /** Stable code for catch-by-type. */
  readonly code = 'TRIPWIRE';
  readonly options: TripWireOptions<TMetadata>;
  readonly processorId?: string;

  constructor(reason: string, options: TripWireOptions<TMetadata> = {}, processorId?: string) {
    super(reason);
    this.name = 'TripWire';
    this.options = options;
    this.processorId = processorId;
  }

  /** True for a `TripWire` from any copy of the package. */
  static isInstance(error: unknown): error is TripWire {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}
