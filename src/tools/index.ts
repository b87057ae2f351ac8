export type { ToolErrorCode } from '../errors/codes.js';
export { createTool } from './create-tool.js';
export { executeToolCall, executeToolCalls } from './execute-tool-calls.js';
export { type ResolveToolSetOptions, resolveToolSet } from './resolve-tool-set.js';
export { ResolvedToolSet } from './resolved-tool-set.js';
export { isTool, Tool } from './tool.js';
export type { ToolConfig, ToolOutputOf, ToolResultConstraint } from './tool-config.js';
export { toolNotFoundError } from './tool-errors.js';
export { ToolExecutionError } from './tool-execution-error.js';
export type { AiSdkToolLike, ToolLike } from './tool-like.js';
export type {
  NamedToolCall,
  ResolvedTool,
  ToolAgentContext,
  ToolApprovalPredicate,
  ToolCallContext,
  ToolCallOutcome,
  ToolCallRequest,
  ToolExecutionContext,
  ToolOutcome,
  ToolStream,
} from './types.js';
