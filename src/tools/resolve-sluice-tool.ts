import type { LanguageModelV2FunctionTool } from '@ai-sdk/provider';
import { getSchemaValidator } from '../schema/index.js';
import { checkToolInput, runToolCall, type ToolRuntime } from './run-tool-call.js';
import type { Tool } from './tool.js';
import { prepareToolInput } from './tool-input-schema.js';
import type { ResolvedTool } from './types.js';

/**
 * Resolve a {@link Tool} (or a plain object of the same shape) registered as `name`: compute
 * its JSON Schema once and bind a never-throwing runner.
 */
export async function resolveSluiceTool(name: string, tool: Tool): Promise<ResolvedTool> {
  const [input, validateOutput] = await Promise.all([
    prepareToolInput(name, tool.inputSchema),
    tool.outputSchema ? getSchemaValidator(tool.outputSchema, `tool "${name}" outputSchema`) : undefined,
  ]);
  const modelTool: LanguageModelV2FunctionTool = {
    type: 'function',
    name,
    description: tool.description,
    inputSchema: input.jsonSchema,
  };
  if (tool.providerOptions) modelTool.providerOptions = tool.providerOptions;

  const userToModelOutput = tool.toModelOutput;
  const toModelOutput = userToModelOutput
    ? async (output: unknown) => userToModelOutput(output as never)
    : undefined;
  const execute = tool.execute;
  const runtime: ToolRuntime = {
    name,
    validateInput: input.validate,
    validateOutput,
    invoke: async (args, _call, context) => tool.execute?.(args as never, context),
    toModelOutput,
    timeoutMs: tool.timeoutMs,
  };
  return {
    name,
    id: tool.id,
    description: tool.description,
    modelTool,
    inputJsonSchema: input.jsonSchema,
    providerExecuted: false,
    strict: tool.strict,
    title: tool.title,
    providerOptions: tool.providerOptions,
    requireApproval: tool.requireApproval,
    original: tool,
    execute: execute ? (call, context) => runToolCall(runtime, call, context) : undefined,
    checkInput: execute ? (call) => checkToolInput(runtime, call) : undefined,
    toModelOutput,
  };
}
