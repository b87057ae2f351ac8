import { SluiceError, type SluiceErrorOptions } from '../../errors/sluice-error.js';

const CHECK_MARKER = Symbol.for('sluice.error.guardrail-check');
const TIMEOUT_MARKER = Symbol.for('sluice.error.guardrail-timeout');

/**
 * A guardrail's check failed: the helper model errored, or its answer was not the JSON the
 * guardrail asked for. Code `GUARDRAIL_CHECK_FAILED`; `details.processorId` names the guardrail.
 * Under `errorStrategy: 'warn'` the guardrail reports it and lets the content through; under
 * `'strict'` it ends the run with a tripwire whose metadata carries `failure: 'check-failed'`.
 */
export class GuardrailCheckError extends SluiceError {
  protected readonly [CHECK_MARKER] = true;
  /** Id of the guardrail whose check failed. */
  readonly processorId: string;

  constructor(processorId: string, message: string, options: SluiceErrorOptions = {}) {
    super('GUARDRAIL_CHECK_FAILED', message, {
      ...options,
      details: { ...options.details, processorId },
    });
    this.name = 'GuardrailCheckError';
    this.processorId = processorId;
  }

  /** True for a `GuardrailCheckError` from any copy of the package. */
  static override isInstance(error: unknown): error is GuardrailCheckError {
    return (
      typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[CHECK_MARKER] === true
    );
  }
}

/**
 * A guardrail's check ran past its `timeoutMs`. Code `GUARDRAIL_TIMEOUT`;
 * `details` carry `processorId` and `timeoutMs`. The check is cancelled (its abort signal fires).
 */
export class GuardrailTimeoutError extends SluiceError {
  protected readonly [TIMEOUT_MARKER] = true;
  /** Id of the guardrail whose check timed out. */
  readonly processorId: string;
  /** The budget that ran out, in milliseconds. */
  readonly timeoutMs: number;

  constructor(processorId: string, timeoutMs: number, what = 'its check') {
    super(
      'GUARDRAIL_TIMEOUT',
      `${processorId}: ${what} took longer than timeoutMs (${timeoutMs} ms). Raise "timeoutMs", use a faster model or mode: 'offline', or choose errorStrategy 'warn' to let content through when a check is slow.`,
      { details: { processorId, timeoutMs } },
    );
    this.name = 'GuardrailTimeoutError';
    this.processorId = processorId;
    this.timeoutMs = timeoutMs;
  }

  /** True for a `GuardrailTimeoutError` from any copy of the package. */
  static override isInstance(error: unknown): error is GuardrailTimeoutError {
    return (
      typeof error === 'object' &&
      error !== null &&
      (error as Record<symbol, unknown>)[TIMEOUT_MARKER] === true
    );
  }
}
