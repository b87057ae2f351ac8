/**
 * 001-moderation-writer: a `processOutputResult` that reports through `writer.custom()` puts a
 * `data-moderation-update` chunk on the stream without blocking it.
 */
import { Agent } from 'sluice/agent';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it } from 'vitest';
import { ModerationProcessor } from './001-moderation-writer.js';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

function moderatedAgent(model: ScriptedModel) {
  return new Agent({ id: 'a', instructions: 'x', model, outputProcessors: [new ModerationProcessor()] });
}

describe('ModerationProcessor with writer (001-moderation-writer)', () => {
  it('a flagged answer yields one data-moderation-update chunk with original and moderated text, before finish', async () => {
    const model = new ScriptedModel({ steps: [{ text: ['Well damn, ', 'that was hell.'] }] });

    const output = await moderatedAgent(model).stream('How did it go?');
    const chunks: ChunkType[] = await collect(output.fullStream);

    const updates = chunks.filter((c) => c.type === 'data-moderation-update');
    expect(updates).toEqual([
      {
        type: 'data-moderation-update',
        data: {
          originalText: 'Well damn, that was hell.',
          moderatedText: 'Well ****, that was ****.',
          reason: 'profanity',
        },
      },
    ]);
    const types = chunks.map((c) => c.type);
    expect(types.indexOf('data-moderation-update')).toBeLessThan(types.indexOf('finish'));
  });

  it('the stream is not blocked: the original deltas still stream and the run finishes normally', async () => {
    const model = new ScriptedModel({ steps: [{ text: ['Well damn, ', 'that was hell.'] }] });

    const output = await moderatedAgent(model).stream('How did it go?');
    const chunks: ChunkType[] = await collect(output.fullStream);

    expect(chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : []))).toEqual([
      'Well damn, ',
      'that was hell.',
    ]);
    expect(chunks.at(-1)?.type).toBe('finish');
    expect(output.status).toBe('success');
  });

  it('a clean answer produces no custom chunk', async () => {
    const model = new ScriptedModel({ steps: ['It went well.'] });

    const chunks: ChunkType[] = await collect(
      (await moderatedAgent(model).stream('How did it go?')).fullStream,
    );

    expect(chunks.some((c) => c.type === 'data-moderation-update')).toBe(false);
  });
});
