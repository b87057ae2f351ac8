/**
 * Issue 30 item 1: PostgreSQL round trips per agent turn, counted on a real pool whose
 * connections count every query they send (`testing/counting-pool.ts`). A turn's store work is
 * split at the model call: what ran before it is the memory load (thread check or claim, last N
 * messages, working memory, semantic recall), what ran after it is the save.
 */
import { Agent } from 'sluice/agent';
import { createChatHandler } from 'sluice/ai-sdk';
import { Memory, type MemoryConfig } from 'sluice/memory';
import { PostgresStore } from 'sluice/pg';
import { ScriptedModel } from 'sluice/test';
import { afterAll, describe, expect, it } from 'vitest';
import { HashEmbedder } from '../../memory/testing/hash-embedder.js';
import { type CountingPool, countingPool } from './testing/counting-pool.js';
import { DATABASE_URL, dropSchema, postgresAvailable, uniqueSchema } from './testing/test-env.js';

const available = await postgresAvailable();

interface TurnTrips {
  load: number;
  save: number;
  statements: readonly string[];
  /** Messages the model was sent (history + the question). */
  prompt: number;
}

/** Run `turns` turns on one thread; the round trips of each, split at the model call. */
async function countTurns(
  counter: CountingPool,
  options: MemoryConfig,
  turns: number,
  embedder?: HashEmbedder,
): Promise<TurnTrips[]> {
  const schema = uniqueSchema('trips');
  const storage = new PostgresStore({ pool: counter.pool, schema });
  await storage.init();
  let atModel = 0;
  const model = new ScriptedModel({
    steps: () => {
      atModel = counter.log().queries;
      return 'an answer';
    },
  });
  const memory = new Memory({ storage, options, ...(embedder ? { embedder } : {}) });
  const agent = new Agent({ id: 'trips', instructions: 'x', model, memory });
  const out: TurnTrips[] = [];
  try {
    for (let i = 0; i < turns; i++) {
      counter.reset();
      await agent.generate(`question ${i}`, { memory: { thread: 'th', resource: 'u' } });
      const log = counter.log();
      out.push({
        load: atModel,
        save: log.queries - atModel,
        statements: log.statements,
        prompt: model.lastCall.prompt.length,
      });
    }
  } finally {
    await storage.close();
    await dropSchema(counter.pool, schema);
  }
  return out;
}

/** A `useChat` POST body: the chat id and the conversation so far, each message with its client id. */
function chatBody(chatId: string, messages: Array<{ id: string; role: 'user' | 'assistant'; text: string }>) {
  return JSON.stringify({
    id: chatId,
    trigger: 'submit-message',
    messages: messages.map((m) => ({ id: m.id, role: m.role, parts: [{ type: 'text', text: m.text }] })),
  });
}

/** The answer's message id, read off the UI message stream's `start` chunk. */
function answerId(body: string): string {
  const start = body.split('\n').find((line) => line.includes('"type":"start"'));
  const id = start
    ? (JSON.parse(start.slice('data: '.length)) as { messageId?: unknown }).messageId
    : undefined;
  if (typeof id !== 'string') throw new Error(`no start chunk with a messageId in: ${body.slice(0, 200)}`);
  return id;
}

describe.skipIf(!available)('PostgreSQL round trips per turn (a counting pg.Pool)', () => {
  const counter = available ? countingPool({ connectionString: DATABASE_URL, max: 4 }) : undefined;
  afterAll(async () => {
    await counter?.pool.end();
  });

  it('history only: the load is one round trip, the save one round trip, on a new thread and after', async () => {
    const trips = await countTurns(counter!, { lastMessages: 10 }, 3);
    expect(
      trips.map(({ load, save }) => ({ load, save })),
      JSON.stringify(trips, null, 1),
    ).toEqual([
      { load: 1, save: 1 },
      { load: 1, save: 1 },
      { load: 1, save: 1 },
    ]);
    // The history still arrives: system + question, then two more stored messages per turn.
    expect(trips.map((t) => t.prompt)).toEqual([2, 4, 6]);
  });

  it("a chat turn (createChatHandler, useChat's client message ids): one round trip before the model, one after", async () => {
    const schema = uniqueSchema('trips_chat');
    const storage = new PostgresStore({ pool: counter!.pool, schema });
    await storage.init();
    let atModel = 0;
    const model = new ScriptedModel({
      steps: () => {
        atModel = counter!.log().queries;
        return 'an answer';
      },
    });
    const agent = new Agent({
      id: 'trips-chat',
      instructions: 'x',
      model,
      memory: new Memory({ storage, options: { lastMessages: 10, workingMemory: { enabled: true } } }),
    });
    const handler = createChatHandler({ agent, resource: (request) => request.headers.get('x-user') });
    const sent: Array<{ id: string; role: 'user' | 'assistant'; text: string }> = [];
    const trips: Array<{ load: number; save: number }> = [];
    try {
      for (let turn = 0; turn < 3; turn++) {
        // The client re-sends the whole conversation, as useChat does.
        sent.push({ id: `u${turn}`, role: 'user', text: `question ${turn}` });
        counter!.reset();
        const response = await handler(
          new Request('http://app.test/api/chat', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-user': 'alice' },
            body: chatBody('chat-trips', sent),
          }),
        );
        expect(response.status).toBe(200);
        const body = await response.text();
        sent.push({ id: answerId(body), role: 'assistant', text: 'an answer' });
        trips.push({ load: atModel, save: counter!.log().queries - atModel });
      }
      expect(trips, JSON.stringify(counter!.log().statements)).toEqual([
        { load: 1, save: 1 },
        { load: 1, save: 1 },
        { load: 1, save: 1 },
      ]);
      // Nothing stored twice: each question and answer once, in order.
      const stored = await storage.listMessages({ threadId: 'chat-trips', resourceId: 'alice' });
      expect(stored.messages.map((m) => m.id)).toEqual(sent.map((m) => m.id));
      // The history reached the model from memory: 4 stored messages, then the question.
      expect(model.lastCall.prompt.filter((m) => m.role !== 'system').map((m) => m.role)).toEqual([
        'user',
        'assistant',
        'user',
        'assistant',
        'user',
      ]);
    } finally {
      await storage.close();
      await dropSchema(counter!.pool, schema);
    }
  });

  it('history and resource working memory: still one round trip to load, one to save', async () => {
    const trips = await countTurns(
      counter!,
      { lastMessages: 10, workingMemory: { enabled: true, scope: 'resource' } },
      2,
    );
    expect(
      trips.map(({ load, save }) => ({ load, save })),
      JSON.stringify(trips, null, 1),
    ).toEqual([
      { load: 1, save: 1 },
      { load: 1, save: 1 },
    ]);
  });

  it('history and thread working memory: one round trip to load, one to save', async () => {
    const trips = await countTurns(
      counter!,
      { lastMessages: 10, workingMemory: { enabled: true, scope: 'thread' } },
      2,
    );
    expect(
      trips.map(({ load, save }) => ({ load, save })),
      JSON.stringify(trips, null, 1),
    ).toEqual([
      { load: 1, save: 1 },
      { load: 1, save: 1 },
    ]);
  });

  it('with semantic recall: the vector search and the embeddings add one round trip each', async () => {
    const trips = await countTurns(
      counter!,
      { lastMessages: 4, semanticRecall: { topK: 2, messageRange: 1, scope: 'resource' } },
      2,
      new HashEmbedder(),
    );
    // Load: the turn's reads, then the vector search (its query embedding is only known after
    // the input processors ran). Save: the turn, then its embeddings in one statement.
    expect(
      trips.map(({ load, save }) => ({ load, save })),
      JSON.stringify(trips, null, 1),
    ).toEqual([
      { load: 2, save: 2 },
      { load: 2, save: 2 },
    ]);
  });

  it('semantic recall that finds older messages: the page of them with their neighbours is two more round trips, whatever topK', async () => {
    const trips = await countTurns(
      counter!,
      { lastMessages: 2, semanticRecall: { topK: 2, messageRange: 1, scope: 'thread' } },
      5,
      new HashEmbedder(),
    );
    // From the third turn on, earlier questions (sharing the word "question") lie outside the
    // last 2 messages: the recall reads them and their neighbours (one statement for every match,
    // plus the page it is included in). Before: a page, a count, then 3 per match (7 to 10 here).
    expect(
      trips.map(({ load, save }) => ({ load, save })),
      JSON.stringify(trips, null, 1),
    ).toEqual([
      { load: 2, save: 2 },
      { load: 2, save: 2 },
      { load: 4, save: 2 },
      { load: 4, save: 2 },
      { load: 4, save: 2 },
    ]);
  });
});
