/**
 * Shared guardrail machinery: modes, the helper-model judge, the fail policy, the verdict cache
 * and the stream hold-back window. Used by `PIIDetector`, `PromptInjectionDetector`,
 * `ModerationProcessor`, `LanguageDetector` and `SystemPromptScrubber`; the stream window is
 * public for users' own stream guardrails.
 */
export { GuardrailCheckError, GuardrailTimeoutError } from './errors.js';
export {
  type FailPolicyOptions,
  type FailPolicyResult,
  type GuardrailFailure,
  type GuardrailFailureKind,
  type GuardrailFailureTripwireMetadata,
  runWithFailPolicy,
} from './fail-policy.js';
export { type AskJudgeArgs, askJudge, type GuardrailStructuredOutputOptions } from './judge.js';
export { parseLenientJson } from './lenient-json.js';
export { reportViolation } from './messages.js';
export {
  checkErrorStrategy,
  checkTimeoutMs,
  GUARDRAIL_MODES,
  type GuardrailCommonOptions,
  type GuardrailMode,
  type GuardrailStreamOptions,
  resolveGuardrailMode,
} from './mode.js';
export {
  createStreamWindow,
  DEFAULT_OVERLAP_CHARS,
  DEFAULT_WINDOW_CHARS,
  StreamTextWindow,
  type StreamWindowArgs,
  type StreamWindowCheck,
  type StreamWindowCheckInfo,
  type StreamWindowKind,
  type StreamWindowOptions,
  type StreamWindowReleased,
  type StreamWindowSpan,
  type StreamWindowVerdict,
} from './stream-window.js';
export {
  DEFAULT_TOOL_RESULT_LIMITS,
  resolveToolResultLimits,
  type ToolResultLimits,
  type ToolResultOverflow,
  type ToolResultText,
  type ToolResultWalk,
  toolResultOverflowReason,
  walkToolResult,
} from './tool-result-walk.js';
export { configFingerprint, VerdictCache, type VerdictCacheOptions } from './verdict-cache.js';
