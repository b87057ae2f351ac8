/**
 * Sluice: LLM agents whose inputs, outputs, steps, tool results and provider errors flow
 * through a programmable processor pipeline. Subpaths (`sluice/agent`, `sluice/processors`, …)
 * export the same names grouped by concept.
 */
export * from './agent/index.js';
export * from './cache/index.js';
export * from './errors/index.js';
export * from './memory/index.js';
export * from './messages/index.js';
// `sluice/agent` exports MessageList as a type only (as documented); the root exports the class.
export { MessageList } from './messages/message-list.js';
export type { ModelRouterConfig, ModelSpec, SupportedLanguageModel } from './models/index.js';
export type {
  FinishReason,
  LanguageModelUsage,
  MastraLanguageModel,
  MastraLanguageModelV2,
  ModelCallOptions,
  ModelStreamPart,
  ModelStreamResult,
} from './models/types.js';
export * from './processors/index.js';
export * from './request-context/index.js';
export * from './stream/index.js';
export * from './tools/index.js';
