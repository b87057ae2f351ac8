import type { LanguageModelV2Usage, LanguageModelV3Usage, LanguageModelV4Usage } from '@ai-sdk/provider';
import type { LanguageModelUsage } from './types.js';

/** Adds two token counts; `undefined` only when both are unknown. */
function addTokenCounts(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a + b;
}

/**
 * Flattens spec-V3/V4 nested usage (`inputTokens.total`, `outputTokens.reasoning`, …) into
 * {@link LanguageModelUsage}. `totalTokens` is the sum of input and output. Tolerates a missing
 * or partial usage object (some providers omit it on error), yielding `undefined` counts, and
 * flat V2-style usage from providers that report the old shape under a newer spec version.
 */
export function usageFromNested(
  usage: LanguageModelV3Usage | LanguageModelV4Usage | undefined,
): LanguageModelUsage {
  if (typeof usage?.inputTokens === 'number' || typeof usage?.outputTokens === 'number') {
    return usageFromFlat(usage as unknown as LanguageModelV2Usage);
  }
  const input = usage?.inputTokens;
  const output = usage?.outputTokens;
  const inputTokens = input?.total;
  const outputTokens = output?.total;
  return {
    inputTokens,
    outputTokens,
    totalTokens: addTokenCounts(inputTokens, outputTokens),
    reasoningTokens: output?.reasoning,
    cachedInputTokens: input?.cacheRead,
  };
}

/**
 * Returns spec-V2 flat usage as {@link LanguageModelUsage}: the same object when it already has
 * a `totalTokens`, otherwise a copy whose `totalTokens` is the sum of input and output.
 */
export function usageFromFlat(usage: LanguageModelV2Usage | undefined): LanguageModelUsage {
  if (usage === undefined) {
    return { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined };
  }
  if (usage.totalTokens !== undefined) return usage;
  return {
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    totalTokens: addTokenCounts(usage.inputTokens, usage.outputTokens),
    reasoningTokens: usage.reasoningTokens,
    cachedInputTokens: usage.cachedInputTokens,
  };
}
