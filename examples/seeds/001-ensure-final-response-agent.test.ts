/**
 * 001-ensure-final-response-agent: the seed's agent runs as written (MAX_STEPS = 5). Its
 * router-string model `openai/gpt-5-mini` is served by a stubbed `@ai-sdk/openai` whose model
 * is scripted (no network).
 */
// Loaded up front so importing the example inside the test does not pay for the module graph.
import 'sluice/agent';
import { ScriptedModel } from 'sluice/test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const routed = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@ai-sdk/openai', () => ({
  createOpenAI: () => (modelId: string) => {
    const model = routed.get(modelId);
    if (model === undefined) throw new Error(`no scripted model for openai/${modelId}`);
    return model;
  },
}));

beforeEach(() => {
  routed.clear();
  vi.stubEnv('OPENAI_API_KEY', 'sk-test');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('agent with EnsureFinalResponseProcessor (001-ensure-final-response-agent)', () => {
  it('with maxSteps 5, the fifth call ends with the step-5 reminder and the instructions explain the tags', async () => {
    // The agent has no tools: each call to one becomes an error result, which continues the loop.
    const model = new ScriptedModel({
      steps: ({ index }) => (index < 4 ? { toolCalls: [{ toolName: 'search', args: {} }] } : 'Summary.'),
      modelId: 'gpt-5-mini',
    });
    routed.set('gpt-5-mini', model);

    await import('./001-ensure-final-response-agent.js');

    expect(model.calls).toHaveLength(5);
    expect(model.calls[0]?.prompt[0]).toMatchObject({ role: 'system' });
    expect(JSON.stringify(model.calls[0]?.prompt[0])).toContain('<system-reminder>...</system-reminder>');
    for (const call of model.calls.slice(0, 4)) {
      expect(JSON.stringify(call.prompt)).not.toContain('max-steps-reached');
    }
    expect(model.calls[4]?.prompt.at(-1)).toMatchObject({
      role: 'user',
      content: [
        {
          type: 'text',
          text:
            '<system-reminder reason="max-steps-reached" step="5">This is your final step (step 5 of 5). ' +
            'Do not call any more tools. Summarize what you have found and give the user a complete final answer now.' +
            '</system-reminder>',
        },
      ],
    });
  });
});
