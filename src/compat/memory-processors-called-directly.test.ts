/**
 * Issue #32 item 3, the memory processors: built as api-reference §6.20 documents them
 * (`new MessageHistory({ storage, lastMessages })`, …) and called as users' unit tests do —
 * `processInput({ messages, abort, requestContext })`, no `messageList`, no `state` — each works
 * and returns the documented result: the messages array where no `messageList` was given
 * (`{ messages, systemMessages }` for the processor that adds a system message). The
 * conversation comes from the request context, where the runtime leaves it (`'MastraMemory'`:
 * `{ thread, resourceId }`). One case per processor and hook.
 */

import { InMemoryStore, type MastraDBMessage, MEMORY_CONTEXT_KEY } from 'sluice/memory';
import { MessageList } from 'sluice/messages';
import {
  ContextOverflowRecovery,
  MemoryInputFilter,
  MessageHistory,
  SemanticRecall,
  WorkingMemory,
} from 'sluice/processors';
import { MASTRA_RESOURCE_ID_KEY, MASTRA_THREAD_ID_KEY, RequestContext } from 'sluice/request-context';
import { describe, expect, it } from 'vitest';
import { HashEmbedder } from '../memory/testing/hash-embedder.js';

// Users' tests pass plain objects; the hook types list every argument the runtime passes.
// biome-ignore lint/suspicious/noExplicitAny: the point is calling with the documented subset.
type Loose = any;

let seq = 0;
function message(
  role: 'user' | 'assistant',
  text: string,
  stored?: { threadId: string; resourceId: string },
) {
  seq++;
  return {
    id: `mem-direct-${seq}`,
    role,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)),
    content: { format: 2 as const, parts: [{ type: 'text' as const, text }] },
    ...stored,
  } satisfies MastraDBMessage;
}

const textOf = (m: MastraDBMessage) => m.content.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');

/** The user's own abort, as in the documents' examples. */
const abort = (reason?: string): never => {
  throw new Error(reason);
};

/** A request context naming thread `t1` of resource `ana`, as a call with memory leaves it. */
function conversation(thread = 't1', resourceId = 'ana'): RequestContext {
  const requestContext = new RequestContext();
  requestContext.set(MEMORY_CONTEXT_KEY, { thread: { id: thread }, resourceId });
  return requestContext;
}

/** A store with thread `t1` of `ana` holding `texts` (alternating user / assistant). */
async function storeWith(texts: string[]): Promise<{ storage: InMemoryStore; stored: MastraDBMessage[] }> {
  const storage = new InMemoryStore();
  const now = new Date(Date.UTC(2026, 0, 1));
  await storage.saveThread({ id: 't1', resourceId: 'ana', createdAt: now, updatedAt: now });
  const stored = texts.map((text, i) =>
    message(i % 2 === 0 ? 'user' : 'assistant', text, { threadId: 't1', resourceId: 'ana' }),
  );
  await storage.saveMessages(stored.map((m) => ({ ...m, threadId: 't1' })));
  return { storage, stored };
}

describe('the memory processors work called directly with the documented arguments', () => {
  it('MessageHistory.processInput({ messages, abort, requestContext }) returns the array with the last stored messages first', async () => {
    const { storage } = await storeWith(['one', 'two', 'three', 'four']);
    const processor = new MessageHistory({ storage, lastMessages: 2 });
    const input = message('user', 'five');
    const out = (await processor.processInput({
      messages: [input],
      abort,
      requestContext: conversation(),
    } as Loose)) as MastraDBMessage[];
    expect(out.map(textOf)).toEqual(['three', 'four', 'five']);
  });

  it('MessageHistory.processInput without a conversation on the request context returns the messages unchanged', async () => {
    const { storage } = await storeWith(['one']);
    const input = message('user', 'hi');
    const out = (await new MessageHistory({ storage }).processInput({
      messages: [input],
      abort,
    } as Loose)) as MastraDBMessage[];
    expect(out.map(textOf)).toEqual(['hi']);
  });

  it('MessageHistory finds the thread under mastra__threadId / mastra__resourceId too', async () => {
    const { storage } = await storeWith(['remembered']);
    const requestContext = new RequestContext();
    requestContext.set(MASTRA_THREAD_ID_KEY, 't1');
    requestContext.set(MASTRA_RESOURCE_ID_KEY, 'ana');
    const out = (await new MessageHistory({ storage }).processInput({
      messages: [message('user', 'now')],
      abort,
      requestContext,
    } as Loose)) as MastraDBMessage[];
    expect(out.map(textOf)).toEqual(['remembered', 'now']);
  });

  it('MessageHistory.processOutputResult({ messages, abort, requestContext }) saves the turn and returns the array', async () => {
    const storage = new InMemoryStore();
    const question = message('user', 'what is two and two?');
    const answer = message('assistant', 'four <working_memory>likes sums</working_memory>');
    const out = await new MessageHistory({ storage }).processOutputResult({
      messages: [question, answer],
      abort,
      requestContext: conversation('t-new', 'ana'),
    } as Loose);
    expect(out).toEqual([question, answer]);
    expect((await storage.getThreadById('t-new'))?.resourceId).toBe('ana');
    const saved = await storage.getLastMessages({ threadId: 't-new', limit: 10 });
    expect(saved.map(textOf)).toEqual(['what is two and two?', 'four']);
  });

  it('MessageHistory.persistMessages({ messages, threadId, resourceId }) stores into the thread, system messages left out', async () => {
    const { storage } = await storeWith(['earlier']);
    const system = { ...message('user', 'rules'), role: 'system' } as unknown as MastraDBMessage;
    await new MessageHistory({ storage }).persistMessages({
      messages: [system, message('user', 'later')],
      threadId: 't1',
    });
    const saved = await storage.getLastMessages({ threadId: 't1', limit: 10 });
    expect(saved.map(textOf)).toEqual(['earlier', 'later']);
  });

  it('MemoryInputFilter.processInput({ messages, abort, requestContext }) returns the array without the re-sent stored messages', async () => {
    const { storage, stored } = await storeWith(['old question', 'old answer']);
    const fresh = message('user', 'new question');
    const out = (await new MemoryInputFilter({ storage }).processInput({
      messages: [...stored, fresh],
      abort,
      requestContext: conversation(),
    } as Loose)) as MastraDBMessage[];
    expect(out.map(textOf)).toEqual(['new question']);
  });

  it('MemoryInputFilter with retainFullInput: true keeps them', async () => {
    const { storage, stored } = await storeWith(['old question']);
    const out = (await new MemoryInputFilter({ storage, retainFullInput: true }).processInput({
      messages: [...stored, message('user', 'new')],
      abort,
      requestContext: conversation(),
    } as Loose)) as MastraDBMessage[];
    expect(out.map(textOf)).toEqual(['old question', 'new']);
  });

  it('WorkingMemory.processInput({ messages, abort, requestContext }) returns { messages, systemMessages } with the stored working memory', async () => {
    const { storage } = await storeWith([]);
    await storage.saveResource({ id: 'ana', workingMemory: '# User\n- Name: Ana' });
    const input = message('user', 'hello');
    const out = (await new WorkingMemory({
      storage,
      template: { format: 'markdown', content: '# User\n- Name:' },
    }).processInput({
      messages: [input],
      systemMessages: [{ role: 'system', content: 'Be brief.' }],
      abort,
      requestContext: conversation(),
    } as Loose)) as { messages: MastraDBMessage[]; systemMessages: Array<{ role: string; content: string }> };
    expect(out.messages).toEqual([input]);
    expect(out.systemMessages).toHaveLength(2);
    expect(out.systemMessages[0]?.content).toBe('Be brief.');
    expect(out.systemMessages[1]?.content).toContain('- Name: Ana');
  });

  it("WorkingMemory with scope: 'thread' reads the thread's working memory", async () => {
    const { storage } = await storeWith([]);
    await storage.updateThread({ id: 't1', metadata: { workingMemory: 'likes tea' } });
    const out = (await new WorkingMemory({ storage, scope: 'thread' }).processInput({
      messages: [],
      abort,
      requestContext: conversation(),
    } as Loose)) as { systemMessages: Array<{ content: string }> };
    expect(out.systemMessages.at(-1)?.content).toContain('likes tea');
  });

  it("a request context naming another resource's thread reads none of it (history or thread working memory)", async () => {
    const { storage } = await storeWith(['secret one', 'secret two']);
    await storage.updateThread({ id: 't1', metadata: { workingMemory: 'ana likes tea' } });
    const history = (await new MessageHistory({ storage, lastMessages: 10 }).processInput({
      messages: [message('user', 'hi')],
      abort,
      requestContext: conversation('t1', 'mallory'),
    } as Loose)) as MastraDBMessage[];
    expect(history.map(textOf)).toEqual(['hi']);
    const working = (await new WorkingMemory({ storage, scope: 'thread' }).processInput({
      messages: [],
      abort,
      requestContext: conversation('t1', 'mallory'),
    } as Loose)) as { systemMessages: Array<{ content: string }> };
    expect(JSON.stringify(working.systemMessages)).not.toContain('ana likes tea');
  });

  it('SemanticRecall.processInput({ messages, abort, requestContext }) returns the array with the similar stored message', async () => {
    const storage = new InMemoryStore();
    const embedder = new HashEmbedder();
    const recall = new SemanticRecall({ storage, embedder, topK: 1, messageRange: 0, scope: 'thread' });
    const { stored } = await (async () => {
      const now = new Date(Date.UTC(2026, 0, 1));
      await storage.saveThread({ id: 't1', resourceId: 'ana', createdAt: now, updatedAt: now });
      const rows = [
        message('user', 'my favourite colour is turquoise', { threadId: 't1', resourceId: 'ana' }),
        message('user', 'the weather tomorrow looks rainy', { threadId: 't1', resourceId: 'ana' }),
      ];
      await storage.saveMessages(rows.map((m) => ({ ...m, threadId: 't1' })));
      return { stored: rows };
    })();
    // processOutputResult embeds what it is given (api-reference: "on output embeds saved messages").
    const embedded = await recall.processOutputResult({
      messages: stored,
      abort,
      requestContext: conversation(),
    } as Loose);
    expect(embedded).toEqual(stored);
    const out = (await recall.processInput({
      messages: [message('user', 'which colour is my favourite turquoise?')],
      abort,
      requestContext: conversation(),
    } as Loose)) as MastraDBMessage[];
    expect(out.map(textOf)).toEqual([
      'my favourite colour is turquoise',
      'which colour is my favourite turquoise?',
    ]);
  });

  it('ContextOverflowRecovery.processAPIError({ error, messages }) without a list has no loaded history to drop: the error stands', async () => {
    const out = await new ContextOverflowRecovery().processAPIError({
      error: new Error('This model maximum context length is 8192 tokens'),
      messages: [message('user', 'hi')],
    } as Loose);
    expect(out).toBeUndefined();
  });
});

describe('with the full arguments the runtime passes, the options-built processors edit the list', () => {
  it('MessageHistory given a messageList adds the history as remembered messages and returns nothing', async () => {
    const { storage } = await storeWith(['earlier']);
    const list = new MessageList({ threadId: 't1', resourceId: 'ana' });
    list.add([message('user', 'now')], 'input');
    const out = await new MessageHistory({ storage }).processInput({
      messages: list.get.all.db(),
      messageList: list,
      systemMessages: [],
      state: {},
      abort,
      retryCount: 0,
      requestContext: conversation(),
    } as Loose);
    expect(out).toBeUndefined();
    expect(list.get.remembered.db().map(textOf)).toEqual(['earlier']);
    expect(list.get.all.db().map(textOf)).toEqual(['earlier', 'now']);
  });

  it('ContextOverflowRecovery given a list still drops the oldest half of the loaded history and retries', async () => {
    const list = new MessageList();
    list.add([message('user', 'a'), message('assistant', 'b')], 'memory');
    list.add([message('user', 'c')], 'input');
    const out = await new ContextOverflowRecovery().processAPIError({
      error: new Error('prompt is too long'),
      messages: list.get.all.db(),
      messageList: list,
      state: {},
    } as Loose);
    expect(out).toEqual({ retry: true });
    expect(list.get.all.db().map(textOf)).toEqual(['b', 'c']);
  });

  it('a processor built without a store names the option', () => {
    expect(() => new MessageHistory({} as Loose)).toThrow(/"storage" must be a memory store/);
    expect(() => new SemanticRecall({ storage: new InMemoryStore() } as Loose)).toThrow(
      /"embedder" is required/,
    );
  });

  it("MessageHistory's tokenLimit (not implemented) is refused with the fix, not ignored", () => {
    expect(
      () => new MessageHistory({ storage: new InMemoryStore(), tokenLimit: { maxTokens: 100 } } as Loose),
    ).toThrow(/"tokenLimit" is not supported; put a TokenLimiter after MessageHistory/);
  });
});
