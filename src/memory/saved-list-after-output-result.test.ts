/**
 * The persistence rule for `processOutputResult` (api-reference 1.3.1–1.3.2): a returned array is
 * reconciled with the response (messages missing from it are removed), in-place edits count, and
 * the rows stored are exactly the list after every output processor ran — on the in-memory store
 * and on a real SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'sluice/agent';
import { InMemoryStore, type MastraDBMessage, Memory, type MemoryStorage } from 'sluice/memory';
import type { OutputProcessor } from 'sluice/processors';
import { SqliteStore } from 'sluice/sqlite';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

const dir = mkdtempSync(join(tmpdir(), 'sluice-output-result-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const stores: Array<[string, () => MemoryStorage]> = [
  ['InMemoryStore', () => new InMemoryStore()],
  ['SqliteStore', () => new SqliteStore({ path: join(dir, `store-${++files}.db`) })],
];

/** What a row or list message is, for comparing: id, role and the text of its text parts. */
function shape(m: MastraDBMessage) {
  return {
    id: m.id,
    role: m.role,
    text: m.content.parts
      .filter((p) => p.type === 'text')
      .map((p) => (p as { text: string }).text)
      .join(''),
  };
}

/** Records the list as the last output processor left it (memory's own processor runs after). */
function snapshotAfter(into: { list?: ReturnType<typeof shape>[] }): OutputProcessor {
  return {
    id: 'snapshot',
    processOutputResult: ({ messageList }) => {
      into.list = messageList.get.all.db().map(shape);
    },
  };
}

const balance = createTool({
  id: 'getBalance',
  description: 'balance',
  inputSchema: z.object({}),
  execute: async () => ({ balance: 42 }),
});

async function run(
  makeStore: () => MemoryStorage,
  processor: OutputProcessor,
  steps: ConstructorParameters<typeof ScriptedModel>[0]['steps'] = ['secret answer'],
) {
  const storage = makeStore();
  const memory = new Memory({ storage });
  const seen: { list?: ReturnType<typeof shape>[] } = {};
  const agent = new Agent({
    id: 'saver',
    instructions: 'x',
    model: new ScriptedModel({ steps }),
    memory,
    tools: { getBalance: balance },
    outputProcessors: [processor, snapshotAfter(seen)],
  });
  const result = await agent.generate('hello', { memory: { thread: 't', resource: 'r' } });
  const rows = (await storage.listMessages({ threadId: 't', perPage: false })).messages;
  return { rows: rows.map(shape), list: seen.list ?? [], result };
}

describe.each(stores)('processOutputResult results are what %s stores', (_name, makeStore) => {
  it('an array without the assistant message ([] — the response emptied) stores only the user message', async () => {
    const { rows, list, result } = await run(makeStore, {
      id: 'drop-answer',
      processOutputResult: ({ messages }) => messages.filter((m) => m.role !== 'assistant'),
    });
    expect(rows).toEqual(list);
    expect(rows.map((r) => r.role)).toEqual(['user']);
    expect(result.response.dbMessages).toEqual([]);
  });

  it('a tool-calling run whose response is filtered out stores none of it', async () => {
    const { rows, list } = await run(
      makeStore,
      {
        id: 'drop-answer',
        processOutputResult: ({ messages }) => messages.filter((m) => m.role === 'user'),
      },
      [{ toolCalls: [{ toolName: 'getBalance', args: {} }] }, 'your balance is 42'],
    );
    expect(rows).toEqual(list);
    expect(rows.map((r) => r.role)).toEqual(['user']);
  });

  it('an edit in place (returning nothing) is stored as edited', async () => {
    const { rows, list } = await run(makeStore, {
      id: 'edit',
      processOutputResult: ({ messages }) => {
        for (const m of messages)
          for (const p of m.content.parts)
            if (p.type === 'text') p.text = p.text.replace('secret', '[hidden]');
      },
    });
    expect(rows).toEqual(list);
    expect(rows.map((r) => r.text)).toEqual(['hello', '[hidden] answer']);
  });

  it('a returned array with a replaced message stores the replacement, not the original', async () => {
    const { rows, list } = await run(makeStore, {
      id: 'replace',
      processOutputResult: ({ messages }) =>
        messages.map((m) =>
          m.role === 'assistant'
            ? { ...m, id: 'replacement', content: { format: 2, parts: [{ type: 'text', text: 'redone' }] } }
            : m,
        ),
    });
    expect(rows).toEqual(list);
    expect(rows.map((r) => [r.id === 'replacement', r.text])).toEqual([
      [false, 'hello'],
      [true, 'redone'],
    ]);
  });
});
