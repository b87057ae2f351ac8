/**
 * An option holding a value that cannot become a string (`Object.create(null)`), or a delay no
 * timer can wait, is a named `ConfigurationError`, never a raw `TypeError` or a timer that fires
 * at once.
 */
import { describe, expect, it } from 'vitest';
import { ScriptedModel } from '../test/index.js';
import { createTool } from '../tools/index.js';
import { Agent } from './agent.js';

const unprintable = () => Object.create(null) as never;
const model = () => new ScriptedModel({ steps: ['ok'] });

describe('options that cannot be printed are still named errors', () => {
  it('maxProcessorRetries on the agent', () => {
    expect(
      () => new Agent({ id: 'a', instructions: 'x', model: model(), maxProcessorRetries: unprintable() }),
    ).toThrow(expect.objectContaining({ code: 'AGENT_INVALID_CONFIG' }));
  });

  it('maxSteps on a call', async () => {
    const agent = new Agent({ id: 'a', instructions: 'x', model: model() });
    await expect(agent.generate('hi', { maxSteps: unprintable() })).rejects.toMatchObject({
      code: 'AGENT_INVALID_OPTIONS',
    });
  });

  it('modelSettings.timeoutMs', async () => {
    const agent = new Agent({ id: 'a', instructions: 'x', model: model() });
    await expect(
      agent.generate('hi', { modelSettings: { timeoutMs: unprintable() } as never }),
    ).rejects.toSatisfy(
      (error: unknown) => !(error instanceof TypeError) && /timeoutMs/.test((error as Error).message),
    );
  });

  it("a tool's timeoutMs", () => {
    expect(() =>
      createTool({ id: 't', description: 'd', timeoutMs: unprintable(), execute: async () => 1 } as never),
    ).toThrow(/timeoutMs/);
  });

  it('a timeoutMs past the longest timer delay is refused (Node would fire it after 1 ms)', async () => {
    expect(() =>
      createTool({ id: 't', description: 'd', timeoutMs: 3_000_000_000, execute: async () => 1 } as never),
    ).toThrow(/timeoutMs/);
    const agent = new Agent({ id: 'a', instructions: 'x', model: model() });
    await expect(
      agent.generate('hi', { modelSettings: { timeoutMs: 3_000_000_000 } as never }),
    ).rejects.toThrow(/timeoutMs/);
  });
});
