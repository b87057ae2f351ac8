import {
  APICallError,
  type LanguageModelV3Prompt,
  type LanguageModelV4Prompt,
  type LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { SluiceError } from '../errors/index.js';
import { ScriptedModel, scriptedModelV2, scriptedModelV3 } from './scripted-model.js';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const reader = stream.getReader();
  const out: T[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(value);
  }
}

const prompt: LanguageModelV4Prompt = [{ role: 'user', content: [{ type: 'text', text: 'Hello there!' }] }];
const v3Prompt: LanguageModelV3Prompt = [{ role: 'user', content: [{ type: 'text', text: 'Hello there!' }] }];

async function run(model: ScriptedModel, options: { abortSignal?: AbortSignal } = {}) {
  const { stream } = await model.doStream({ prompt, ...options });
  return collect(stream);
}

describe('ScriptedModel (spec V4)', () => {
  it('implements LanguageModelV4 with configurable identity', async () => {
    const model = new ScriptedModel({ steps: [] });
    expect(model.specificationVersion).toBe('v4');
    expect(model.provider).toBe('scripted');
    expect(model.modelId).toBe('scripted-model');
    expect(model.supportedUrls).toEqual({});
    const custom = new ScriptedModel({
      steps: [],
      provider: 'p',
      modelId: 'm',
      supportedUrls: { 'image/*': [/x/] },
    });
    expect([custom.provider, custom.modelId, custom.supportedUrls]).toEqual(['p', 'm', { 'image/*': [/x/] }]);
  });

  it('emits proper V4 parts for text, reasoning and tool calls (raw args kept verbatim)', async () => {
    const model = new ScriptedModel({
      steps: [
        {
          reasoning: 'hmm',
          text: ['A', 'B'],
          toolCalls: [
            { toolName: 'search', args: { q: 'x' } },
            { toolName: 'broken', args: '{"q": ' },
          ],
          usage: { inputTokens: 5, outputTokens: 9, reasoningTokens: 3, cachedInputTokens: 1 },
          providerMetadata: { scripted: { ok: true } },
        },
      ],
    });
    const parts = await run(model);
    expect(parts).toEqual([
      { type: 'stream-start', warnings: [] },
      {
        type: 'response-metadata',
        id: 'scripted-response-0',
        modelId: 'scripted-model',
        timestamp: new Date(0),
      },
      { type: 'reasoning-start', id: 'reasoning-0' },
      { type: 'reasoning-delta', id: 'reasoning-0', delta: 'hmm' },
      { type: 'reasoning-end', id: 'reasoning-0' },
      { type: 'text-start', id: 'text-0' },
      { type: 'text-delta', id: 'text-0', delta: 'A' },
      { type: 'text-delta', id: 'text-0', delta: 'B' },
      { type: 'text-end', id: 'text-0' },
      { type: 'tool-input-start', id: 'call-0-0', toolName: 'search' },
      { type: 'tool-input-delta', id: 'call-0-0', delta: '{"q":"x"}' },
      { type: 'tool-input-end', id: 'call-0-0' },
      { type: 'tool-call', toolCallId: 'call-0-0', toolName: 'search', input: '{"q":"x"}' },
      { type: 'tool-input-start', id: 'call-0-1', toolName: 'broken' },
      { type: 'tool-input-delta', id: 'call-0-1', delta: '{"q": ' },
      { type: 'tool-input-end', id: 'call-0-1' },
      { type: 'tool-call', toolCallId: 'call-0-1', toolName: 'broken', input: '{"q": ' },
      {
        type: 'finish',
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage: {
          inputTokens: { total: 5, noCache: 4, cacheRead: 1, cacheWrite: undefined },
          outputTokens: { total: 9, text: 6, reasoning: 3 },
        },
        providerMetadata: { scripted: { ok: true } },
      },
    ]);
  });

  it('accepts friendly event lists: strings, interleaved blocks, errors, raw parts, finish overrides', async () => {
    const boom = new Error('soft');
    const model = new ScriptedModel({
      steps: [
        [
          'one',
          { type: 'reasoning', text: 'r' },
          { type: 'text', text: 'two' },
          { type: 'error', error: boom },
          { type: 'part', part: { type: 'source', sourceType: 'url', id: 's1', url: 'https://a.example' } },
          { type: 'finish', finishReason: 'length', usage: { inputTokens: 1, outputTokens: 2 } },
        ],
      ],
    });
    const parts = await run(model);
    expect(parts.map((p) => p.type)).toEqual([
      'stream-start',
      'response-metadata',
      'text-start',
      'text-delta',
      'text-end',
      'reasoning-start',
      'reasoning-delta',
      'reasoning-end',
      'text-start',
      'text-delta',
      'text-end',
      'error',
      'source',
      'finish',
    ]);
    expect(parts[8]).toEqual({ type: 'text-start', id: 'text-1' });
    expect(parts.at(-1)).toMatchObject({
      finishReason: { unified: 'length' },
      usage: { inputTokens: { total: 1 } },
    });
  });

  it('estimates usage as ceil(chars / 4) when not scripted', async () => {
    const parts = await run(new ScriptedModel({ steps: ['12345678'] }));
    expect(parts.at(-1)).toMatchObject({ usage: { inputTokens: { total: 3 }, outputTokens: { total: 2 } } });
  });

  it('the raw parts escape hatch emits exactly the given parts', async () => {
    const raw: LanguageModelV4StreamPart[] = [
      { type: 'text-start', id: 'x' },
      { type: 'text-delta', id: 'x', delta: 'raw' },
    ];
    expect(await run(new ScriptedModel({ steps: [{ parts: raw, text: 'ignored' }] }))).toEqual(raw);
  });

  it('records every call with its full options; lastCall and prompts', async () => {
    const model = new ScriptedModel({ steps: ['a', 'b'] });
    expect(() => model.lastCall).toThrow('has not been called yet');
    await model.doStream({
      prompt,
      tools: [{ type: 'function', name: 't', inputSchema: { type: 'object' } }],
      toolChoice: { type: 'required' },
      responseFormat: { type: 'json' },
      providerOptions: { openai: { store: true } },
      temperature: 0,
      stopSequences: ['END'],
    });
    const second: LanguageModelV4Prompt = [{ role: 'system', content: 'again' }];
    await model.doGenerate({ prompt: second });
    expect(model.calls).toHaveLength(2);
    const [first] = model.calls;
    expect(first).toMatchObject({
      index: 0,
      method: 'stream',
      toolChoice: { type: 'required' },
      responseFormat: { type: 'json' },
      providerOptions: { openai: { store: true } },
      settings: { temperature: 0, stopSequences: ['END'] },
    });
    expect(first.tools).toHaveLength(1);
    expect(model.lastCall.method).toBe('generate');
    expect(model.prompts).toEqual([prompt, second]);
  });

  it('running out of steps rejects with a clear error naming how many were scripted', async () => {
    const model = new ScriptedModel({ steps: ['only'] });
    await run(model);
    const error = await model.doStream({ prompt }).catch((e: unknown) => e);
    expect(SluiceError.hasCode(error, 'SCRIPTED_MODEL_EXHAUSTED')).toBe(true);
    expect((error as Error).message).toContain('call #2');
    expect((error as Error).message).toContain('only 1 step was scripted');
    expect(model.calls).toHaveLength(2);
  });

  it('steps may be a function of the recorded call (sync or async)', async () => {
    const model = new ScriptedModel({
      steps: async (call) => `call ${call.index}: ${call.prompt.length} message(s)`,
    });
    await run(model);
    const parts = await run(model);
    expect(parts.find((p) => p.type === 'text-delta')).toMatchObject({ delta: 'call 1: 1 message(s)' });
  });

  it('throwBeforeStream rejects doStream and doGenerate with the exact value', async () => {
    const error = new APICallError({ message: 'bad', url: 'u', requestBodyValues: {}, statusCode: 400 });
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: error }, { throwBeforeStream: error }] });
    await expect(model.doStream({ prompt })).rejects.toBe(error);
    await expect(model.doGenerate({ prompt })).rejects.toBe(error);
  });

  it('errorAfterChunks: error part + finish(error), or a stream error in throw mode', async () => {
    const boom = new Error('mid');
    const model = new ScriptedModel({
      steps: [
        { text: ['a', 'b'], errorAfterChunks: { after: 3, error: boom } },
        { text: ['a', 'b'], errorAfterChunks: { after: 3, error: boom, mode: 'throw' } },
        { text: 'a', errorAfterChunks: { after: 1, error: boom } },
      ],
    });
    const parts = await run(model);
    expect(parts.map((p) => p.type)).toEqual([
      'stream-start',
      'response-metadata',
      'text-start',
      'error',
      'finish',
    ]);
    expect(parts.at(-1)).toMatchObject({ finishReason: { unified: 'error' } });

    const { stream } = await model.doStream({ prompt });
    const reader = stream.getReader();
    const seen: string[] = [];
    const failure = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return undefined;
        seen.push(value.type);
      }
    })().catch((e: unknown) => e);
    expect(failure).toBe(boom);
    expect(seen).toEqual(['stream-start', 'response-metadata', 'text-start']);

    await expect(model.doGenerate({ prompt })).rejects.toBe(boom);
  });

  it('honours abortSignal: errors the stream with the reason; an already-aborted call rejects', async () => {
    const model = new ScriptedModel({ steps: [{ text: ['a', 'b', 'c'], delayMs: 30 }, 'x'] });
    const controller = new AbortController();
    const { stream } = await model.doStream({ prompt, abortSignal: controller.signal });
    const reader = stream.getReader();
    await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });

    const aborted = AbortSignal.abort(new Error('gone'));
    await expect(model.doStream({ prompt, abortSignal: aborted })).rejects.toThrow('gone');
  });

  it('delays each part by delayMs', async () => {
    const model = new ScriptedModel({ steps: [{ text: 'x', delayMs: 10 }] });
    const started = performance.now();
    const parts = await run(model);
    expect(parts).toHaveLength(6);
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);
  });

  it('doGenerate returns the equivalent V4 result', async () => {
    const model = new ScriptedModel({
      steps: [
        {
          reasoning: ['th', 'ink'],
          text: ['Hel', 'lo'],
          toolCalls: [{ toolName: 't', args: { a: 1 }, toolCallId: 'c1' }],
          usage: { inputTokens: 3, outputTokens: 4 },
          warnings: [{ type: 'other', message: 'w' }],
          responseId: 'r1',
        },
      ],
    });
    const result = await model.doGenerate({ prompt });
    expect(result).toEqual({
      content: [
        { type: 'reasoning', text: 'think' },
        { type: 'text', text: 'Hello' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 't', input: '{"a":1}' },
      ],
      finishReason: { unified: 'tool-calls', raw: undefined },
      usage: {
        inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 4, text: 4, reasoning: undefined },
      },
      warnings: [{ type: 'other', message: 'w' }],
      response: { id: 'r1', modelId: 'scripted-model', timestamp: new Date(0) },
    });
  });
});

describe('scriptedModelV2 / scriptedModelV3', () => {
  const step = {
    text: 'Hi',
    toolCalls: [{ toolName: 't', args: {}, toolCallId: 'c' }],
    usage: { inputTokens: 2, outputTokens: 3 },
    warnings: [{ type: 'unsupported' as const, feature: 'seed' }],
  };

  it('V3 emits nested usage and { unified, raw } finish reasons', async () => {
    const model = scriptedModelV3({ steps: [step] });
    expect(model.specificationVersion).toBe('v3');
    const { stream } = await model.doStream({ prompt: v3Prompt });
    const parts = await collect(stream);
    expect(parts[0]).toEqual({ type: 'stream-start', warnings: [{ type: 'unsupported', feature: 'seed' }] });
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: { unified: 'tool-calls', raw: undefined },
      usage: {
        inputTokens: { total: 2, noCache: 2, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 3, text: 3, reasoning: undefined },
      },
      providerMetadata: undefined,
    });
    const generated = await scriptedModelV3({ steps: [step] }).doGenerate({ prompt: v3Prompt });
    expect(generated.finishReason).toEqual({ unified: 'tool-calls', raw: undefined });
    expect(generated.content.map((c) => c.type)).toEqual(['text', 'tool-call']);
  });

  it('V2 emits flat usage, string finish reasons and V2 warnings; records V2 call options', async () => {
    const model = scriptedModelV2({ steps: [step, step] });
    expect(model.specificationVersion).toBe('v2');
    const { stream } = await model.doStream({ prompt: [{ role: 'system', content: 's' }], seed: 1 });
    const parts = await collect(stream);
    expect(parts[0]).toEqual({
      type: 'stream-start',
      warnings: [{ type: 'unsupported-setting', setting: 'seed' }],
    });
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: 'tool-calls',
      usage: {
        inputTokens: 2,
        outputTokens: 3,
        totalTokens: 5,
        reasoningTokens: undefined,
        cachedInputTokens: undefined,
      },
      providerMetadata: undefined,
    });
    expect(model.lastCall.settings).toEqual({ seed: 1 });
    const generated = await model.doGenerate({ prompt: [] });
    expect(generated.finishReason).toBe('tool-calls');
    expect(generated.usage.totalTokens).toBe(5);
    expect(generated.content).toEqual([
      { type: 'text', text: 'Hi', providerMetadata: undefined },
      { type: 'tool-call', toolCallId: 'c', toolName: 't', input: '{}' },
    ]);
  });
});
