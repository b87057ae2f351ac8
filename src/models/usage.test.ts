import { describe, expect, it } from 'vitest';
import { finishReasonFromUnified, rawFinishReasonOf } from './finish-reason.js';
import { usageFromFlat, usageFromNested } from './usage.js';

describe('usage and finish-reason normalisation', () => {
  it('flattens nested usage; totalTokens is the sum, undefined only when both are unknown', () => {
    expect(
      usageFromNested({
        inputTokens: { total: 10, noCache: 6, cacheRead: 4, cacheWrite: undefined },
        outputTokens: { total: 5, text: 3, reasoning: 2 },
      }),
    ).toEqual({
      inputTokens: 10,
      outputTokens: 5,
      totalTokens: 15,
      reasoningTokens: 2,
      cachedInputTokens: 4,
    });
    const partial = usageFromNested({
      inputTokens: { total: 7, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
    });
    expect(partial.totalTokens).toBe(7);
    expect(usageFromNested(undefined).totalTokens).toBeUndefined();
    expect(usageFromNested({ inputTokens: 1, outputTokens: 2 } as never)).toMatchObject({ totalTokens: 3 });
  });

  it('keeps flat usage, filling a missing totalTokens', () => {
    const complete = { inputTokens: 1, outputTokens: 2, totalTokens: 4 };
    expect(usageFromFlat(complete)).toBe(complete);
    expect(usageFromFlat({ inputTokens: 1, outputTokens: 2, totalTokens: undefined }).totalTokens).toBe(3);
  });

  it('maps unified finish reasons; interrupted becomes other and keeps a raw reason', () => {
    expect(finishReasonFromUnified('tool-calls')).toBe('tool-calls');
    expect(finishReasonFromUnified('interrupted')).toBe('other');
    expect(finishReasonFromUnified('weird')).toBe('unknown');
    expect(rawFinishReasonOf({ unified: 'interrupted', raw: undefined })).toBe('interrupted');
    expect(rawFinishReasonOf({ unified: 'stop', raw: 'end_turn' })).toBe('end_turn');
  });
});
