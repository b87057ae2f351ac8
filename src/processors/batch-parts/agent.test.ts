/** BatchPartsProcessor inside an agent: what the client streams and that no timer outlives the run. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Agent } from '../../agent/agent.js';
import type { ChunkType } from '../../stream/chunk-types.js';
import { ScriptedModel } from '../../test/scripted-model.js';
import { BatchPartsProcessor } from './index.js';

async function collect(stream: ReadableStream<ChunkType>): Promise<ChunkType[]> {
  const out: ChunkType[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

function deltas(chunks: readonly ChunkType[]): string[] {
  return chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : []));
}

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Watches the timers started with `delay` (the processor's maxWaitTime): how many started,
 * fired, and are still pending (neither fired nor cleared).
 */
function trackTimers(delay: number) {
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  const ours = new Map<unknown, { settled: boolean; fired: boolean }>();
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
    if (ms !== delay) return realSet(fn, ms);
    const record = { settled: false, fired: false };
    const handle = realSet(() => {
      record.settled = true;
      record.fired = true;
      fn();
    }, ms);
    ours.set(handle, record);
    return handle;
  }) as never);
  vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((handle: ReturnType<typeof setTimeout>) => {
    const record = ours.get(handle);
    if (record) record.settled = true;
    realClear(handle);
  }) as never);
  const records = () => [...ours.values()];
  return {
    started: () => ours.size,
    fired: () => records().filter((r) => r.fired).length,
    pending: () => records().filter((r) => !r.settled).length,
  };
}

describe('BatchPartsProcessor in an agent', () => {
  it('stream(): 7 deltas with batchSize 3 reach the client as 3 chunks, in order, before text-end', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }] }),
      outputProcessors: [new BatchPartsProcessor({ batchSize: 3 })],
    });
    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);
    expect(deltas(chunks)).toEqual(['abc', 'def', 'g']);
    const types = chunks.map((c) => c.type);
    expect(types.lastIndexOf('text-delta')).toBeLessThan(types.indexOf('text-end'));
    expect(await output.text).toBe('abcdefg');
  });

  it('generate(): the text is whole', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: ['a', 'b', 'c', 'd'] }] }),
      outputProcessors: [new BatchPartsProcessor({ batchSize: 3 })],
    });
    expect((await agent.generate('hi')).text).toBe('abcd');
  });

  it('maxWaitTime: a slow model’s deltas go out by timer, and no timer is left after the run', async () => {
    const timers = trackTimers(10);
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      // 40 ms between parts, 10 ms wait: each delta is sent by the timer before the next arrives.
      model: new ScriptedModel({ steps: [{ text: ['one ', 'two ', 'three'], delayMs: 40 }] }),
      outputProcessors: [new BatchPartsProcessor({ batchSize: 100, maxWaitTime: 10 })],
    });
    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);
    expect(deltas(chunks)).toEqual(['one ', 'two ', 'three']);
    expect(await output.text).toBe('one two three');
    expect(timers.fired()).toBeGreaterThanOrEqual(2);
    expect(timers.pending()).toBe(0);
  });

  it('no timer is left when the run ends with a batch pending at finish', async () => {
    const timers = trackTimers(60_000);
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: ['a', 'b'] }] }),
      outputProcessors: [new BatchPartsProcessor({ batchSize: 100, maxWaitTime: 60_000 })],
    });
    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);
    expect(deltas(chunks)).toEqual(['ab']);
    expect(timers.started()).toBe(1);
    expect(timers.pending()).toBe(0);
  });

  it('no timer is left when the run fails mid-stream with a batch pending (the run end fires the hooks’ abortSignal)', async () => {
    const timers = trackTimers(60_000);
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({
        steps: [
          { text: ['a', 'b', 'c'], errorAfterChunks: { after: 5, error: new Error('upstream broke') } },
        ],
      }),
      outputProcessors: [new BatchPartsProcessor({ batchSize: 100, maxWaitTime: 60_000 })],
      errorProcessorDefaults: false,
    });
    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);
    expect(chunks.at(-1)?.type).toBe('error');
    expect(timers.started()).toBe(1);
    expect(timers.pending()).toBe(0);
  });
});
