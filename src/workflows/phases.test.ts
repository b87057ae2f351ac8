/**
 * Workflows as processors, data flow per phase (SPEC 2.7, api-reference section 7), pinned
 * through the public API: what the scripted model received, what `stream()`/`generate()` gave
 * back, and what the processors inside the workflow were called with.
 */
import { Agent } from 'sluice/agent';
import type { MastraDBMessage } from 'sluice/memory';
import { type Processor, ProcessorStepSchema } from 'sluice/processors';
import { ScriptedModel, type ScriptedStep, streamOnly } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { createStep, createWorkflow } from 'sluice/workflows';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collect, contentText, messageText, texts, withText } from './testing/helpers.js';

// ---- helpers --------------------------------------------------------------------------------

const weather = createTool({
  id: 'weather',
  description: 'Weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, tempC: 4 }),
});

/** Step 0 calls the weather tool, step 1 answers: a run of exactly two model calls. */
const TOOL_THEN_ANSWER: ScriptedStep[] = [
  { toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' }, toolCallId: 'c1' }] },
  { text: ['It is ', 'cold'] },
];

const workflow = (id: string) =>
  createWorkflow({ id, inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema });

// ---- 1. every phase ------------------------------------------------------------------------

describe('a workflow runs once per phase', () => {
  function recorders(log: string[]) {
    const input = {
      id: 'rec-in',
      processInput: ({ messageList }) => {
        log.push('processInput');
        return messageList;
      },
      processInputStep: ({ stepNumber }) => {
        log.push(`processInputStep#${stepNumber}`);
      },
    } satisfies Processor;
    const output = {
      id: 'rec-out',
      processOutputStream: async ({ part }) => {
        log.push(`stream:${part.type}`);
        return part;
      },
      processOutputStep: ({ stepNumber }) => {
        log.push(`processOutputStep#${stepNumber}`);
      },
      processToolResult: ({ toolName, toolCallId }) => {
        log.push(`processToolResult:${toolName}:${toolCallId}`);
      },
      processOutputResult: ({ result }) => {
        log.push(`processOutputResult:${result.text}`);
      },
    } satisfies Processor;
    return { input, output };
  }

  it('input, each input step, each stream chunk, each output step, each tool result and the output result: same calls as the processors in a plain array', async () => {
    const run = async (wrap: boolean) => {
      const log: string[] = [];
      const { input, output } = recorders(log);
      const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
      const agent = new Agent({
        id: 'a',
        instructions: 'sys',
        model,
        tools: { weather },
        inputProcessors: wrap ? [workflow('wf-in').then(createStep(input)).commit()] : [input],
        outputProcessors: wrap ? [workflow('wf-out').then(createStep(output)).commit()] : [output],
      });
      const out = await agent.stream('weather?');
      const chunks = await collect(out.fullStream);
      return { log, chunks: chunks.map((c) => c.type), text: await out.text };
    };
    const plain = await run(false);
    const wrapped = await run(true);

    expect(wrapped.text).toBe('It is cold');
    expect(wrapped.log).toEqual(plain.log);
    expect(wrapped.chunks).toEqual(plain.chunks);
    // The phases, in order, each seen by the processor inside the workflow.
    const phases = wrapped.log.filter((l) => !l.startsWith('stream:'));
    expect(phases).toEqual([
      'processInput',
      'processInputStep#0',
      'processOutputStep#0',
      'processToolResult:weather:c1',
      'processInputStep#1',
      'processOutputStep#1',
      'processOutputResult:It is cold',
    ]);
    // Every chunk of the stream went through the workflow's processor.
    const streamed = wrapped.log.filter((l) => l.startsWith('stream:')).map((l) => l.slice(7));
    expect(streamed).toContain('text-delta');
    expect(streamed).toContain('tool-call');
    expect(streamed.filter((t) => t === 'text-delta')).toHaveLength(2);
  });

  it('generate() runs the same phases through the workflow as stream()', async () => {
    const log: string[] = [];
    const { input, output } = recorders(log);
    const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      inputProcessors: [workflow('wf-in').then(createStep(input)).commit()],
      outputProcessors: [workflow('wf-out').then(createStep(output)).commit()],
    });
    const result = await agent.generate('weather?');
    expect(result.text).toBe('It is cold');
    expect(log.filter((l) => !l.startsWith('stream:'))).toEqual([
      'processInput',
      'processInputStep#0',
      'processOutputStep#0',
      'processToolResult:weather:c1',
      'processInputStep#1',
      'processOutputStep#1',
      'processOutputResult:It is cold',
    ]);
  });
});

// ---- 2. pass-through and skipped phases -----------------------------------------------------

describe('steps without the phase hook, and phases with no work', () => {
  it('a processor step lacking the phase hook passes the phase data through unchanged (the same object)', async () => {
    let same: boolean | undefined;
    let seenText: string[] = [];
    // Input phase: `step-only` has no processInput, so it hands the data on; `input` has work.
    const stepOnly = {
      id: 'step-only',
      processInputStep: () => undefined,
    } satisfies Processor;
    const input = {
      id: 'input',
      processInput: ({ messageList }) => messageList,
    } satisfies Processor;
    const wf = workflow('wf')
      .then(createStep(stepOnly))
      .map(({ inputData, getInitData, phase }) => {
        if (phase === 'input') {
          same = inputData === getInitData();
          seenText = inputData.phase === 'input' ? (inputData.messages ?? []).map(messageText) : [];
        }
        return inputData;
      })
      .then(createStep(input))
      .commit();
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [wf] });

    const result = await agent.generate('hello');

    expect(result.text).toBe('ok');
    expect(same).toBe(true);
    expect(seenText).toEqual(['hello']);
  });

  it('a phase in which no processor step has the hook skips the workflow: its .map() does not run then', async () => {
    const mapPhases: string[] = [];
    const inputOnly = {
      id: 'input-only',
      processInput: ({ messageList }) => messageList,
    } satisfies Processor;
    const resultOnly = {
      id: 'result-only',
      processOutputResult: ({ messageList }) => messageList,
    } satisfies Processor;
    const track = (id: string, processor: Processor) =>
      workflow(id)
        .then(createStep(processor))
        .map(({ inputData, phase }) => {
          mapPhases.push(`${id}:${phase}`);
          return inputData;
        })
        .commit();
    const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      inputProcessors: [track('in', inputOnly)],
      outputProcessors: [track('out', resultOnly)],
    });

    const out = await agent.stream('weather?');
    const chunks = await collect(out.fullStream);

    expect(chunks.filter((c) => c.type === 'text-delta')).toHaveLength(2);
    // Two loop steps, several chunks, a tool result: yet each map ran in its one phase only.
    expect(mapPhases).toEqual(['in:input', 'out:outputResult']);
  });

  it('a workflow none of whose steps runs in the lane (input-only processors in outputProcessors) is PROCESSOR_NO_HOOK at new Agent()', () => {
    const inputOnly = {
      id: 'input-only',
      processInput: ({ messageList }) => messageList,
    } satisfies Processor;
    const wf = workflow('wrong-lane').then(createStep(inputOnly)).commit();
    const model = new ScriptedModel({ steps: ['ok'] });
    expect(() => new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [wf] })).toThrow(
      expect.objectContaining({ code: 'PROCESSOR_NO_HOOK' }),
    );
  });
});

// ---- 3. .then chaining and processInputStep overrides ------------------------------------------

describe('.then(): order and data flow', () => {
  it('steps run in .then() order, each seeing the previous step’s edit; the model gets the last edit', async () => {
    const order: string[] = [];
    const upper = {
      id: 'upper',
      processInput: ({ messages }) => {
        order.push(`upper saw ${messages.map(messageText).join('|')}`);
        return messages.map((m) => (m.role === 'user' ? withText(m, messageText(m).toUpperCase()) : m));
      },
    } satisfies Processor;
    const exclaim = {
      id: 'exclaim',
      processInput: ({ messages }) => {
        order.push(`exclaim saw ${messages.map(messageText).join('|')}`);
        return messages.map((m) => (m.role === 'user' ? withText(m, `${messageText(m)}!`) : m));
      },
    } satisfies Processor;
    const wf = workflow('chain').then(createStep(upper)).then(createStep(exclaim)).commit();
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [wf] });

    await agent.generate('hello');

    expect(order).toEqual(['upper saw hello', 'exclaim saw HELLO']);
    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['HELLO!']);
  });

  it('a processor after the workflow in the lane sees the workflow’s edits in its messageList', async () => {
    let after: string[] | undefined;
    const upper = {
      id: 'upper',
      processInput: ({ messages }) =>
        messages.map((m) => (m.role === 'user' ? withText(m, messageText(m).toUpperCase()) : m)),
    } satisfies Processor;
    const observer = {
      id: 'observer',
      processInput: ({ messageList }) => {
        after = messageList.get.all.db().map(messageText);
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      inputProcessors: [workflow('wf').then(createStep(upper)).commit(), observer],
    });

    await agent.generate('hello');

    expect(after).toEqual(['HELLO']);
  });

  const clock = createTool({
    id: 'clock',
    description: 'Current time',
    inputSchema: z.object({}),
    execute: async () => ({ time: '12:00' }),
  });
  const toolNames = (call: ScriptedModel['calls'][number]) => (call.tools ?? []).map((t) => t.name).sort();

  it.each([
    {
      name: 'toolChoice',
      override: () => ({ toolChoice: 'none' as const }),
      read: (d: Record<string, unknown>) => d.toolChoice,
      seen: 'none',
      call: (c: ScriptedModel['calls'][number]) => c.toolChoice,
      expected: { type: 'none' },
    },
    {
      name: 'activeTools',
      override: () => ({ activeTools: ['clock'] }),
      read: (d: Record<string, unknown>) => d.activeTools,
      seen: ['clock'],
      call: toolNames,
      expected: ['clock'],
    },
    {
      name: 'systemMessages',
      override: () => ({ systemMessages: [{ role: 'system' as const, content: 'Step note.' }] }),
      read: (d: Record<string, unknown>) =>
        (d.systemMessages as { content: unknown }[]).map((m) => contentText(m.content)),
      seen: ['Step note.'],
      call: (c: ScriptedModel['calls'][number]) => texts(c.prompt, 'system'),
      expected: ['Step note.'],
    },
  ])(
    'processInputStep override $name flows to the next step, to the next processor in the lane, and to the model call',
    async ({ override, read, seen, call, expected }) => {
      const seenInWorkflow: unknown[] = [];
      const seenAfter: unknown[] = [];
      const first = {
        id: 'first',
        processInputStep: () => override(),
      } satisfies Processor;
      const second = {
        id: 'second',
        processInputStep: (args) => {
          seenInWorkflow.push(read(args as unknown as Record<string, unknown>));
        },
      } satisfies Processor;
      const laneNext = {
        id: 'lane-next',
        processInputStep: (args) => {
          seenAfter.push(read(args as unknown as Record<string, unknown>));
        },
      } satisfies Processor;
      const model = new ScriptedModel({ steps: ['ok'] });
      const agent = new Agent({
        id: 'a',
        instructions: 'sys',
        model,
        tools: { weather, clock },
        inputProcessors: [workflow('wf').then(createStep(first)).then(createStep(second)).commit(), laneNext],
      });

      await agent.generate('hello');

      expect(seenInWorkflow).toEqual([seen]);
      expect(seenAfter).toEqual([seen]);
      expect(call(model.calls[0] as ScriptedModel['calls'][number])).toEqual(expected);
    },
  );

  it.each(['plain array', '.then()', '.parallel().map()'] as const)(
    'a systemMessages override applies to that loop step only, as for a plain processor (%s)',
    async (shape) => {
      const note = {
        id: 'note',
        processInputStep: ({ stepNumber, systemMessages }) =>
          stepNumber === 0
            ? { systemMessages: [...systemMessages, { role: 'system' as const, content: 'Step note.' }] }
            : undefined,
      } satisfies Processor;
      const idle = { id: 'idle', processInputStep: () => undefined } satisfies Processor;
      const entry =
        shape === 'plain array'
          ? note
          : shape === '.then()'
            ? workflow('wf').then(createStep(note)).commit()
            : workflow('wf')
                .parallel([createStep(note), createStep(idle)])
                .map(({ inputData }) => inputData['processor:note'])
                .commit();
      const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
      const agent = new Agent({
        id: 'a',
        instructions: 'sys',
        model,
        tools: { weather },
        inputProcessors: [entry],
      });

      await agent.generate('weather?');

      expect(model.calls.map((c) => texts(c.prompt, 'system'))).toEqual([['sys', 'Step note.'], ['sys']]);
    },
  );

  it.each(['plain array', '.then()', '.parallel().map()'] as const)(
    'a toolChoice override applies to that loop step only, as for a plain processor (%s)',
    async (shape) => {
      const force = {
        id: 'force',
        processInputStep: ({ stepNumber }) =>
          stepNumber === 0 ? { toolChoice: 'required' as const } : undefined,
      } satisfies Processor;
      const idle = { id: 'idle', processInputStep: () => undefined } satisfies Processor;
      const entry =
        shape === 'plain array'
          ? force
          : shape === '.then()'
            ? workflow('wf').then(createStep(force)).commit()
            : workflow('wf')
                .parallel([createStep(idle), createStep(force)])
                .map(({ inputData }) => inputData['processor:force'])
                .commit();
      const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
      const agent = new Agent({
        id: 'a',
        instructions: 'sys',
        model,
        tools: { weather },
        inputProcessors: [entry],
      });

      await agent.generate('weather?');

      expect(model.calls.map((c) => c.toolChoice)).toEqual([{ type: 'required' }, { type: 'auto' }]);
    },
  );

  it('processInputStep override model (a ScriptedModel) reaches the next step and is the model called', async () => {
    const main = new ScriptedModel({ steps: ['from main'], modelId: 'main' });
    const other = new ScriptedModel({ steps: ['from other'], modelId: 'other' });
    const seenModelIds: unknown[] = [];
    const swap = {
      id: 'swap',
      processInputStep: () => ({ model: other }),
    } satisfies Processor;
    const reader = {
      id: 'reader',
      processInputStep: ({ model }) => {
        seenModelIds.push((model as { modelId?: string }).modelId);
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model: main,
      inputProcessors: [workflow('wf').then(createStep(swap)).then(createStep(reader)).commit()],
    });

    const result = await agent.generate('hello');

    expect(result.text).toBe('from other');
    expect(seenModelIds).toEqual(['other']);
    expect(main.calls).toHaveLength(0);
    expect(other.calls).toHaveLength(1);
  });
});

// ---- 6. .branch() ---------------------------------------------------------------------------

/** A processInput processor that appends `suffix` to each user message, logging its calls. */
function suffixer(id: string, suffix: string, log: string[] = []) {
  return {
    id,
    processInput: ({ messages }) => {
      log.push(id);
      return messages.map((m) => (m.role === 'user' ? withText(m, `${messageText(m)}${suffix}`) : m));
    },
  } satisfies Processor;
}

describe('.branch(): conditional routing', () => {
  it('the first condition that holds picks the step; only that step runs and its output goes on keyed by its step id', async () => {
    const log: string[] = [];
    const seen: string[][] = [];
    const wf = workflow('route')
      .branch([
        [() => false, createStep(suffixer('never', ' [never]', log))],
        [() => true, createStep(suffixer('first-true', ' [first]', log))],
        [() => true, createStep(suffixer('second-true', ' [second]', log))],
      ])
      .map(({ inputData }) => {
        seen.push(Object.keys(inputData));
        return (
          inputData['processor:never'] ??
          inputData['processor:first-true'] ??
          inputData['processor:second-true']
        );
      })
      .then(createStep(suffixer('after', ' [after]', log)))
      .commit();
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [wf] });

    await agent.generate('hi');

    expect(seen).toEqual([['processor:first-true']]);
    expect(log).toEqual(['first-true', 'after']);
    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['hi [first] [after]']);
  });

  it('when no condition holds the next step gets {} (no step ran); a map can fall back to getInitData()', async () => {
    const log: string[] = [];
    const seen: unknown[] = [];
    const wf = workflow('route')
      .branch([
        [() => false, createStep(suffixer('a', ' [a]', log))],
        [async () => false, createStep(suffixer('b', ' [b]', log))],
      ])
      .map(({ inputData, getInitData }) => {
        seen.push(inputData);
        return inputData['processor:a'] ?? inputData['processor:b'] ?? getInitData();
      })
      .then(createStep(suffixer('after', ' [after]', log)))
      .commit();
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [wf] });

    await agent.generate('hi');

    expect(seen).toEqual([{}]);
    expect(log).toEqual(['after']);
    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['hi [after]']);
  });

  it('async conditions are awaited, in order, and decide on the phase data (here: the user text)', async () => {
    const asked: string[] = [];
    const condition =
      (name: string, word: string) =>
      async ({ inputData }: { inputData: unknown }) => {
        asked.push(name);
        await new Promise((r) => setTimeout(r, 1));
        const data = inputData as { messages?: MastraDBMessage[] };
        return (data.messages ?? []).some((m) => messageText(m).includes(word));
      };
    const wf = workflow('route')
      .branch([
        [condition('refund?', 'refund'), createStep(suffixer('billing', ' [billing]'))],
        [condition('bug?', 'bug'), createStep(suffixer('support', ' [support]'))],
      ])
      .map(
        ({ inputData, getInitData }) =>
          inputData['processor:billing'] ?? inputData['processor:support'] ?? getInitData(),
      )
      .commit();
    const model = new ScriptedModel({ steps: ['ok', 'ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [wf] });

    await agent.generate('I found a bug');
    expect(asked).toEqual(['refund?', 'bug?']);
    await agent.generate('I want a refund');

    expect(asked).toEqual(['refund?', 'bug?', 'refund?']);
    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['I found a bug [support]']);
    expect(texts(model.calls[1]?.prompt, 'user')).toEqual(['I want a refund [billing]']);
  });

  it('conditions are asked per phase: inputData.phase === "input" runs the step in processInput only, not per input step', async () => {
    const calls: string[] = [];
    const both = {
      id: 'both',
      processInput: ({ messageList }) => {
        calls.push('processInput');
        return messageList;
      },
      processInputStep: ({ stepNumber }) => {
        calls.push(`processInputStep#${stepNumber}`);
      },
    } satisfies Processor;
    const phasesAsked: string[] = [];
    const wf = workflow('route')
      .branch([
        [
          ({ inputData }) => {
            phasesAsked.push((inputData as { phase: string }).phase);
            return (inputData as { phase: string }).phase === 'input';
          },
          createStep(both),
        ],
      ])
      .map(({ inputData, getInitData }) => inputData['processor:both'] ?? getInitData())
      .commit();
    const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      inputProcessors: [wf],
    });

    await agent.generate('weather?');

    expect(phasesAsked).toEqual(['input', 'inputStep', 'inputStep']);
    expect(calls).toEqual(['processInput']);
  });
});

// ---- 7. .map() ------------------------------------------------------------------------------

describe('.map()', () => {
  it('after .parallel() receives an object keyed by step id; getStepResult and getInitData work inside it', async () => {
    let keys: string[] | undefined;
    let viaGetter: unknown[] = [];
    let viaInput: unknown[] = [];
    let init: { phase?: string; texts?: string[] } | undefined;
    const a = createStep(suffixer('a', ' [a]'));
    const b = createStep(suffixer('b', ' [b]'));
    const wf = workflow('pick')
      .parallel([a, b])
      .map(({ inputData, getStepResult, getInitData }) => {
        keys = Object.keys(inputData).sort();
        viaInput = [inputData['processor:a'], inputData['processor:b']];
        viaGetter = [getStepResult('processor:a'), getStepResult(b)];
        const first = getInitData();
        init = {
          phase: first.phase,
          texts: 'messages' in first ? first.messages.map(messageText) : undefined,
        };
        return inputData['processor:b'];
      })
      .commit();
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [wf] });

    await agent.generate('hi');

    expect(keys).toEqual(['processor:a', 'processor:b']);
    expect(viaGetter[0]).toBe(viaInput[0]);
    expect(viaGetter[1]).toBe(viaInput[1]);
    expect(init).toEqual({ phase: 'input', texts: ['hi'] });
    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['hi [b]']);
  });

  it('getStepResult names an earlier .then() step of this phase run; a step that did not run gives undefined', async () => {
    let earlier: string[] | undefined;
    let missing: unknown = 'not asked';
    const wf = workflow('look-back')
      .then(createStep(suffixer('first', ' [1]')))
      .then(createStep(suffixer('second', ' [2]')))
      .map(({ inputData, getStepResult }) => {
        const first = getStepResult<{ messages: MastraDBMessage[] }>('processor:first');
        earlier = first?.messages.map(messageText);
        missing = getStepResult('processor:nope');
        return inputData;
      })
      .commit();
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [wf] });

    await agent.generate('hi');

    expect(earlier).toEqual(['hi [1]']);
    expect(missing).toBeUndefined();
    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['hi [1] [2]']);
  });

  it('a map may return new phase data with edited messages: the edit reaches the model', async () => {
    const wf = workflow('map-edit')
      .then(createStep(suffixer('first', ' [1]')))
      .map(({ inputData }) =>
        inputData.phase === 'input'
          ? {
              ...inputData,
              messages: (inputData.messages ?? []).map((m) =>
                withText(m, messageText(m).replace('[1]', '[mapped]')),
              ),
            }
          : inputData,
      )
      .commit();
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [wf] });

    await agent.generate('hi');

    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['hi [mapped]']);
  });
});

// ---- 8. nested workflows and plain steps -----------------------------------------------------

describe('nested workflows and plain steps', () => {
  it('a committed workflow is a step of another: its steps run in place, in order', async () => {
    const log: string[] = [];
    const inner = workflow('inner')
      .then(createStep(suffixer('i1', ' [i1]', log)))
      .then(createStep(suffixer('i2', ' [i2]', log)))
      .commit();
    const outer = workflow('outer')
      .then(createStep(suffixer('before', ' [before]', log)))
      .then(inner)
      .then(createStep(suffixer('after', ' [after]', log)))
      .commit();
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [outer] });

    await agent.generate('hi');

    expect(log).toEqual(['before', 'i1', 'i2', 'after']);
    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['hi [before] [i1] [i2] [after]']);
  });

  it('a nested workflow in .parallel() is keyed by its workflow id', async () => {
    let keys: string[] | undefined;
    const inner = workflow('inner')
      .then(createStep(suffixer('i1', ' [inner]')))
      .commit();
    const outer = workflow('outer')
      .parallel([inner, createStep(suffixer('side', ' [side]'))])
      .map(({ inputData }) => {
        keys = Object.keys(inputData).sort();
        return inputData.inner;
      })
      .commit();
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [outer] });

    await agent.generate('hi');

    expect(keys).toEqual(['inner', 'processor:side']);
    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['hi [inner]']);
  });

  it('a plain step runs in every active phase of its lane and edits messages by returning { ...inputData, messages }', async () => {
    const phases: string[] = [];
    const shout = createStep({
      id: 'shout',
      inputSchema: ProcessorStepSchema,
      outputSchema: ProcessorStepSchema,
      execute: ({ inputData }) => {
        phases.push(inputData.phase);
        if (inputData.phase !== 'input') return inputData;
        return {
          ...inputData,
          messages: inputData.messages.map((m) =>
            m.role === 'user' ? withText(m, messageText(m).toUpperCase()) : m,
          ),
        };
      },
    });
    const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      inputProcessors: [workflow('plain').then(shout).commit()],
    });

    await agent.generate('weather?');

    expect(phases).toEqual(['input', 'inputStep', 'inputStep']);
    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['WEATHER?']);
    expect(texts(model.calls[1]?.prompt, 'user')).toEqual(['WEATHER?']);
  });

  it('a plain step in outputProcessors runs per stream chunk too, and its output-result edit is stored', async () => {
    const phases = new Set<string>();
    let chunkCalls = 0;
    const stamp = createStep({
      id: 'stamp',
      inputSchema: ProcessorStepSchema,
      outputSchema: ProcessorStepSchema,
      execute: ({ inputData }) => {
        phases.add(inputData.phase);
        if (inputData.phase === 'outputStream') chunkCalls++;
        if (inputData.phase !== 'outputResult') return inputData;
        return {
          ...inputData,
          messages: inputData.messages.map((m) =>
            m.role === 'assistant' ? withText(m, `${messageText(m)} (stamped)`) : m,
          ),
        };
      },
    });
    const model = new ScriptedModel({ steps: [{ text: ['a', 'b', 'c'] }] });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      outputProcessors: [workflow('plain-out').then(stamp).commit()],
    });

    const out = await agent.stream('go');
    const chunks = await collect(out.fullStream);
    const response = await out.response;

    expect([...phases].sort()).toEqual(['outputResult', 'outputStep', 'outputStream']);
    // Every chunk (start, metadata, text parts, finish …) went through the step.
    expect(chunkCalls).toBeGreaterThanOrEqual(chunks.filter((c) => c.type === 'text-delta').length + 2);
    expect(JSON.stringify(response.messages)).toContain('abc (stamped)');
  });
});

// ---- 9. per-step state ----------------------------------------------------------------------

describe('per-step state', () => {
  it('a step’s state persists across the chunks and phases of one run and is fresh for the next run', async () => {
    const totals: number[] = [];
    const counter = {
      id: 'counter',
      processOutputStream: async ({ part, state }) => {
        if (part.type === 'text-delta') state.deltas = ((state.deltas as number | undefined) ?? 0) + 1;
        return part;
      },
      processOutputResult: ({ state, messageList }) => {
        totals.push((state.deltas as number | undefined) ?? 0);
        return messageList;
      },
    } satisfies Processor;
    const plainCounts: number[] = [];
    const plain = createStep({
      id: 'plain-counter',
      inputSchema: ProcessorStepSchema,
      outputSchema: ProcessorStepSchema,
      execute: ({ inputData, state }) => {
        state.calls = ((state.calls as number | undefined) ?? 0) + 1;
        if (inputData.phase === 'outputResult') plainCounts.push(state.calls as number);
        return inputData;
      },
    });
    const wf = workflow('stateful').then(createStep(counter)).then(plain).commit();
    const model = new ScriptedModel({ steps: [{ text: ['a', 'b', 'c'] }, { text: ['d', 'e', 'f'] }] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [wf] });

    await collect((await agent.stream('one')).fullStream);
    await collect((await agent.stream('two')).fullStream);

    expect(totals).toEqual([3, 3]);
    expect(plainCounts).toHaveLength(2);
    expect(plainCounts[0]).toBeGreaterThan(3);
    expect(plainCounts[1]).toBe(plainCounts[0]);
  });
});

// ---- lanes: static, function-valued and per-call arrays ------------------------------------------

describe('a committed workflow in every kind of lane array', () => {
  const upper = {
    id: 'upper',
    processInput: ({ messages }) =>
      messages.map((m) => (m.role === 'user' ? withText(m, messageText(m).toUpperCase()) : m)),
  } satisfies Processor;
  const stamp = {
    id: 'stamp',
    processOutputStream: async ({ part }) =>
      part.type === 'text-delta'
        ? { ...part, payload: { ...part.payload, text: `${part.payload.text}!` } }
        : part,
  } satisfies Processor;

  it('function-valued inputProcessors / outputProcessors may return workflows', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      inputProcessors: () => [workflow('in').then(createStep(upper)).commit()],
      outputProcessors: async () => [workflow('out').then(createStep(stamp)).commit()],
    });

    const result = await agent.generate('hello');

    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['HELLO']);
    expect(result.text).toBe('ok!');
  });

  it('per-call inputProcessors / outputProcessors may be workflows', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model });

    const out = await agent.stream('hello', {
      inputProcessors: [workflow('in').then(createStep(upper)).commit()],
      outputProcessors: [workflow('out').then(createStep(stamp)).commit()],
    });
    const text = await out.text;

    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['HELLO']);
    expect(text).toBe('ok!');
  });

  it('the same committed workflow serves several agents and concurrent runs, each with its own state', async () => {
    const counter = {
      id: 'counter',
      processOutputStream: async ({ part, state }) => {
        if (part.type !== 'text-delta') return part;
        await new Promise((r) => setTimeout(r, 1));
        state.n = ((state.n as number | undefined) ?? 0) + 1;
        return { ...part, payload: { ...part.payload, text: `${state.n}` } };
      },
    } satisfies Processor;
    const shared = workflow('shared').then(createStep(counter)).commit();
    const make = () =>
      new Agent({
        id: 'a',
        instructions: 'sys',
        // Streamed: the counter numbers each of the three deltas.
        model: streamOnly(new ScriptedModel({ steps: [{ text: ['a', 'b', 'c'] }] })),
        outputProcessors: [shared],
      });

    const [one, two] = await Promise.all([make().generate('x'), make().generate('y')]);

    expect(one.text).toBe('123');
    expect(two.text).toBe('123');
  });
});
