/**
 * 001-stream-filter: returning `null` from `processOutputStream` drops that one chunk; the
 * stream goes on.
 */
import { Agent } from 'sluice/agent';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it } from 'vitest';
import { StreamFilter } from './001-stream-filter.js';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

const deltas = (chunks: ChunkType[]) =>
  chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : []));

function filteredAgent(model: ScriptedModel) {
  return new Agent({ id: 'filter-agent', instructions: 'x', model, outputProcessors: [new StreamFilter()] });
}

describe('StreamFilter (001-stream-filter)', () => {
  it('a text delta mentioning "secret" is absent from fullStream; the others pass unchanged', async () => {
    const model = new ScriptedModel({
      steps: [{ text: ['The plan: ', 'the secret code is 1234', ' and that is all.'] }],
    });
    const output = await filteredAgent(model).stream('Summarize this');
    const chunks = await collect(output.fullStream);

    expect(deltas(chunks)).toEqual(['The plan: ', ' and that is all.']);
    expect(chunks.filter((c) => c.type === 'text-delta')).toHaveLength(2);
  });

  it('dropping one chunk does not end the stream: it still finishes normally', async () => {
    const model = new ScriptedModel({ steps: [{ text: ['secret first', ', then public'] }] });
    const output = await filteredAgent(model).stream('go');
    const chunks = await collect(output.fullStream);

    expect(chunks.map((c) => c.type)).toEqual([
      'start',
      'step-start',
      'text-start',
      'text-delta',
      'text-end',
      'step-finish',
      'finish',
    ]);
    expect(await output.finishReason).toBe('stop');
  });

  it('textStream is built from the filtered chunks', async () => {
    const model = new ScriptedModel({ steps: [{ text: ['a ', 'secret ', 'b'] }] });
    const output = await filteredAgent(model).stream('go');

    expect((await collect(output.textStream)).join('')).toBe('a b');
  });

  it('the dropped text reaches the client nowhere else: not in output.text, step-finish or the response messages', async () => {
    const model = new ScriptedModel({ steps: [{ text: ['a ', 'secret ', 'b'] }] });
    const output = await filteredAgent(model).stream('go');
    const chunks = await collect(output.fullStream);

    expect(await output.text).toBe('a b');
    expect(JSON.stringify(chunks)).not.toContain('secret');
    expect(JSON.stringify((await output.response).messages)).not.toContain('secret');
  });

  it('without the filter the same script does stream the secret (control)', async () => {
    const model = new ScriptedModel({ steps: [{ text: ['a ', 'secret ', 'b'] }] });
    const agent = new Agent({ id: 'plain-agent', instructions: 'x', model });
    const output = await agent.stream('go');

    expect(deltas(await collect(output.fullStream))).toEqual(['a ', 'secret ', 'b']);
  });
});
