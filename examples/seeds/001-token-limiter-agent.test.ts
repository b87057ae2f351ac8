/**
 * 001-token-limiter-agent: an agent with `inputProcessors: [new TokenLimiter(127000)]` sends at
 * most 127,000 tokens per request, dropping the oldest history first. The example's agent is
 * captured as it is constructed; its router-string model `openai/gpt-5.6-sol` is served by a
 * stubbed `@ai-sdk/openai` whose model is scripted (no network).
 */
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
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

beforeEach(() => {
  model = new ScriptedModel({ steps: () => 'Noted.', modelId: 'gpt-5.6-sol' });
  routed.set('gpt-5.6-sol', model);
  vi.stubEnv('OPENAI_API_KEY', 'sk-test');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

const textOf = (message: LanguageModelV4Prompt[number]) =>
  typeof message.content === 'string'
    ? message.content
    : message.content.map((p) => ('text' in p ? p.text : '')).join('');

describe('TokenLimiter agent (001-token-limiter-agent)', () => {
  it('a 180,000-token history reaches the model trimmed to 127,000 tokens, oldest turns dropped', async () => {
    await import('./001-token-limiter-agent.js');
    const agent = created.at(-1) as Agent;
    expect(agent.id).toBe('my-agent');

    // 300 turns of ~600 tokens each, then the question.
    const history = Array.from({ length: 300 }, (_, i) => ({
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `turn ${i}:${' lorem'.repeat(600)}`,
    }));
    const result = await agent.generate([...history, { role: 'user', content: 'Summarize all of it.' }]);

    expect(result.text).toBe('Noted.');
    const prompt = model.calls[0]?.prompt as LanguageModelV4Prompt;
    const sent = prompt.reduce((n, m) => n + countTokens(textOf(m)), 0);
    expect(sent).toBeLessThanOrEqual(127_000);
    expect(sent).toBeGreaterThan(120_000);
    expect(textOf(prompt[0]!)).toBe('You are a helpful assistant.');
    expect(textOf(prompt.at(-1)!)).toBe('Summarize all of it.');
    // The kept turns are the newest ones, in order, with no gap.
    const turns = prompt.slice(1, -1).map((m) => Number(textOf(m).match(/^turn (\d+)/)?.[1]));
    expect(turns.at(-1)).toBe(299);
    expect(turns).toEqual(turns.map((_, i) => 300 - turns.length + i));
  });
});
