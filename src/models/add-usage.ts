import type { LanguageModelUsage } from '../models/types.js';

/** Usage of a step that reported nothing. */
export function emptyUsage(): LanguageModelUsage {
  return { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined };
}

const plus = (a: number | undefined, b: number | undefined): number | undefined =>
  a === undefined ? b : b === undefined ? a : a + b;

/** Sum of two usages; a field stays undefined only when both sides lack it. */
export function addUsage(a: LanguageModelUsage, b: LanguageModelUsage): LanguageModelUsage {
  return {
    inputTokens: plus(a.inputTokens, b.inputTokens),
    outputTokens: plus(a.outputTokens, b.outputTokens),
    totalTokens: plus(a.totalTokens, b.totalTokens),
    reasoningTokens: plus(a.reasoningTokens, b.reasoningTokens),
    cachedInputTokens: plus(a.cachedInputTokens, b.cachedInputTokens),
  };
}
