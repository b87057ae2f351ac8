/**
 * A step records what the client receives: a tool call whose arguments an output processor
 * replaced runs with the replaced arguments (and is kept that way), reasoning an output processor
 * rewrote is the run's reasoning, and a processor that only hides tool calls from the client
 * does not stop them from running.
 */
import { Agent } from 'sluice/agent';
import type { Processor } from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

type StreamProcessor = Processor & Required<Pick<Processor, 'processOutputStream'>>;

function agentWith(
  processor: StreamProcessor,
  steps: ConstructorParameters<typeof ScriptedModel>[0]['steps'],
) {
  const executed: unknown[] = [];
  const lookup = createTool({
    id: 'lookup',
    description: 'Look up',
    inputSchema: z.object({ q: z.string() }),
    execute: async (input) => {
      executed.push(input);
      return 'found';
    },
  });
  const agent = new Agent({
    id: 'a',
    instructions: 'x',
    model: new ScriptedModel({ steps }),
    tools: { lookup },
    outputProcessors: [processor],
  });
  return { agent, executed };
}

const callStep = { toolCalls: [{ toolName: 'lookup', args: { q: 'original' } }] };

describe('what a step records is what left the output processors', () => {
  it('a tool call whose args a processor replaced runs with them, and keeps them', async () => {
    const rewrite: StreamProcessor = {
      id: 'rewrite',
      processOutputStream: async ({ part }) =>
        part.type === 'tool-call'
          ? { ...part, payload: { ...part.payload, args: { q: 'rewritten' } } }
          : part,
    };
    const { agent, executed } = agentWith(rewrite, [callStep, 'done']);
    const result = await agent.generate('go');
    expect(executed).toEqual([{ q: 'rewritten' }]);
    expect(result.toolCalls[0]?.payload.args).toEqual({ q: 'rewritten' });
    const stored = JSON.stringify(result.messages);
    expect(stored).toContain('rewritten');
    expect(stored).not.toContain('original');
  });

  it('a processor that hides tool calls from the client does not stop them from running', async () => {
    const hide: StreamProcessor = {
      id: 'hide',
      processOutputStream: async ({ part }) => (part.type.startsWith('tool-call') ? null : part),
    };
    const { agent, executed } = agentWith(hide, [callStep, 'done']);
    const output = await agent.stream('go');
    const chunks: ChunkType[] = [];
    for await (const chunk of output.fullStream) chunks.push(chunk);
    expect(chunks.some((c) => c.type === 'tool-call')).toBe(false);
    expect(executed).toEqual([{ q: 'original' }]);
  });

  it('reasoning a processor rewrote is the run reasoning, in the result and the stored message', async () => {
    const rewrite: StreamProcessor = {
      id: 'rewrite',
      processOutputStream: async ({ part }) =>
        part.type === 'reasoning-delta'
          ? { ...part, payload: { ...part.payload, text: part.payload.text.replace('secret', '[X]') } }
          : part,
    };
    const { agent } = agentWith(rewrite, [{ reasoning: ['the secret plan'], text: 'ok' }]);
    const result = await agent.generate('go');
    expect(result.reasoningText).toBe('the [X] plan');
    expect(result.reasoning.map((c) => c.payload.text).join('')).toBe('the [X] plan');
    expect(JSON.stringify(result.messages)).not.toContain('secret');
  });
});
