/**
 * ResponseCache's two hooks called directly, outside an agent loop (no `onStepSettled` seam):
 * processLLMRequest looks up and returns `{ response }` on a hit; processLLMResponse writes the
 * step's chunks with `cache.set(key, value, ttl * 1000)` unless `fromCache` or the chunks hold
 * an error or tripwire — Mastra's contract for a processor driven by hand.
 */
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import { InMemoryServerCache } from 'sluice/cache';
import {
  type CachedLLMStepChunk,
  type ProcessLLMRequestArgs,
  type ProcessLLMResponseArgs,
  ResponseCache,
} from 'sluice/processors';
import { describe, expect, it, vi } from 'vitest';

const prompt: LanguageModelV2Prompt = [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }];
const model = { provider: 'p', modelId: 'm', specificationVersion: 'v2' };
const chunks: CachedLLMStepChunk[] = [
  { type: 'text-delta', payload: { id: '0', text: 'hello' } },
  { type: 'finish', payload: { stepResult: { reason: 'stop' }, output: {} } },
];

function request(state: Record<string, unknown>): ProcessLLMRequestArgs {
  return { prompt, model, stepNumber: 0, steps: [], state } as unknown as ProcessLLMRequestArgs;
}
function response(
  state: Record<string, unknown>,
  extra: Partial<ProcessLLMResponseArgs> = {},
): ProcessLLMResponseArgs {
  return {
    chunks,
    model,
    stepNumber: 0,
    steps: [],
    state,
    fromCache: false,
    ...extra,
  } as unknown as ProcessLLMResponseArgs;
}

describe('ResponseCache hooks driven directly', () => {
  it('miss → write on processLLMResponse with ttl * 1000 → the next lookup returns { response }', async () => {
    const cache = new InMemoryServerCache();
    const set = vi.spyOn(cache, 'set');
    const processor = new ResponseCache({ cache, ttl: 42 });
    expect(processor.id).toBe('mastra/response-cache');
    expect(processor.name).toBe('@mastra/response-cache');
    const state = {};
    expect(await processor.processLLMRequest(request(state))).toBeUndefined();
    await processor.processLLMResponse(response(state));
    expect(set).toHaveBeenCalledWith(
      expect.stringMatching(/^mastra:agent-response:/),
      expect.objectContaining({ chunks }),
      42_000,
    );
    const hit = await processor.processLLMRequest(request({}));
    expect(hit).toEqual({ response: expect.objectContaining({ chunks }) });
  });

  it('fromCache: true, error chunks and tripwire chunks are not written', async () => {
    const cache = new InMemoryServerCache();
    const processor = new ResponseCache({ cache });
    for (const extra of [
      { fromCache: true },
      { chunks: [...chunks, { type: 'error', payload: { error: 'x' } }] },
      { chunks: [{ type: 'tripwire', payload: { reason: 'no' } }] },
    ]) {
      const state = {};
      await processor.processLLMRequest(request(state));
      await processor.processLLMResponse(response(state, extra as Partial<ProcessLLMResponseArgs>));
    }
    expect(cache.size).toBe(0);
  });
});
