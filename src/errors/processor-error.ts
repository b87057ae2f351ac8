import type { ProcessorErrorCode } from './codes.js';
import { SluiceError, type SluiceErrorOptions } from './sluice-error.js';

const MARKER = Symbol.for('sluice.error.processor');

/** The processor hooks, by name. */
export type ProcessorHookName =
  | 'processInput'
  | 'processInputStep'
  | 'prepareStep'
  | 'processLLMRequest'
  | 'processLLMResponse'
  | 'processAPIError'
  | 'processOutputStream'
  | 'processOutputStep'
  | 'processToolResult'
  | 'processOutputResult';

/**
 * A processor hook failed: it threw (code `PROCESSOR_HOOK_FAILED`, the thrown value kept as
 * `cause`) or returned a value its hook does not accept (code `PROCESSOR_INVALID_RESULT`).
 * `processorId`, `hook` and `stepNumber` say where; the message says what to change.
 * A processor that means to stop the run calls `abort()` instead, which is not an error.
 */
export class ProcessorError extends SluiceError {
  protected readonly [MARKER] = true;
  declare readonly code: ProcessorErrorCode;
  /** Id of the processor whose hook failed (`'prepare-step'` for the `prepareStep` callback). */
  readonly processorId: string;
  /** The hook that failed. */
  readonly hook: ProcessorHookName;
  /** Step of the agentic loop, when the hook runs per step. */
  readonly stepNumber: number | undefined;

  constructor(
    code: ProcessorErrorCode,
    message: string,
    where: { processorId: string; hook: ProcessorHookName; stepNumber?: number },
    options: SluiceErrorOptions = {},
  ) {
    super(code, message, {
      ...options,
      details: {
        ...options.details,
        processorId: where.processorId,
        hook: where.hook,
        stepNumber: where.stepNumber,
      },
    });
    this.name = 'ProcessorError';
    this.processorId = where.processorId;
    this.hook = where.hook;
    this.stepNumber = where.stepNumber;
  }

  /** True for a `ProcessorError` from any copy of the package. */
  static override isInstance(error: unknown): error is ProcessorError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}
