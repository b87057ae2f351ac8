import type { SchemaValidator } from '../schema/index.js';
import { MAX_DATA_DEPTH, valueTooDeep } from '../util/data-depth.js';
import { untilAborted } from '../util/until-aborted.js';
import { parseToolInput } from './parse-tool-input.js';
import {
  abortedError,
  argsTooDeepError,
  executionFailedError,
  invalidArgsError,
  invalidJsonArgsError,
  invalidOutputError,
  outputTooDeepError,
  unserializableOutputError,
} from './tool-errors.js';
import { ToolExecutionError } from './tool-execution-error.js';
import type { ToolCallContext, ToolCallRequest, ToolExecutionContext, ToolOutcome } from './types.js';

/** What the runner needs from a tool, whatever its origin (Sluice or AI SDK). */
export interface ToolRuntime {
  /** The name the model uses; goes into every error message. */
  name: string;
  validateInput?: SchemaValidator;
  validateOutput?: SchemaValidator;
  /** Calls the user's execute with validated args. May throw. */
  invoke(args: unknown, call: ToolCallRequest, context: ToolExecutionContext): Promise<unknown>;
  toModelOutput?(output: unknown, call: { toolCallId: string; input: unknown }): Promise<unknown>;
  /** The tool's `timeoutMs`: one call's longest run (validated where the tool is made). */
  timeoutMs?: number;
}

/**
 * Run one call: abort check → parse JSON → validate input → execute (raced against the abort
 * signal) → validate output → `toModelOutput`. Never rejects; each failure is an
 * `{ ok: false }` outcome with a `ToolExecutionError` the model can act on.
 */
export async function runToolCall(
  runtime: ToolRuntime,
  call: ToolCallRequest,
  context: ToolCallContext,
): Promise<ToolOutcome> {
  const { name } = runtime;
  const { toolCallId } = call;
  const signal = context.abortSignal;
  if (signal?.aborted)
    return { ok: false, args: call.input, error: abortedError(name, signal.reason, toolCallId) };

  const parsed = parseToolInput(call.input);
  if (!parsed.ok) {
    return {
      ok: false,
      args: parsed.tooDeep ? {} : parsed.raw,
      error: parsed.tooDeep
        ? argsTooDeepError(name, MAX_DATA_DEPTH, toolCallId)
        : invalidJsonArgsError(name, parsed.raw, parsed.error, toolCallId),
    };
  }
  let args = parsed.value;
  if (runtime.validateInput) {
    const checked = await runtime.validateInput(args);
    if (!checked.success)
      return { ok: false, args, error: invalidArgsError(name, checked.issues, toolCallId) };
    args = checked.value;
  }

  let result: unknown;
  const deadline = runtime.timeoutMs === undefined ? undefined : toolDeadline(runtime.timeoutMs, signal);
  const callSignal = deadline?.signal ?? signal;
  try {
    const callContext = forCall(deadline ? { ...context, abortSignal: callSignal } : context, toolCallId);
    const running = Promise.resolve().then(() => runtime.invoke(args, call, callContext));
    result = await untilAborted(running, callSignal);
  } catch (error) {
    if (signal?.aborted) return { ok: false, args, error: abortedError(name, signal.reason, toolCallId) };
    if (deadline?.expired()) {
      return { ok: false, args, error: timeoutError(name, runtime.timeoutMs as number, toolCallId) };
    }
    return { ok: false, args, error: executionFailedError(name, error, toolCallId) };
  } finally {
    deadline?.clear();
  }

  if (runtime.validateOutput) {
    const checked = await runtime.validateOutput(result);
    if (!checked.success)
      return { ok: false, args, error: invalidOutputError(name, checked.issues, toolCallId) };
    result = checked.value;
  }
  if (!runtime.toModelOutput) {
    if (valueTooDeep(result))
      return { ok: false, args, error: outputTooDeepError(name, MAX_DATA_DEPTH, toolCallId) };
    const unsendable = jsonProblem(result);
    if (unsendable !== undefined)
      return { ok: false, args, error: unserializableOutputError(name, unsendable, toolCallId) };
    return { ok: true, args, result };
  }
  let modelOutput: unknown;
  try {
    modelOutput = await runtime.toModelOutput(result, { toolCallId, input: args });
  } catch (error) {
    return { ok: false, args, error: executionFailedError(name, error, toolCallId, 'toModelOutput threw: ') };
  }
  if (valueTooDeep(modelOutput) || valueTooDeep(result)) {
    return { ok: false, args, error: outputTooDeepError(name, MAX_DATA_DEPTH, toolCallId) };
  }
  const unsendable = jsonProblem(modelOutput);
  if (unsendable !== undefined)
    return { ok: false, args, error: unserializableOutputError(name, unsendable, toolCallId) };
  return { ok: true, args, result, modelOutput };
}

/**
 * Parse and validate a call's input without running the tool (the background runtime checks a
 * call before it becomes a task). Same errors as {@link runToolCall}.
 */
export async function checkToolInput(
  runtime: ToolRuntime,
  call: ToolCallRequest,
): Promise<{ ok: true; args: unknown } | { ok: false; args: unknown; error: ToolExecutionError }> {
  const parsed = parseToolInput(call.input);
  if (!parsed.ok) {
    return {
      ok: false,
      args: parsed.tooDeep ? {} : parsed.raw,
      error: parsed.tooDeep
        ? argsTooDeepError(runtime.name, MAX_DATA_DEPTH, call.toolCallId)
        : invalidJsonArgsError(runtime.name, parsed.raw, parsed.error, call.toolCallId),
    };
  }
  if (!runtime.validateInput) return { ok: true, args: parsed.value };
  const checked = await runtime.validateInput(parsed.value);
  if (!checked.success) {
    return {
      ok: false,
      args: parsed.value,
      error: invalidArgsError(runtime.name, checked.issues, call.toolCallId),
    };
  }
  return { ok: true, args: checked.value };
}

/**
 * Why the value the model will see cannot be serialised (a `toJSON` that throws, a BigInt, a
 * cycle), or `undefined`. Found here it is this tool's error result, which names the tool and
 * lets the run go on; found by the provider it would fail the model call. Primitives are
 * skipped; objects pay one `JSON.stringify`, linear in the result and paid again by the request.
 */
function jsonProblem(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) {
    return typeof value === 'bigint' ? new TypeError('a BigInt cannot be serialised to JSON') : undefined;
  }
  try {
    JSON.stringify(value);
    return undefined;
  } catch (error) {
    return error;
  }
}

/** A signal that fires on the caller's abort or after `timeoutMs`, whichever comes first. */
function toolDeadline(timeoutMs: number, signal: AbortSignal | undefined) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  return {
    signal: signal ? AbortSignal.any([signal, controller.signal]) : controller.signal,
    expired: () => controller.signal.aborted,
    clear: () => clearTimeout(timer),
  };
}

/** `TOOL_TIMEOUT`: one call ran past the tool's `timeoutMs`; the model may try again. */
function timeoutError(name: string, timeoutMs: number, toolCallId: string): ToolExecutionError {
  return new ToolExecutionError(
    'TOOL_TIMEOUT',
    `Tool "${name}" did not finish within ${timeoutMs} ms (its timeoutMs) and was stopped. Try again with a smaller request, or continue without it.`,
    { toolName: name, toolCallId, details: { timeoutMs } },
  );
}

/** The context one call sees: `agent.toolCallId` is this call's id. */
function forCall(context: ToolCallContext, toolCallId: string): ToolExecutionContext {
  if (!context.agent || context.agent.toolCallId === toolCallId) return context as ToolExecutionContext;
  return { ...context, agent: { ...context.agent, toolCallId } };
}
