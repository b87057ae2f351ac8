import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, type LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProviderServer, fakeText, fakeToolCall, startFakeProviderServer } from './index.js';

const CALL: LanguageModelV4CallOptions = {
  prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
};

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const chat = () => createOpenAI({ baseURL: server.openaiBaseURL, apiKey: 'test' }).chat('gpt-4o-mini');
const anthropic = () =>
  createAnthropic({ baseURL: server.anthropicBaseURL, apiKey: 'sk-ant' })('claude-sonnet-4-5');

async function drain<T>(stream: ReadableStream<T>): Promise<T[]> {
  const parts: T[] = [];
  const reader = stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
  return parts;
}

async function post(path: string, body: string | object): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('startFakeProviderServer', () => {
  it('listens on 127.0.0.1 and exposes both base URLs', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.openaiBaseURL).toBe(`${server.url}/v1`);
    expect(server.anthropicBaseURL).toBe(`${server.url}/v1`);
  });

  it('answers unknown paths with a 404 naming the supported paths', async () => {
    const res = await post('/v2/nothing', {});
    const body = (await res.json()) as { error: { message: string } };

    expect(res.status).toBe(404);
    expect(body.error.message).toContain('POST /v1/chat/completions');
    expect(body.error.message).toContain('POST /v1/responses');
    expect(body.error.message).toContain('POST /v1/messages');
    expect(server.requests[0]).toMatchObject({ path: '/v2/nothing', endpoint: null });
  });

  it('rejects other methods on model paths with a 405', async () => {
    const res = await fetch(`${server.url}/v1/messages`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('answers an invalid JSON body with a provider-shaped 400 without consuming the queue', async () => {
    server.enqueue(fakeText('unused'));
    const res = await post('/v1/messages', '{ nope');

    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    expect(server.queueLength).toBe(1);
  });

  it('says clearly when the queue is empty', async () => {
    const error = await Promise.resolve(chat().doGenerate(CALL)).catch((e: unknown) => e);

    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(500);
    expect((error as APICallError).message).toMatch(
      /response queue is empty \(request #1, POST \/v1\/chat\/completions\)/,
    );
  });

  it('serves the queue in FIFO order, then the fallback', async () => {
    server.enqueue(fakeText('first'), fakeText('second'));
    server.setFallback(fakeText('fallback'));
    expect(server.queueLength).toBe(2);

    const texts: unknown[] = [];
    for (let i = 0; i < 4; i++) texts.push((await chat().doGenerate(CALL)).content[0]);

    expect(texts.map((c) => (c as { text: string }).text)).toEqual([
      'first',
      'second',
      'fallback',
      'fallback',
    ]);
    expect(server.queueLength).toBe(0);
    expect(server.requests).toHaveLength(4);
  });

  it('reset() clears the queue, the requests and the fallback', async () => {
    server.enqueue(fakeText('left over'));
    server.setFallback(fakeText('fallback'));
    await chat().doGenerate(CALL);
    const requests = server.requests;
    server.reset();

    expect(server.queueLength).toBe(0);
    expect(requests).toHaveLength(0);
    await expect(chat().doGenerate(CALL)).rejects.toThrow(/queue is empty/);
  });

  it('uses the fallback given at start-up', async () => {
    const other = await startFakeProviderServer({ fallback: fakeText('always') });
    try {
      const model = createOpenAI({ baseURL: other.openaiBaseURL, apiKey: 'test' }).chat('gpt-4o-mini');
      expect((await model.doGenerate(CALL)).content).toMatchObject([{ type: 'text', text: 'always' }]);
    } finally {
      await other.close();
    }
  });

  it('records method, path, headers and the parsed body', async () => {
    server.enqueue(fakeText('ok'));
    await anthropic().doGenerate({ ...CALL, maxOutputTokens: 50 });
    const [request] = server.requests;

    expect(request).toMatchObject({ method: 'POST', path: '/v1/messages', endpoint: 'anthropic-messages' });
    expect(request.headers['x-api-key']).toBe('sk-ant');
    expect(request.body).toMatchObject({
      model: 'claude-sonnet-4-5',
      max_tokens: 50,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    });
    expect(JSON.parse(request.rawBody)).toEqual(request.body);
  });

  it('echoes the model id, uses unique tool-call ids and honours a scripted response id', async () => {
    server.enqueue(
      fakeToolCall('weather', { city: 'Rome' }, { id: undefined }),
      fakeToolCall('weather', { city: 'Oslo' }),
      fakeText('x', { id: 'chatcmpl-mine' }),
    );
    const first = await chat().doGenerate(CALL);
    const second = await chat().doGenerate(CALL);
    const idOf = (r: typeof first) => (r.content[0] as { toolCallId: string }).toolCallId;

    expect(first.response?.modelId).toBe('gpt-4o-mini');
    expect(idOf(first)).toMatch(/^call_fake_\d+$/);
    expect(idOf(first)).not.toBe(idOf(second));
    expect((await chat().doGenerate(CALL)).response?.id).toBe('chatcmpl-mine');
  });

  it('sends an error body verbatim when rawBody is given', async () => {
    server.enqueue({ type: 'http-error', status: 502, rawBody: '<html>Bad gateway</html>' });
    const res = await post('/v1/chat/completions', { model: 'm' });

    expect(res.status).toBe(502);
    expect(await res.text()).toBe('<html>Bad gateway</html>');
  });

  it('renders OpenAI chat streams as data-only frames ending with [DONE]', async () => {
    server.enqueue(fakeText('Hi'));
    const text = await (await post('/v1/chat/completions', { model: 'm', stream: true })).text();

    expect(text.split('\n\n').filter(Boolean).at(-1)).toBe('data: [DONE]');
    expect(text).not.toContain('event:');
  });

  it('renders Responses and Anthropic streams as named events', async () => {
    server.enqueue(fakeText('Hi'), fakeText('Hi'));
    const responses = await (await post('/v1/responses', { model: 'm', stream: true })).text();
    const messages = await (await post('/v1/messages', { model: 'm', stream: true })).text();

    expect(responses).toMatch(/^event: response\.created\ndata: \{/);
    expect(responses).toContain('event: response.completed\n');
    expect(messages).toMatch(/^event: message_start\ndata: \{/);
    expect(messages.trimEnd().endsWith('event: message_stop\ndata: {"type":"message_stop"}')).toBe(true);
  });

  it('renders reasoning as reasoning_content for OpenAI-compatible clients', async () => {
    server.enqueue({ type: 'success', events: [{ type: 'reasoning', deltas: ['Hm', 'm'] }, 'Yes'] });
    const model = createOpenAICompatible({
      name: 'fake',
      baseURL: server.openaiBaseURL,
      apiKey: 'test',
    }).chatModel('some-model');
    const parts = await drain((await model.doStream(CALL)).stream);

    const reasoning = parts.flatMap((p) => (p.type === 'reasoning-delta' ? [p.delta] : []));
    expect(reasoning.join('')).toBe('Hmm');
  });

  it('close() ends hanging and keep-alive connections promptly', async () => {
    const other = await startFakeProviderServer({ fallback: { type: 'hang', afterChunks: 1 } });
    const model = createOpenAI({ baseURL: other.openaiBaseURL, apiKey: 'test' }).responses('gpt-4o-mini');
    // Settles (either way) only once the server goes away.
    const pending = Promise.resolve(model.doStream(CALL))
      .then(({ stream }) => drain(stream))
      .catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const started = performance.now();
    await other.close();
    await pending;
    expect(performance.now() - started).toBeLessThan(500);
  });
});
