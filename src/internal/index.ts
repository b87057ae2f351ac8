/**
 * `sluice/internal`: building blocks the agent, the runner and the built-in processors share,
 * for Sluice's own tests and tooling. Not part of the documented API: names here may change or
 * go in any release. Import from the documented entry points (`sluice/agent`,
 * `sluice/processors`, …) instead.
 */
export { downloadUnderPolicy } from '../downloads/guarded-fetch.js';
export { type ResolvedDownloadPolicy, resolveDownloadPolicy } from '../downloads/policy.js';
export { assertCustomChunk, invalidCustomChunk } from '../errors/invalid-custom-chunk.js';
export {
  type ConvertInputOptions,
  convertToDBMessages,
  INVALID_MESSAGE_INPUT,
} from '../messages/convert-input.js';
export { syncLegacyFields } from '../messages/legacy-fields.js';
export { INVALID_MESSAGE_SOURCE } from '../messages/message-list.js';
export { getMessageText } from '../messages/message-text.js';
export type { RecordSource } from '../messages/record-segment.js';
export {
  DEFAULT_SIGNAL_TAG,
  escapeXmlAttribute,
  renderSignalMessage,
  renderSignalText,
  type SignalAttributes,
} from '../messages/signal-text.js';
export { INVALID_SYSTEM_MESSAGE } from '../messages/system-message-store.js';
export { type ToModelMessagesOptions, toModelMessages } from '../messages/to-model-messages.js';
export { systemMessageText, toLanguageModelPrompt } from '../messages/to-prompt.js';
export { type ToUIMessagesOptions, toUIMessages } from '../messages/to-ui.js';
export { toToolResultOutput } from '../messages/tool-output.js';
export { isMastraLanguageModel, resolveModel, toMastraModel } from '../models/index.js';
export { HOOK_SPAN_ATTRIBUTES, type HookOutcome } from '../pipeline/tracing.js';
export { LANE_HOOKS, type ProcessorArrayName, validateProcessors } from '../pipeline/validate.js';
export {
  type ExecutableTool,
  executeToolCall,
  executeToolCalls,
  lookupTool,
  type ToolLookup,
} from '../tools/execute-tool-calls.js';
export { type ResolveToolSetOptions, resolveToolSet } from '../tools/resolve-tool-set.js';
export { ResolvedToolSet } from '../tools/resolved-tool-set.js';
export { toolNotFoundError } from '../tools/tool-errors.js';
export type {
  NamedToolCall,
  ResolvedTool,
  ToolCallContext,
  ToolCallOutcome,
  ToolCallRequest,
  ToolOutcome,
} from '../tools/types.js';
