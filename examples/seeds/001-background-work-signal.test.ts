/**
 * 001-background-work-signal: the seed's agent, with `createBackgroundWorkSignalProcessor()`,
 * hears about a background tool call of its run: `work-deferred` when the call starts in the
 * background, `work-completed` once the result is reconciled, and the follow-up turn of
 * `untilIdle` reads both. The router-string model `openai/gpt-5.6-sol` is served by a stubbed
 * `@ai-sdk/openai` whose model is scripted (no network); the tool comes in per call (`toolsets`).
 */
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { agent } from './001-background-work-signal.js';

const routed = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@ai-sdk/openai', () => ({
  createOpenAI: () => (modelId: string) => {
    const model = routed.get(modelId);
    if (model === undefined) throw new Error(`no scripted model for openai/${modelId}`);
    return model;
  },
}));

/** The slow tool; in the background it finishes only after the model saw its acknowledgement. */
function researchTool(waitForSecondCall: boolean) {
  return createTool({
    id: 'research',
    description: 'Research a topic (slow)',
    inputSchema: z.object({ topic: z.string() }),
    background: { enabled: true, defaultDisposition: 'deferred' },
    execute: async ({ topic }) => {
      while (waitForSecondCall && model.calls.length < 2)
        await new Promise((resolve) => setTimeout(resolve, 2));
      return { notes: `three facts about ${topic}` };
    },
  });
}

let model: ScriptedModel;

beforeEach(() => {
  model = new ScriptedModel({
    modelId: 'gpt-5.6-sol',
    steps: [
      { toolCalls: [{ toolName: 'research', args: { topic: 'otters' }, toolCallId: 'call-otters' }] },
      'I started the research and will report back.',
      'Here are the notes: three facts about otters.',
    ],
  });
  routed.clear();
  routed.set('gpt-5.6-sol', model);
  vi.stubEnv('OPENAI_API_KEY', 'sk-test');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Receive background work notifications (001-background-work-signal)', () => {
  it('the run receives work-deferred at start and work-completed after reconciliation', async () => {
    const output = await agent.stream('Research otters', {
      toolsets: { research: researchTool(true) },
      untilIdle: true,
    });
    const chunks: ChunkType[] = [];
    for await (const chunk of output.fullStream) chunks.push(chunk);

    const signals = chunks
      .filter((c) => c.type === 'data-signal')
      .map((c) => (c as { data: { contents: string } }).data.contents);
    expect(signals).toEqual(['work-deferred: call-otters', 'work-completed: call-otters']);
    // Step 2 read the acknowledgement and the start signal; the follow-up read the result.
    expect(JSON.stringify(model.calls[1]?.prompt)).toContain('work-deferred: call-otters');
    const followUp = JSON.stringify(model.calls[2]?.prompt);
    expect(followUp).toContain('work-completed: call-otters');
    expect(followUp).toContain('three facts about otters');
    expect(await output.text).toContain('Here are the notes');
  });

  it('a foreground call of the same agent sends no work signals', async () => {
    model = new ScriptedModel({
      modelId: 'gpt-5.6-sol',
      steps: [
        {
          toolCalls: [
            { toolName: 'research', args: { topic: 'otters', _background: { disposition: 'foreground' } } },
          ],
        },
        'Done.',
      ],
    });
    routed.set('gpt-5.6-sol', model);
    const output = await agent.stream('Research otters now', { toolsets: { research: researchTool(false) } });
    const chunks: ChunkType[] = [];
    for await (const chunk of output.fullStream) chunks.push(chunk);
    expect(chunks.some((c) => c.type === 'data-signal')).toBe(false);
    expect(JSON.stringify(model.calls[1]?.prompt)).toContain('three facts about otters');
  });
});
