/**
 * Issue #32, item 1: `processOutputResult` post-processes the final response, so every view of
 * the final result — `text`, the last step's text, `getFullOutput()`, `response.uiMessages`,
 * `response.dbMessages` and what memory saves — agrees with the message list as the output
 * processors left it, for `generate()` and `stream()` alike. The live `textStream` / `fullStream`
 * keep what was streamed (chunks already sent cannot be recalled).
 *
 * Written from the documented API: the seeds' `processOutputResult` examples (return the
 * messages, or edit `content.parts` in place) and `ai/test`'s mock models.
 */

import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { Agent } from 'sluice/agent';
import { InMemoryStore, type MastraDBMessage, Memory } from 'sluice/memory';
import type { Processor } from 'sluice/processors';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 2, text: 2, reasoning: undefined },
};

/** A model that streams `deltas` as one text block. */
function streamingModel(deltas: string[]): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: async () => {
      const parts: LanguageModelV3StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't1' },
        ...deltas.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't1', delta })),
        { type: 'text-end', id: 't1' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ];
      return { stream: new ReadableStream({ start: (c) => [...parts.map((p) => c.enqueue(p)), c.close()] }) };
    },
  });
}

const upper = (message: MastraDBMessage): MastraDBMessage => ({
  ...message,
  content: {
    ...message.content,
    parts: message.content.parts.map((part) =>
      part.type === 'text' ? { ...part, text: part.text.toUpperCase() } : part,
    ),
  },
});

/** The seeds' first form: return the transformed messages. */
const returnsUpperCased = {
  id: 'upper-returned',
  processOutputResult: ({ messages }) => messages.map(upper),
} satisfies Processor;

/** The seeds' second form: edit `content.parts` in place (the array is backed by the list). */
const editsInPlace = {
  id: 'upper-in-place',
  processOutputResult: ({ messages }) => {
    for (const message of messages) {
      for (const part of message.content.parts) if (part.type === 'text') part.text = part.text.toUpperCase();
    }
    return messages;
  },
} satisfies Processor;

function textOf(messages: readonly MastraDBMessage[] | undefined): string {
  return (messages ?? [])
    .flatMap((m) => m.content.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])))
    .join('');
}

function uiText(messages: ReadonlyArray<{ parts: ReadonlyArray<{ type: string; text?: string }> }>): string {
  return messages.flatMap((m) => m.parts.flatMap((p) => (p.type === 'text' ? [p.text ?? ''] : []))).join('');
}

describe.each([
  ['returned', returnsUpperCased],
  ['edited in place', editsInPlace],
])('messages %s by processOutputResult', (_form, processor) => {
  it('generate(): text, the last step text, response views and memory all show the processed answer', async () => {
    const memory = new Memory({ storage: new InMemoryStore() });
    const agent = new Agent({
      id: 'compat-result-text',
      instructions: 'test',
      model: streamingModel(['hello ', 'world']),
      outputProcessors: [processor],
      memory,
    });
    const result = await agent.generate('hi', { memory: { thread: 't-gen', resource: 'r' } });

    expect(result.text).toBe('HELLO WORLD');
    expect(result.steps.at(-1)?.text).toBe('HELLO WORLD');
    expect(textOf(result.response.dbMessages)).toBe('HELLO WORLD');
    expect(uiText(result.response.uiMessages)).toBe('HELLO WORLD');
    expect(JSON.stringify(result.response.messages)).toContain('HELLO WORLD');
    const saved = await memory.recall({ threadId: 't-gen', resourceId: 'r' });
    expect(textOf(saved.messages.filter((m) => m.role === 'assistant'))).toBe('HELLO WORLD');
  });

  it('stream(): text and getFullOutput() show the processed answer; textStream keeps what streamed', async () => {
    const agent = new Agent({
      id: 'compat-result-text',
      instructions: 'test',
      model: streamingModel(['hello ', 'world']),
      outputProcessors: [processor],
    });
    const output = await agent.stream('hi');
    let streamed = '';
    for await (const delta of output.textStream) streamed += delta;

    // The live stream carried the deltas as they were released; they cannot be recalled.
    expect(streamed).toBe('hello world');
    expect(await output.text).toBe('HELLO WORLD');
    const full = await output.getFullOutput();
    expect(full.text).toBe('HELLO WORLD');
    expect(full.steps.at(-1)?.text).toBe('HELLO WORLD');
    expect(uiText(full.response.uiMessages)).toBe('HELLO WORLD');
    expect((await output.steps).at(-1)?.text).toBe('HELLO WORLD');
  });
});

describe('the result text follows the response only where processOutputResult changed it', () => {
  it('a processOutputResult that leaves the messages alone leaves text as the model wrote it', async () => {
    const agent = new Agent({
      id: 'compat-result-text',
      instructions: 'test',
      model: streamingModel(['as ', 'written']),
      outputProcessors: [{ id: 'observer', processOutputResult: ({ messages }) => messages }],
    });
    const result = await agent.generate('hi');
    expect(result.text).toBe('as written');
    expect(result.steps.at(-1)?.text).toBe('as written');
  });

  it('over a tool loop, the last step gets the text after its step boundary; earlier steps keep theirs', async () => {
    const weather = createTool({
      id: 'weather',
      description: 'Weather for a city',
      inputSchema: z.object({ city: z.string() }),
      execute: async () => ({ tempC: 4 }),
    });
    const agent = new Agent({
      id: 'compat-result-text',
      instructions: 'test',
      model: new ScriptedModel({
        steps: [
          { text: 'checking. ', toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' } }] },
          'it is cold',
        ],
      }),
      tools: { weather },
      outputProcessors: [returnsUpperCased],
    });
    const result = await agent.generate('weather?');
    expect(result.text).toBe('CHECKING. IT IS COLD');
    expect(result.steps.map((s) => s.text)).toEqual(['checking. ', 'IT IS COLD']);
  });

  it('onFinish hears the processed text', async () => {
    const agent = new Agent({
      id: 'compat-result-text',
      instructions: 'test',
      model: streamingModel(['quiet']),
      outputProcessors: [returnsUpperCased],
    });
    let heard: string | undefined;
    await agent.generate('hi', {
      onFinish: (event) => {
        heard = event.text;
      },
    });
    expect(heard).toBe('QUIET');
  });
});
