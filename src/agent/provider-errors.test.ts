/**
 * Provider failures through the real `@ai-sdk/openai` and `@ai-sdk/anthropic` clients against the
 * local fake provider server: what a production agent sees when a provider misbehaves.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError } from '@ai-sdk/provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ChunkType } from '../stream/index.js';
import { type FakeProviderServer, startFakeProviderServer } from '../test/index.js';
import { createTool } from '../tools/index.js';
import { Agent } from './agent.js';

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const openaiChat = () => createOpenAI({ baseURL: server.openaiBaseURL, apiKey: 'test' }).chat('gpt-test');
const openaiResponses = () =>
  createOpenAI({ baseURL: server.openaiBaseURL, apiKey: 'test' }).responses('gpt-test');
const anthropic = () => createAnthropic({ baseURL: server.anthropicBaseURL, apiKey: 'test' })('claude-test');

async function collect(stream: ReadableStream<ChunkType>): Promise<ChunkType[]> {
  const out: ChunkType[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

const clients = [
  ['OpenAI Chat Completions', openaiChat],
  ['OpenAI Responses', openaiResponses],
  ['Anthropic Messages', anthropic],
] as const;

describe.each(clients)('through %s', (_name, makeModel) => {
  it('answers a tool loop end to end', async () => {
    const lookup = createTool({
      id: 'lookup',
      description: 'Look a word up',
      inputSchema: z.object({ word: z.string() }),
      execute: async ({ word }) => ({ word, meaning: 'a small river' }),
    });
    server.enqueue(
      { type: 'success', events: [{ type: 'tool-call', name: 'lookup', args: { word: 'sluice' } }] },
      { type: 'success', events: [{ type: 'text', deltas: ['A sluice ', 'controls water.'] }] },
    );
    const agent = new Agent({ id: 'a', instructions: 'Use tools.', model: makeModel(), tools: { lookup } });
    const result = await agent.generate('What is a sluice?');
    expect(result.text).toBe('A sluice controls water.');
    expect(result.toolResults[0]?.payload.result).toEqual({ word: 'sluice', meaning: 'a small river' });
    expect(server.requests).toHaveLength(2);
    // The second request carries the tool result back to the provider.
    expect(JSON.stringify(server.requests[1]?.body)).toContain('a small river');
  });

  it('a 400 is an APICallError (statusCode 400) from generate() and an error chunk from stream()', async () => {
    server.enqueue({ type: 'http-error', status: 400, message: 'Invalid value for temperature' });
    const agent = new Agent({ id: 'a', instructions: 'x', model: makeModel() });
    const error = await agent.generate('hi').catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(400);
    expect((error as Error).message).toContain('Invalid value for temperature');
    expect(APICallError.isInstance((error as Error).cause)).toBe(true);

    server.enqueue({ type: 'http-error', status: 400, message: 'Invalid value for temperature' });
    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);
    const last = chunks.at(-1);
    expect(last?.type).toBe('error');
    const payloadError = (last as { payload: { error: APICallError } }).payload.error;
    expect(payloadError.statusCode).toBe(400);
  });

  it('a connection reset mid-stream ends the stream with an error chunk and no hang', async () => {
    server.enqueue({ type: 'reset', events: [{ type: 'text', deltas: ['partial ', 'answer'] }] });
    const agent = new Agent({ id: 'a', instructions: 'x', model: makeModel() });
    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);
    expect(chunks.some((c) => c.type === 'text-delta')).toBe(true);
    expect(chunks.at(-1)?.type).toBe('error');
    expect(await output.finishReason).toBe('error');
    await expect(agent.generate('hi')).rejects.toBeInstanceOf(Error);
  });

  it('malformed SSE ends with an error chunk, never a hang', async () => {
    server.enqueue({ type: 'malformed', events: ['half'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model: makeModel() });
    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);
    expect(chunks.at(-1)?.type).toBe('error');
  });
});

describe('router strings end to end', () => {
  it("'openai/<id>' resolves through @ai-sdk/openai with OPENAI_BASE_URL and reaches the provider", async () => {
    const saved = { key: process.env.OPENAI_API_KEY, url: process.env.OPENAI_BASE_URL };
    process.env.OPENAI_API_KEY = 'test-key';
    process.env.OPENAI_BASE_URL = server.openaiBaseURL;
    try {
      server.enqueue({ type: 'success', events: ['routed'] });
      const agent = new Agent({ id: 'a', instructions: 'x', model: 'openai/gpt-routed' });
      const result = await agent.generate('hi');
      expect(result.text).toBe('routed');
      expect(server.requests[0]?.body).toMatchObject({ model: 'gpt-routed' });
      expect(server.requests[0]?.headers.authorization).toBe('Bearer test-key');
    } finally {
      for (const [name, value] of [
        ['OPENAI_API_KEY', saved.key],
        ['OPENAI_BASE_URL', saved.url],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
