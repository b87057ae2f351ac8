import type { ConfigurationErrorCode } from './codes.js';
import { SluiceError, type SluiceErrorOptions } from './sluice-error.js';

const MARKER = Symbol.for('sluice.error.configuration');

/**
 * Thrown when an agent, tool, model or processor is set up wrongly. Raised as early as
 * possible (construction, or the start of a call) and always says what to change.
 */
export class ConfigurationError extends SluiceError {
  protected readonly [MARKER] = true;

  declare readonly code: ConfigurationErrorCode;

  constructor(code: ConfigurationErrorCode, message: string, options?: SluiceErrorOptions) {
    super(code, message, options);
    this.name = 'ConfigurationError';
  }

  /** True for a `ConfigurationError` from any copy of the package. */
  static override isInstance(error: unknown): error is ConfigurationError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}
