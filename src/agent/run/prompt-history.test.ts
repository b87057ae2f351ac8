/**
 * A long tool loop holds memory linear in its length: every step-start chunk stays in the run's
 * chunk log with its `inputMessages` (the step's whole prompt), so those prompts must share their
 * messages instead of each holding a fresh copy of the conversation. Counted on what a reader of
 * `fullStream` gets: the distinct message objects across all steps' `inputMessages`.
 */
import type { LanguageModelV2Message } from '@ai-sdk/provider';
import { Agent } from 'sluice/agent';
import type { ChunkType } from 'sluice/stream';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { PromptHistory } from './prompt-history.js';

/** A model that calls `noop` n-1 times then answers, recording nothing (unlike ScriptedModel). */
function loopModel(n: number) {
  let i = 0;
  const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
  return {
    specificationVersion: 'v2' as const,
    provider: 'bare',
    modelId: 'bare',
    supportedUrls: {},
    async doGenerate(): Promise<never> {
      throw new Error('stream only');
    },
    async doStream() {
      const k = i++;
      const parts: unknown[] =
        k < n - 1
          ? [
              { type: 'stream-start', warnings: [] },
              { type: 'tool-call', toolCallId: `c-${k}`, toolName: 'noop', input: '{}' },
              { type: 'finish', finishReason: 'tool-calls', usage },
            ]
          : [
              { type: 'stream-start', warnings: [] },
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: 'done' },
              { type: 'text-end', id: 't' },
              { type: 'finish', finishReason: 'stop', usage },
            ];
      return {
        stream: new ReadableStream({
          start(c) {
            for (const p of parts) c.enqueue(p);
            c.close();
          },
        }),
      };
    },
  };
}

const noop = createTool({ id: 'noop', description: 'Does nothing', execute: async () => ({ ok: true }) });

describe('a long tool loop keeps its step prompts in linear memory', () => {
  it('the step-start chunks of a 200-step loop share their messages: distinct messages grow with steps, not steps²', async () => {
    const steps = 200;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: loopModel(steps) as never,
      tools: { noop },
      maxSteps: steps,
    });
    const output = await agent.stream('go');
    const starts: ChunkType[] = [];
    for await (const chunk of output.fullStream) if (chunk.type === 'step-start') starts.push(chunk);
    expect(await output.text).toBe('done');
    expect(starts).toHaveLength(steps);
    const distinct = new Set<LanguageModelV2Message>();
    let total = 0;
    for (const chunk of starts) {
      if (chunk.type !== 'step-start') continue;
      const prompt = chunk.payload.inputMessages ?? [];
      total += prompt.length;
      for (const m of prompt) distinct.add(m);
    }
    const last = starts[steps - 1];
    const lastLength = last?.type === 'step-start' ? (last.payload.inputMessages?.length ?? 0) : 0;
    // Each step's prompt is complete: the last one holds the whole conversation.
    expect(lastLength).toBeGreaterThanOrEqual(2 * steps - 1);
    expect(total).toBeGreaterThan(steps * steps);
    // …but the messages behind all of them are about one conversation's worth.
    expect(distinct.size).toBeLessThanOrEqual(3 * lastLength);
  });
});

describe('PromptHistory', () => {
  it('rebuilds each recorded prompt equal to what was recorded, in order', () => {
    const history = new PromptHistory();
    const sys = { role: 'system' as const, content: 'rules' };
    const user = { role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] };
    const a1 = { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'one' }] };
    const first = history.record([sys, user]);
    // A fresh but equal copy of the same messages, plus one new one, then a changed system message.
    const second = history.record([structuredClone(sys), structuredClone(user), a1]);
    const third = history.record([{ role: 'system', content: 'other rules' }, structuredClone(user), a1]);
    expect(first()).toEqual([sys, user]);
    expect(second()).toEqual([sys, user, a1]);
    expect(third()).toEqual([{ role: 'system', content: 'other rules' }, user, a1]);
    // Equal messages are stored once.
    expect(second()[1]).toBe(first()[1]);
    expect(third()[1]).toBe(first()[1]);
  });

  it('tells apart messages that differ only deep inside, or in bytes', () => {
    const history = new PromptHistory();
    const file = (b: number) => ({
      role: 'user' as const,
      content: [{ type: 'file' as const, data: new Uint8Array([1, 2, b]), mediaType: 'image/png' }],
    });
    const first = history.record([file(3)]);
    const second = history.record([file(4)]);
    expect(first()).toEqual([file(3)]);
    expect(second()).toEqual([file(4)]);
  });
});
