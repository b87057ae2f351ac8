import type { MemoryErrorCode } from '../errors/codes.js';
import { SluiceError, type SluiceErrorOptions } from '../errors/sluice-error.js';

const MARKER = Symbol.for('sluice.error.memory');

/**
 * Thrown when a memory call names the wrong thread or resource (a thread owned by someone else,
 * a missing id) or asks for something the memory is not set up for. The message names the
 * thread, the resource and the fix; `details` carries them for programmatic handling.
 */
export class MemoryError extends SluiceError {
  protected readonly [MARKER] = true;

  declare readonly code: MemoryErrorCode;

  constructor(code: MemoryErrorCode, message: string, options?: SluiceErrorOptions) {
    super(code, message, options);
    this.name = 'MemoryError';
  }

  /** True for a `MemoryError` from any copy of the package. */
  static override isInstance(error: unknown): error is MemoryError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}
