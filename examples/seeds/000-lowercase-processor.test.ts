/**
 * 000-lowercase-processor: `processInput` rewrites the text parts of the conversation once,
 * before the loop, so the model reads the lowercased text.
 */
import { Agent } from 'sluice/agent';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it } from 'vitest';
import { LowercaseProcessor } from './000-lowercase-processor.js';

describe('LowercaseProcessor (000-lowercase-processor)', () => {
  it('the messages processInput returns are the ones the model receives: user text arrives lowercased', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'lowercase-agent',
      instructions: 'Be Brief.',
      model,
      inputProcessors: [new LowercaseProcessor()],
    });

    await agent.generate('Hello WORLD, What Time Is It?');

    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]?.prompt.at(-1)).toMatchObject({
      role: 'user',
      content: [{ type: 'text', text: 'hello world, what time is it?' }],
    });
  });

  it('processInput sees no system messages, so the instructions keep their case', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'lowercase-agent',
      instructions: 'Answer In CAPS.',
      model,
      inputProcessors: [new LowercaseProcessor()],
    });

    await agent.generate('SHOUT');

    expect(model.calls[0]?.prompt[0]).toEqual({ role: 'system', content: 'Answer In CAPS.' });
  });

  it('every input message is rewritten, earlier assistant turns included', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'lowercase-agent',
      instructions: 'x',
      model,
      inputProcessors: [new LowercaseProcessor()],
    });

    await agent.generate([
      { role: 'user', content: 'First QUESTION' },
      { role: 'assistant', content: [{ type: 'text', text: 'First ANSWER' }] },
      { role: 'user', content: [{ type: 'text', text: 'Second QUESTION' }] },
    ]);

    const conversation = model.calls[0]?.prompt.filter((m) => m.role !== 'system');
    expect(conversation).toMatchObject([
      { role: 'user', content: [{ type: 'text', text: 'first question' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'first answer' }] },
      { role: 'user', content: [{ type: 'text', text: 'second question' }] },
    ]);
  });

  it('the rewrite replaces the stored input: the run keeps the lowercased text parts', async () => {
    const agent = new Agent({
      id: 'lowercase-agent',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      inputProcessors: [new LowercaseProcessor()],
    });

    const result = await agent.generate('MiXeD CaSe');

    const input = result.messages.find((m) => m.role === 'user');
    expect(input?.content.parts).toEqual([{ type: 'text', text: 'mixed case' }]);
  });
});
