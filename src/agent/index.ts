export {
  type AttachmentDownloadPolicy,
  DEFAULT_ATTACHMENT_DOWNLOADS,
  type HostLookup,
} from '../downloads/policy.js';
export { TripWire } from '../errors/tripwire.js';
export type { MessageList } from '../messages/message-list.js';
export type { MastraDBMessage } from '../messages/types.js';
export type { ModelRouterConfig, ModelSpec } from '../models/resolve-model.js';
export type { SupportedLanguageModel } from '../models/to-mastra-model.js';
export type {
  FinishReason,
  LanguageModelUsage,
  MastraLanguageModel,
  MastraLanguageModelV2,
  ModelCallOptions,
  ModelStreamPart,
  ModelStreamResult,
} from '../models/types.js';
export type { AgentSandbox, SandboxFile } from '../pipeline/types.js';
export type { FullOutput, MastraModelOutput } from '../stream/model-output.js';
export type {
  RecordedCall,
  RecordedCallFailure,
  RecordedError,
  RecordedToolOutcome,
  RunRecording,
} from '../tracing/recording-format.js';
export type {
  HookOutcome,
  MessageDiff,
  RecordedChunkCounts,
  RecordedHookInvocation,
  RecordedMemory,
  RecordedMessage,
  RecordedModelCall,
  RecordedPartEdit,
  RecordedToolCall,
  RecordedTripwire,
  RunRecord,
} from '../tracing/run-record.js';
export { Agent } from './agent.js';
export { DEFAULT_ERROR_PROCESSOR_IDS, type DefaultErrorProcessorId } from './resolve-error-processors.js';
export type {
  AgentConfig,
  AgentExecutionOptions,
  AgentInstructions,
  CallSettings,
  DynamicArgument,
  FinishEvent,
  LanguageModelObject,
  ModelConfig,
  PrepareStepFunction,
  ProviderOptions,
  StructuredOutputLogger,
  StructuredOutputOptions,
  StructuredOutputSchema,
  ToolChoice,
  ToolsInput,
} from './types.js';
