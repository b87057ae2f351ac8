/**
 * `TokenLimiter` on the output stream, cumulative count with the default `truncate` strategy:
 * the delta that crosses the limit keeps the prefix that fits. With `generate()` calling
 * `doGenerate`, a one-shot answer reaches the stream processors as one delta, so withholding
 * the whole crossing delta would leave the caller an empty answer.
 */

import type { LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { Agent } from 'sluice/agent';
import { TokenLimiter } from 'sluice/processors';
import { createProcessorHarness } from 'sluice/test';
import { describe, expect, it } from 'vitest';

const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');

function answer(text: string): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: 5, noCache: 5, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 400, text: 400, reasoning: undefined },
    },
    warnings: [],
  };
}

describe('TokenLimiter truncates the delta that crosses the limit', () => {
  it('generate() over doGenerate returns the answer cut at the limit, not an empty one', async () => {
    const model = new MockLanguageModelV3({ doGenerate: async () => answer(words) });
    const agent = new Agent({
      id: 'limited',
      name: 'limited',
      instructions: 'Answer.',
      model,
      outputProcessors: [new TokenLimiter(20)],
    });
    const result = await agent.generate('Count.');
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(result.text.length).toBeGreaterThan(0);
    expect(words.startsWith(result.text)).toBe(true);
    expect(result.text.length).toBeLessThan(words.length);
  });

  it('a streamed delta crossing the limit keeps its prefix; later deltas are withheld', async () => {
    const h = createProcessorHarness(new TokenLimiter(6));
    const run = await h.processOutputStream(['one two three', ' four five six seven eight', ' nine']);
    const texts = run.chunks.map((c) => (c.type === 'text-delta' ? c.payload.text : ''));
    expect(texts[0]).toBe('one two three');
    expect(texts).toHaveLength(2);
    expect(' four five six seven eight'.startsWith(texts[1]!)).toBe(true);
    expect(texts[1]!.length).toBeGreaterThan(0);
    expect(texts[1]!.length).toBeLessThan(' four five six seven eight'.length);
    expect(run.written).toHaveLength(1);
  });
});
