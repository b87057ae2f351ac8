/**
 * A reader waiting on `fullStream` sees the first chunks of a run as they are pushed, even when
 * the provider is so fast that the whole run fits in one turn of the event loop; later chunks
 * are handed over in batches (once per turn). See README "Behaviour worth knowing".
 */
import { describe, expect, it } from 'vitest';
import type { OutputProcessor } from '../processors/index.js';
import { ChunkBuffer } from '../stream/chunk-buffer.js';
import { ScriptedModel } from '../test/index.js';
import { Agent } from './agent.js';

const DELTAS = 200;

function agentWith(outputProcessors: OutputProcessor[] = []): Agent {
  return new Agent({
    id: 'first-chunk',
    instructions: 'test',
    model: new ScriptedModel({ steps: [{ text: Array.from({ length: DELTAS }, (_, i) => `t${i} `) }] }),
    outputProcessors,
  });
}

async function chunksPushedAtFirstDelta(agent: Agent): Promise<{ atFirst: number; total: number }> {
  let pushed = 0;
  const output = await agent.stream('go', {
    onChunk: () => {
      pushed++;
    },
  });
  let atFirst = -1;
  let deltas = 0;
  for await (const chunk of output.fullStream) {
    if (chunk.type !== 'text-delta') continue;
    if (deltas++ === 0) atFirst = pushed;
  }
  expect(deltas).toBe(DELTAS);
  return { atFirst, total: pushed };
}

describe('first chunks reach a waiting reader at once', () => {
  it('a fullStream reader sees the first text delta long before the run has pushed its last chunk', async () => {
    const { atFirst, total } = await chunksPushedAtFirstDelta(agentWith());
    expect(atFirst).toBeGreaterThan(0);
    expect(atFirst).toBeLessThan(total / 2);
  });

  it('holds with async output processors in the way', async () => {
    const pass: OutputProcessor = {
      id: 'pass',
      async processOutputStream({ part }) {
        return part;
      },
    };
    const { atFirst, total } = await chunksPushedAtFirstDelta(agentWith([pass, { ...pass, id: 'pass-2' }]));
    expect(atFirst).toBeLessThan(total / 2);
  });

  it('a parked reader is woken within the same turn for an early chunk, and once per turn later on', async () => {
    const buffer = new ChunkBuffer<number>();
    const seen: number[] = [];
    const reading = (async () => {
      for await (const n of buffer.stream()) seen.push(n);
    })();
    // Pushes spread over microtasks, all within one turn of the event loop.
    let seenAtFirstPush = -1;
    for (let i = 0; i < 100; i++) {
      buffer.push(i);
      for (let k = 0; k < 5; k++) await Promise.resolve();
      if (i === 0) seenAtFirstPush = seen.length;
    }
    const seenWithinTurn = seen.length;
    buffer.close();
    await reading;
    expect(seenAtFirstPush).toBe(1);
    // Past the first chunks the reader waits for the next turn: it did not see all 100 in this one.
    expect(seenWithinTurn).toBeLessThan(100);
    expect(seen).toHaveLength(100);
  });
});
