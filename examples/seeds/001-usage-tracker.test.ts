/**
 * 001-usage-tracker: `processOutputResult` receives `result` with the cumulative usage of the
 * request and the final finish reason.
 */
import { Agent } from 'sluice/agent';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { UsageTracker } from './001-usage-tracker.js';

const lookup = createTool({
  id: 'lookup',
  description: 'lookup',
  inputSchema: z.object({}),
  execute: async () => 'ok',
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('UsageTracker (001-usage-tracker)', () => {
  it('logs the usage summed over every step and the final finish reason, once', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({
        steps: [
          { toolCalls: [{ toolName: 'lookup', args: {} }], usage: { inputTokens: 100, outputTokens: 7 } },
          { text: 'Done.', usage: { inputTokens: 130, outputTokens: 5 } },
        ],
      }),
      tools: { lookup },
      outputProcessors: [new UsageTracker()],
    });

    const result = await agent.generate('go');

    expect(log.mock.calls).toEqual([['Tokens: 230 in, 12 out'], ['Finish reason: stop']]);
    expect(result.usage).toMatchObject({ inputTokens: 230, outputTokens: 12 });
  });

  it("the finish reason is the last step's, e.g. 'length' when the answer was cut off", async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({
        steps: [
          { text: 'A long answer that', finishReason: 'length', usage: { inputTokens: 3, outputTokens: 50 } },
        ],
      }),
      outputProcessors: [new UsageTracker()],
    });

    await agent.generate('go');

    expect(log.mock.calls).toEqual([['Tokens: 3 in, 50 out'], ['Finish reason: length']]);
  });

  it('returning `messages` keeps the response intact', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['Done.'] }),
      outputProcessors: [new UsageTracker()],
    });

    const result = await agent.generate('go');

    expect(result.response.messages).toMatchObject([
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
    ]);
  });
});
