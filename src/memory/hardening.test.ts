/**
 * Issue 13 edge cases through the public API: concurrent calls on one thread, streams that are
 * never drained or cancelled, aborts and failures mid-stream, retried steps, tool calls across
 * turns, signals sent in multi-step runs, a client re-sending history.
 */
import { APICallError } from '@ai-sdk/provider';
import { ConfigurationError, RequestContext } from 'sluice';
import { Agent } from 'sluice/agent';
import { InMemoryStore, Memory, type MemoryStorage } from 'sluice/memory';
import type { OutputProcessor, Processor } from 'sluice/processors';
import { SqliteStore } from 'sluice/sqlite';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it, vi } from 'vitest';
import { HashEmbedder } from './testing/hash-embedder.js';
import { conversationLines } from './testing/prompt-text.js';

const conversation = { thread: 'th', resource: 'res' };
type Steps = ConstructorParameters<typeof ScriptedModel>[0]['steps'];

function setup(steps: Steps, options = {}, storage: MemoryStorage = new InMemoryStore()) {
  const memory = new Memory({ storage, options });
  const model = new ScriptedModel({ steps });
  return {
    memory,
    model,
    storage,
    make: (extra: Partial<ConstructorParameters<typeof Agent>[0]> = {}) =>
      new Agent({ id: 'hard', instructions: 'x', model, memory, ...extra }),
  };
}

async function allStored(memory: Memory) {
  return (await memory.recall({ threadId: 'th', perPage: false, hideSignals: false })).messages;
}

function texts(messages: Awaited<ReturnType<typeof allStored>>): string[] {
  return messages.map(
    (m) =>
      `${m.role}: ${m.content.parts
        .map((p) => (p.type === 'text' ? p.text : p.type === 'step-start' ? '' : `[${p.type}]`))
        .join('')}`,
  );
}

const lookup = createTool({
  id: 'lookup',
  description: 'Look up',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  execute: async () => ({ found: 'x' }),
});

describe('two concurrent calls on one thread', () => {
  const stores = [
    ['InMemoryStore', () => new InMemoryStore()],
    ['SqliteStore', () => new SqliteStore({ path: ':memory:' })],
  ] as const;

  it.each(stores)(
    '%s: Promise.all of two generate calls loses no message; each answer after its question, same order on every read',
    async (_name, makeStore) => {
      const storage = makeStore();
      // Each call's answer names its question (the scripted model answers in call order).
      const { memory, make } = setup(
        [
          { text: ['answer ', 'one'], delayMs: 5 },
          { text: ['answer ', 'two'], delayMs: 5 },
        ],
        {},
        storage,
      );
      const agent = make();
      await Promise.all([
        agent.generate('question one', { memory: conversation }),
        agent.generate('question two', { memory: conversation }),
      ]);
      const stored = texts(await allStored(memory));
      expect(stored.slice().sort()).toEqual([
        'assistant: answer one',
        'assistant: answer two',
        'user: question one',
        'user: question two',
      ]);
      for (const n of ['one', 'two'])
        expect(stored.indexOf(`user: question ${n}`)).toBeLessThan(stored.indexOf(`assistant: answer ${n}`));
      expect(texts(await allStored(memory))).toEqual(stored);
      await storage.close();
    },
  );
});

describe('stream()', () => {
  it('a reader that never drains but awaits text: the turn is saved once the run settles', async () => {
    const { memory, make } = setup([{ text: ['a', 'b', 'c'] }]);
    const output = await make().stream('never read', { memory: conversation });
    expect(await output.text).toBe('abc');
    await output.getFullOutput();
    expect(texts(await allStored(memory))).toEqual(['user: never read', 'assistant: abc']);
  });

  it('the turn is stored before fullStream ends: a reader sees it when the finish chunk arrives', async () => {
    const { memory, make } = setup([{ text: ['a', 'b'] }]);
    const output = await make().stream('read me', { memory: conversation });
    let atFinish: string[] | undefined;
    for await (const chunk of output.fullStream)
      if (chunk.type === 'finish') atFinish = texts(await allStored(memory));
    expect(atFinish).toEqual(['user: read me', 'assistant: ab']);
  });

  it('nobody reads the stream or awaits anything: the run still finishes and stores the turn', async () => {
    const { memory, make } = setup([{ text: ['a', 'b', 'c'] }]);
    await make().stream('never read', { memory: conversation });
    await vi.waitFor(async () => expect((await allStored(memory)).length).toBe(2), { timeout: 2000 });
    expect(texts(await allStored(memory))).toEqual(['user: never read', 'assistant: abc']);
  });

  it('a reader that cancels: the run goes on to the end and the whole turn is stored', async () => {
    const { memory, make } = setup([{ text: ['a', 'b', 'c', 'd'], delayMs: 5 }]);
    const output = await make().stream('cancel me', { memory: conversation });
    for await (const chunk of output.fullStream) if (chunk.type === 'text-delta') break;
    await output.getFullOutput();
    expect(texts(await allStored(memory))).toEqual(['user: cancel me', 'assistant: abcd']);
  });

  it('stopOnStreamCancel: the cancelled turn keeps the user message, marked aborted, and no partial answer', async () => {
    const { memory, make } = setup([{ text: ['a', 'b', 'c', 'd', 'e', 'f'], delayMs: 15 }]);
    const output = await make().stream('stop me', { memory: conversation, stopOnStreamCancel: true });
    for await (const chunk of output.fullStream) if (chunk.type === 'text-delta') break;
    await output.getFullOutput();
    const stored = await allStored(memory);
    expect(texts(stored)).toEqual(['user: stop me']);
    expect(stored[0]?.content.metadata).toMatchObject({ mastra: { failure: { status: 'aborted' } } });
  });

  it('the caller aborts mid-stream after text streamed: user message kept, marked aborted, no partial answer', async () => {
    const { memory, make } = setup([{ text: ['part', 'ial', ' more', ' more'], delayMs: 15 }]);
    const controller = new AbortController();
    const output = await make().stream('abort me', { memory: conversation, abortSignal: controller.signal });
    for await (const chunk of output.fullStream) if (chunk.type === 'text-delta') controller.abort();
    const stored = await allStored(memory);
    expect(texts(stored)).toEqual(['user: abort me']);
    expect(JSON.stringify(stored)).not.toContain('partial');
    expect(stored[0]?.content.metadata).toMatchObject({ mastra: { failure: { status: 'aborted' } } });
  });

  it('a provider error after some text streamed: no partial answer, the failure on the user message', async () => {
    const failing = new APICallError({
      message: 'connection reset',
      url: 'http://127.0.0.1/v1',
      requestBodyValues: {},
      statusCode: 400,
      isRetryable: false,
    });
    const { memory, make } = setup([
      { text: ['partial ', 'answer'], errorAfterChunks: { after: 4, error: failing, mode: 'part' } },
    ]);
    const output = await make({ errorProcessorDefaults: false }).stream('q', { memory: conversation });
    const seen: string[] = [];
    for await (const chunk of output.fullStream) seen.push(chunk.type);
    const stored = await allStored(memory);
    expect(texts(stored)).toEqual(['user: q']);
    expect(stored[0]?.content.metadata).toMatchObject({ mastra: { failure: { status: 'failed' } } });
  });
});

describe('retried steps', () => {
  it('an output processor aborting with retry, then success: only the accepted answer is stored, the feedback never', async () => {
    const { memory, model, make } = setup(['bad', 'good']);
    const agent = make({
      maxProcessorRetries: 2,
      outputProcessors: [
        {
          id: 'judge',
          processOutputStep: ({ text, abort }) => {
            if (text === 'bad') abort('be good', { retry: true });
          },
        },
      ],
    });
    const result = await agent.generate('hi', { memory: conversation });
    expect(result.text).toBe('good');
    expect(model.calls).toHaveLength(2);
    const stored = await allStored(memory);
    expect(texts(stored)).toEqual(['user: hi', 'assistant: good']);
    expect(JSON.stringify(stored)).not.toContain('be good');
  });

  it('a retryable provider error retried by the default error processors, then success: the turn is stored once', async () => {
    const flaky = new APICallError({
      message: 'overloaded',
      url: 'http://127.0.0.1/v1',
      requestBodyValues: {},
      statusCode: 503,
      isRetryable: true,
    });
    const { memory, model, make } = setup([
      { text: ['half '], errorAfterChunks: { after: 3, error: flaky, mode: 'part' } },
      'whole answer',
    ]);
    const result = await make().generate('hi', { memory: conversation });
    expect(result.text).toBe('whole answer');
    expect(model.calls.length).toBeGreaterThanOrEqual(2);
    const stored = await allStored(memory);
    expect(texts(stored)).toEqual(['user: hi', 'assistant: whole answer']);
  });
});

describe('data chunks of a retried step attempt', () => {
  const progress: OutputProcessor = {
    id: 'progress',
    processOutputStream: async ({
      part,
      writer,
    }: Parameters<NonNullable<Processor['processOutputStream']>>[0]) => {
      if (part.type === 'text-delta')
        await writer?.custom({ type: 'data-progress', data: { delta: part.payload.text } });
      return part;
    },
  };
  const dataOf = async (memory: Memory) =>
    (await allStored(memory))
      .flatMap((m) => m.content.parts)
      .filter((p) => p.type === 'data-progress')
      .map((p) => (p as { data: unknown }).data);

  it('a step rejected by an output processor (retry): only the accepted attempt’s data parts are stored', async () => {
    const { memory, make } = setup(['bad', 'good']);
    const judge: OutputProcessor = {
      id: 'judge',
      processOutputStep: ({ text, abort }) => {
        if (text === 'bad') abort('be good', { retry: true });
      },
    };
    await make({ maxProcessorRetries: 2, outputProcessors: [progress, judge] }).generate('go', {
      memory: conversation,
    });
    expect(await dataOf(memory)).toEqual([{ delta: 'good' }]);
  });

  it('a step that failed and was retried by an error processor: its data parts are not stored', async () => {
    const flaky = new APICallError({
      message: 'overloaded',
      url: 'http://127.0.0.1/v1',
      requestBodyValues: {},
      statusCode: 503,
      isRetryable: true,
    });
    const { memory, make } = setup([
      { text: ['half ', 'more'], errorAfterChunks: { after: 4, error: flaky, mode: 'part' } },
      'whole',
    ]);
    await make({ outputProcessors: [progress] }).generate('go', { memory: conversation });
    expect(await dataOf(memory)).toEqual([{ delta: 'whole' }]);
  });
});

describe('tool calls across turns', () => {
  it('stored as one assistant message with the call and its result; the next prompt pairs them', async () => {
    const { memory, model, make } = setup([
      { toolCalls: [{ toolName: 'lookup', args: { q: 'a' }, toolCallId: 'c1' }] },
      'found it',
      'again',
    ]);
    const agent = make({ tools: { lookup } });
    await agent.generate('find a', { memory: conversation });
    const stored = await allStored(memory);
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
    await agent.generate('more', { memory: conversation });
    expect(conversationLines(model.calls[2]?.prompt)).toEqual([
      'user: find a',
      'assistant: [tool-call lookup]',
      'tool: [tool-result lookup]',
      'assistant: found it',
      'user: more',
    ]);
  });

  it('a tool that throws: its error result is stored with the call and replayed as a pair', async () => {
    const broken = createTool({
      id: 'broken',
      description: 'Breaks',
      inputSchema: { type: 'object', properties: {} },
      execute: async () => {
        throw new Error('tool exploded');
      },
    });
    const { memory, model, make } = setup([
      { toolCalls: [{ toolName: 'broken', args: {}, toolCallId: 'b1' }] },
      'sorry',
      'next',
    ]);
    const agent = make({ tools: { broken } });
    await agent.generate('try it', { memory: conversation });
    const answer = (await allStored(memory))[1];
    expect(answer?.content.parts).toContainEqual({
      type: 'tool-invocation',
      toolInvocation: expect.objectContaining({ state: 'result', toolCallId: 'b1', isError: true }),
    });
    await agent.generate('and now', { memory: conversation });
    const lines = conversationLines(model.calls[2]?.prompt);
    expect(lines).toContain('assistant: [tool-call broken]');
    expect(lines).toContain('tool: [tool-result broken]');
  });

  it('lastMessages cutting into a tool exchange never sends an orphan call or result', async () => {
    const { model, make } = setup(
      [{ toolCalls: [{ toolName: 'lookup', args: { q: 'a' }, toolCallId: 'c1' }] }, 'found it', 'next'],
      { lastMessages: 1 },
    );
    const agent = make({ tools: { lookup } });
    await agent.generate('find a', { memory: conversation });
    await agent.generate('more', { memory: conversation });
    const prompt = model.calls[2]?.prompt as Array<{ role: string; content: unknown }>;
    const calls = new Set<string>();
    const results = new Set<string>();
    for (const message of prompt) {
      if (!Array.isArray(message.content)) continue;
      for (const part of message.content as Array<{ type: string; toolCallId?: string }>) {
        if (part.type === 'tool-call') calls.add(part.toolCallId as string);
        if (part.type === 'tool-result') results.add(part.toolCallId as string);
      }
    }
    expect([...calls].sort()).toEqual([...results].sort());
  });
});

describe('signals in a multi-step run', () => {
  it('a non-transient signal sent in processInputStep at step 0 is stored once, not per step', async () => {
    const { memory, model, make } = setup([
      { toolCalls: [{ toolName: 'lookup', args: { q: 'a' } }] },
      'done',
      'next',
    ]);
    const agent = make({
      tools: { lookup },
      inputProcessors: [
        {
          id: 'steer',
          processInputStep: async ({ sendSignal, stepNumber }) => {
            if (stepNumber === 0) await sendSignal?.({ type: 'reactive', contents: 'Be brief.' });
          },
        },
      ],
    });
    await agent.generate('go', { memory: conversation });
    const signals = (await allStored(memory)).filter((m) => m.role === 'signal');
    expect(signals).toHaveLength(1);
    await agent.generate('again', { memory: conversation, inputProcessors: [] });
    const lines = conversationLines(model.calls[2]?.prompt);
    expect(lines.filter((l) => l.includes('Be brief.'))).toHaveLength(1);
  });
});

describe('a client re-sending the whole history', () => {
  it('with ids (tool exchange included): nothing is stored twice', async () => {
    const { memory, make } = setup([
      { toolCalls: [{ toolName: 'lookup', args: { q: 'a' }, toolCallId: 'c1' }] },
      'found it',
      'second answer',
    ]);
    const agent = make({ tools: { lookup } });
    await agent.generate('find a', { memory: conversation });
    const first = await allStored(memory);
    await agent.generate([...first, { role: 'user', content: 'follow up' }] as never, {
      memory: conversation,
    });
    const stored = await allStored(memory);
    expect(texts(stored)).toEqual([...texts(first), 'user: follow up', 'assistant: second answer']);
  });
});

describe('the turn save and the thread row', () => {
  /** A store where the thread is edited (by someone else) just before the turn's write lands. */
  function racingStore(edit: (store: InMemoryStore) => Promise<unknown>) {
    const inner = new InMemoryStore();
    return new Proxy(inner, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (key === 'saveTurn') {
          return async (turn: Parameters<InMemoryStore['saveTurn']>[0]) => {
            // A turn's save (it has messages), not the claim that creates the thread.
            if (turn.messages.length > 0) await edit(target);
            return target.saveTurn(turn);
          };
        }
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  it('a title/metadata edit made while the turn is being saved is kept (the save only bumps updatedAt)', async () => {
    const storage = racingStore((store) =>
      store.updateThread({ id: 'th', title: 'Renamed', metadata: { tag: 'vip' } }),
    );
    const memory = new Memory({ storage });
    await memory.createThread({ resourceId: 'res', threadId: 'th', title: 'Original' });
    const before = await memory.getThreadById({ threadId: 'th' });
    const agent = new Agent({
      id: 'hard',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      memory,
    });
    await agent.generate('hi', { memory: conversation });
    const thread = await memory.getThreadById({ threadId: 'th' });
    expect(thread?.title).toBe('Renamed');
    expect(thread?.metadata).toMatchObject({ tag: 'vip' });
    expect(thread?.updatedAt.getTime()).toBeGreaterThanOrEqual(before?.updatedAt.getTime() ?? 0);
    expect(texts(await allStored(memory))).toEqual(['user: hi', 'assistant: ok']);
  });

  it('a rename made by a processor during the turn is kept by the save', async () => {
    const storage = new InMemoryStore();
    const memory = new Memory({ storage });
    await memory.createThread({ resourceId: 'res', threadId: 'th', title: 'Original' });
    const agent = new Agent({
      id: 'hard',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      memory,
      outputProcessors: [
        {
          id: 'renamer',
          processOutputResult: async ({ messages }) => {
            await memory.updateThread({ id: 'th', title: 'Renamed', metadata: {} });
            return messages;
          },
        },
      ],
    });
    await agent.generate('hi', { memory: conversation });
    expect((await memory.getThreadById({ threadId: 'th' }))?.title).toBe('Renamed');
  });

  it('on a new thread, the first save creates it with the title given', async () => {
    const { memory, make } = setup(['ok']);
    await make().generate('hi', { memory: { thread: { id: 'th', title: 'Hello' }, resource: 'res' } });
    expect(await memory.getThreadById({ threadId: 'th' })).toMatchObject({
      title: 'Hello',
      resourceId: 'res',
    });
  });
});

describe('working-memory updates at the same time', () => {
  const schema = {
    type: 'object',
    properties: { name: { type: 'string' }, city: { type: 'string' } },
  } as const;

  it('JSON schema: two updateWorkingMemory calls in one step are both merged (no lost update)', async () => {
    const memory = new Memory({
      storage: new InMemoryStore(),
      options: { workingMemory: { enabled: true, schema } },
    });
    const model = new ScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'updateWorkingMemory', args: { memory: { name: 'Ana' } } },
            { toolName: 'updateWorkingMemory', args: { memory: { city: 'Porto' } } },
          ],
        },
        'noted',
      ],
    });
    await new Agent({ id: 'wm', instructions: 'x', model, memory }).generate('I am Ana from Porto', {
      memory: conversation,
    });
    const stored = JSON.parse(
      (await memory.getWorkingMemory({ threadId: 'th', resourceId: 'res' })) ?? 'null',
    );
    expect(stored).toEqual({ name: 'Ana', city: 'Porto' });
  });

  it('thread scope, two concurrent calls on a new thread: both updates are kept and both turns stored', async () => {
    const memory = new Memory({
      storage: new InMemoryStore(),
      options: { workingMemory: { enabled: true, schema, scope: 'thread' } },
    });
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'updateWorkingMemory', args: { memory: { name: 'Ana' } } }] },
        { toolCalls: [{ toolName: 'updateWorkingMemory', args: { memory: { city: 'Porto' } } }] },
        'one',
        'two',
      ],
    });
    const agent = new Agent({ id: 'wm', instructions: 'x', model, memory });
    await Promise.all([
      agent.generate('I am Ana', { memory: conversation }),
      agent.generate('I live in Porto', { memory: conversation }),
    ]);
    const stored = JSON.parse((await memory.getWorkingMemory({ threadId: 'th' })) ?? 'null');
    expect(stored).toEqual({ name: 'Ana', city: 'Porto' });
    expect((await allStored(memory)).map((m) => m.role).sort()).toEqual([
      'assistant',
      'assistant',
      'user',
      'user',
    ]);
  });
});

describe('working memory and thread ownership', () => {
  it('thread-scoped updateWorkingMemory with a resource that does not own the thread is an error naming both', async () => {
    const memory = new Memory({
      storage: new InMemoryStore(),
      options: { workingMemory: { enabled: true, scope: 'thread' } },
    });
    await memory.createThread({ resourceId: 'owner', threadId: 'th' });
    await expect(
      memory.updateWorkingMemory({ threadId: 'th', resourceId: 'intruder', workingMemory: '# mine' }),
    ).rejects.toMatchObject({
      code: 'MEMORY_THREAD_RESOURCE_MISMATCH',
      message: expect.stringMatching(/"th".*"owner".*"intruder"/),
    });
    expect(await memory.getWorkingMemory({ threadId: 'th' })).toBeNull();
  });
});

/** The tool-call ids and tool-result ids of a prompt, and whether a call id is sent twice. */
function toolPairs(prompt: unknown) {
  const calls: string[] = [];
  const results: string[] = [];
  for (const message of prompt as Array<{ content: unknown }>) {
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content as Array<{ type: string; toolCallId?: string }>) {
      if (part.type === 'tool-call') calls.push(part.toolCallId as string);
      if (part.type === 'tool-result') results.push(part.toolCallId as string);
    }
  }
  return { calls: calls.sort(), results: results.sort() };
}

describe('a client tool answered on the next call', () => {
  const ask = createTool({
    id: 'ask',
    description: 'Ask the user (runs on the client)',
    inputSchema: { type: 'object', properties: {} },
  } as Parameters<typeof createTool>[0]);

  it('the client re-sends the history with the tool result: the model gets the call and its result, and the result is stored', async () => {
    const { memory, model, make } = setup([
      { toolCalls: [{ toolName: 'ask', args: {}, toolCallId: 'k1' }] },
      'thanks',
      'bye',
    ]);
    const agent = make({ tools: { ask } });
    await agent.generate('start', { memory: conversation });
    const history = await allStored(memory);
    const result = {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'k1',
          toolName: 'ask',
          output: { type: 'json', value: { answer: 'yes' } },
        },
      ],
    };
    await agent.generate([...history, result] as never, { memory: conversation });
    expect(conversationLines(model.calls[1]?.prompt)).toEqual([
      'user: start',
      'assistant: [tool-call ask]',
      'tool: [tool-result ask]',
    ]);
    const stored = await allStored(memory);
    expect(stored.map((m) => m.id).slice(0, 2)).toEqual(history.map((m) => m.id));
    expect(stored[1]?.content.parts).toContainEqual({
      type: 'tool-invocation',
      toolInvocation: expect.objectContaining({
        state: 'result',
        toolCallId: 'k1',
        result: { answer: 'yes' },
      }),
    });
    await agent.generate('more', { memory: conversation });
    expect(conversationLines(model.calls[2]?.prompt)).toEqual([
      'user: start',
      'assistant: [tool-call ask]',
      'tool: [tool-result ask]',
      'assistant: thanks',
      'user: more',
    ]);
  });
});

describe('"memory" on an agent without one', () => {
  it('generate() and stream() reject with a ConfigurationError naming the option, before the model is called', async () => {
    const model = new ScriptedModel({ steps: ['x'] });
    const agent = new Agent({ id: 'plain', instructions: 'x', model });
    for (const call of [
      () => agent.generate('a', { memory: conversation }),
      () => agent.stream('a', { memory: conversation }),
    ]) {
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error).toMatchObject({
        code: 'AGENT_INVALID_OPTIONS',
        message: expect.stringContaining('"memory"'),
      });
    }
    expect(model.calls).toHaveLength(0);
  });

  it('a memory function that returns none for the request: the error says so', async () => {
    const agent = new Agent({
      id: 'dyn',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['x'] }),
      memory: () => undefined as unknown as Memory,
    });
    await expect(agent.generate('a', { memory: conversation })).rejects.toThrow(
      /memory function returned none for this request context/,
    );
  });
});

describe('semantic recall after the save', () => {
  it('an embedder failing on the saved turn does not fail the call: the turn is stored once, a warning names the thread', async () => {
    class FlakyEmbedder extends HashEmbedder {
      override async doEmbed(args: { values: string[] }) {
        if (this.calls.length >= 1) throw new Error('embedding service down');
        return super.doEmbed(args);
      }
    }
    const memory = new Memory({
      storage: new InMemoryStore(),
      embedder: new FlakyEmbedder(),
      options: { semanticRecall: { topK: 1, messageRange: 0, scope: 'thread' } },
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const agent = new Agent({
        id: 'sr',
        instructions: 'x',
        model: new ScriptedModel({ steps: ['ok'] }),
        memory,
      });
      const result = await agent.generate('hello there', { memory: conversation });
      expect(result.text).toBe('ok');
      expect(texts(await allStored(memory))).toEqual(['user: hello there', 'assistant: ok']);
      expect(warn.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(
        /thread "th".*embedding service down/s,
      );
    } finally {
      warn.mockRestore();
    }
  });
});

describe('two calls sharing one request context', () => {
  it('the working-memory tool of each call writes to its own conversation', async () => {
    const memory = new Memory({
      storage: new InMemoryStore(),
      options: { workingMemory: { enabled: true } },
    });
    const ana = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'updateWorkingMemory', args: { memory: '# Ana' } }], delayMs: 5 },
        'ok',
      ],
    });
    const bob = new ScriptedModel({ steps: [{ text: ['hello'], delayMs: 20 }] });
    const requestContext = new RequestContext();
    await Promise.all([
      new Agent({ id: 'a', instructions: 'x', model: ana, memory }).generate('I am Ana', {
        memory: { thread: 'ta', resource: 'ana' },
        requestContext,
      }),
      new Agent({ id: 'b', instructions: 'x', model: bob, memory }).generate('I am Bob', {
        memory: { thread: 'tb', resource: 'bob' },
        requestContext,
      }),
    ]);
    expect(await memory.getWorkingMemory({ threadId: 'ta', resourceId: 'ana' })).toBe('# Ana');
    expect(await memory.getWorkingMemory({ threadId: 'tb', resourceId: 'bob' })).toBeNull();
  });
});

describe('a client forking a conversation into a new thread', () => {
  it('messages re-sent with ids of another thread are stored as copies: the other thread keeps them', async () => {
    const { memory, model, make } = setup(['a1', 'b1']);
    const agent = make();
    await agent.generate('q1', { memory: { thread: 'A', resource: 'res' } });
    const original = (await memory.recall({ threadId: 'A', perPage: false })).messages;
    await agent.generate([...original, { role: 'user', content: 'q2' }] as never, {
      memory: { thread: 'B', resource: 'res' },
    });
    expect(conversationLines(model.calls[1]?.prompt)).toEqual(['user: q1', 'assistant: a1', 'user: q2']);
    expect((await memory.recall({ threadId: 'A', perPage: false })).messages).toEqual(original);
    const forked = (await memory.recall({ threadId: 'B', perPage: false })).messages;
    expect(texts(forked)).toEqual(['user: q1', 'assistant: a1', 'user: q2', 'assistant: b1']);
    const originalIds = new Set(original.map((m) => m.id));
    expect(forked.filter((m) => originalIds.has(m.id))).toEqual([]);
  });
});

describe('the updateWorkingMemory tool is offered', () => {
  it('only to calls with memory that are not read-only', async () => {
    const { model, make } = setup(['a', 'b', 'c'], { workingMemory: { enabled: true } });
    const agent = make();
    await agent.generate('no memory option');
    await agent.generate('read only', { memory: { ...conversation, options: { readOnly: true } } });
    await agent.generate('with memory', { memory: conversation });
    const offered = model.calls.map((call) =>
      ((call as { tools?: Array<{ name: string }> }).tools ?? []).map((tool) => tool.name),
    );
    expect(offered).toEqual([[], [], ['updateWorkingMemory']]);
  });
});

describe('a client tool result sent alone, then history cut by lastMessages', () => {
  const ask = createTool({
    id: 'ask',
    description: 'Ask the user (runs on the client)',
    inputSchema: { type: 'object', properties: {} },
  } as Parameters<typeof createTool>[0]);

  it.each([
    [true, 2],
    [true, 3],
    [false, 2],
    [false, 3],
  ])(
    'filterIncompleteToolCalls %s, lastMessages %i: every call sent has its result, once',
    async (filter, last) => {
      const { model, make } = setup(
        [{ toolCalls: [{ toolName: 'ask', args: {}, toolCallId: 'k1' }] }, 'thanks', 'bye'],
        { filterIncompleteToolCalls: filter, lastMessages: last },
      );
      const agent = make({ tools: { ask } });
      await agent.generate('start', { memory: conversation });
      const result = {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'k1', toolName: 'ask', output: { type: 'json', value: 'yes' } },
        ],
      };
      await agent.generate([result] as never, { memory: conversation });
      await agent.generate('more', { memory: conversation });
      expect(toolPairs(model.calls[1]?.prompt)).toEqual({ calls: ['k1'], results: ['k1'] });
      expect(toolPairs(model.calls[2]?.prompt)).toEqual({ calls: ['k1'], results: ['k1'] });
    },
  );
});
