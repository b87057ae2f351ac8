/**
 * 001-metadata-processor: metadata added to an assistant message's `content.metadata` in
 * `processOutputResult` surfaces on `result.response.uiMessages[i].metadata`, on the stream's
 * `finish` chunk and on `await stream.response`.
 */
import { Agent } from 'sluice/agent';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it } from 'vitest';
import { MetadataProcessor } from './001-metadata-processor.js';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

const METADATA = {
  processedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
  customData: 'your data here',
};

function stampingAgent(model: ScriptedModel) {
  return new Agent({ id: 'a', instructions: 'x', model, outputProcessors: [new MetadataProcessor()] });
}

describe('MetadataProcessor (001-metadata-processor)', () => {
  it('generate(): the assistant UI message carries the metadata', async () => {
    const result = await stampingAgent(new ScriptedModel({ steps: ['Hi there'] })).generate('Hello');

    const assistant = result.response.uiMessages.find((m) => m.role === 'assistant');
    expect(assistant?.metadata).toEqual(METADATA);
  });

  it('stream(): the finish chunk payload and stream.response carry the metadata', async () => {
    const output = await stampingAgent(new ScriptedModel({ steps: ['Hi there'] })).stream('Hello');
    const chunks: ChunkType[] = await collect(output.fullStream);

    const finish = chunks.at(-1);
    expect(finish?.type).toBe('finish');
    const uiMessages = (
      finish as { payload: { response?: { uiMessages?: Array<{ role: string; metadata?: unknown }> } } }
    ).payload.response?.uiMessages;
    expect(uiMessages?.find((m) => m.role === 'assistant')?.metadata).toEqual(METADATA);
    expect((await output.response).uiMessages.find((m) => m.role === 'assistant')?.metadata).toEqual(
      METADATA,
    );
  });

  it('the stored response message holds it in content.metadata, alongside the answer', async () => {
    const result = await stampingAgent(new ScriptedModel({ steps: ['Hi there'] })).generate('Hello');

    expect(result.response.dbMessages).toHaveLength(1);
    expect(result.response.dbMessages[0]?.content.metadata).toEqual(METADATA);
    expect(result.text).toBe('Hi there');
  });

  it('only response messages are stamped: the user input is not', async () => {
    const result = await stampingAgent(new ScriptedModel({ steps: ['Hi there'] })).generate('Hello');

    const user = result.messages.find((m) => m.role === 'user');
    expect(user?.content.metadata?.customData).toBeUndefined();
  });
});
