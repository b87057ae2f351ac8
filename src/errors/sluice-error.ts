import type { SluiceErrorCode } from './codes.js';

const MARKER = Symbol.for('sluice.error');

/** Options shared by every Sluice error. */
export interface SluiceErrorOptions {
  /** The underlying error, kept intact (e.g. the provider's `APICallError`). */
  cause?: unknown;
  /** Structured facts about the failure (ids, names, urls) for programmatic handling. */
  details?: Record<string, unknown>;
}

/**
 * Base class of every error Sluice throws on purpose.
 *
 * `code` is stable across releases so callers can branch on it; `isInstance` works across
 * duplicated copies of the package (it checks a global symbol, not the prototype chain).
 */
export class SluiceError extends Error {
  protected readonly [MARKER] = true;
  /** Stable machine-readable code, e.g. `TOOL_NOT_FOUND`. */
  readonly code: SluiceErrorCode;
  /** Structured facts about the failure. */
  readonly details: Record<string, unknown>;

  constructor(code: SluiceErrorCode, message: string, options: SluiceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SluiceError';
    this.code = code;
    this.details = options.details ?? {};
  }

  /** True for any Sluice error, from any copy of the package. */
  static isInstance(error: unknown): error is SluiceError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }

  /** True when `error` is a Sluice error with the given code. */
  static hasCode(error: unknown, code: SluiceErrorCode): error is SluiceError {
    return SluiceError.isInstance(error) && error.code === code;
  }
}
