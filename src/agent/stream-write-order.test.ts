/**
 * A chunk a stream hook writes (`writer.custom()`, or `writer.emit()`) while processing a part
 * appears in the stream at the point of the call: before the part being processed (api-reference
 * §2 "Emitted data chunks … appear in the stream at the point of the call"), also when the hook is
 * synchronous and does not await the write, and whatever processors follow it.
 */
import { describe, expect, it } from 'vitest';
import type { OutputProcessor, ProcessOutputStreamArgs, Processor } from '../processors/index.js';
import type { ChunkType } from '../stream/index.js';
import { ScriptedModel } from '../test/index.js';
import { Agent } from './agent.js';

function label(chunk: ChunkType): string | undefined {
  if (chunk.type === 'text-delta') return chunk.payload.text;
  if (chunk.type.startsWith('data-')) return `data:${String((chunk as { data?: unknown }).data)}`;
  return undefined;
}

async function streamed(outputProcessors: OutputProcessor[]): Promise<{ order: string[]; text: string }> {
  const agent = new Agent({
    id: 'writes',
    instructions: 'test',
    model: new ScriptedModel({ steps: [{ text: ['a', 'b'] }] }),
    outputProcessors,
  });
  const output = await agent.stream('go');
  const order: string[] = [];
  for await (const chunk of output.fullStream) {
    const seen = label(chunk);
    if (seen !== undefined) order.push(seen);
  }
  return { order, text: await output.text };
}

/** A synchronous stream hook (documented as supported: its plain result is used as it is). */
function sync(
  hook: (args: ProcessOutputStreamArgs) => ChunkType,
): NonNullable<Processor['processOutputStream']> {
  return hook as unknown as NonNullable<Processor['processOutputStream']>;
}

/** Writes a data chunk for each text delta without awaiting it, then passes the part. */
const syncWriter: OutputProcessor = {
  id: 'sync-writer',
  processOutputStream: sync(({ part, writer }) => {
    if (part.type === 'text-delta') void writer?.custom({ type: 'data-note', data: part.payload.text });
    return part;
  }),
};

const pass: OutputProcessor = { id: 'pass', processOutputStream: sync(({ part }) => part) };
const asyncPass: OutputProcessor = { id: 'async-pass', processOutputStream: async ({ part }) => part };

describe('chunks written from processOutputStream come before the part being processed', () => {
  it('an un-awaited writer.custom() in a synchronous hook', async () => {
    const { order } = await streamed([syncWriter]);
    expect(order).toEqual(['data:a', 'a', 'data:b', 'b']);
  });

  it('with synchronous processors after the writer', async () => {
    const { order } = await streamed([syncWriter, pass, { ...pass, id: 'pass-2' }]);
    expect(order).toEqual(['data:a', 'a', 'data:b', 'b']);
  });

  it('with a processor before the writer, and an async one after it that also sees data parts', async () => {
    const { order } = await streamed([
      { ...pass, id: 'first' },
      { ...syncWriter, processDataParts: true },
      { ...asyncPass, processDataParts: true },
    ]);
    expect(order).toEqual(['data:a', 'a', 'data:b', 'b']);
  });

  it('an un-awaited writer.emit() in a synchronous hook: the emitted chunk precedes the part, in the text too', async () => {
    const emitter: OutputProcessor = {
      id: 'emitter',
      processOutputStream: sync(({ part, writer }) => {
        if (part.type === 'text-delta') {
          void writer?.emit?.({ ...part, payload: { ...part.payload, text: `<${part.payload.text}>` } });
        }
        return part;
      }),
    };
    const { order, text } = await streamed([emitter, pass]);
    expect(order).toEqual(['<a>', 'a', '<b>', 'b']);
    expect(text).toBe('<a>a<b>b');
  });

  it('a write that fails does not fail the run when the hook did not await it', async () => {
    const badWriter: OutputProcessor = {
      id: 'bad-writer',
      processOutputStream: sync(({ part, writer }) => {
        // Not a data-* chunk: custom() rejects; the hook ignores it.
        if (part.type === 'text-delta') writer?.custom({ type: 'oops' } as never).catch(() => {});
        return part;
      }),
    };
    const { order } = await streamed([badWriter]);
    expect(order).toEqual(['a', 'b']);
  });
});
