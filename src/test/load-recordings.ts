/**
 * Reading a recording folder for `replayModel`: every `*.sluice-run.json` in it, in file-name
 * order (recording time), each checked field by field (a recording may come from anywhere) and
 * refused with `RecordingError` (`REPLAY_RECORDING_INVALID`) naming the file and what is wrong.
 * Versions 1 and 2 of the format are read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeError } from '../errors/error-chain.js';
import { RecordingError } from '../errors/recording-errors.js';
import {
  READABLE_RUN_RECORDING_VERSIONS,
  type RecordedCall,
  type RecordedCallFailure,
  RUN_RECORDING_FORMAT,
  RUN_RECORDING_SUFFIX,
  RUN_RECORDING_VERSION,
  type RunRecording,
} from '../tracing/recording-format.js';
import { preview } from '../tracing/replay-diff.js';

/** One recording as a replay model holds it. */
export interface LoadedRecording {
  file: string;
  recording: RunRecording;
  /** How many runs replayed it (runs prefer recordings no run has replayed yet). */
  replays: number;
}

/** The recordings in `dir`, checked; throws `RecordingError` for a folder without a usable one. */
export function loadRecordings(dir: string): LoadedRecording[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(RUN_RECORDING_SUFFIX));
  } catch (error) {
    throw new RecordingError(
      'REPLAY_RECORDING_INVALID',
      `replayModel: cannot read the recording folder ${dir}: ${describeError(error)}. Pass the folder a run was recorded to (recordTo).`,
      dir,
      error,
    );
  }
  if (names.length === 0) {
    throw new RecordingError(
      'REPLAY_RECORDING_INVALID',
      `replayModel: ${dir} holds no recording (*${RUN_RECORDING_SUFFIX}). Record a run first: agent.generate(messages, { recordTo: '${dir}' }).`,
      dir,
    );
  }
  names.sort();
  return names.map((name) => {
    const path = join(dir, name);
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new RecordingError(
        'REPLAY_RECORDING_INVALID',
        `replayModel: ${path} is not a readable recording: ${describeError(error)}. Delete it and record the run again.`,
        path,
        error,
      );
    }
    const recording = data as Partial<RunRecording> | null;
    if (
      typeof recording !== 'object' ||
      recording === null ||
      recording.format !== RUN_RECORDING_FORMAT ||
      !Array.isArray(recording.calls)
    ) {
      throw new RecordingError(
        'REPLAY_RECORDING_INVALID',
        `replayModel: ${path} is not a Sluice run recording (no "format": "${RUN_RECORDING_FORMAT}" or no "calls"). Keep only recordings in the folder.`,
        path,
      );
    }
    if (
      typeof recording.version !== 'number' ||
      !READABLE_RUN_RECORDING_VERSIONS.includes(recording.version)
    ) {
      throw new RecordingError(
        'REPLAY_RECORDING_INVALID',
        `replayModel: ${path} has recording version ${preview(recording.version, 20)}; this Sluice reads versions ${READABLE_RUN_RECORDING_VERSIONS.join(' and ')} (it writes ${RUN_RECORDING_VERSION}). Record the run again.`,
        path,
      );
    }
    const bad = recording.calls.findIndex(
      (call: Partial<RecordedCall> | null) =>
        typeof call !== 'object' ||
        call === null ||
        typeof call.digest !== 'string' ||
        !Array.isArray(call.response) ||
        (call.toolResults !== undefined && !Array.isArray(call.toolResults)) ||
        (call.failure !== undefined && !isFailure(call.failure)) ||
        (call.cacheServed !== undefined && call.cacheServed !== true),
    );
    if (recording.error !== undefined && !isRecordedError(recording.error)) {
      throw new RecordingError(
        'REPLAY_RECORDING_INVALID',
        `replayModel: ${path} has a malformed "error" (it needs a "name" and a "message" string). Record the run again.`,
        path,
      );
    }
    if (bad !== -1) {
      throw new RecordingError(
        'REPLAY_RECORDING_INVALID',
        `replayModel: ${path} has a malformed call ${bad} (it needs a "digest" string and a "response" array, and a "failure" needs "during", "aborted" and an "error" with a "name" and a "message"). Record the run again.`,
        path,
      );
    }
    return { file: name, recording: recording as RunRecording, replays: 0 };
  });
}

/** A recorded call's `failure` as the format defines it. */
function isFailure(value: unknown): value is RecordedCallFailure {
  if (typeof value !== 'object' || value === null) return false;
  const failure = value as Partial<RecordedCallFailure>;
  return (
    (failure.during === 'request' || failure.during === 'stream') &&
    typeof failure.aborted === 'boolean' &&
    isRecordedError(failure.error)
  );
}

/** A recorded error as the format defines it. */
function isRecordedError(value: unknown): value is RecordedCallFailure['error'] {
  if (typeof value !== 'object' || value === null) return false;
  const error = value as Partial<RecordedCallFailure['error']>;
  return (
    typeof error.name === 'string' &&
    typeof error.message === 'string' &&
    (error.statusCode === undefined || typeof error.statusCode === 'number') &&
    (error.retryable === undefined || typeof error.retryable === 'boolean') &&
    (error.code === undefined || typeof error.code === 'string')
  );
}
