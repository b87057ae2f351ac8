/**
 * Call options are checked before a run starts: a wrong value is a `ConfigurationError` naming
 * the option and where it came from, and nothing is left running behind the caller's back.
 * The abort signal a run uses (the call's or the agent's default) is the one whose reason
 * `generate()` rejects with.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigurationError } from '../errors/index.js';
import { ScriptedModel } from '../test/index.js';
import { createTool } from '../tools/index.js';
import { Agent } from './agent.js';
import type { AgentExecutionOptions } from './types.js';

const weather = createTool({
  id: 'weather',
  description: 'Weather of a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async () => ({ temperature: 21 }),
});

function agent(defaultOptions?: AgentExecutionOptions) {
  const model = new ScriptedModel({
    steps: [{ toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' } }] }, 'done'],
  });
  return {
    model,
    agent: new Agent({ id: 'helper', instructions: 'x', model, tools: { weather }, defaultOptions }),
  };
}

describe('a non-AbortSignal abortSignal is refused up front', () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', record);
  });
  afterEach(() => {
    process.off('unhandledRejection', record);
  });

  it.each([
    ['an object', {}],
    ['true', true],
    ['null', null],
  ])(
    'abortSignal: %s → AGENT_INVALID_OPTIONS from generate() and stream(), nothing unhandled later',
    async (_label, value) => {
      const { agent: a, model } = agent();
      for (const start of [
        () => a.generate('hi', { abortSignal: value as never }),
        () => a.stream('hi', { abortSignal: value as never }),
      ]) {
        const error = await start().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(ConfigurationError.isInstance(error)).toBe(true);
        expect(error).toMatchObject({ code: 'AGENT_INVALID_OPTIONS', details: { option: 'abortSignal' } });
        expect((error as Error).message).toContain('"abortSignal"');
        expect((error as Error).message).toContain('AbortController');
      }
      // Give a background run (if one had started) time to reject on its own.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      expect(model.calls).toHaveLength(0);
    },
  );

  it('a bad abortSignal in defaultOptions is named as coming from defaultOptions', async () => {
    const { agent: a } = agent({ abortSignal: {} as never });
    await expect(a.generate('hi')).rejects.toThrow(/defaultOptions' "abortSignal" is an object/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
  });
});

describe("generate() rejects with the reason of the run's abort signal", () => {
  it('a signal from defaultOptions: its reason, not a generic AbortError', async () => {
    const controller = new AbortController();
    const reason = new Error('user left');
    controller.abort(reason);
    const { agent: a } = agent({ abortSignal: controller.signal });
    await expect(a.generate('hi')).rejects.toBe(reason);
  });

  it("the call's own signal still wins over the default's", async () => {
    const defaults = new AbortController();
    const own = new AbortController();
    own.abort(new Error('call reason'));
    const { agent: a } = agent({ abortSignal: defaults.signal });
    await expect(a.generate('hi', { abortSignal: own.signal })).rejects.toThrow('call reason');
  });

  it('a non-Error reason from defaultOptions is in the AbortError message and its cause', async () => {
    const controller = new AbortController();
    controller.abort('timeout of the request');
    const { agent: a } = agent({ abortSignal: controller.signal });
    const error = await a.generate('hi').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError', cause: 'timeout of the request' });
    expect((error as Error).message).toContain('timeout of the request');
  });
});

describe('toolChoice and activeTools are checked when the call starts', () => {
  it.each([
    ['banana', 'a string ("banana")'],
    [{ type: 'tool' }, '"toolName" that is undefined'],
    [{ toolName: 'weather' }, 'an object'],
  ])('toolChoice %j names the value and the forms, never a tool "undefined"', async (value, said) => {
    const { agent: a, model } = agent();
    const error = await a.generate('hi', { toolChoice: value as never }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'AGENT_INVALID_OPTIONS', details: { option: 'toolChoice' } });
    expect((error as Error).message).toContain(said);
    // The fix: the documented forms, or how to name the tool.
    expect((error as Error).message).toMatch(/'required'|toolName: 'weather'/);
    expect((error as Error).message).not.toContain('"undefined"');
    expect(model.calls).toHaveLength(0);
  });

  it('a bad toolChoice in defaultOptions says so', async () => {
    const { agent: a } = agent({ toolChoice: 'banana' as never });
    await expect(a.generate('hi')).rejects.toThrow(/defaultOptions' "toolChoice" is a string \("banana"\)/);
  });

  it('activeTools as a string is a ConfigurationError, not every tool disabled', async () => {
    const { agent: a, model } = agent();
    const error = await a.generate('hi', { activeTools: 'weather' as never }).catch((e: unknown) => e);
    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'AGENT_INVALID_OPTIONS', details: { option: 'activeTools' } });
    expect((error as Error).message).toContain('["weather"]');
    expect(model.calls).toHaveLength(0);
  });

  it('activeTools with a non-string item names the item', async () => {
    const { agent: a } = agent();
    await expect(a.generate('hi', { activeTools: ['weather', 3] as never })).rejects.toThrow(
      /item 1 that is a number/,
    );
  });

  it('valid forms still run: the documented toolChoice forms and an activeTools array', async () => {
    for (const toolChoice of ['auto', 'none', 'required', { type: 'tool', toolName: 'weather' }] as const) {
      const { agent: a } = agent();
      await expect(a.generate('hi', { toolChoice, activeTools: ['weather'] })).resolves.toMatchObject({
        text: 'done',
      });
    }
  });
});
