import { RequestContext } from '../request-context/request-context.js';
import { resolveTool } from '../tools/resolve-tool.js';
import type { ResolvedTool } from '../tools/types.js';
import { BackgroundTaskError } from './errors.js';
import type { BackgroundTaskExecutor } from './manager-api.js';
import type { BackgroundTaskRecord } from './types.js';

/** An executor that runs a resolved tool's never-throwing runner and throws its error outcome. */
export function toolExecutor(tool: ResolvedTool, requestContext?: RequestContext): BackgroundTaskExecutor {
  const execute = tool.execute;
  if (!execute) {
    return async () => {
      throw new BackgroundTaskError(
        'BACKGROUND_TASK_TOOL_MISSING',
        `Tool "${tool.name}" has no execute function, so it cannot run in the background.`,
        { details: { toolName: tool.name } },
      );
    };
  }
  return async ({ task, abortSignal, progress }) => {
    const outcome = await execute(
      { toolCallId: task.toolCallId, input: task.args },
      {
        requestContext: requestContext ?? new RequestContext(),
        abortSignal,
        writer: {
          write: async (data) => progress(data),
          custom: async (chunk) => progress(chunk),
        },
      },
    );
    if (!outcome.ok) throw outcome.error;
    return outcome.result;
  };
}

/** A manager's registered `tools`, each resolved once, as executors for tasks without their own. */
export class RegisteredTools {
  readonly #tools: Record<string, unknown> | undefined;
  readonly #resolved = new Map<string, Promise<ResolvedTool>>();
  /** Names the manager in the error of a missing tool. */
  readonly #who: string;

  constructor(tools: Record<string, unknown> | undefined, who: string) {
    this.#tools = tools;
    this.#who = who;
  }

  /** True when a tool named `toolName` is registered. */
  has(toolName: string): boolean {
    return this.#tools?.[toolName] !== undefined;
  }

  /** The executor of the registered tool `task` names; throws `BACKGROUND_TASK_TOOL_MISSING` without one. */
  async executorFor(task: BackgroundTaskRecord): Promise<BackgroundTaskExecutor> {
    const entry = this.#tools?.[task.toolName];
    if (entry === undefined) {
      throw new BackgroundTaskError(
        'BACKGROUND_TASK_TOOL_MISSING',
        `Background task manager (${this.#who}) has no tool "${task.toolName}" in its "tools"; task ${task.id} cannot run. Register the tool on the worker.`,
        { details: { taskId: task.id, toolName: task.toolName } },
      );
    }
    let resolved = this.#resolved.get(task.toolName);
    if (!resolved) {
      resolved = resolveTool(task.toolName, entry);
      this.#resolved.set(task.toolName, resolved);
    }
    const tool = await resolved;
    return toolExecutor(tool);
  }
}
