/**
 * 000-dynamic-processors-agent: `inputProcessors` given as a function of `{ requestContext }` is
 * resolved per call, so each request gets its own ContentFilter word list. The example's agent
 * is used as exported; its router-string model `openai/gpt-5-mini` is served by a stubbed
 * `@ai-sdk/openai` whose model is scripted (no network).
 */
import { RequestContext } from 'sluice/request-context';
import { ScriptedModel } from 'sluice/test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { processorInterfaceAgent } from './000-dynamic-processors-agent.js';

const routed = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@ai-sdk/openai', () => ({
  createOpenAI: () => (modelId: string) => {
    const model = routed.get(modelId);
    if (model === undefined) throw new Error(`no scripted model for openai/${modelId}`);
    return model;
  },
}));

let model: ScriptedModel;

beforeEach(() => {
  model = new ScriptedModel({ steps: () => 'Sure.', modelId: 'gpt-5-mini' });
  routed.clear();
  routed.set('gpt-5-mini', model);
  vi.stubEnv('OPENAI_API_KEY', 'sk-test');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('processors from RequestContext (000-dynamic-processors-agent)', () => {
  it('a request whose context lists a word is blocked when the input contains it, before the model is called', async () => {
    const requestContext = new RequestContext([['blockedWords', ['password']]]);

    const result = await processorInterfaceAgent.generate('My password is hunter2', { requestContext });

    expect(result.finishReason).toBe('other');
    expect(result.tripwire).toMatchObject({
      reason: 'Blocked content detected in input',
      processorId: 'content-filter',
    });
    expect(model.calls).toHaveLength(0);
  });

  it('the same input passes for a request whose context lists no words', async () => {
    const result = await processorInterfaceAgent.generate('My password is hunter2', {
      requestContext: new RequestContext(),
    });

    expect(result.tripwire).toBeUndefined();
    expect(result.text).toBe('Sure.');
    expect(JSON.stringify(model.calls[0]?.prompt)).toContain('My password is hunter2');
  });

  it('processors are built per call: consecutive requests with different lists get different verdicts', async () => {
    const input = 'Tell me about the budget and the roadmap';

    const first = await processorInterfaceAgent.generate(input, {
      requestContext: new RequestContext([['blockedWords', ['budget']]]),
    });
    const second = await processorInterfaceAgent.generate(input, {
      requestContext: new RequestContext([['blockedWords', ['salary']]]),
    });

    expect(first.tripwire?.reason).toBe('Blocked content detected in input');
    expect(second.tripwire).toBeUndefined();
    expect(model.calls).toHaveLength(1);
  });

  it('listInputProcessors resolves the function with the given context', async () => {
    const processors = await processorInterfaceAgent.listInputProcessors(
      new RequestContext([['blockedWords', ['x']]]),
    );

    expect(processors.map((p) => p.id)).toEqual(['content-filter']);
  });
});
