/**
 * Failures inside a processor workflow (issue #12 item 2; wf-semantics "A step that throws",
 * "Malformed data"): a throwing step fails the run with `PROCESSOR_WORKFLOW_FAILED` naming the
 * workflow and the step, malformed data is `PROCESSOR_WORKFLOW_INVALID_OUTPUT` naming the step
 * that produced it. Both surface exactly like a plain processor's `PROCESSOR_HOOK_FAILED`:
 * `generate()` rejects, the stream ends with an `error` chunk and `finishReason` is `'error'`.
 */
import { ProcessorError } from 'sluice';
import { Agent } from 'sluice/agent';
import { type Processor, ProcessorStepSchema } from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { createStep, createWorkflow, type ProcessorWorkflow, ProcessorWorkflowError } from 'sluice/workflows';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const wf = (id: string) =>
  createWorkflow({ id, inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema });

async function collect(stream: ReadableStream<ChunkType>): Promise<ChunkType[]> {
  const out: ChunkType[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

type Lane = 'input' | 'output';

function agentWith(
  workflow: ProcessorWorkflow,
  lane: Lane,
  model = new ScriptedModel({ steps: ['a', 'b'] }),
) {
  return new Agent({
    id: 'wf-errors',
    instructions: 'sys',
    model,
    ...(lane === 'input' ? { inputProcessors: [workflow] } : { outputProcessors: [workflow] }),
  });
}

async function failureOf(workflow: ProcessorWorkflow, lane: Lane): Promise<unknown> {
  return agentWith(workflow, lane)
    .generate('hello')
    .then(
      () => undefined,
      (error: unknown) => error,
    );
}

async function streamedFailureOf(workflow: ProcessorWorkflow, lane: Lane) {
  const output = await agentWith(workflow, lane).stream('hello');
  const chunks = await collect(output.fullStream);
  const last = chunks.at(-1);
  return {
    last,
    error: last?.type === 'error' ? (last.payload as { error?: unknown }).error : undefined,
    finishReason: await output.finishReason,
  };
}

interface FailureCase {
  name: string;
  lane: Lane;
  make: (boom: Error) => ProcessorWorkflow;
  stepId: string;
  phase: string;
  hook: string;
}

const FAILURES: FailureCase[] = [
  {
    name: 'a processor step whose processInput throws',
    lane: 'input',
    make: (boom) =>
      wf('guarded')
        .then(
          createStep({
            id: 'boom',
            processInput: () => {
              throw boom;
            },
          } satisfies Processor),
        )
        .commit(),
    stepId: 'processor:boom',
    phase: 'input',
    hook: 'processInput',
  },
  {
    name: 'a processor step whose async processInputStep rejects',
    lane: 'input',
    make: (boom) =>
      wf('guarded')
        .then(
          createStep({
            id: 'boom',
            processInputStep: async () => {
              throw boom;
            },
          } satisfies Processor),
        )
        .commit(),
    stepId: 'processor:boom',
    phase: 'inputStep',
    hook: 'processInputStep',
  },
  {
    name: 'a processor step whose processOutputStream throws on a chunk',
    lane: 'output',
    make: (boom) =>
      wf('guarded')
        .then(
          createStep({
            id: 'boom',
            processOutputStream: async ({ part }) => {
              if (part.type === 'text-delta') throw boom;
              return part;
            },
          } satisfies Processor),
        )
        .commit(),
    stepId: 'processor:boom',
    phase: 'outputStream',
    hook: 'processOutputStream',
  },
  {
    name: 'a processor step whose processOutputStep throws',
    lane: 'output',
    make: (boom) =>
      wf('guarded')
        .then(
          createStep({
            id: 'boom',
            processOutputStep: () => {
              throw boom;
            },
          } satisfies Processor),
        )
        .commit(),
    stepId: 'processor:boom',
    phase: 'outputStep',
    hook: 'processOutputStep',
  },
  {
    name: 'a plain step whose execute throws',
    lane: 'input',
    make: (boom) =>
      wf('guarded')
        .then(
          createStep({
            id: 'plain-check',
            inputSchema: ProcessorStepSchema,
            outputSchema: ProcessorStepSchema,
            execute: () => {
              throw boom;
            },
          }),
        )
        .commit(),
    stepId: 'plain-check',
    phase: 'input',
    hook: 'processInput',
  },
  {
    name: 'a .map() that throws',
    lane: 'input',
    make: (boom) =>
      wf('guarded')
        .then(createStep({ id: 'ok', processInput: ({ messageList }) => messageList } satisfies Processor))
        .map(() => {
          throw boom;
        })
        .commit(),
    stepId: 'map#1',
    phase: 'input',
    hook: 'processInput',
  },
  {
    name: 'a .branch() condition that throws',
    lane: 'input',
    make: (boom) =>
      wf('guarded')
        .branch([
          [
            () => {
              throw boom;
            },
            createStep({ id: 'ok', processInput: ({ messageList }) => messageList } satisfies Processor),
          ],
        ])
        .commit(),
    stepId: 'branch#1 condition 0',
    phase: 'input',
    hook: 'processInput',
  },
  {
    name: 'a .branch() condition that rejects (async)',
    lane: 'input',
    make: (boom) =>
      wf('guarded')
        .branch([
          [
            () => Promise.resolve(false),
            createStep({ id: 'a', processInput: ({ messageList }) => messageList } satisfies Processor),
          ],
          [
            () => Promise.reject(boom),
            createStep({ id: 'b', processInput: ({ messageList }) => messageList } satisfies Processor),
          ],
        ])
        .commit(),
    stepId: 'branch#1 condition 1',
    phase: 'input',
    hook: 'processInput',
  },
  {
    name: 'a processor step inside a nested workflow',
    lane: 'input',
    make: (boom) => {
      const inner = wf('inner-workflow')
        .then(
          createStep({
            id: 'boom',
            processInput: () => {
              throw boom;
            },
          } satisfies Processor),
        )
        .commit();
      return wf('guarded').then(inner).commit();
    },
    stepId: 'inner-workflow/processor:boom',
    phase: 'input',
    hook: 'processInput',
  },
  {
    name: 'a processor step in one branch of a .parallel()',
    lane: 'input',
    make: (boom) =>
      wf('guarded')
        .parallel([
          createStep({ id: 'fine', processInput: ({ messageList }) => messageList } satisfies Processor),
          createStep({
            id: 'boom',
            processInput: async () => {
              throw boom;
            },
          } satisfies Processor),
        ])
        .map(({ inputData }) => inputData['processor:fine'])
        .commit(),
    stepId: 'processor:boom',
    phase: 'input',
    hook: 'processInput',
  },
];

describe('a step that throws fails the run with PROCESSOR_WORKFLOW_FAILED', () => {
  it.each(FAILURES)('$name: generate() rejects naming the workflow, the step and the phase', async (c) => {
    const boom = new Error('kaboom');
    const error = await failureOf(c.make(boom), c.lane);
    expect(ProcessorWorkflowError.isInstance(error)).toBe(true);
    // A workflow failure is a processor failure: callers catching ProcessorError catch it too.
    expect(ProcessorError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'PROCESSOR_WORKFLOW_FAILED',
      processorId: 'guarded',
      workflowId: 'guarded',
      stepId: c.stepId,
      phase: c.phase,
      hook: c.hook,
    });
    expect((error as Error).cause).toBe(boom);
    expect((error as ProcessorWorkflowError).details).toMatchObject({
      workflowId: 'guarded',
      stepId: c.stepId,
      phase: c.phase,
    });
    const message = (error as Error).message;
    expect(message).toContain('"guarded"');
    expect(message).toContain(`"${c.stepId}"`);
    expect(message).toContain('kaboom');
  });

  it.each(FAILURES)('$name: stream() ends with an error chunk carrying the same error', async (c) => {
    const boom = new Error('kaboom');
    const { last, error, finishReason } = await streamedFailureOf(c.make(boom), c.lane);
    expect(last?.type).toBe('error');
    expect(ProcessorWorkflowError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'PROCESSOR_WORKFLOW_FAILED',
      workflowId: 'guarded',
      stepId: c.stepId,
    });
    expect(finishReason).toBe('error');
  });

  it('a plain processor failure and a workflow step failure surface the same way (same class family, same channels)', async () => {
    const boom = new Error('kaboom');
    const plain = {
      id: 'boom',
      processInput: () => {
        throw boom;
      },
    } satisfies Processor;
    const direct = await new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: ['x'] }),
      inputProcessors: [plain],
    })
      .generate('q')
      .catch((e: unknown) => e);
    const viaWorkflow = await failureOf(wf('guarded').then(createStep(plain)).commit(), 'input');
    expect(direct).toMatchObject({ code: 'PROCESSOR_HOOK_FAILED', processorId: 'boom' });
    expect(viaWorkflow).toMatchObject({ code: 'PROCESSOR_WORKFLOW_FAILED', processorId: 'guarded' });
    expect((direct as Error).cause).toBe(boom);
    expect((viaWorkflow as Error).cause).toBe(boom);
  });

  it('an input-phase failure happens before the model is called', async () => {
    const model = new ScriptedModel({ steps: ['never'] });
    const workflow = FAILURES[0]?.make(new Error('kaboom')) as ProcessorWorkflow;
    await expect(agentWith(workflow, 'input', model).generate('q')).rejects.toMatchObject({
      code: 'PROCESSOR_WORKFLOW_FAILED',
    });
    expect(model.calls).toHaveLength(0);
  });
});

describe('the failure names the phase and the loop step it happened in', () => {
  const lookup = createTool({
    id: 'lookup',
    description: 'Looks up',
    inputSchema: z.object({}),
    execute: async () => 'found',
  });
  const toolLoop = () =>
    new ScriptedModel({ steps: [{ toolCalls: [{ toolName: 'lookup', args: {} }] }, 'done'] });

  it('processToolResult: phase toolResult, step 0', async () => {
    const boom = new Error('bad result');
    const workflow = wf('tools-wf')
      .then(
        createStep({
          id: 'inspect',
          processToolResult: () => {
            throw boom;
          },
        } satisfies Processor),
      )
      .commit();
    const error = await new Agent({
      id: 'a',
      instructions: 's',
      model: toolLoop(),
      tools: { lookup },
      outputProcessors: [workflow],
    })
      .generate('q')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'PROCESSOR_WORKFLOW_FAILED',
      workflowId: 'tools-wf',
      stepId: 'processor:inspect',
      phase: 'toolResult',
      hook: 'processToolResult',
      stepNumber: 0,
    });
    expect((error as Error).cause).toBe(boom);
  });

  it('processInputStep on the second loop step: stepNumber 1, and the message says so', async () => {
    const workflow = wf('steps-wf')
      .then(
        createStep({
          id: 'second',
          processInputStep: ({ stepNumber }) => {
            if (stepNumber === 1) throw new Error('second step');
          },
        } satisfies Processor),
      )
      .commit();
    const error = await new Agent({
      id: 'a',
      instructions: 's',
      model: toolLoop(),
      tools: { lookup },
      inputProcessors: [workflow],
    })
      .generate('q', { maxSteps: 3 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ phase: 'inputStep', stepNumber: 1, stepId: 'processor:second' });
    expect((error as Error).message).toContain('step 1');
  });

  it('processOutputResult throwing a non-Error: phase outputResult, the thrown value is the cause', async () => {
    const workflow = wf('result-wf')
      .then(
        createStep({
          id: 'final',
          processOutputResult: () => {
            throw 'not an error object';
          },
        } satisfies Processor),
      )
      .commit();
    const error = await agentWith(workflow, 'output')
      .generate('q')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'PROCESSOR_WORKFLOW_FAILED',
      stepId: 'processor:final',
      phase: 'outputResult',
      hook: 'processOutputResult',
    });
    expect((error as Error).cause).toBe('not an error object');
    expect((error as Error).message).toContain('not an error object');
  });
});

interface InvalidCase {
  name: string;
  lane: Lane;
  make: () => ProcessorWorkflow;
  stepId: string;
  phase: string;
  message?: RegExp;
}

const INVALID: InvalidCase[] = [
  {
    name: 'processInput returning 42',
    lane: 'input',
    make: () =>
      wf('shapes')
        .then(createStep({ id: 'bad', processInput: () => 42 as never } satisfies Processor))
        .commit(),
    stepId: 'processor:bad',
    phase: 'input',
  },
  {
    name: 'processOutputStream returning { foo: 1 }',
    lane: 'output',
    make: () =>
      wf('shapes')
        .then(
          createStep({
            id: 'bad',
            processOutputStream: async ({ part }) =>
              part.type === 'text-delta' ? ({ foo: 1 } as never) : part,
          } satisfies Processor),
        )
        .commit(),
    stepId: 'processor:bad',
    phase: 'outputStream',
    message: /processOutputStream/,
  },
  {
    name: 'a .map() returning undefined after .parallel() (the message lists the keys)',
    lane: 'input',
    make: () =>
      wf('shapes')
        .parallel([
          createStep({ id: 'a', processInput: ({ messageList }) => messageList } satisfies Processor),
          createStep({ id: 'b', processInput: ({ messageList }) => messageList } satisfies Processor),
        ])
        .map(() => undefined)
        .commit(),
    stepId: 'map#1',
    phase: 'input',
    message: /"processor:a", "processor:b"/,
  },
  {
    name: 'a .map() returning null',
    lane: 'input',
    make: () =>
      wf('shapes')
        .then(createStep({ id: 'a', processInput: ({ messageList }) => messageList } satisfies Processor))
        .map(() => null)
        .commit(),
    stepId: 'map#1',
    phase: 'input',
    message: /null/,
  },
  {
    name: 'a plain step whose output fails its outputSchema',
    lane: 'input',
    make: () =>
      wf('shapes')
        .then(
          createStep({
            id: 'strict',
            inputSchema: ProcessorStepSchema,
            outputSchema: z.object({ approved: z.literal(true) }),
            execute: () => ({ approved: false as unknown as true }),
          }),
        )
        .commit(),
    stepId: 'strict',
    phase: 'input',
    message: /outputSchema/,
  },
  {
    name: '.parallel() as the last step without .map() (a keyed object is the final output)',
    lane: 'input',
    make: () =>
      wf('shapes')
        .parallel([
          createStep({ id: 'a', processInput: ({ messageList }) => messageList } satisfies Processor),
          createStep({ id: 'b', processInput: ({ messageList }) => messageList } satisfies Processor),
        ])
        .commit(),
    stepId: 'output',
    phase: 'input',
    message: /\.map\(/,
  },
  {
    name: 'a .map() handing on phase data of another phase',
    lane: 'input',
    make: () =>
      wf('shapes')
        .then(createStep({ id: 'a', processInput: ({ messageList }) => messageList } satisfies Processor))
        .map(({ inputData }) => ({ ...(inputData as object), phase: 'outputStep' }))
        .commit(),
    stepId: 'output',
    phase: 'input',
    message: /outputStep/,
  },
];

describe('malformed data is PROCESSOR_WORKFLOW_INVALID_OUTPUT naming the step that produced it', () => {
  it.each(INVALID)('$name', async (c) => {
    const error = await failureOf(c.make(), c.lane);
    expect(ProcessorWorkflowError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'PROCESSOR_WORKFLOW_INVALID_OUTPUT',
      processorId: 'shapes',
      workflowId: 'shapes',
      stepId: c.stepId,
      phase: c.phase,
    });
    const message = (error as Error).message;
    expect(message).toContain('"shapes"');
    expect(message).toContain(`"${c.stepId}"`);
    if (c.message) expect(message).toMatch(c.message);
  });

  it.each([
    [
      'processInputStep returning 42',
      { id: 'bad', processInputStep: () => 42 as never },
      'input',
      'inputStep',
    ],
    [
      'processInputStep returning { toolChoice: 42 }',
      { id: 'bad', processInputStep: () => ({ toolChoice: 42 }) as never },
      'input',
      'inputStep',
    ],
    [
      'processInputStep returning a model that cannot be resolved',
      { id: 'bad', processInputStep: () => ({ model: 'nope/unknown-model' }) as never },
      'input',
      'inputStep',
    ],
    [
      'processOutputStep returning 42',
      { id: 'bad', processOutputStep: () => 42 as never },
      'output',
      'outputStep',
    ],
    [
      'processToolResult returning a string',
      { id: 'bad', processToolResult: () => 'str' as never },
      'output',
      'toolResult',
    ],
    [
      'processOutputResult returning { messages: "x" }',
      { id: 'bad', processOutputResult: () => ({ messages: 'x' }) as never },
      'output',
      'outputResult',
    ],
    [
      'processOutputStream returning an array holding a non-chunk',
      { id: 'bad', processOutputStream: async ({ part }) => [part, 5] as never },
      'output',
      'outputStream',
    ],
  ] as Array<[string, Processor, Lane, string]>)(
    'every hook: %s is INVALID_OUTPUT where a plain processor gets PROCESSOR_INVALID_RESULT',
    async (_label, processor, lane, phase) => {
      const lookup = createTool({
        id: 'lookup',
        description: 'l',
        inputSchema: z.object({}),
        execute: async () => 'ok',
      });
      const run = (entry: Processor | ProcessorWorkflow) =>
        new Agent({
          id: 'a',
          instructions: 's',
          tools: { lookup },
          model: new ScriptedModel({ steps: [{ toolCalls: [{ toolName: 'lookup', args: {} }] }, 'done'] }),
          ...(lane === 'input'
            ? { inputProcessors: [entry as never] }
            : { outputProcessors: [entry as never] }),
        })
          .generate('q')
          .catch((e: unknown) => e);
      const plain = await run(processor);
      expect(plain).toMatchObject({ code: 'PROCESSOR_INVALID_RESULT', processorId: 'bad' });
      const viaWorkflow = await run(wf('shapes').then(createStep(processor)).commit());
      expect(viaWorkflow).toMatchObject({
        code: 'PROCESSOR_WORKFLOW_INVALID_OUTPUT',
        workflowId: 'shapes',
        stepId: 'processor:bad',
        phase,
      });
      expect((viaWorkflow as Error).message).toContain('"shapes"');
    },
  );

  it('stream(): an invalid chunk from a workflow step ends the stream with the error chunk', async () => {
    const { error, finishReason } = await streamedFailureOf(
      INVALID[1]?.make() as ProcessorWorkflow,
      'output',
    );
    expect(error).toMatchObject({ code: 'PROCESSOR_WORKFLOW_INVALID_OUTPUT', stepId: 'processor:bad' });
    expect(finishReason).toBe('error');
  });

  it('a plain step output is not checked against its outputSchema in the stream phase (no per-chunk validation)', async () => {
    const workflow = wf('loose')
      .then(
        createStep({
          id: 'strict',
          inputSchema: ProcessorStepSchema,
          outputSchema: z.object({ never: z.literal(true) }),
          // Fails its schema in every message phase; only the stream phase runs it here.
          execute: ({ inputData, phase }) => {
            if (phase !== 'outputStream') throw new Error(`unexpected phase ${phase}`);
            return inputData as never;
          },
        }),
      )
      .commit();
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: [{ text: ['he', 'llo'] }] }),
      outputProcessors: [workflow],
    });
    // Message phases throw (proving they ran) but the stream phase passed every chunk.
    const error = await agent.generate('q').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PROCESSOR_WORKFLOW_FAILED', phase: 'outputStep' });
  });
});
