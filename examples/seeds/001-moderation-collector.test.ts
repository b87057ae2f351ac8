/**
 * 001-moderation-collector: an output processor with `processDataParts = true` receives the
 * `data-moderation-update` chunks another processor writes, and collects them in `state`.
 */
import { Agent } from 'sluice/agent';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModerationCollector } from './001-moderation-collector.js';
import { ModerationProcessor } from './001-moderation-writer.js';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

const UPDATE = { originalText: 'What the hell.', moderatedText: 'What the ****.', reason: 'profanity' };

/** Records, at call time, the part type of every `processOutputStream` call and the state it got. */
function observe(collector: ModerationCollector) {
  const seen = { types: [] as string[], state: undefined as Record<string, unknown> | undefined };
  const original = collector.processOutputStream.bind(collector);
  vi.spyOn(collector, 'processOutputStream').mockImplementation((args) => {
    seen.types.push(args.part.type);
    seen.state = args.state;
    return original(args);
  });
  return seen;
}

function agentWith(collector: ModerationCollector) {
  return new Agent({
    id: 'a',
    instructions: 'x',
    model: new ScriptedModel({ steps: ['What the hell.'] }),
    outputProcessors: [new ModerationProcessor(), collector],
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ModerationCollector (001-moderation-collector)', () => {
  it('collects the data-moderation-update payload ModerationProcessor writes in processOutputResult', async () => {
    const collector = new ModerationCollector();
    const seen = observe(collector);

    await agentWith(collector).generate('go');

    expect(seen.types.filter((t) => t === 'data-moderation-update')).toHaveLength(1);
    expect(seen.state).toEqual({ warnings: [UPDATE] });
  });

  it('the collected chunk still reaches the client', async () => {
    const chunks: ChunkType[] = await collect(
      (await agentWith(new ModerationCollector()).stream('go')).fullStream,
    );

    expect(chunks.filter((c) => c.type === 'data-moderation-update')).toEqual([
      { type: 'data-moderation-update', data: UPDATE },
    ]);
  });

  it('without processDataParts nothing is collected (control)', async () => {
    const collector = Object.assign(new ModerationCollector(), { processDataParts: false });
    const seen = observe(collector);

    await agentWith(collector).generate('go');

    expect(seen.types).toContain('text-delta');
    expect(seen.types).not.toContain('data-moderation-update');
    expect(seen.state?.warnings).toBeUndefined();
  });
});
