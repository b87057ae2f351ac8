import { SluiceError, type SluiceErrorOptions } from './sluice-error.js';

/**
 * Thrown when an agent, tool, model or processor is set up wrongly. Raised as early as
 * possible (construction, or the start of a call) and always says what to change.
 */
export class ConfigurationError extends SluiceError {
  constructor(code: string, message: string, options?: SluiceErrorOptions) {
    super(code, message, options);
    this.name = 'ConfigurationError';
  }
}
