/**
 * The workflow builder and steps (issue #12 item 1; wf-semantics "Builder", "createStep"): builder
 * misuse is a `ConfigurationError` `WORKFLOW_INVALID_CONFIG` that says what to do; `.commit()`
 * returns a separate frozen workflow with no builder methods (so it can be awaited);
 * `isProcessorWorkflow` recognises only committed workflows; `createStep(processor)` is named
 * `processor:<id>` and runs on its own with `execute({ inputData })` outside any agent.
 */
import { ConfigurationError, MessageList, TripWire } from 'sluice';
import {
  type Processor,
  ProcessorStepInputSchema,
  ProcessorStepOutputSchema,
  ProcessorStepSchema,
} from 'sluice/processors';
import { RequestContext } from 'sluice/request-context';
import {
  createStep,
  createWorkflow,
  isProcessorWorkflow,
  type StepExecuteContext,
  Workflow,
} from 'sluice/workflows';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const wf = (id = 'w') =>
  createWorkflow({ id, inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema });

const passInput = (id: string) =>
  ({ id, processInput: ({ messageList }) => messageList }) satisfies Processor;

function builderError(fn: () => unknown): ConfigurationError {
  try {
    fn();
  } catch (error) {
    if (ConfigurationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ConfigurationError');
}

describe('builder misuse is WORKFLOW_INVALID_CONFIG', () => {
  const cases: Array<[string, () => unknown, RegExp]> = [
    ['an empty .parallel([])', () => wf().parallel([]), /non-empty array/],
    [
      'two steps with the same id in one .parallel()',
      () => wf().parallel([createStep(passInput('dup')), createStep(passInput('dup'))]),
      /"processor:dup"/,
    ],
    [
      'a raw processor not wrapped in createStep',
      () => wf().then(passInput('raw') as never),
      /createStep\(processor\)/,
    ],
    [
      'a raw processor inside .parallel()',
      () => wf().parallel([passInput('raw') as never]),
      /"raw".*createStep\(processor\)/,
    ],
    [
      'an uncommitted nested workflow',
      () => wf('outer').then(wf('inner').then(createStep(passInput('a'))) as never),
      /"inner".*not committed.*\.commit\(\)/,
    ],
    [
      'a method called after .commit() on the builder',
      () => {
        const builder = wf('done').then(createStep(passInput('a')));
        builder.commit();
        builder.then(createStep(passInput('b')));
      },
      /"done" is committed/,
    ],
    ['.commit() with no steps', () => wf('empty').commit(), /"empty" has no steps/],
    [
      '.map() given something that is not a function',
      () => wf().map('pick' as never),
      /\.map\(\) takes a function/,
    ],
    ['an empty .branch([])', () => wf().branch([]), /non-empty array of \[condition, step\]/],
    [
      'a .branch() entry whose condition is not a function',
      () => wf().branch([[true as never, createStep(passInput('a'))]]),
      /branch#1 item 0/,
    ],
    [
      'createWorkflow() without an id',
      () => createWorkflow({ id: '', inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema }),
      /non-empty string "id"/,
    ],
    [
      'createWorkflow() with a schema that is not a zod schema',
      () => createWorkflow({ id: 'w', inputSchema: {} as never, outputSchema: ProcessorStepSchema }),
      /"inputSchema" must be a zod schema/,
    ],
    [
      'createStep() of a processor with only processLLMRequest / processLLMResponse / processAPIError',
      () =>
        createStep({
          id: 'llm-only',
          processLLMRequest: () => undefined,
          processAPIError: () => undefined,
        } as Processor),
      /"llm-only".*processLLMRequest, processAPIError.*never run inside a workflow/,
    ],
    [
      'createStep() of a processor without an id',
      () => createStep({ processInput: () => [] } as never),
      /no "id"/,
    ],
    [
      'createStep() of something that is neither a processor nor a step definition',
      () => createStep({ id: 'odd' } as never),
      /"odd".*neither a processor/,
    ],
    [
      'createStep() of a step definition without schemas',
      () => createStep({ id: 'plain', execute: () => 1 } as never),
      /"plain" needs "inputSchema"/,
    ],
  ];

  it.each(cases)('%s', (_label, fn, message) => {
    const error = builderError(fn);
    expect(error.code).toBe('WORKFLOW_INVALID_CONFIG');
    expect(error.message).toMatch(message);
  });

  it('awaiting an uncommitted builder rejects with WORKFLOW_INVALID_CONFIG telling to commit', async () => {
    const builder = wf('awaited').then(createStep(passInput('a')));
    // What `return builder` from an async function (or `await builder`) does with a thenable.
    const returned = async (value: unknown): Promise<unknown> => value;
    const error = await returned(builder).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'WORKFLOW_INVALID_CONFIG' });
    expect((error as Error).message).toMatch(/"awaited" was awaited.*\.commit\(\)/);
  });
});

describe('.commit() returns a separate, frozen committed workflow', () => {
  it('has the id, schemas and description, no builder methods, and is frozen', () => {
    const builder = createWorkflow({
      id: 'moderation',
      description: 'checks input',
      inputSchema: ProcessorStepSchema,
      outputSchema: ProcessorStepSchema,
    }).then(createStep(passInput('a')));
    const committed = builder.commit();
    expect(committed).not.toBe(builder);
    expect(committed).toMatchObject({
      id: 'moderation',
      description: 'checks input',
      committed: true,
      inputSchema: ProcessorStepSchema,
      outputSchema: ProcessorStepSchema,
    });
    expect(Object.isFrozen(committed)).toBe(true);
    for (const method of ['then', 'parallel', 'branch', 'map', 'commit']) {
      expect(method in committed, method).toBe(false);
    }
    expect(builder).toBeInstanceOf(Workflow);
    expect(builder.committed).toBe(true);
  });

  it('a committed workflow can be awaited and returned from async functions (not a thenable)', async () => {
    const committed = wf('x')
      .then(createStep(passInput('a')))
      .commit();
    expect(await committed).toBe(committed);
    expect(await (async () => committed)()).toBe(committed);
  });
});

describe('isProcessorWorkflow', () => {
  it('is true for a committed workflow', () => {
    expect(
      isProcessorWorkflow(
        wf()
          .then(createStep(passInput('a')))
          .commit(),
      ),
    ).toBe(true);
  });

  it('is false for an uncommitted builder, processors, steps and non-objects', () => {
    expect(isProcessorWorkflow(wf().then(createStep(passInput('a'))))).toBe(false);
    expect(isProcessorWorkflow(passInput('p'))).toBe(false);
    expect(isProcessorWorkflow(createStep(passInput('p')))).toBe(false);
    expect(isProcessorWorkflow(null)).toBe(false);
    expect(isProcessorWorkflow(undefined)).toBe(false);
    expect(isProcessorWorkflow('workflow')).toBe(false);
    expect(isProcessorWorkflow({ id: 'fake', committed: true })).toBe(false);
  });
});

describe('createStep', () => {
  it('from a processor: id processor:<id>, the processor itself, the processor step schemas', () => {
    const pii = passInput('pii-detector');
    const step = createStep(pii);
    expect(step.id).toBe('processor:pii-detector');
    expect(step.processor).toBe(pii);
    expect(step.inputSchema).toBe(ProcessorStepInputSchema);
    expect(step.outputSchema).toBe(ProcessorStepOutputSchema);
  });

  it('from a definition: a plain step keeping its id and schemas', () => {
    const inputSchema = z.object({ n: z.number() });
    const outputSchema = z.object({ doubled: z.number() });
    const step = createStep({
      id: 'double',
      description: 'doubles',
      inputSchema,
      outputSchema,
      execute: ({ inputData }) => ({ doubled: inputData.n * 2 }),
    });
    expect(step).toMatchObject({ id: 'double', description: 'doubles', inputSchema, outputSchema });
    expect('processor' in step).toBe(false);
  });
});

// ---- running a step on its own ---------------------------------------------------------------

function userList(text: string): MessageList {
  const list = new MessageList();
  list.add({ role: 'user', content: text }, 'input');
  return list;
}

function contextFor<T>(inputData: T, state: Record<string, unknown> = {}): StepExecuteContext<T> {
  return {
    inputData,
    phase: 'input',
    workflowId: 'standalone',
    getStepResult: () => undefined,
    getInitData: () => inputData as never,
    abort: (reason?: string) => {
      throw new TripWire(reason ?? 'aborted');
    },
    retryCount: 0,
    state,
    requestContext: new RequestContext(),
    writer: undefined,
    tracingContext: undefined,
    abortSignal: undefined,
  };
}

const textOf = (list: MessageList) =>
  list.get.all.db().map((m) => m.content.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''));

describe('step.execute() on its own (outside an agent)', () => {
  it('runs the processor hook of the phase and returns phase data reflecting its edit', async () => {
    const redactor = {
      id: 'redactor',
      processInput: ({ messages }) =>
        messages.map((m) => ({
          ...m,
          content: {
            ...m.content,
            parts: m.content.parts.map((p) =>
              p.type === 'text' ? { ...p, text: p.text.replace(/\d/g, '#') } : p,
            ),
          },
        })),
    } satisfies Processor;
    const messageList = userList('card 4111');
    const step = createStep(redactor);
    const out = await step.execute(
      contextFor({
        phase: 'input',
        messages: messageList.get.all.db(),
        messageList,
        systemMessages: [],
        retryCount: 0,
      }),
    );
    expect(out).toMatchObject({ phase: 'input', messageList });
    expect(textOf(messageList)).toEqual(['card ####']);
    const messages = (out as { messages: ReturnType<MessageList['get']['all']['db']> }).messages;
    expect(messages.map((m) => m.content.parts)).toEqual([[{ type: 'text', text: 'card ####' }]]);
  });

  it('hands the hook the given state, and an abort() that throws a TripWire naming the processor', async () => {
    const guard = {
      id: 'guard',
      processInput: ({ abort, state }) => {
        state.seen = true;
        abort('blocked standalone');
      },
    } satisfies Processor;
    const messageList = userList('x');
    const state: Record<string, unknown> = {};
    const error = await createStep(guard)
      .execute(contextFor({ phase: 'input', messages: messageList.get.all.db(), messageList }, state))
      .catch((e: unknown) => e);
    expect(TripWire.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ message: 'blocked standalone', processorId: 'guard' });
  });

  it('calls sharing one context state object share the hook’s state (one state per step, kept in it)', async () => {
    const states: unknown[] = [];
    const counter = {
      id: 'counter',
      processInput: ({ state, messageList }) => {
        states.push(state);
        state.calls = ((state.calls as number | undefined) ?? 0) + 1;
        return messageList;
      },
    } satisfies Processor;
    const step = createStep(counter);
    const run = (state: Record<string, unknown>) => {
      const messageList = userList('x');
      return step.execute(
        contextFor({ phase: 'input', messages: messageList.get.all.db(), messageList }, state) as never,
      );
    };
    const shared: Record<string, unknown> = {};
    await run(shared);
    await run(shared);
    await run({});
    expect(states[0]).toBe(states[1]);
    expect(states[2]).not.toBe(states[0]);
    expect((states[1] as { calls: number }).calls).toBe(2);
    expect((states[2] as { calls: number }).calls).toBe(1);
  });

  it('a processor lacking the phase hook returns the phase data unchanged (same object)', async () => {
    const messageList = userList('x');
    const data = { phase: 'input' as const, messages: messageList.get.all.db(), messageList };
    const outputOnly = { id: 'out', processOutputResult: ({ messageList: l }) => l } satisfies Processor;
    expect(await createStep(outputOnly).execute(contextFor(data))).toBe(data);
  });

  it('runs processOutputStream on a part', async () => {
    const upper = {
      id: 'upper',
      processOutputStream: async ({ part }) =>
        part.type === 'text-delta'
          ? { ...part, payload: { ...part.payload, text: part.payload.text.toUpperCase() } }
          : part,
    } satisfies Processor;
    const part = { type: 'text-delta', runId: 'r', from: 'AGENT', payload: { id: 't', text: 'hi' } } as const;
    const out = await createStep(upper).execute(
      contextFor({ phase: 'outputStream', part, streamParts: [], messageList: new MessageList() }) as never,
    );
    expect((out as { part: { payload: { text: string } } }).part.payload.text).toBe('HI');
  });

  it('a plain step runs its execute on phase data', async () => {
    const seen: string[] = [];
    const step = createStep({
      id: 'count',
      inputSchema: ProcessorStepSchema,
      outputSchema: ProcessorStepSchema,
      execute: ({ inputData, phase }) => {
        seen.push(`${phase}:${(inputData as { messages: unknown[] }).messages.length}`);
        return inputData;
      },
    });
    const messageList = userList('x');
    const data = { phase: 'input' as const, messages: messageList.get.all.db(), messageList };
    const out = await step.execute(contextFor(data) as never);
    expect(out).toMatchObject({ phase: 'input', messageList });
    expect(seen).toEqual(['input:1']);
  });

  it('a plain step whose output fails its outputSchema is PROCESSOR_WORKFLOW_INVALID_OUTPUT naming the step', async () => {
    const step = createStep({
      id: 'strict',
      inputSchema: ProcessorStepSchema,
      outputSchema: z.object({ approved: z.literal(true) }),
      execute: () => ({ approved: false as unknown as true }),
    });
    const messageList = userList('x');
    const error = await step
      .execute(contextFor({ phase: 'input', messages: messageList.get.all.db(), messageList }) as never)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PROCESSOR_WORKFLOW_INVALID_OUTPUT', stepId: 'strict' });
  });

  it('without a phase in inputData it says which phases exist', async () => {
    const error = await createStep(passInput('p'))
      .execute(contextFor({ messages: [] } as never))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PROCESSOR_WORKFLOW_INVALID_OUTPUT' });
    expect((error as Error).message).toMatch(/"phase".*input, inputStep/);
  });
});
