import type { LanguageModelV2FunctionTool, LanguageModelV2ProviderDefinedTool } from '@ai-sdk/provider';
import { ConfigurationError } from '../errors/index.js';
import type { RequestContext } from '../request-context/request-context.js';
import { getSchemaValidator, type SchemaValidator } from '../schema/index.js';
import { toolBackgroundConfigProblem } from './background-option.js';
import { checkToolInput, runToolCall, type ToolRuntime } from './run-tool-call.js';
import { prepareToolInput } from './tool-input-schema.js';
import type { AiSdkToolLike } from './tool-like.js';
import type { ResolvedTool, ToolApprovalPredicate, ToolCallRequest, ToolExecutionContext } from './types.js';
import { TOOL_INVALID_CONFIG, timeoutProblem } from './validate-tool-config.js';

type Fn = (...args: unknown[]) => unknown;

/**
 * Resolve an AI SDK tool object registered as `name`. Function and dynamic tools become V2
 * function tools; provider tools (`type: 'provider'` / `'provider-defined'`) become
 * provider-defined tool definitions, executed locally only when they bring an `execute` and are
 * not provider-executed. AI SDK `execute` receives `{ toolCallId, messages, abortSignal, context }`
 * where `context` is the request context's values.
 */
export async function resolveAiSdkTool(
  name: string,
  tool: AiSdkToolLike,
  requestContext: RequestContext | undefined,
): Promise<ResolvedTool> {
  const isProvider = tool.type === 'provider' || tool.type === 'provider-defined';
  const schema = tool.inputSchema ?? tool.parameters;
  const [input, validateOutput] = await Promise.all([
    isProvider ? providerToolInput(name, schema) : prepareToolInput(name, schema),
    tool.outputSchema === undefined
      ? undefined
      : getSchemaValidator(tool.outputSchema, `tool "${name}" outputSchema`),
  ]);

  const execute = typeof tool.execute === 'function' ? (tool.execute as Fn) : undefined;
  const providerExecuted = isProvider && (tool.isProviderExecuted ?? execute === undefined);
  const description = isProvider ? undefined : describe(name, tool, requestContext);
  const modelTool: LanguageModelV2FunctionTool | LanguageModelV2ProviderDefinedTool = isProvider
    ? { type: 'provider-defined', id: tool.id as `${string}.${string}`, name, args: tool.args ?? {} }
    : { type: 'function', name, description, inputSchema: input.jsonSchema ?? {} };
  const providerOptions = isProvider
    ? undefined
    : (tool.providerOptions as LanguageModelV2FunctionTool['providerOptions']);
  if (providerOptions && modelTool.type === 'function') modelTool.providerOptions = providerOptions;

  const userToModelOutput = typeof tool.toModelOutput === 'function' ? (tool.toModelOutput as Fn) : undefined;
  const toModelOutput = userToModelOutput
    ? async (output: unknown, call: { toolCallId: string; input: unknown }) =>
        userToModelOutput({ ...call, output })
    : undefined;
  const timeout = timeoutProblem(tool.timeoutMs);
  if (timeout) {
    throw new ConfigurationError(
      TOOL_INVALID_CONFIG,
      `Tool "${name}" ${timeout}. Fix: pass a number of milliseconds > 0, or leave timeoutMs out for no limit.`,
      {
        details: { subject: `Tool "${name}"` },
      },
    );
  }
  const background = tool.background === undefined ? undefined : toolBackgroundConfigProblem(tool.background);
  if (background) {
    throw new ConfigurationError(
      TOOL_INVALID_CONFIG,
      `Tool "${name}" has a \`background\` option that ${background}. Fix: pass e.g. background: { enabled: true } or leave it out.`,
      { details: { subject: `Tool "${name}"` } },
    );
  }
  const runtime: ToolRuntime = {
    name,
    validateInput: input.validate,
    validateOutput,
    invoke: (args, call, context) => invokeAiSdkExecute(tool, args, call, context),
    toModelOutput,
    timeoutMs: tool.timeoutMs,
  };
  return {
    name,
    id: isProvider ? (tool.id as string) : name,
    description,
    modelTool,
    inputJsonSchema: input.jsonSchema,
    providerExecuted,
    strict: isProvider ? undefined : tool.strict,
    title: tool.title,
    providerOptions,
    requireApproval: approval(tool.needsApproval),
    original: tool,
    execute:
      execute && !providerExecuted ? (call, context) => runToolCall(runtime, call, context) : undefined,
    checkInput: execute && !providerExecuted ? (call) => checkToolInput(runtime, call) : undefined,
    toModelOutput,
  };
}

// Provider tools send no schema to the model; a schema, when given, only validates arguments.
async function providerToolInput(
  name: string,
  schema: unknown,
): Promise<{ jsonSchema?: undefined; validate?: SchemaValidator }> {
  if (schema === undefined) return {};
  return { validate: await getSchemaValidator(schema, `tool "${name}" inputSchema`) };
}

function describe(
  name: string,
  tool: AiSdkToolLike,
  requestContext: RequestContext | undefined,
): string | undefined {
  if (typeof tool.description !== 'function') return tool.description;
  try {
    return String((tool.description as Fn)({ context: requestContext?.all ?? {} }));
  } catch (error) {
    throw new ConfigurationError(
      TOOL_INVALID_CONFIG,
      `Tool "${name}": its description function threw. Fix the function or use a string.`,
      {
        cause: error,
        details: { toolName: name },
      },
    );
  }
}

// AI SDK streaming tools return an AsyncIterable: every value but the last is a preliminary
// result, forwarded through `writer.write`; the last one is the result.
async function invokeAiSdkExecute(
  tool: AiSdkToolLike,
  args: unknown,
  call: ToolCallRequest,
  context: ToolExecutionContext,
): Promise<unknown> {
  const output = await (tool.execute as Fn).call(tool, args, {
    toolCallId: call.toolCallId,
    messages: call.modelMessages ?? [],
    abortSignal: context.abortSignal,
    context: context.requestContext.all,
  });
  if (!isAsyncIterable(output)) return output;
  let last: unknown;
  let seen = false;
  for await (const value of output) {
    if (seen) await context.writer?.write(last);
    last = value;
    seen = true;
  }
  return last;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

function approval(
  needsApproval: AiSdkToolLike['needsApproval'],
): boolean | ToolApprovalPredicate | undefined {
  if (typeof needsApproval !== 'function') return needsApproval;
  const predicate = needsApproval as Fn;
  return async (input, context) =>
    Boolean(
      await predicate(input, {
        toolCallId: context?.agent?.toolCallId ?? '',
        messages: [],
        context: context?.requestContext.all ?? {},
      }),
    );
}
