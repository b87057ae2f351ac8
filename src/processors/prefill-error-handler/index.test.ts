import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { MessageList } from '../../messages/message-list.js';
import type { AgentSignalInput, CreatedAgentSignal, ProcessAPIErrorArgs } from '../../pipeline/types.js';
import { PrefillErrorHandler } from './index.js';

const ANTHROPIC_MESSAGE =
  'This model does not support assistant message prefill. The conversation must end with a user message.';

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

function args(overrides: Partial<ProcessAPIErrorArgs> = {}) {
  const messageList = new MessageList();
  messageList.add(
    [
      { role: 'user', content: 'Write a haiku' },
      { role: 'assistant', content: 'Autumn' },
    ],
    'input',
  );
  const sendSignal = vi.fn(
    async (signal: AgentSignalInput): Promise<CreatedAgentSignal> => ({
      ...signal,
      id: 'sig-1',
      createdAt: new Date(0),
    }),
  );
  const full: ProcessAPIErrorArgs = {
    error: anthropicRejection(),
    messages: messageList.get.all.db(),
    messageList,
    stepNumber: 0,
    steps: [],
    state: {},
    retryCount: 0,
    sendSignal,
    abort: () => {
      throw new Error('abort called');
    },
    ...overrides,
  };
  return { args: full, sendSignal, messageList };
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
    const { args: a, sendSignal } = args();
    await expect(new PrefillErrorHandler().processAPIError(a)).resolves.toEqual({ retry: true });
    expect(sendSignal).toHaveBeenCalledTimes(1);
    expect(sendSignal).toHaveBeenCalledWith({
      type: 'reactive',
      contents: 'continue',
      tagName: 'system-reminder',
      attributes: { type: 'anthropic-prefill-processor-retry' },
      transient: true,
    });
  });

  it('leaves the stored conversation untouched (the reminder is transient)', async () => {
    const { args: a, messageList } = args();
    const before = structuredClone(messageList.get.all.db());
    await new PrefillErrorHandler().processAPIError(a);
    expect(messageList.get.all.db()).toEqual(before);
  });

  it.each([
    ['the Anthropic wording', ANTHROPIC_MESSAGE],
    ['any casing', 'DOES NOT SUPPORT ASSISTANT MESSAGE PREFILL'],
    ['the extended-thinking wording', 'Assistant response prefill is incompatible with enable_thinking.'],
    ['the thinking wording with a space', 'assistant response prefill is incompatible with enable thinking'],
    ['the thinking wording with a hyphen', 'assistant response prefill is incompatible with enable-thinking'],
    ['the model-turn wording', 'Requests ending with a model turn are not supported.'],
  ])('matches %s in the error message', async (_label, message) => {
    const { args: a } = args({ error: new Error(message) });
    await expect(new PrefillErrorHandler().processAPIError(a)).resolves.toEqual({ retry: true });
  });

  it('matches the wording when it is only in the APICallError responseBody', async () => {
    const error = new APICallError({
      message: 'Bad Request',
      url: 'https://api.anthropic.com/v1/messages',
      requestBodyValues: {},
      statusCode: 400,
      responseBody: `{"type":"error","error":{"message":"${ANTHROPIC_MESSAGE}"}}`,
    });
    const { args: a } = args({ error });
    await expect(new PrefillErrorHandler().processAPIError(a)).resolves.toEqual({ retry: true });
  });

  it('matches the wording anywhere on the cause chain', async () => {
    const error = new Error('stream failed', {
      cause: new Error('provider error', { cause: anthropicRejection() }),
    });
    const { args: a } = args({ error });
    await expect(new PrefillErrorHandler().processAPIError(a)).resolves.toEqual({ retry: true });
  });

  it('matches a raw stream error event that nests the message', async () => {
    const error = { type: 'error', error: { type: 'invalid_request_error', message: ANTHROPIC_MESSAGE } };
    const { args: a } = args({ error });
    await expect(new PrefillErrorHandler().processAPIError(a)).resolves.toEqual({ retry: true });
  });

  it('still recovers after earlier error-lane retries in the run (retryCount > 0)', async () => {
    const { args: a, sendSignal } = args({ retryCount: 2 });
    await expect(new PrefillErrorHandler().processAPIError(a)).resolves.toEqual({ retry: true });
    expect(sendSignal).toHaveBeenCalledTimes(1);
  });

  it('retries at most once per step: a second rejection in the same step is left alone', async () => {
    const handler = new PrefillErrorHandler();
    const state = {};
    const first = args({ state, stepNumber: 1 });
    await expect(handler.processAPIError(first.args)).resolves.toEqual({ retry: true });
    const again = args({ state, stepNumber: 1, retryCount: 1 });
    await expect(handler.processAPIError(again.args)).resolves.toBeUndefined();
    expect(again.sendSignal).not.toHaveBeenCalled();
    // A later step that ends with an assistant turn gets its own retry.
    const later = args({ state, stepNumber: 2, retryCount: 1 });
    await expect(handler.processAPIError(later.args)).resolves.toEqual({ retry: true });
  });

  it('does not count a step as retried when it could not send the reminder', async () => {
    const handler = new PrefillErrorHandler();
    const state = {};
    await expect(
      handler.processAPIError(args({ state, sendSignal: undefined }).args),
    ).resolves.toBeUndefined();
    await expect(handler.processAPIError(args({ state }).args)).resolves.toEqual({ retry: true });
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
      const { args: a, sendSignal } = args({ error });
      await expect(new PrefillErrorHandler().processAPIError(a)).resolves.toBeUndefined();
      expect(sendSignal).not.toHaveBeenCalled();
    }
  });

  it('returns undefined without sendSignal, because a plain retry would fail the same way', async () => {
    const { args: a, messageList } = args({ sendSignal: undefined });
    const before = structuredClone(messageList.get.all.db());
    await expect(new PrefillErrorHandler().processAPIError(a)).resolves.toBeUndefined();
    expect(messageList.get.all.db()).toEqual(before);
  });

  it('sends a fresh signal object each time (callers may not corrupt later retries)', async () => {
    const handler = new PrefillErrorHandler();
    const first = args();
    first.sendSignal.mockImplementationOnce(async (signal) => {
      signal.attributes!.type = 'changed';
      return { ...signal, id: 'x', createdAt: new Date(0) };
    });
    await handler.processAPIError(first.args);
    const second = args();
    await handler.processAPIError(second.args);
    expect(second.sendSignal.mock.calls[0]![0].attributes).toEqual({
      type: 'anthropic-prefill-processor-retry',
    });
  });
});
