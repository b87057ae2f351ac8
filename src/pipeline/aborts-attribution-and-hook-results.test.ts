/**
 * Pipeline rules at the edges of a run: an abort reaches the run from every path and nothing
 * follows it, retries keep the earlier request as a prefix, held-back text is counted, a failure
 * is attributed to the processor that failed, and hook results that change nothing do nothing.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../agent/index.js';
import { ProcessorError } from '../errors/index.js';
import type { ProcessInputArgs, Processor, ProcessorViolation } from '../processors/index.js';
import type { ChunkType } from '../stream/index.js';
import { ScriptedModel } from '../test/index.js';
import { createTool } from '../tools/index.js';

const noop = createTool({
  id: 'noop',
  description: 'n',
  inputSchema: z.object({}),
  execute: async () => ({ ok: 1 }),
});

function promptText(prompt: unknown): string {
  return JSON.stringify(prompt);
}

describe('aborts reach the run from every path', () => {
  it('an abort on a chunk a tool wrote ends the run as a tripwire, not as a tool error', async () => {
    const progress = createTool({
      id: 'progress',
      description: 'p',
      inputSchema: z.object({}),
      execute: async (_input, context) => {
        await context?.writer?.write({ pct: 50 });
        return { done: true };
      },
    });
    const guard = {
      id: 'guard',
      processOutputStream: async ({ part, abort }) => {
        if (part.type === 'tool-output') abort('blocked progress');
        return part;
      },
    } satisfies Processor;
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'progress', args: {} }] }, 'final'],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model,
      tools: { progress },
      outputProcessors: [guard],
    });
    const result = await agent.generate('q');
    expect(result.finishReason).toBe('other');
    expect(result.tripwire).toMatchObject({ reason: 'blocked progress', processorId: 'guard' });
    expect(model.calls).toHaveLength(1);
  });

  it('blocked content stays out of steps, content and tool results', async () => {
    const guard = {
      id: 'guard',
      processOutputStep: ({ text, abort }) => {
        if (text?.includes('SECRET')) abort('leak');
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: ['the SECRET is 42'] }),
      outputProcessors: [guard],
    });
    const result = await agent.generate('q');
    expect(result.finishReason).toBe('other');
    const leaks = Object.entries(result).filter(([, v]) => JSON.stringify(v ?? null).includes('SECRET'));
    expect(leaks.map(([k]) => k)).toEqual([]);
  });
});

describe('retries keep the earlier request as a prefix', () => {
  it('replays keep transient signals sent before the step (from processInput)', async () => {
    const steer = {
      id: 'steer',
      processInput: async ({ sendSignal, messageList }) => {
        await sendSignal?.({ type: 'reactive', contents: 'Be verbose.', transient: true });
        return messageList;
      },
      processOutputStep: ({ text, abort }) => {
        if (text === 'No.') abort('short', { retry: true });
      },
    } satisfies Processor;
    const model = new ScriptedModel({ steps: ['No.', 'Yes, longer.'] });
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model,
      inputProcessors: [steer],
      outputProcessors: [steer],
      maxProcessorRetries: 1,
    });
    await agent.generate('q');
    const [first, second] = model.prompts;
    expect(second?.slice(0, first?.length)).toEqual(first);
    expect(promptText(first)).toContain('Be verbose.');
  });

  it('a rejected tool-call step is shown to the model with its calls and withheld results', async () => {
    const model = new ScriptedModel({ steps: [{ toolCalls: [{ toolName: 'noop', args: {} }] }, 'answer'] });
    const guard = {
      id: 'no-tools',
      processOutputStep: ({ toolCalls, abort }) => {
        if ((toolCalls?.length ?? 0) > 0) abort('Answer without tools.', { retry: true });
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model,
      tools: { noop },
      outputProcessors: [guard],
      maxProcessorRetries: 1,
    });
    const result = await agent.generate('q');
    expect(result.text).toBe('answer');
    const second = model.prompts[1] ?? [];
    const roles = second.map((m) => m.role);
    expect(roles.slice(-3)).toEqual(['assistant', 'tool', 'user']);
    expect(promptText(second.at(-2))).toContain('Withheld: processor \\"no-tools\\" rejected this step.');
  });
});

describe('text accounting', () => {
  it('text a processor holds back and releases on step-finish counts in the result and the stored message', async () => {
    const batch = {
      id: 'batch',
      processOutputStream: async ({ part, state }) => {
        const s = state as { buffer?: string };
        if (part.type === 'text-delta') {
          s.buffer = (s.buffer ?? '') + part.payload.text;
          return null;
        }
        if (part.type === 'step-finish' && s.buffer) {
          const text = s.buffer;
          s.buffer = '';
          return { type: 'text-delta', runId: part.runId, from: part.from, payload: { id: 'flush', text } };
        }
        return part;
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: [{ text: ['Hel', 'lo ', 'world'] }] }),
      outputProcessors: [batch],
    });
    const result = await agent.generate('q');
    expect(result.text).toBe('Hello world');
    expect(JSON.stringify(result.response.dbMessages)).toContain('Hello world');
    expect(result.steps[0]?.text).toBe('Hello world');
  });
});

describe('attribution', () => {
  it('a failure of processor B on a chunk processor A wrote is reported as B’s', async () => {
    const writer = {
      id: 'writer',
      processOutputResult: async ({ writer: w, messageList }) => {
        await w?.custom({ type: 'data-note', data: {} });
        return messageList;
      },
    } satisfies Processor;
    const picky = {
      id: 'picky',
      processDataParts: true,
      processOutputStream: async ({ part }) => {
        if (part.type === 'data-note') throw new Error('no notes');
        return part;
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: ['hi'] }),
      outputProcessors: [writer, picky],
    });
    const error = await agent.generate('q').catch((e: unknown) => e);
    expect(ProcessorError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ processorId: 'picky', hook: 'processOutputStream' });
  });

  it('onViolation runs on the object that aborted when two lanes share an id', async () => {
    const calls: string[] = [];
    const input = {
      id: 'shared',
      processInput: ({ messageList }) => messageList,
      onViolation: () => void calls.push('input'),
    } satisfies Processor;
    const output = {
      id: 'shared',
      processOutputStep: ({ abort }) => abort('no'),
      onViolation: (_v: ProcessorViolation) => void calls.push('output'),
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: ['hi'] }),
      inputProcessors: [input],
      outputProcessors: [output],
    });
    await agent.generate('q');
    expect(calls).toEqual(['output']);
  });

  it('a tools override that cannot be used names the processor that returned it', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: ['hi'] }),
      inputProcessors: [{ id: 'tooler', processInputStep: () => ({ tools: { broken: 42 as never } }) }],
    });
    await expect(agent.generate('q')).rejects.toMatchObject({
      code: 'PROCESSOR_INVALID_RESULT',
      processorId: 'tooler',
      message: expect.stringContaining('Processor "tooler" processInputStep returned "tools"'),
    });
  });
});

describe('hook arguments and results', () => {
  it('processOutputStep sees the system messages the step was called with', async () => {
    let seen: unknown;
    const agent = new Agent({
      id: 'a',
      instructions: 'base',
      model: new ScriptedModel({ steps: ['hi'] }),
      inputProcessors: [
        {
          id: 'rules',
          processInputStep: ({ messageList }) => {
            messageList.addSystem('Step rule.');
          },
        },
      ],
      outputProcessors: [
        {
          id: 'reader',
          processOutputStep: ({ systemMessages }) => {
            seen = systemMessages;
          },
        },
      ],
    });
    await agent.generate('q');
    expect(seen).toEqual([
      { role: 'system', content: 'base' },
      { role: 'system', content: 'Step rule.' },
    ]);
  });

  it('onFinish reports the same totalUsage as the result, rejected attempts included', async () => {
    let finishUsage: unknown;
    const usage = { inputTokens: 10, outputTokens: 5 };
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({
        steps: [
          { text: 'No.', usage },
          { text: 'Yes, fine.', usage },
        ],
      }),
      outputProcessors: [
        {
          id: 'g',
          processOutputStep: ({ text, abort }) => {
            if (text === 'No.') abort('again', { retry: true });
          },
        },
      ],
      maxProcessorRetries: 1,
    });
    const result = await agent.generate('q', {
      onFinish: (event) => {
        finishUsage = event.totalUsage;
      },
    });
    expect(finishUsage).toEqual(result.totalUsage);
    expect(result.totalUsage.inputTokens).toBe(20);
  });

  it('[] from processToolResult changes nothing (the validator pattern)', async () => {
    const model = new ScriptedModel({ steps: [{ toolCalls: [{ toolName: 'noop', args: {} }] }, 'done'] });
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model,
      tools: { noop },
      outputProcessors: [{ id: 'v', processToolResult: () => [] }],
    });
    await agent.generate('question');
    expect(promptText(model.prompts[1])).toContain('question');
  });

  it('processInputStep may move the step output to another message id', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: ['hi'] }),
      inputProcessors: [{ id: 'mover', processInputStep: () => ({ messageId: 'custom-id' }) }],
    });
    const result = await agent.generate('q');
    expect(result.response.dbMessages.map((m) => m.id)).toEqual(['custom-id']);
  });

  it('a frozen processor works (processorIndex is not forced onto it)', async () => {
    const frozen: Processor = Object.freeze({
      id: 'frozen',
      processInput: ({ messageList }: ProcessInputArgs) => messageList,
    });
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: ['hi'] }),
      inputProcessors: [frozen as never],
    });
    await expect(agent.generate('q')).resolves.toMatchObject({ text: 'hi' });
  });
});

describe('error processors in the processLLMRequest lane', () => {
  it('run after the input processors, once when listed in both arrays', async () => {
    const order: string[] = [];
    const both = {
      id: 'both',
      processLLMRequest: () => void order.push('both'),
      processAPIError: () => ({ retry: false }),
    } satisfies Processor;
    const errorOnly = {
      id: 'error-only',
      processLLMRequest: () => void order.push('error-only'),
      processAPIError: () => ({ retry: false }),
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: ['hi'] }),
      inputProcessors: [both, { id: 'in', processLLMRequest: () => void order.push('in') }],
      errorProcessors: [errorOnly, both],
    });
    await agent.generate('q');
    expect(order).toEqual(['both', 'in', 'error-only']);
  });
});

describe('writes after the end', () => {
  it('a writer.custom() call that outlives the run reaches no processor', async () => {
    const seen: string[] = [];
    let late: (() => Promise<void>) | undefined;
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: ['hi'] }),
      outputProcessors: [
        {
          id: 'watch',
          processDataParts: true,
          processOutputStream: async ({ part, writer }) => {
            seen.push(part.type);
            late ??= () => writer?.custom({ type: 'data-late', data: {} }) ?? Promise.resolve();
            return part;
          },
        },
      ],
    });
    const output = await agent.stream('q');
    const chunks: ChunkType[] = [];
    for await (const chunk of output.fullStream) chunks.push(chunk);
    await late?.();
    expect(seen).not.toContain('data-late');
    expect(chunks.at(-1)?.type).toBe('finish');
  });
});

describe('abort signal', () => {
  it('no hook runs after the caller aborts, even while the run body winds down', async () => {
    const controller = new AbortController();
    const calls: string[] = [];
    let release: (() => void) | undefined;
    const slow = {
      id: 'slow',
      processInputStep: async () => {
        calls.push('processInputStep');
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      processLLMRequest: () => void calls.push('processLLMRequest'),
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: ['hi'] }),
      inputProcessors: [slow],
      outputProcessors: [{ id: 'out', processOutputResult: () => void calls.push('processOutputResult') }],
    });
    const output = await agent.stream('q', { abortSignal: controller.signal });
    while (!release) await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new Error('stop'));
    const chunks: ChunkType[] = [];
    for await (const chunk of output.fullStream) chunks.push(chunk);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks.at(-1)?.type).toBe('abort');
    expect(calls).toEqual(['processInputStep']);
  });
});

describe('after an abort, budgets and empty results', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('nothing follows the abort chunk, even from a hook that was running when the abort came', async () => {
    const controller = new AbortController();
    const slow = {
      id: 'slow',
      processOutputStream: async ({ part }) => {
        if (part.type === 'text-delta' && part.payload.text === 'a') {
          setTimeout(() => controller.abort(new Error('stop')), 2);
          await sleep(20);
        }
        return part;
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: [{ text: ['a', 'b', 'c'] }] }),
      outputProcessors: [slow],
    });
    const seen: string[] = [];
    const output = await agent.stream('q', {
      abortSignal: controller.signal,
      onAbort: async () => {
        await sleep(40);
      },
      onChunk: (chunk) => void seen.push(chunk.type),
    });
    const chunks: string[] = [];
    for await (const chunk of output.fullStream) chunks.push(chunk.type);
    await sleep(50);
    expect(chunks.at(-1)).toBe('abort');
    expect(chunks.filter((t) => t === 'abort')).toHaveLength(1);
    expect(seen.at(-1)).toBe('abort');
  });

  it('onStepFinish does not run once the run is aborted', async () => {
    const controller = new AbortController();
    const log: string[] = [];
    const slow = {
      id: 'slow',
      processOutputStream: async ({ part }) => {
        if (part.type === 'step-finish') {
          setTimeout(() => {
            log.push('abort');
            controller.abort(new Error('stop'));
          }, 2);
          await sleep(20);
        }
        return part;
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: ['hi'] }),
      outputProcessors: [slow],
    });
    await agent
      .generate('q', { abortSignal: controller.signal, onStepFinish: () => void log.push('onStepFinish') })
      .catch(() => undefined);
    await sleep(30);
    expect(log).toEqual(['abort']);
  });

  it('partial object chunks follow the processed text, not the raw model text', async () => {
    const redact = {
      id: 'redact',
      processOutputStream: async ({ part }) =>
        part.type === 'text-delta'
          ? { ...part, payload: { ...part.payload, text: part.payload.text.replace('secret', 'XXXXXX') } }
          : part,
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: [{ text: ['{"name":"', 'secret', '"}'] }] }),
      outputProcessors: [redact],
    });
    const output = await agent.stream('q', { structuredOutput: { schema: z.object({ name: z.string() }) } });
    const objects: unknown[] = [];
    for await (const chunk of output.fullStream) if (chunk.type === 'object') objects.push(chunk.object);
    expect(JSON.stringify(objects)).not.toContain('secret');
    expect(objects.at(-1)).toEqual({ name: 'XXXXXX' });
    expect(await output.object).toEqual({ name: 'XXXXXX' });
  });

  it.each([
    [
      'processInputStep messages not an array',
      { inputProcessors: [{ id: 'bad', processInputStep: () => ({ messages: {} as never }) }] },
      'processInputStep',
    ],
    [
      'processInput systemMessages of the wrong role',
      {
        inputProcessors: [
          {
            id: 'bad',
            processInput: ({ messages }: { messages: never[] }) => ({
              messages,
              systemMessages: [{ role: 'user', content: 'x' } as never],
            }),
          },
        ],
      },
      'processInput',
    ],
    [
      'processOutputStream text-delta without payload',
      {
        outputProcessors: [{ id: 'bad', processOutputStream: async () => ({ type: 'text-delta' }) as never }],
      },
      'processOutputStream',
    ],
  ])('a malformed result is named: %s', async (_name, processors, hook) => {
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: ['hi'] }),
      ...(processors as object),
    });
    await expect(agent.generate('q')).rejects.toMatchObject({
      code: 'PROCESSOR_INVALID_RESULT',
      processorId: 'bad',
      hook,
    });
  });

  it('a retryCount override cannot lift the retry budget', async () => {
    const model = new ScriptedModel({ steps: () => 'No.' });
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model,
      inputProcessors: [{ id: 'reset', processInputStep: () => ({ retryCount: 0 }) }],
      outputProcessors: [{ id: 'g', processOutputStep: ({ abort }) => abort('again', { retry: true }) }],
      maxProcessorRetries: 2,
    });
    const result = await agent.generate('q');
    expect(model.calls).toHaveLength(3);
    expect(result.tripwire?.retry).toBe(true);
  });

  it("[] from processOutputStep changes nothing (the seeds' validator idiom)", async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: ['kept'] }),
      outputProcessors: [{ id: 'v', processOutputStep: () => [] }],
    });
    const result = await agent.generate('q');
    expect(result.response.uiMessages).toHaveLength(1);
  });

  it('[] from processOutputResult empties the response (missing messages are removed)', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model: new ScriptedModel({ steps: ['dropped'] }),
      outputProcessors: [{ id: 'v', processOutputResult: () => [] }],
    });
    const result = await agent.generate('q');
    expect(result.response.uiMessages).toHaveLength(0);
    expect(result.messages.map((m) => m.role)).toEqual(['user']);
  });

  it('a prompt emptied by the input processors fails with a clear error before the model is called', async () => {
    const model = new ScriptedModel({ steps: ['hi'] });
    const agent = new Agent({
      id: 'a',
      instructions: 's',
      model,
      inputProcessors: [{ id: 'wipe', processInput: () => [] }],
    });
    await expect(agent.generate('q')).rejects.toMatchObject({ code: 'EMPTY_PROMPT' });
    expect(model.calls).toHaveLength(0);
  });
});

describe('abort reasons', () => {
  it('generate() keeps a non-Error abort reason as the AbortError’s cause and message', async () => {
    const controller = new AbortController();
    controller.abort('user left');
    const agent = new Agent({ id: 'a', instructions: 's', model: new ScriptedModel({ steps: ['hi'] }) });
    await expect(agent.generate('q', { abortSignal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
      cause: 'user left',
      message: expect.stringContaining('user left'),
    });
  });
});
