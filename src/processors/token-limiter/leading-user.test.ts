/**
 * A trimmed request starts with a user message (README "TokenLimiter"):
 * Anthropic and other providers reject a conversation whose first message is an assistant or
 * tool message. When history is dropped, leading assistant/tool history goes too (a tool call
 * with its results, as a whole); the run's own traffic is never dropped, and the run's question
 * (the newest user message before its tool traffic) is kept with it.
 */
import type { LanguageModelV2Message, LanguageModelV2Prompt, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../agent/index.js';
import type { MastraDBMessage } from '../../messages/types.js';
import { ScriptedModel } from '../../test/index.js';
import { createProcessorHarness } from '../../test/processor-harness.js';
import { createTool } from '../../tools/index.js';
import { TokenLimiter } from './index.js';

const user = (text: string): LanguageModelV2Message => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant = (text: string): LanguageModelV2Message => ({
  role: 'assistant',
  content: [{ type: 'text', text }],
});
const system = (text: string): LanguageModelV2Message => ({ role: 'system', content: text });
const label = (m: LanguageModelV2Message | LanguageModelV4Prompt[number]) =>
  typeof m.content === 'string'
    ? `${m.role}:${m.content}`
    : `${m.role}:${m.content.map((p) => ('text' in p ? p.text : 'toolCallId' in p ? `${p.type}#${p.toolCallId}` : p.type)).join('|')}`;
const labels = (prompt: LanguageModelV2Prompt | LanguageModelV4Prompt) => prompt.map(label);

const long = 'long '.repeat(100);

describe('TokenLimiter: a trimmed request starts with a user message', () => {
  it('best-fit: an assistant reply whose question was dropped is dropped too', async () => {
    const prompt = [system('S'), user(long), assistant('short answer'), user('newest')];
    const run = await createProcessorHarness(new TokenLimiter(80)).processLLMRequest({ prompt });
    expect(labels(run.result.prompt)).toEqual(['system:S', 'user:newest']);
  });

  it('contiguous: the kept suffix loses its leading assistant message', async () => {
    const prompt = [system('S'), user(long), assistant('short answer'), user('newest')];
    const run = await createProcessorHarness(
      new TokenLimiter({ limit: 80, trimMode: 'contiguous' }),
    ).processLLMRequest({ prompt });
    expect(labels(run.result.prompt)).toEqual(['system:S', 'user:newest']);
  });

  it('a leading history tool call goes with its results (no orphan), then the prompt starts at a user message', async () => {
    const prompt: LanguageModelV2Prompt = [
      system('S'),
      user(long),
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'h1', toolName: 'f', input: {} }] },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'h1', toolName: 'f', output: { type: 'text', value: 'r' } },
        ],
      },
      assistant('a'),
      user('q2'),
      assistant('a2'),
      user('newest'),
    ];
    const run = await createProcessorHarness(new TokenLimiter(90)).processLLMRequest({ prompt });
    expect(labels(run.result.prompt)).toEqual(['system:S', 'user:q2', 'assistant:a2', 'user:newest']);
  });

  it('untrimmed requests are left as they are, even when they start with an assistant message', async () => {
    const prompt = [system('S'), assistant('hello, how can I help?'), user('newest')];
    const run = await createProcessorHarness(new TokenLimiter(10_000)).processLLMRequest({ prompt });
    expect(run.result.prompt).toBe(prompt);
  });

  it('with llmRequestStage: false the stored list is trimmed the same way', async () => {
    const h = createProcessorHarness(new TokenLimiter(60), {
      messages: [
        { role: 'user', content: long },
        { role: 'assistant', content: 'short answer' },
        { role: 'user', content: 'newest' },
      ],
    });
    const run = await h.processInputStep({ llmRequestStage: false } as never);
    expect(run.messages.map((m: MastraDBMessage) => m.role)).toEqual(['user']);
  });

  it('memory-only: the trimmed stored history starts with a user message too', async () => {
    const h = createProcessorHarness(
      new TokenLimiter({ limit: 80, trimMode: 'memory-only', atMaxRemoveTokens: 0 }),
      {
        history: [
          { role: 'user', content: long },
          { role: 'assistant', content: 'short answer' },
        ],
        messages: [{ role: 'user', content: 'newest' }],
      },
    );
    const run = await h.processInput();
    expect(run.messages.map((m: MastraDBMessage) => m.role)).toEqual(['user']);
  });
});

describe("TokenLimiter: the run's question survives its own tool loop", () => {
  const bigResult = 'row of tool output data '.repeat(60);
  const lookup = createTool({
    id: 'lookup',
    description: 'Looks something up',
    inputSchema: z.object({ q: z.string() }),
    execute: async ({ q }) => `${q}: ${bigResult}`,
  });

  it('every step is sent the question, and no step starts with the tool call', async () => {
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'lookup', args: { q: 'a' }, toolCallId: 'run-1' }] },
        { toolCalls: [{ toolName: 'lookup', args: { q: 'b' }, toolCallId: 'run-2' }] },
        'done',
      ],
    });
    const history = Array.from({ length: 10 }, (_, i) => ({
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `turn ${i}: ${'some words of earlier conversation '.repeat(3)}`,
    }));
    const agent = new Agent({
      id: 'loop',
      instructions: 'Use tools.',
      model,
      tools: { lookup },
      inputProcessors: [new TokenLimiter(200)],
    });
    const result = await agent.generate([...history, { role: 'user', content: 'look it up' }]);
    expect(result.text).toBe('done');
    expect(labels(model.calls[1]!.prompt)).toEqual([
      'system:Use tools.',
      'user:look it up',
      'assistant:tool-call#run-1',
      'tool:tool-result#run-1',
    ]);
    expect(labels(model.calls[2]!.prompt).slice(0, 2)).toEqual(['system:Use tools.', 'user:look it up']);
  });
});
