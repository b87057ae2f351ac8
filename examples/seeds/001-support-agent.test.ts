/**
 * 001-support-agent: `TokenLimiter(4000)` and `ModerationProcessor({ model })` on input,
 * `ModerationProcessor({ model })` on output, `PrefillErrorHandler` on errors. The router
 * models (`openai/gpt-5` for the agent, `openai/gpt-5-nano` for moderation) are scripted
 * through a stubbed `@ai-sdk/openai` (no network).
 */
import type { Agent } from 'sluice/agent';
import type { ChunkType } from 'sluice/stream';
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

let main: ScriptedModel;
let nano: ScriptedModel;

beforeEach(() => {
  main = new ScriptedModel({
    modelId: 'gpt-5',
    steps: () => ({ text: ['Your order ships ', 'tomorrow. You are a ', 'worthless idiot.'] }),
  });
  nano = new ScriptedModel({
    modelId: 'gpt-5-nano',
    steps: (call) =>
      JSON.stringify(call.prompt[1]).includes('worthless idiot')
        ? '{"category_scores": [{"category": "harassment", "score": 0.9}], "reason": "insult"}'
        : '{"category_scores": null, "reason": null}',
  });
  routed.set('gpt-5', main);
  routed.set('gpt-5-nano', nano);
  vi.stubEnv('OPENAI_API_KEY', 'sk-test');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Support agent (001-support-agent)', () => {
  it('input is moderated, the streamed answer is moderated per window and blocked before the insult reaches the client', async () => {
    await import('./001-support-agent.js');
    const agent = created.at(-1) as Agent;
    expect(agent.id).toBe('support-agent');

    const output = await agent.stream('Where is my order?');
    const chunks: ChunkType[] = [];
    for await (const chunk of output.fullStream) chunks.push(chunk);
    const text = chunks.map((c) => (c.type === 'text-delta' ? c.payload.text : '')).join('');
    expect(text).not.toContain('idiot');
    expect(chunks.find((c) => c.type === 'tripwire')).toMatchObject({
      payload: { processorId: 'moderation', metadata: { categories: ['harassment'] } },
    });
    // One input check and one output window check: never one per chunk.
    expect(nano.calls).toHaveLength(2);
    expect(JSON.stringify(nano.calls[0]?.prompt)).toContain('Where is my order?');
    expect(main.calls).toHaveLength(1);
  });
});
