/**
 * 000-word-counter-finish: `state` accumulates across chunks, and the processor logs the total
 * when the `finish` chunk passes through `processOutputStream`.
 */
import { Agent } from 'sluice/agent';
import { ScriptedModel } from 'sluice/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WordCounter } from './000-word-counter-finish.js';

afterEach(() => {
  vi.restoreAllMocks();
});

function countingAgent(model: ScriptedModel, counter = new WordCounter()) {
  return new Agent({ id: 'counting-agent', instructions: 'x', model, outputProcessors: [counter] });
}

describe('WordCounter, logs on finish (000-word-counter-finish)', () => {
  it('state persists across chunks: the count covers every text delta of the stream', async () => {
    const counter = new WordCounter();
    const hook = vi.spyOn(counter, 'processOutputStream');
    const model = new ScriptedModel({ steps: [{ text: ['The quick ', 'brown fox ', 'jumps'] }] });

    await (await countingAgent(model, counter).stream('go')).consumeStream();

    const state = hook.mock.calls.at(-1)?.[0].state;
    expect(state).toEqual({ wordCount: 5 });
  });

  it('the finish chunk passes through processOutputStream, so the total is logged once at the end', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const model = new ScriptedModel({ steps: [{ text: ['The quick ', 'brown fox ', 'jumps'] }] });

    const output = await countingAgent(model).stream('go');
    await output.consumeStream();

    expect(log.mock.calls).toEqual([['Total words: 5']]);
  });

  it('state is fresh per request: a second call counts from zero', async () => {
    const counter = new WordCounter();
    const hook = vi.spyOn(counter, 'processOutputStream');
    const model = new ScriptedModel({ steps: [{ text: ['one two three'] }, { text: ['four'] }] });
    const agent = countingAgent(model, counter);

    await agent.generate('first');
    const first = hook.mock.calls.at(-1)?.[0].state;
    await agent.generate('second');
    const second = hook.mock.calls.at(-1)?.[0].state;

    expect(first).toEqual({ wordCount: 3 });
    expect(second).toEqual({ wordCount: 1 });
    expect(second).not.toBe(first);
  });
});
