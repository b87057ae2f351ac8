/**
 * 001-response-cache-quickstart: `ResponseCache({ cache: new InMemoryServerCache(), ttl: 600 })`
 * on an agent. The first call runs the model and writes the response; a later call with the
 * same resolved prompt returns the cached response without calling the model. The example's
 * router-string model `openai/gpt-5` is served by a stubbed `@ai-sdk/openai` (no network).
 */
import { ScriptedModel } from 'sluice/test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const routed = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@ai-sdk/openai', () => ({
  createOpenAI: () => (modelId: string) => routed.get(modelId),
}));

let model: ScriptedModel;
beforeEach(() => {
  let n = 0;
  model = new ScriptedModel({ steps: () => `Paris (${++n})`, modelId: 'gpt-5' });
  routed.set('gpt-5', model);
  vi.stubEnv('OPENAI_API_KEY', 'sk-test');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Response cache quick start (001-response-cache-quickstart)', () => {
  it('the second identical call is answered from the cache without calling the model', async () => {
    const { searchAgent } = await import('./001-response-cache-quickstart.js');
    const first = await searchAgent.generate('What is the capital of France?');
    const second = await searchAgent.generate('What is the capital of France?');
    expect(first.text).toBe('Paris (1)');
    expect(second.text).toBe('Paris (1)');
    expect(model.calls).toHaveLength(1);
    const other = await searchAgent.generate('And of Spain?');
    expect(other.text).toBe('Paris (2)');
  });
});
