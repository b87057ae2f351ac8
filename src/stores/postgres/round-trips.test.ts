/**
 * Issue 30 item 1: PostgreSQL round trips per agent turn, counted on a real pool whose
 * connections count every query they send (`testing/counting-pool.ts`). A turn's store work is
 * split at the model call: what ran before it is the memory load (thread check or claim, last N
 * messages, working memory, semantic recall), what ran after it is the save.
 */
import { Agent } from 'sluice/agent';
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
