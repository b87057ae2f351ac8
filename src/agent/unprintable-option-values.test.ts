/**
 * An option holding a value that cannot become a string (`Object.create(null)`) is still a named
 * `ConfigurationError`, never a raw `TypeError` from building the message.
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
});
