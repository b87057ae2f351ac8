import { notExecutableError, toolNotFoundError } from './tool-errors.js';
import type { NamedToolCall, ResolvedTool, ToolCallContext, ToolCallOutcome } from './types.js';

/**
 * Run one call against a tool set. Never rejects: an unknown tool is `TOOL_NOT_FOUND` (listing
 * the available names), a tool without local `execute` is `TOOL_NOT_EXECUTABLE`.
 */
export async function executeToolCall(
  call: NamedToolCall,
  toolSet: ReadonlyMap<string, ResolvedTool>,
  context: ToolCallContext,
): Promise<ToolCallOutcome> {
  const { toolCallId, toolName } = call;
  const tool = toolSet.get(toolName);
  if (!tool) {
    const error = toolNotFoundError(toolName, [...toolSet.keys()], toolCallId);
    return { ok: false, args: call.input, error, toolCallId, toolName };
  }
  if (!tool.execute) {
    return {
      ok: false,
      args: call.input,
      error: notExecutableError(toolName, toolCallId),
      toolCallId,
      toolName,
    };
  }
  const outcome = await tool.execute(call, context);
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
