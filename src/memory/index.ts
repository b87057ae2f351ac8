/**
 * `sluice/memory`: `Memory` (threads, messages, `recall()`, working memory, semantic recall),
 * its options, the memory processors an agent runs around yours, and the storage contract with
 * the in-memory store.
 */

export type { MastraDBMessage, MastraMessageContentV2, MastraMessagePart } from '../messages/types.js';
// Storage: the contract, its row types, the in-memory store and its error class.
export * from '../stores/index.js';
export type {
  MemoryConfig,
  MemoryScope,
  ResolvedMemoryConfig,
  ResolvedSemanticRecall,
  SemanticRecallConfig,
  WorkingMemoryConfig,
} from './config.js';
export { MEMORY_CONTEXT_KEY, type MemoryContextValue } from './context-key.js';
export type { EmbeddingModel } from './embedder.js';
export {
  Memory,
  type MemoryOptions,
  type MemoryVectorStore,
  type PageArgs,
  type RecallArgs,
  type RecallResult,
  type UpdateWorkingMemoryInput,
} from './memory.js';
export { MemoryError } from './memory-error.js';
export { ContextOverflowRecovery, isContextOverflow } from './processors/context-overflow.js';
export type { MemoryProcessorStorageOptions } from './processors/direct.js';
export { MemoryInputFilter, type MemoryInputFilterOptions } from './processors/input-filter.js';
export { MessageHistory, type MessageHistoryOptions } from './processors/message-history.js';
export { SemanticRecall, type SemanticRecallOptions } from './processors/semantic-recall.js';
export type { MemoryTurnContext, PreloadedTurn } from './processors/turn-context.js';
export {
  type WorkingMemoryOptions,
  WorkingMemoryProcessor as WorkingMemory,
} from './processors/working-memory.js';
export type { TurnFailure, TurnStatus } from './save-turn.js';
export type { HideSignals, SignalType } from './signal-visibility.js';
export { type AgentMemoryOption, beginMemoryTurn, MemoryTurn, type TurnEnd } from './turn.js';
export {
  DEFAULT_WORKING_MEMORY_TEMPLATE,
  mergeWorkingMemory,
  UPDATE_WORKING_MEMORY_TOOL,
  type WorkingMemoryTemplate,
} from './working-memory.js';
