import type { ToolErrorCode } from '../errors/codes.js';
import { SluiceError, type SluiceErrorOptions } from '../errors/index.js';

const MARKER = Symbol.for('sluice.tool-execution-error');

/**
 * A failed tool call. Returned inside `{ ok: false }` outcomes rather than thrown; its `message`
 * is what the model reads, so it names the tool and says how to recover.
 */
export class ToolExecutionError extends SluiceError {
  /** Brand checked by `isInstance` (a global symbol, so it works across package copies). */
  readonly [MARKER] = true;
  declare readonly code: ToolErrorCode;
  /** The tool name the model used. */
  readonly toolName: string;
  /** The call id, when known. */
  readonly toolCallId: string | undefined;

  constructor(
    code: ToolErrorCode,
    message: string,
    options: SluiceErrorOptions & { toolName: string; toolCallId?: string },
  ) {
    super(code, message, {
      cause: options.cause,
      details: { toolName: options.toolName, toolCallId: options.toolCallId, ...options.details },
    });
    this.name = 'ToolExecutionError';
    this.toolName = options.toolName;
    this.toolCallId = options.toolCallId;
  }

  /** True for a `ToolExecutionError` from any copy of Sluice. */
  static override isInstance(error: unknown): error is ToolExecutionError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}
