import { ConfigurationError } from '../errors/index.js';
import type { RequestContext } from '../request-context/request-context.js';
import { describeValue } from '../schema/schema-errors.js';
import { resolveAiSdkTool } from './resolve-ai-sdk-tool.js';
import { resolveSluiceTool } from './resolve-sluice-tool.js';
import { Tool } from './tool.js';
import type { ToolConfig } from './tool-config.js';
import { type AiSdkToolLike, classifyToolLike } from './tool-like.js';
import type { ResolvedTool } from './types.js';
import { TOOL_INVALID_CONFIG } from './validate-tool-config.js';

/**
 * Resolve one tools-record entry registered under `name`. Throws `ConfigurationError`
 * (`TOOL_INVALID_CONFIG`) naming the key when the entry is not a tool.
 */
export function resolveTool(
  name: string,
  entry: unknown,
  requestContext?: RequestContext,
): Promise<ResolvedTool> {
  switch (classifyToolLike(entry)) {
    case 'sluice':
      return resolveSluiceTool(name, entry as Tool);
    case 'mastra-shaped':
      return resolveSluiceTool(name, new Tool(entry as ToolConfig));
    case 'ai-sdk':
    case 'provider':
      return resolveAiSdkTool(name, entry as AiSdkToolLike, requestContext);
    default:
      throw new ConfigurationError(
        TOOL_INVALID_CONFIG,
        `tools["${name}"] is not a tool (got ${describeValue(entry)}). ` +
          'Fix: register a createTool() result, an AI SDK tool() object, or a provider tool under each key.',
        { details: { toolName: name } },
      );
  }
}
