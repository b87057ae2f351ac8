import { describe, expect, it } from 'vitest';
import { MessageList } from './message-list.js';
import { toLanguageModelPrompt } from './to-prompt.js';
import type { MastraDBMessage, MastraMessagePart } from './types.js';

const row = (
  role: MastraDBMessage['role'],
  parts: MastraMessagePart[],
  extra: Partial<MastraDBMessage['content']> = {},
): MastraDBMessage => ({
  id: Math.random().toString(36),
  role,
  createdAt: new Date(0),
  content: { format: 2, parts, ...extra },
});

const result = (
  toolCallId: string,
  value: unknown,
  extra: Record<string, unknown> = {},
): MastraMessagePart => ({
  type: 'tool-invocation',
  toolInvocation: {
    state: 'result',
    toolCallId,
    toolName: 'weather',
    args: { city: 'Oslo' },
    result: value,
    ...extra,
  },
});

describe('toLanguageModelPrompt', () => {
  it('puts system messages first as strings, joining array contents and dropping empty ones', () => {
    const prompt = toLanguageModelPrompt(
      [
        { role: 'system', content: 'one' },
        {
          role: 'system',
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
        { role: 'system', content: '' },
      ],
      [row('user', [{ type: 'text', text: 'hi' }])],
    );
    expect(prompt).toEqual([
      { role: 'system', content: 'one' },
      { role: 'system', content: 'a\nb' },
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
    ]);
  });

  it('sends user files: http URLs as URL objects, data URLs as base64 with their media type', () => {
    const [user] = toLanguageModelPrompt(
      [],
      [
        row('user', [
          { type: 'text', text: 'see' },
          { type: 'file', data: 'https://x/cat.png', mimeType: 'image/png' },
          { type: 'file', data: 'data:image/jpeg;base64,AAAA', mimeType: 'image/jpeg', filename: 'j.jpg' },
          { type: 'file', data: 'QUJD', mimeType: 'text/plain' },
        ]),
      ],
    );
    expect(user).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'see' },
        { type: 'file', data: new URL('https://x/cat.png'), mediaType: 'image/png' },
        { type: 'file', data: 'AAAA', mediaType: 'image/jpeg', filename: 'j.jpg' },
        { type: 'file', data: 'QUJD', mediaType: 'text/plain' },
      ],
    });
  });

  it('splits a multi-step assistant message at step-start: call → tool result → text', () => {
    const prompt = toLanguageModelPrompt(
      [],
      [
        row('user', [{ type: 'text', text: 'weather?' }]),
        row('assistant', [
          { type: 'step-start' },
          { type: 'text', text: 'Let me check.' },
          result('c1', { temp: 3 }),
          { type: 'step-start' },
          { type: 'text', text: 'It is 3 degrees.' },
        ]),
      ],
    );
    expect(prompt).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'weather?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me check.' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: { city: 'Oslo' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'weather',
            output: { type: 'json', value: { temp: 3 } },
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'It is 3 degrees.' }] },
    ]);
  });

  it('starts a new step when text follows tool results without a step-start', () => {
    const prompt = toLanguageModelPrompt(
      [],
      [row('assistant', [result('c', 'sunny'), { type: 'text', text: 'Sunny.' }])],
    );
    expect(prompt.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant']);
  });

  it('round-trips a v5 model-message tool conversation added to a MessageList', () => {
    const list = new MessageList();
    list.add('weather in Oslo?', 'input');
    list.add(
      [
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: { city: 'Oslo' } }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'weather',
              output: { type: 'text', value: '3C' },
            },
          ],
        },
        { role: 'assistant', content: 'It is 3C.' },
      ],
      'response',
    );
    expect(list.get.all.prompt()).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'weather in Oslo?' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: { city: 'Oslo' } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'weather',
            output: { type: 'text', value: '3C' },
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'It is 3C.' }] },
    ]);
  });

  it('uses providerMetadata.mastra.modelOutput over the result, without leaking the mastra key', () => {
    const withOutput = (modelOutput: unknown): MastraMessagePart => ({
      ...(result('c', { huge: 'payload' }) as Extract<MastraMessagePart, { type: 'tool-invocation' }>),
      providerMetadata: { mastra: { modelOutput } as never, openai: { itemId: 'x' } },
    });
    const [, textTool] = toLanguageModelPrompt([], [row('assistant', [withOutput('short summary')])]);
    expect(textTool).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c',
          toolName: 'weather',
          output: { type: 'text', value: 'short summary' },
          providerOptions: { openai: { itemId: 'x' } },
        },
      ],
    });
    const [, jsonTool] = toLanguageModelPrompt([], [row('assistant', [withOutput({ n: 1 })])]);
    expect(jsonTool!.content[0]).toMatchObject({ output: { type: 'json', value: { n: 1 } } });
  });

  it('maps results to text/json and errors to error-text/error-json', () => {
    const tool = toLanguageModelPrompt(
      [],
      [
        row('assistant', [
          result('a', 'plain'),
          result('b', { x: 1 }),
          result('c', 'bad', { isError: true }),
          result('d', { code: 1 }, { isError: true }),
          result('e', undefined),
        ]),
      ],
    )[1]! as { content: Array<{ output: unknown }> };
    expect(tool.content.map((part) => part.output)).toEqual([
      { type: 'text', value: 'plain' },
      { type: 'json', value: { x: 1 } },
      { type: 'error-text', value: 'bad' },
      { type: 'error-json', value: { code: 1 } },
      { type: 'json', value: null },
    ]);
  });

  it('omits tool calls that have no result and drops assistant messages left empty', () => {
    const call: MastraMessagePart = {
      type: 'tool-invocation',
      toolInvocation: { state: 'call', toolCallId: 'pending', toolName: 'ask', args: {} },
    };
    const prompt = toLanguageModelPrompt(
      [],
      [
        row('user', [{ type: 'text', text: 'q' }]),
        row('assistant', [{ type: 'text', text: 'asking' }, call]),
        row('assistant', [
          call,
          { type: 'step-start' },
          { type: 'data-progress', data: 1 } as MastraMessagePart,
        ]),
      ],
    );
    expect(prompt).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'q' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'asking' }] },
    ]);
  });

  it('keeps provider-executed calls and their results in the assistant message', () => {
    const prompt = toLanguageModelPrompt(
      [],
      [
        row('assistant', [
          {
            ...(result('w', 'hits') as Extract<MastraMessagePart, { type: 'tool-invocation' }>),
            providerExecuted: true,
          },
        ]),
      ],
    );
    expect(prompt).toEqual([
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'w',
            toolName: 'weather',
            input: { city: 'Oslo' },
            providerExecuted: true,
          },
          {
            type: 'tool-result',
            toolCallId: 'w',
            toolName: 'weather',
            output: { type: 'text', value: 'hits' },
          },
        ],
      },
    ]);
  });

  it('renders signal rows as user messages with the signal tag', () => {
    const signal = row('signal', [{ type: 'text', text: 'Finish now.' }], {
      metadata: {
        signal: { tagName: 'system-reminder', attributes: { reason: 'max-steps', step: 5, skip: null } },
      },
    });
    expect(toLanguageModelPrompt([], [signal])).toEqual([
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: '<system-reminder reason="max-steps" step="5">Finish now.</system-reminder>',
          },
        ],
      },
    ]);
  });

  it('sends reasoning as reasoning parts and never sends data-*, source or step-start parts', () => {
    const prompt = toLanguageModelPrompt(
      [],
      [
        row('assistant', [
          { type: 'step-start' },
          {
            type: 'reasoning',
            reasoning: 'think',
            details: [{ type: 'text', text: 'think', signature: 'sig' }],
          },
          { type: 'source', source: { sourceType: 'url', id: 's', url: 'https://s' } },
          { type: 'data-x', data: 1 } as MastraMessagePart,
          { type: 'text', text: 'answer' },
        ]),
      ],
    );
    expect(prompt).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'think', providerOptions: { anthropic: { signature: 'sig' } } },
          { type: 'text', text: 'answer' },
        ],
      },
    ]);
  });

  it('falls back to content.content for messages without text parts', () => {
    const prompt = toLanguageModelPrompt([], [row('assistant', [], { content: 'legacy' })]);
    expect(prompt).toEqual([{ role: 'assistant', content: [{ type: 'text', text: 'legacy' }] }]);
  });
});
