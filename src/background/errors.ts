import type { BackgroundTaskErrorCode } from '../errors/codes.js';
import { SluiceError, type SluiceErrorOptions } from '../errors/sluice-error.js';
import type { BackgroundTaskRecord, BackgroundTaskError as StoredTaskError } from './types.js';

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

/** A manager option (or call argument) that is out of range; `problem` says which and why. */
export function configError(problem: string): BackgroundTaskError {
  return new BackgroundTaskError('BACKGROUND_INVALID_CONFIG', `BackgroundTaskManager: ${problem}`);
}

/** What crash recovery stores on a task it fails: who left it, when its lease passed, who recovered it. */
export function abandonedError(task: BackgroundTaskRecord, recoveredBy: string): BackgroundTaskError {
  const why = task.leaseExpiresAt
    ? `its lease passed at ${task.leaseExpiresAt.toISOString()} without a heartbeat`
    : 'it was left running';
  return new BackgroundTaskError(
    'BACKGROUND_TASK_ABANDONED',
    `Background task ${task.id} (tool "${task.toolName}") was abandoned by owner ${task.owner ?? 'unknown'}: ${why}, so that process is gone or cut off; marked failed on recovery by ${recoveredBy}. Use recoveryAction 'requeue' to run such tasks again.`,
    { details: { taskId: task.id, toolName: task.toolName, owner: task.owner } },
  );
}

/** A submit to a manager that was closed. */
export function closedError(): BackgroundTaskError {
  return new BackgroundTaskError(
    'BACKGROUND_MANAGER_CLOSED',
    'BackgroundTaskManager: the manager was closed; create a new one to submit tasks.',
  );
}

/** The abort reason (and stored error) of a cancelled task. */
export function cancelledError(taskId: string, reason = 'cancelled'): BackgroundTaskError {
  return new BackgroundTaskError(
    'BACKGROUND_TASK_CANCELLED',
    `Background task ${taskId} was cancelled (${reason}).`,
    {
      details: { taskId },
    },
  );
}
