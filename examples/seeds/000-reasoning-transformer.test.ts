/**
 * 000-reasoning-transformer: parts edited in place through `messages` in `processInputStep`
 * change the live list, so the next prompt is built from the edited
 * parts. A part renamed to `thinking` is not a part type the prompt carries.
 */
import { Agent } from 'sluice/agent';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ReasoningTransformer } from './000-reasoning-transformer.js';

const lookup = createTool({
  id: 'lookup',
  description: 'lookup',
  inputSchema: z.object({}),
  execute: async () => 'looked up',
});

const script = () =>
  new ScriptedModel({
    steps: [
      { reasoning: 'I should look this up first.', toolCalls: [{ toolName: 'lookup', args: {} }] },
      'Answer.',
    ],
  });

const assistantParts = (prompt: readonly { role: string; content: unknown }[] | undefined) =>
  (prompt ?? []).filter((m) => m.role === 'assistant').flatMap((m) => m.content as Array<{ type: string }>);

describe('ReasoningTransformer (000-reasoning-transformer)', () => {
  it('without the transformer, step 0 reasoning is sent back to the model on step 1 (control)', async () => {
    const model = script();
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { lookup } });

    await agent.generate('go');

    expect(assistantParts(model.calls[1]?.prompt)).toContainEqual(
      expect.objectContaining({ type: 'reasoning', text: 'I should look this up first.' }),
    );
  });

  it('the in-place rename on step 1 reaches the prompt: no reasoning part is sent, the tool call still is', async () => {
    const model = script();
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { lookup },
      inputProcessors: [new ReasoningTransformer()],
    });

    await agent.generate('go');

    const parts = assistantParts(model.calls[1]?.prompt);
    expect(parts.map((p) => p.type)).toEqual(['tool-call']);
  });

  it('the edit is made on the stored message: the response keeps the part as "thinking"', async () => {
    const transformer = new ReasoningTransformer();
    const hook = vi.spyOn(transformer, 'processInputStep');
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: script(),
      tools: { lookup },
      inputProcessors: [transformer],
    });

    const result = await agent.generate('go');

    expect(hook).toHaveBeenCalledTimes(2);
    const types = result.response.dbMessages.flatMap((m) => m.content.parts.map((p) => p.type as string));
    expect(types).toContain('thinking');
    expect(types).not.toContain('reasoning');
  });

  it('earlier assistant turns given as input are transformed before the first call', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      inputProcessors: [new ReasoningTransformer()],
    });

    await agent.generate([
      { role: 'user', content: 'first' },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'old thoughts' },
          { type: 'text', text: 'old answer' },
        ],
      },
      { role: 'user', content: 'second' },
    ]);

    expect(assistantParts(model.calls[0]?.prompt)).toEqual([
      expect.objectContaining({ type: 'text', text: 'old answer' }),
    ]);
  });
});
