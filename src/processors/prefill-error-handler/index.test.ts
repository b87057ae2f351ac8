/**
 * `PrefillErrorHandler` (default error processors): on a provider's
 * "assistant message prefill" rejection it sends a transient `continue` reminder and asks for a
 * retry, at most once per step; the stored conversation is never edited.
 */
import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { MessageList } from '../../messages/message-list.js';
import type { ProcessAPIErrorArgs } from '../../pipeline/types.js';
import { createProcessorHarness } from '../../test/processor-harness.js';
import { PrefillErrorHandler } from './index.js';

const ANTHROPIC_MESSAGE =
  'This model does not support assistant message prefill. The conversation must end with a user message.';

/** A conversation that ends with an assistant turn, the request shape providers refuse. */
const CONVERSATION = [
  { role: 'user' as const, content: 'Write a haiku' },
  { role: 'assistant' as const, content: 'Autumn' },
];

/** The reminder the handler sends, as the `data-signal` chunk reports it. */
const CONTINUE = {
  type: 'reactive',
  contents: 'continue',
  tagName: 'system-reminder',
  attributes: { type: 'anthropic-prefill-processor-retry' },
  transient: true,
};

const RETRY = { retry: true, processorId: 'prefill-error-handler' };

function anthropicRejection(): APICallError {
  return new APICallError({
    message: ANTHROPIC_MESSAGE,
    url: 'https://api.anthropic.com/v1/messages',
    requestBodyValues: {},
    statusCode: 400,
    responseBody: JSON.stringify({
      type: 'error',
      error: { type: 'invalid_request_error', message: ANTHROPIC_MESSAGE },
    }),
    isRetryable: false,
  });
}

function harness(handler = new PrefillErrorHandler()) {
  return createProcessorHarness(handler, { messages: CONVERSATION });
}

describe('PrefillErrorHandler', () => {
  it('has the documented id and name and only the processAPIError hook', () => {
    const handler = new PrefillErrorHandler();
    expect(handler.id).toBe('prefill-error-handler');
    expect(handler.name).toBe('Prefill Error Handler');
    expect(typeof handler.processAPIError).toBe('function');
    expect('processLLMRequest' in handler).toBe(false);
  });

  it("recovers from Anthropic's prefill rejection with a transient continue reminder and a retry", async () => {
    const run = await harness().processAPIError({ error: anthropicRejection() });
    expect(run.result).toEqual(RETRY);
    expect(run.signals).toHaveLength(1);
    expect(run.signals[0]).toMatchObject(CONTINUE);
    expect(run.tripwire).toBeUndefined();
  });

  it('leaves the stored conversation untouched (the reminder is transient)', async () => {
    const h = harness();
    const before = structuredClone(h.messageList.get.all.db());
    const run = await h.processAPIError({ error: anthropicRejection() });
    expect(run.result.retry).toBe(true);
    // A non-transient signal would have joined the conversation as a `signal` message.
    expect(run.messages).toEqual(before);
  });

  it.each([
    ['the Anthropic wording', ANTHROPIC_MESSAGE],
    ['any casing', 'DOES NOT SUPPORT ASSISTANT MESSAGE PREFILL'],
    ['the extended-thinking wording', 'Assistant response prefill is incompatible with enable_thinking.'],
    ['the thinking wording with a space', 'assistant response prefill is incompatible with enable thinking'],
    ['the thinking wording with a hyphen', 'assistant response prefill is incompatible with enable-thinking'],
    ['the model-turn wording', 'Requests ending with a model turn are not supported.'],
  ])('matches %s in the error message', async (_label, message) => {
    expect((await harness().processAPIError({ error: new Error(message) })).result).toEqual(RETRY);
  });

  it('matches the wording when it is only in the APICallError responseBody', async () => {
    const error = new APICallError({
      message: 'Bad Request',
      url: 'https://api.anthropic.com/v1/messages',
      requestBodyValues: {},
      statusCode: 400,
      responseBody: `{"type":"error","error":{"message":"${ANTHROPIC_MESSAGE}"}}`,
    });
    expect((await harness().processAPIError({ error })).result).toEqual(RETRY);
  });

  it('matches the wording anywhere on the cause chain', async () => {
    const error = new Error('stream failed', {
      cause: new Error('provider error', { cause: anthropicRejection() }),
    });
    expect((await harness().processAPIError({ error })).result).toEqual(RETRY);
  });

  it('matches a raw stream error event that nests the message', async () => {
    const error = { type: 'error', error: { type: 'invalid_request_error', message: ANTHROPIC_MESSAGE } };
    expect((await harness().processAPIError({ error })).result).toEqual(RETRY);
  });

  it('still recovers after earlier error-lane retries in the run (retryCount > 0)', async () => {
    const handler = new PrefillErrorHandler();
    const hook = vi.spyOn(handler, 'processAPIError');
    const h = harness(handler);
    // Two earlier retries in the run (steps 0 and 1), then a rejection in step 2.
    for (const stepNumber of [0, 1]) await h.processAPIError({ error: anthropicRejection(), stepNumber });
    const run = await h.processAPIError({ error: anthropicRejection(), stepNumber: 2 });
    expect(hook.mock.calls[2]?.[0].retryCount).toBe(2);
    expect(run.result).toEqual(RETRY);
    expect(run.signals).toHaveLength(1);
  });

  it('retries at most once per step: a second rejection in the same step is left alone', async () => {
    const h = harness();
    expect((await h.processAPIError({ error: anthropicRejection(), stepNumber: 1 })).result).toEqual(RETRY);
    const again = await h.processAPIError({ error: anthropicRejection(), stepNumber: 1 });
    expect(again.result).toEqual({ retry: false });
    expect(again.signals).toEqual([]);
    // A later step that ends with an assistant turn gets its own retry.
    const later = await h.processAPIError({ error: anthropicRejection(), stepNumber: 2 });
    expect(later.result).toEqual(RETRY);
    expect(later.signals).toHaveLength(1);
  });

  it('ignores errors that are not prefill rejections', async () => {
    const overloaded = new APICallError({
      message: 'Overloaded',
      url: 'https://api.anthropic.com/v1/messages',
      requestBodyValues: {},
      statusCode: 529,
      responseBody: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    });
    for (const error of [overloaded, new TypeError('terminated'), 'prefill', undefined, null]) {
      const run = await harness().processAPIError({ error });
      expect(run.result).toEqual({ retry: false });
      expect(run.signals).toEqual([]);
    }
  });

  it('sends a fresh signal object each time (callers may not corrupt later retries)', async () => {
    const h = harness();
    const first = await h.processAPIError({ error: anthropicRejection(), stepNumber: 0 });
    // The reported signal shares the attributes object the handler passed to sendSignal.
    (first.signals[0]?.attributes as Record<string, string>).type = 'changed';
    const second = await h.processAPIError({ error: anthropicRejection(), stepNumber: 1 });
    expect(second.signals[0]?.attributes).toEqual({ type: 'anthropic-prefill-processor-retry' });
  });

  // The runner always passes sendSignal, so only a direct call can show the handler without one.
  describe('without a signal channel (direct calls: the runner always passes sendSignal)', () => {
    function args(overrides: Partial<ProcessAPIErrorArgs> = {}): ProcessAPIErrorArgs {
      const messageList = new MessageList();
      messageList.add(CONVERSATION, 'input');
      return {
        error: anthropicRejection(),
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

    it('returns undefined without sendSignal, because a plain retry would fail the same way', async () => {
      const a = args();
      const before = structuredClone(a.messageList.get.all.db());
      await expect(new PrefillErrorHandler().processAPIError(a)).resolves.toBeUndefined();
      expect(a.messageList.get.all.db()).toEqual(before);
    });

    it('does not count a step as retried when it could not send the reminder', async () => {
      const handler = new PrefillErrorHandler();
      const state = {};
      await expect(handler.processAPIError(args({ state }))).resolves.toBeUndefined();
      const sendSignal = vi.fn(
        async (signal: Parameters<NonNullable<ProcessAPIErrorArgs['sendSignal']>>[0]) => ({
          ...signal,
          id: 'sig-1',
          createdAt: new Date(0),
        }),
      );
      await expect(handler.processAPIError(args({ state, sendSignal }))).resolves.toEqual({ retry: true });
      expect(sendSignal).toHaveBeenCalledTimes(1);
    });
  });
});
