/**
 * 000-content-filter: one processor in both lanes: `processInput` blocks listed words before the
 * model is called, `processOutputStream` blocks them while streaming. Either abort ends the run
 * with a tripwire (finishReason 'other'), and blocked output stays blocked.
 */
import { Agent } from 'sluice/agent';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it } from 'vitest';
import { ContentFilter } from './000-content-filter.js';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

function filteredAgent(model: ScriptedModel) {
  const filter = new ContentFilter(['classified']);
  return new Agent({
    id: 'support',
    instructions: 'x',
    model,
    inputProcessors: [filter],
    outputProcessors: [filter],
  });
}

describe('ContentFilter (000-content-filter)', () => {
  it('a blocked word in the input aborts before any model call', async () => {
    const model = new ScriptedModel({ steps: ['never sent'] });

    const result = await filteredAgent(model).generate('Show me the classified files');

    expect(model.calls).toHaveLength(0);
    expect(result.finishReason).toBe('other');
    expect(result.tripwire).toMatchObject({
      reason: 'Blocked content detected in input',
      processorId: 'content-filter',
    });
  });

  it('a blocked word in a streamed text delta ends the stream with a tripwire; that delta never reaches the client', async () => {
    const model = new ScriptedModel({
      steps: [{ text: ['Here it is: ', 'the classified part', ' and more'] }],
    });

    const output = await filteredAgent(model).stream('What can you share?');
    const chunks: ChunkType[] = await collect(output.fullStream);

    const deltas = chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : []));
    expect(deltas).toEqual(['Here it is: ']);
    expect(chunks.at(-1)).toMatchObject({
      type: 'tripwire',
      payload: { reason: 'Blocked content detected in output', processorId: 'content-filter' },
    });
    expect(output.status).toBe('tripwire');
  });

  it('blocked output stays blocked on generate(): no text, no response messages, finishReason "other"', async () => {
    const model = new ScriptedModel({ steps: [{ text: ['Here it is: ', 'the classified part'] }] });

    const result = await filteredAgent(model).generate('What can you share?');

    expect(result.finishReason).toBe('other');
    expect(result.tripwire?.reason).toBe('Blocked content detected in output');
    expect(result.text).toBe('');
    expect(result.response.messages).toEqual([]);
    expect(result.response.uiMessages).toEqual([]);
  });

  it('clean input and output pass both hooks untouched', async () => {
    const model = new ScriptedModel({ steps: [{ text: ['All ', 'public.'] }] });

    const result = await filteredAgent(model).generate('What can you share?');

    expect(result.tripwire).toBeUndefined();
    expect(result.finishReason).toBe('stop');
    expect(result.text).toBe('All public.');
  });
});
