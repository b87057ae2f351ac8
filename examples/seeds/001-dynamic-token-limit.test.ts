/**
 * 001-dynamic-token-limit: `inputProcessors` built per request from the RequestContext, so each
 * request gets `new TokenLimiter(requestContext.get('tokenLimit') ?? 4000)`. The example's agent
 * is captured as it is constructed; its router-string model `openai/gpt-5-mini` is served by a
 * stubbed `@ai-sdk/openai` whose model is scripted (no network).
 */
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import type { Agent } from 'sluice/agent';
import { RequestContext } from 'sluice/request-context';
import { ScriptedModel } from 'sluice/test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const created = vi.hoisted(() => [] as Agent[]);
vi.mock('sluice/agent', async (importOriginal) => {
  const actual = await importOriginal<typeof import('sluice/agent')>();
  class RecordingAgent extends actual.Agent {
    constructor(...args: ConstructorParameters<typeof actual.Agent>) {
      super(...args);
      created.push(this);
    }
  }
  return { ...actual, Agent: RecordingAgent };
});

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
  model = new ScriptedModel({ steps: () => 'ok', modelId: 'gpt-5-mini' });
  routed.set('gpt-5-mini', model);
  vi.stubEnv('OPENAI_API_KEY', 'sk-test');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

/** 40 turns of ~60 tokens: about 2,600 tokens, under the default 4,000. */
const history = [
  ...Array.from({ length: 40 }, (_, i) => ({
    role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
    content: `turn ${i}:${' detail'.repeat(55)}`,
  })),
  { role: 'user' as const, content: 'And now?' },
];

describe('TokenLimiter from the RequestContext (001-dynamic-token-limit)', () => {
  it('without tokenLimit the default 4,000 applies; a request that sets it gets its own limit', async () => {
    await import('./001-dynamic-token-limit.js');
    const agent = created.at(-1) as Agent;
    expect(agent.id).toBe('processors-agent');

    await agent.generate(history);
    await agent.generate(history, { requestContext: new RequestContext([['tokenLimit', 500]]) });
    await agent.generate(history);

    const lengths = model.calls.map((call) => (call.prompt as LanguageModelV4Prompt).length);
    // System + 41 messages fit under 4,000; under 500 only the newest few turns do.
    expect(lengths[0]).toBe(42);
    expect(lengths[1]).toBeLessThan(10);
    expect(lengths[1]).toBeGreaterThan(2);
    // Built per request: the tight limit did not stick to the agent.
    expect(lengths[2]).toBe(42);
  });

  it('listInputProcessors resolves the function with the given context', async () => {
    await import('./001-dynamic-token-limit.js');
    const agent = created.at(-1) as Agent;
    const [limiter] = await agent.listInputProcessors(new RequestContext([['tokenLimit', 1234]]));
    expect(limiter?.id).toBe('token-limiter');
    expect((limiter as unknown as { getMaxTokens(): number }).getMaxTokens()).toBe(1234);
  });
});
