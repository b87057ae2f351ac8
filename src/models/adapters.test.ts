import { APICallError, type LanguageModelV2Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import {
  ScriptedModel,
  type ScriptedStep,
  scriptedModelV2,
  scriptedModelV3,
} from '../test/scripted-model.js';
import { toMastraModel } from './to-mastra-model.js';
import type { MastraLanguageModel, ModelCallOptions, ModelStreamPart } from './types.js';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const reader = stream.getReader();
  const out: T[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(value);
  }
}

const prompt: LanguageModelV2Prompt = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] },
];

/** The same script, as a spec V2, V3 and V4 model, each adapted to the normalised interface. */
function allVersions(steps: ScriptedStep[]): Array<[string, MastraLanguageModel]> {
  return [
    ['v2', toMastraModel(scriptedModelV2({ steps }))],
    ['v3', toMastraModel(scriptedModelV3({ steps }))],
    ['v4', toMastraModel(new ScriptedModel({ steps }))],
  ];
}

async function streamAll(model: MastraLanguageModel, options: Partial<ModelCallOptions> = {}) {
  const result = await model.doStream({ prompt, ...options });
  return collect(result.stream);
}

const richStep: ScriptedStep = {
  reasoning: ['Think', 'ing'],
  text: ['Checking ', 'the weather.'],
  toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' }, toolCallId: 'call-1' }],
  usage: { inputTokens: 12, outputTokens: 7, reasoningTokens: 2, cachedInputTokens: 4 },
  warnings: [{ type: 'unsupported', feature: 'topK', details: 'ignored' }],
};

const expectedRich: ModelStreamPart[] = [
  { type: 'stream-start', warnings: [{ type: 'unsupported-setting', setting: 'topK', details: 'ignored' }] },
  { type: 'response-metadata', id: 'scripted-response-0', modelId: 'scripted-model', timestamp: new Date(0) },
  { type: 'reasoning-start', id: 'reasoning-0' },
  { type: 'reasoning-delta', id: 'reasoning-0', delta: 'Think' },
  { type: 'reasoning-delta', id: 'reasoning-0', delta: 'ing' },
  { type: 'reasoning-end', id: 'reasoning-0' },
  { type: 'text-start', id: 'text-0' },
  { type: 'text-delta', id: 'text-0', delta: 'Checking ' },
  { type: 'text-delta', id: 'text-0', delta: 'the weather.' },
  { type: 'text-end', id: 'text-0' },
  { type: 'tool-input-start', id: 'call-1', toolName: 'weather' },
  { type: 'tool-input-delta', id: 'call-1', delta: '{"city":"Oslo"}' },
  { type: 'tool-input-end', id: 'call-1' },
  { type: 'tool-call', toolCallId: 'call-1', toolName: 'weather', input: '{"city":"Oslo"}' },
  {
    type: 'finish',
    finishReason: 'tool-calls',
    usage: { inputTokens: 12, outputTokens: 7, totalTokens: 19, reasoningTokens: 2, cachedInputTokens: 4 },
  },
];

describe('adapters: V2, V3 and V4 normalise to the same parts', () => {
  it('text, reasoning, tool call, usage and finish reason', async () => {
    const results = await Promise.all(
      allVersions([richStep]).map(async ([v, m]) => [v, await streamAll(m)] as const),
    );
    for (const [version, parts] of results) {
      expect(parts, version).toEqual(expectedRich);
    }
  });

  it('plain text steps, default finish reason and estimated usage', async () => {
    const results = await Promise.all(allVersions(['Hello', ['Hi', ' there']]).map(async ([, m]) => m));
    const sequences: ModelStreamPart[][][] = [];
    for (const model of results) sequences.push([await streamAll(model), await streamAll(model)]);
    expect(sequences[0]).toEqual(sequences[1]);
    expect(sequences[1]).toEqual(sequences[2]);
    const finish = sequences[0][1].at(-1);
    expect(finish).toMatchObject({ type: 'finish', finishReason: 'stop' });
    expect(
      sequences[0][1].filter((p) => p.type === 'text-delta').map((p) => (p as { delta: string }).delta),
    ).toEqual(['Hi', ' there']);
  });

  it('reports finish reasons unified across versions (length, content-filter, raw reason on V3/V4)', async () => {
    const step: ScriptedStep = { text: 'cut', finishReason: 'length', rawFinishReason: 'max_tokens' };
    for (const [version, model] of allVersions([step])) {
      const finish = (await streamAll(model)).at(-1);
      expect(finish, version).toMatchObject({ type: 'finish', finishReason: 'length' });
      expect((finish as { rawFinishReason?: string }).rawFinishReason, version).toBe(
        version === 'v2' ? undefined : 'max_tokens',
      );
    }
  });

  it('exposes provider, modelId, specificationVersion, original and supportedUrls', async () => {
    const supportedUrls = { 'image/*': [/^https:\/\//] };
    const v4 = new ScriptedModel({ steps: [], provider: 'acme.chat', modelId: 'acme-1', supportedUrls });
    const adapted = toMastraModel(v4);
    expect(adapted.specificationVersion).toBe('v4');
    expect(adapted.provider).toBe('acme.chat');
    expect(adapted.modelId).toBe('acme-1');
    expect(adapted.original).toBe(v4);
    expect(await adapted.supportedUrls()).toBe(supportedUrls);

    const v3 = scriptedModelV3({ steps: [], supportedUrls: Promise.resolve(supportedUrls) });
    expect(await toMastraModel(v3).supportedUrls()).toBe(supportedUrls);
    const inner = scriptedModelV2({ steps: [] });
    const bare = {
      specificationVersion: 'v2',
      provider: 'bare',
      modelId: 'bare-1',
      doStream: inner.doStream.bind(inner),
      doGenerate: inner.doGenerate.bind(inner),
    };
    expect(await toMastraModel(bare as never).supportedUrls()).toEqual({});
  });
});

describe('adapters: errors and abort', () => {
  it('propagates a throwBeforeStream rejection unchanged (the exact APICallError)', async () => {
    const error = new APICallError({
      message: 'Too many requests',
      url: 'https://api.example.com/v1/chat',
      requestBodyValues: {},
      statusCode: 429,
      isRetryable: true,
    });
    for (const [version, model] of allVersions([{ throwBeforeStream: error }])) {
      const rejection = await model.doStream({ prompt }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(rejection, version).toBe(error);
    }
  });

  it('surfaces a mid-stream error as an error part, then finishes with reason error', async () => {
    const boom = new Error('connection reset');
    const step: ScriptedStep = { text: ['a', 'b', 'c'], errorAfterChunks: { after: 4, error: boom } };
    for (const [version, model] of allVersions([step])) {
      const parts = await streamAll(model);
      expect(
        parts.map((p) => p.type),
        version,
      ).toEqual(['stream-start', 'response-metadata', 'text-start', 'text-delta', 'error', 'finish']);
      expect(parts[4], version).toEqual({ type: 'error', error: boom });
      expect(parts[5], version).toMatchObject({ finishReason: 'error' });
    }
  });

  it('errors the normalised stream when the provider stream errors', async () => {
    const boom = new Error('socket hang up');
    const step: ScriptedStep = { text: 'x', errorAfterChunks: { after: 2, error: boom, mode: 'throw' } };
    for (const [version, model] of allVersions([step])) {
      const { stream } = await model.doStream({ prompt });
      await expect(collect(stream), version).rejects.toBe(boom);
    }
  });

  it('stops the stream when the abort signal fires', async () => {
    for (const [version, model] of allVersions([{ text: ['a', 'b', 'c', 'd', 'e'], delayMs: 20 }])) {
      const controller = new AbortController();
      const { stream } = await model.doStream({ prompt, abortSignal: controller.signal });
      const reader = stream.getReader();
      const seen: ModelStreamPart[] = [];
      const reading = (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          seen.push(value);
          if (value.type === 'text-start') controller.abort(new Error('user cancelled'));
        }
      })();
      await expect(reading, version).rejects.toThrow('user cancelled');
      expect(
        seen.some((p) => p.type === 'finish'),
        version,
      ).toBe(false);
    }
  });
});

describe('adapters: call options reach the model in its own spec shape', () => {
  const options: Partial<ModelCallOptions> = {
    tools: [
      { type: 'function', name: 'weather', inputSchema: { type: 'object' } },
      { type: 'provider-defined', id: 'openai.web_search', name: 'web_search', args: {} },
    ],
    toolChoice: { type: 'tool', toolName: 'weather' },
    responseFormat: { type: 'json', schema: { type: 'object' } },
    temperature: 0.2,
    maxOutputTokens: 100,
    seed: 7,
    headers: { 'x-test': '1' },
    providerOptions: { openai: { store: false } },
  };

  it('V4: provider tools, settings, headers and providerOptions; reasoning unset', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    await streamAll(toMastraModel(model), options);
    const call = model.lastCall;
    expect(call.tools?.[1]).toEqual({
      type: 'provider',
      id: 'openai.web_search',
      name: 'web_search',
      args: {},
    });
    expect(call.tools?.[0]).toBe(options.tools?.[0]);
    expect(call.toolChoice).toEqual({ type: 'tool', toolName: 'weather' });
    expect(call.responseFormat).toEqual({ type: 'json', schema: { type: 'object' } });
    expect(call.settings).toEqual({ temperature: 0.2, maxOutputTokens: 100, seed: 7 });
    expect(call.headers).toEqual({ 'x-test': '1' });
    expect(call.providerOptions).toEqual({ openai: { store: false } });
    expect(call.options.reasoning).toBeUndefined();
    expect(call.prompt).toBe(prompt);
  });

  it('V3: provider tools become type provider; V2: options pass through as the same object', async () => {
    const v3 = scriptedModelV3({ steps: ['ok'] });
    await streamAll(toMastraModel(v3), options);
    expect(v3.lastCall.tools?.[1]).toMatchObject({ type: 'provider', id: 'openai.web_search' });
    expect(v3.lastCall.prompt).toBe(prompt);

    const v2 = scriptedModelV2({ steps: ['ok'] });
    const full: ModelCallOptions = { prompt, ...options };
    const { stream } = await toMastraModel(v2).doStream(full);
    await collect(stream);
    expect(v2.lastCall.options).toBe(full);
  });
});
