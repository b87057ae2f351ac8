/**
 * Which provider failures the four default error processors recognise: resets configured by a
 * custom matcher, stream errors of the oldest supported SDKs, OpenAI Responses mid-stream
 * failures, repairs after an earlier retry of the same run, quota 429s (not transient), and the
 * ProviderHistoryCompat rule check.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError } from '@ai-sdk/provider';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MessageList } from '../messages/message-list.js';
import type { ProcessAPIErrorArgs } from '../pipeline/types.js';
import { ProviderHistoryCompat } from '../processors/provider-history-compat/index.js';
import {
  isConnectionResetError,
  isRetryableOpenAIResponsesStreamError,
  StreamErrorRetryProcessor,
} from '../processors/stream-error-retry/index.js';
import { type FakeProviderServer, ScriptedModel, startFakeProviderServer } from '../test/index.js';
import { Agent } from './index.js';

function apiArgs(overrides: Partial<ProcessAPIErrorArgs>): ProcessAPIErrorArgs {
  const messageList = new MessageList();
  messageList.add([{ role: 'user', content: 'hi' }], 'input');
  return {
    error: undefined,
    messages: messageList.get.all.db(),
    messageList,
    stepNumber: 0,
    steps: [],
    state: {},
    retryCount: 0,
    abort: () => {
      throw new Error('abort called');
    },
    ...overrides,
  };
}

/** undici's mid-stream reset as the AI SDK surfaces it. */
function resetError(): Error {
  const socketError = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
  return new TypeError('terminated', { cause: socketError });
}

describe('StreamErrorRetryProcessor: a custom matcher configures resets', () => {
  it('a { match: isConnectionResetError, maxRetries, onRetry } entry sets the policy for resets', async () => {
    const onRetry = vi.fn();
    const processor = new StreamErrorRetryProcessor({
      matchers: [{ match: isConnectionResetError, maxRetries: 3, onRetry }],
    });
    // First retry: the user's onRetry should be told about it.
    expect(await processor.processAPIError(apiArgs({ error: resetError(), retryCount: 0 }))).toEqual({
      retry: true,
    });
    expect(onRetry).toHaveBeenCalledTimes(1);
    // Second reset of the run: the entry allows 3, but the built-in default policy (1) wins.
    expect(await processor.processAPIError(apiArgs({ error: resetError(), retryCount: 1 }))).toEqual({
      retry: true,
    });
  });
});

describe('StreamErrorRetryProcessor: stream errors from the oldest supported SDKs', () => {
  // peerDependencies say `@ai-sdk/anthropic >=2` / `@ai-sdk/openai >=2`. Their 2.x stream
  // transformers enqueue the provider's raw error body, without `isRetryable`:
  //   anthropic 2.0.112 dist/index.mjs:4409  controller.enqueue({ type: "error", error: value.error })
  //   openai    2.0.131 dist/index.mjs:1070  controller.enqueue({ type: "error", error: value.error })
  it('retries an Anthropic overloaded_error stream event by default', async () => {
    const processor = new StreamErrorRetryProcessor();
    const error = { type: 'overloaded_error', message: 'Overloaded' };
    expect(await processor.processAPIError(apiArgs({ error }))).toEqual({ retry: true });
  });

  it('retries an OpenAI Chat Completions `{ error: { type: "server_error" } }` frame by default', async () => {
    const processor = new StreamErrorRetryProcessor();
    const error = {
      message: 'The server had an error while processing your request. Sorry about that!',
      type: 'server_error',
      param: null,
      code: null,
    };
    expect(await processor.processAPIError(apiArgs({ error }))).toEqual({ retry: true });
  });
});

describe('isRetryableOpenAIResponsesStreamError on what @ai-sdk/openai emits mid-stream', () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeProviderServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('is true for a mid-stream response.failed error part with a transient code', async () => {
    server.enqueue({
      type: 'stream-error',
      events: ['Half an answer'],
      openaiResponsesEvent: 'response.failed',
      code: 'server_error',
      message: 'An error occurred while processing your request. You can retry your request.',
    });
    const model = createOpenAI({ baseURL: server.openaiBaseURL, apiKey: 'test' }).responses('gpt-test');
    const { stream } = await model.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    });
    let streamError: unknown;
    for await (const part of stream as unknown as AsyncIterable<{ type: string; error?: unknown }>) {
      if (part.type === 'error') streamError = part.error;
    }
    // The SDK's ProviderStreamError: { message, type: 'response.failed', code, statusCode,
    // isRetryable, data: <the raw event> }.
    expect(streamError).toMatchObject({ type: 'response.failed', code: 'server_error' });
    expect(isRetryableOpenAIResponsesStreamError(streamError)).toBe(true);
  });
});

describe('repair processors after an earlier error-lane retry in the same run', () => {
  it('a prefill rejection after a retried reset is still recovered (budget 3 is not spent)', async () => {
    const prefill = new APICallError({
      message:
        'This model does not support assistant message prefill. The conversation must end with a user message.',
      url: 'https://api.anthropic.com/v1/messages',
      requestBodyValues: {},
      statusCode: 400,
      isRetryable: false,
    });
    const model = new ScriptedModel({
      provider: 'anthropic.messages',
      steps: [{ throwBeforeStream: resetError() }, { throwBeforeStream: prefill }, 'Continued.'],
    });
    const agent = new Agent({ id: 'review', instructions: 'Be brief.', model });
    const result = await agent.generate([
      { role: 'user', content: 'Write a haiku.' },
      { role: 'assistant', content: 'Autumn moonlight' },
    ]);
    // Call 1 reset → StreamErrorRetryProcessor retries (retryCount becomes 1). Call 2 prefill
    // rejection → PrefillErrorHandler skips because retryCount !== 0, so the run fails.
    expect(result.text).toBe('Continued.');
    expect(model.calls).toHaveLength(3);
  });
});

describe('ProviderHistoryCompat option validation', () => {
  it('rejects a custom rule with `fix` but no `errorPatterns` (it could never run)', () => {
    expect(
      () => new ProviderHistoryCompat({ additionalRules: [{ name: 'never-runs', fix: () => true }] }),
    ).toThrow(/errorPatterns/);
  });
});

describe('StreamErrorRetryProcessor: quota exhaustion is not transient', () => {
  it('does not retry an OpenAI 429 insufficient_quota (the SDK marks every 429 retryable)', async () => {
    const body = {
      error: {
        message: 'You exceeded your current quota, please check your plan and billing details.',
        type: 'insufficient_quota',
        param: null,
        code: 'insufficient_quota',
      },
    };
    // What @ai-sdk/openai's createJsonErrorResponseHandler builds for this reply: isRetryable
    // comes from the status alone (429 → true).
    const error = new APICallError({
      message: body.error.message,
      url: 'https://api.openai.com/v1/chat/completions',
      requestBodyValues: {},
      statusCode: 429,
      responseBody: JSON.stringify(body),
      data: body,
    });
    expect(error.isRetryable).toBe(true);
    const processor = new StreamErrorRetryProcessor();
    expect(await processor.processAPIError(apiArgs({ error }))).toBeUndefined();
  });
});
