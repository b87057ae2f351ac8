/**
 * 000-moderation-collector: with `processDataParts = true` an output processor receives
 * `data-*` chunks in `processOutputStream` and can collect them in `state`; without it, it never
 * sees them.
 */
import { Agent } from 'sluice/agent';
import type { Processor } from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModerationCollector } from './000-moderation-collector.js';
import { emitModerationWarning } from './000-writer-custom-chunk.js';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

/** Emits a data-moderation chunk (through 000-writer-custom-chunk) on each delta mentioning "risky". */
const warner = {
  id: 'warner',
  processOutputStream: async ({ part, writer }) => {
    if (part.type === 'text-delta' && part.payload.text.includes('risky') && writer) {
      await emitModerationWarning(writer, part.runId);
    }
    return part;
  },
} satisfies Processor;

const script = () => new ScriptedModel({ steps: [{ text: ['A risky claim. ', 'Another risky one.'] }] });

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

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ModerationCollector (000-moderation-collector)', () => {
  it('with processDataParts it receives every data-moderation chunk and collects the payloads in its state', async () => {
    const collector = new ModerationCollector();
    const seen = observe(collector);
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: script(),
      outputProcessors: [warner, collector],
    });

    // Streamed: each delta mentioning "risky" raises its own warning.
    await (await agent.stream('go')).consumeStream();

    expect(seen.types.filter((t) => t === 'data-moderation')).toHaveLength(2);
    expect(seen.state).toEqual({
      warnings: [
        { level: 'warn', reason: 'Possibly unsafe' },
        { level: 'warn', reason: 'Possibly unsafe' },
      ],
    });
  });

  it('returning the part keeps the data chunks on the stream', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: script(),
      outputProcessors: [warner, new ModerationCollector()],
    });

    const chunks: ChunkType[] = await collect((await agent.stream('go')).fullStream);

    expect(chunks.filter((c) => c.type === 'data-moderation')).toHaveLength(2);
  });

  it('without processDataParts the same hook never receives data-* chunks (control)', async () => {
    const collector = Object.assign(new ModerationCollector(), { processDataParts: false });
    const seen = observe(collector);
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: script(),
      outputProcessors: [warner, collector],
    });

    await agent.generate('go');

    expect(seen.types).toContain('text-delta');
    expect(seen.types).not.toContain('data-moderation');
    expect(seen.state?.warnings).toBeUndefined();
  });
});
