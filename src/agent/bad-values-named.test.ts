/**
 * A wrong value is reported as what it is, by whoever supplied it: a processor's bad
 * `toolChoice`/`activeTools` or `processLLMRequest` prompt is `PROCESSOR_INVALID_RESULT` naming the
 * processor; unknown message parts are refused by type instead of vanishing; a tool result that
 * cannot be serialised is that tool's error, not a model failure.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProcessorError, SluiceError } from '../errors/index.js';
import type { ChunkType } from '../stream/index.js';
import { ScriptedModel } from '../test/index.js';
import { createTool } from '../tools/index.js';
import { Agent } from './agent.js';

const weather = createTool({
  id: 'weather',
  description: 'Weather of a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async () => ({ temperature: 21 }),
});

const model = () => new ScriptedModel({ steps: ['hi'] });

describe('a bad toolChoice or activeTools from processInputStep names the processor', () => {
  it.each([
    ['toolChoice', 'banana', 'is a string ("banana")'],
    [
      'toolChoice',
      { type: 'tool', toolName: '' },
      `is { type: 'tool' } with a "toolName" that is a string ("")`,
    ],
    ['activeTools', 'weather', 'is a string ("weather"); it must be an array of tool names'],
  ])('%s: %j', async (key, value, said) => {
    const m = model();
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: m,
      tools: { weather },
      inputProcessors: [{ id: 'chooser', processInputStep: () => ({ [key]: value }) as never }],
    });
    const error = await agent.generate('hi').catch((e: unknown) => e);
    expect(ProcessorError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'PROCESSOR_INVALID_RESULT',
      processorId: 'chooser',
      hook: 'processInputStep',
    });
    expect((error as Error).message).toContain(
      `Processor "chooser" processInputStep returned "${key}" that ${said}`,
    );
    expect(m.calls).toHaveLength(0);
  });

  it('prepareStep is named too', async () => {
    const agent = new Agent({ id: 'a', instructions: 'x', model: model(), tools: { weather } });
    const error = await agent
      .generate('hi', { prepareStep: () => ({ toolChoice: 'banana' as never }) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PROCESSOR_INVALID_RESULT', hook: 'prepareStep' });
  });
});

describe('unknown message parts are refused by type, not dropped', () => {
  it('input made only of unknown parts says which part, not "the input processors removed them all"', async () => {
    const m = model();
    const agent = new Agent({ id: 'a', instructions: 'x', model: m });
    const error = await agent
      .generate([{ role: 'user', content: [{ type: 'banana', x: 1 }] }] as never)
      .catch((e: unknown) => e);
    expect(SluiceError.hasCode(error, 'INVALID_MESSAGE_INPUT')).toBe(true);
    expect((error as Error).message).toContain('content part 0 has the unknown type "banana"');
    expect((error as Error).message).not.toContain('processors removed');
    expect(m.calls).toHaveLength(0);
  });

  it('an unknown part next to known ones is not dropped silently either', async () => {
    const agent = new Agent({ id: 'a', instructions: 'x', model: model() });
    await expect(
      agent.generate([
        { role: 'user', content: [{ type: 'text', text: 'hey' }, { type: 'banana' }] },
      ] as never),
    ).rejects.toThrow(/content part 1 has the unknown type "banana"/);
  });

  it('an empty conversation without processors does not blame processors alone', async () => {
    const agent = new Agent({ id: 'a', instructions: 'x', model: model() });
    const error = await agent.generate([]).catch((e: unknown) => e);
    expect(SluiceError.hasCode(error, 'EMPTY_PROMPT')).toBe(true);
    expect((error as Error).message).toContain('the input held none');
  });
});

describe('processLLMRequest prompts are checked like the loop checks its own', () => {
  const run = (prompt: unknown) =>
    new Agent({
      id: 'a',
      instructions: 'x',
      model: model(),
      inputProcessors: [{ id: 'rewriter', processLLMRequest: () => ({ prompt: prompt as never }) }],
    })
      .generate('hi')
      .catch((e: unknown) => e);

  it.each([
    ['an empty prompt', [], 'has no user or assistant messages'],
    ['only a system message', [{ role: 'system', content: 'x' }], 'has no user or assistant messages'],
    ['an unknown role', [{ role: 'wizard', content: [] }], 'has item 0 with role "wizard"'],
    ['user content that is not an array', [{ role: 'user', content: 3 }], 'whose content is a number'],
    ['a part without a type', [{ role: 'user', content: [{ text: 'x' }] }], 'whose part 0 is not a { type'],
    [
      'a system message with array content',
      [{ role: 'system', content: [] }],
      'whose content is an array, not a string',
    ],
    ['a null message', [null], 'has item 0 that is null'],
  ])('%s → PROCESSOR_INVALID_RESULT naming the processor', async (_label, prompt, said) => {
    const error = await run(prompt);
    expect(ProcessorError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'PROCESSOR_INVALID_RESULT',
      processorId: 'rewriter',
      hook: 'processLLMRequest',
    });
    expect((error as Error).message).toContain(said);
  });

  it('a well-formed rewritten prompt still reaches the model', async () => {
    const m = model();
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: m,
      inputProcessors: [
        {
          id: 'rewriter',
          processLLMRequest: () => ({
            prompt: [{ role: 'user', content: [{ type: 'text', text: 'rewritten' }] }],
          }),
        },
      ],
    });
    await agent.generate('hi');
    expect(m.calls[0]?.prompt).toEqual([{ role: 'user', content: [{ type: 'text', text: 'rewritten' }] }]);
  });
});

describe('a tool result that cannot be serialised is the tool error, not a model failure', () => {
  it.each([
    [
      'a toJSON that throws',
      {
        toJSON: () => {
          throw new Error('toJSON exploded');
        },
      },
      'toJSON exploded',
    ],
    ['a BigInt', { count: 10n }, 'BigInt'],
  ])('%s', async (_label, result, said) => {
    const bad = createTool({
      id: 'bad',
      description: 'b',
      inputSchema: z.object({}),
      execute: async () => result,
    });
    const m = new ScriptedModel({ steps: [{ toolCalls: [{ toolName: 'bad', args: {} }] }, 'recovered'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model: m, tools: { bad } });
    const output = await agent.stream('hi');
    const chunks: ChunkType[] = [];
    for await (const chunk of output.fullStream) chunks.push(chunk);
    expect(output.status).toBe('success');
    const toolError = chunks.find((c) => c.type === 'tool-error')?.payload as
      | { toolName: string; error: Error }
      | undefined;
    expect(toolError?.toolName).toBe('bad');
    expect(toolError?.error).toMatchObject({ code: 'TOOL_OUTPUT_INVALID' });
    expect(toolError?.error.message).toContain(
      'Tool "bad" returned a result that cannot be sent to the model as JSON',
    );
    expect(toolError?.error.message).toContain(said);
    // The next prompt carries the error, which serialises fine.
    expect(() => JSON.stringify(m.calls[1]?.prompt)).not.toThrow();
  });
});
