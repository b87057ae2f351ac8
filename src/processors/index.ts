/**
 * `sluice/processors`: the pipeline's types and errors plus every built-in processor, one
 * folder each under `src/processors/<name>/`. The helpers the built-in guardrails are made of
 * (`askJudge`, `VerdictCache`, `runWithFailPolicy`, `createStreamWindow`, …) are in
 * `sluice/processors/authoring`.
 */

export * from '../cost/public.js';
// The memory processors and `isProcessorWorkflow`: api-reference §0.2 places them in the
// original's processors entry point, so they are here as well as in `sluice/memory` /
// `sluice/workflows`.
export { ContextOverflowRecovery, isContextOverflow } from '../memory/processors/context-overflow.js';
export type { MemoryProcessorStorageOptions } from '../memory/processors/direct.js';
export { MemoryInputFilter, type MemoryInputFilterOptions } from '../memory/processors/input-filter.js';
export { MessageHistory, type MessageHistoryOptions } from '../memory/processors/message-history.js';
export { SemanticRecall, type SemanticRecallOptions } from '../memory/processors/semantic-recall.js';
export {
  type WorkingMemoryOptions,
  WorkingMemoryProcessor as WorkingMemory,
} from '../memory/processors/working-memory.js';
export * from '../pipeline/index.js';
export { isProcessorWorkflow } from '../workflows/workflow.js';
export {
  BACKGROUND_WORK_SIGNALS_ID,
  type BackgroundWorkDisposition,
  type BackgroundWorkInvocationKind,
  type BackgroundWorkLifecyclePayload,
  type BackgroundWorkTerminalStatus,
  createBackgroundWorkSignalProcessor,
} from './background-work-signals/index.js';
export { BatchPartsProcessor, type BatchPartsProcessorOptions } from './batch-parts/index.js';
export {
  GuardrailCheckError,
  type GuardrailCommonOptions,
  type GuardrailFailure,
  type GuardrailFailureKind,
  type GuardrailFailureTripwireMetadata,
  type GuardrailMode,
  type GuardrailStreamOptions,
  type GuardrailStructuredOutputOptions,
  GuardrailTimeoutError,
} from './guardrails/index.js';
export {
  detectLanguageOffline,
  LANGUAGE_NAMES,
  type LanguageDetectionMetadata,
  type LanguageDetectionResult,
  LanguageDetector,
  type LanguageDetectorOptions,
  type LanguageDetectorStrategy,
  type LanguageDetectorTripwireMetadata,
  languageName,
  type OfflineLanguageDetection,
  toIsoCode,
} from './language-detector/index.js';
export {
  MODERATION_CATEGORIES,
  type ModerationCategory,
  type ModerationCategoryScore,
  type ModerationHit,
  ModerationProcessor,
  type ModerationProcessorOptions,
  type ModerationResult,
  type ModerationStrategy,
  type ModerationTripwireMetadata,
  type ModerationViolationDetail,
  moderateOffline,
  type OfflineModerationResult,
} from './moderation/index.js';
export {
  DEFAULT_DETECT_TYPES,
  DEFAULT_DETECTION_TYPES,
  type DetectPIIOptions,
  detectPII,
  PII_FILTERED_TOOL_RESULT,
  PII_TYPES,
  type PIICategoryScore,
  type PIIDetection,
  type PIIDetectionEvent,
  type PIIDetectionResult,
  PIIDetector,
  type PIIDetectorOptions,
  type PIIDetectorTripwireMetadata,
  type PIIHook,
  type PIIRedactionMethod,
  type PIIReportedDetection,
  type PIIResultDetection,
  type PIIStrategy,
  type PIITripwireMetadata,
  type PIIType,
  type PIIViolationDetail,
  placeholderFor,
} from './pii-detector/index.js';
export { PrefillErrorHandler } from './prefill-error-handler/index.js';
export {
  INJECTION_CATEGORIES,
  INJECTION_UNSCORED_TOOL_RESULT,
  INJECTION_WINDOW_CHARS,
  INJECTION_WINDOW_OVERLAP,
  INJECTION_WITHHELD_TOOL_RESULT,
  type InjectionCategory,
  type InjectionCategoryScore,
  type InjectionScore,
  MAX_INJECTION_SCORED_CHARS,
  type PromptInjectionDetectionEvent,
  type PromptInjectionDetectionResult,
  PromptInjectionDetector,
  type PromptInjectionDetectorOptions,
  type PromptInjectionOversizeStrategy,
  type PromptInjectionSource,
  type PromptInjectionStrategy,
  type PromptInjectionViolationDetail,
  type ScoreInjectionOptions,
  scoreInjection,
} from './prompt-injection-detector/index.js';
export {
  anthropicToolIdFormat,
  azureSystemReminderTransform,
  type CompatRule,
  type CompatRuleApplyArgs,
  cerebrasStripReasoningContent,
  DEFAULT_COMPAT_RULES,
  openaiOrphanItemId,
} from './provider-history-compat/compat-rules/index.js';
export { ProviderHistoryCompat, type ProviderHistoryCompatOptions } from './provider-history-compat/index.js';
export {
  type RegexFilterHook,
  type RegexFilterLocation,
  type RegexFilterMatch,
  type RegexFilterPhase,
  type RegexFilterPreset,
  RegexFilterProcessor,
  type RegexFilterProcessorOptions,
  type RegexFilterRedactDetail,
  type RegexFilterRedaction,
  type RegexFilterRule,
  type RegexFilterStrategy,
  type RegexFilterTripwireMetadata,
  type RegexFilterViolationDetail,
  type RegexFilterWarnDetail,
} from './regex-filter/index.js';
export {
  buildResponseCacheKey,
  type CacheFailureKind,
  DEFAULT_RESPONSE_CACHE_TIMEOUT_MS,
  DEFAULT_RESPONSE_CACHE_TTL_SECONDS,
  RESPONSE_CACHE_CONTEXT_KEY,
  ResponseCache,
  type ResponseCacheContextOptions,
  type ResponseCacheKeyFn,
  type ResponseCacheKeyInputs,
  type ResponseCacheLogger,
  type ResponseCacheOptions,
} from './response-cache/index.js';
export * from './step-schema/index.js';
export {
  isBadRequestError,
  isConnectionResetError,
  isRetryableOpenAIResponsesStreamError,
  isRetryableProviderErrorBody,
  type StreamErrorRetryDelayMs,
  type StreamErrorRetryMatcher,
  type StreamErrorRetryMatcherConfig,
  type StreamErrorRetryMatcherEntry,
  StreamErrorRetryProcessor,
  type StreamErrorRetryProcessorOptions,
} from './stream-error-retry/index.js';
export {
  StructuredOutputProcessor,
  type StructuredOutputProcessorOptions,
} from './structured-output/index.js';
export {
  LEAK_SHINGLE_TOKENS,
  type SystemPromptDetection,
  type SystemPromptRedactionMethod,
  SystemPromptScrubber,
  type SystemPromptScrubberOptions,
  type SystemPromptScrubberResult,
  type SystemPromptScrubberStrategy,
  type SystemPromptScrubberTripwireMetadata,
  type SystemPromptScrubberViolationDetail,
} from './system-prompt-scrubber/index.js';
export {
  CostGuardProcessor,
  type CostGuardProcessorOptions,
  formatUsd,
  TokenCostControl,
  type TokenCostControlOptions,
  type TokenCostControlTripwireMetadata,
  type TokenCostControlViolationDetail,
  type TokenCostLimit,
  type TokenCostReservationOptions,
  type TokenCostUsage,
  type TokenCostUsageQuery,
  type TokenCostUsageReport,
} from './token-cost-control/index.js';
export {
  type TokenCountableMessage,
  type TokenCounter,
  TokenLimiter,
  type TokenLimiterCountMode,
  type TokenLimiterOptions,
  TokenLimiterProcessor,
  type TokenLimiterStrategy,
  type TokenLimiterTrimMode,
  type TokenLimiterTripwireMetadata,
  type TokenLimitReachedChunk,
} from './token-limiter/index.js';
export { ToolCallFilter, type ToolCallFilterOptions } from './tool-call-filter/index.js';
export {
  DEFAULT_TOOL_SEARCH_TTL_MS,
  LOAD_TOOL_NAME,
  type LoadedToolsQuery,
  type LoadToolResult,
  SEARCH_TOOL_NAME,
  type SearchToolsResult,
  type ToolSearchFilterArgs,
  type ToolSearchHit,
  type ToolSearchPhase,
  ToolSearchProcessor,
  type ToolSearchProcessorOptions,
  type ToolSearchStateStats,
} from './tool-search/index.js';
export { UnicodeNormalizer, type UnicodeNormalizerOptions } from './unicode-normalizer/index.js';
export {
  DEFAULT_SUPPORTED_MEDIA_TYPES,
  UnsupportedFileHandler,
  type UnsupportedFileHandlerOptions,
} from './unsupported-file-handler/index.js';
