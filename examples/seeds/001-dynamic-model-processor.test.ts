/**
 * 001-dynamic-model-processor: per-step overrides from `processInputStep` apply to that step
 * only: the fast model on step 0, the agent's model afterwards, `toolChoice: 'none'` past step
 * 5. `@ai-sdk/openai` is replaced by a stub returning a scripted model (no network).
 */
import { Agent } from 'sluice/agent';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DynamicModelProcessor } from './001-dynamic-model-processor.js';

const routed = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@ai-sdk/openai', () => ({
  createOpenAI: () => (modelId: string) => {
    const model = routed.get(modelId);
    if (model === undefined) throw new Error(`no scripted model for openai/${modelId}`);
    return model;
  },
}));

const search = createTool({
  id: 'search',
  description: 'search',
  inputSchema: z.object({ q: z.string() }),
  execute: async ({ q }) => `${q}: nothing new`,
});

const callSearch = { toolCalls: [{ toolName: 'search', args: { q: 'more' } }] };

beforeEach(() => {
  routed.clear();
  vi.stubEnv('OPENAI_API_KEY', 'sk-test');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('DynamicModelProcessor (001-dynamic-model-processor)', () => {
  it("step 0 runs on openai/gpt-5-mini; later steps fall back to the agent's model", async () => {
    const base = new ScriptedModel({ steps: ['Done.'], modelId: 'base' });
    const mini = new ScriptedModel({ steps: [callSearch], modelId: 'gpt-5-mini' });
    routed.set('gpt-5-mini', mini);
    const agent = new Agent({
      id: 'dynamic',
      instructions: 'x',
      model: base,
      tools: { search },
      inputProcessors: [new DynamicModelProcessor()],
    });

    const result = await agent.generate('Research');

    expect(mini.calls).toHaveLength(1);
    expect(base.calls).toHaveLength(1);
    expect(result.text).toBe('Done.');
  });

  it("past step 5 the step runs with toolChoice 'none'; earlier steps keep the default 'auto'", async () => {
    const base = new ScriptedModel({
      steps: ({ index }) => (index < 5 ? callSearch : 'Final answer.'),
      modelId: 'base',
    });
    const mini = new ScriptedModel({ steps: [callSearch], modelId: 'gpt-5-mini' });
    routed.set('gpt-5-mini', mini);
    const agent = new Agent({
      id: 'dynamic',
      instructions: 'x',
      model: base,
      tools: { search },
      inputProcessors: [new DynamicModelProcessor()],
    });

    const result = await agent.generate('Research', { maxSteps: 7 });

    expect(mini.calls).toHaveLength(1);
    // base serves steps 1..6
    expect(base.calls.map((c) => c.toolChoice)).toEqual([
      { type: 'auto' },
      { type: 'auto' },
      { type: 'auto' },
      { type: 'auto' },
      { type: 'auto' },
      { type: 'none' },
    ]);
    expect(result.text).toBe('Final answer.');
  });
});
