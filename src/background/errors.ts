import type { BackgroundTaskErrorCode } from '../errors/codes.js';
import { SluiceError, type SluiceErrorOptions } from '../errors/sluice-error.js';
import type { BackgroundTaskError as StoredTaskError } from './types.js';

const MARKER = Symbol.for('sluice.error.background-task');

/**
 * Thrown (or stored on a task record) when the background task manager cannot take or finish a
 * task. `details` names the manager, the task id and the tool where they are known.
 */
export class BackgroundTaskError extends SluiceError {
  protected readonly [MARKER] = true;

  declare readonly code: BackgroundTaskErrorCode;

  constructor(code: BackgroundTaskErrorCode, message: string, options?: SluiceErrorOptions) {
    super(code, message, options);
    this.name = 'BackgroundTaskError';
  }

  /** True for a `BackgroundTaskError` from any copy of the package. */
  static override isInstance(error: unknown): error is BackgroundTaskError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}

/** The serialisable form of any thrown value, as a task record stores it. */
export function toStoredError(error: unknown): StoredTaskError {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string'
      ? { name: error.name, message: error.message, code }
      : { name: error.name, message: error.message };
  }
  return { name: 'Error', message: typeof error === 'string' ? error : safeString(error) };
}

function safeString(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
