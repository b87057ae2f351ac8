/**
 * 000-dynamic-model-processor: a `model` returned from `processInputStep` is used for that step
 * only; router strings are resolved like the agent's own model. `@ai-sdk/openai` is replaced by
 * a stub whose models are scripted, so each router id reaches its own scripted model (no
 * network).
 */
import { Agent } from 'sluice/agent';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DynamicModelProcessor } from './000-dynamic-model-processor.js';

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
  execute: async ({ q }) => ({ hits: [`${q} result`] }),
});

beforeEach(() => {
  routed.clear();
  vi.stubEnv('OPENAI_API_KEY', 'sk-test');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('DynamicModelProcessor, steps variant (000-dynamic-model-processor)', () => {
  it('step 0 runs on openai/gpt-5-mini, the step after a tool call on openai/gpt-5.6-sol; the agent model is unused', async () => {
    const base = new ScriptedModel({ steps: [], modelId: 'base' });
    const mini = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'search', args: { q: 'sluice' } }] }],
      modelId: 'gpt-5-mini',
    });
    const sol = new ScriptedModel({ steps: ['Here is what I found.'], modelId: 'gpt-5.6-sol' });
    routed.set('gpt-5-mini', mini).set('gpt-5.6-sol', sol);
    const agent = new Agent({
      id: 'dynamic',
      instructions: 'x',
      model: base,
      tools: { search },
      inputProcessors: [new DynamicModelProcessor()],
    });

    const result = await agent.generate('Research sluice');

    expect(base.calls).toHaveLength(0);
    expect(mini.calls).toHaveLength(1);
    expect(sol.calls).toHaveLength(1);
    expect(result.text).toBe('Here is what I found.');
    // The stronger model continues the same conversation, tool result included.
    expect(JSON.stringify(sol.calls[0]?.prompt)).toContain('sluice result');
    expect(result.steps.map((s) => s.response.modelId)).toEqual(['gpt-5-mini', 'gpt-5.6-sol']);
  });

  it('a plain answer on step 0 ends the run on the fast model alone', async () => {
    const base = new ScriptedModel({ steps: [], modelId: 'base' });
    const mini = new ScriptedModel({ steps: ['Quick answer.'], modelId: 'gpt-5-mini' });
    const sol = new ScriptedModel({ steps: [], modelId: 'gpt-5.6-sol' });
    routed.set('gpt-5-mini', mini).set('gpt-5.6-sol', sol);
    const agent = new Agent({
      id: 'dynamic',
      instructions: 'x',
      model: base,
      inputProcessors: [new DynamicModelProcessor()],
    });

    const result = await agent.generate('Hi');

    expect(result.text).toBe('Quick answer.');
    expect(mini.calls).toHaveLength(1);
    expect(sol.calls).toHaveLength(0);
    expect(base.calls).toHaveLength(0);
  });
});
