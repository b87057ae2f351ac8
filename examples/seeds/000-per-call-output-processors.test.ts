/**
 * 000-per-call-output-processors: `outputProcessors` passed to `stream()` replace the agent's
 * output processors for that call only. The example runs as written; the `agent` it imports
 * from `helpers.ts` is swapped for one with a scripted model (no provider is called).
 */
import { Agent } from 'sluice/agent';
import type { Processor } from 'sluice/processors';
import type { ChunkType, MastraModelOutput } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StreamFilter } from './001-stream-filter.js';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

const deltas = (chunks: ChunkType[]) =>
  chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : []));

/** An agent-level output processor that tags every text delta, so its absence is visible. */
function tagger() {
  return {
    id: 'agent-level-tagger',
    processOutputStream: vi.fn(async ({ part }) =>
      part.type === 'text-delta'
        ? { ...part, payload: { ...part.payload, text: `[${part.payload.text}]` } }
        : part,
    ),
  } satisfies Processor;
}

const script = () => new ScriptedModel({ steps: [{ text: ['Summary: ', 'secret numbers', ' done.'] }] });

beforeEach(() => {
  vi.resetModules();
});

afterEach(() => {
  vi.doUnmock('./helpers.js');
  vi.restoreAllMocks();
});

describe('per-call outputProcessors (000-per-call-output-processors)', () => {
  it('running the example streams through StreamFilter instead of the agent-level processor', async () => {
    const agentLevel = tagger();
    const agent = new Agent({
      id: 'example-agent',
      instructions: 'x',
      model: script(),
      outputProcessors: [agentLevel],
    });
    const streamSpy = vi.spyOn(agent, 'stream');
    vi.doMock('./helpers.js', async (importOriginal) => ({ ...(await importOriginal<object>()), agent }));

    await import('./000-per-call-output-processors.js');

    expect(streamSpy).toHaveBeenCalledTimes(1);
    const output = (await streamSpy.mock.results[0]?.value) as MastraModelOutput;
    expect(deltas(await collect(output.fullStream))).toEqual(['Summary: ', ' done.']);
    expect(agentLevel.processOutputStream).not.toHaveBeenCalled();
  });

  it('the replacement holds for that call only: the next call uses the agent-level processors again', async () => {
    const agentLevel = tagger();
    const agent = new Agent({
      id: 'example-agent',
      instructions: 'x',
      model: new ScriptedModel({ steps: () => ({ text: ['Summary: ', 'secret numbers', ' done.'] }) }),
      outputProcessors: [agentLevel],
    });

    const perCall = await agent.stream('Summarize this', {
      outputProcessors: [new StreamFilter()],
      maxProcessorRetries: 5,
    });
    expect(deltas(await collect(perCall.fullStream))).toEqual(['Summary: ', ' done.']);

    const agentDefault = await agent.stream('Summarize this');
    expect(deltas(await collect(agentDefault.fullStream))).toEqual([
      '[Summary: ]',
      '[secret numbers]',
      '[ done.]',
    ]);
  });
});
