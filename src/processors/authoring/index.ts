/**
 * `sluice/processors/authoring`: the machinery the built-in guardrails are made of, for writing
 * processors of your own: one helper-model call parsed leniently (`askJudge`,
 * `parseLenientJson`), the fail policy for a check that timed out or failed
 * (`runWithFailPolicy`), the verdict LRU (`VerdictCache`, `configFingerprint`), the streaming
 * hold-back window (`createStreamWindow`, `StreamTextWindow`), the bounded walk over a tool
 * result (`walkToolResult`) and the mode resolution (`resolveGuardrailMode`). The errors these
 * helpers throw (`GuardrailCheckError`, `GuardrailTimeoutError`) are in `sluice/processors`.
 * `flagSensitive` marks values a check found so run records mask them (`[EMAIL]`).
 */
export { flagSensitive } from '../../tracing/sensitive.js';
export {
  type AskJudgeArgs,
  askJudge,
  configFingerprint,
  createStreamWindow,
  DEFAULT_OVERLAP_CHARS,
  DEFAULT_TOOL_RESULT_LIMITS,
  DEFAULT_WINDOW_CHARS,
  type FailPolicyOptions,
  type FailPolicyResult,
  GUARDRAIL_MODES,
  type GuardrailMode,
  parseLenientJson,
  resolveGuardrailMode,
  runWithFailPolicy,
  StreamTextWindow,
  type StreamWindowArgs,
  type StreamWindowCheck,
  type StreamWindowCheckInfo,
  type StreamWindowKind,
  type StreamWindowOptions,
  type StreamWindowReleased,
  type StreamWindowSpan,
  type StreamWindowVerdict,
  type ToolResultLimits,
  type ToolResultOverflow,
  type ToolResultText,
  type ToolResultWalk,
  VerdictCache,
  type VerdictCacheOptions,
  walkToolResult,
} from '../guardrails/index.js';
