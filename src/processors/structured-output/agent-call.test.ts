/**
 * `useAgent: true` runs its structuring call through the internal agent that `Agent` registers
 * (the processor does not import the agent): until an `Agent` (or a processor harness) exists,
 * the call fails by the strategy, naming the fix; once one exists, the same processor structures
 * through it. Driven by calling the hooks directly, since the harness would register the agent.
 */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ProcessOutputStepArgs, ProcessOutputStreamArgs } from '../../pipeline/types.js';
import { finishChunk } from '../../test/processor-harness.js';
import { ScriptedModel } from '../../test/scripted-model.js';
import type { StructuredOutputProcessor } from './index.js';

const Weather = z.object({ city: z.string(), tempC: z.number() });

/** Run the processor over one step whose answer is `text`; return its state and what it emitted. */
async function structure(processor: StructuredOutputProcessor, text: string) {
  const state: Record<string, unknown> = {};
  processor.processOutputStep({ text, state } as unknown as ProcessOutputStepArgs);
  const emitted = await processor.processOutputStream({
    part: finishChunk(),
    state,
  } as unknown as ProcessOutputStreamArgs);
  return { state, emitted: [emitted].flat() };
}

describe('useAgent: the internal agent is registered by Agent', () => {
  it('fails naming the fix while no Agent exists, and structures through the agent once one does', async () => {
    // Fresh modules: no Agent from another test file (shared module graphs) has registered yet.
    vi.resetModules();
    const { StructuredOutputProcessor } = await import('./index.js');
    const { Agent } = await import('../../agent/agent.js');
    const model = new ScriptedModel({ steps: ['{"city":"Oslo","tempC":4}'], modelId: 'structurer' });
    const processor = new StructuredOutputProcessor({ schema: Weather, model, useAgent: true });

    const before = await structure(processor, 'It is 4°C in Oslo today.');
    expect(before.state.outcome).toMatchObject({
      ok: false,
      error: {
        code: 'STRUCTURED_OUTPUT_MODEL_FAILED',
        message: expect.stringMatching(/useAgent: true runs an internal Agent.*Import Agent from 'sluice'/),
      },
    });
    expect(model.calls).toHaveLength(0);

    new Agent({ id: 'any', instructions: 'Answer.', model: new ScriptedModel({ steps: [] }) });
    const after = await structure(processor, 'It is 4°C in Oslo today.');
    expect(after.state.outcome).toEqual({ ok: true, value: { city: 'Oslo', tempC: 4 } });
    expect(after.emitted.map((c) => c.type)).toEqual(['object', 'object-result', 'finish']);
    expect(model.calls).toHaveLength(1);
  });
});
