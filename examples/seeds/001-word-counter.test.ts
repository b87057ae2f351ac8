/**
 * 001-word-counter: the state built in `processOutputStream` is the same object
 * `processOutputResult` reads at the end of the request.
 */
import { Agent } from 'sluice/agent';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { WordCounter } from './001-word-counter.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const lookup = createTool({
  id: 'lookup',
  description: 'lookup',
  inputSchema: z.object({}),
  execute: async () => 'found',
});

describe('WordCounter with processOutputResult (001-word-counter)', () => {
  it('processOutputResult logs the count processOutputStream built, once per request', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: ['Paris is ', 'the capital ', 'of France.'] }] }),
      outputProcessors: [new WordCounter()],
    });

    await agent.generate('What is the capital of France?');

    expect(log.mock.calls).toEqual([['Total words: 6']]);
  });

  it('the count spans every step of the request (chunks and steps share one state)', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({
        steps: [
          { text: 'Checking now.', toolCalls: [{ toolName: 'lookup', args: {} }] },
          { text: ['It was ', 'found.'] },
        ],
      }),
      tools: { lookup },
      outputProcessors: [new WordCounter()],
    });

    await agent.generate('go');

    expect(log.mock.calls).toEqual([['Total words: 5']]);
  });

  it('each request starts a fresh count', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: 'one two three' }, { text: 'four' }] }),
      outputProcessors: [new WordCounter()],
    });

    await agent.generate('first');
    await agent.generate('second');

    expect(log.mock.calls).toEqual([['Total words: 3'], ['Total words: 1']]);
  });
});
