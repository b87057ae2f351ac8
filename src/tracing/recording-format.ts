/**
 * The recording format (`recordTo`): one JSON file per run holding, for each model call, the
 * request the model received (and its digest), every part of the response in order, and the
 * results of the tools the call asked for. Replay (`replayModel` in `sluice/test`) reads it back.
 *
 * Values JSON cannot hold are tagged: bytes as `{ "$bytes": base64 }`, dates as `{ "$date" }`,
 * URLs as `{ "$url" }`, errors as `{ "$error": message }`. A recorded object whose only key
 * starts with `$` is wrapped in `{ "$object": … }`, so data that looks like a tag stays data.
 */
import { createHash } from 'node:crypto';
import { DataTooDeepError } from '../errors/data-too-deep-error.js';
import { ReplayedFailureError } from '../errors/recording-errors.js';
import type { ModelCallOptions, ModelStreamPart } from '../models/types.js';

/**
 * The recording format's version (see {@link RunRecording.version}). Version 2 added failed and
 * aborted runs (`status`, `error`, a call's `failure`); a version 1 file is a version 2 file
 * without them, so both are read.
 */
export const RUN_RECORDING_VERSION = 2 as const;

/** The versions replay reads. */
export const READABLE_RUN_RECORDING_VERSIONS: readonly number[] = [1, 2];

/** What every recording file says it is. */
export const RUN_RECORDING_FORMAT = 'sluice-run-recording' as const;

/** Recording files end with this; replay reads only these from a folder. */
export const RUN_RECORDING_SUFFIX = '.sluice-run.json';

/** Deeper values are refused rather than walked (a stack overflow is not an error message). */
const MAX_DEPTH = 256;

/** A JSON value as stored (tagged values included: see the module comment). */
type StoredValue = unknown;

/** One tool call's outcome as the recorded run got it from the tool (before `processToolResult`). */
export interface RecordedToolOutcome {
  /** The call's id as the model sent it. */
  toolCallId: string;
  /** The tool the model called. */
  toolName: string;
  /** The arguments the tool was given (validated). */
  args: unknown;
  /** The result `execute` returned; absent when the call failed. */
  result?: unknown;
  /** Why the call failed (the message the model saw). */
  error?: string;
  /** The failure's `ToolExecutionError` code. */
  errorCode?: string;
}

/**
 * An error as a recording keeps it: what a developer needs to recognise the failure, and what
 * error processors decide on (status code, retryability). Never the stack, the cause chain, the
 * response headers or body, or the request (which may carry credentials).
 */
export interface RecordedError {
  /** The error's `name` (`AI_APICallError`, `ProviderCallError`, `AbortError`, …). */
  name: string;
  /** The error's string `code`, when it has one (`PROVIDER_CALL_FAILED`, `ECONNRESET`, …). */
  code?: string;
  /** The error's message, as the error had it. */
  message: string;
  /** The HTTP status the provider answered with, when the error carries one. */
  statusCode?: number;
  /** Whether the provider said a retry could succeed, when the error says. */
  retryable?: boolean;
}

/** How a model call that did not complete ended (format version 2). */
export interface RecordedCallFailure {
  /**
   * `request`: the model never answered (after its own retries; `response` is empty).
   * `stream`: the answer broke off after the parts in `response`.
   */
  during: 'request' | 'stream';
  /** The run was aborted during this call. */
  aborted: boolean;
  /** What the model call threw (for a broken-off stream: what the stream errored with). */
  error: RecordedError;
}

/** One model call of a recorded run. */
export interface RecordedCall {
  /** The step the call belongs to (a retried step has one call per attempt). */
  stepNumber: number;
  /** The model's provider, e.g. `openai.chat`. */
  provider: string;
  /** The model's id, e.g. `gpt-4o-mini`. */
  modelId: string;
  /** SHA-256 (hex) of the request's canonical JSON: equal requests have equal digests. */
  digest: string;
  /** The request as the model received it, without `abortSignal` and `headers`. */
  request: unknown;
  /** Every part of the response stream, in order (usage and provider metadata included). */
  response: unknown[];
  /**
   * The results of the tools this call asked for, by the call's position among its tool calls
   * (`null` where the run did not execute one: provider-executed or client-side tools).
   */
  toolResults?: Array<RecordedToolOutcome | null>;
  /** Set when the call failed or was cut off (format version 2): the replay fails the same way. */
  failure?: RecordedCallFailure;
  /**
   * The run's response cache answered this call and the model was not called (format version
   * 2); `response` holds the parts the cache served.
   */
  cacheServed?: true;
}

/** One recorded run (`recordTo`): the content of one `*.sluice-run.json` file. */
export interface RunRecording {
  /** Always `sluice-run-recording`: what the file is. */
  format: 'sluice-run-recording';
  /**
   * The format's version: 2 (1 in files written before failed runs were recorded). It changes
   * whenever a field changes meaning or is removed, or a reader of the old version would
   * misread a new file.
   */
  version: 1 | 2;
  /** The agent that ran. */
  agentId: string;
  /** The run's id (`runId`). */
  runId: string;
  /** ISO timestamp of the run's start. */
  startedAt: string;
  /** How the run ended (`failed` and `aborted` since version 2). */
  status: 'success' | 'tripwire' | 'failed' | 'aborted';
  /** Why a failed or aborted run ended, when it ended with an error. */
  error?: RecordedError;
  /** Every model call of the run, in order. */
  calls: RecordedCall[];
}

/**
 * The part of a request that decides the answer: everything but the abort signal and the HTTP
 * headers (which may carry credentials and do not change what the model is asked).
 */
export function storedRequest(call: ModelCallOptions): StoredValue {
  const { abortSignal: _signal, headers: _headers, ...rest } = call;
  return encode(rest);
}

/** The digest of a stored request (sorted keys, so key order does not matter). */
export function requestDigest(stored: StoredValue): string {
  return createHash('sha256').update(canonicalJson(stored)).digest('hex');
}

/** `value` as plain JSON data, tagging what JSON cannot hold. */
export function encode(value: unknown, depth = 0): StoredValue {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'function' || typeof value === 'symbol') return undefined;
    if (typeof value === 'number' && !Number.isFinite(value)) return null;
    return value;
  }
  if (depth > MAX_DEPTH) {
    throw new DataTooDeepError('A value of the recorded run', MAX_DEPTH, 'Record runs with flatter data.');
  }
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
  if (value instanceof Date) return { $date: Number.isNaN(value.getTime()) ? null : value.toISOString() };
  if (value instanceof URL) return { $url: value.href };
  if (value instanceof Error) return { $error: value.message };
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = encode(value[i], depth + 1);
      out[i] = item === undefined ? null : item;
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  let keys = 0;
  let onlyKey = '';
  for (const key of Object.keys(value)) {
    const item = encode((value as Record<string, unknown>)[key], depth + 1);
    if (item === undefined) continue;
    setOwn(out, key, item);
    keys++;
    onlyKey = key;
  }
  return keys === 1 && onlyKey.startsWith('$') ? { $object: out } : out;
}

/** A stored value back as the run had it (bytes, dates, URLs, errors restored). */
export function decode(value: StoredValue, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) {
    throw new DataTooDeepError('A value of the recording', MAX_DEPTH, 'Record the run again.');
  }
  if (Array.isArray(value)) return value.map((item) => decode(item, depth + 1));
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1) {
    const key = keys[0] as string;
    const inner = record[key];
    if (key === '$bytes' && typeof inner === 'string') return new Uint8Array(Buffer.from(inner, 'base64'));
    if (key === '$date') return new Date(typeof inner === 'string' ? inner : Number.NaN);
    if (key === '$url' && typeof inner === 'string') return new URL(inner);
    if (key === '$error') return new Error(String(inner));
    if (key === '$object' && typeof inner === 'object' && inner !== null) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(inner)) setOwn(out, k, decode(v, depth + 1));
      return out;
    }
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) setOwn(out, key, decode(record[key], depth + 1));
  return out;
}

/**
 * `out[key] = value`, except that a `__proto__` key (JSON from anywhere may have one) stays an
 * own property instead of replacing the object's prototype.
 */
function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  } else out[key] = value;
}

/**
 * `error` as a recording keeps it (see {@link RecordedError}). Never throws: a thrown value may be
 * anything, with getters that throw. An error a replay raised for a recorded failure is kept as
 * the failure it replays, so recording a replayed run again gives the same file.
 */
export function recordedError(error: unknown): RecordedError {
  try {
    if (typeof error !== 'object' || error === null) {
      return { name: typeof error, message: String(error) };
    }
    if (ReplayedFailureError.isReplayedFailure(error)) return { ...error.recorded };
    const e = error as {
      name?: unknown;
      code?: unknown;
      message?: unknown;
      statusCode?: unknown;
      isRetryable?: unknown;
    };
    const out: RecordedError = {
      name: typeof e.name === 'string' ? e.name : 'Error',
      message: typeof e.message === 'string' ? e.message : String(error),
    };
    if (typeof e.code === 'string') out.code = e.code;
    if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
    if (typeof e.isRetryable === 'boolean') out.retryable = e.isRetryable;
    return out;
  } catch {
    return { name: 'Error', message: 'an error that could not be read' };
  }
}

/** Recorded response parts back as stream parts. */
export function decodeParts(parts: readonly StoredValue[]): ModelStreamPart[] {
  return parts.map((part) => decode(part) as ModelStreamPart);
}

/** JSON with object keys sorted at every level: one text per value, whatever the key order. */
function canonicalJson(value: StoredValue): string {
  const parts: string[] = [];
  writeCanonical(value, parts);
  return parts.join('');
}

function writeCanonical(value: StoredValue, out: string[]): void {
  if (value === null || typeof value !== 'object') {
    out.push(JSON.stringify(value) ?? 'null');
    return;
  }
  if (Array.isArray(value)) {
    out.push('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.push(',');
      writeCanonical(value[i], out);
    }
    out.push(']');
    return;
  }
  out.push('{');
  const record = value as Record<string, unknown>;
  let first = true;
  for (const key of Object.keys(record).sort()) {
    if (record[key] === undefined) continue;
    if (!first) out.push(',');
    first = false;
    out.push(JSON.stringify(key), ':');
    writeCanonical(record[key], out);
  }
  out.push('}');
}
