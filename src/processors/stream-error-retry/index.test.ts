/**
 * `StreamErrorRetryProcessor`: the default instance
 * retries connection resets, retryable OpenAI Responses stream errors and errors the provider
 * marks retryable; custom matchers add policies; the wait honours Retry-After within a cap.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { APICallError } from '@ai-sdk/provider';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../errors/configuration-error.js';
import { DownloadAssetsError } from '../../errors/download-assets-error.js';
import { MessageList } from '../../messages/message-list.js';
import type { ProcessAPIErrorArgs } from '../../pipeline/types.js';
import { createProcessorHarness, ProcessorHarness } from '../../test/processor-harness.js';
import {
  isBadRequestError,
  isConnectionResetError,
  isRetryableOpenAIResponsesStreamError,
  isRetryableProviderErrorBody,
  type StreamErrorRetryMatcherEntry,
  StreamErrorRetryProcessor,
  type StreamErrorRetryProcessorOptions,
} from './index.js';

const RETRY = { retry: true, processorId: 'stream-error-retry-processor' };
const NO_RETRY = { retry: false };

/** The processor's decision on one failed model call, in a fresh run (as the agent asks it). */
async function decide(
  processor: StreamErrorRetryProcessor,
  error: unknown = new Error('boom'),
): Promise<{ retry: boolean; processorId?: string }> {
  return (await createProcessorHarness(processor).processAPIError({ error })).result;
}

function apiError(fields: Partial<ConstructorParameters<typeof APICallError>[0]> = {}): APICallError {
  return new APICallError({
    message: 'API failed',
    url: 'https://api.test/v1',
    requestBodyValues: {},
    ...fields,
  });
}

function withCause(message: string, cause: unknown): Error {
  return new Error(message, { cause });
}

function coded(code: string, message = `read ${code}`): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * Fails one step again and again in one run (as the agent does) until the processor declines;
 * returns how many retries it granted (at most 20). A processor gets a run whose error-retry
 * budget is large enough that only the processor's own limits show.
 */
async function retriesGranted(
  target: StreamErrorRetryProcessor | ProcessorHarness,
  error: unknown = new Error('boom'),
  stepNumber = 0,
): Promise<number> {
  const h =
    target instanceof ProcessorHarness
      ? target
      : createProcessorHarness(target, { maxProcessorRetries: 100 });
  let granted = 0;
  while (granted < 20) {
    const { result } = await h.processAPIError({ error, stepNumber });
    if (!result.retry) break;
    expect(result).toEqual(RETRY);
    granted++;
  }
  return granted;
}

/** Runs the hook and reports the `delayMs` it chose, via a catch-all matcher's `onRetry`. */
async function chosenDelay(
  error: unknown,
  options: StreamErrorRetryProcessorOptions = {},
): Promise<number | undefined> {
  let delayMs: number | undefined;
  const processor = new StreamErrorRetryProcessor({
    ...options,
    matchers: [
      {
        match: () => true,
        onRetry: (a) => {
          delayMs = a.delayMs;
        },
      },
    ],
  });
  // Fake timers so a long computed delay does not slow the test down.
  vi.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00Z') });
  try {
    const pending = createProcessorHarness(processor).processAPIError({ error });
    await vi.runAllTimersAsync();
    expect((await pending).result).toEqual(RETRY);
  } finally {
    vi.useRealTimers();
  }
  return delayMs;
}

// A local server that drops connections in the ways providers' connections get dropped.
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '';
      if (path.startsWith('/close-before-headers')) {
        req.socket.destroy();
        return;
      }
      if (path.startsWith('/reset-before-headers')) {
        req.socket.resetAndDestroy();
        return;
      }
      if (path.startsWith('/openai-event/')) {
        const event = decodeURIComponent(path.slice('/openai-event/'.length).split('/')[0] ?? '');
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(
          'data: {"type":"response.created","sequence_number":0,"response":{"id":"r","created_at":1,"model":"m"}}\n\n',
        );
        res.end(`data: ${event}\n\n`);
        return;
      }
      // Mid-stream: headers and a first event go out, then the peer vanishes.
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: {"type":"response.created","sequence_number":0,"response":{"id":"r"}}\n\n');
      setTimeout(() => {
        if (path.startsWith('/reset-mid-stream')) res.socket?.resetAndDestroy();
        else res.socket?.destroy();
      }, 20);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  vi.useRealTimers();
});

/** The error a real `fetch` throws (reading the whole body when `readBody`). */
async function fetchError(url: string, init: RequestInit = {}, readBody = true): Promise<unknown> {
  try {
    const response = await fetch(url, init);
    if (readBody) await response.text();
  } catch (error) {
    return error;
  }
  throw new Error(`expected ${url} to fail`);
}

describe('identity', () => {
  it('has the documented id and name and only the processAPIError hook', () => {
    const processor = new StreamErrorRetryProcessor();
    expect(processor.id).toBe('stream-error-retry-processor');
    expect(processor.name).toBe('Stream Error Retry Processor');
    expect(typeof processor.processAPIError).toBe('function');
    for (const hook of [
      'processInput',
      'processInputStep',
      'processLLMRequest',
      'processLLMResponse',
      'processOutputStream',
      'processOutputStep',
      'processToolResult',
      'processOutputResult',
    ]) {
      expect(processor).not.toHaveProperty(hook);
    }
  });
});

describe('constructor validation', () => {
  const bad: Array<[string, unknown, string]> = [
    ['maxRetries negative', { maxRetries: -1 }, 'maxRetries'],
    ['maxRetries fractional', { maxRetries: 1.5 }, 'maxRetries'],
    ['maxRetries not a number', { maxRetries: '2' }, 'maxRetries'],
    ['delayMs negative', { delayMs: -5 }, 'delayMs'],
    ['delayMs NaN', { delayMs: Number.NaN }, 'delayMs'],
    ['delayMs infinite', { delayMs: Number.POSITIVE_INFINITY }, 'delayMs'],
    ['matchers not an array', { matchers: () => true }, 'matchers'],
    ['matcher entry a string', { matchers: ['ECONNRESET'] }, 'matchers[0]'],
    ['matcher object without match', { matchers: [() => true, { maxRetries: 2 }] }, 'matchers[1]'],
    ['matcher match not a function', { matchers: [{ match: true }] }, 'matchers[0]'],
    [
      'matcher maxRetries invalid',
      { matchers: [{ match: () => true, maxRetries: -1 }] },
      'matchers[0].maxRetries',
    ],
    ['matcher delayMs invalid', { matchers: [{ match: () => true, delayMs: -1 }] }, 'matchers[0].delayMs'],
    [
      'matcher onRetry not a function',
      { matchers: [{ match: () => true, onRetry: 'log' }] },
      'matchers[0].onRetry',
    ],
    ['maxRetryAfterMs negative', { maxRetryAfterMs: -1 }, 'maxRetryAfterMs'],
    ['retryUnknownErrors not boolean', { retryUnknownErrors: 'yes' }, 'retryUnknownErrors'],
  ];

  it.each(bad)('rejects %s with a ConfigurationError naming the class and option', (_, options, option) => {
    let thrown: unknown;
    try {
      new StreamErrorRetryProcessor(options as StreamErrorRetryProcessorOptions);
    } catch (error) {
      thrown = error;
    }
    expect(ConfigurationError.isInstance(thrown)).toBe(true);
    const error = thrown as ConfigurationError;
    expect(error.code).toBe('PROCESSOR_INVALID_OPTIONS');
    expect(error.message).toContain('StreamErrorRetryProcessor');
    expect(error.message).toContain(`\`${option}\``);
  });

  it('accepts valid options, including maxRetries 0, delay functions and bare matchers', () => {
    expect(
      () =>
        new StreamErrorRetryProcessor({
          maxRetries: 0,
          delayMs: () => 10,
          maxRetryAfterMs: 0,
          retryUnknownErrors: true,
          matchers: [() => false, { match: () => false, maxRetries: 3, delayMs: 0, onRetry: () => {} }],
        }),
    ).not.toThrow();
  });
});

describe('default instance: transient failures only', () => {
  it('does not handle an unrecognised error', async () => {
    expect(await decide(new StreamErrorRetryProcessor())).toEqual(NO_RETRY);
  });

  it('retries an AI SDK APICallError the provider marks retryable, and not one marked non-retryable', async () => {
    const processor = new StreamErrorRetryProcessor();
    // APICallError marks 429 and 5xx retryable by default.
    expect(await decide(processor, apiError({ statusCode: 429 }))).toEqual(RETRY);
    expect(await decide(processor, apiError({ statusCode: 503 }))).toEqual(RETRY);
    expect(await decide(processor, apiError({ statusCode: 400, isRetryable: false }))).toEqual(NO_RETRY);
    expect(await decide(processor, apiError({ statusCode: 500, isRetryable: false }))).toEqual(NO_RETRY);
  });

  it('finds an isRetryable flag further down the cause chain', async () => {
    const error = withCause('wrapper', withCause('inner wrapper', apiError({ statusCode: 502 })));
    expect(await decide(new StreamErrorRetryProcessor(), error)).toEqual(RETRY);
  });

  it('retries once per failing step by default', async () => {
    const h = createProcessorHarness(new StreamErrorRetryProcessor());
    const error = apiError({ statusCode: 500 });
    expect((await h.processAPIError({ error })).result).toEqual(RETRY);
    expect((await h.processAPIError({ error })).result).toEqual(NO_RETRY);
    // A later step that fails gets its own retry.
    expect((await h.processAPIError({ error, stepNumber: 1 })).result).toEqual(RETRY);
  });

  it('honours its own maxRetries, counted per step in its state', async () => {
    const error = apiError({ statusCode: 500 });
    expect(await retriesGranted(new StreamErrorRetryProcessor({ maxRetries: 3 }), error)).toBe(3);
    expect(await retriesGranted(new StreamErrorRetryProcessor({ maxRetries: 0 }), error)).toBe(0);
    const run = createProcessorHarness(new StreamErrorRetryProcessor({ maxRetries: 3 }), {
      maxProcessorRetries: 100,
    });
    expect(await retriesGranted(run, error, 0)).toBe(3);
    expect(await retriesGranted(run, error, 1)).toBe(3);
  });

  it("is still capped by the agent's error-retry budget (3 unless maxProcessorRetries says otherwise)", async () => {
    const error = apiError({ statusCode: 500 });
    const processor = new StreamErrorRetryProcessor({ maxRetries: 5 });
    expect(await retriesGranted(createProcessorHarness(processor), error)).toBe(3);
    expect(await retriesGranted(createProcessorHarness(processor, { maxProcessorRetries: 4 }), error)).toBe(
      4,
    );
  });

  it('ignores the run-wide retryCount: earlier retries in the run do not use up those of a new failure', async () => {
    const processor = new StreamErrorRetryProcessor();
    const hook = vi.spyOn(processor, 'processAPIError');
    const h = createProcessorHarness(processor);
    const error = apiError({ statusCode: 500 });
    // Steps 0 and 1 failed and were retried; step 2 fails with retryCount 2 > maxRetries 1.
    for (const stepNumber of [0, 1])
      expect((await h.processAPIError({ error, stepNumber })).result).toEqual(RETRY);
    expect((await h.processAPIError({ error, stepNumber: 2 })).result).toEqual(RETRY);
    expect(hook.mock.calls[2]?.[0].retryCount).toBe(2);
  });

  it('does not count a retry it declined or could not finish', async () => {
    let failOnRetry = true;
    const processor = new StreamErrorRetryProcessor({
      matchers: [
        {
          match: (e) => APICallError.isInstance(e),
          onRetry: () => {
            if (failOnRetry) throw new Error('logger down');
          },
        },
      ],
    });
    const h = createProcessorHarness(processor);
    const error = apiError({ statusCode: 500 });
    expect((await h.processAPIError({ error: new Error('unknown') })).result).toEqual(NO_RETRY);
    // A throwing onRetry fails the hook: the retry was never granted.
    await expect(h.processAPIError({ error })).rejects.toMatchObject({ code: 'PROCESSOR_HOOK_FAILED' });
    failOnRetry = false;
    expect((await h.processAPIError({ error })).result).toEqual(RETRY);
  });

  it('retries a retryable OpenAI Responses stream error event', async () => {
    const error = { type: 'error', error: { type: 'server_error', code: 'server_error', message: 'boom' } };
    expect(await decide(new StreamErrorRetryProcessor(), error)).toEqual(RETRY);
  });

  it('does not retry a non-retryable OpenAI stream error event', async () => {
    const error = {
      type: 'error',
      error: { type: 'invalid_request_error', code: 'invalid_prompt', message: 'no' },
    };
    expect(await decide(new StreamErrorRetryProcessor(), error)).toEqual(NO_RETRY);
  });
});

describe('connection resets, from real undici errors', () => {
  it('recognises fetch failing before headers when the server closes the socket ("fetch failed" / UND_ERR_SOCKET)', async () => {
    const error = await fetchError(`${baseUrl}/close-before-headers`);
    expect((error as Error).message).toBe('fetch failed');
    expect(((error as Error).cause as { code?: string }).code).toBe('UND_ERR_SOCKET');
    expect(isConnectionResetError(error)).toBe(true);
    expect(await decide(new StreamErrorRetryProcessor(), error)).toEqual(RETRY);
  });

  it('recognises fetch failing before headers on a TCP reset ("fetch failed" / ECONNRESET)', async () => {
    const error = await fetchError(`${baseUrl}/reset-before-headers`);
    expect((error as Error).message).toBe('fetch failed');
    expect(((error as Error).cause as { code?: string }).code).toBe('ECONNRESET');
    expect(isConnectionResetError(error)).toBe(true);
    expect(await decide(new StreamErrorRetryProcessor(), error)).toEqual(RETRY);
  });

  it('recognises a body cut off mid-stream ("terminated" / UND_ERR_SOCKET)', async () => {
    const error = await fetchError(`${baseUrl}/close-mid-stream`);
    expect((error as Error).message).toBe('terminated');
    expect(isConnectionResetError(error)).toBe(true);
    expect(await decide(new StreamErrorRetryProcessor(), error)).toEqual(RETRY);
  });

  it('recognises a TCP reset mid-stream ("terminated" / ECONNRESET)', async () => {
    const error = await fetchError(`${baseUrl}/reset-mid-stream`);
    expect((error as Error).message).toBe('terminated');
    expect(((error as Error).cause as { code?: string }).code).toBe('ECONNRESET');
    expect(isConnectionResetError(error)).toBe(true);
  });

  it('recognises the resets the AI SDK OpenAI provider throws, before headers and mid-stream', async () => {
    const { createOpenAI } = await import('@ai-sdk/openai');
    for (const path of ['close-before-headers', 'close-mid-stream']) {
      const openai = createOpenAI({ apiKey: 'test', baseURL: `${baseUrl}/${path}` });
      let error: unknown;
      try {
        const { stream } = await openai
          .responses('gpt-test')
          .doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
        for await (const _ of stream) {
          // drain
        }
      } catch (thrown) {
        error = thrown;
      }
      expect(APICallError.isInstance(error), path).toBe(true);
      expect(isConnectionResetError(error), path).toBe(true);
      // Retried for the reset even if the provider had not marked the wrapper retryable.
      Object.defineProperty(error, 'isRetryable', { value: false });
      expect(await decide(new StreamErrorRetryProcessor(), error), path).toEqual(RETRY);
    }
  });

  it('does not treat a refused connection as a reset', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await fetchError(`http://127.0.0.1:${port}/`);
    expect((error as Error).message).toBe('fetch failed');
    expect(((error as Error).cause as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isConnectionResetError(error)).toBe(false);
    expect(await decide(new StreamErrorRetryProcessor(), error)).toEqual(NO_RETRY);
  });

  it('never treats an AbortError as a reset, nor retries it as an unknown error', async () => {
    const controller = new AbortController();
    const pending = fetchError(`${baseUrl}/close-mid-stream`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    const error = await pending;
    expect((error as Error).name).toBe('AbortError');
    expect(isConnectionResetError(error)).toBe(false);
    // Even an AbortError wrapping a reset is the caller's doing.
    const abortOverReset = Object.assign(new Error('aborted', { cause: coded('ECONNRESET') }), {
      name: 'AbortError',
    });
    expect(isConnectionResetError(abortOverReset)).toBe(false);
    const processor = new StreamErrorRetryProcessor({ retryUnknownErrors: true });
    expect(await decide(processor, error)).toEqual(NO_RETRY);
    expect(await decide(processor, abortOverReset)).toEqual(NO_RETRY);
  });
});

describe('isConnectionResetError', () => {
  it.each([
    ['ECONNRESET code', coded('ECONNRESET')],
    ['EPIPE code', coded('EPIPE', 'write EPIPE')],
    ['UND_ERR_SOCKET code', coded('UND_ERR_SOCKET', 'other side closed')],
    ['"terminated" TypeError', new TypeError('terminated')],
    ['"socket hang up"', new Error('socket hang up')],
    ['"other side closed" without a code', new Error('other side closed')],
    ['a plain object carrying the code', { code: 'ECONNRESET' }],
    ['fetch failed caused by a reset', new TypeError('fetch failed', { cause: coded('ECONNRESET') })],
    [
      'a reset four wrappers down',
      withCause('a', withCause('b', withCause('c', withCause('d', coded('EPIPE'))))),
    ],
  ])('true for %s', (_, error) => {
    expect(isConnectionResetError(error)).toBe(true);
  });

  it.each([
    ['a plain Error', new Error('boom')],
    ['fetch failed without a cause', new TypeError('fetch failed')],
    ['a message merely containing "terminated"', new Error('Process terminated by operator')],
    ['ECONNREFUSED', coded('ECONNREFUSED')],
    ['a 500 APICallError', apiError({ statusCode: 500 })],
    ['null', null],
    ['a string', 'ECONNRESET'],
  ])('false for %s', (_, error) => {
    expect(isConnectionResetError(error)).toBe(false);
  });

  it('looks eight levels of causes deep, no further, and survives cycles', () => {
    let deep: Error = coded('ECONNRESET');
    for (let i = 0; i < 8; i++) deep = withCause(`wrapper ${i}`, deep);
    expect(isConnectionResetError(deep)).toBe(true);
    expect(isConnectionResetError(withCause('one more', deep))).toBe(false);

    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isConnectionResetError(a)).toBe(false);
  });
});

describe('isRetryableOpenAIResponsesStreamError', () => {
  it.each([
    'rate_limit_exceeded',
    'server_error',
    'internal_error',
    'request_timeout',
    'temporarily_unavailable',
    'service_unavailable',
    'overloaded_error',
  ])('true when the nested error code contains a transient marker (%s)', (code) => {
    expect(isRetryableOpenAIResponsesStreamError({ type: 'error', error: { code, message: 'x' } })).toBe(
      true,
    );
  });

  it('true when the nested error type names a transient condition', () => {
    expect(
      isRetryableOpenAIResponsesStreamError({ type: 'error', error: { type: 'server_error', message: 'x' } }),
    ).toBe(true);
  });

  it('true for a response.failed event with a retryable code or a "you can retry your request" message', () => {
    expect(
      isRetryableOpenAIResponsesStreamError({
        type: 'response.failed',
        response: { error: { code: 'server_error', message: 'x' } },
      }),
    ).toBe(true);
    expect(
      isRetryableOpenAIResponsesStreamError({
        type: 'response.failed',
        response: { error: { code: null, message: 'Something broke. You can retry your request.' } },
      }),
    ).toBe(true);
  });

  it('true for the flat { type: "error", code, message } event OpenAI also sends', () => {
    expect(
      isRetryableOpenAIResponsesStreamError({ type: 'error', code: 'rate_limit_exceeded', message: 'slow' }),
    ).toBe(true);
  });

  it('false for non-transient stream errors and for things that are not stream error events', () => {
    expect(
      isRetryableOpenAIResponsesStreamError({
        type: 'error',
        error: { type: 'invalid_request_error', code: 'invalid_prompt', message: 'bad' },
      }),
    ).toBe(false);
    expect(
      isRetryableOpenAIResponsesStreamError({
        type: 'response.failed',
        response: { error: { code: 'invalid_image', message: 'bad' } },
      }),
    ).toBe(false);
    expect(isRetryableOpenAIResponsesStreamError({ type: 'response.failed', response: {} })).toBe(false);
    expect(isRetryableOpenAIResponsesStreamError({ code: 'server_error', message: 'not an event' })).toBe(
      false,
    );
    expect(isRetryableOpenAIResponsesStreamError(new Error('server_error'))).toBe(false);
    expect(isRetryableOpenAIResponsesStreamError(undefined)).toBe(false);
  });

  it('recognises the events as the AI SDK OpenAI provider surfaces them (APICallError with the event in data)', async () => {
    const { createOpenAI } = await import('@ai-sdk/openai');
    const cases: Array<[unknown, boolean]> = [
      [
        {
          type: 'error',
          sequence_number: 1,
          error: { type: 'server_error', code: 'server_error', message: 'x' },
        },
        true,
      ],
      [{ type: 'error', sequence_number: 1, code: 'rate_limit_exceeded', message: 'slow down' }, true],
      [
        {
          type: 'response.failed',
          sequence_number: 1,
          response: { error: { code: 'weird', message: 'Oops. You can retry your request' } },
        },
        true,
      ],
      [
        {
          type: 'error',
          sequence_number: 1,
          error: { type: 'invalid_request_error', code: 'invalid_prompt', message: 'no' },
        },
        false,
      ],
    ];
    for (const [event, expected] of cases) {
      const path = `openai-event/${encodeURIComponent(JSON.stringify(event))}`;
      const openai = createOpenAI({ apiKey: 'test', baseURL: `${baseUrl}/${path}` });
      let error: unknown;
      try {
        const { stream } = await openai
          .responses('gpt-test')
          .doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
        for await (const part of stream) {
          if (part.type === 'error') throw part.error;
        }
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeDefined();
      expect(isRetryableOpenAIResponsesStreamError(error), JSON.stringify(event)).toBe(expected);
    }
  });
});

describe('isBadRequestError', () => {
  it('is true for statusCode 400, also on the cause chain, and false otherwise', () => {
    expect(isBadRequestError(apiError({ statusCode: 400 }))).toBe(true);
    expect(isBadRequestError(withCause('wrapped', apiError({ statusCode: 400 })))).toBe(true);
    expect(isBadRequestError(apiError({ statusCode: 500 }))).toBe(false);
    expect(isBadRequestError(new Error('400 Bad Request'))).toBe(false);
    expect(isBadRequestError(undefined)).toBe(false);
  });

  it('works as a custom matcher to retry a transient 400 once', async () => {
    const processor = new StreamErrorRetryProcessor({ matchers: [isBadRequestError], maxRetries: 1 });
    const error = apiError({ statusCode: 400, isRetryable: false });
    expect(await retriesGranted(processor, error)).toBe(1);
  });
});

describe('matcher order and policies', () => {
  it('checks custom matchers in order: the first matching entry supplies the policy', async () => {
    const error = new Error('quota blip');
    const processor = new StreamErrorRetryProcessor({
      matchers: [
        { match: (e) => e instanceof Error && e.message.includes('quota'), maxRetries: 3 },
        { match: () => true, maxRetries: 0 },
      ],
    });
    expect(await retriesGranted(processor, error)).toBe(3);

    const reversed = new StreamErrorRetryProcessor({
      matchers: [
        { match: () => true, maxRetries: 0 },
        { match: (e) => e instanceof Error && e.message.includes('quota'), maxRetries: 3 },
      ],
    });
    expect(await retriesGranted(reversed, error)).toBe(0);
  });

  it('walks the cause chain level by level: a match on an outer level wins over an earlier matcher for an inner level', async () => {
    const inner = Object.assign(new Error('inner'), { kind: 'inner' });
    const error = Object.assign(new Error('outer', { cause: inner }), { kind: 'outer' });
    const isKind = (kind: string) => (e: unknown) => (e as { kind?: string } | null)?.kind === kind;
    const processor = new StreamErrorRetryProcessor({
      matchers: [
        { match: isKind('inner'), maxRetries: 0 },
        { match: isKind('outer'), maxRetries: 5 },
      ],
    });
    expect(await retriesGranted(processor, error)).toBe(5);
  });

  it('the built-in OpenAI Responses check comes before custom matchers on the same level', async () => {
    const refuseAll = { match: () => true, maxRetries: 0 };
    const processor = new StreamErrorRetryProcessor({ matchers: [refuseAll] });
    const streamError = { type: 'error', error: { code: 'server_error', message: 'x' } };
    expect(await decide(processor, streamError)).toEqual(RETRY);
    // Control: the same matcher does refuse an error no built-in recognises.
    expect(await decide(processor, new Error('other'))).toEqual(NO_RETRY);
  });

  it('custom matchers come before the built-in reset and provider-body checks, so they configure them', async () => {
    const refuseAll = new StreamErrorRetryProcessor({ matchers: [{ match: () => true, maxRetries: 0 }] });
    expect(await decide(refuseAll, coded('ECONNRESET'))).toEqual(NO_RETRY);
    const overloaded = { type: 'overloaded_error', message: 'Overloaded' };
    expect(await decide(refuseAll, overloaded)).toEqual(NO_RETRY);

    const onRetry = vi.fn();
    const resets = new StreamErrorRetryProcessor({
      matchers: [{ match: isConnectionResetError, maxRetries: 3, delayMs: 5, onRetry }],
    });
    vi.useFakeTimers();
    // A budget above the entry's maxRetries, so the fourth refusal is the processor's own.
    const h = createProcessorHarness(resets, { maxProcessorRetries: 10 });
    for (let i = 0; i < 3; i++) {
      const pending = h.processAPIError({ error: coded('ECONNRESET') });
      await vi.runAllTimersAsync();
      expect((await pending).result).toEqual(RETRY);
    }
    expect((await h.processAPIError({ error: coded('ECONNRESET') })).result).toEqual(NO_RETRY);
    expect(onRetry).toHaveBeenCalledTimes(3);
    expect(onRetry.mock.calls[0]?.[0]).toMatchObject({ delayMs: 5 });
  });

  it('finds a custom matcher hit on a deeper cause', async () => {
    const error = withCause('outer', withCause('middle', coded('ETIMEDOUT', 'connect ETIMEDOUT')));
    const processor = new StreamErrorRetryProcessor({
      matchers: [(e) => (e as { code?: string } | null)?.code === 'ETIMEDOUT'],
    });
    expect(await decide(processor, error)).toEqual(RETRY);
    expect(await decide(new StreamErrorRetryProcessor(), error)).toEqual(NO_RETRY);
  });

  it('a matcher on the same level beats the isRetryable flag', async () => {
    const error = apiError({ statusCode: 503 });
    const processor = new StreamErrorRetryProcessor({
      matchers: [{ match: (e) => APICallError.isInstance(e) && e.statusCode === 503, maxRetries: 0 }],
    });
    expect(await decide(processor, error)).toEqual(NO_RETRY);
  });

  it('a bare matcher function uses the processor-level maxRetries and delay', async () => {
    const processor = new StreamErrorRetryProcessor({ matchers: [() => true], maxRetries: 2 });
    expect(await retriesGranted(processor)).toBe(2);
  });

  it('a matcher entry without maxRetries falls back to the processor maxRetries', async () => {
    const processor = new StreamErrorRetryProcessor({ matchers: [{ match: () => true }], maxRetries: 2 });
    expect(await retriesGranted(processor)).toBe(2);
  });
});

describe('retryUnknownErrors', () => {
  it('retries an unrecognised error only when enabled', async () => {
    expect(await decide(new StreamErrorRetryProcessor())).toEqual(NO_RETRY);
    expect(await decide(new StreamErrorRetryProcessor({ retryUnknownErrors: true }))).toEqual(RETRY);
  });

  it('still respects the retry limit', async () => {
    expect(await retriesGranted(new StreamErrorRetryProcessor({ retryUnknownErrors: true }))).toBe(1);
  });

  it.each([
    ['a 401', apiError({ statusCode: 401, isRetryable: false })],
    ['a 403', apiError({ statusCode: 403, isRetryable: false })],
    ['a 401 under a wrapper', withCause('wrapped', apiError({ statusCode: 401, isRetryable: false }))],
    ['an OpenAI-SDK-style status 403', Object.assign(new Error('forbidden'), { status: 403 })],
    ['code access_denied', coded('access_denied', 'no')],
    ['code authentication_error', coded('authentication_error', 'no')],
    ['code forbidden', coded('forbidden', 'no')],
    ['code invalid_api_key', coded('invalid_api_key', 'no')],
    ['code permission_denied', coded('permission_denied', 'no')],
    ['a provider body with error.type authentication_error', { error: { type: 'authentication_error' } }],
    [
      'an APICallError whose data carries error.code invalid_api_key',
      apiError({ statusCode: 400, isRetryable: false, data: { error: { code: 'invalid_api_key' } } }),
    ],
  ])('does not retry %s (a known authorisation failure)', async (_, error) => {
    const processor = new StreamErrorRetryProcessor({ retryUnknownErrors: true });
    expect(await decide(processor, error)).toEqual(NO_RETRY);
  });
});

describe('delay and Retry-After', () => {
  it('waits the configured delayMs before resolving', async () => {
    vi.useFakeTimers();
    const processor = new StreamErrorRetryProcessor({ delayMs: 1000 });
    let settled = false;
    const pending = createProcessorHarness(processor)
      .processAPIError({ error: apiError({ statusCode: 500 }) })
      .then((run) => {
        settled = true;
        return run.result;
      });
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual(RETRY);
  });

  it('waits for the provider Retry-After even on the default policy', async () => {
    vi.useFakeTimers();
    const error = apiError({ statusCode: 429, responseHeaders: { 'retry-after': '2' } });
    let settled = false;
    const pending = createProcessorHarness(new StreamErrorRetryProcessor())
      .processAPIError({ error })
      .then((run) => {
        settled = true;
        return run.result;
      });
    await vi.advanceTimersByTimeAsync(1999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual(RETRY);
  });

  it('defaults to no delay', async () => {
    expect(await chosenDelay(new Error('x'))).toBe(0);
  });

  it('reads retry-after in seconds', async () => {
    expect(await chosenDelay(apiError({ responseHeaders: { 'retry-after': '3' } }))).toBe(3000);
    expect(await chosenDelay(apiError({ responseHeaders: { 'retry-after': '1.5' } }))).toBe(1500);
  });

  it('prefers retry-after-ms over retry-after', async () => {
    const error = apiError({ responseHeaders: { 'retry-after': '10', 'retry-after-ms': '250' } });
    expect(await chosenDelay(error)).toBe(250);
  });

  it('reads retry-after as an HTTP date', async () => {
    // chosenDelay pins "now" to 2030-01-01T00:00:00Z.
    const error = apiError({ responseHeaders: { 'retry-after': 'Tue, 01 Jan 2030 00:00:07 GMT' } });
    expect(await chosenDelay(error)).toBe(7000);
  });

  it('caps Retry-After at maxRetryAfterMs (default 30000)', async () => {
    const error = apiError({ responseHeaders: { 'retry-after': '120' } });
    expect(await chosenDelay(error)).toBe(30_000);
    expect(await chosenDelay(error, { maxRetryAfterMs: 5000 })).toBe(5000);
    expect(await chosenDelay(error, { maxRetryAfterMs: 0 })).toBe(0);
  });

  it('takes the larger of delayMs and the capped Retry-After; the cap never shortens delayMs', async () => {
    const error = apiError({ responseHeaders: { 'retry-after': '1' } });
    expect(await chosenDelay(error, { delayMs: 5000 })).toBe(5000);
    expect(await chosenDelay(error, { delayMs: 200 })).toBe(1000);
    expect(await chosenDelay(error, { delayMs: 50_000, maxRetryAfterMs: 1000 })).toBe(50_000);
  });

  it('treats negative, past or unparseable Retry-After as 0', async () => {
    expect(await chosenDelay(apiError({ responseHeaders: { 'retry-after': '-5' } }))).toBe(0);
    expect(await chosenDelay(apiError({ responseHeaders: { 'retry-after-ms': '-5' } }))).toBe(0);
    expect(
      await chosenDelay(apiError({ responseHeaders: { 'retry-after': 'Mon, 01 Jan 2029 00:00:00 GMT' } })),
    ).toBe(0);
    expect(await chosenDelay(apiError({ responseHeaders: { 'retry-after': 'soon' } }))).toBe(0);
  });

  it('finds headers on the cause chain, with any key case, or in a Headers object', async () => {
    expect(
      await chosenDelay(withCause('wrapped', apiError({ responseHeaders: { 'Retry-After': '2' } }))),
    ).toBe(2000);
    expect(await chosenDelay({ responseHeaders: new Headers({ 'Retry-After-Ms': '40' }) })).toBe(40);
  });

  it('calls a delay function with the hook args and awaits its result; the entry delay overrides the processor delay', async () => {
    const seen: ProcessAPIErrorArgs[] = [];
    let delayMs: number | undefined;
    const processor = new StreamErrorRetryProcessor({
      delayMs: 9999,
      matchers: [
        {
          match: () => true,
          delayMs: async (a) => {
            seen.push(a);
            return 100 * (a.retryCount + 1);
          },
          onRetry: (a) => {
            delayMs = a.delayMs;
          },
        },
      ],
      maxRetries: 5,
    });
    const hook = vi.spyOn(processor, 'processAPIError');
    const h = createProcessorHarness(processor);
    vi.useFakeTimers();
    // Third failure of step 4 in the run: retryCount 2.
    for (let i = 0; i < 3; i++) {
      const pending = h.processAPIError({ error: new Error('boom'), stepNumber: 4 });
      await vi.runAllTimersAsync();
      expect((await pending).result).toEqual(RETRY);
    }
    expect(seen).toEqual(hook.mock.calls.map(([args]) => args));
    expect(seen[2]).toMatchObject({ retryCount: 2, stepNumber: 4 });
    expect(delayMs).toBe(300);
  });

  it('uses the processor delay function for the default policy', async () => {
    const delay = vi.fn(() => 1234);
    vi.useFakeTimers();
    let settled = false;
    const pending = createProcessorHarness(new StreamErrorRetryProcessor({ delayMs: delay }))
      .processAPIError({ error: apiError({ statusCode: 500 }) })
      .then(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(1233);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(delay).toHaveBeenCalledTimes(1);
  });
});

describe('onRetry', () => {
  it('receives the hook args plus delayMs, before the wait', async () => {
    const events: string[] = [];
    let received: (ProcessAPIErrorArgs & { delayMs: number }) | undefined;
    const processor = new StreamErrorRetryProcessor({
      matchers: [
        {
          match: () => true,
          delayMs: 500,
          onRetry: async (a) => {
            received = a;
            events.push('onRetry');
          },
        },
      ],
    });
    const hook = vi.spyOn(processor, 'processAPIError');
    const h = createProcessorHarness(processor, { messages: 'hi' });
    h.state.seen = true;
    vi.useFakeTimers();
    const pending = h.processAPIError({ error: new Error('boom'), stepNumber: 3 }).then((run) => {
      events.push('resolved');
      return run.result;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['onRetry']);
    await vi.advanceTimersByTimeAsync(500);
    expect(await pending).toEqual(RETRY);
    expect(events).toEqual(['onRetry', 'resolved']);
    const call = hook.mock.calls[0]?.[0] as ProcessAPIErrorArgs;
    expect(call).toMatchObject({ stepNumber: 3, messageId: expect.any(String), state: { seen: true } });
    expect(received).toEqual({ ...call, delayMs: 500 });
  });

  it('is not called when the retry limit is reached', async () => {
    const onRetry = vi.fn();
    const processor = new StreamErrorRetryProcessor({
      matchers: [{ match: () => true, onRetry, maxRetries: 1 }],
    });
    const h = createProcessorHarness(processor);
    expect((await h.processAPIError({ error: new Error('boom') })).result).toEqual(RETRY);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect((await h.processAPIError({ error: new Error('boom') })).result).toEqual(NO_RETRY);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('abort', () => {
  it('rejects with the abort reason when the run is aborted during the wait', async () => {
    const controller = new AbortController();
    const processor = new StreamErrorRetryProcessor({ delayMs: 60_000 });
    const started = Date.now();
    const h = createProcessorHarness(processor, { abortSignal: controller.signal });
    const pending = h.processAPIError({ error: apiError({ statusCode: 500 }) });
    const reason = new Error('user cancelled');
    setTimeout(() => controller.abort(reason), 10);
    await expect(pending).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('is not asked once the run was aborted: the caller sees their abort, not the provider error', async () => {
    const onRetry = vi.fn();
    const processor = new StreamErrorRetryProcessor({ matchers: [{ match: () => true, onRetry }] });
    const reason = new Error('stop');
    const h = createProcessorHarness(processor, { abortSignal: AbortSignal.abort(reason) });
    await expect(h.processAPIError({ error: new Error('boom') })).rejects.toBe(reason);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('does not handle the error, nor count it, when called with an already-aborted signal', async () => {
    // Raw args: the runner calls no hook once the run is aborted, so only a direct call reaches this guard.
    const args = (abortSignal?: AbortSignal): ProcessAPIErrorArgs => ({
      error: new Error('boom'),
      messages: [],
      messageList: new MessageList(),
      stepNumber: 0,
      steps: [],
      state,
      retryCount: 0,
      abortSignal,
      abort: (reason?: string) => {
        throw new Error(reason ?? 'aborted');
      },
    });
    const state = {};
    const onRetry = vi.fn();
    const processor = new StreamErrorRetryProcessor({ matchers: [{ match: () => true, onRetry }] });
    expect(await processor.processAPIError(args(AbortSignal.abort()))).toBeUndefined();
    expect(onRetry).not.toHaveBeenCalled();
    // The declined call used none of the step's one retry.
    expect(await processor.processAPIError(args())).toEqual({ retry: true });
  });
});

describe('raw provider error bodies from older SDKs (isRetryableProviderErrorBody)', () => {
  it.each([
    ['Anthropic overloaded_error', { type: 'overloaded_error', message: 'Overloaded' }],
    ['Anthropic api_error', { type: 'api_error', message: 'Internal server error' }],
    ['Anthropic rate_limit_error', { type: 'rate_limit_error', message: 'Slow down' }],
    [
      'Anthropic api_error inside { type: "error", error }',
      { type: 'error', error: { type: 'api_error', message: 'Internal server error' } },
    ],
    [
      'OpenAI chat server_error',
      { message: 'The server had an error', type: 'server_error', param: null, code: null },
    ],
    [
      'OpenAI chat rate limit code',
      { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
    ],
  ])('retries %s by default', async (_, error) => {
    expect(isRetryableProviderErrorBody(error)).toBe(true);
    expect(await decide(new StreamErrorRetryProcessor(), error)).toEqual(RETRY);
  });

  it.each([
    ['an invalid_request_error body', { type: 'invalid_request_error', message: 'bad' }],
    ['an authentication_error body', { type: 'authentication_error', message: 'invalid x-api-key' }],
    ['a body with a quota code', { message: 'quota', type: 'rate_limit_error', code: 'insufficient_quota' }],
    ['a body flagged isRetryable: false', { type: 'overloaded_error', message: 'x', isRetryable: false }],
    ['a body without a message', { type: 'overloaded_error' }],
    ['an Error carrying a transient-looking code', coded('UND_ERR_CONNECT_TIMEOUT', 'Connect Timeout Error')],
    ['a string', 'overloaded_error'],
  ])('does not treat %s as a transient body', async (_, error) => {
    expect(isRetryableProviderErrorBody(error)).toBe(false);
    expect(await decide(new StreamErrorRetryProcessor(), error)).toEqual(NO_RETRY);
  });

  it('leaves a body alone when the SDK already flagged the error it came with', async () => {
    // An APICallError marked non-retryable whose parsed body looks transient: the SDK decided.
    const error = apiError({
      statusCode: 400,
      isRetryable: false,
      data: { error: { type: 'server_error', message: 'odd' } },
    });
    expect(await decide(new StreamErrorRetryProcessor(), error)).toEqual(NO_RETRY);
  });
});

describe('isRetryableOpenAIResponsesStreamError: AI SDK 4.x stream error parts', () => {
  it('reads the raw event in `data` of a response.failed wrapper', () => {
    const wrapper = {
      message: 'An error occurred.',
      type: 'response.failed',
      code: 'weird',
      statusCode: 500,
      isRetryable: true,
      data: { type: 'response.failed', response: { error: { code: 'server_error', message: 'x' } } },
    };
    expect(isRetryableOpenAIResponsesStreamError(wrapper)).toBe(true);
  });

  it("falls back to the wrapper's own code and message when there is no event", () => {
    expect(
      isRetryableOpenAIResponsesStreamError({
        message: 'x',
        type: 'response.failed',
        code: 'rate_limit_exceeded',
      }),
    ).toBe(true);
    expect(
      isRetryableOpenAIResponsesStreamError({
        message: 'Something broke. You can retry your request.',
        type: 'response.failed',
      }),
    ).toBe(true);
    expect(
      isRetryableOpenAIResponsesStreamError({
        message: 'bad',
        type: 'response.failed',
        code: 'invalid_prompt',
      }),
    ).toBe(false);
  });

  it('reads the raw event in `data` of an error-event wrapper', () => {
    const wrapper = {
      message: 'boom',
      type: 'server_error',
      code: undefined,
      statusCode: 500,
      isRetryable: true,
      data: { type: 'error', error: { type: 'server_error', message: 'boom' } },
    };
    expect(isRetryableOpenAIResponsesStreamError(wrapper)).toBe(true);
  });
});

describe('never retried: authorisation failures and exhausted quotas', () => {
  const quota = (code: string) =>
    apiError({
      statusCode: 429,
      data: { error: { message: 'You exceeded your current quota.', type: code, code } },
    });

  it.each([
    ['insufficient_quota', quota('insufficient_quota')],
    ['billing_hard_limit_reached', quota('billing_hard_limit_reached')],
    ['an Anthropic billing_error', { type: 'error', error: { type: 'billing_error', message: 'No credit' } }],
    [
      'a quota code only in the raw responseBody',
      apiError({ statusCode: 429, responseBody: '{"error":{"code": "insufficient_quota"}}' }),
    ],
    ['a 401 marked retryable', apiError({ statusCode: 401, isRetryable: true })],
    [
      'an authentication_error stream body',
      { type: 'error', error: { type: 'authentication_error', message: 'x' } },
    ],
  ])('does not retry %s, even with a catch-all matcher or retryUnknownErrors', async (_, error) => {
    for (const options of [{}, { retryUnknownErrors: true }, { matchers: [() => true] }]) {
      const processor = new StreamErrorRetryProcessor(options);
      expect(await decide(processor, error), JSON.stringify(options)).toEqual(NO_RETRY);
    }
  });

  it('still retries an ordinary 429 rate limit', async () => {
    const error = apiError({
      statusCode: 429,
      data: { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
    });
    expect(await decide(new StreamErrorRetryProcessor(), error)).toEqual(RETRY);
  });
});

describe('identity, options and attachments', () => {
  it('has a description', () => {
    expect(new StreamErrorRetryProcessor().description).toMatch(/transient/);
  });

  it('accepts a readonly matcher list', async () => {
    const matchers: readonly StreamErrorRetryMatcherEntry[] = Object.freeze([() => true]);
    expect(await decide(new StreamErrorRetryProcessor({ matchers }))).toEqual(RETRY);
  });

  it('puts the class and option in the ConfigurationError details', () => {
    let thrown: unknown;
    try {
      new StreamErrorRetryProcessor({ matchers: [{ match: () => true, maxRetries: -1 }] });
    } catch (error) {
      thrown = error;
    }
    expect((thrown as ConfigurationError).details).toEqual({
      processor: 'StreamErrorRetryProcessor',
      option: 'matchers[0].maxRetries',
    });
  });

  it('leaves a failed attachment download to the agent, even with retryUnknownErrors', async () => {
    const error = new DownloadAssetsError({ url: 'https://files.example/a.png', name: 'a.png', status: 503 });
    const processor = new StreamErrorRetryProcessor({ retryUnknownErrors: true, matchers: [() => true] });
    expect(await decide(processor, error)).toEqual(NO_RETRY);
  });
});
