/**
 * `memory.recall()` and the thread/message methods (memory-api 4, 5): the newest `lastMessages`
 * by default in chronological order, paging back with `page`, `perPage: false`, `orderBy`,
 * `include` with neighbours, filters, ownership checks; threads created, listed, updated and
 * deleted; directly saved messages load as history.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Agent } from 'sluice/agent';
import { InMemoryStore, Memory } from 'sluice/memory';
import { PostgresStore } from 'sluice/pg';
import { SqliteStore } from 'sluice/sqlite';
import { ScriptedModel } from 'sluice/test';
import { afterAll, describe, expect, it } from 'vitest';
import { conversationLines } from './testing/prompt-text.js';

async function seeded(count: number, options = {}) {
  const memory = new Memory({ storage: new InMemoryStore(), options });
  await memory.createThread({ resourceId: 'u', threadId: 't', title: 'T' });
  const at = new Date(Date.UTC(2026, 0, 1));
  await memory.saveMessages({
    messages: Array.from({ length: count }, (_, i) => ({
      id: `m${i}`,
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      // Equal timestamps: the order saved is the order kept.
      createdAt: at,
      threadId: 't',
      resourceId: 'u',
      content: {
        format: 2 as const,
        parts: [{ type: 'text' as const, text: `text ${i}` }],
        metadata: { n: i % 3 },
      },
    })),
  });
  return memory;
}

const ids = (r: { messages: Array<{ id: string }> }) => r.messages.map((m) => m.id);

describe('memory.recall()', () => {
  it('returns the newest lastMessages messages oldest first; page 1 is the page before', async () => {
    const memory = await seeded(25);
    const first = await memory.recall({ threadId: 't' });
    expect(ids(first)).toEqual(Array.from({ length: 10 }, (_, i) => `m${15 + i}`));
    expect(first).toMatchObject({ total: 25, page: 0, perPage: 10, hasMore: true });
    const before = await memory.recall({ threadId: 't', page: 1 });
    expect(ids(before)).toEqual(Array.from({ length: 10 }, (_, i) => `m${5 + i}`));
  });

  it('perPage: false returns everything; orderBy pages in that direction', async () => {
    const memory = await seeded(5);
    expect(ids(await memory.recall({ threadId: 't', perPage: false }))).toEqual([
      'm0',
      'm1',
      'm2',
      'm3',
      'm4',
    ]);
    const desc = await memory.recall({
      threadId: 't',
      perPage: 2,
      orderBy: { field: 'createdAt', direction: 'DESC' },
    });
    expect(ids(desc)).toEqual(['m4', 'm3']);
    const asc = await memory.recall({
      threadId: 't',
      perPage: 2,
      page: 1,
      orderBy: { field: 'createdAt', direction: 'ASC' },
    });
    expect(ids(asc)).toEqual(['m2', 'm3']);
  });

  it('lastMessages: false with no perPage returns no messages; threadConfig overrides per read', async () => {
    const memory = await seeded(5, { lastMessages: false });
    expect((await memory.recall({ threadId: 't' })).messages).toEqual([]);
    expect(ids(await memory.recall({ threadId: 't', threadConfig: { lastMessages: 2 } }))).toEqual([
      'm3',
      'm4',
    ]);
  });

  it('include adds a message and its neighbours to the page', async () => {
    const memory = await seeded(20);
    const result = await memory.recall({
      threadId: 't',
      perPage: 2,
      include: [{ id: 'm5', withPreviousMessages: 1, withNextMessages: 1 }],
    });
    expect(ids(result)).toEqual(['m4', 'm5', 'm6', 'm18', 'm19']);
  });

  it('filter.metadata matches content.metadata shallowly', async () => {
    const memory = await seeded(9);
    expect(
      ids(await memory.recall({ threadId: 't', perPage: false, filter: { metadata: { n: 0 } } })),
    ).toEqual(['m0', 'm3', 'm6']);
  });

  it('with resourceId: an unknown thread and a thread of another resource are errors naming them', async () => {
    const memory = await seeded(1);
    await expect(memory.recall({ threadId: 'nope', resourceId: 'u' })).rejects.toThrow(
      /No thread found with id nope/,
    );
    await expect(memory.recall({ threadId: 't', resourceId: 'intruder' })).rejects.toThrow(
      /Thread with id t is for resource with id u but resource intruder was queried/,
    );
    expect(await memory.recall({ threadId: 'nope' })).toMatchObject({ messages: [], total: 0 });
  });
});

describe('threads and messages', () => {
  it('create, get (ownership checked), list, update, delete', async () => {
    const memory = new Memory({ storage: new InMemoryStore() });
    const thread = await memory.createThread({ resourceId: 'u', title: 'First', metadata: { topic: 'a' } });
    await memory.createThread({ resourceId: 'u', threadId: 'second' });
    await memory.createThread({ resourceId: 'v', threadId: 'other' });
    expect(await memory.getThreadById({ threadId: thread.id })).toMatchObject({
      title: 'First',
      resourceId: 'u',
    });
    await expect(memory.getThreadById({ threadId: thread.id, resourceId: 'v' })).rejects.toThrow(
      `Thread "${thread.id}" belongs to resource "u" but resource "v"`,
    );
    expect((await memory.listThreads({ filter: { resourceId: 'u' } })).total).toBe(2);
    expect(
      (await memory.listThreads({ filter: { metadata: { topic: 'a' } } })).threads.map((t) => t.id),
    ).toEqual([thread.id]);
    await memory.updateThread({ id: thread.id, title: 'Renamed' });
    expect((await memory.getThreadById({ threadId: thread.id }))?.title).toBe('Renamed');
    await memory.deleteThread(thread.id);
    expect(await memory.getThreadById({ threadId: thread.id })).toBeNull();
  });

  it('messages saved directly load as history on the next call; updated and deleted ones follow', async () => {
    const memory = await seeded(3);
    await memory.updateMessages({
      messages: [{ id: 'm1', content: { format: 2, parts: [{ type: 'text', text: 'edited' }] } }],
    });
    await memory.deleteMessages(['m0', { id: 'm2' }]);
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'h', instructions: 'x', model, memory });
    await agent.generate('next', { memory: { thread: 't', resource: 'u' } });
    expect(conversationLines(model.calls[0]?.prompt)).toEqual(['assistant: edited', 'user: next']);
    expect(
      (await memory.listMessagesByResourceId({ resourceId: 'u', perPage: false })).messages,
    ).toHaveLength(3);
  });

  it('options belong under "options": a top-level option is an error naming the fix', () => {
    expect(() => new Memory({ storage: new InMemoryStore(), lastMessages: 2 } as never)).toThrow(
      /unknown option "lastMessages". Memory options go under "options"/,
    );
    expect(() => new Memory({ options: { lastMessages: -1 } })).toThrow(
      /"lastMessages" must be a whole number/,
    );
    expect(() => new Memory({ options: { generateTitle: true } })).toThrow(
      /"generateTitle" is not supported/,
    );
  });
});

describe('on SqliteStore', () => {
  it('two turns on a SQLite file: the second call is sent the first', async () => {
    const storage = new SqliteStore({ path: ':memory:' });
    const memory = new Memory({ storage });
    const model = new ScriptedModel({ steps: ['first answer', 'second answer'] });
    const agent = new Agent({ id: 'sq', instructions: 'x', model, memory });
    await agent.generate('hello', { memory: { thread: 't', resource: 'u' } });
    await agent.generate('again', { memory: { thread: 't', resource: 'u' } });
    expect(conversationLines(model.calls[1]?.prompt)).toEqual([
      'user: hello',
      'assistant: first answer',
      'user: again',
    ]);
    expect((await memory.recall({ threadId: 't' })).messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    await storage.close();
  });

  it('a SQLite file that cannot be opened fails the call before the model is called, naming the store', async () => {
    const storage = new SqliteStore({ path: '/nonexistent-dir/x/memory.db' });
    const model = new ScriptedModel({ steps: ['never'] });
    const agent = new Agent({ id: 'sq', instructions: 'x', model, memory: new Memory({ storage }) });
    await expect(agent.generate('hello', { memory: { thread: 't', resource: 'u' } })).rejects.toThrow(
      storage.name,
    );
    expect(model.calls).toHaveLength(0);
  });

  it("a corrupt stored row: the call ends with an error naming the row, delivered as the stream's error chunk, not a crash", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-memory-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'corrupt.db');
    const storage = new SqliteStore({ path });
    const memory = new Memory({ storage });
    const model = new ScriptedModel({ steps: ['fine', 'never'] });
    const agent = new Agent({ id: 'sq', instructions: 'x', model, memory });
    const first = await agent.generate('hello', { memory: { thread: 't', resource: 'u' } });
    const userId = first.messages.find((m) => m.role === 'user')?.id as string;
    const db = new Database(path);
    db.prepare('UPDATE sluice_messages SET content = ? WHERE id = ?').run('{not json', userId);
    db.close();
    const output = await agent.stream('again', { memory: { thread: 't', resource: 'u' } });
    const types: string[] = [];
    for await (const chunk of output.fullStream) types.push(chunk.type);
    expect(types.at(-1)).toBe('error');
    expect(model.calls).toHaveLength(1);
    await expect(output.getFullOutput()).resolves.toMatchObject({
      error: expect.objectContaining({ message: expect.stringContaining(userId) }),
    });
    await storage.close();
  });
});

describe('on PostgresStore', () => {
  it('a server that is down (closed port) fails the call before the model is called, naming the store', async () => {
    const storage = new PostgresStore({
      connectionString: 'postgres://postgres@127.0.0.1:1/test',
      poolConfig: { connectionTimeoutMillis: 2000 },
    });
    const model = new ScriptedModel({ steps: ['never'] });
    const agent = new Agent({ id: 'pg', instructions: 'x', model, memory: new Memory({ storage }) });
    await expect(agent.generate('hello', { memory: { thread: 't', resource: 'u' } })).rejects.toThrow(
      storage.name,
    );
    expect(model.calls).toHaveLength(0);
    await storage.close();
  });
});
