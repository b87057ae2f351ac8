import { SluiceError } from './sluice-error.js';

/**
 * `REPLAY_MISMATCH`: a run replayed from a recording (`replayModel` in `sluice/test`) asked the
 * model something the recording does not hold. The message names the first difference: which
 * model call, which prompt message and part (or which setting), expected and actual values
 * (truncated), and the processor whose change produced it when the run's hooks show one.
 * `details` carry the same facts: `file`, `call`, `stepNumber`, `path`, `expected`, `actual`,
 * `processorId`, `hook`.
 */
export class ReplayMismatchError extends SluiceError {
  constructor(message: string, details: Record<string, unknown>) {
    super('REPLAY_MISMATCH', message, { details });
    this.name = 'ReplayMismatchError';
  }
}

/**
 * A recording could not be written (`RECORDING_WRITE_FAILED`: `recordTo` names a folder that
 * cannot be created or written, or the run produced values that cannot be stored) or read
 * (`REPLAY_RECORDING_INVALID`: no recording in the folder, unreadable JSON, unknown version).
 * `details.path` names the file or folder.
 */
export class RecordingError extends SluiceError {
  constructor(
    code: 'RECORDING_WRITE_FAILED' | 'REPLAY_RECORDING_INVALID',
    message: string,
    path: string,
    cause?: unknown,
  ) {
    super(code, message, { details: { path }, cause });
    this.name = 'RecordingError';
  }
}
