import type { LanguageModelV3FinishReason, LanguageModelV4FinishReason } from '@ai-sdk/provider';
import type { FinishReason } from './types.js';

/**
 * Maps a spec-V3/V4 unified finish reason onto {@link FinishReason}. V4's `interrupted` has no
 * Sluice equivalent and becomes `other`; anything unrecognised becomes `unknown`.
 */
export function finishReasonFromUnified(unified: string | undefined): FinishReason {
  switch (unified) {
    case 'stop':
    case 'length':
    case 'content-filter':
    case 'tool-calls':
    case 'error':
    case 'other':
      return unified;
    case 'interrupted':
      return 'other';
    default:
      return 'unknown';
  }
}

/**
 * Reads the provider's raw finish reason from a V3/V4 `{ unified, raw }` object. V4's
 * `interrupted` without a raw value reports `'interrupted'` so the fact is not lost when the
 * unified reason is folded into `other`.
 */
export function rawFinishReasonOf(
  reason: LanguageModelV3FinishReason | LanguageModelV4FinishReason,
): string | undefined {
  if (reason.raw !== undefined) return reason.raw;
  return reason.unified === 'interrupted' ? 'interrupted' : undefined;
}
