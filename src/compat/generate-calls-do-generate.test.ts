/**
 * Issue #32, item 2: `generate()` calls the model's `doGenerate` when the model has one (as the
 * original does), so a model — or a test mock — implementing only `doGenerate` works and
 * `doGenerateCalls` fills; output stream processors still see the answer as chunks. A model with
 * only `doStream` keeps working for `generate()` and `stream()`; `stream()` always streams when
 * it can.
 *
 * Written from the documented API: `ai/test`'s `MockLanguageModelV3` / `MockLanguageModelV4`
 * (the mocks users write their agent tests with) and a hand-written spec-V2 model object.
 */

import type {
  LanguageModelV2,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV4GenerateResult,
} from '@ai-sdk/provider';
import { MockLanguageModelV3, MockLanguageModelV4 } from 'ai/test';
import { Agent } from 'sluice/agent';
import { ProviderCallError } from 'sluice/errors';
import type { Processor } from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const nestedUsage = {
  inputTokens: { total: 5, noCache: 5, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 3, text: 3, reasoning: undefined },
};

function v3Answer(text: string): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: nestedUsage,
    warnings: [],
  };
}

function v4Answer(text: string): LanguageModelV4GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: nestedUsage,
    warnings: [],
  };
}

function v3Stream(deltas: string[]) {
  const parts: LanguageModelV3StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    ...deltas.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't', delta })),
    { type: 'text-end', id: 't' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: nestedUsage },
  ];
  return {
    stream: new ReadableStream<LanguageModelV3StreamPart>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    }),
  };
}

/** An output processor logging the chunk types it sees (and the text of text deltas). */
function chunkLog(log: string[]) {
  return {
    id: 'chunk-log',
    processOutputStream: async ({ part }: { part: ChunkType }) => {
      log.push(part.type === 'text-delta' ? `text-delta:${part.payload.text}` : part.type);
      return part;
    },
  } satisfies Processor;
}

describe('generate() calls doGenerate', () => {
  it('an ai/test MockLanguageModelV3 with only doGenerate answers generate(); doGenerateCalls fills', async () => {
    const model = new MockLanguageModelV3({ doGenerate: async () => v3Answer('one shot') });
    const agent = new Agent({ id: 'compat-gen', instructions: 'be brief', model });
    const result = await agent.generate('hi');

    expect(result.text).toBe('one shot');
    expect(result.finishReason).toBe('stop');
    expect(result.usage.inputTokens).toBe(5);
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(model.doStreamCalls).toHaveLength(0);
    // The call carries the prompt as for a stream (system + user message).
    expect(model.doGenerateCalls[0]?.prompt.map((m) => m.role)).toEqual(['system', 'user']);
  });

  it('an ai/test MockLanguageModelV4 with only doGenerate answers generate()', async () => {
    const model = new MockLanguageModelV4({ doGenerate: async () => v4Answer('v4 answer') });
    const agent = new Agent({ id: 'compat-gen', instructions: 'be brief', model });
    expect((await agent.generate('hi')).text).toBe('v4 answer');
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('a spec-V2 model object with only doGenerate answers generate()', async () => {
    const calls: unknown[] = [];
    const model = {
      specificationVersion: 'v2',
      provider: 'hand-written',
      modelId: 'v2-generate-only',
      supportedUrls: {},
      doGenerate: async (options: unknown) => {
        calls.push(options);
        return {
          content: [{ type: 'text', text: 'v2 answer' }],
          finishReason: 'stop',
          usage: { inputTokens: 2, outputTokens: 2, totalTokens: 4 },
          warnings: [],
        };
      },
    } as unknown as LanguageModelV2;
    const agent = new Agent({ id: 'compat-gen', instructions: 'be brief', model });
    expect((await agent.generate('hi')).text).toBe('v2 answer');
    expect(calls).toHaveLength(1);
  });

  it('a model with both methods: generate() calls doGenerate only, stream() doStream only', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => v3Answer('generated'),
      doStream: async () => v3Stream(['stre', 'amed']),
    });
    const agent = new Agent({ id: 'compat-gen', instructions: 'be brief', model });

    expect((await agent.generate('hi')).text).toBe('generated');
    expect([model.doGenerateCalls.length, model.doStreamCalls.length]).toEqual([1, 0]);

    const output = await agent.stream('hi');
    expect(await output.text).toBe('streamed');
    expect([model.doGenerateCalls.length, model.doStreamCalls.length]).toEqual([1, 1]);
  });

  it('output stream processors still see the one-shot answer as chunks', async () => {
    const log: string[] = [];
    const model = new MockLanguageModelV3({ doGenerate: async () => v3Answer('whole answer') });
    const agent = new Agent({
      id: 'compat-gen',
      instructions: 'be brief',
      model,
      outputProcessors: [chunkLog(log)],
    });
    await agent.generate('hi');
    expect(log).toEqual([
      'step-start',
      'text-start',
      'text-delta:whole answer',
      'text-end',
      'step-finish',
      'finish',
    ]);
  });

  it('a stream processor rewriting the one-shot text changes the result', async () => {
    const model = new MockLanguageModelV3({ doGenerate: async () => v3Answer('my secret plan') });
    const redact = {
      id: 'redact',
      processOutputStream: async ({ part }: { part: ChunkType }) =>
        part.type === 'text-delta'
          ? { ...part, payload: { ...part.payload, text: part.payload.text.replace('secret', '***') } }
          : part,
    } satisfies Processor;
    const agent = new Agent({
      id: 'compat-gen',
      instructions: 'be brief',
      model,
      outputProcessors: [redact],
    });
    const result = await agent.generate('hi');
    expect(result.text).toBe('my *** plan');
    expect(JSON.stringify(result.response.dbMessages)).not.toContain('secret');
  });

  it('tool calls from doGenerate run, and the next step calls doGenerate again', async () => {
    const weather = createTool({
      id: 'weather',
      description: 'Weather for a city',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => ({ city, tempC: 4 }),
    });
    const model = new MockLanguageModelV3({
      doGenerate: [
        {
          content: [
            {
              type: 'tool-call',
              toolCallId: 'c1',
              toolName: 'weather',
              input: JSON.stringify({ city: 'Oslo' }),
            },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage: nestedUsage,
          warnings: [],
        },
        v3Answer('It is 4 degrees in Oslo.'),
      ],
    });
    const agent = new Agent({ id: 'compat-gen', instructions: 'be brief', model, tools: { weather } });
    const result = await agent.generate('weather in Oslo?');

    expect(result.text).toBe('It is 4 degrees in Oslo.');
    expect(result.toolResults.map((r) => r.payload.result)).toEqual([{ city: 'Oslo', tempC: 4 }]);
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('tool-result');
  });

  it('a doGenerate-only model also answers stream(), as one chunk per content part', async () => {
    const model = new MockLanguageModelV4({ doGenerate: async () => v4Answer('no streaming here') });
    const agent = new Agent({ id: 'compat-gen', instructions: 'be brief', model });
    const output = await agent.stream('hi');
    const deltas: string[] = [];
    for await (const delta of output.textStream) deltas.push(delta);
    expect(deltas).toEqual(['no streaming here']);
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('a doGenerate rejection fails generate() with a ProviderCallError naming the model', async () => {
    const model = new MockLanguageModelV3({
      modelId: 'broken-model',
      doGenerate: async () => {
        throw new Error('upstream said no');
      },
    });
    const agent = new Agent({ id: 'compat-gen', instructions: 'be brief', model, errorProcessors: [] });
    const failure = await agent.generate('hi').catch((error: unknown) => error);
    expect(ProviderCallError.isInstance(failure)).toBe(true);
    expect(String((failure as Error).message)).toContain('broken-model');
  });
});

describe('a model with only doStream keeps working', () => {
  it('an ai/test mock scripted with only doStream answers generate() by streaming', async () => {
    const model = new MockLanguageModelV3({ doStream: async () => v3Stream(['still ', 'works']) });
    const agent = new Agent({ id: 'compat-gen', instructions: 'be brief', model });
    expect((await agent.generate('hi')).text).toBe('still works');
    expect(model.doStreamCalls).toHaveLength(1);
  });

  it('a model object without doGenerate answers generate() and stream() by streaming', async () => {
    const inner = new MockLanguageModelV3({ doStream: async () => v3Stream(['plain ', 'stream']) });
    const model = {
      specificationVersion: 'v3' as const,
      provider: inner.provider,
      modelId: inner.modelId,
      supportedUrls: {},
      doStream: inner.doStream,
    };
    const agent = new Agent({ id: 'compat-gen', instructions: 'be brief', model: model as never });
    expect((await agent.generate('hi')).text).toBe('plain stream');
    expect(await (await agent.stream('hi')).text).toBe('plain stream');
    expect(inner.doStreamCalls).toHaveLength(2);
  });
});
