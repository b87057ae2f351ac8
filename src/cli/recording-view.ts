/**
 * A `recordTo` recording (`*.sluice-run.json`) seen as a run record, so `sluice inspect` and
 * `sluice diff` open it too: how the run ended (status and error, the case a developer most
 * wants to look at), its model calls (digest, finish reason, usage, failure, cache-served) and
 * its tool calls. A recording keeps what a replay needs, not what processors did, so the view
 * has no hooks and no timings; the inspector says so beside it.
 *
 * The file may come from anywhere: every field is read by type and anything unexpected is left
 * out or named, never trusted. The result is then checked like any run record.
 */
import { describeValue } from '../errors/describe-value.js';
import { RUN_RECORDING_FORMAT } from '../tracing/recording-format.js';
import {
  type RecordedModelCall,
  type RecordedToolCall,
  RUN_RECORD_VERSION,
  type RunRecord,
} from '../tracing/run-record.js';

/** What the inspector shows beside a recording. */
export const RECORDING_NOTE =
  'A recordTo recording: model calls, tool results and how the run ended. It keeps no hooks and no timings (record: true keeps those), and its values are unmasked.';

/** True when `data` says it is a `recordTo` recording. */
export function isRecording(data: unknown): data is Record<string, unknown> {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as Record<string, unknown>).format === RUN_RECORDING_FORMAT
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A recorded error in one line: `name [code] (HTTP n): message`. */
function errorText(error: unknown): string | undefined {
  if (!isObject(error)) return undefined;
  const name = str(error.name) ?? 'Error';
  const code = str(error.code);
  const status = num(error.statusCode);
  return `${name}${code !== undefined ? ` [${code}]` : ''}${status !== undefined ? ` (HTTP ${status})` : ''}: ${str(error.message) ?? ''}`;
}

/** The call's settings as a run record shows them: its plain scalar options. */
function settingsOf(request: unknown): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  if (!isObject(request)) return settings;
  for (const [key, value] of Object.entries(request)) {
    if (key === '__proto__') continue;
    if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')
      settings[key] = value;
  }
  return settings;
}

function modelCallOf(call: Record<string, unknown>, attempt: number): RecordedModelCall {
  const response = Array.isArray(call.response) ? call.response : [];
  const finish = response.find((part) => isObject(part) && part.type === 'finish') as
    | Record<string, unknown>
    | undefined;
  const request = call.request;
  const prompt = isObject(request) ? request.prompt : undefined;
  const entry: RecordedModelCall = {
    stepNumber: num(call.stepNumber) ?? 0,
    attempt,
    provider: str(call.provider) ?? '',
    model: str(call.modelId) ?? '',
    promptDigest: str(call.digest) ?? '',
    promptMessages: Array.isArray(prompt) ? prompt.length : 0,
    settings: settingsOf(request),
    startMs: 0,
    durationMs: 0,
    cacheHit: call.cacheServed === true,
  };
  const finishReason = finish?.finishReason;
  if (typeof finishReason === 'string') entry.finishReason = finishReason;
  else if (isObject(finishReason) && typeof finishReason.unified === 'string') {
    entry.finishReason = finishReason.unified;
  }
  const usage = isObject(finish?.usage) ? finish.usage : undefined;
  if (usage !== undefined) {
    const tokens = (value: unknown) => num(value) ?? num(isObject(value) ? value.total : undefined);
    entry.usage = {};
    const input = tokens(usage.inputTokens);
    const output = tokens(usage.outputTokens);
    const total = num(usage.totalTokens);
    if (input !== undefined) entry.usage.inputTokens = input;
    if (output !== undefined) entry.usage.outputTokens = output;
    if (total !== undefined) entry.usage.totalTokens = total;
  }
  const failure = call.failure;
  if (isObject(failure)) {
    const text = errorText(failure.error) ?? 'failed';
    entry.error = failure.aborted === true ? `aborted: ${text}` : text;
  }
  return entry;
}

function toolCallsOf(call: Record<string, unknown>): RecordedToolCall[] {
  if (!Array.isArray(call.toolResults)) return [];
  const out: RecordedToolCall[] = [];
  for (const outcome of call.toolResults) {
    if (!isObject(outcome)) continue;
    const entry: RecordedToolCall = {
      stepNumber: num(call.stepNumber) ?? 0,
      toolCallId: str(outcome.toolCallId) ?? '',
      toolName: str(outcome.toolName) ?? '',
      args: outcome.args,
      startMs: 0,
      durationMs: 0,
    };
    if (Object.hasOwn(outcome, 'result')) entry.result = outcome.result;
    const error = str(outcome.error);
    if (error !== undefined) {
      const code = str(outcome.errorCode);
      entry.error = code !== undefined ? `[${code}] ${error}` : error;
    }
    out.push(entry);
  }
  return out;
}

/**
 * The recording as a run record, or what is wrong with it (a file that says it is a recording
 * but lacks the fields every recording has).
 */
export function recordingAsRunRecord(
  data: Record<string, unknown>,
): { record: RunRecord } | { problem: string } {
  if (!Array.isArray(data.calls)) {
    return { problem: `calls must be an array, got ${describeValue(data.calls)}` };
  }
  const status = data.status;
  if (status !== 'success' && status !== 'tripwire' && status !== 'failed' && status !== 'aborted') {
    return {
      problem: `status must be one of success, tripwire, failed, aborted, got ${describeValue(status)}`,
    };
  }
  const attempts = new Map<number, number>();
  const modelCalls: RecordedModelCall[] = [];
  const toolCalls: RecordedToolCall[] = [];
  for (let i = 0; i < data.calls.length; i++) {
    const call: unknown = data.calls[i];
    if (!isObject(call)) return { problem: `calls[${i}] must be an object, got ${describeValue(call)}` };
    const step = num(call.stepNumber) ?? 0;
    const attempt = attempts.get(step) ?? 0;
    attempts.set(step, attempt + 1);
    modelCalls.push(modelCallOf(call, attempt));
    // One by one: spreading a hostile file's millions of tool results overflows the stack.
    for (const toolCall of toolCallsOf(call)) toolCalls.push(toolCall);
  }
  const record: RunRecord = {
    version: RUN_RECORD_VERSION,
    agentId: str(data.agentId) ?? '',
    runId: str(data.runId) ?? '',
    startedAt: str(data.startedAt) ?? '',
    durationMs: 0,
    status,
    // Recordings are never masked.
    sensitive: true,
    hooks: [],
    modelCalls,
    toolCalls,
  };
  if (isObject(data.error)) {
    record.error = str(data.error.message) ?? '';
    record.errorName = str(data.error.name) ?? 'Error';
    const code = str(data.error.code);
    if (code !== undefined) record.errorCode = code;
  }
  return { record };
}
