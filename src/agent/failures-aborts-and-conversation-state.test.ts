/**
 * The loop's failures surface as what they are (a tripwire, a callback failure, a bad option),
 * an abort never hangs the run, and the conversation stays consistent across steps.
 */
import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CachedLLMStepChunk, Processor } from '../processors/index.js';
import type { ChunkType } from '../stream/index.js';
import { ScriptedModel } from '../test/index.js';
import { createTool } from '../tools/index.js';
import { Agent } from './agent.js';

async function collect(stream: ReadableStream<ChunkType>): Promise<ChunkType[]> {
  const out: ChunkType[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

/** A V4 model whose stream (or call) never ends unless the caller aborts. */
function stuckModel(mode: 'stream' | 'call'): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'stuck',
    modelId: 'stuck',
    supportedUrls: {},
    doGenerate: () => new Promise(() => {}),
    doStream: () =>
      mode === 'call'
        ? new Promise(() => {})
        : Promise.resolve({
            stream: new ReadableStream<LanguageModelV4StreamPart>({
              start(controller) {
                controller.enqueue({ type: 'text-start', id: 't' });
                controller.enqueue({ type: 'text-delta', id: 't', delta: 'waiting…' });
              },
            }),
          }),
  };
}

describe('failures keep their identity', () => {
  it('an abort() in processOutputStream mid-answer is a tripwire, not a provider error', async () => {
    const guard = {
      id: 'guard',
      processOutputStream: async ({ part, abort }) => {
        if (part.type === 'text-delta' && part.payload.text.includes('secret')) abort('leak blocked');
        return part;
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: ['ok ', 'secret ', 'more'] }] }),
      outputProcessors: [guard],
    });
    const output = await agent.stream('hi');
    const chunks = await collect(output.fullStream);
    expect(chunks.at(-1)).toMatchObject({
      type: 'tripwire',
      payload: { reason: 'leak blocked', processorId: 'guard' },
    });
    expect(chunks.some((c) => c.type === 'text-delta' && c.payload.text === 'more')).toBe(false);
    expect(output.status).toBe('tripwire');
  });

  it('a throwing onChunk callback fails the run with CALLBACK_FAILED naming the callback', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: ['a', 'b'] }] }),
    });
    const error = await agent
      .generate('hi', {
        onChunk: (chunk) => {
          if (chunk.type === 'text-delta') throw new Error('sink full');
        },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'CALLBACK_FAILED' });
    expect((error as Error).message).toContain('onChunk');
    expect((error as Error).message).toContain('sink full');
  });

  it('a forced toolChoice naming a tool the step does not send fails before the provider call', async () => {
    const model = new ScriptedModel({ steps: [{ text: 'x' }] });
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    await expect(
      agent.generate('hi', { toolChoice: { type: 'tool', toolName: 'ghost' } }),
    ).rejects.toMatchObject({
      code: 'TOOL_CHOICE_UNKNOWN_TOOL',
    });
    expect(model.calls).toHaveLength(0);
  });

  it('a call-level maxSteps below 1 is rejected with the fix', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: 'x' }] }),
    });
    await expect(agent.generate('hi', { maxSteps: 0 })).rejects.toThrow(/maxSteps/);
  });
});

describe('abort never hangs', () => {
  it('an abort fired from onChunk while the provider stream stays open ends the run', async () => {
    const controller = new AbortController();
    const agent = new Agent({ id: 'a', instructions: 'x', model: stuckModel('stream') });
    const output = await agent.stream('hi', {
      abortSignal: controller.signal,
      onChunk: (chunk) => {
        if (chunk.type === 'step-start') controller.abort();
      },
    });
    const chunks = await collect(output.fullStream);
    expect(chunks.at(-1)?.type).toBe('abort');
  });

  it('an abort while a processor hook never settles ends the run', async () => {
    const controller = new AbortController();
    const stuck = {
      id: 'stuck',
      processInputStep: () => new Promise<undefined>(() => {}),
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: 'never' }] }),
      inputProcessors: [stuck],
    });
    const output = await agent.stream('hi', { abortSignal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const chunks = await collect(output.fullStream);
    expect(chunks.map((c) => c.type)).toEqual(['start', 'abort']);
  });

  it('an abort while the provider call itself never answers ends the run', async () => {
    const controller = new AbortController();
    const agent = new Agent({ id: 'a', instructions: 'x', model: stuckModel('call') });
    const output = await agent.stream('hi', { abortSignal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const chunks = await collect(output.fullStream);
    expect(chunks.map((c) => c.type)).toEqual(['start', 'abort']);
  });
});

describe('conversation state', () => {
  it('a processor returning a message array (incl. the assistant reply) is reconciled, not rejected', async () => {
    const trimmer = {
      id: 'trimmer',
      processOutputStep: ({ messages }) =>
        messages.filter((m) => m.role !== 'user' || m.content.parts.length > 0),
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: 'fine' }] }),
      outputProcessors: [trimmer],
    });
    const result = await agent.generate('hi');
    expect(result.text).toBe('fine');
    expect(result.response.dbMessages).toHaveLength(1);
  });

  it('an edit a processor makes to the reply at step 0 survives the later steps', async () => {
    const weather = createTool({
      id: 'weather',
      description: 'w',
      inputSchema: z.object({ city: z.string() }),
      execute: async () => ({ tempC: 4 }),
    });
    const redactor = {
      id: 'redactor',
      processOutputStep: ({ messageList, stepNumber }) => {
        if (stepNumber === 0) {
          for (const message of messageList.get.response.db()) {
            for (const part of message.content.parts) {
              if (part.type === 'text') part.text = part.text.replace('PII-123', '[redacted]');
            }
          }
        }
        return messageList;
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({
        steps: [
          { text: 'user PII-123', toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' } }] },
          { text: ' done' },
        ],
      }),
      tools: { weather },
      outputProcessors: [redactor],
    });
    const result = await agent.generate('hi');
    const stored = JSON.stringify(result.response.dbMessages);
    expect(stored).not.toContain('PII-123');
    expect(stored).toContain('[redacted]');
  });

  it('a tool left out of activeTools cannot run even if the model calls it', async () => {
    let ran = false;
    const secret = createTool({
      id: 'secret',
      description: 's',
      inputSchema: z.object({}),
      execute: async () => {
        ran = true;
        return 'leaked';
      },
    });
    const other = createTool({
      id: 'other',
      description: 'o',
      inputSchema: z.object({}),
      execute: async () => 'ok',
    });
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'secret', args: {} }] }, { text: 'done' }],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { secret, other } });
    const output = await agent.stream('hi', { activeTools: ['other'] });
    const chunks = await collect(output.fullStream);
    expect(ran).toBe(false);
    expect(chunks.find((c) => c.type === 'tool-error')).toMatchObject({ payload: { toolName: 'secret' } });
  });

  it('after a tripwire in processOutputResult, no accessor returns the blocked answer', async () => {
    const blocker = {
      id: 'blocker',
      processOutputResult: ({ abort }) => abort('not allowed'),
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: '{"a":"SECRET"}' }] }),
      outputProcessors: [blocker],
    });
    const result = await agent.generate('hi', { structuredOutput: { schema: z.object({ a: z.string() }) } });
    expect(result.tripwire?.reason).toBe('not allowed');
    expect(result.text).toBe('');
    expect(result.object).toBeUndefined();
    expect(JSON.stringify([result.response, result.messages])).not.toContain('SECRET');
  });
});

describe('provider-level details', () => {
  it('model-level maxRetries from prepareStep modelSettings retries a retryable failure', async () => {
    const unavailable = new APICallError({
      message: 'overloaded',
      url: 'http://127.0.0.1',
      requestBodyValues: {},
      statusCode: 503,
    });
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: unavailable }, { text: 'recovered' }] });
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    const result = await agent.generate('hi', { prepareStep: () => ({ modelSettings: { maxRetries: 1 } }) });
    expect(result.text).toBe('recovered');
    expect(model.calls).toHaveLength(2);
  });

  it('a response replayed from processLLMRequest keeps its finish reason and usage', async () => {
    let cached: CachedLLMStepChunk[] | undefined;
    const cache = {
      id: 'cache',
      processLLMRequest: () => (cached ? { response: { chunks: cached } } : undefined),
      processLLMResponse: ({ chunks, fromCache }) => {
        if (!fromCache) cached = chunks;
      },
    } satisfies Processor;
    const model = new ScriptedModel({
      steps: [
        { text: ['cut ', 'short'], finishReason: 'length', usage: { inputTokens: 5, outputTokens: 7 } },
      ],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, inputProcessors: [cache] });
    const live = await agent.generate('hi');
    const replayed = await agent.generate('hi');
    expect(model.calls).toHaveLength(1);
    expect(replayed.text).toBe(live.text);
    expect(replayed.finishReason).toBe('length');
    expect(replayed.usage).toMatchObject({ inputTokens: 5, outputTokens: 7 });
  });
});
