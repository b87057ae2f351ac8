import { notExecutableError, toolNotFoundError } from './tool-errors.js';
import type { ToolExecutionError } from './tool-execution-error.js';
import type { NamedToolCall, ResolvedTool, ToolCallContext, ToolCallOutcome } from './types.js';

/** A tool this process can run (it has a local `execute`). */
type ExecutableTool = ResolvedTool & Required<Pick<ResolvedTool, 'execute'>>;

/** Where a call's tool stands in a tool set. */
export type ToolLookup =
  | { status: 'executable'; tool: ExecutableTool }
  /** `TOOL_NOT_FOUND`: no tool of that name on this step (the error lists the available names). */
  | { status: 'not-found'; error: ToolExecutionError }
  /** `TOOL_NOT_EXECUTABLE`: the tool has no local `execute` (a client-side tool). */
  | { status: 'not-executable'; tool: ResolvedTool; error: ToolExecutionError };

/**
 * Find the tool a call names. The one place that decides "unknown tool" and "no local
 * `execute`": `executeToolCall` turns both into error outcomes, the agent's tool step turns the
 * second into a stop for the client.
 */
export function lookupTool(
  toolSet: ReadonlyMap<string, ResolvedTool>,
  toolName: string,
  toolCallId?: string,
): ToolLookup {
  const tool = toolSet.get(toolName);
  if (!tool)
    return { status: 'not-found', error: toolNotFoundError(toolName, [...toolSet.keys()], toolCallId) };
  if (!tool.execute)
    return { status: 'not-executable', tool, error: notExecutableError(toolName, toolCallId) };
  return { status: 'executable', tool: tool as ExecutableTool };
}

/**
 * Run one call against a tool set. Never rejects: an unknown tool is `TOOL_NOT_FOUND` (listing
 * the available names), a tool without local `execute` is `TOOL_NOT_EXECUTABLE`.
 */
async function executeToolCall(
  call: NamedToolCall,
  toolSet: ReadonlyMap<string, ResolvedTool>,
  context: ToolCallContext,
): Promise<ToolCallOutcome> {
  const { toolCallId, toolName } = call;
  const found = lookupTool(toolSet, toolName, toolCallId);
  if (found.status !== 'executable')
    return { ok: false, args: call.input, error: found.error, toolCallId, toolName };
  const outcome = await found.tool.execute(call, context);
  return { ...outcome, toolCallId, toolName };
}

/**
 * Run several calls **concurrently**; the outcomes come back in call order. Each call sees
 * `context` with `agent.toolCallId` set to its own id.
 */
export function executeToolCalls(
  calls: readonly NamedToolCall[],
  toolSet: ReadonlyMap<string, ResolvedTool>,
  context: ToolCallContext,
): Promise<ToolCallOutcome[]> {
  return Promise.all(calls.map((call) => executeToolCall(call, toolSet, context)));
}
