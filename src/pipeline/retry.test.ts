/**
 * Processor-requested retries:
 * `abort(reason, { retry: true })` replays the step only when `maxProcessorRetries` is set (the
 * call's value wins); the replay sends the earlier request unchanged, then the rejected answer,
 * then `<system-reminder reason="processor-retry" processor="<id>">REASON</system-reminder>`.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../agent/index.js';
import type { Processor, ProcessorViolation } from '../processors/index.js';
import type { ChunkType } from '../stream/index.js';
import { ScriptedModel } from '../test/index.js';
import { createTool } from '../tools/index.js';

/** Rejects answers shorter than `minWords`, asking for a retry. */
function lengthGuard(minWords: number, seen: number[] = []) {
  return {
    id: 'length-guard',
    processOutputStep: async ({ text, abort, retryCount, messageList }) => {
      seen.push(retryCount);
      if ((text ?? '').split(/\s+/).filter(Boolean).length < minWords) {
        abort('Too short. Answer in at least three words.', { retry: true, metadata: { minWords } });
      }
      return messageList;
    },
  } satisfies Processor;
}

function textOf(message: { content: unknown }): string {
  const content = message.content;
  if (typeof content === 'string') return content;
  return (content as Array<{ type: string; text?: string }>)
    .filter((p) => p.type === 'text')
    .map((p) => p.text)
    .join('');
}

describe('processor retries', () => {
  it('replays the step with the earlier request as a prefix, then the rejected answer, then the reason as a system reminder', async () => {
    const model = new ScriptedModel({ steps: ['No.', 'Paris is the capital.'] });
    const seen: number[] = [];
    const agent = new Agent({
      id: 'a',
      instructions: 'Be helpful.',
      model,
      outputProcessors: [lengthGuard(3, seen)],
      maxProcessorRetries: 2,
    });
    const result = await agent.generate('Capital of France?');

    expect(model.calls).toHaveLength(2);
    const first = model.calls[0]?.prompt ?? [];
    const second = model.calls[1]?.prompt ?? [];
    expect(second.slice(0, first.length)).toEqual(first);
    expect(second.slice(first.length)).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'No.' }] },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: '<system-reminder reason="processor-retry" processor="length-guard">Too short. Answer in at least three words.</system-reminder>',
          },
        ],
      },
    ]);
    expect(seen).toEqual([0, 1]);
    expect(result.text).toBe('Paris is the capital.');
    expect(result.tripwire).toBeUndefined();
    expect(result.finishReason).toBe('stop');
  });

  it('keeps only the accepted answer: no rejected text or reminder in the result or the message list', async () => {
    const model = new ScriptedModel({ steps: ['No.', 'Paris is the capital.'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      outputProcessors: [lengthGuard(3)],
      maxProcessorRetries: 1,
    });
    const result = await agent.generate('Capital of France?');
    const all = JSON.stringify(result.messages);
    expect(all).not.toContain('No.');
    expect(all).not.toContain('processor-retry');
    expect(result.response.messages).toHaveLength(1);
    expect(textOf(result.response.messages[0] as { content: unknown })).toBe('Paris is the capital.');
    expect(result.steps).toHaveLength(1);
  });

  it('counts the rejected attempt in totalUsage but not in usage', async () => {
    const usage = { inputTokens: 10, outputTokens: 5 };
    const model = new ScriptedModel({
      steps: [
        { text: 'No.', usage },
        { text: 'Paris is the capital.', usage },
      ],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      outputProcessors: [lengthGuard(3)],
      maxProcessorRetries: 1,
    });
    const result = await agent.generate('q');
    expect(result.usage.outputTokens).toBe(5);
    expect(result.totalUsage.outputTokens).toBe(10);
  });

  it('treats a retry request as a plain abort when maxProcessorRetries is unset', async () => {
    const model = new ScriptedModel({ steps: ['No.', 'Paris is the capital.'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model, outputProcessors: [lengthGuard(3)] });
    const result = await agent.generate('q');
    expect(model.calls).toHaveLength(1);
    expect(result.finishReason).toBe('other');
    expect(result.tripwire).toMatchObject({
      reason: 'Too short. Answer in at least three words.',
      retry: true,
      metadata: { minWords: 3 },
      processorId: 'length-guard',
    });
    expect(result.text).toBe('');
  });

  it('lets the call-level maxProcessorRetries override the agent (call wins, in both directions)', async () => {
    const loose = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['No.', 'Nope.', 'Paris is the capital.'] }),
      outputProcessors: [lengthGuard(3)],
      maxProcessorRetries: 5,
    });
    const strict = await loose.generate('q', { maxProcessorRetries: 0 });
    expect(strict.tripwire?.processorId).toBe('length-guard');

    const model = new ScriptedModel({ steps: ['No.', 'Nope.', 'Paris is the capital.'] });
    const none = new Agent({ id: 'b', instructions: 'x', model, outputProcessors: [lengthGuard(3)] });
    const granted = await none.generate('q', { maxProcessorRetries: 2 });
    expect(model.calls).toHaveLength(3);
    expect(granted.text).toBe('Paris is the capital.');
  });

  it('ends as a tripwire with retry: true once the budget is spent, after exactly 1 + max calls', async () => {
    const model = new ScriptedModel({ steps: ['a', 'b', 'c', 'd'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      outputProcessors: [lengthGuard(3)],
      maxProcessorRetries: 2,
    });
    const result = await agent.generate('q');
    expect(model.calls).toHaveLength(3);
    expect(result.finishReason).toBe('other');
    expect(result.tripwire?.retry).toBe(true);
    // Feedback accumulates: the third call holds both rejected answers and both reminders.
    const third = model.calls[2]?.prompt ?? [];
    expect(third.filter((m) => m.role === 'assistant').map(textOf)).toEqual(['a', 'b']);
    expect(third.filter((m) => m.role === 'user' && textOf(m).includes('processor-retry'))).toHaveLength(2);
  });

  it('calls onViolation for every abort, retried or final', async () => {
    const violations: ProcessorViolation[] = [];
    const guard = { ...lengthGuard(3), onViolation: (v: ProcessorViolation) => void violations.push(v) };
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['a', 'b'] }),
      outputProcessors: [guard],
      maxProcessorRetries: 1,
    });
    await agent.generate('q');
    expect(violations).toHaveLength(2);
    expect(violations[0]).toEqual({
      processorId: 'length-guard',
      message: 'Too short. Answer in at least three words.',
      detail: { minWords: 3 },
    });
  });

  it('announces a replay on the stream with a step-finish of reason "retry" before the replacement output', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['No.', 'Paris is the capital.'] }),
      outputProcessors: [lengthGuard(3)],
      maxProcessorRetries: 1,
    });
    const output = await agent.stream('q');
    const chunks: ChunkType[] = [];
    for await (const chunk of output.fullStream) chunks.push(chunk);
    const kinds = chunks.map((c) =>
      c.type === 'step-finish' ? `step-finish:${c.payload.stepResult.reason}` : c.type,
    );
    expect(kinds.filter((k) => k.startsWith('step-') || k === 'finish')).toEqual([
      'step-start',
      'step-finish:retry',
      'step-start',
      'step-finish:stop',
      'finish',
    ]);
    const retry = chunks.find((c) => c.type === 'step-finish' && c.payload.stepResult.reason === 'retry');
    expect(retry?.type === 'step-finish' && retry.payload.tripwire).toMatchObject({
      processorId: 'length-guard',
      retry: true,
    });
    const finish = chunks.at(-1);
    expect(finish?.type === 'finish' && finish.payload.processorRetryCount).toBe(1);
    expect(await output.text).toBe('Paris is the capital.');
  });

  it('replays a step rejected mid-stream by processOutputStream, stopping the rejected stream', async () => {
    const model = new ScriptedModel({ steps: [{ text: ['bad ', 'word ', 'more'] }, 'fine answer here'] });
    const blocker = {
      id: 'blocker',
      processOutputStream: async ({ part, abort }) => {
        if (part.type === 'text-delta' && part.payload.text.includes('bad'))
          abort('No bad words.', { retry: true });
        return part;
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      outputProcessors: [blocker],
      maxProcessorRetries: 1,
    });
    const result = await agent.generate('q');
    expect(result.text).toBe('fine answer here');
    const second = model.calls[1]?.prompt ?? [];
    expect(textOf(second.at(-1) as { content: unknown })).toBe(
      '<system-reminder reason="processor-retry" processor="blocker">No bad words.</system-reminder>',
    );
  });

  it('replays a step rejected by processInputStep with only the reminder appended', async () => {
    const model = new ScriptedModel({ steps: ['ok then'] });
    let calls = 0;
    const gate = {
      id: 'gate',
      processInputStep: async ({ abort, retryCount }) => {
        calls++;
        if (retryCount === 0) abort('Think first.', { retry: true });
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      inputProcessors: [gate],
      maxProcessorRetries: 1,
    });
    const result = await agent.generate('q');
    expect(calls).toBe(2);
    expect(model.calls).toHaveLength(1);
    const prompt = model.calls[0]?.prompt ?? [];
    expect(textOf(prompt.at(-1) as { content: unknown })).toBe(
      '<system-reminder reason="processor-retry" processor="gate">Think first.</system-reminder>',
    );
    expect(result.text).toBe('ok then');
  });

  it('rolls back a rejected tool step: its tool results leave the conversation and the step is replayed', async () => {
    const lookup = createTool({
      id: 'lookup',
      description: 'Look up',
      inputSchema: z.object({ q: z.string() }),
      execute: async ({ q }) => ({ secret: `s3cret-${q}` }),
    });
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'lookup', args: { q: 'x' } }] }, 'I cannot share that.'],
    });
    const scanner = {
      id: 'scanner',
      processToolResult: async ({ result, abort }) => {
        if (JSON.stringify(result).includes('s3cret')) abort('Tool output leaked a secret.', { retry: true });
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { lookup },
      outputProcessors: [scanner],
      maxProcessorRetries: 1,
    });
    const result = await agent.generate('q');
    expect(model.calls).toHaveLength(2);
    expect(JSON.stringify(model.calls[1]?.prompt)).not.toContain('s3cret');
    expect(JSON.stringify(result.messages)).not.toContain('s3cret');
    expect(result.text).toBe('I cannot share that.');
    expect(result.toolResults).toHaveLength(0);
  });
});
