/**
 * Reading run records from disk for the CLI. A record file may come from anywhere (a bug report, a
 * CI artifact), so it is checked field by field before anything renders or compares it, and a
 * record that is not one says which file and which field, and what to do about it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describeValue } from '../errors/describe-value.js';
import { RUN_RECORD_VERSION, type RunRecord } from '../tracing/run-record.js';
import { isRecording, RECORDING_NOTE, recordingAsRunRecord } from './recording-view.js';

/** Why a record file could not be used. */
export type RecordFileErrorCode =
  /** The path does not exist or cannot be read. */
  | 'RECORD_FILE_UNREADABLE'
  /** The file is not JSON. */
  | 'RECORD_FILE_NOT_JSON'
  /** The JSON is not a run record of a version this Sluice reads. */
  | 'RECORD_FILE_INVALID';

/** A run record file that cannot be read, parsed or trusted; the message names the file and the field. */
export class RecordFileError extends Error {
  readonly code: RecordFileErrorCode;
  readonly file: string;
  constructor(code: RecordFileErrorCode, file: string, message: string) {
    super(message);
    this.name = 'RecordFileError';
    this.code = code;
    this.file = file;
  }
}

/** A record read from a file, or the reason it could not be. */
export interface LoadedRecord {
  /** The file's name (no folder), as the inspector lists it. */
  name: string;
  path: string;
  record?: RunRecord;
  /** Why the file is not a usable record. */
  error?: string;
  /** What the inspector says beside the record (a `recordTo` recording: no hooks, no timings). */
  note?: string;
}

const HOW_TO_FIX =
  'Run records are written by `record: true` / `onRunRecord` (docs/guides/tracing.md); pass such a file unchanged.';

/**
 * Reads and checks one record file; throws {@link RecordFileError}. A `recordTo` recording
 * (`*.sluice-run.json`) is read as the run record it stands for (see ./recording-view.ts).
 */
export function readRecordFile(path: string): RunRecord {
  return readRecord(path).record;
}

function readRecord(path: string): { record: RunRecord; note?: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new RecordFileError(
      'RECORD_FILE_UNREADABLE',
      path,
      `${path}: cannot read the run record (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Check the path.`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new RecordFileError(
      'RECORD_FILE_NOT_JSON',
      path,
      `${path}: not a run record: the file is not JSON (${(error as Error).message}). ${HOW_TO_FIX}`,
    );
  }
  let note: string | undefined;
  if (isRecording(data)) {
    const view = recordingAsRunRecord(data);
    if ('problem' in view) {
      throw new RecordFileError(
        'RECORD_FILE_INVALID',
        path,
        `${path}: not a readable recording: ${view.problem}. Recordings are written by \`recordTo\` (docs/guides/testing.md#record-and-replay); pass such a file unchanged.`,
      );
    }
    data = view.record;
    note = RECORDING_NOTE;
  }
  const problem = recordProblem(data);
  if (problem !== undefined) {
    throw new RecordFileError(
      'RECORD_FILE_INVALID',
      path,
      `${path}: not a run record: ${problem}. ${HOW_TO_FIX}`,
    );
  }
  return note === undefined ? { record: data as RunRecord } : { record: data as RunRecord, note };
}

/**
 * The records in a file or a folder: a folder gives every `*.json` file directly in it, sorted by
 * name, each with its record or its error (a folder of CI artifacts may hold other JSON). A path
 * that is neither throws {@link RecordFileError}.
 */
export function loadRecords(path: string): LoadedRecord[] {
  let isFolder: boolean;
  try {
    isFolder = statSync(path).isDirectory();
  } catch (error) {
    throw new RecordFileError(
      'RECORD_FILE_UNREADABLE',
      path,
      `${path}: no such file or folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Pass a run record (.json) or a folder of them.`,
    );
  }
  if (!isFolder) return [{ name: basename(path), path, ...shownRecord(path) }];
  const names = readdirSync(path)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return names.map((name) => {
    const file = join(path, name);
    try {
      return { name, path: file, ...shownRecord(file) };
    } catch (error) {
      return { name, path: file, error: (error as Error).message };
    }
  });
}

/**
 * Levels a record must still fit under to be shown: the inspector page writes every record as
 * JSON a few levels down, from a deeper stack (`JSON.stringify` recurses, so a hostile depth
 * throws, and one such file would take the whole page down).
 */
const SHOWN_DEPTH_MARGIN = 64;

/** A record the inspector can write into its page; throws {@link RecordFileError} otherwise. */
function shownRecord(path: string): { record: RunRecord; note?: string } {
  const loaded = readRecord(path);
  let padded: unknown = loaded.record;
  for (let i = 0; i < SHOWN_DEPTH_MARGIN; i++) padded = [padded];
  try {
    JSON.stringify(padded);
  } catch {
    throw new RecordFileError(
      'RECORD_FILE_INVALID',
      path,
      `${path}: cannot be shown: a value in it is nested too deeply to write as JSON. Pass a record with flatter values.`,
    );
  }
  return loaded;
}

const STATUSES = ['success', 'failed', 'tripwire', 'aborted'];
const OUTCOMES = ['passed', 'changed', 'dropped', 'aborted', 'retried', 'failed'];

type Check = (value: unknown) => string | undefined;

const string: Check = (v) => (typeof v === 'string' ? undefined : 'must be a string');
const number: Check = (v) => (typeof v === 'number' && Number.isFinite(v) ? undefined : 'must be a number');
const boolean: Check = (v) => (typeof v === 'boolean' ? undefined : 'must be true or false');
const oneOf =
  (values: readonly string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? undefined : `must be one of ${values.join(', ')}`;
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined ? undefined : check(v);

/** Fields of an object and the check each must pass; `path` prefixes the field in the problem. */
function fields(value: unknown, path: string, shape: Record<string, Check>): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return `${path || 'the file'} must be an object, got ${describeValue(value)}`;
  }
  const object = value as Record<string, unknown>;
  for (const [key, check] of Object.entries(shape)) {
    const problem = check(object[key]);
    if (problem !== undefined) {
      const where = path ? `${path}.${key}` : key;
      return `${where} ${problem}, got ${describeValue(object[key])}`;
    }
  }
  return undefined;
}

/** Each element of `value` (which must be an array) checked by `each`. */
function list(value: unknown, path: string, each: (item: unknown, path: string) => string | undefined) {
  if (!Array.isArray(value)) return `${path} must be an array, got ${describeValue(value)}`;
  for (let i = 0; i < value.length; i++) {
    const problem = each(value[i], `${path}[${i}]`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function messageDiffProblem(value: unknown, path: string): string | undefined {
  const shape = fields(value, path, {});
  if (shape !== undefined) return shape;
  const diff = value as Record<string, unknown>;
  const message = (item: unknown, at: string) =>
    fields(item, at, { id: string, role: string }) ??
    list((item as Record<string, unknown>).parts, `${at}.parts`, () => undefined);
  for (const key of ['added', 'removed'] as const) {
    if (diff[key] !== undefined) {
      const problem = list(diff[key], `${path}.${key}`, message);
      if (problem !== undefined) return problem;
    }
  }
  if (diff.edited !== undefined) {
    const problem = list(diff.edited, `${path}.edited`, (item, at) =>
      fields(item, at, { messageId: string, part: number }),
    );
    if (problem !== undefined) return problem;
  }
  if (diff.system !== undefined) {
    const problem =
      fields(diff.system, `${path}.system`, {}) ??
      list((diff.system as Record<string, unknown>).before, `${path}.system.before`, () => undefined) ??
      list((diff.system as Record<string, unknown>).after, `${path}.system.after`, () => undefined);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function hookProblem(value: unknown, path: string): string | undefined {
  const problem = fields(value, path, {
    processorId: string,
    hook: string,
    stepNumber: optional(number),
    attempt: number,
    startMs: number,
    durationMs: number,
    outcome: oneOf(OUTCOMES),
    error: optional(string),
  });
  if (problem !== undefined) return problem;
  const hook = value as Record<string, unknown>;
  if (hook.messages !== undefined) {
    const messages = messageDiffProblem(hook.messages, `${path}.messages`);
    if (messages !== undefined) return messages;
  }
  if (hook.chunks !== undefined) {
    const chunks = fields(hook.chunks, `${path}.chunks`, {
      seen: number,
      changed: number,
      dropped: number,
      emitted: number,
    });
    if (chunks !== undefined) return chunks;
  }
  if (hook.tripwire !== undefined)
    return fields(hook.tripwire, `${path}.tripwire`, { reason: string, retry: boolean });
  return undefined;
}

/** What is wrong with `data` as a run record, or `undefined` when it is one. */
function recordProblem(data: unknown): string | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return `the file must hold a JSON object, got ${describeValue(data)}`;
  }
  const version = (data as Record<string, unknown>).version;
  if (version !== RUN_RECORD_VERSION) {
    return typeof version === 'number'
      ? `version ${version} is not one this Sluice reads (it reads version ${RUN_RECORD_VERSION}); use the Sluice version that wrote the record`
      : `version must be ${RUN_RECORD_VERSION}, got ${describeValue(version)}`;
  }
  const record = data as Record<string, unknown>;
  return (
    fields(record, '', {
      agentId: string,
      runId: string,
      startedAt: string,
      durationMs: number,
      status: oneOf(STATUSES),
      sensitive: boolean,
      error: optional(string),
      errorName: optional(string),
      errorCode: optional(string),
    }) ??
    list(record.hooks, 'hooks', hookProblem) ??
    list(record.modelCalls, 'modelCalls', (item, at) =>
      fields(item, at, {
        stepNumber: number,
        attempt: number,
        provider: string,
        model: string,
        promptDigest: string,
        promptMessages: number,
        startMs: number,
        durationMs: number,
        cacheHit: boolean,
        finishReason: optional(string),
        error: optional(string),
      }),
    ) ??
    list(record.toolCalls, 'toolCalls', (item, at) =>
      fields(item, at, {
        stepNumber: number,
        toolCallId: string,
        toolName: string,
        startMs: number,
        durationMs: number,
        error: optional(string),
      }),
    ) ??
    (record.memory === undefined
      ? undefined
      : fields(record.memory, 'memory', { threadId: string, resourceId: optional(string) }))
  );
}
