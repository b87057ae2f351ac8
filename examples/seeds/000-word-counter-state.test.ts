/**
 * 000-word-counter-state: `state` starts as `{}` (hence `??=`), is one object per processor id
 * per request, and is shared across chunks and steps.
 */
import { Agent } from 'sluice/agent';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { WordCounter } from './000-word-counter-state.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const lookup = createTool({
  id: 'lookup',
  description: 'lookup',
  inputSchema: z.object({}),
  execute: async () => 'found',
});

describe('WordCounter, defensive state (000-word-counter-state)', () => {
  it('state starts empty: the first chunk the hook sees carries {} before the counter initialises it', async () => {
    const counter = new WordCounter();
    const seen: unknown[] = [];
    const original = counter.processOutputStream.bind(counter);
    vi.spyOn(counter, 'processOutputStream').mockImplementation(async (args) => {
      seen.push({ ...args.state });
      return original(args);
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: ['a b'] }] }),
      outputProcessors: [counter],
    });

    await agent.generate('go');

    expect(seen[0]).toEqual({});
    expect(seen.at(-1)).toEqual({ wordCount: 2 });
  });

  it('state is shared across steps of one request: words of a tool step and the answer add up', async () => {
    const counter = new WordCounter();
    const states: unknown[] = [];
    const original = counter.processOutputStream.bind(counter);
    vi.spyOn(counter, 'processOutputStream').mockImplementation((args) => {
      states.push(args.state);
      return original(args);
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({
        steps: [
          { text: ['Let me ', 'check.'], toolCalls: [{ toolName: 'lookup', args: {} }] },
          { text: ['It was ', 'found in the index.'] },
        ],
      }),
      tools: { lookup },
      outputProcessors: [counter],
    });

    await agent.generate('go');

    expect(states.length).toBeGreaterThan(4);
    expect(new Set(states).size).toBe(1);
    expect(states[0]).toEqual({ wordCount: 3 + 6 });
  });

  it('processors with different ids never share state', async () => {
    const counter = new WordCounter();
    const other = {
      id: 'other',
      processOutputStream: vi.fn(async ({ part }) => part),
    };
    const hook = vi.spyOn(counter, 'processOutputStream');
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: ['a b c'] }] }),
      outputProcessors: [counter, other],
    });

    await agent.generate('go');

    expect(hook.mock.calls.at(-1)?.[0].state).toEqual({ wordCount: 3 });
    expect(other.processOutputStream.mock.calls.at(-1)?.[0].state).toEqual({});
  });
});
