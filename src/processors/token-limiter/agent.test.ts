/**
 * TokenLimiter through a real Agent and ScriptedModel: what each model
 * call receives, what stays stored, what the client streams, and the tripwires a run ends with.
 */
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../agent/index.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type { OutputProcessor } from '../../pipeline/types.js';
import type { ChunkType } from '../../stream/chunk-types.js';
import { ScriptedModel, streamOnly } from '../../test/index.js';
import { createTool } from '../../tools/index.js';
import { TokenLimiter } from './index.js';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

const textOf = (message: LanguageModelV4Prompt[number]) =>
  typeof message.content === 'string'
    ? message.content
    : message.content.map((p) => ('text' in p ? p.text : p.type)).join('');

/** `n` alternating user/assistant turns, each with a distinct label. */
function history(n: number): Array<{ role: 'user' | 'assistant'; content: string }> {
  return Array.from({ length: n }, (_, i) => ({
    role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
    content: `turn ${i}: ${'some words of earlier conversation '.repeat(3)}`,
  }));
}

/** Records what is stored at the end of the run (the list, not the prompt). */
function storedSpy(): { processor: OutputProcessor; stored: () => MastraDBMessage[] } {
  let stored: MastraDBMessage[] = [];
  return {
    processor: {
      id: 'stored-spy',
      processOutputResult: ({ messageList }) => {
        stored = messageList.get.all.db();
        return messageList;
      },
    },
    stored: () => stored,
  };
}

const bigResult = 'row of tool output data '.repeat(60);
const lookup = createTool({
  id: 'lookup',
  description: 'Looks something up',
  inputSchema: z.object({ q: z.string() }),
  execute: async ({ q }) => `${q}: ${bigResult}`,
});

function callIds(prompt: LanguageModelV4Prompt): { calls: string[]; results: string[] } {
  const calls: string[] = [];
  const results: string[] = [];
  for (const message of prompt) {
    if (message.role !== 'assistant' && message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') calls.push(part.toolCallId);
      if (part.type === 'tool-result') results.push(part.toolCallId);
    }
  }
  return { calls, results };
}

describe('TokenLimiter as an input processor (prompt stage)', () => {
  it('drops the oldest history from what the model receives; system message and newest turn stay; storage keeps all', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const spy = storedSpy();
    const agent = new Agent({
      id: 'limited',
      instructions: 'You are terse.',
      model,
      inputProcessors: [new TokenLimiter(300)],
      outputProcessors: [spy.processor],
    });
    await agent.generate([...history(30), { role: 'user', content: 'and the last question?' }]);

    const prompt = model.calls[0]?.prompt as LanguageModelV4Prompt;
    expect(prompt[0]).toEqual({ role: 'system', content: 'You are terse.' });
    expect(textOf(prompt.at(-1)!)).toBe('and the last question?');
    expect(prompt.length).toBeLessThan(31);
    // Oldest first: what is kept is the newest turns, in order.
    const kept = prompt.slice(1, -1).map((m) => Number(textOf(m).match(/^turn (\d+)/)?.[1]));
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 30 - kept.length + i));
    // Transient: the stored conversation has the whole history plus the answer.
    expect(spy.stored()).toHaveLength(32);
  });

  it("the current run's tool calls and results are never evicted, even when they alone exceed the limit", async () => {
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'lookup', args: { q: 'a' }, toolCallId: 'run-1' }] },
        { toolCalls: [{ toolName: 'lookup', args: { q: 'b' }, toolCallId: 'run-2' }] },
        'done',
      ],
    });
    const agent = new Agent({
      id: 'loop',
      instructions: 'Use tools.',
      model,
      tools: { lookup },
      inputProcessors: [new TokenLimiter(200)],
    });
    const result = await agent.generate([...history(10), { role: 'user', content: 'look it up' }]);

    expect(result.tripwire).toBeUndefined();
    expect(result.text).toBe('done');
    const last = model.calls[2]?.prompt as LanguageModelV4Prompt;
    expect(callIds(last)).toEqual({ calls: ['run-1', 'run-2'], results: ['run-1', 'run-2'] });
    // Two results of ~360 tokens each: the request is over the 200-token limit on purpose.
    expect(countTokens(JSON.stringify(last))).toBeGreaterThan(200);
    // Everything else that could go, went.
    expect(last.some((m) => textOf(m).startsWith('turn '))).toBe(false);
  });

  it('a tool call and its result from earlier history are dropped together', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'pairs',
      instructions: 'x',
      model,
      inputProcessors: [new TokenLimiter(120)],
    });
    await agent.generate([
      { role: 'user', content: 'old question' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'old-1', toolName: 'lookup', input: { q: 'old' } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'old-1',
            toolName: 'lookup',
            output: { type: 'text', value: bigResult },
          },
        ],
      },
      { role: 'assistant', content: 'it said many things' },
      { role: 'user', content: 'new question' },
    ]);
    const prompt = model.calls[0]?.prompt as LanguageModelV4Prompt;
    expect(callIds(prompt)).toEqual({ calls: [], results: [] });
    expect(prompt.map(textOf)).toEqual(['x', 'old question', 'it said many things', 'new question']);
  });

  it('a prompt-stage tripwire ends the run before the model is called, with its metadata', async () => {
    const model = new ScriptedModel({ steps: ['never'] });
    const agent = new Agent({
      id: 'tiny',
      instructions: 'A long set of instructions. '.repeat(20),
      model,
      inputProcessors: [new TokenLimiter(40)],
    });
    const result = await agent.generate('hi');
    expect(model.calls).toHaveLength(0);
    expect(result.finishReason).toBe('other');
    expect(result.tripwire?.reason).toMatch(
      /^TokenLimiterProcessor: System messages alone exceed token limit/,
    );
    expect(result.tripwire?.metadata).toEqual({ systemTokens: expect.any(Number), limit: 40 });
    expect(result.tripwire?.retry).toBe(false);
  });

  it('a limit from the RequestContext, built per request', async () => {
    const { RequestContext } = await import('../../request-context/request-context.js');
    const model = new ScriptedModel({ steps: ['a', 'b'] });
    const agent = new Agent({
      id: 'dynamic',
      instructions: 'x',
      model,
      inputProcessors: ({ requestContext }) => [new TokenLimiter(requestContext.get('tokenLimit') ?? 4000)],
    });
    const input = [...history(20), { role: 'user' as const, content: 'now?' }];
    await agent.generate(input);
    const tight = new RequestContext();
    tight.set('tokenLimit', 100);
    await agent.generate(input, { requestContext: tight });
    expect(model.calls[0]?.prompt).toHaveLength(22);
    expect(model.calls[1]?.prompt.length).toBeLessThan(10);
  });
});

describe('TokenLimiter as an output processor', () => {
  it('stream + truncate: the client gets text up to the limit and one transient data-token-limit-reached', async () => {
    const deltas = ['Once upon', ' a time', ' there was', ' a very', ' long story', ' that went on.'];
    const limit = countTokens('Once upon') + countTokens(' a time');
    const model = new ScriptedModel({ steps: [{ text: deltas }] });
    const agent = new Agent({
      id: 'out',
      instructions: 'x',
      model,
      outputProcessors: [new TokenLimiter(limit)],
    });

    const output = await agent.stream('tell me');
    const chunks: ChunkType[] = await collect(output.fullStream);
    const text = chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : []));
    expect(text).toEqual(['Once upon', ' a time']);
    const notices = chunks.filter((c) => c.type === 'data-token-limit-reached');
    expect(notices).toEqual([
      {
        type: 'data-token-limit-reached',
        data: { processorId: 'token-limiter', limit, tokens: limit + countTokens(' there was') },
        transient: true,
      },
    ]);
    expect(chunks.at(-1)?.type).toBe('finish');
    expect(await output.text).toBe('Once upon a time');
    // Transient: the notice is streamed, never stored.
    expect(JSON.stringify((await output.response).dbMessages)).not.toContain('data-token-limit-reached');
  });

  it('generate() + truncate: the result text and the stored answer are cut at the limit', async () => {
    // A streaming model: the limiter withholds whole deltas past the limit.
    const model = streamOnly(
      new ScriptedModel({ steps: [{ text: ['alpha beta', ' gamma delta', ' epsilon'] }] }),
    );
    const agent = new Agent({
      id: 'gen',
      instructions: 'x',
      model,
      outputProcessors: [new TokenLimiter(countTokens('alpha beta'))],
    });
    const result = await agent.generate('go');
    expect(result.text).toBe('alpha beta');
    expect(JSON.stringify(result.response.dbMessages)).not.toContain('gamma');
  });

  it("abort: the run ends with a tripwire 'Token limit of <limit> exceeded (current: <n>)'", async () => {
    const model = new ScriptedModel({ steps: [{ text: ['one two three', ' four five six'] }] });
    const agent = new Agent({
      id: 'abort',
      instructions: 'x',
      model,
      outputProcessors: [new TokenLimiter({ limit: 4, strategy: 'abort' })],
    });
    const result = await agent.generate('go');
    const current = countTokens('one two three') + countTokens(' four five six');
    expect(result.finishReason).toBe('other');
    expect(result.tripwire?.reason).toBe(`Token limit of 4 exceeded (current: ${current})`);
    expect(result.tripwire?.processorId).toBe('token-limiter');
  });

  it('cumulative counting spans the whole run, across steps', async () => {
    const model = new ScriptedModel({
      steps: [
        { text: 'Let me check.', toolCalls: [{ toolName: 'lookup', args: { q: 'x' }, toolCallId: 't1' }] },
        { text: [' The answer', ' is long'] },
      ],
    });
    const limit = countTokens('Let me check.') + countTokens(' The answer');
    const agent = new Agent({
      id: 'steps',
      instructions: 'x',
      model: streamOnly(model),
      tools: { lookup },
      outputProcessors: [new TokenLimiter(limit)],
    });
    const result = await agent.generate('go');
    expect(result.text).toBe('Let me check. The answer');
  });
});
