/**
 * One adapter per model object (README "per request"): the adapter keeps no copy of the model's
 * fields, so a model object shared by agents and edited between calls (a replaced `doStream`, a
 * new `modelId`) is used as it is now; a changed `specificationVersion` gets a fresh adapter.
 */
import type { LanguageModelV2 } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { toMastraModel } from './to-mastra-model.js';
import type { ModelCallOptions } from './types.js';

function v2Model(): LanguageModelV2 & { calls: string[] } {
  const calls: string[] = [];
  const stream = () => ({ stream: new ReadableStream({ start: (c) => c.close() }) });
  return {
    calls,
    specificationVersion: 'v2',
    provider: 'test',
    modelId: 'first',
    supportedUrls: {},
    doGenerate: () => Promise.reject(new Error('unused')),
    doStream: async () => {
      calls.push('original');
      return stream();
    },
  };
}

describe('the cached model adapter follows the model object', () => {
  it('reads modelId and doStream from the model at each use', async () => {
    const model = v2Model();
    const adapter = toMastraModel(model);
    (model as { modelId: string }).modelId = 'second';
    model.doStream = async () => {
      model.calls.push('replaced');
      return { stream: new ReadableStream({ start: (c) => c.close() }) };
    };
    const again = toMastraModel(model);
    expect(again).toBe(adapter);
    expect(again.modelId).toBe('second');
    await again.doStream({ prompt: [] } as unknown as ModelCallOptions);
    expect(model.calls).toEqual(['replaced']);
  });

  it('a model whose specificationVersion changed gets an adapter of the new version', () => {
    const model = v2Model();
    expect(toMastraModel(model).specificationVersion).toBe('v2');
    (model as { specificationVersion: string }).specificationVersion = 'v3';
    expect(toMastraModel(model).specificationVersion).toBe('v3');
  });
});
