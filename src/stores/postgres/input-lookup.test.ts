/**
 * The memory input filter's lookup (is this input message already stored, here or in another
 * thread?) rides on the turn's load statement: `loadTurn({ messageIds })` returns the stored
 * copies of the input's ids from any thread, and the filter asks the store nothing more. What it
 * decides stays the same: a re-sent message of this thread is not stored twice, a message of
 * another thread (or another tenant) is stored here as a copy and the original is left alone.
 */
import { Agent } from 'sluice/agent';
import { Memory } from 'sluice/memory';
import { PostgresStore } from 'sluice/pg';
import { ScriptedModel } from 'sluice/test';
import { afterAll, describe, expect, it } from 'vitest';
import { countingPool } from './testing/counting-pool.js';
import { DATABASE_URL, dropSchema, postgresAvailable, uniqueSchema } from './testing/test-env.js';

const available = await postgresAvailable();

/** A client-side copy of a stored message, as a chat client re-sends it (same id and text). */
function resent(m: { id: string; role: string; content: { parts: unknown[] } }) {
  return { id: m.id, role: m.role, parts: m.content.parts };
}

describe.skipIf(!available)('the input filter lookup on PostgreSQL (in the load statement)', () => {
  const counter = available ? countingPool({ connectionString: DATABASE_URL, max: 4 }) : undefined;
  const schemas: string[] = [];
  afterAll(async () => {
    for (const schema of schemas) await dropSchema(counter!.pool, schema);
    await counter?.pool.end();
  });

  async function setup(answers: string[]) {
    const schema = uniqueSchema('inlookup');
    schemas.push(schema);
    const storage = new PostgresStore({ pool: counter!.pool, schema });
    await storage.init();
    let atModel = 0;
    let next = 0;
    const model = new ScriptedModel({
      steps: () => {
        atModel = counter!.log().queries;
        return answers[next++] ?? 'no more answers';
      },
    });
    const agent = new Agent({
      id: 'inlookup',
      instructions: 'x',
      model,
      memory: new Memory({ storage, options: { lastMessages: 10 } }),
    });
    return { storage, agent, model, loadTrips: () => atModel };
  }

  it('loadTurn returns the stored copies of the named ids from any thread, and nothing for unknown ids', async () => {
    const { storage, agent } = await setup(['a1', 'b1']);
    await agent.generate('q1', { memory: { thread: 'A', resource: 'ana' } });
    await agent.generate('q2', { memory: { thread: 'B', resource: 'bob' } });
    const a = (await storage.listMessages({ threadId: 'A', resourceId: 'ana' })).messages;
    const b = (await storage.listMessages({ threadId: 'B', resourceId: 'bob' })).messages;
    const loaded = await storage.loadTurn({
      threadId: 'A',
      resourceId: 'ana',
      lastMessages: 0,
      messageIds: [a[0]!.id, b[1]!.id, 'unknown-id'],
    });
    expect(loaded.inputMessages?.map((m) => [m.id, m.threadId]).sort()).toEqual(
      [
        [a[0]!.id, 'A'],
        [b[1]!.id, 'B'],
      ].sort(),
    );
    // Asked for none: no field, and no lookup.
    const plain = await storage.loadTurn({ threadId: 'A', resourceId: 'ana', lastMessages: 0 });
    expect(plain.inputMessages).toBeUndefined();
    await expect(
      storage.loadTurn({
        threadId: 'A',
        resourceId: 'ana',
        lastMessages: 0,
        messageIds: [7 as unknown as string],
      }),
    ).rejects.toMatchObject({ code: 'STORE_INVALID_INPUT' });
  });

  it('a client re-sending its conversation: the stored messages are not stored twice, in one round trip before the model', async () => {
    const { storage, agent, model, loadTrips } = await setup(['a1', 'a2']);
    await agent.generate('q1', { memory: { thread: 'T', resource: 'ana' } });
    const first = (await storage.listMessages({ threadId: 'T', resourceId: 'ana' })).messages;
    counter!.reset();
    await agent.generate(
      [
        ...first.map(resent),
        { id: 'client-q2', role: 'user', parts: [{ type: 'text', text: 'q2' }] },
      ] as never,
      {
        memory: { thread: 'T', resource: 'ana' },
      },
    );
    expect(loadTrips()).toBe(1);
    const all = (await storage.listMessages({ threadId: 'T', resourceId: 'ana' })).messages;
    expect(all.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(all.slice(0, 2).map((m) => m.id)).toEqual(first.map((m) => m.id));
    expect(all[2]?.id).toBe('client-q2');
    // The model saw the history once, not twice.
    expect(model.lastCall.prompt.filter((m) => m.role !== 'system')).toHaveLength(3);
  });

  it("another tenant's message ids sent into one's own thread: stored here as copies, the other tenant's messages untouched", async () => {
    const { storage, agent } = await setup(['for ana', 'for mallory']);
    await agent.generate('ana secret', { memory: { thread: 'ana-thread', resource: 'ana' } });
    const anas = (await storage.listMessages({ threadId: 'ana-thread', resourceId: 'ana' })).messages;
    // Mallory guesses (or learned) the ids and re-sends them as hers, with her own text.
    await agent.generate(
      anas.map((m) => ({
        id: m.id,
        role: m.role,
        parts: [{ type: 'text', text: 'overwritten by mallory' }],
      })) as never,
      { memory: { thread: 'mallory-thread', resource: 'mallory' } },
    );
    expect((await storage.listMessages({ threadId: 'ana-thread', resourceId: 'ana' })).messages).toEqual(
      anas,
    );
    const hers = (await storage.listMessages({ threadId: 'mallory-thread', resourceId: 'mallory' })).messages;
    const anaIds = new Set(anas.map((m) => m.id));
    expect(hers.filter((m) => anaIds.has(m.id))).toEqual([]);
    expect(hers.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant']);
  });
});
