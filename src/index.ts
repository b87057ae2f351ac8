/**
 * Sluice: LLM agents whose inputs, outputs, steps, tool results and provider errors flow
 * through a programmable processor pipeline.
 *
 * The root holds what a first program needs: `Agent`, `createTool`, the processor interface and
 * its hook types, `TripWire`, the errors a caller catches, the message types and
 * `RequestContext`. Everything else lives in the subpath of its concept (`sluice/processors` for
 * the built-in processors, `sluice/memory`, `sluice/stream`, `sluice/processors/authoring` for
 * the helpers the built-ins are made of, …); the README's "Entry points" table lists them. A test
 * keeps this file at 80 names or fewer.
 */

// Agent
export { Agent } from './agent/agent.js';
export type {
  AgentConfig,
  AgentExecutionOptions,
  AgentInstructions,
  DynamicArgument,
} from './agent/types.js';
// Errors a caller catches (every one also in `sluice/errors` or the subpath of its concept)
export type {
  ConfigurationErrorCode,
  ProcessorErrorCode,
  SluiceErrorCode,
  ToolErrorCode,
} from './errors/codes.js';
export { ConfigurationError } from './errors/configuration-error.js';
export { DataTooDeepError } from './errors/data-too-deep-error.js';
export { DownloadAssetsError } from './errors/download-assets-error.js';
export { ProcessorError, type ProcessorHookName } from './errors/processor-error.js';
export { ProviderCallError } from './errors/provider-call-error.js';
export { SluiceError, type SluiceErrorOptions } from './errors/sluice-error.js';
export { TripWire, type TripWireOptions } from './errors/tripwire.js';
export { MemoryError } from './memory/memory-error.js';
// Messages
export { MessageList } from './messages/message-list.js';
export type {
  CoreMessage,
  MastraDBMessage,
  MastraMessagePart,
  MessageListInput,
  MessageSource,
  ModelMessage,
  UIMessage,
} from './messages/types.js';
export type { ToolsInput } from './models/call-settings.js';
export type { ModelSpec } from './models/resolve-model.js';
// Processors: the interface, the base class and the hook argument/result types
export type {
  ErrorProcessor,
  ErrorProcessorOrWorkflow,
  InputProcessor,
  InputProcessorOrWorkflow,
  OutputProcessor,
  OutputProcessorOrWorkflow,
  ProcessAPIErrorArgs,
  ProcessAPIErrorResult,
  ProcessInputArgs,
  ProcessInputResult,
  ProcessInputStepArgs,
  ProcessInputStepResult,
  ProcessLLMRequestArgs,
  ProcessLLMRequestResult,
  ProcessLLMResponseArgs,
  ProcessLLMResponseResult,
  ProcessOutputResultArgs,
  ProcessOutputStepArgs,
  ProcessOutputStreamArgs,
  Processor,
  ProcessorContext,
  ProcessorMessageResult,
  ProcessorState,
  ProcessorStreamWriter,
  ProcessorViolation,
  ProcessToolResultArgs,
} from './pipeline/types.js';
export { BaseProcessor } from './pipeline/types.js';
// Request context
export {
  MASTRA_RESOURCE_ID_KEY,
  MASTRA_THREAD_ID_KEY,
  RequestContext,
} from './request-context/request-context.js';
export { StorageError } from './stores/errors.js';
export type { ChunkType } from './stream/chunk-types.js';
export { ChunkFrom } from './stream/chunk-types.js';
export type { FullOutput, MastraModelOutput } from './stream/model-output.js';
// Tools
export { createTool } from './tools/create-tool.js';
export { Tool } from './tools/tool.js';
export type { ToolConfig } from './tools/tool-config.js';
export { ToolExecutionError } from './tools/tool-execution-error.js';
export type { ToolExecutionContext } from './tools/types.js';
