import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import {
  APICallError,
  type LanguageModelV4,
  type LanguageModelV4CallOptions,
  type LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeEndpoint,
  type FakeProviderServer,
  fakeHttpError,
  fakeText,
  startFakeProviderServer,
} from './index.js';

// The same scripts are played through every real client: each endpoint must render them so its client parses
// text, tool calls, reasoning, usage, finish reasons and errors exactly like a real provider's.

interface EndpointCase {
  name: string;
  endpoint: FakeEndpoint;
  model(server: FakeProviderServer): LanguageModelV4;
  /** Whether the client surfaces reasoning (OpenAI Chat Completions has no reasoning stream). */
  reasoning: boolean;
  /** The declared tool names, read from the request body the client sent. */
  toolNames(body: Record<string, unknown>): string[];
}

const ENDPOINTS: EndpointCase[] = [
  {
    name: 'OpenAI chat completions',
    endpoint: 'openai-chat',
    model: (s) => createOpenAI({ baseURL: s.openaiBaseURL, apiKey: 'test' }).chat('gpt-4o-mini'),
    reasoning: false,
    toolNames: (body) => (body.tools as { function: { name: string } }[]).map((t) => t.function.name),
  },
  {
    name: 'OpenAI responses',
    endpoint: 'openai-responses',
    model: (s) => createOpenAI({ baseURL: s.openaiBaseURL, apiKey: 'test' }).responses('gpt-4o-mini'),
    reasoning: true,
    toolNames: (body) => (body.tools as { name: string }[]).map((t) => t.name),
  },
  {
    name: 'Anthropic messages',
    endpoint: 'anthropic-messages',
    model: (s) => createAnthropic({ baseURL: s.anthropicBaseURL, apiKey: 'test' })('claude-sonnet-4-5'),
    reasoning: true,
    toolNames: (body) => (body.tools as { name: string }[]).map((t) => t.name),
  },
];

const CALL: LanguageModelV4CallOptions = {
  prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
};

const WITH_TOOLS: LanguageModelV4CallOptions = {
  ...CALL,
  tools: [
    {
      type: 'function',
      name: 'weather',
      description: 'Weather for a city',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  ],
};

interface Collected {
  parts: LanguageModelV4StreamPart[];
  /** Set when reading the stream rejected. */
  thrown?: unknown;
}

async function collect(stream: ReadableStream<LanguageModelV4StreamPart>): Promise<Collected> {
  const parts: LanguageModelV4StreamPart[] = [];
  const reader = stream.getReader();
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
    return { parts };
  } catch (thrown) {
    return { parts, thrown };
  }
}

function ofType<T extends LanguageModelV4StreamPart['type']>(parts: LanguageModelV4StreamPart[], type: T) {
  return parts.filter((p): p is Extract<LanguageModelV4StreamPart, { type: T }> => p.type === type);
}

function textOf(parts: LanguageModelV4StreamPart[]): string[] {
  return ofType(parts, 'text-delta').map((p) => p.delta);
}

/** The rejection reason of `promise`; fails the test when it resolves. */
async function rejection(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

describe.each(ENDPOINTS)('$name', ({ endpoint, model, reasoning, toolNames }) => {
  it('streams text deltas as given, with usage and finish reason', async () => {
    server.enqueue(fakeText(['Hel', 'lo'], { usage: { inputTokens: 7, outputTokens: 3 } }));
    const { parts, thrown } = await collect((await model(server).doStream(CALL)).stream);

    expect(thrown).toBeUndefined();
    expect(ofType(parts, 'error')).toEqual([]);
    expect(textOf(parts)).toEqual(['Hel', 'lo']);
    const [finish] = ofType(parts, 'finish');
    expect(finish.finishReason.unified).toBe('stop');
    expect(finish.usage.inputTokens.total).toBe(7);
    expect(finish.usage.outputTokens.total).toBe(3);
  });

  it('streams a tool call and records the request the client sent', async () => {
    server.enqueue({
      type: 'success',
      events: ['Checking.', { type: 'tool-call', id: 'call_1', name: 'weather', args: { city: 'Paris' } }],
    });
    const { parts } = await collect((await model(server).doStream(WITH_TOOLS)).stream);

    expect(ofType(parts, 'tool-call')).toMatchObject([
      { toolCallId: 'call_1', toolName: 'weather', input: '{"city":"Paris"}' },
    ]);
    expect(ofType(parts, 'finish')[0].finishReason.unified).toBe('tool-calls');
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', endpoint, stream: true });
    expect(toolNames(request.body)).toEqual(['weather']);
    expect(JSON.stringify(request.body)).toContain('"hi"');
  });

  it('passes raw, invalid tool arguments through verbatim', async () => {
    server.enqueue({
      type: 'success',
      events: [{ type: 'tool-call', id: 'c', name: 'weather', args: '{"city": Par' }],
    });
    const { parts } = await collect((await model(server).doStream(WITH_TOOLS)).stream);

    expect(ofType(parts, 'tool-call')[0].input).toBe('{"city": Par');
  });

  it('streams reasoning before the answer where the client reads it', async () => {
    server.enqueue({ type: 'success', events: [{ type: 'reasoning', deltas: ['Think', 'ing'] }, 'Answer'] });
    const { parts } = await collect((await model(server).doStream(CALL)).stream);

    const reasoningText = ofType(parts, 'reasoning-delta')
      .map((p) => p.delta)
      .join('');
    // Chat Completions has no reasoning stream in @ai-sdk/openai: the reasoning is ignored there.
    expect(reasoningText).toBe(reasoning ? 'Thinking' : '');
    expect(textOf(parts)).toEqual(['Answer']);
  });

  it.each(['length', 'content-filter'] as const)('maps finish reason %s', async (finishReason) => {
    server.enqueue({ type: 'success', events: ['cut'], finishReason });
    const { parts } = await collect((await model(server).doStream(CALL)).stream);

    expect(ofType(parts, 'finish')[0].finishReason.unified).toBe(finishReason);
  });

  it('answers doGenerate with JSON content, usage and finish reason', async () => {
    server.enqueue({
      type: 'success',
      events: ['Hello', { type: 'tool-call', id: 'call_2', name: 'weather', args: { city: 'Oslo' } }],
      usage: { inputTokens: 11, outputTokens: 5 },
    });
    const result = await model(server).doGenerate(WITH_TOOLS);

    expect(result.content).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'text', text: 'Hello' }),
        expect.objectContaining({ type: 'tool-call', toolCallId: 'call_2', input: '{"city":"Oslo"}' }),
      ]),
    );
    expect(result.finishReason.unified).toBe('tool-calls');
    expect(result.usage.inputTokens.total).toBe(11);
    expect(server.requests[0].stream).toBe(false);
  });

  it('turns a 400 into a non-retryable APICallError carrying the message', async () => {
    server.enqueue(
      fakeHttpError(400, { message: 'Bad prompt' }),
      fakeHttpError(400, { message: 'Bad prompt' }),
    );

    for (const call of [() => model(server).doStream(CALL), () => model(server).doGenerate(CALL)]) {
      const error = await rejection(call());
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ statusCode: 400, message: 'Bad prompt', isRetryable: false });
    }
  });

  it.each([429, 500])('marks HTTP %i retryable and forwards headers', async (status) => {
    server.enqueue(fakeHttpError(status, { headers: { 'retry-after': '1' } }));
    const error = await rejection(model(server).doStream(CALL));

    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: status, isRetryable: true });
    expect((error as APICallError).responseHeaders?.['retry-after']).toBe('1');
    expect((error as APICallError).message).toContain(`HTTP ${status}`);
  });

  it('surfaces a connection reset after partial output as a failed read', async () => {
    server.enqueue({ type: 'reset', events: [{ type: 'text', deltas: ['Hel', 'lo'] }] });
    const { parts, thrown } = await collect((await model(server).doStream(CALL)).stream);

    expect(textOf(parts)).toEqual(['Hel', 'lo']);
    expect(APICallError.isInstance(thrown)).toBe(true);
    expect(String((thrown as APICallError).cause)).toContain('terminated');
  });

  it('rejects doStream when the connection resets before any output', async () => {
    server.enqueue({ type: 'reset', afterChunks: 0 });
    const error = await rejection(model(server).doStream(CALL));

    expect(APICallError.isInstance(error)).toBe(true);
  });

  it('reports malformed SSE as an error part and keeps reading', async () => {
    server.enqueue({ type: 'malformed', events: ['Hi'] });
    const { parts, thrown } = await collect((await model(server).doStream(CALL)).stream);

    expect(thrown).toBeUndefined();
    expect(textOf(parts)).toEqual(['Hi']);
    expect(ofType(parts, 'error')).toHaveLength(1);
    expect(ofType(parts, 'finish')).toHaveLength(1);
  });

  it('reports an in-stream provider error after output as an error part', async () => {
    server.enqueue({ type: 'stream-error', events: ['Partial'], message: 'Provider fell over' });
    const { parts } = await collect((await model(server).doStream(CALL)).stream);

    expect(textOf(parts)).toEqual(['Partial']);
    const [errorPart] = ofType(parts, 'error');
    expect(JSON.stringify(errorPart.error) + String(errorPart.error)).toContain('Provider fell over');
  });

  it('rejects doStream with a retryable APICallError for an in-stream error before output', async () => {
    server.enqueue({ type: 'stream-error', afterChunks: 0, message: 'Overloaded right now' });
    const error = await rejection(model(server).doStream(CALL));

    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ message: 'Overloaded right now', isRetryable: true });
  });

  it('applies faults to doGenerate too', async () => {
    server.enqueue(
      { type: 'reset' },
      { type: 'malformed' },
      { type: 'stream-error', status: 503, message: 'Try later' },
    );

    expect(await rejection(model(server).doGenerate(CALL))).toBeInstanceOf(Error);
    expect(await rejection(model(server).doGenerate(CALL))).toBeInstanceOf(Error);
    expect(await rejection(model(server).doGenerate(CALL))).toMatchObject({
      statusCode: 503,
      message: 'Try later',
      isRetryable: true,
    });
  });

  it('delays every frame by chunkDelayMs', async () => {
    server.enqueue(fakeText(['a', 'b', 'c'], { chunkDelayMs: 30 }));
    const { stream } = await model(server).doStream(CALL);
    const arrivals: number[] = [];
    const reader = stream.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      if (r.value.type === 'text-delta') arrivals.push(performance.now());
    }

    expect(arrivals).toHaveLength(3);
    // Two frame delays at least separate the first and the last delta (timers may fire a little early).
    expect(arrivals[2] - arrivals[0]).toBeGreaterThanOrEqual(55);
  });

  it('hangs until the client aborts', async () => {
    server.enqueue({ type: 'hang' });
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(
      Promise.resolve(model(server).doStream({ ...CALL, abortSignal: controller.signal }))
        .then((result) => collect(result.stream))
        .then(({ thrown }) => {
          if (thrown !== undefined) throw thrown;
        }),
    );

    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('AbortError');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
