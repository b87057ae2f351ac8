/**
 * processAPIError in the loop:
 * arguments, order and the first `{ retry: true }`, the retried request, attempt isolation and
 * the separate error-processor budget. Scripted models count every provider call.
 */
import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { ProcessorError } from '../errors/index.js';
import type { ErrorProcessor, ProcessAPIErrorArgs, Processor } from '../processors/index.js';
import type { ChunkType } from '../stream/index.js';
import { ScriptedModel, streamOnly } from '../test/index.js';
import { Agent } from './agent.js';

function rejection(message: string, statusCode = 400): APICallError {
  return new APICallError({
    message,
    url: 'http://127.0.0.1/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
    responseBody: JSON.stringify({ error: { message } }),
    isRetryable: statusCode >= 500,
  });
}

function promptText(model: ScriptedModel, call: number): string {
  return JSON.stringify(model.calls[call]?.prompt);
}

describe('processAPIError arguments and order', () => {
  it('receives the provider error, the conversation, the list, the step, and the error-lane retryCount', async () => {
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: rejection('bad request') }, 'fixed'] });
    const seen: Array<Partial<ProcessAPIErrorArgs>> = [];
    const listSizes: number[] = [];
    const handler: ErrorProcessor = {
      id: 'inspect',
      processAPIError: (args) => {
        listSizes.push(args.messageList.get.all.db().length);
        seen.push({ ...args });
        return { retry: args.retryCount === 0 };
      },
    };
    const agent = new Agent({ id: 'a', instructions: 'x', model, errorProcessors: [handler] });
    const result = await agent.generate('hello');
    expect(result.text).toBe('fixed');
    expect(seen).toHaveLength(1);
    const args = seen[0] as ProcessAPIErrorArgs;
    expect(APICallError.isInstance(args.error)).toBe(true);
    expect((args.error as APICallError).statusCode).toBe(400);
    expect(args.messages.map((m) => m.role)).toEqual(['user']);
    expect(listSizes).toEqual([1]);
    expect(args.stepNumber).toBe(0);
    expect(args.steps).toBeInstanceOf(Array);
    expect(args.retryCount).toBe(0);
    expect(typeof args.abort).toBe('function');
    expect(args.model?.modelId).toBe(model.modelId);
  });

  it('runs processors in list order and stops at the first { retry: true }', async () => {
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: rejection('nope') }, 'ok'] });
    const calls: string[] = [];
    const make = (id: string, result: { retry: boolean } | undefined): ErrorProcessor => ({
      id,
      processAPIError: () => {
        calls.push(id);
        return result;
      },
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      errorProcessorDefaults: false,
      errorProcessors: [
        make('first', undefined),
        make('second', { retry: false }),
        make('third', { retry: true }),
        make('fourth', { retry: true }),
      ],
    });
    await agent.generate('hi');
    expect(calls).toEqual(['first', 'second', 'third']);
  });

  it('the retried call sends the messageList as the processor left it (seed ContextLengthHandler)', async () => {
    const model = new ScriptedModel({
      steps: [{ throwBeforeStream: rejection('context length exceeded') }, 'short enough'],
    });
    const handler: ErrorProcessor = {
      id: 'context-length-handler',
      processAPIError: ({ error, messageList, retryCount }) => {
        if (retryCount > 0) return;
        if (APICallError.isInstance(error) && error.message.includes('context length exceeded')) {
          const messages = messageList.get.all.db();
          if (messages.length > 4) {
            messageList.removeByIds([messages[1]!.id, messages[2]!.id]);
            return { retry: true };
          }
        }
      },
    };
    const agent = new Agent({ id: 'a', instructions: 'x', model, errorProcessors: [handler] });
    const history = ['one', 'two', 'three', 'four', 'five'].map((text, i) => ({
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: text,
    }));
    const result = await agent.generate(history);
    expect(result.text).toBe('short enough');
    expect(promptText(model, 0)).toContain('two');
    expect(promptText(model, 1)).not.toContain('"two"');
    expect(promptText(model, 1)).not.toContain('three');
    expect(promptText(model, 1)).toContain('five');
    // The trimmed conversation is what the run leaves behind.
    expect(result.messages.map((m) => m.content.parts[0])).toHaveLength(4);
  });

  it("shares state with the processor's processLLMRequest in the same run", async () => {
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: rejection('x') }, 'ok'] });
    const states: unknown[] = [];
    const handler: Processor = {
      id: 'stateful',
      processLLMRequest: ({ state }) => {
        states.push(state);
        state.requests = ((state.requests as number | undefined) ?? 0) + 1;
      },
      processAPIError: ({ state }) => {
        states.push(state);
        return { retry: state.requests === 1 };
      },
    };
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      errorProcessors: [handler as ErrorProcessor],
    });
    await agent.generate('hi');
    expect(states).toHaveLength(3);
    expect(new Set(states).size).toBe(1);
    expect(states[0]).toEqual({ requests: 2 });
  });

  it('a wrong result shape names the processor and the hook', async () => {
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: rejection('x') }, 'ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      errorProcessors: [{ id: 'sloppy', processAPIError: () => true as never }],
    });
    const error = await agent.generate('hi').catch((e: unknown) => e);
    expect(ProcessorError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'PROCESSOR_INVALID_RESULT',
      processorId: 'sloppy',
      hook: 'processAPIError',
    });
    expect((error as Error).message).toMatch(/retry: true/);
  });

  it('a throwing processAPIError fails the run with a ProcessorError naming it', async () => {
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: rejection('x') }, 'ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      errorProcessors: [
        {
          id: 'broken',
          processAPIError: () => {
            throw new Error('boom');
          },
        },
      ],
    });
    await expect(agent.generate('hi')).rejects.toMatchObject({
      code: 'PROCESSOR_HOOK_FAILED',
      processorId: 'broken',
      hook: 'processAPIError',
    });
    expect(model.calls).toHaveLength(1);
  });

  it('abort() in processAPIError ends the run as a tripwire', async () => {
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: rejection('x') }, 'ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      errorProcessors: [{ id: 'gate', processAPIError: ({ abort }) => abort('provider refused; giving up') }],
    });
    const result = await agent.generate('hi');
    expect(result.finishReason).toBe('other');
    expect(result.tripwire).toMatchObject({ reason: 'provider refused; giving up', processorId: 'gate' });
  });

  it('with no processor asking, generate() rejects with the provider error and stream() ends on an error chunk', async () => {
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: rejection('invalid') }] });
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    await expect(agent.generate('hi')).rejects.toMatchObject({
      statusCode: 400,
      code: 'PROVIDER_CALL_FAILED',
    });
    const stream = await agent.stream('hi', { errorProcessors: [] });
    const types: string[] = [];
    for await (const chunk of stream.fullStream) types.push(chunk.type);
    expect(types.at(-1)).toBe('error');
  });
});

describe('attempts are isolated', () => {
  const overloaded = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };

  it('a failed attempt leaves no trace in the result, the response messages or the error-free output lane', async () => {
    const model = new ScriptedModel({
      steps: [
        { text: ['partial ', 'answer'], errorAfterChunks: { after: 5, error: overloaded } },
        { text: 'complete answer' },
      ],
    });
    const outputSeen: string[] = [];
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      outputProcessors: [
        {
          id: 'watch',
          processOutputStream: async ({ part }) => {
            outputSeen.push(part.type);
            return part;
          },
        },
      ],
      errorProcessors: [
        { id: 'retry-once', processAPIError: ({ retryCount }) => ({ retry: retryCount === 0 }) },
      ],
      errorProcessorDefaults: false,
    });
    const stream = await agent.stream('hi');
    const chunks: ChunkType[] = [];
    for await (const chunk of stream.fullStream) chunks.push(chunk);
    const result = await stream.getFullOutput();

    expect(outputSeen).not.toContain('error');
    expect(result.text).toBe('complete answer');
    expect(result.steps).toHaveLength(1);
    expect(JSON.stringify(result.response.dbMessages)).not.toContain('partial');
    expect(JSON.stringify(result.messages)).not.toContain('partial');

    // The client saw the partial text, then the retry announcement, then the replacement.
    const types = chunks.map((c) => c.type);
    const retryAt = chunks.findIndex(
      (c) => c.type === 'step-finish' && c.payload.stepResult.reason === 'retry',
    );
    expect(retryAt).toBeGreaterThan(types.indexOf('text-delta'));
    expect(chunks[retryAt]).toMatchObject({
      payload: { apiError: { processorId: 'retry-once', retryCount: 1, message: expect.any(String) } },
    });
    expect(types.indexOf('step-start', retryAt)).toBeGreaterThan(retryAt);
    expect(types).not.toContain('error');
    expect(types.at(-1)).toBe('finish');
    expect(chunks.at(-1)).toMatchObject({ payload: { apiErrorRetryCount: 1 } });
  });

  it('an error before any output is retried without an announcement', async () => {
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: rejection('x', 500) }, 'ok'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    const stream = await agent.stream('hi');
    const types: string[] = [];
    for await (const chunk of stream.fullStream) types.push(chunk.type);
    expect(types.filter((t) => t === 'step-start')).toHaveLength(1);
    expect(types.filter((t) => t === 'step-finish')).toHaveLength(1);
  });

  it('messages a failed attempt added (a signal from an output hook) are rolled back before the retry', async () => {
    // Streamed, so the failure comes after a delta went through the output hook.
    const model = streamOnly(
      new ScriptedModel({
        steps: [{ text: ['a', 'b'], errorAfterChunks: { after: 4, error: overloaded } }, 'done'],
      }),
    );
    let sent = 0;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      outputProcessors: [
        {
          id: 'signaller',
          processOutputStream: async ({ part, sendSignal }) => {
            if (part.type === 'text-delta' && sent++ === 0) {
              await sendSignal?.({ type: 'reactive', contents: 'seen a delta' });
            }
            return part;
          },
        },
      ],
      errorProcessors: [
        { id: 'retry-once', processAPIError: ({ retryCount }) => ({ retry: retryCount === 0 }) },
      ],
    });
    const result = await agent.generate('hi');
    expect(result.text).toBe('done');
    expect(JSON.stringify(result.messages)).not.toContain('seen a delta');
  });
});

describe('error-processor retry budget', () => {
  const always: ErrorProcessor = { id: 'always', processAPIError: () => ({ retry: true }) };
  const failing = (n: number) =>
    Array.from({ length: n }, () => ({ throwBeforeStream: rejection('down', 503) }));

  it('defaults to 3 retries (4 provider calls) when maxProcessorRetries is unset', async () => {
    const model = new ScriptedModel({ steps: [...failing(10), 'never'] });
    const counts: number[] = [];
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      errorProcessorDefaults: false,
      errorProcessors: [
        {
          id: 'always',
          processAPIError: ({ retryCount }) => {
            counts.push(retryCount);
            return { retry: true };
          },
        },
      ],
    });
    await expect(agent.generate('hi')).rejects.toMatchObject({ statusCode: 503 });
    expect(model.calls).toHaveLength(4);
    // Once the budget is spent no processor is asked, so none edits the conversation in vain.
    expect(counts).toEqual([0, 1, 2]);
  });

  const limits: Array<{ rule: string; agent: number; call?: number; failures: number; calls: number }> = [
    { rule: 'maxProcessorRetries on the agent sets the error budget', agent: 1, failures: 10, calls: 2 },
    {
      rule: "the call's maxProcessorRetries wins over the agent's",
      agent: 1,
      call: 5,
      failures: 10,
      calls: 6,
    },
    { rule: 'maxProcessorRetries: 0 allows no error retry', agent: 0, failures: 2, calls: 1 },
  ];
  for (const { rule, agent: max, call, failures, calls } of limits) {
    it(rule, async () => {
      const model = new ScriptedModel({ steps: [...failing(failures), 'never'] });
      const agent = new Agent({
        id: 'a',
        instructions: 'x',
        model,
        errorProcessors: [always],
        maxProcessorRetries: max,
      });
      const options = call === undefined ? {} : { maxProcessorRetries: call };
      await expect(agent.generate('hi', options)).rejects.toMatchObject({ statusCode: 503 });
      expect(model.calls).toHaveLength(calls);
    });
  }

  it('the budget is per run: a later step that fails gets what is left', async () => {
    const model = new ScriptedModel({
      steps: [
        { throwBeforeStream: rejection('x', 503) },
        { toolCalls: [{ toolName: 'noop', args: {} }] },
        ...failing(5),
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: {
        noop: { description: 'noop', inputSchema: { type: 'object' }, execute: async () => 'ok' } as never,
      },
      errorProcessorDefaults: false,
      errorProcessors: [always],
    });
    await expect(agent.generate('hi')).rejects.toMatchObject({ statusCode: 503 });
    // 1 failed + 1 tool step, then 3 failures for the 2 retries left = 5 calls.
    expect(model.calls).toHaveLength(5);
  });

  it('step retries still need an explicit maxProcessorRetries although error processors are on', async () => {
    const model = new ScriptedModel({ steps: ['bad', 'good'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      outputProcessors: [
        {
          id: 'judge',
          processOutputStep: ({ text, abort }) => {
            if (text === 'bad') abort('try again', { retry: true });
          },
        },
      ],
    });
    const result = await agent.generate('hi');
    expect(result.tripwire).toMatchObject({ processorId: 'judge', retry: true });
    expect(model.calls).toHaveLength(1);
  });
});
