/**
 * What a settled background task becomes in the conversation: the tool result an awaited step
 * returns, the tool-invocation part reconciled into the run's messages, and the stored result
 * replaced in memory after the run.
 */
import { syncLegacyFields } from '../messages/legacy-fields.js';
import type { MastraDBMessage, ToolInvocationUIPart } from '../messages/types.js';
import type { MemoryStorage } from '../stores/types.js';
import { ToolExecutionError } from '../tools/tool-execution-error.js';
import type { ResolvedTool, ToolOutcome } from '../tools/types.js';
import { BackgroundTaskError } from './errors.js';
import type { BackgroundTaskRecord } from './types.js';

/** The tool-invocation part of a settled task: the result (model form) or the error text. */
export async function resultPart(
  tool: ResolvedTool,
  task: BackgroundTaskRecord,
): Promise<ToolInvocationUIPart> {
  const base = {
    state: 'result' as const,
    toolCallId: task.toolCallId,
    toolName: task.toolName,
    args: task.args ?? {},
  };
  if (task.status === 'completed') {
    const part: ToolInvocationUIPart = {
      type: 'tool-invocation',
      toolInvocation: { ...base, result: task.result },
    };
    if (tool.toModelOutput) {
      const modelOutput = await tool.toModelOutput(task.result, {
        toolCallId: task.toolCallId,
        input: task.args,
      });
      part.providerMetadata = { mastra: { modelOutput: modelOutput as never } };
    }
    return part;
  }
  return {
    type: 'tool-invocation',
    toolInvocation: { ...base, result: failureText(task), isError: true },
  };
}

/** What the model reads for a task that did not complete. */
function failureText(task: BackgroundTaskRecord): string {
  const why = task.error?.message ?? task.status;
  return `Background task ${task.id} of tool "${task.toolName}" ended ${task.status}: ${why}`;
}

/** What an awaited step returns for a task that settled in time. */
export async function outcomeOf(
  task: BackgroundTaskRecord,
  tool: ResolvedTool,
  args: unknown,
): Promise<ToolOutcome> {
  if (task.status === 'completed') {
    if (!tool.toModelOutput) return { ok: true, args, result: task.result };
    const modelOutput = await tool.toModelOutput(task.result, { toolCallId: task.toolCallId, input: args });
    return { ok: true, args, result: task.result, modelOutput };
  }
  const code =
    task.status === 'timed_out'
      ? 'TOOL_TIMEOUT'
      : task.status === 'cancelled'
        ? 'TOOL_ABORTED'
        : 'TOOL_EXECUTION_FAILED';
  return {
    ok: false,
    args,
    error: new ToolExecutionError(code, failureText(task), {
      toolName: tool.name,
      toolCallId: task.toolCallId,
      cause: task.error ? new BackgroundTaskError('BACKGROUND_TASK_FAILED', task.error.message) : undefined,
    }),
  };
}

/** Replace the call's stored tool result in `messages`; `false` when none of them holds the call. */
export async function replaceStoredResult(
  storage: MemoryStorage,
  messages: readonly MastraDBMessage[],
  task: BackgroundTaskRecord,
  part: ToolInvocationUIPart,
): Promise<boolean> {
  for (const message of messages) {
    const parts = message.content.parts;
    const at = parts.findIndex(
      (p) => p.type === 'tool-invocation' && p.toolInvocation.toolCallId === task.toolCallId,
    );
    if (at < 0) continue;
    const old = parts[at] as ToolInvocationUIPart;
    const nextParts = [...parts];
    nextParts[at] = {
      ...old,
      ...part,
      toolInvocation: { ...part.toolInvocation, args: old.toolInvocation.args },
    };
    const content = syncLegacyFields({
      ...message.content,
      parts: nextParts,
    } as MastraDBMessage['content']);
    await storage.updateMessages([{ id: message.id, content }]);
    return true;
  }
  return false;
}
