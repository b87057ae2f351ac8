/**
 * A bad `structuredOutput` is refused before the run starts (README "Behaviour worth knowing"):
 * `generate()`/`stream()` reject with a `ConfigurationError` (`AGENT_INVALID_OPTIONS`) naming
 * `structuredOutput.<option>` and where it came from, and nothing is left running that could
 * reject unhandled later.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors/configuration-error.js';
import { ScriptedModel } from '../test/index.js';
import { Agent } from './agent.js';

let unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

/** Let any stray background rejection surface. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

function agent(defaultOptions?: object): { agent: Agent; model: ScriptedModel } {
  const model = new ScriptedModel({ steps: [{ text: '{"a":1}' }] });
  return { agent: new Agent({ id: 'weather', instructions: 'x', model, defaultOptions }), model };
}

describe('a bad structuredOutput is a ConfigurationError naming the option, nothing unhandled', () => {
  it.each([
    [
      'a JSON string schema',
      { schema: '{"type":"object"}' },
      'structuredOutput.schema',
      /JSON text: pass the parsed object/,
    ],
    ['a number schema', { schema: 5 }, 'structuredOutput.schema', /must be a Standard Schema .*\(got 5\)/],
    ['a null schema', { schema: null }, 'structuredOutput.schema', /is required/],
    ['no schema', {}, 'structuredOutput.schema', /is required/],
    [
      'an unknown errorStrategy',
      { schema: { type: 'object' }, errorStrategy: 'ignore' },
      'structuredOutput.errorStrategy',
      /'strict', 'warn' or 'fallback'/,
    ],
    [
      'fallback without fallbackValue',
      { schema: { type: 'object' }, errorStrategy: 'fallback' },
      'structuredOutput.fallbackValue',
      /needs a "fallbackValue"/,
    ],
    ['a string instead of options', 'object', 'structuredOutput', /must be an object such as \{ schema \}/],
  ])(
    '%s: generate() and stream() reject before the model is called',
    async (_, structuredOutput, option, message) => {
      for (const call of ['generate', 'stream'] as const) {
        const { agent: a, model } = agent();
        const run = a[call]('go', { structuredOutput: structuredOutput as never });
        await expect(run).rejects.toBeInstanceOf(ConfigurationError);
        await expect(run).rejects.toMatchObject({ code: 'AGENT_INVALID_OPTIONS', details: { option } });
        await expect(run).rejects.toThrow(message);
        await expect(run).rejects.toThrow(
          new RegExp(`^Agent "weather": the call's "${option.replace('.', '\\.')}"`),
        );
        expect(model.calls).toHaveLength(0);
      }
      await settle();
      expect(unhandled).toEqual([]);
    },
  );

  it('a bad schema from defaultOptions names defaultOptions; with a structuring model too', async () => {
    const { agent: a } = agent({ structuredOutput: { schema: '{"type":"object"}' } });
    await expect(a.generate('go')).rejects.toThrow(
      /^Agent "weather": defaultOptions' "structuredOutput\.schema"/,
    );
    const { agent: b } = agent();
    await expect(
      b.generate('go', {
        structuredOutput: { schema: 5 as never, model: new ScriptedModel({ steps: ['{}'] }) },
      }),
    ).rejects.toMatchObject({
      code: 'AGENT_INVALID_OPTIONS',
      details: { option: 'structuredOutput.schema' },
    });
    await settle();
    expect(unhandled).toEqual([]);
  });

  it('a schema library that cannot describe itself as JSON Schema is refused up front too', async () => {
    const opaque = { '~standard': { version: 1, vendor: 'acme', validate: (value: unknown) => ({ value }) } };
    const { agent: a, model } = agent();
    await expect(a.stream('go', { structuredOutput: { schema: opaque as never } })).rejects.toMatchObject({
      code: 'SCHEMA_NOT_CONVERTIBLE',
      message: expect.stringMatching(/"acme" Standard Schema/),
    });
    expect(model.calls).toHaveLength(0);
    await settle();
    expect(unhandled).toEqual([]);
  });

  it('a processInputStep that sets a bad schema fails the run with a ConfigurationError, not a TypeError', async () => {
    const model = new ScriptedModel({ steps: [{ text: '{}' }] });
    const a = new Agent({
      id: 'weather',
      instructions: 'x',
      model,
      inputProcessors: [
        { id: 'bad-schema', processInputStep: () => ({ structuredOutput: { schema: 'x' as never } }) },
      ],
    });
    const output = await a.stream('go');
    const full = await output.getFullOutput();
    expect(output.status).toBe('failed');
    expect(full.error).toBeInstanceOf(ConfigurationError);
    expect(full.error).toMatchObject({ message: expect.stringMatching(/structuredOutput\.schema/) });
    await settle();
    expect(unhandled).toEqual([]);
  });
});
