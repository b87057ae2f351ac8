/**
 * Input-lane hook rules, pinned through the public
 * API only: what the scripted model received (`model.calls[i]`), what came out of `fullStream`,
 * what `generate()` returned, and what the hooks were called with.
 */
import { MessageList, ProcessorError } from 'sluice';
import { Agent, type ToolsInput } from 'sluice/agent';
import type { MastraDBMessage } from 'sluice/memory';
import type {
  CachedLLMStepChunk,
  ProcessInputStepArgs,
  ProcessInputStepResult,
  Processor,
  ProcessorState,
} from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel, type ScriptedStep, streamOnly } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// ---- helpers --------------------------------------------------------------------------------

type PromptLike = readonly { role: string; content: unknown }[] | undefined;

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

/** Text of a prompt message or system message: a string, or its text parts joined. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((p): p is { type: 'text'; text: string } => p?.type === 'text' && typeof p.text === 'string')
    .map((p) => p.text)
    .join('');
}

/** Texts of the prompt's messages of one role, in order. */
function texts(prompt: PromptLike, role: string): string[] {
  return (prompt ?? []).filter((m) => m.role === role).map((m) => contentText(m.content));
}

/** Text of a stored message: its text parts, else the legacy string. */
function messageText(message: MastraDBMessage): string {
  const text = message.content.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
  return text || (message.content.content ?? '');
}

const withText = (message: MastraDBMessage, text: string): MastraDBMessage => ({
  ...message,
  content: {
    ...message.content,
    parts: message.content.parts.map((p) => (p.type === 'text' ? { ...p, text } : p)),
  },
});

const weather = createTool({
  id: 'weather',
  description: 'Weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, tempC: 4 }),
});

const clock = createTool({
  id: 'clock',
  description: 'Current time',
  inputSchema: z.object({}),
  execute: async () => ({ time: '12:00' }),
});

/** Step 0 calls the weather tool, step 1 answers: a run of exactly two model calls. */
const TOOL_THEN_ANSWER: ScriptedStep[] = [
  { toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' }, toolCallId: 'c1' }] },
  { text: 'cold' },
];

// ---- processInput ---------------------------------------------------------------------------

describe('processInput', () => {
  it('runs once, before the loop, even when the run takes several steps', async () => {
    const log: string[] = [];
    const processor = {
      id: 'once',
      processInput: ({ messageList }) => {
        log.push('processInput');
        return messageList;
      },
      processInputStep: ({ stepNumber }) => {
        log.push(`processInputStep#${stepNumber}`);
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      inputProcessors: [processor],
    });

    const result = await agent.generate('weather?');

    expect(result.text).toBe('cold');
    expect(log).toEqual(['processInput', 'processInputStep#0', 'processInputStep#1']);
  });

  it('messages exclude system messages; systemMessages holds the instructions and user-supplied system messages', async () => {
    let seen: { roles: string[]; texts: string[]; system: string[] } | undefined;
    const processor = {
      id: 'reader',
      processInput: ({ messages, systemMessages, messageList }) => {
        seen = {
          roles: messages.map((m) => m.role),
          texts: messages.map(messageText),
          system: systemMessages.map((m) => contentText(m.content)),
        };
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'Be brief.', model, inputProcessors: [processor] });

    await agent.generate([
      { role: 'system', content: 'Answer in French.' },
      { role: 'user', content: 'hello' },
    ]);

    expect(seen).toEqual({ roles: ['user'], texts: ['hello'], system: ['Be brief.', 'Answer in French.'] });
  });

  it('returning the same messageList after mutating it: the model sees the mutation', async () => {
    const processor = {
      id: 'mutator',
      processInput: ({ messages, messageList }) => {
        const first = messages.find((m) => messageText(m) === 'first');
        if (first) messageList.removeByIds([first.id]);
        messageList.add({ role: 'user', content: 'added by processor' }, 'input');
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [processor] });

    await agent.generate([
      { role: 'user', content: 'first' },
      { role: 'user', content: 'second' },
    ]);

    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['second', 'added by processor']);
    expect(texts(model.calls[0]?.prompt, 'system')).toEqual(['sys']);
  });

  it('returning a MastraDBMessage[]: messages missing from it are removed and edited copies replace the originals', async () => {
    const processor = {
      id: 'filter-and-lowercase',
      processInput: ({ messages }) =>
        messages
          .filter((m) => messageText(m) !== 'DROP ME')
          .map((m) => withText(m, messageText(m).toLowerCase())),
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'Keep Case.', model, inputProcessors: [processor] });

    const result = await agent.generate([
      { role: 'user', content: 'DROP ME' },
      { role: 'user', content: 'Hello THERE' },
    ]);

    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['hello there']);
    // System messages are untouched by the array form.
    expect(texts(model.calls[0]?.prompt, 'system')).toEqual(['Keep Case.']);
    // The reconciled list is the conversation: the dropped message is gone from the result too.
    expect(result.messages.map(messageText)).not.toContain('DROP ME');
  });

  it('returning { messages, systemMessages }: the system messages are replaced', async () => {
    const processor = {
      id: 'system-swap',
      processInput: ({ messages }) => ({
        messages,
        systemMessages: [{ role: 'system' as const, content: 'Replaced instructions.' }],
      }),
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'Original.', model, inputProcessors: [processor] });

    await agent.generate('hi');

    expect(texts(model.calls[0]?.prompt, 'system')).toEqual(['Replaced instructions.']);
    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['hi']);
  });

  it('editing a message’s content.parts in place (returning the messageList) is visible to later processors and the model', async () => {
    let seenByNext: string[] = [];
    const editor = {
      id: 'in-place-editor',
      processInput: ({ messages, messageList }) => {
        for (const message of messages) {
          for (const part of message.content.parts)
            if (part.type === 'text') part.text = part.text.toUpperCase();
        }
        return messageList;
      },
    } satisfies Processor;
    const observer = {
      id: 'observer',
      processInput: ({ messages, messageList }) => {
        seenByNext = messages.map(messageText);
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [editor, observer] });

    await agent.generate('quiet please');

    expect(seenByNext).toEqual(['QUIET PLEASE']);
    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['QUIET PLEASE']);
  });

  it('processInput processors chain in array order: the next one sees the previous one’s messages and systemMessages', async () => {
    let seenByNext: { messages: string[]; system: string[] } | undefined;
    const first = {
      id: 'first',
      processInput: ({ messages, systemMessages }) => ({
        messages: messages.map((m) => withText(m, `${messageText(m)} (checked)`)),
        systemMessages: [...systemMessages, { role: 'system' as const, content: 'Added by first.' }],
      }),
    } satisfies Processor;
    const second = {
      id: 'second',
      processInput: ({ messages, systemMessages, messageList }) => {
        seenByNext = {
          messages: messages.map(messageText),
          system: systemMessages.map((m) => contentText(m.content)),
        };
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [first, second] });

    await agent.generate('hello');

    expect(seenByNext).toEqual({ messages: ['hello (checked)'], system: ['sys', 'Added by first.'] });
    expect(texts(model.calls[0]?.prompt, 'system')).toEqual(['sys', 'Added by first.']);
  });

  it('system messages replaced in processInput stay replaced for every step', async () => {
    const processor = {
      id: 'system-swap',
      processInput: ({ messages }) => ({
        messages,
        systemMessages: [{ role: 'system' as const, content: 'Replaced.' }],
      }),
    } satisfies Processor;
    const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
    const agent = new Agent({
      id: 'a',
      instructions: 'Original.',
      model,
      tools: { weather },
      inputProcessors: [processor],
    });

    await agent.generate('weather?');

    expect(texts(model.calls[0]?.prompt, 'system')).toEqual(['Replaced.']);
    expect(texts(model.calls[1]?.prompt, 'system')).toEqual(['Replaced.']);
  });

  it('returning a value that is none of the three forms rejects with a ProcessorError naming the processor', async () => {
    const processor = {
      id: 'odd-result',
      processInput: () => 'not messages' as never,
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['never'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [processor] });

    const error = await agent.generate('hi').then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(ProcessorError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'PROCESSOR_INVALID_RESULT',
      processorId: 'odd-result',
      hook: 'processInput',
    });
    expect(model.calls).toHaveLength(0);
  });

  it('returning a different MessageList instance rejects generate() with a ProcessorError naming the processor', async () => {
    const processor = {
      id: 'list-swapper',
      processInput: () => new MessageList(),
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['never'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [processor] });

    const error = await agent.generate('hi').then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(ProcessorError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'PROCESSOR_INVALID_RESULT',
      processorId: 'list-swapper',
      hook: 'processInput',
    });
    expect((error as Error).message).toContain('list-swapper');
    expect((error as Error).message).toContain('MessageList instance other than the one passed in');
    expect(model.calls).toHaveLength(0);

    // stream(): the run ends with an error chunk naming the same processor.
    const output = await agent.stream('hi');
    const last = (await collect(output.fullStream)).at(-1);
    expect(last?.type).toBe('error');
    expect(String((last as Extract<ChunkType, { type: 'error' }>).payload.error)).toContain('list-swapper');
  });
});

// ---- processInputStep -----------------------------------------------------------------------

describe('processInputStep', () => {
  it('runs at every step with stepNumber and the steps completed so far', async () => {
    const seen: Array<{
      stepNumber: number;
      steps: number;
      lastToolCalls: string[];
      lastToolResults: unknown[];
      roles: string[];
    }> = [];
    const processor = {
      id: 'per-step',
      processInputStep: ({ stepNumber, steps, messages }) => {
        seen.push({
          stepNumber,
          steps: steps.length,
          lastToolCalls: steps.at(-1)?.toolCalls.map((c) => c.payload.toolName) ?? [],
          lastToolResults: steps.at(-1)?.toolResults.map((r) => r.payload.result) ?? [],
          roles: messages.map((m) => m.role),
        });
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      inputProcessors: [processor],
    });

    await agent.generate('weather?');

    expect(seen).toEqual([
      { stepNumber: 0, steps: 0, lastToolCalls: [], lastToolResults: [], roles: ['user'] },
      // Step 1 sees step 0's tool call and result in `steps` and in `messages` (never a system message).
      {
        stepNumber: 1,
        steps: 1,
        lastToolCalls: ['weather'],
        lastToolResults: [{ city: 'Oslo', tempC: 4 }],
        roles: ['user', 'assistant'],
      },
    ]);
  });

  it('a model override (by instance) chains to the next processor and the next step goes back to the original model', async () => {
    const main = new ScriptedModel({ modelId: 'main-model', steps: [{ text: 'answered by main' }] });
    const fast = new ScriptedModel({
      modelId: 'fast-model',
      steps: [{ toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' }, toolCallId: 'c1' }] }],
    });
    const seenByNext: string[] = [];
    const switcher = {
      id: 'switcher',
      processInputStep: ({ stepNumber }): ProcessInputStepResult | undefined =>
        stepNumber === 0 ? { model: fast } : undefined,
    } satisfies Processor;
    const observer = {
      id: 'observer',
      processInputStep: ({ model }) => {
        seenByNext.push(model.modelId);
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model: main,
      tools: { weather },
      inputProcessors: [switcher, observer],
    });

    const result = await agent.generate('weather?');

    expect(seenByNext).toEqual(['fast-model', 'main-model']);
    expect(fast.calls).toHaveLength(1);
    expect(main.calls).toHaveLength(1);
    expect(result.text).toBe('answered by main');
  });

  type OverrideCase = {
    name: string;
    /** Override returned by the first processor at step 0 only. */
    override: (args: ProcessInputStepArgs) => ProcessInputStepResult;
    /** What the second processor reads from its arguments. */
    read: (args: ProcessInputStepArgs) => unknown;
    /** What the second processor reads at step 0 (overridden) and step 1 (original). */
    seen: [unknown, unknown];
    /** What the model call of each step received. */
    call: (call: ScriptedModel['calls'][number]) => unknown;
    calls: [unknown, unknown];
    /** The agent's tools (default: weather only). */
    tools?: ToolsInput;
  };

  const toolNames = (call: ScriptedModel['calls'][number]) => (call.tools ?? []).map((t) => t.name).sort();

  const overrideCases: OverrideCase[] = [
    {
      name: 'toolChoice',
      override: () => ({ toolChoice: 'required' }),
      read: (a) => a.toolChoice,
      seen: ['required', 'auto'],
      call: (c) => c.toolChoice,
      calls: [{ type: 'required' }, { type: 'auto' }],
    },
    {
      name: 'activeTools',
      tools: { weather, clock },
      override: () => ({ activeTools: ['weather'] }),
      read: (a) => a.activeTools,
      seen: [['weather'], undefined],
      call: toolNames,
      calls: [['weather'], ['clock', 'weather']],
    },
    {
      name: 'tools',
      override: (a) => ({ tools: { ...a.tools, clock } }),
      read: (a) => Object.keys(a.tools ?? {}).sort(),
      seen: [['clock', 'weather'], ['weather']],
      call: toolNames,
      calls: [['clock', 'weather'], ['weather']],
    },
    {
      name: 'systemMessages',
      override: (a) => ({ systemMessages: [...a.systemMessages, { role: 'system', content: 'Step note.' }] }),
      read: (a) => a.systemMessages.map((m) => contentText(m.content)),
      seen: [['sys', 'Step note.'], ['sys']],
      call: (c) => texts(c.prompt, 'system'),
      calls: [['sys', 'Step note.'], ['sys']],
    },
    {
      name: 'providerOptions',
      override: () => ({ providerOptions: { scripted: { cacheControl: 'ephemeral' } } }),
      read: (a) => a.providerOptions,
      seen: [{ scripted: { cacheControl: 'ephemeral' } }, undefined],
      call: (c) => c.providerOptions,
      calls: [{ scripted: { cacheControl: 'ephemeral' } }, undefined],
    },
    {
      name: 'modelSettings',
      override: () => ({ modelSettings: { temperature: 0.3 } }),
      read: (a) => a.modelSettings?.temperature,
      seen: [0.3, undefined],
      call: (c) => c.settings.temperature,
      calls: [0.3, undefined],
    },
  ];

  it.each(overrideCases)(
    'a $name override chains to the next processor, reaches the model call and applies to that step only',
    async ({ override, read, seen, call, calls, tools = { weather } }) => {
      const seenByNext: unknown[] = [];
      const first = {
        id: 'first',
        processInputStep: (args): ProcessInputStepResult | undefined =>
          args.stepNumber === 0 ? override(args) : undefined,
      } satisfies Processor;
      const second = {
        id: 'second',
        processInputStep: (args) => {
          seenByNext.push(read(args));
        },
      } satisfies Processor;
      const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
      const agent = new Agent({
        id: 'a',
        instructions: 'sys',
        model,
        tools,
        inputProcessors: [first, second],
      });

      await agent.generate('weather?');

      expect(seenByNext).toEqual(seen);
      expect(model.calls.map(call)).toEqual(calls);
    },
  );

  it('a tool added by a tools override can be called and runs in that step', async () => {
    const clockRuns: string[] = [];
    const addClock = {
      id: 'add-clock',
      processInputStep: ({ stepNumber, tools }): ProcessInputStepResult | undefined =>
        stepNumber === 0
          ? {
              tools: {
                ...tools,
                clock: createTool({
                  id: 'clock',
                  description: 'Current time',
                  inputSchema: z.object({}),
                  execute: async () => {
                    clockRuns.push('clock');
                    return { time: '12:00' };
                  },
                }),
              },
            }
          : undefined,
    } satisfies Processor;
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'clock', args: {}, toolCallId: 't1' }] }, 'It is noon.'],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      inputProcessors: [addClock],
    });

    const result = await agent.generate('time?');

    expect(clockRuns).toEqual(['clock']);
    expect(result.toolResults.map((r) => r.payload.result)).toEqual([{ time: '12:00' }]);
    expect(result.text).toBe('It is noon.');
  });

  it('a messages override chains: the next processor and the model see the replaced messages', async () => {
    let seenByNext: string[] = [];
    const rewriter = {
      id: 'rewriter',
      processInputStep: ({ messages }) => ({
        messages: messages.map((m) => (m.role === 'user' ? withText(m, 'rewritten question') : m)),
      }),
    } satisfies Processor;
    const observer = {
      id: 'observer',
      processInputStep: ({ messages }) => {
        seenByNext = messages.map(messageText);
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [rewriter, observer] });

    await agent.generate('original question');

    expect(seenByNext).toEqual(['rewritten question']);
    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['rewritten question']);
  });

  it('returning a MastraDBMessage[] replaces the messages the step sends', async () => {
    const trimmer = {
      id: 'trimmer',
      processInputStep: ({ messages }) => messages.filter((m) => messageText(m) !== 'old question'),
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [trimmer] });

    await agent.generate([
      { role: 'user', content: 'old question' },
      { role: 'assistant', content: 'old answer' },
      { role: 'user', content: 'new question' },
    ]);

    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['new question']);
    expect(texts(model.calls[0]?.prompt, 'assistant')).toEqual(['old answer']);
  });

  it('a structuredOutput override chains to the next processor and makes that step answer with the schema', async () => {
    const schema = z.object({ answer: z.string() });
    let seenByNext: unknown;
    const structurer = {
      id: 'structurer',
      processInputStep: () => ({ structuredOutput: { schema } }),
    } satisfies Processor;
    const observer = {
      id: 'observer',
      processInputStep: ({ structuredOutput }) => {
        seenByNext = structuredOutput?.schema;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['{"answer":"42"}'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [structurer, observer] });

    const result = await agent.generate('the answer?');

    expect(seenByNext).toBe(schema);
    expect(model.calls[0]?.responseFormat).toMatchObject({ type: 'json' });
    expect(result.object as unknown).toEqual({ answer: '42' });
  });

  it('system messages are reset at every step: one added to the messageList in processInputStep reaches that step only', async () => {
    const seenSystem: string[][] = [];
    const stepNote = {
      id: 'step-note',
      processInputStep: ({ stepNumber, systemMessages, messageList }) => {
        seenSystem.push(systemMessages.map((m) => contentText(m.content)));
        if (stepNumber === 0) messageList.addSystem('Only for step 0.');
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      inputProcessors: [stepNote],
    });

    await agent.generate('weather?');

    expect(texts(model.calls[0]?.prompt, 'system')).toEqual(['sys', 'Only for step 0.']);
    expect(texts(model.calls[1]?.prompt, 'system')).toEqual(['sys']);
    expect(seenSystem).toEqual([['sys'], ['sys']]);
  });

  it('system messages are reset at every step: replaceAllSystemMessages in processInputStep affects that step only', async () => {
    const swap = {
      id: 'swap',
      processInputStep: ({ stepNumber, messageList }) => {
        if (stepNumber === 0)
          messageList.replaceAllSystemMessages([{ role: 'system', content: 'Step 0 only.' }]);
        return messageList;
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      inputProcessors: [swap],
    });

    await agent.generate('weather?');

    expect(texts(model.calls[0]?.prompt, 'system')).toEqual(['Step 0 only.']);
    expect(texts(model.calls[1]?.prompt, 'system')).toEqual(['sys']);
  });

  it('returning both messages and messageList rejects with a ProcessorError naming the processor', async () => {
    const processor = {
      id: 'both-forms',
      processInputStep: ({ messages, messageList }) => ({ messages, messageList }),
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['never'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [processor] });

    const error = await agent.generate('hi').then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(ProcessorError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'PROCESSOR_INVALID_RESULT',
      processorId: 'both-forms',
      hook: 'processInputStep',
    });
    expect((error as Error).message).toContain('both-forms');
    expect(model.calls).toHaveLength(0);
  });

  it('prepareStep runs after the input processors, sees their overrides, and its own override wins', async () => {
    const log: string[] = [];
    let prepareSaw: { toolChoice: unknown; temperature: unknown } | undefined;
    const processor = {
      id: 'input',
      processInputStep: ({ stepNumber }): ProcessInputStepResult => {
        log.push(`processInputStep#${stepNumber}`);
        return { toolChoice: 'none', modelSettings: { temperature: 0.1 } };
      },
      processLLMRequest: ({ stepNumber }) => {
        log.push(`processLLMRequest#${stepNumber}`);
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      inputProcessors: [processor],
    });

    await agent.generate('hi', {
      prepareStep: ({ stepNumber, toolChoice, modelSettings }) => {
        log.push(`prepareStep#${stepNumber}`);
        prepareSaw = { toolChoice, temperature: modelSettings?.temperature };
        return { modelSettings: { ...modelSettings, temperature: 0.9 } };
      },
    });

    expect(log).toEqual(['processInputStep#0', 'prepareStep#0', 'processLLMRequest#0']);
    expect(prepareSaw).toEqual({ toolChoice: 'none', temperature: 0.1 });
    expect(model.calls[0]?.settings.temperature).toBe(0.9);
    expect(model.calls[0]?.toolChoice).toEqual({ type: 'none' });
  });
});

// ---- processLLMRequest ----------------------------------------------------------------------

describe('processLLMRequest', () => {
  /** Rewrites the user text of the outgoing prompt at step 0 only. */
  const rewriteAtStep0 = (seenPrompts: string[][]) =>
    ({
      id: 'prompt-rewriter',
      processLLMRequest: ({ prompt, stepNumber }) => {
        seenPrompts.push(texts(prompt, 'user'));
        if (stepNumber !== 0) return undefined;
        return {
          prompt: prompt.map((m) =>
            m.role === 'user' ? { ...m, content: [{ type: 'text' as const, text: 'REWRITTEN' }] } : m,
          ),
        };
      },
    }) satisfies Processor;

  it('a returned { prompt } is exactly what the provider receives', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      inputProcessors: [rewriteAtStep0([])],
    });

    await agent.generate('original');

    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['REWRITTEN']);
    expect(texts(model.calls[0]?.prompt, 'system')).toEqual(['sys']);
  });

  it('the rewritten prompt is never written back to the messageList, later steps or the result', async () => {
    const seenPrompts: string[][] = [];
    const seenByLaterStep: string[] = [];
    const laterStep = {
      id: 'later-step',
      processInputStep: ({ stepNumber, messages }) => {
        if (stepNumber === 1)
          seenByLaterStep.push(...messages.filter((m) => m.role === 'user').map(messageText));
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      inputProcessors: [rewriteAtStep0(seenPrompts), laterStep],
    });

    const result = await agent.generate('original');

    expect(texts(model.calls[0]?.prompt, 'user')).toEqual(['REWRITTEN']);
    // Step 1 is built from the message list again: the original text, not the rewrite.
    expect(texts(model.calls[1]?.prompt, 'user')).toEqual(['original']);
    expect(seenPrompts).toEqual([['original'], ['original']]);
    expect(seenByLaterStep).toEqual(['original']);
    expect(result.messages.filter((m) => m.role === 'user').map(messageText)).toEqual(['original']);
    expect(JSON.stringify(result.response)).not.toContain('REWRITTEN');
  });

  it('processors chain: the next processLLMRequest receives the previous one’s prompt', async () => {
    let seenByNext: string[] = [];
    const next = {
      id: 'next',
      processLLMRequest: ({ prompt }) => {
        seenByNext = texts(prompt, 'user');
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      inputProcessors: [rewriteAtStep0([]), next],
    });

    await agent.generate('original');

    expect(seenByNext).toEqual(['REWRITTEN']);
  });

  it('receives the step’s model (after processInputStep overrides), stepNumber and the previous steps', async () => {
    const seen: Array<{ hook: string; model: string; stepNumber: number; steps: number }> = [];
    const main = new ScriptedModel({ modelId: 'main-model', steps: [{ text: 'done' }] });
    const fast = new ScriptedModel({
      modelId: 'fast-model',
      steps: [{ toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' }, toolCallId: 'c1' }] }],
    });
    const processor = {
      id: 'watcher',
      processInputStep: ({ stepNumber }): ProcessInputStepResult | undefined =>
        stepNumber === 0 ? { model: fast } : undefined,
      processLLMRequest: ({ model, stepNumber, steps }) => {
        seen.push({ hook: 'request', model: model.modelId, stepNumber, steps: steps.length });
      },
      processLLMResponse: ({ model, stepNumber, steps }) => {
        seen.push({ hook: 'response', model: model.modelId, stepNumber, steps: steps.length });
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model: main,
      tools: { weather },
      inputProcessors: [processor],
    });

    await agent.generate('weather?');

    expect(seen).toEqual([
      { hook: 'request', model: 'fast-model', stepNumber: 0, steps: 0 },
      // processLLMResponse's steps include the step that just completed.
      { hook: 'response', model: 'fast-model', stepNumber: 0, steps: 1 },
      { hook: 'request', model: 'main-model', stepNumber: 1, steps: 1 },
      { hook: 'response', model: 'main-model', stepNumber: 1, steps: 2 },
    ]);
  });

  it('a returned { response } skips the provider and its text reaches the result and the stream', async () => {
    const cached: CachedLLMStepChunk[] = [
      { type: 'text-delta', payload: { id: 't0', text: 'from ' } },
      { type: 'text-delta', payload: { id: 't0', text: 'cache' } },
      {
        type: 'finish',
        payload: {
          stepResult: { reason: 'stop' },
          output: { usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 } },
        },
      },
    ];
    const cache = {
      id: 'cache',
      processLLMRequest: () => ({ response: { chunks: cached } }),
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['from the provider'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [cache] });

    const result = await agent.generate('hi');

    expect(model.calls).toHaveLength(0);
    expect(result.text).toBe('from cache');
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toMatchObject({ inputTokens: 3, outputTokens: 2, totalTokens: 5 });

    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);
    expect(chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : []))).toEqual([
      'from ',
      'cache',
    ]);
    expect(chunks.at(-1)?.type).toBe('finish');
    expect(await output.text).toBe('from cache');
    expect(model.calls).toHaveLength(0);
  });
});

describe('processLLMRequest cached responses', () => {
  it('a cached response flows through processOutputStream like a live one', async () => {
    const cache = {
      id: 'cache',
      processLLMRequest: () => ({
        response: { chunks: [{ type: 'text-delta', payload: { id: 't0', text: 'cached words' } }] },
      }),
    } satisfies Processor;
    const upper = {
      id: 'upper',
      processOutputStream: async ({ part }) =>
        part.type === 'text-delta'
          ? { ...part, payload: { ...part.payload, text: part.payload.text.toUpperCase() } }
          : part,
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['live'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      inputProcessors: [cache],
      outputProcessors: [upper],
    });

    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);

    expect(chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : []))).toEqual([
      'CACHED WORDS',
    ]);
    expect(
      chunks.every((c) => c.type.startsWith('data-') || (c as { runId?: string }).runId === output.runId),
    ).toBe(true);
    expect(model.calls).toHaveLength(0);
  });

  it('a cached step with a tool call runs the tool and the loop continues with the provider', async () => {
    const cache = {
      id: 'cache',
      processLLMRequest: ({ stepNumber }) =>
        stepNumber === 0
          ? {
              response: {
                chunks: [
                  {
                    type: 'tool-call',
                    payload: { toolCallId: 'c1', toolName: 'weather', args: { city: 'Oslo' } },
                  },
                  {
                    type: 'finish',
                    payload: {
                      stepResult: { reason: 'tool-calls' },
                      output: { usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } },
                    },
                  },
                ],
              },
            }
          : undefined,
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['cold'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      inputProcessors: [cache],
    });

    const result = await agent.generate('weather?');

    expect(model.calls).toHaveLength(1);
    expect(result.toolResults.map((r) => r.payload.result)).toEqual([{ city: 'Oslo', tempC: 4 }]);
    expect(JSON.stringify(model.calls[0]?.prompt)).toContain('tempC');
    expect(result.text).toBe('cold');
  });
});

// ---- processLLMResponse ---------------------------------------------------------------------

describe('processLLMResponse', () => {
  it('runs after the step’s chunks went through processOutputStream and before processOutputStep', async () => {
    const log: string[] = [];
    const input = {
      id: 'input',
      processLLMResponse: ({ stepNumber }) => {
        log.push(`processLLMResponse#${stepNumber}`);
      },
    } satisfies Processor;
    const output = {
      id: 'output',
      processOutputStream: async ({ part }) => {
        log.push(`stream:${part.type}`);
        return part;
      },
      processOutputStep: ({ stepNumber, messageList }) => {
        log.push(`processOutputStep#${stepNumber}`);
        return messageList;
      },
    } satisfies Processor;
    // Streamed by generate() too, so each delta is its own chunk.
    const model = streamOnly(new ScriptedModel({ steps: [{ text: ['a', 'b'] }] }));
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      inputProcessors: [input],
      outputProcessors: [output],
    });

    await agent.generate('hi');

    // (The run-level finish chunk that follows is pinned in hooks-output.test.ts.)
    expect(log.filter((l) => l !== 'stream:finish')).toEqual([
      'stream:step-start',
      'stream:text-start',
      'stream:text-delta',
      'stream:text-delta',
      'stream:text-end',
      'processLLMResponse#0',
      'processOutputStep#0',
      'stream:step-finish',
    ]);
  });

  it('receives the step’s chunks in compact { type, payload } form', async () => {
    const received: CachedLLMStepChunk[][] = [];
    const processor = {
      id: 'collector',
      processLLMResponse: ({ chunks }) => {
        received.push(chunks);
      },
    } satisfies Processor;
    const model = streamOnly(
      new ScriptedModel({ steps: [{ text: ['co', 'ld'], usage: { inputTokens: 4, outputTokens: 2 } }] }),
    );
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [processor] });

    await agent.generate('hi');

    expect(received).toHaveLength(1);
    const chunks = received[0] ?? [];
    for (const chunk of chunks) expect(Object.keys(chunk).sort()).toEqual(['payload', 'type']);
    expect(chunks.filter((c) => c.type === 'text-delta')).toEqual([
      { type: 'text-delta', payload: expect.objectContaining({ text: 'co' }) },
      { type: 'text-delta', payload: expect.objectContaining({ text: 'ld' }) },
    ]);
    expect(chunks.find((c) => c.type === 'finish')).toMatchObject({
      payload: { stepResult: { reason: 'stop' }, output: { usage: { inputTokens: 4, outputTokens: 2 } } },
    });
  });

  it('chunks captured in processLLMResponse replay through processLLMRequest’s { response } without a provider call', async () => {
    let stored: CachedLLMStepChunk[] | undefined;
    const cache = {
      id: 'replay-cache',
      processLLMRequest: () => (stored ? { response: { chunks: stored } } : undefined),
      processLLMResponse: ({ chunks, fromCache }) => {
        if (!fromCache) stored = chunks;
      },
    } satisfies Processor;
    const model = new ScriptedModel({
      steps: [{ text: ['Hel', 'lo'], usage: { inputTokens: 5, outputTokens: 2 } }],
    });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [cache] });

    const first = await agent.generate('hi');
    const second = await agent.generate('hi');

    expect(model.calls).toHaveLength(1);
    expect(second.text).toBe(first.text);
    expect(second.text).toBe('Hello');
    expect(second.finishReason).toBe('stop');
    expect(second.usage).toMatchObject({ inputTokens: 5, outputTokens: 2 });
  });

  it('receives the same state object processLLMRequest saw, at every step', async () => {
    const pairs: Array<{ request: ProcessorState | undefined; response: ProcessorState }> = [];
    let requestState: ProcessorState | undefined;
    const processor = {
      id: 'paired',
      processLLMRequest: ({ state, stepNumber }) => {
        requestState = state;
        state.key = `step-${stepNumber}`;
      },
      processLLMResponse: ({ state }) => {
        pairs.push({ request: requestState, response: state });
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: TOOL_THEN_ANSWER });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      inputProcessors: [processor],
    });

    await agent.generate('weather?');

    expect(pairs).toHaveLength(2);
    for (const { request, response } of pairs) expect(response).toBe(request);
    expect(pairs[0]?.response).toBe(pairs[1]?.response);
    expect(pairs[1]?.response.key).toBe('step-1');
  });

  it('fromCache is false for a provider response and true when processLLMRequest returned a response', async () => {
    const fromCache: boolean[] = [];
    let serveFromCache = false;
    const processor = {
      id: 'cache-flag',
      processLLMRequest: () =>
        serveFromCache
          ? { response: { chunks: [{ type: 'text-delta', payload: { id: 't', text: 'cached' } }] } }
          : undefined,
      processLLMResponse: (args) => {
        fromCache.push(args.fromCache);
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['live'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [processor] });

    const live = await agent.generate('hi');
    serveFromCache = true;
    const cached = await agent.generate('hi');

    expect(live.text).toBe('live');
    expect(cached.text).toBe('cached');
    expect(fromCache).toEqual([false, true]);
    expect(model.calls).toHaveLength(1);
  });
});
