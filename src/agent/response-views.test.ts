/**
 * A result's `response.messages` and `response.uiMessages` are built on first read (README
 * "Behaviour worth knowing"), but they show the same response as `response.dbMessages`: the
 * conversation as the run left it when its output was made, not as it is when they are first read.
 */
import { describe, expect, it } from 'vitest';
import type { OutputProcessor } from '../processors/index.js';
import { ScriptedModel } from '../test/index.js';
import { Agent } from './agent.js';

/** Adds an assistant message to the response while the closing `finish` chunk passes. */
const trailer: OutputProcessor = {
  id: 'trailer',
  async processOutputStream({ part, messageList }) {
    if (part.type === 'finish') messageList?.add({ role: 'assistant', content: 'added late' }, 'response');
    return part;
  },
};

describe('response views agree with response.dbMessages', () => {
  it('a message added to the list after the output was made shows in none of the views', async () => {
    const agent = new Agent({
      id: 'views',
      instructions: 'test',
      model: new ScriptedModel({ steps: ['the answer'] }),
      outputProcessors: [trailer],
    });
    const result = await agent.generate('go');
    expect(result.response.dbMessages).toHaveLength(1);
    expect(result.response.messages).toHaveLength(result.response.dbMessages.length);
    expect(result.response.uiMessages).toHaveLength(result.response.dbMessages.length);
    expect(JSON.stringify(result.response.messages)).toContain('the answer');
    expect(JSON.stringify(result.response.messages)).not.toContain('added late');
  });

  it('views read a second time are the same arrays, and assigning one replaces it', async () => {
    const agent = new Agent({
      id: 'views',
      instructions: 'test',
      model: new ScriptedModel({ steps: ['hi'] }),
    });
    const result = await agent.generate('go');
    const first = result.response.messages;
    expect(result.response.messages).toBe(first);
    result.response.uiMessages = [];
    expect(result.response.uiMessages).toEqual([]);
  });
});
