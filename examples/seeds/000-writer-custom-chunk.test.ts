/**
 * 000-writer-custom-chunk: `writer.custom()` from a hook puts a `data-*` chunk on `fullStream`,
 * at the point of the call. The example is a function of `writer` and
 * `runId`; a processor calls it while streaming.
 */
import { Agent } from 'sluice/agent';
import type { Processor } from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it, vi } from 'vitest';
import { emitModerationWarning } from './000-writer-custom-chunk.js';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

/** Warns (through the example) on each text delta that mentions "risky". */
function warner(seen: string[] = []) {
  return {
    id: 'warner',
    processOutputStream: vi.fn(async ({ part, writer }) => {
      seen.push(part.type);
      if (part.type === 'text-delta' && part.payload.text.includes('risky') && writer) {
        await emitModerationWarning(writer, part.runId);
      }
      return part;
    }),
  } satisfies Processor;
}

describe('writer.custom() data chunk (000-writer-custom-chunk)', () => {
  it('the data-moderation chunk appears on fullStream with its data', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: ['Safe start. ', 'A risky claim.', ' Safe end.'] }] }),
      outputProcessors: [warner()],
    });

    const output = await agent.stream('go');
    const chunks: ChunkType[] = await collect(output.fullStream);

    const data = chunks.filter((c) => c.type === 'data-moderation');
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      type: 'data-moderation',
      data: { level: 'warn', reason: 'Possibly unsafe' },
    });
  });

  it('it is emitted at the point of the call: just before the chunk being processed', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: ['Safe start. ', 'A risky claim.', ' Safe end.'] }] }),
      outputProcessors: [warner()],
    });

    const chunks: ChunkType[] = await collect((await agent.stream('go')).fullStream);

    const labels = chunks.map((c) => (c.type === 'text-delta' ? c.payload.text : c.type));
    const at = labels.indexOf('data-moderation');
    expect(labels.slice(at - 1, at + 2)).toEqual(['Safe start. ', 'data-moderation', 'A risky claim.']);
  });

  it('the writing processor does not receive its own data chunk (no processDataParts), so it never sees data-moderation', async () => {
    const seen: string[] = [];
    const processor = warner(seen);
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: ['A risky claim.'] }] }),
      outputProcessors: [processor],
    });

    await agent.generate('go');

    expect(seen).toContain('text-delta');
    expect(seen).not.toContain('data-moderation');
    expect(processor.processOutputStream).toHaveBeenCalledTimes(seen.length);
  });

  it('no trigger, no data chunk', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: ['All safe.'] }] }),
      outputProcessors: [warner()],
    });

    const chunks: ChunkType[] = await collect((await agent.stream('go')).fullStream);

    expect(chunks.some((c) => c.type.startsWith('data-'))).toBe(false);
  });
});
