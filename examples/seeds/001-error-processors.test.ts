/**
 * The seeds' error-processor examples run through a real `Agent` with a scripted model:
 * 000-error-recovery-processor / 001-context-length-handler (trim and retry once),
 * 000-error-processors-agent and 000-support-agent (a user `PrefillErrorHandler` takes the
 * default's place), 001-tuned-error-retry (`maxRetries: 5` with `maxProcessorRetries: 5`) and
 * 001-error-processor-defaults-off. Each agent is configured exactly as its seed file, with a
 * scripted model in place of the router string.
 */
import { APICallError } from '@ai-sdk/provider';
import { Agent } from 'sluice/agent';
import { type ErrorProcessor, PrefillErrorHandler, StreamErrorRetryProcessor } from 'sluice/processors';
import { ScriptedModel } from 'sluice/test';
import { describe, expect, it } from 'vitest';
import { ErrorRecoveryProcessor } from './000-error-recovery-processor.js';
import { ContextLengthHandler } from './001-context-length-handler.js';

function apiError(message: string, statusCode: number): APICallError {
  return new APICallError({
    message,
    url: 'https://api.example.test/v1/responses',
    requestBodyValues: {},
    statusCode,
    isRetryable: statusCode >= 500,
  });
}

const history = [
  { role: 'user' as const, content: 'one' },
  { role: 'assistant' as const, content: 'two' },
  { role: 'user' as const, content: 'three' },
  { role: 'assistant' as const, content: 'four' },
  { role: 'user' as const, content: 'five' },
];

describe.each([
  ['000-error-recovery-processor', () => new ErrorRecoveryProcessor()],
  ['001-context-length-handler', () => new ContextLengthHandler()],
] as Array<[string, () => ErrorProcessor]>)('%s', (_name, make) => {
  it('drops two old messages on "context length exceeded" and retries once', async () => {
    const model = new ScriptedModel({
      steps: [{ throwBeforeStream: apiError('context length exceeded', 400) }, 'fits now'],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, errorProcessors: [make()] });
    const result = await agent.generate(history);
    expect(result.text).toBe('fits now');
    const retried = JSON.stringify(model.calls[1]?.prompt);
    expect(retried).not.toContain('"two"');
    expect(retried).not.toContain('"three"');
    expect(retried).toContain('"five"');
  });

  it('retries only once: a second rejection fails the call', async () => {
    const model = new ScriptedModel({
      steps: [
        { throwBeforeStream: apiError('context length exceeded', 400) },
        { throwBeforeStream: apiError('context length exceeded', 400) },
        'never',
      ],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, errorProcessors: [make()] });
    await expect(agent.generate(history)).rejects.toMatchObject({ statusCode: 400 });
    expect(model.calls).toHaveLength(2);
  });
});

describe('000-error-processors-agent / 000-support-agent: errorProcessors: [new PrefillErrorHandler()]', () => {
  it("the user's PrefillErrorHandler takes the default's place; the other three defaults are added around it", async () => {
    const mine = new PrefillErrorHandler();
    const agent = new Agent({
      id: 'agent',
      instructions: 'You are a helpful assistant.',
      model: new ScriptedModel({ steps: ['ok'] }),
      errorProcessors: [mine],
    });
    const list = await agent.listErrorProcessors();
    expect(list.map((p) => p.id)).toEqual([
      'provider-history-compat',
      'prefill-error-handler',
      'unsupported-file-handler',
      'stream-error-retry-processor',
    ]);
    expect(list[1]).toBe(mine);
  });

  it('recovers from an assistant-prefill rejection', async () => {
    const model = new ScriptedModel({
      steps: [
        { throwBeforeStream: apiError('This model does not support assistant message prefill.', 400) },
        'ok',
      ],
    });
    const agent = new Agent({
      id: 'agent',
      instructions: 'x',
      model,
      errorProcessors: [new PrefillErrorHandler()],
    });
    const result = await agent.generate([
      { role: 'user', content: 'Write a haiku.' },
      { role: 'assistant', content: 'Autumn moonlight' },
    ]);
    expect(result.text).toBe('ok');
    expect(model.calls[1]?.prompt.at(-1)?.role).toBe('user');
  });
});

describe('001-tuned-error-retry: StreamErrorRetryProcessor({ maxRetries: 5 }) with maxProcessorRetries: 5', () => {
  const burst = () =>
    new ScriptedModel({
      steps: [
        ...Array.from({ length: 8 }, () => ({ throwBeforeStream: apiError('overloaded', 503) })),
        'never',
      ],
    });

  it('resolves to the usual place (last) and retries a 503 five times: six calls', async () => {
    const model = burst();
    const agent = new Agent({
      id: 'tuned-agent',
      name: 'tuned-agent',
      model,
      instructions: '...',
      errorProcessors: [new StreamErrorRetryProcessor({ maxRetries: 5 })],
      maxProcessorRetries: 5,
    });
    expect((await agent.listErrorProcessors()).at(-1)?.id).toBe('stream-error-retry-processor');
    await expect(agent.generate('hi')).rejects.toMatchObject({ statusCode: 503 });
    expect(model.calls).toHaveLength(6);
  });

  it("without maxProcessorRetries the processor's maxRetries cannot pass the cap of 3", async () => {
    const model = burst();
    const agent = new Agent({
      id: 'tuned-agent',
      model,
      instructions: '...',
      errorProcessors: [new StreamErrorRetryProcessor({ maxRetries: 5 })],
    });
    await expect(agent.generate('hi')).rejects.toMatchObject({ statusCode: 503 });
    expect(model.calls).toHaveLength(4);
  });
});

describe('001-error-processor-defaults-off: errorProcessorDefaults: false', () => {
  it('runs only the configured StreamErrorRetryProcessor', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'custom-error-recovery-agent',
      name: 'custom-error-recovery-agent',
      model,
      instructions: '...',
      errorProcessorDefaults: false,
      errorProcessors: [new StreamErrorRetryProcessor({ maxRetries: 5 })],
      maxProcessorRetries: 5,
    });
    expect((await agent.listErrorProcessors()).map((p) => p.id)).toEqual(['stream-error-retry-processor']);
  });

  it('so a prefill rejection is no longer recovered', async () => {
    const model = new ScriptedModel({
      steps: [
        { throwBeforeStream: apiError('This model does not support assistant message prefill.', 400) },
        'ok',
      ],
    });
    const agent = new Agent({
      id: 'custom-error-recovery-agent',
      model,
      instructions: '...',
      errorProcessorDefaults: false,
      errorProcessors: [new StreamErrorRetryProcessor({ maxRetries: 5 })],
      maxProcessorRetries: 5,
    });
    await expect(agent.generate('hi')).rejects.toMatchObject({ statusCode: 400 });
    expect(model.calls).toHaveLength(1);
  });
});
