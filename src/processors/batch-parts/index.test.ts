import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../errors/configuration-error.js';
import { ChunkFrom, type ChunkType } from '../../stream/chunk-types.js';
import {
  createProcessorHarness,
  finishChunk,
  stepFinishChunk,
  textDelta,
} from '../../test/processor-harness.js';
import { BatchPartsProcessor, type BatchPartsProcessorOptions } from './index.js';

function chunk(type: string, payload: Record<string, unknown> = {}): ChunkType {
  return { type, runId: 'harness', from: ChunkFrom.AGENT, payload } as ChunkType;
}

/** Each chunk as `type:text` (text-delta) or `type`. */
function shape(chunks: readonly ChunkType[]): string[] {
  return chunks.map((c) => (c.type === 'text-delta' ? `text:${c.payload.text}` : c.type));
}

const letters = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + i));

afterEach(() => {
  vi.useRealTimers();
});

describe('BatchPartsProcessor batching', () => {
  it('has the documented id and combines batchSize text deltas (default 5) into one, keeping the id', async () => {
    const processor = new BatchPartsProcessor();
    expect(processor.id).toBe('batch-parts');
    const h = createProcessorHarness(processor);
    const run = await h.processOutputStream(letters(12));
    expect(shape(run.chunks)).toEqual(['text:abcde', 'text:fghij']);
    expect(run.chunks[0]).toMatchObject({ type: 'text-delta', payload: { id: 'text-1' } });
    expect(run.dropped).toHaveLength(10);
    const end = await h.processOutputStream([finishChunk()]);
    expect(shape(end.chunks)).toEqual(['text:kl', 'finish']);
  });

  it('a non-text part sends the pending batch first: [batched, nonText]', async () => {
    const h = createProcessorHarness(new BatchPartsProcessor({ batchSize: 10 }));
    const toolCall = chunk('tool-call', { toolCallId: 'c', toolName: 't', args: {} });
    const run = await h.processOutputStream(['a', 'b', toolCall, 'c', chunk('text-end', { id: 'text-1' })]);
    expect(shape(run.chunks)).toEqual(['text:ab', 'tool-call', 'text:c', 'text-end']);
    expect(run.chunks[1]).toBe(toolCall);
  });

  it('a delta of another text block sends the first block’s batch', async () => {
    const h = createProcessorHarness(new BatchPartsProcessor({ batchSize: 10 }));
    const run = await h.processOutputStream([
      textDelta('a', 'A'),
      textDelta('b', 'A'),
      textDelta('c', 'B'),
      finishChunk(),
    ]);
    expect(
      run.chunks.map((c) => (c.type === 'text-delta' ? `${c.payload.id}:${c.payload.text}` : c.type)),
    ).toEqual(['A:ab', 'B:c', 'finish']);
  });

  it('emitOnNonText false: other parts pass through while text keeps batching; step-finish and text-end still flush first', async () => {
    const h = createProcessorHarness(new BatchPartsProcessor({ batchSize: 10, emitOnNonText: false }));
    const source = chunk('source', { id: 's', sourceType: 'url', url: 'https://x.io', title: 'x' });
    const run = await h.processOutputStream([
      'a',
      'b',
      source,
      'c',
      stepFinishChunk(),
      'd',
      chunk('text-end', { id: 'text-1' }),
    ]);
    expect(shape(run.chunks)).toEqual(['source', 'text:abc', 'step-finish', 'text:d', 'text-end']);
  });

  it('batchSize 1 passes every delta through untouched', async () => {
    const h = createProcessorHarness(new BatchPartsProcessor({ batchSize: 1 }));
    const parts = [textDelta('a'), textDelta('b')];
    const run = await h.processOutputStream(parts);
    expect(run.chunks).toEqual(parts);
    expect(run.chunks[0]).toBe(parts[0]);
  });

  it('flush(state) returns the pending batch and clears it; null when nothing is pending', async () => {
    const processor = new BatchPartsProcessor({ batchSize: 10 });
    const h = createProcessorHarness(processor);
    await h.processOutputStream(['a', 'b', 'c']);
    expect(processor.flush(h.state)).toMatchObject({
      type: 'text-delta',
      payload: { id: 'text-1', text: 'abc' },
    });
    expect(processor.flush(h.state)).toBeNull();
    const after = await h.processOutputStream([finishChunk()]);
    expect(shape(after.chunks)).toEqual(['finish']);
    await h.processOutputStream(['x']);
    expect(processor.flush()).toMatchObject({ payload: { text: 'x' } });
  });
});

describe('BatchPartsProcessor maxWaitTime', () => {
  it('emits the pending batch through writer.emit() when the wait elapses', async () => {
    vi.useFakeTimers();
    const h = createProcessorHarness(new BatchPartsProcessor({ batchSize: 10, maxWaitTime: 50 }));
    const run = await h.processOutputStream(['a', 'b']);
    expect(run.chunks).toEqual([]);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(49);
    expect(h.emitted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(shape(h.emitted)).toEqual(['text:ab']);
    expect(vi.getTimerCount()).toBe(0);
    // The batch went out with the timer: nothing is sent twice.
    const end = await h.processOutputStream([finishChunk()]);
    expect(shape(end.chunks)).toEqual(['finish']);
  });

  it('the timer is cleared when the batch is sent, on step-finish/finish, and by flush()', async () => {
    vi.useFakeTimers();
    const processor = new BatchPartsProcessor({ batchSize: 2, maxWaitTime: 50 });
    const h = createProcessorHarness(processor);
    await h.processOutputStream(['a', 'b']);
    expect(vi.getTimerCount()).toBe(0);
    await h.processOutputStream(['c']);
    expect(vi.getTimerCount()).toBe(1);
    await h.processOutputStream([stepFinishChunk()]);
    expect(vi.getTimerCount()).toBe(0);
    await h.processOutputStream(['d']);
    processor.flush(h.state);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(h.emitted).toEqual([]);
  });

  it('the run’s abortSignal clears the timer and drops the batch', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const h = createProcessorHarness(new BatchPartsProcessor({ batchSize: 10, maxWaitTime: 50 }), {
      abortSignal: controller.signal,
    });
    await h.processOutputStream(['a']);
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(h.emitted).toEqual([]);
  });

  it('the timer is unref()ed, so it never keeps the process alive', async () => {
    const unref = vi.fn();
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation((() => ({ unref })) as never);
    const clear = vi.spyOn(globalThis, 'clearTimeout').mockImplementation(() => undefined);
    try {
      const h = createProcessorHarness(new BatchPartsProcessor({ batchSize: 10, maxWaitTime: 50 }));
      await h.processOutputStream(['a']);
      expect(unref).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
      clear.mockRestore();
    }
  });
});

describe('BatchPartsProcessor options are validated', () => {
  const cases: Array<[unknown, string]> = [
    [{ batchSize: 0 }, 'batchSize'],
    [{ batchSize: 2.5 }, 'batchSize'],
    [{ maxWaitTime: 0 }, 'maxWaitTime'],
    [{ maxWaitTime: Number.POSITIVE_INFINITY }, 'maxWaitTime'],
    [{ maxWaitTime: '10' }, 'maxWaitTime'],
    [{ emitOnNonText: 'no' }, 'emitOnNonText'],
  ];
  for (const [options, option] of cases) {
    it(`rejects ${JSON.stringify(options)}, naming "${option}"`, () => {
      let thrown: unknown;
      try {
        new BatchPartsProcessor(options as BatchPartsProcessorOptions);
      } catch (error) {
        thrown = error;
      }
      expect(ConfigurationError.isInstance(thrown)).toBe(true);
      expect((thrown as ConfigurationError).details).toEqual({ processor: 'BatchPartsProcessor', option });
    });
  }
});
