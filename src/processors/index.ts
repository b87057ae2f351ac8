export { DownloadAssetsError } from '../errors/download-assets-error.js';
export { ProcessorError, type ProcessorHookName } from '../errors/processor-error.js';
export {
  anthropicToolIdFormat,
  azureSystemReminderTransform,
  type CompatRule,
  type CompatRuleApplyArgs,
  cerebrasStripReasoningContent,
  DEFAULT_COMPAT_RULES,
  openaiOrphanItemId,
} from './compat-rules/index.js';
export { PrefillErrorHandler } from './prefill-error-handler.js';
export { ProviderHistoryCompat, type ProviderHistoryCompatOptions } from './provider-history-compat.js';
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
} from './stream-error-retry-processor.js';
export { HOOK_SPAN_ATTRIBUTES, type HookOutcome } from './tracing.js';
export { TripWire } from './tripwire.js';
export * from './types.js';
export {
  DEFAULT_SUPPORTED_MEDIA_TYPES,
  UnsupportedFileHandler,
  type UnsupportedFileHandlerOptions,
} from './unsupported-file-handler.js';
export { LANE_HOOKS, type ProcessorArrayName, validateProcessors } from './validate.js';
