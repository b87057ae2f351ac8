/**
 * Memory's error processor (api-reference 6.20, 8.2 rule 7): on a provider rejection for a
 * too-long prompt, the oldest loaded history leaves the outbound prompt (a tool call and its
 * result together) and the call is retried; stored history is untouched; it runs after the
 * resolved error list and survives a per-call `errorProcessors`.
 */
import { APICallError } from '@ai-sdk/provider';
import { Agent } from 'sluice/agent';
import { InMemoryStore, isContextOverflow, Memory } from 'sluice/memory';
import type { ErrorProcessor } from 'sluice/processors';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { conversationLines } from './testing/prompt-text.js';

const tooLong = () =>
  new APICallError({
    message:
      "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
    url: 'http://127.0.0.1/v1',
    requestBodyValues: {},
    statusCode: 400,
    responseBody: JSON.stringify({ error: { code: 'context_length_exceeded' } }),
    isRetryable: false,
  });

async function agentWithHistory(steps: ConstructorParameters<typeof ScriptedModel>[0]['steps']) {
  const memory = new Memory({ storage: new InMemoryStore() });
  const lookup = createTool({
    id: 'lookup',
    description: 'Look up',
    inputSchema: { type: 'object', properties: {} },
    execute: async () => ({ found: 'x' }),
  });
  const warmup = new ScriptedModel({
    steps: ['a1', { toolCalls: [{ toolName: 'lookup', args: {} }] }, 'a2'],
  });
  const warm = new Agent({ id: 'ov', instructions: 'x', model: warmup, memory, tools: { lookup } });
  await warm.generate('q1', { memory: { thread: 't', resource: 'u' } });
  await warm.generate('q2', { memory: { thread: 't', resource: 'u' } });
  const model = new ScriptedModel({ steps });
  const agent = new Agent({ id: 'ov', instructions: 'x', model, memory, tools: { lookup } });
  return { memory, model, agent };
}

describe('context-window overflow recovery', () => {
  it('drops the oldest half of the loaded history from the prompt and retries; stored history is untouched', async () => {
    const { memory, model, agent } = await agentWithHistory([{ throwBeforeStream: tooLong() }, 'fits now']);
    const before = (await memory.recall({ threadId: 't', perPage: false })).messages.length;
    const result = await agent.generate('q3', { memory: { thread: 't', resource: 'u' } });
    expect(result.text).toBe('fits now');
    expect(conversationLines(model.calls[0]?.prompt)).toEqual([
      'user: q1',
      'assistant: a1',
      'user: q2',
      'assistant: [tool-call lookup]',
      'tool: [tool-result lookup]',
      'assistant: a2',
      'user: q3',
    ]);
    // Stored history [q1, a1, q2, (lookup call + result + a2)]: the oldest two leave the prompt; the
    // tool call and its result (one stored message) stay together.
    expect(conversationLines(model.calls[1]?.prompt)).toEqual([
      'user: q2',
      'assistant: [tool-call lookup]',
      'tool: [tool-result lookup]',
      'assistant: a2',
      'user: q3',
    ]);
    const after = (await memory.recall({ threadId: 't', perPage: false })).messages;
    expect(after.length).toBe(before + 2);
    expect(after[0]?.content.parts).toEqual([{ type: 'text', text: 'q1' }]);
  });

  it('survives a per-call errorProcessors list and runs after it', async () => {
    const { model, agent } = await agentWithHistory([{ throwBeforeStream: tooLong() }, 'ok']);
    const seen: string[] = [];
    const mine: ErrorProcessor = {
      id: 'mine',
      processAPIError: () => {
        seen.push('mine');
        return undefined;
      },
    };
    const result = await agent.generate('q3', {
      memory: { thread: 't', resource: 'u' },
      errorProcessors: [mine],
    });
    expect(result.text).toBe('ok');
    expect(seen).toEqual(['mine']);
    expect(model.calls).toHaveLength(2);
  });

  it('with no loaded history left, the error stands', async () => {
    const memory = new Memory({ storage: new InMemoryStore() });
    const model = new ScriptedModel({ steps: [{ throwBeforeStream: tooLong() }, 'never'] });
    const agent = new Agent({ id: 'ov', instructions: 'x', model, memory, errorProcessorDefaults: false });
    await expect(agent.generate('huge', { memory: { thread: 't', resource: 'u' } })).rejects.toThrow(
      /maximum context length/,
    );
    expect(model.calls).toHaveLength(1);
  });

  it('is listed after the resolved error processors', async () => {
    const memory = new Memory({ storage: new InMemoryStore() });
    const agent = new Agent({ id: 'ov', instructions: 'x', model: new ScriptedModel({ steps: [] }), memory });
    const ids = (await agent.listErrorProcessors()).map((p) => p.id);
    expect(ids.at(-1)).toBe('memory-context-overflow');
    expect(ids.indexOf('stream-error-retry-processor')).toBeLessThan(ids.length - 1);
  });

  it('recognises overflow wordings and not other errors', () => {
    expect(isContextOverflow(tooLong())).toBe(true);
    expect(isContextOverflow(new Error('prompt is too long: 210000 tokens > 200000 maximum'))).toBe(true);
    expect(isContextOverflow(new Error('rate limit exceeded'))).toBe(false);
  });
});
