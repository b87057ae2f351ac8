/**
 * Malformed provider output ends the run with a `ProviderCallError` naming model and step (the
 * provider's contract was broken, not Sluice's), never a raw TypeError; malformed input is an
 * `INVALID_MESSAGE_INPUT` error naming the message and part.
 */
import type { LanguageModelV2, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { ProviderCallError } from '../errors/provider-call-error.js';
import { SluiceError } from '../errors/sluice-error.js';
import type { Processor } from '../pipeline/types.js';
import { ScriptedModel, streamOnly } from '../test/index.js';
import { Agent } from './agent.js';

const finish = {
  type: 'finish',
  finishReason: { unified: 'stop', raw: 'stop' },
  usage: {
    inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 1, text: 1, reasoning: 0 },
  },
} as unknown as LanguageModelV4StreamPart;

const withParts = (parts: unknown[]) =>
  new Agent({
    id: 'a',
    instructions: 'x',
    // Streamed by generate() too: the parts arrive as the provider sent them.
    model: streamOnly(
      new ScriptedModel({
        modelId: 'bad-model',
        steps: [{ parts: parts as LanguageModelV4StreamPart[] }],
      }),
    ),
    errorProcessorDefaults: false,
  });

async function failure(run: Promise<unknown>): Promise<ProviderCallError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(ProviderCallError.isInstance(error)).toBe(true);
  const named = error as ProviderCallError;
  expect(named.code).toBe('PROVIDER_CALL_FAILED');
  expect(named.message).toContain('"scripted/bad-model" failed at step 0');
  return named;
}

describe('malformed provider output is a ProviderCallError naming model and step', () => {
  it('a null stream part', async () => {
    const error = await failure(withParts([null, finish]).generate('hi'));
    expect(error.message).toContain('null stream part');
  });

  it('a text-delta without a delta fails instead of putting "undefined" into the answer', async () => {
    const agent = withParts([{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't' }, finish]);
    const error = await failure(agent.generate('hi'));
    expect(error.message).toContain('text-delta needs a string "delta"');
  });

  it('a tool-call whose input is an object, not JSON text', async () => {
    const agent = withParts([
      { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: { q: 1 } },
      finish,
    ]);
    const error = await failure(agent.generate('hi'));
    expect(error.message).toContain('tool call "lookup" has an "input" of type object');
  });

  it('doStream resolving with { stream: undefined }', async () => {
    const model = {
      specificationVersion: 'v2',
      provider: 'scripted',
      modelId: 'bad-model',
      supportedUrls: {},
      doStream: () => Promise.resolve({ stream: undefined }),
    } as unknown as LanguageModelV2;
    const agent = new Agent({ id: 'a', instructions: 'x', model, errorProcessorDefaults: false });
    const error = await failure(agent.generate('hi'));
    expect(error.message).toContain('without a readable "stream"');
  });

  it.each([
    ['undefined', undefined, 'doGenerate resolved with undefined'],
    [
      'content that is not an array',
      { content: 'hi', finishReason: 'stop', usage: {} },
      'no "content" array',
    ],
    ['a null content part', { content: [null], finishReason: 'stop', usage: {} }, 'null stream part'],
  ])('doGenerate resolving with %s', async (_what, result, message) => {
    const model = {
      specificationVersion: 'v2',
      provider: 'scripted',
      modelId: 'bad-model',
      supportedUrls: {},
      doGenerate: () => Promise.resolve(result),
    } as unknown as LanguageModelV2;
    const agent = new Agent({ id: 'a', instructions: 'x', model, errorProcessorDefaults: false });
    const error = await failure(agent.generate('hi'));
    expect(error.message).toContain(message);
  });

  it('a cached response (processLLMRequest) with chunks: [null]', async () => {
    const cache = {
      id: 'cache',
      processLLMRequest: () => ({ response: { chunks: [null] } }) as never,
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ modelId: 'bad-model', steps: ['unused'] }),
      inputProcessors: [cache],
      errorProcessorDefaults: false,
    });
    const error = await failure(agent.generate('hi'));
    expect(error.message).toContain("cached response's chunk 0 is null");
  });

  it('through stream(): an error chunk and status failed, not a rejection or hang', async () => {
    const output = await withParts([null, finish]).stream('hi');
    const types: string[] = [];
    for await (const chunk of output.fullStream) types.push(chunk.type);
    expect(types.at(-1)).toBe('error');
    expect(output.status).toBe('failed');
    expect(ProviderCallError.isInstance(output.error)).toBe(true);
  });
});

describe('malformed input and options', () => {
  it('a stored message with parts: [null] is INVALID_MESSAGE_INPUT naming the part', async () => {
    const agent = withParts(['unused']);
    const stored = { id: 'm1', role: 'user', createdAt: new Date(), content: { format: 2, parts: [null] } };
    const error = await agent.generate([stored] as never).catch((e: unknown) => e);
    expect(SluiceError.hasCode(error, 'INVALID_MESSAGE_INPUT')).toBe(true);
    expect((error as Error).message).toContain('content.parts[0] is null');
  });

  it('options: null means no options, like undefined', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok', 'ok'] }),
    });
    expect((await agent.generate('hi', null as never)).text).toBe('ok');
    expect(await (await agent.stream('hi', null as never)).text).toBe('ok');
  });
});
