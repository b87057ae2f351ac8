/**
 * Early configuration errors: a processor without `id`, without any hook that
 * fits its array, or repeating an id in one array fails when the agent is built — or when the
 * call starts, for arrays computed from `requestContext` — naming the array, index and fix.
 */
import { describe, expect, it } from 'vitest';
import { Agent } from '../agent/index.js';
import { ConfigurationError, ProcessorError, SluiceError } from '../errors/index.js';
import { type Processor, TripWire } from '../processors/index.js';
import { ScriptedModel } from '../test/index.js';

const model = () => new ScriptedModel({ steps: ['ok'] });
const passInput = (id: string) =>
  ({ id, processInput: ({ messageList }) => messageList }) satisfies Processor;

function buildError(fn: () => unknown): ConfigurationError {
  try {
    fn();
  } catch (error) {
    if (ConfigurationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ConfigurationError');
}

describe('processor configuration is checked early', () => {
  it('rejects a processor without an id at construction, naming array and index', () => {
    const error = buildError(
      () =>
        new Agent({
          id: 'a',
          instructions: 'x',
          model: model(),
          inputProcessors: [passInput('ok'), { processInput: () => [] } as never],
        }),
    );
    expect(error.code).toBe('PROCESSOR_MISSING_ID');
    expect(error.message).toContain('inputProcessors[1]');
    expect(error.message).toContain('Agent "a"');
    expect(error.details).toMatchObject({ array: 'inputProcessors', index: 1 });
  });

  it('rejects a processor with no hook its array runs, and says which array fits', () => {
    const error = buildError(
      () =>
        new Agent({
          id: 'a',
          instructions: 'x',
          model: model(),
          inputProcessors: [{ id: 'streamer', processOutputStream: async () => null } as never],
        }),
    );
    expect(error.code).toBe('PROCESSOR_NO_HOOK');
    expect(error.message).toMatch(
      /inputProcessors\[0\] \("streamer"\).*processOutputStream.*outputProcessors/,
    );
  });

  it('rejects an id repeated within one array, naming both positions', () => {
    const error = buildError(
      () =>
        new Agent({
          id: 'a',
          instructions: 'x',
          model: model(),
          outputProcessors: [
            { id: 'dup', processOutputResult: ({ messageList }) => messageList },
            { id: 'other', processOutputResult: ({ messageList }) => messageList },
            { id: 'dup', processOutputResult: ({ messageList }) => messageList },
          ],
        }),
    );
    expect(error.code).toBe('PROCESSOR_DUPLICATE_ID');
    expect(error.message).toContain('outputProcessors[2] repeats the id "dup" of outputProcessors[0]');
  });

  it('allows the same processor in two different arrays', () => {
    const both = {
      id: 'both',
      processInput: ({ messageList }) => messageList,
      processOutputResult: ({ messageList }) => messageList,
    } satisfies Processor;
    expect(
      () =>
        new Agent({
          id: 'a',
          instructions: 'x',
          model: model(),
          inputProcessors: [both],
          outputProcessors: [both],
        }),
    ).not.toThrow();
  });

  it('checks arrays computed from requestContext when the call starts', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: model(),
      inputProcessors: () => [passInput('same'), passInput('same')],
    });
    await expect(agent.generate('q')).rejects.toMatchObject({
      code: 'PROCESSOR_DUPLICATE_ID',
      message: expect.stringContaining('inputProcessors[1]'),
    });
  });

  it('checks per-call arrays, naming the call', async () => {
    const agent = new Agent({ id: 'a', instructions: 'x', model: model() });
    await expect(agent.generate('q', { outputProcessors: [{ id: '' } as never] })).rejects.toThrow(
      /Agent "a" call: outputProcessors\[0\] has no "id"/,
    );
  });

  it('rejects a non-integer maxProcessorRetries', () => {
    expect(() => new Agent({ id: 'a', instructions: 'x', model: model(), maxProcessorRetries: -1 })).toThrow(
      /maxProcessorRetries/,
    );
  });
});

describe('typed outcomes', () => {
  it('gives each error class a stable code and an isInstance that does not confuse them', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: model(),
      inputProcessors: [
        {
          id: 'thrower',
          processInput: () => {
            throw new TypeError('bad state');
          },
        },
      ],
    });
    const error = await agent.generate('q').catch((e: unknown) => e);
    expect(ProcessorError.isInstance(error)).toBe(true);
    expect(SluiceError.isInstance(error)).toBe(true);
    expect(ConfigurationError.isInstance(error)).toBe(false);
    expect(TripWire.isInstance(error)).toBe(false);
    const processorError = error as ProcessorError;
    expect(processorError.code).toBe('PROCESSOR_HOOK_FAILED');
    expect(processorError.processorId).toBe('thrower');
    expect(processorError.hook).toBe('processInput');
    expect(processorError.message).toContain('Processor "thrower" threw in processInput: bad state');
    expect((processorError.cause as Error).name).toBe('TypeError');

    const tripwire = new TripWire('blocked', {}, 'p');
    expect(tripwire.code).toBe('TRIPWIRE');
    expect(ProcessorError.isInstance(tripwire)).toBe(false);
    // Cross-copy: a plain object carrying the global marker is recognised.
    const foreign = Object.assign(new Error('x'), { [Symbol.for('sluice.error.processor')]: true });
    expect(ProcessorError.isInstance(foreign)).toBe(true);
  });

  it('reports a hook returning the wrong shape as PROCESSOR_INVALID_RESULT naming the processor and hook', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: model(),
      outputProcessors: [{ id: 'shape', processOutputStep: (() => 42) as never }],
    });
    await expect(agent.generate('q')).rejects.toMatchObject({
      code: 'PROCESSOR_INVALID_RESULT',
      processorId: 'shape',
      hook: 'processOutputStep',
      message: expect.stringContaining('Processor "shape" processOutputStep returned a number'),
    });
  });
});
