export type { ToolErrorCode } from '../errors/codes.js';
export { createTool } from './create-tool.js';
export { isTool, Tool } from './tool.js';
export type { ToolConfig, ToolOutputOf, ToolResultConstraint } from './tool-config.js';
export { ToolExecutionError } from './tool-execution-error.js';
export type { AiSdkToolLike, ToolLike } from './tool-like.js';
export type {
  ToolAgentContext,
  ToolApprovalPredicate,
  ToolExecutionContext,
  ToolStream,
} from './types.js';
