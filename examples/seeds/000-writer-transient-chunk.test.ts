/**
 * 000-writer-transient-chunk: `transient: true` goes on the chunk object and is kept on the
 * streamed chunk. The example is a function of `writer`; processors call
 * it from different hooks.
 */
import { Agent } from 'sluice/agent';
import type { Processor } from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it } from 'vitest';
import { emitProgress } from './000-writer-transient-chunk.js';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

const PROGRESS = { type: 'data-progress', data: { status: 'Processing' }, transient: true };

describe('writer.custom() transient chunk (000-writer-transient-chunk)', () => {
  it('from processOutputResult: the chunk streams with transient: true, before the final finish', async () => {
    const reporter = {
      id: 'reporter',
      processOutputResult: async ({ writer, messageList }) => {
        if (writer) await emitProgress(writer);
        return messageList;
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      outputProcessors: [reporter],
    });

    const chunks: ChunkType[] = await collect((await agent.stream('go')).fullStream);

    const types = chunks.map((c) => c.type);
    expect(chunks.find((c) => c.type === 'data-progress')).toEqual(PROGRESS);
    expect(types.indexOf('data-progress')).toBe(types.length - 2);
    expect(types.at(-1)).toBe('finish');
  });

  it('from processInputStep: the writer works in input hooks too, once per step', async () => {
    const reporter = {
      id: 'reporter',
      processInputStep: async ({ writer }) => {
        if (writer) await emitProgress(writer);
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      inputProcessors: [reporter],
    });

    const chunks: ChunkType[] = await collect((await agent.stream('go')).fullStream);

    expect(chunks.filter((c) => c.type === 'data-progress')).toEqual([PROGRESS]);
  });

  it('a transient chunk is not stored in the response message', async () => {
    const reporter = {
      id: 'reporter',
      processOutputStream: async ({ part, writer }) => {
        if (part.type === 'text-delta' && writer) await emitProgress(writer);
        return part;
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      outputProcessors: [reporter],
    });

    const output = await agent.stream('go');
    const chunks: ChunkType[] = await collect(output.fullStream);

    expect(chunks.filter((c) => c.type === 'data-progress')).toEqual([PROGRESS]);
    expect(JSON.stringify((await output.response).dbMessages)).not.toContain('data-progress');
  });
});
