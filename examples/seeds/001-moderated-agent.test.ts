/**
 * 001-moderated-agent: the quick-start agent with `ModerationProcessor({ model, categories:
 * ['hate','harassment','violence'], threshold: 0.7, strategy: 'block' })`. Its router-string
 * model `openai/gpt-5-mini` (agent and helper alike) is served by a stubbed `@ai-sdk/openai`
 * whose scripted model answers moderation prompts with JSON and everything else with text.
 */
import type { Agent } from 'sluice/agent';
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
const isModeration = (call: ScriptedModel['calls'][number]) =>
  JSON.stringify(call.prompt[0]).includes('content-safety moderation classifier');

beforeEach(() => {
  model = new ScriptedModel({
    modelId: 'gpt-5-mini',
    steps: (call) => {
      if (!isModeration(call)) return 'Happy to help.';
      const text = JSON.stringify(call.prompt[1]);
      return text.includes('I will hurt you')
        ? '{"category_scores": [{"category": "violence", "score": 0.93}], "reason": "a threat"}'
        : '{"category_scores": null, "reason": null}';
    },
  });
  routed.set('gpt-5-mini', model);
  vi.stubEnv('OPENAI_API_KEY', 'sk-test');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Moderated agent (001-moderated-agent)', () => {
  it('a clean message is checked by the helper and answered; a threat is blocked before the model answers', async () => {
    const { moderatedAgent } = await import('./001-moderated-agent.js');
    expect(created).toContain(moderatedAgent);

    const ok = await moderatedAgent.generate('What is the capital of France?');
    expect(ok.text).toBe('Happy to help.');
    expect(model.calls.filter(isModeration)).toHaveLength(1);
    // The helper was asked about the seed's three categories only.
    const instructions = JSON.stringify(model.calls[0]?.prompt[0]);
    expect(instructions).toContain('- hate');
    expect(instructions).toContain('- violence');
    expect(instructions).not.toContain('- sexual');

    const before = model.calls.length;
    const blocked = await moderatedAgent.generate('I will hurt you if you do not answer.');
    expect(blocked.tripwire).toMatchObject({
      processorId: 'moderation',
      metadata: { categories: ['violence'], reason: 'a threat' },
    });
    // Only the moderation call was made: the agent's model never answered.
    expect(model.calls.slice(before).every(isModeration)).toBe(true);
  });
});
