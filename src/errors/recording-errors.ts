import type { RecordedError } from '../tracing/recording-format.js';
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

/**
 * `REPLAY_RECORDED_FAILURE`: a replayed run (`replayModel` in `sluice/test`) reached a model call
 * that failed when it was recorded (`recordTo` records failed and aborted runs too), so the replay
 * fails the same way. The message names the recording, the call and the recorded error.
 *
 * A provider failure is replayed as one: the run sees a `ProviderCallError` whose `cause` is this
 * error, carrying the recorded `statusCode` and `isRetryable` (and answering
 * `APICallError.isInstance()` when the recorded error was an AI SDK `APICallError`; its response
 * body and headers are not recorded), so error processors decide as they did (a retried call
 * then gets the recording's next call). A call the recorded run was aborted
 * in ends the replayed run with this error itself (`aborted: true`): a replay cannot go past it.
 * `details`: `file`, `call`, `stepNumber`, `recorded` (the error as recorded: name, code,
 * message, statusCode, retryable).
 */
export class ReplayedFailureError extends SluiceError {
  /** The error as the recording holds it. */
  readonly recorded: RecordedError;
  /** The recorded run was aborted during this call. */
  readonly aborted: boolean;
  /** The recorded HTTP status, when the recorded error had one. */
  readonly statusCode?: number;
  /** Whether the recorded provider said a retry could succeed. */
  readonly isRetryable: boolean;

  constructor(
    message: string,
    recorded: RecordedError,
    aborted: boolean,
    details: { file: string; call: number; stepNumber: number },
  ) {
    super('REPLAY_RECORDED_FAILURE', message, { details: { ...details, recorded } });
    this.name = 'ReplayedFailureError';
    this.recorded = recorded;
    this.aborted = aborted;
    if (recorded.statusCode !== undefined) this.statusCode = recorded.statusCode;
    this.isRetryable = recorded.retryable === true;
    // A replayed AI SDK `APICallError` answers `APICallError.isInstance()` as the original did,
    // so error processors that recognise provider errors by it decide as they did live.
    if (recorded.name === 'AI_APICallError') {
      Object.defineProperty(this, Symbol.for('vercel.ai.error.AI_APICallError'), { value: true });
      Object.defineProperty(this, Symbol.for('vercel.ai.error'), { value: true });
    }
  }

  /** True for a replayed recorded failure, from any copy of the package. */
  static isReplayedFailure(error: unknown): error is ReplayedFailureError {
    return SluiceError.hasCode(error, 'REPLAY_RECORDED_FAILURE');
  }
}
