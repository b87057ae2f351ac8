/**
 * The processor test kit runs one processor's hooks the way the agent does, without an agent or
 * a model, and reports what happened.
 */
import { APICallError } from '@ai-sdk/provider';
import type { AgentSandbox } from 'sluice/agent';
import type { Processor } from 'sluice/processors';
import { createProcessorHarness, finishChunk, textDelta } from 'sluice/test';
import { describe, expect, it } from 'vitest';

const textOf = (chunks: readonly { type: string; payload?: unknown }[]) =>
  chunks
    .map((c) => (c.type === 'text-delta' ? (c.payload as { text: string }).text : `<${c.type}>`))
    .join('');

describe('createProcessorHarness', () => {
  it('processInput: the conversation after the hook, with the same result rules as the agent', async () => {
    const upper: Processor = {
      id: 'upper',
      processInput({ messages }) {
        for (const m of messages)
          for (const p of m.content.parts) if (p.type === 'text') p.text = p.text.toUpperCase();
        return messages;
      },
    };
    const run = await createProcessorHarness(upper, { messages: ['hello', 'world'] }).processInput();
    expect(run.messages.map((m) => m.content.parts[0])).toEqual([
      { type: 'text', text: 'HELLO' },
      { type: 'text', text: 'WORLD' },
    ]);
    expect(run.tripwire).toBeUndefined();
  });

  it('captures a tripwire (reason, retry, metadata, processor id) and reports it to onViolation', async () => {
    const seen: unknown[] = [];
    const blocker: Processor = {
      id: 'blocker',
      onViolation: (v) => {
        seen.push(v.processorId);
      },
      processInput({ abort }) {
        abort('no way', { retry: true, metadata: { score: 0.9 } });
      },
    };
    const run = await createProcessorHarness(blocker, { messages: 'hi' }).processInput();
    expect(run.tripwire).toEqual({
      reason: 'no way',
      retry: true,
      metadata: { score: 0.9 },
      processorId: 'blocker',
    });
    expect(run.violations).toEqual([{ processorId: 'blocker', message: 'no way', detail: { score: 0.9 } }]);
    // The processor's own handler still ran, and is restored afterwards.
    expect(seen).toEqual(['blocker']);
    expect(typeof blocker.onViolation).toBe('function');
  });

  it('a throwing hook rejects with the same ProcessorError the agent raises', async () => {
    const broken: Processor = {
      id: 'broken',
      processInput() {
        throw new Error('boom');
      },
    };
    await expect(createProcessorHarness(broken, { messages: 'x' }).processInput()).rejects.toMatchObject({
      code: 'PROCESSOR_HOOK_FAILED',
      processorId: 'broken',
      hook: 'processInput',
    });
  });

  it('a wrong result shape is PROCESSOR_INVALID_RESULT', async () => {
    const wrong: Processor = { id: 'wrong', processInput: () => 42 as never };
    await expect(createProcessorHarness(wrong, { messages: 'x' }).processInput()).rejects.toMatchObject({
      code: 'PROCESSOR_INVALID_RESULT',
    });
  });

  it('names a hook the processor lacks', () => {
    const only: Processor = { id: 'only-input', processInput: () => undefined };
    expect(() => createProcessorHarness(only).processOutputStream(['x'])).toThrow(
      /"only-input" has no processOutputStream/,
    );
  });

  it('processOutputStream: chunks out, dropped chunks, writes and signals; state lasts across calls', async () => {
    const proc: Processor = {
      id: 'stream',
      async processOutputStream({ part, state, writer, sendSignal }) {
        if (part.type === 'text-delta' && part.payload.text === 'drop') return null;
        if (part.type === 'text-delta') state.n = ((state.n as number) ?? 0) + 1;
        if (part.type === 'finish') {
          await writer?.custom({ type: 'data-count', data: state.n });
          await sendSignal?.({ type: 'reactive', contents: 'done', transient: true });
        }
        return part;
      },
    };
    const h = createProcessorHarness(proc);
    const first = await h.processOutputStream(['a', 'drop', textDelta('b')]);
    expect(textOf(first.chunks)).toBe('ab');
    expect(first.dropped).toEqual([textDelta('drop')]);
    const second = await h.processOutputStream([finishChunk()]);
    expect(second.result.map((c) => c.type)).toEqual(['finish']);
    expect(second.written.map((c) => c.type)).toEqual(['data-count', 'data-signal']);
    expect((second.written[0] as { data: unknown }).data).toBe(2);
    expect(second.signals).toHaveLength(1);
    expect(h.state.n).toBe(2);
  });

  it('processOutputStream: an array result and writer.emit() both show in chunks, in order', async () => {
    const proc: Processor = {
      id: 'fan',
      async processOutputStream({ part, writer }) {
        if (part.type !== 'text-delta') return part;
        await writer?.emit?.(textDelta('>'));
        return [part, part];
      },
    };
    const run = await createProcessorHarness(proc).processOutputStream(['x']);
    expect(textOf(run.chunks)).toBe('>xx');
  });

  it('processInputStep: the settings after the hook', async () => {
    const proc: Processor = {
      id: 'step',
      processInputStep: ({ stepNumber }) => ({ toolChoice: stepNumber === 0 ? 'none' : 'auto' }),
    };
    const h = createProcessorHarness(proc, { messages: 'hi', system: 'be brief' });
    const run = await h.processInputStep();
    expect(run.result.toolChoice).toBe('none');
    expect(run.systemMessages).toEqual([{ role: 'system', content: 'be brief' }]);
  });

  it('processLLMRequest: the prompt that would be sent', async () => {
    const proc: Processor = {
      id: 'req',
      processLLMRequest: ({ prompt }) => ({ prompt: prompt.filter((m) => m.role !== 'system') }),
    };
    const run = await createProcessorHarness(proc, { messages: 'hi', system: 'sys' }).processLLMRequest();
    expect(run.result.prompt.map((m) => m.role)).toEqual(['user']);
  });

  it('sandbox: processLLMRequest and processAPIError receive the agent sandbox given as an option', async () => {
    const sandbox: AgentSandbox = { uploadFile: async () => ({ path: '/s/f' }) };
    const seen: unknown[] = [];
    const proc: Processor = {
      id: 'sandboxed',
      processLLMRequest: (args) => {
        seen.push(args.sandbox);
      },
      processAPIError: (args) => {
        seen.push(args.sandbox);
      },
    };
    const h = createProcessorHarness(proc, { messages: 'hi', sandbox });
    await h.processLLMRequest();
    await h.processAPIError({ error: new Error('x') });
    expect(seen).toEqual([sandbox, sandbox]);
    await createProcessorHarness(proc, { messages: 'hi' }).processLLMRequest();
    expect(seen[2]).toBeUndefined();
    expect(seen).toHaveLength(3);
  });

  it('processOutputStep / processOutputResult: the answer joins the conversation first', async () => {
    const lengths: number[] = [];
    const proc: Processor = {
      id: 'out',
      processOutputStep: ({ text, abort }) => {
        if (text?.includes('bad')) abort('bad word');
      },
      processOutputResult: ({ messages }) => {
        lengths.push(messages.length);
        return messages;
      },
    };
    const h = createProcessorHarness(proc, { messages: 'q' });
    expect((await h.processOutputStep({ text: 'a bad answer' })).tripwire?.reason).toBe('bad word');
    const run = await h.processOutputResult({ text: 'ok' });
    expect(lengths).toEqual([1]);
    expect(run.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('processToolResult receives the tool call', async () => {
    const seen: unknown[] = [];
    const proc: Processor = {
      id: 'tool',
      processToolResult: ({ toolName, result }) => {
        seen.push([toolName, result]);
      },
    };
    await createProcessorHarness(proc).processToolResult({ toolName: 'weather', result: { t: 1 } });
    expect(seen).toEqual([['weather', { t: 1 }]]);
  });

  it('processAPIError: the retry decision and the error-lane retryCount', async () => {
    const counts: number[] = [];
    const proc: Processor = {
      id: 'err',
      processAPIError: ({ error, retryCount }) => {
        counts.push(retryCount);
        return { retry: APICallError.isInstance(error) && error.statusCode === 503 };
      },
    };
    const h = createProcessorHarness(proc, { messages: 'x' });
    const error = new APICallError({ message: 'busy', url: 'u', requestBodyValues: {}, statusCode: 503 });
    expect((await h.processAPIError({ error })).result).toEqual({ retry: true, processorId: 'err' });
    expect((await h.processAPIError({ error })).result.retry).toBe(true);
    expect(counts).toEqual([0, 1]);
  });

  it('writer.custom() refuses a non-data chunk, as the agent does', async () => {
    const proc: Processor = {
      id: 'writes-text',
      async processOutputStream({ part, writer }) {
        await writer?.custom({ type: 'text-delta' } as never);
        return part;
      },
    };
    // As in a run: the hook failed, and its cause names the bad chunk.
    await expect(createProcessorHarness(proc).processOutputStream(['x'])).rejects.toMatchObject({
      code: 'PROCESSOR_HOOK_FAILED',
      processorId: 'writes-text',
      cause: { code: 'INVALID_CUSTOM_CHUNK' },
    });
  });
});
