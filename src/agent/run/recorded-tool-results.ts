import type { ToolErrorCode } from '../../errors/codes.js';
import type { CachedLLMStepResponse } from '../../pipeline/types.js';
import { ToolExecutionError } from '../../tools/tool-execution-error.js';
import type { ResolvedTool, ToolOutcome } from '../../tools/types.js';
import type { RecordedToolOutcome } from '../../tracing/recording-format.js';
import { decode } from '../../tracing/recording-format.js';

/** A tool's result as a cached step (a `tool-result` chunk) or a recording (`recordTo`) holds it. */
export interface RecordedToolResult {
  toolName: string;
  args: unknown;
  result: unknown;
  /** The call failed (recordings only): the model sees this error again. */
  error?: { code: string; message: string };
}

/**
 * The results a replayed step's tool calls already have, by the call's position among the
 * step's tool calls (ids may be renamed on replay to stay unique in the conversation, the order
 * never changes). A cached response carries them as `tool-result` chunks after its model
 * chunks; with them the step replays its calls without executing the tools.
 */
export type RecordedToolResults = ReadonlyArray<RecordedToolResult | undefined>;

/** The recorded results of `response`, or `undefined` when it has none (its tools run as usual). */
export function recordedToolResults(response: CachedLLMStepResponse): RecordedToolResults | undefined {
  const chunks = Array.isArray(response?.chunks) ? response.chunks : [];
  const callIds: string[] = [];
  let byId: Map<string, RecordedToolResult> | undefined;
  for (const chunk of chunks) {
    const payload = chunk?.payload as Record<string, unknown> | undefined;
    if (typeof payload !== 'object' || payload === null) continue;
    if (chunk.type === 'tool-call' && payload.providerExecuted !== true)
      callIds.push(String(payload.toolCallId));
    else if (chunk.type === 'tool-result' && typeof payload.toolName === 'string') {
      byId ??= new Map();
      // Copies: the results go to processToolResult and to callers, which may edit them, and the
      // response may be shared (an in-memory cache returns one object to every hit).
      byId.set(String(payload.toolCallId), {
        toolName: payload.toolName,
        args: copy(payload.args),
        result: copy(payload.result),
      });
    }
  }
  if (byId === undefined) return undefined;
  const results = byId;
  return callIds.map((id) => results.get(id));
}

/**
 * The tool outcomes of a recorded run's call (`replayModel`), as results to replay by call
 * position; `undefined` when there are none (the tools run).
 */
export function recordedToolResultsOf(
  outcomes: ReadonlyArray<RecordedToolOutcome | null> | undefined,
): RecordedToolResults | undefined {
  if (outcomes === undefined) return undefined;
  return outcomes.map((outcome) => {
    if (outcome === null) return undefined;
    const entry: RecordedToolResult = {
      toolName: outcome.toolName,
      args: decode(outcome.args),
      result: decode(outcome.result),
    };
    if (outcome.error !== undefined)
      entry.error = { code: outcome.errorCode ?? 'TOOL_EXECUTION_FAILED', message: outcome.error };
    return entry;
  });
}

/**
 * The outcome a recorded result stands for, as if `tool` had just returned it: the model sees
 * `toModelOutput(result)` when the tool defines one, exactly as after a real run.
 */
export async function replayRecordedResult(
  tool: ResolvedTool,
  recorded: RecordedToolResult,
  toolCallId: string,
): Promise<ToolOutcome> {
  if (recorded.error !== undefined) {
    const error = new ToolExecutionError(recorded.error.code as ToolErrorCode, recorded.error.message, {
      toolName: recorded.toolName,
      toolCallId,
    });
    return { ok: false, args: recorded.args, error };
  }
  let modelOutput: unknown;
  if (tool.toModelOutput) {
    try {
      modelOutput = await tool.toModelOutput(recorded.result, { toolCallId, input: recorded.args });
    } catch {
      // The recorded result stands as it is; a live run would have surfaced this error already.
      modelOutput = undefined;
    }
  }
  return modelOutput === undefined
    ? { ok: true, args: recorded.args, result: recorded.result }
    : { ok: true, args: recorded.args, result: recorded.result, modelOutput };
}

/** A deep copy of a recorded value (`structuredClone`); one it cannot copy is used as it is. */
function copy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}
