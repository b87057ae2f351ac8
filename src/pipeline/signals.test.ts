/**
 * `sendSignal()`: a signal reaches the model as a user message
 * `<tag attr="…">contents</tag>`; `transient: true` reaches the current call only and is never
 * stored; other signals join the conversation; clients see a transient `data-signal` chunk.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../agent/index.js';
import type { ChunkType } from '../stream/index.js';
import { ScriptedModel } from '../test/index.js';
import { createTool } from '../tools/index.js';

const noop = createTool({
  id: 'noop',
  description: 'Does nothing',
  inputSchema: z.object({}),
  execute: async () => ({ ok: true }),
});

function lastText(prompt: ReadonlyArray<{ role: string; content: unknown }> | undefined): string {
  const last = prompt?.at(-1);
  if (!last || typeof last.content === 'string') return String(last?.content);
  return (last.content as Array<{ type: string; text?: string }>).map((p) => p.text ?? '').join('');
}

describe('sendSignal', () => {
  it('renders a reactive signal as a <system-reminder> user message with its attributes, in order', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      inputProcessors: [
        {
          id: 'final-step',
          processInputStep: async ({ sendSignal }) => {
            await sendSignal?.({
              type: 'reactive',
              contents: 'Answer now.',
              attributes: { reason: 'max-steps-reached', step: 5, skipped: undefined, quote: 'a"b' },
            });
          },
        },
      ],
    });
    await agent.generate('q');
    expect(model.calls[0]?.prompt.at(-1)).toEqual({
      role: 'user',
      content: [
        {
          type: 'text',
          text: '<system-reminder reason="max-steps-reached" step="5" quote="a&quot;b">Answer now.</system-reminder>',
        },
      ],
    });
  });

  it('uses tagName when given', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      inputProcessors: [
        {
          id: 'n',
          processInputStep: async ({ sendSignal }) => {
            await sendSignal?.({ type: 'notification', contents: 'Build passed.', tagName: 'ci-status' });
          },
        },
      ],
    });
    await agent.generate('q');
    expect(lastText(model.calls[0]?.prompt)).toBe('<ci-status>Build passed.</ci-status>');
  });

  it('delivers a transient signal to the current call only: exactly one copy per call, never stored', async () => {
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'noop', args: {} }] },
        { toolCalls: [{ toolName: 'noop', args: {} }] },
        'done',
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { noop },
      inputProcessors: [
        {
          id: 'steer',
          processInputStep: async ({ sendSignal }) => {
            await sendSignal?.({ type: 'reactive', contents: 'Stay on task.', transient: true });
          },
        },
      ],
    });
    const result = await agent.generate('q');
    expect(model.calls).toHaveLength(3);
    for (const call of model.calls) {
      const copies = JSON.stringify(call.prompt).split('Stay on task.').length - 1;
      expect(copies).toBe(1);
      expect(lastText(call.prompt)).toBe('<system-reminder>Stay on task.</system-reminder>');
    }
    expect(JSON.stringify(result.messages)).not.toContain('Stay on task.');
  });

  it('keeps a non-transient signal in the conversation: later steps still see it where it was sent', async () => {
    const model = new ScriptedModel({ steps: [{ toolCalls: [{ toolName: 'noop', args: {} }] }, 'done'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { noop },
      inputProcessors: [
        {
          id: 'once',
          processInputStep: async ({ sendSignal, stepNumber }) => {
            if (stepNumber === 0) await sendSignal?.({ type: 'reactive', contents: 'Remember the budget.' });
          },
        },
      ],
    });
    const result = await agent.generate('q');
    const second = model.calls[1]?.prompt ?? [];
    const roles = second.map((m) => m.role);
    // system, user question, the signal, then the step-0 tool call and its result.
    expect(roles).toEqual(['system', 'user', 'user', 'assistant', 'tool']);
    expect(JSON.stringify(second[2])).toContain('<system-reminder>Remember the budget.</system-reminder>');
    const stored = result.messages.filter((m) => m.role === 'signal');
    expect(stored).toHaveLength(1);
    // Signals are model-facing: hidden from UI messages.
    expect(JSON.stringify(result.response.uiMessages)).not.toContain('Remember the budget.');
  });

  it('starts a new assistant message for output that follows a signal, so the conversation stays in order', async () => {
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'noop', args: {} }] },
        { toolCalls: [{ toolName: 'noop', args: {} }] },
        'done',
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { noop },
      inputProcessors: [
        {
          id: 'mid',
          processInputStep: async ({ sendSignal, stepNumber }) => {
            if (stepNumber === 1) await sendSignal?.({ type: 'reactive', contents: 'Half way.' });
          },
        },
      ],
    });
    await agent.generate('q');
    const third = model.calls[2]?.prompt ?? [];
    expect(third.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'user',
      'assistant',
      'tool',
    ]);
  });

  it('streams each signal as a transient data-signal chunk', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      inputProcessors: [
        {
          id: 's',
          processInputStep: async ({ sendSignal }) => {
            await sendSignal?.({ type: 'reactive', contents: 'Hi.', attributes: { a: 1 } });
          },
        },
      ],
    });
    const output = await agent.stream('q');
    const chunks: ChunkType[] = [];
    for await (const chunk of output.fullStream) chunks.push(chunk);
    const signal = chunks.find((c) => c.type === 'data-signal');
    expect(signal).toMatchObject({
      type: 'data-signal',
      transient: true,
      data: { type: 'reactive', tagName: 'system-reminder', contents: 'Hi.', attributes: { a: 1 } },
    });
  });

  it('rejects an invalid signal with an error naming the processor and hook', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      inputProcessors: [
        {
          id: 'bad-signal',
          processInputStep: async ({ sendSignal }) => {
            await sendSignal?.({ type: 'state', contents: 'x', transient: true });
          },
        },
      ],
    });
    await expect(agent.generate('q')).rejects.toThrow(
      /Processor "bad-signal" threw in processInputStep.*"state" signal cannot be transient/,
    );
  });
});

describe('response messages around signals', () => {
  it('steps after a signal keep appending to the one new assistant message', async () => {
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'noop', args: {} }] },
        { toolCalls: [{ toolName: 'noop', args: {} }] },
        { toolCalls: [{ toolName: 'noop', args: {} }] },
        'done',
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { noop },
      inputProcessors: [
        {
          id: 'mid',
          processInputStep: async ({ sendSignal, stepNumber }) => {
            if (stepNumber === 1) await sendSignal?.({ type: 'reactive', contents: 'Half way.' });
          },
        },
      ],
    });
    const result = await agent.generate('q');
    expect(result.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'signal', 'assistant']);
  });
});
