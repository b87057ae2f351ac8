/**
 * `sluice/processors`: the pipeline's types and errors plus every built-in processor, one
 * folder each under `src/processors/<name>/`.
 */
export * from '../pipeline/index.js';
export { BatchPartsProcessor, type BatchPartsProcessorOptions } from './batch-parts/index.js';
export {
  type AskJudgeArgs,
  askJudge,
  configFingerprint,
  createStreamWindow,
  DEFAULT_OVERLAP_CHARS,
  DEFAULT_WINDOW_CHARS,
  type FailPolicyOptions,
  type FailPolicyResult,
  GUARDRAIL_MODES,
  GuardrailCheckError,
  type GuardrailCommonOptions,
  type GuardrailFailure,
  type GuardrailFailureKind,
  type GuardrailFailureTripwireMetadata,
  type GuardrailMode,
  type GuardrailStreamOptions,
  type GuardrailStructuredOutputOptions,
  GuardrailTimeoutError,
  parseLenientJson,
  resolveGuardrailMode,
  runWithFailPolicy,
  StreamTextWindow,
  type StreamWindowArgs,
  type StreamWindowCheck,
  type StreamWindowCheckInfo,
  type StreamWindowOptions,
  type StreamWindowSpan,
  type StreamWindowVerdict,
  VerdictCache,
  type VerdictCacheOptions,
} from './guardrails/index.js';
export { PrefillErrorHandler } from './prefill-error-handler/index.js';
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
