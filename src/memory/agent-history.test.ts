import { Agent } from 'sluice/agent';
import { InMemoryStore, Memory, MemoryError } from 'sluice/memory';
import { MASTRA_RESOURCE_ID_KEY, MASTRA_THREAD_ID_KEY, RequestContext } from 'sluice/request-context';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it } from 'vitest';
import { conversationLines } from './testing/prompt-text.js';

function setup(
  options?: NonNullable<ConstructorParameters<typeof Memory>[0]>['options'],
  steps: string[] = ['one', 'two', 'three', 'four'],
) {
  const storage = new InMemoryStore();
  const memory = new Memory({ storage, options });
  const model = new ScriptedModel({ steps });
  const agent = new Agent({ id: 'helper', instructions: 'Be brief.', model, memory });
  return { storage, memory, model, agent };
}

const conversation = { thread: 'thread-1', resource: 'user-1' };

describe('message history (lastMessages)', () => {
  it('a second call on the thread sends the first turn before the new input', async () => {
    const { agent, model } = setup();
    await agent.generate('Hi, I am Ana', { memory: conversation });
    await agent.generate('What is my name?', { memory: conversation });
    expect(conversationLines(model.calls[1]?.prompt)).toEqual([
      'user: Hi, I am Ana',
      'assistant: one',
      'user: What is my name?',
    ]);
  });

  it('loaded history enters the list with source memory (get.remembered) and reaches processInput first', async () => {
    const { agent } = setup();
    await agent.generate('first', { memory: conversation });
    const seen: string[][] = [];
    const result = await agent.generate('second', {
      memory: conversation,
      inputProcessors: [
        {
          id: 'look',
          processInput: ({ messages, messageList }) => {
            seen.push(messageList.get.remembered.db().map((m) => m.role));
            seen.push(messages.map((m) => m.role));
            return messageList;
          },
        },
      ],
    });
    expect(seen).toEqual([
      ['user', 'assistant'],
      ['user', 'assistant', 'user'],
    ]);
    expect(result.rememberedMessages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('default lastMessages is 10: only the newest 10 stored messages are loaded', async () => {
    const steps = Array.from({ length: 8 }, (_, i) => `answer ${i}`);
    const { agent, model } = setup(undefined, steps);
    for (let i = 0; i < 7; i++) await agent.generate(`question ${i}`, { memory: conversation });
    await agent.generate('last', { memory: conversation });
    const lines = conversationLines(model.calls[7]?.prompt);
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('user: question 2');
    expect(lines.at(-1)).toBe('user: last');
  });

  it('per-call options merge over the instance options (lastMessages: 1)', async () => {
    const { agent, model } = setup({ lastMessages: 5 });
    await agent.generate('a', { memory: conversation });
    await agent.generate('b', { memory: { ...conversation, options: { lastMessages: 1 } } });
    expect(conversationLines(model.calls[1]?.prompt)).toEqual(['assistant: one', 'user: b']);
  });

  it('lastMessages: false loads nothing and saves nothing', async () => {
    const { agent, model, memory } = setup({ lastMessages: false });
    await agent.generate('a', { memory: conversation });
    await agent.generate('b', { memory: conversation });
    expect(conversationLines(model.calls[1]?.prompt)).toEqual(['user: b']);
    const { messages } = await memory.recall({ threadId: 'thread-1', perPage: false });
    expect(messages).toEqual([]);
  });

  it('readOnly per call loads history but saves nothing', async () => {
    const { agent, model, memory } = setup();
    await agent.generate('a', { memory: conversation });
    await agent.generate('b', { memory: { ...conversation, options: { readOnly: true } } });
    expect(conversationLines(model.calls[1]?.prompt)).toEqual(['user: a', 'assistant: one', 'user: b']);
    expect((await memory.recall({ threadId: 'thread-1' })).messages).toHaveLength(2);
  });

  it('readOnly on the constructor is honoured too', async () => {
    const { agent, memory } = setup({ readOnly: true });
    await agent.generate('a', { memory: conversation });
    expect((await memory.recall({ threadId: 'thread-1' })).messages).toHaveLength(0);
  });

  it('a call without memory uses none: nothing loaded, nothing saved, no error', async () => {
    const { agent, model, memory, storage } = setup();
    await agent.generate('a', { memory: conversation });
    await agent.generate('b');
    expect(conversationLines(model.calls[1]?.prompt)).toEqual(['user: b']);
    expect((await memory.recall({ threadId: 'thread-1' })).messages).toHaveLength(2);
    expect((await storage.listThreads()).total).toBe(1);
  });

  it('the thread is created on first use, owned by the resource, with the title given', async () => {
    const { agent, memory } = setup();
    await agent.generate('a', { memory: { thread: { id: 't-9', title: 'Trip' }, resource: 'user-1' } });
    const thread = await memory.getThreadById({ threadId: 't-9' });
    expect(thread).toMatchObject({ id: 't-9', resourceId: 'user-1', title: 'Trip' });
    const stored = (await memory.recall({ threadId: 't-9' })).messages;
    expect(stored.map((m) => [m.role, m.threadId, m.resourceId])).toEqual([
      ['user', 't-9', 'user-1'],
      ['assistant', 't-9', 'user-1'],
    ]);
  });

  it('generate() resolves after the turn is saved; stream() saves once fullStream is drained', async () => {
    const { agent, memory } = setup();
    await agent.generate('a', { memory: conversation });
    expect((await memory.recall({ threadId: 'thread-1' })).messages).toHaveLength(2);
    const output = await agent.stream('b', { memory: conversation });
    for await (const _ of output.fullStream) {
      // drain
    }
    expect((await memory.recall({ threadId: 'thread-1' })).messages).toHaveLength(4);
  });

  it('agent.getMemory() returns the memory', async () => {
    const { agent, memory } = setup();
    expect(await agent.getMemory()).toBe(memory);
    const plain = new Agent({ id: 'x', instructions: 'x', model: new ScriptedModel({ steps: ['x'] }) });
    expect(await plain.getMemory()).toBeUndefined();
  });

  it('the client re-sending stored history is not duplicated (memory-input-filter)', async () => {
    const { agent, model, memory } = setup();
    const first = await agent.generate('a', { memory: conversation });
    const echoed = [...first.messages];
    await agent.generate([...echoed, { role: 'user', content: 'b' }], { memory: conversation });
    expect(conversationLines(model.calls[1]?.prompt)).toEqual(['user: a', 'assistant: one', 'user: b']);
    expect((await memory.recall({ threadId: 'thread-1' })).messages).toHaveLength(4);
  });
});

describe('naming the conversation', () => {
  it('a thread owned by another resource is an error naming both, before the model is called', async () => {
    const { agent, model } = setup();
    await agent.generate('a', { memory: conversation });
    const failure = agent.generate('b', { memory: { thread: 'thread-1', resource: 'user-2' } });
    await expect(failure).rejects.toThrow(
      /Thread "thread-1" belongs to resource "user-1" but resource "user-2"/,
    );
    await expect(failure).rejects.toMatchObject({ code: 'MEMORY_THREAD_RESOURCE_MISMATCH' });
    expect(model.calls).toHaveLength(1);
  });

  it('a thread without a resource is an error with the fix', async () => {
    const { agent, model } = setup();
    const failure = agent.generate('a', { memory: { thread: 'thread-1' } as never });
    await expect(failure).rejects.toBeInstanceOf(MemoryError);
    await expect(failure).rejects.toThrow(/resourceId and a threadId must be provided/);
    expect(model.calls).toHaveLength(0);
  });

  it('a call with memory on an agent without memory is an error naming the option', async () => {
    const agent = new Agent({ id: 'x', instructions: 'x', model: new ScriptedModel({ steps: ['x'] }) });
    await expect(agent.generate('a', { memory: conversation })).rejects.toThrow(
      /passed "memory" but the agent has none/,
    );
  });

  it('a memory without storage fails the call naming the fix', async () => {
    const agent = new Agent({
      id: 'x',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['x'] }),
      memory: new Memory(),
    });
    await expect(agent.generate('a', { memory: conversation })).rejects.toThrow(
      /requires a storage provider/,
    );
  });

  it('a store that is down fails the call before the model is called, naming the store', async () => {
    const storage = new InMemoryStore();
    storage.init = async () => {
      throw new Error(`${storage.name} is unreachable`);
    };
    const model = new ScriptedModel({ steps: ['x'] });
    const agent = new Agent({ id: 'x', instructions: 'x', model, memory: new Memory({ storage }) });
    await expect(agent.generate('a', { memory: conversation })).rejects.toThrow(storage.name);
    expect(model.calls).toHaveLength(0);
  });

  it('puts the resource and thread on the request context (MASTRA_RESOURCE_ID_KEY / MASTRA_THREAD_ID_KEY, MastraMemory)', async () => {
    const { agent } = setup();
    const seen: unknown[] = [];
    await agent.generate('a', {
      memory: conversation,
      inputProcessors: [
        {
          id: 'ctx',
          processInput: ({ requestContext, messageList }) => {
            seen.push(
              requestContext?.get(MASTRA_RESOURCE_ID_KEY),
              requestContext?.get(MASTRA_THREAD_ID_KEY),
              (requestContext?.get('MastraMemory') as { thread: { id: string } } | undefined)?.thread.id,
            );
            return messageList;
          },
        },
      ],
    });
    expect(seen).toEqual(['user-1', 'thread-1', 'thread-1']);
  });

  it('ids set on the request context by trusted middleware win over the call', async () => {
    const { agent, memory } = setup();
    const requestContext = new RequestContext();
    requestContext.set(MASTRA_RESOURCE_ID_KEY, 'verified-user');
    await agent.generate('a', { memory: { thread: 't', resource: 'claimed-user' }, requestContext });
    expect((await memory.getThreadById({ threadId: 't' }))?.resourceId).toBe('verified-user');
  });
});

describe('a reused request context', () => {
  it('ids a previous memory call put on the same context do not pin the next call to them', async () => {
    const { agent, memory } = setup();
    const requestContext = new RequestContext();
    await agent.generate('a', { memory: { thread: 't-ana', resource: 'ana' }, requestContext });
    await agent.generate('b', { memory: { thread: 't-bo', resource: 'bo' }, requestContext });
    expect((await memory.getThreadById({ threadId: 't-bo' }))?.resourceId).toBe('bo');
    expect(requestContext.get(MASTRA_RESOURCE_ID_KEY)).toBe('bo');
  });
});
