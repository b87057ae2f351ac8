export type { ToolErrorCode } from '../errors/codes.js';
export { createTool } from './create-tool.js';
// Internal (see `sluice/internal`): kept only because the agent loop still imports them from
// here; they go once the loop has moved.
export { ResolvedToolSet } from './resolved-tool-set.js';
export { isTool, Tool } from './tool.js';
export type { ToolConfig, ToolOutputOf, ToolResultConstraint } from './tool-config.js';
export { ToolExecutionError } from './tool-execution-error.js';
export type { AiSdkToolLike, ToolLike } from './tool-like.js';
export type {
  ToolAgentContext,
  ToolApprovalPredicate,
  ToolExecutionContext,
  ToolOutcome,
  ToolStream,
} from './types.js';
