/**
 * Tool-call ids are not trusted to be unique: some OpenAI-compatible servers send an empty id for
 * every call, or number calls `call_0`, `call_1` afresh in each response. Every call of a step is
 * still executed once with its own arguments, its result is reported once, the next prompt
 * pairs each call with its own result, and the stored conversation has no call without a result.
 * (The current AI SDK clients already de-duplicate ids inside one response; ids repeated across
 * responses, and models that do not de-duplicate, reach the agent as sent.)
 */
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { MastraDBMessage } from '../messages/types.js';
import { type FakeProviderServer, ScriptedModel, startFakeProviderServer } from '../test/index.js';
import { createTool } from '../tools/index.js';
import { Agent } from './agent.js';

function echoTool(seen: string[]) {
  return createTool({
    id: 'echo',
    description: 'Echo a word',
    inputSchema: z.object({ word: z.string() }),
    execute: async ({ word }) => {
      seen.push(word);
      return { echoed: word };
    },
  });
}

/** Every stored tool invocation is resolved, and its id is unique across the conversation. */
function expectNoOrphans(messages: readonly MastraDBMessage[]): string[] {
  const ids: string[] = [];
  for (const message of messages) {
    for (const part of message.content.parts) {
      if (part.type !== 'tool-invocation') continue;
      expect(part.toolInvocation.state).toBe('result');
      ids.push(part.toolInvocation.toolCallId);
    }
  }
  expect(new Set(ids).size).toBe(ids.length);
  return ids;
}

/** Tool calls and tool results of a prompt, as (id, value) pairs in order. */
function promptToolPairs(prompt: LanguageModelV2Prompt) {
  const calls: Array<{ id: string; input: unknown }> = [];
  const results: Array<{ id: string; output: unknown }> = [];
  for (const message of prompt) {
    if (message.role === 'assistant') {
      for (const part of message.content) {
        if (part.type === 'tool-call') calls.push({ id: part.toolCallId, input: part.input });
      }
    }
    if (message.role === 'tool') {
      for (const part of message.content) results.push({ id: part.toolCallId, output: part.output });
    }
  }
  return { calls, results };
}

function expectEachCallPairedWithItsResult(prompt: LanguageModelV2Prompt, words: string[]): void {
  const { calls, results } = promptToolPairs(prompt);
  expect(calls.map((c) => (c.input as { word: string }).word)).toEqual(words);
  expect(new Set(calls.map((c) => c.id)).size).toBe(calls.length);
  expect(results).toHaveLength(calls.length);
  for (const call of calls) {
    const result = results.find((r) => r.id === call.id);
    expect(JSON.stringify(result?.output)).toContain(`"echoed":"${(call.input as { word: string }).word}"`);
  }
}

describe('tool calls with colliding ids (ScriptedModel)', () => {
  it.each([
    ['repeated', ['dup', 'dup', 'dup']],
    ['empty', ['', '', '']],
    ['mixed', ['a', '', 'a']],
  ])(
    '%s ids: each execute gets its own args, results once each, next prompt pairs every call',
    async (_label, ids) => {
      const seen: string[] = [];
      const words = ['one', 'two', 'three'];
      const model = new ScriptedModel({
        steps: [
          words.map((word, i) => ({
            type: 'tool-call' as const,
            toolName: 'echo',
            args: { word },
            toolCallId: ids[i],
          })),
          'done',
        ],
      });
      const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { echo: echoTool(seen) } });
      const result = await agent.generate('go');

      expect(result.text).toBe('done');
      expect([...seen].sort()).toEqual([...words].sort());
      expect(result.toolResults.map((r) => (r.payload.result as { echoed: string }).echoed)).toEqual(words);
      expect(result.toolResults.map((r) => r.payload.args)).toEqual(words.map((word) => ({ word })));
      // Ids the run hands out are unique, and each result carries its call's id.
      const callIds = result.toolCalls.map((c) => c.payload.toolCallId);
      expect(new Set(callIds).size).toBe(3);
      expect(result.toolResults.map((r) => r.payload.toolCallId)).toEqual(callIds);
      // The provider's own id is kept on a call whose id had to change.
      expect(result.toolCalls.map((c) => c.payload.providerToolCallId ?? c.payload.toolCallId)).toEqual(ids);

      expect(model.calls).toHaveLength(2);
      expectEachCallPairedWithItsResult(model.calls[1]!.prompt as LanguageModelV2Prompt, words);
      expect(expectNoOrphans(result.messages)).toEqual(callIds);
    },
  );

  it('an id reused in a later step of the same run gets a fresh id too', async () => {
    const seen: string[] = [];
    const model = new ScriptedModel({
      steps: [
        [{ type: 'tool-call', toolName: 'echo', args: { word: 'first' }, toolCallId: 'call_0' }],
        [{ type: 'tool-call', toolName: 'echo', args: { word: 'second' }, toolCallId: 'call_0' }],
        'done',
      ],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { echo: echoTool(seen) } });
    const result = await agent.generate('go');
    expect(seen).toEqual(['first', 'second']);
    expect(result.toolCalls[0]?.payload.toolCallId).toBe('call_0');
    expect(result.toolCalls[1]?.payload.toolCallId).not.toBe('call_0');
    expect(result.toolCalls[1]?.payload.providerToolCallId).toBe('call_0');
    expectEachCallPairedWithItsResult(model.calls[2]!.prompt as LanguageModelV2Prompt, ['first', 'second']);
    expectNoOrphans(result.messages);
  });

  it('unique ids are passed through unchanged', async () => {
    const model = new ScriptedModel({
      steps: [
        [
          { type: 'tool-call', toolName: 'echo', args: { word: 'x' }, toolCallId: 'call_a' },
          { type: 'tool-call', toolName: 'echo', args: { word: 'y' }, toolCallId: 'call_b' },
        ],
        'done',
      ],
    });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { echo: echoTool([]) } });
    const result = await agent.generate('go');
    expect(result.toolCalls.map((c) => c.payload.toolCallId)).toEqual(['call_a', 'call_b']);
    expect(result.toolCalls.every((c) => c.payload.providerToolCallId === undefined)).toBe(true);
  });
});

describe('tool calls with colliding ids through real provider clients', () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeProviderServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => server.reset());

  const clients = [
    [
      '@ai-sdk/openai-compatible',
      () =>
        createOpenAICompatible({ name: 'local', baseURL: server.openaiBaseURL, apiKey: 't' }).chatModel('m'),
    ],
    ['@ai-sdk/openai chat', () => createOpenAI({ baseURL: server.openaiBaseURL, apiKey: 't' }).chat('m')],
  ] as const;

  describe.each(clients)('%s', (_name, makeModel) => {
    it.each([
      ['repeated', ['call_0', 'call_0']],
      ['empty', ['', '']],
    ])(
      '%s ids: each call runs once with its args; the next request pairs every call with its result',
      async (_label, ids) => {
        const seen: string[] = [];
        server.enqueue(
          {
            type: 'success',
            events: [
              { type: 'tool-call', id: ids[0], name: 'echo', args: { word: 'one' } },
              { type: 'tool-call', id: ids[1], name: 'echo', args: { word: 'two' } },
            ],
          },
          { type: 'success', events: ['done'] },
        );
        const agent = new Agent({
          id: 'a',
          instructions: 'x',
          model: makeModel(),
          tools: { echo: echoTool(seen) },
        });
        const result = await agent.generate('go');

        expect(result.text).toBe('done');
        expect([...seen].sort()).toEqual(['one', 'two']);
        expect(result.toolResults.map((r) => (r.payload.result as { echoed: string }).echoed)).toEqual([
          'one',
          'two',
        ]);
        expect(server.requests).toHaveLength(2);
        const body = server.requests[1]!.body as {
          messages: Array<{
            role: string;
            tool_calls?: Array<{ id: string; function: { arguments: string } }>;
            tool_call_id?: string;
            content?: unknown;
          }>;
        };
        const calls = body.messages.flatMap((m) => m.tool_calls ?? []);
        const results = body.messages.filter((m) => m.role === 'tool');
        expect(calls.map((c) => JSON.parse(c.function.arguments).word)).toEqual(['one', 'two']);
        expect(new Set(calls.map((c) => c.id)).size).toBe(2);
        expect(results).toHaveLength(2);
        for (const call of calls) {
          const word = JSON.parse(call.function.arguments).word as string;
          const answer = results.find((r) => r.tool_call_id === call.id);
          expect(JSON.stringify(answer?.content)).toContain(word);
        }
        expectNoOrphans(result.messages);
      },
    );

    it('a server numbering calls afresh per response (call_0 each time): ids stay unique across the conversation', async () => {
      const seen: string[] = [];
      server.enqueue(
        {
          type: 'success',
          events: [{ type: 'tool-call', id: 'call_0', name: 'echo', args: { word: 'one' } }],
        },
        {
          type: 'success',
          events: [{ type: 'tool-call', id: 'call_0', name: 'echo', args: { word: 'two' } }],
        },
        { type: 'success', events: ['done'] },
      );
      const agent = new Agent({
        id: 'a',
        instructions: 'x',
        model: makeModel(),
        tools: { echo: echoTool(seen) },
      });
      const result = await agent.generate('go');

      expect(result.text).toBe('done');
      expect(seen).toEqual(['one', 'two']);
      expect(server.requests).toHaveLength(3);
      const body = server.requests[2]!.body as {
        messages: Array<{
          role: string;
          tool_calls?: Array<{ id: string }>;
          tool_call_id?: string;
          content?: unknown;
        }>;
      };
      const callIds = body.messages.flatMap((m) => (m.tool_calls ?? []).map((c) => c.id));
      const resultIds = body.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id);
      expect(callIds).toHaveLength(2);
      expect(new Set(callIds).size).toBe(2);
      expect(resultIds).toEqual(callIds);
      const [firstResult, secondResult] = body.messages.filter((m) => m.role === 'tool');
      expect(JSON.stringify(firstResult?.content)).toContain('one');
      expect(JSON.stringify(secondResult?.content)).toContain('two');
      expect(expectNoOrphans(result.messages)).toEqual(callIds);
    });
  });
});
