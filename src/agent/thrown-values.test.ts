/**
 * Anything can be thrown. A value that cannot become a string (`Object.create(null)`, an object
 * whose `toString` throws, a Symbol) is described safely wherever errors are wrapped: a tool
 * that throws it still yields a tool error result (tools never crash a run), a hook that throws
 * it is a `ProcessorError` naming the processor, a callback that throws it is `CALLBACK_FAILED`.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProcessorError, SluiceError } from '../errors/index.js';
import type { Processor } from '../processors/index.js';
import type { ChunkType } from '../stream/index.js';
import { ScriptedModel } from '../test/index.js';
import { createTool } from '../tools/index.js';
import { Agent } from './agent.js';

const HOSTILE: Array<[string, () => unknown]> = [
  ['Object.create(null)', () => Object.create(null)],
  [
    'an object whose toString throws',
    () => ({
      toString() {
        throw new Error('no string for you');
      },
    }),
  ],
  ['a Symbol', () => Symbol('odd')],
  [
    'an Error whose message getter throws',
    () => {
      const error = new Error('x');
      Object.defineProperty(error, 'message', {
        get() {
          throw new Error('no message');
        },
      });
      return error;
    },
  ],
];

async function collect(stream: ReadableStream<ChunkType>): Promise<ChunkType[]> {
  const out: ChunkType[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

describe.each(HOSTILE)('throwing %s', (_label, make) => {
  it('from a tool: a tool error result naming the tool, and the run goes on', async () => {
    const thrower = createTool({
      id: 'thrower',
      description: 'throws',
      inputSchema: z.object({}),
      execute: async () => {
        throw make();
      },
    });
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'thrower', args: {} }] }, 'recovered'],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { thrower } });
    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);
    expect(output.status).toBe('success');
    expect(await output.text).toBe('recovered');
    const toolError = chunks.find((c) => c.type === 'tool-error');
    expect(toolError?.payload).toMatchObject({ toolName: 'thrower' });
    const error = (toolError?.payload as { error?: unknown } | undefined)?.error;
    expect(error).toMatchObject({ code: 'TOOL_EXECUTION_FAILED' });
    expect((error as Error).message).toMatch(/^Tool "thrower" failed: /);
    // The model saw the failure as the call's result.
    expect(JSON.stringify(model.calls[1]?.prompt)).toContain('Tool \\"thrower\\" failed');
  });

  it.each([
    ['processInput', 'input'],
    ['processOutputStream', 'output'],
  ] as const)('from %s: PROCESSOR_HOOK_FAILED naming the processor', async (hook, lane) => {
    const processor = {
      id: 'hostile',
      [hook]: () => {
        throw make();
      },
    } as Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['hi'] }),
      ...(lane === 'input'
        ? { inputProcessors: [processor as never] }
        : { outputProcessors: [processor as never] }),
    });
    const error = await agent.generate('hi').catch((e: unknown) => e);
    expect(ProcessorError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'PROCESSOR_HOOK_FAILED', processorId: 'hostile', hook });
    expect((error as Error).message).toContain(`Processor "hostile" threw in ${hook}`);
  });

  it('from a processInputStep result that breaks while applied: PROCESSOR_INVALID_RESULT naming the processor', async () => {
    const hostile = make();
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['hi'] }),
      inputProcessors: [
        {
          id: 'bad-result',
          // A getter that throws the value while the runner reads the result.
          processInputStep: () =>
            Object.defineProperty({}, 'toolChoice', {
              enumerable: true,
              get() {
                throw hostile;
              },
            }),
        },
      ],
    });
    const error = await agent.generate('hi').catch((e: unknown) => e);
    expect(ProcessorError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ processorId: 'bad-result', hook: 'processInputStep' });
  });

  it('from onFinish: CALLBACK_FAILED with the value kept as cause', async () => {
    const hostile = make();
    const agent = new Agent({ id: 'a', instructions: 'x', model: new ScriptedModel({ steps: ['hi'] }) });
    const error = await agent
      .generate('hi', {
        onFinish: () => {
          throw hostile;
        },
      })
      .catch((e: unknown) => e);
    expect(SluiceError.hasCode(error, 'CALLBACK_FAILED')).toBe(true);
    expect((error as Error).cause).toBe(hostile);
  });
});
