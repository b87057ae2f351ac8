/**
 * 001-response-cache-scope: `scope: 'org-123'` replaces the per-user default scope, so every
 * caller of that agent shares its entries (users A and B get the same cached answer), while
 * the resource id alone would have kept them apart. The seed's agent is built and dropped, so
 * it is captured as it is constructed.
 */
import type { Agent } from 'sluice/agent';
import { MASTRA_RESOURCE_ID_KEY, RequestContext } from 'sluice/request-context';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it, vi } from 'vitest';

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
vi.mock('@ai-sdk/openai', () => ({ createOpenAI: () => (modelId: string) => routed.get(modelId) }));

describe('Tenant scope (001-response-cache-scope)', () => {
  it('an explicit scope shares entries between users of that scope', async () => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-test');
    let n = 0;
    const model = new ScriptedModel({ steps: () => `answer ${++n}`, modelId: 'gpt-5-mini' });
    routed.set('gpt-5-mini', model);
    await import('./001-response-cache-scope.js');
    const agent = created.at(-1) as Agent;
    const as = (id: string) => ({ requestContext: new RequestContext([[MASTRA_RESOURCE_ID_KEY, id]]) });
    const a = await agent.generate('hello', as('user-a'));
    const b = await agent.generate('hello', as('user-b'));
    expect(b.text).toBe(a.text);
    expect(model.calls).toHaveLength(1);
    vi.unstubAllEnvs();
  });
});
