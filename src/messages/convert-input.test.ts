import { describe, expect, it } from 'vitest';
import { SluiceError } from '../errors/index.js';
import { convertToDBMessages } from './convert-input.js';
import type { MastraDBMessage, MessageListInput, ToolInvocationUIPart } from './types.js';

const ids = () => {
  let n = 0;
  return () => `id-${++n}`;
};

function invocation(message: MastraDBMessage, index = 0): ToolInvocationUIPart {
  const parts = message.content.parts.filter((p): p is ToolInvocationUIPart => p.type === 'tool-invocation');
  return parts[index]!;
}

describe('convertToDBMessages', () => {
  it('turns a string into one user message with a text part and legacy content', () => {
    const [message] = convertToDBMessages('hello', { generateMessageId: ids() });
    expect(message).toMatchObject({
      id: 'id-1',
      role: 'user',
      content: { format: 2, parts: [{ type: 'text', text: 'hello' }], content: 'hello' },
    });
    expect(message!.createdAt).toBeInstanceOf(Date);
  });

  it('turns each string of a string array into its own user message', () => {
    const messages = convertToDBMessages(['a', 'b'], { generateMessageId: ids() });
    expect(messages.map((m) => [m.id, m.role, m.content.content])).toEqual([
      ['id-1', 'user', 'a'],
      ['id-2', 'user', 'b'],
    ]);
  });

  it('gives messages without id a random UUID by default', () => {
    const [message] = convertToDBMessages('x');
    expect(message!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stamps threadId and resourceId only where missing', () => {
    const messages = convertToDBMessages(
      [
        { role: 'user', content: 'a' },
        { id: 'm', role: 'user', createdAt: new Date(), threadId: 'own', content: { format: 2, parts: [] } },
      ],
      { threadId: 't', resourceId: 'r' },
    );
    expect(messages.map((m) => [m.threadId, m.resourceId])).toEqual([
      ['t', 'r'],
      ['own', 'r'],
    ]);
  });

  it('converts v4 core messages: string content, tool-call args, tool results merged into the assistant call', () => {
    const input: MessageListInput = [
      { role: 'user', content: 'weather?' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'weather', args: { city: 'Oslo' } }],
      },
      {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'weather', result: { temp: 3 } }],
      },
    ];
    const messages = convertToDBMessages(input, { generateMessageId: ids() });
    expect(messages).toHaveLength(2);
    const part = invocation(messages[1]!);
    expect(part.toolInvocation).toEqual({
      state: 'result',
      toolCallId: 'c1',
      toolName: 'weather',
      args: { city: 'Oslo' },
      result: { temp: 3 },
    });
    expect(messages[1]!.content.toolInvocations).toEqual([part.toolInvocation]);
  });

  it('converts v5 model messages: tool-call input, typed tool-result output, error outputs flagged', () => {
    const messages = convertToDBMessages([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'checking' },
          { type: 'tool-call', toolCallId: 'a', toolName: 'search', input: { q: 'x' } },
          { type: 'tool-call', toolCallId: 'b', toolName: 'search', input: { q: 'y' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'a',
            toolName: 'search',
            output: { type: 'json', value: [1, 2] },
          },
          {
            type: 'tool-result',
            toolCallId: 'b',
            toolName: 'search',
            output: { type: 'error-text', value: 'boom' },
          },
        ],
      },
    ]);
    expect(messages).toHaveLength(1);
    expect(invocation(messages[0]!, 0).toolInvocation).toMatchObject({
      state: 'result',
      args: { q: 'x' },
      result: [1, 2],
    });
    expect(invocation(messages[0]!, 1).toolInvocation).toMatchObject({
      state: 'result',
      result: 'boom',
      isError: true,
    });
    expect(messages[0]!.content.content).toBe('checking');
  });

  it('stores image parts as file parts with their media type', () => {
    const [message] = convertToDBMessages({
      role: 'user',
      content: [
        { type: 'text', text: 'look' },
        { type: 'image', image: 'https://example.com/cat.png', mediaType: 'image/png' },
        { type: 'image', image: new Uint8Array([1, 2, 3]) },
        { type: 'image', image: 'data:image/jpeg;base64,AAAA' },
      ],
    });
    expect(message!.content.parts).toEqual([
      { type: 'text', text: 'look' },
      { type: 'file', data: 'https://example.com/cat.png', mimeType: 'image/png' },
      { type: 'file', data: 'AQID', mimeType: 'image/*' },
      { type: 'file', data: 'data:image/jpeg;base64,AAAA', mimeType: 'image/jpeg' },
    ]);
  });

  it('completes a provider-executed call from a tool-result inside the same assistant message', () => {
    const [message] = convertToDBMessages({
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'w',
          toolName: 'web_search',
          input: { q: 'a' },
          providerExecuted: true,
        },
        {
          type: 'tool-result',
          toolCallId: 'w',
          toolName: 'web_search',
          output: { type: 'json', value: { hits: 1 } },
        },
      ],
    });
    expect(message!.content.parts).toHaveLength(1);
    expect(invocation(message!)).toMatchObject({
      providerExecuted: true,
      toolInvocation: { state: 'result', args: { q: 'a' }, result: { hits: 1 } },
    });
  });

  it('turns a tool message with no preceding call into an assistant message holding the results', () => {
    const messages = convertToDBMessages([
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'z', toolName: 't', output: { type: 'text', value: 'ok' } },
        ],
      },
    ]);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.role).toBe('assistant');
    expect(invocation(messages[0]!).toolInvocation).toMatchObject({
      state: 'result',
      args: {},
      result: 'ok',
    });
  });

  it('completes a call held outside the batch through findToolCallMessage', () => {
    const [stored] = convertToDBMessages({
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'k', toolName: 't', input: { a: 1 } }],
    });
    const added = convertToDBMessages(
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'k', toolName: 't', result: 42 }] },
      { findToolCallMessage: (id) => (id === 'k' ? stored : undefined) },
    );
    expect(added).toEqual([]);
    expect(invocation(stored!).toolInvocation).toMatchObject({ state: 'result', args: { a: 1 }, result: 42 });
    expect(stored!.content.toolInvocations?.[0]).toMatchObject({ state: 'result' });
  });

  it('converts v4 UI messages: content text, toolInvocations, attachments', () => {
    const [message] = convertToDBMessages({
      id: 'u1',
      role: 'assistant',
      content: 'done',
      toolInvocations: [{ state: 'result', toolCallId: 'c', toolName: 't', args: {}, result: 1 }],
      experimental_attachments: [{ url: 'https://x/y.pdf', contentType: 'application/pdf', name: 'y.pdf' }],
    });
    expect(message!.id).toBe('u1');
    expect(message!.content.parts).toEqual([
      { type: 'text', text: 'done' },
      {
        type: 'tool-invocation',
        toolInvocation: { state: 'result', toolCallId: 'c', toolName: 't', args: {}, result: 1 },
      },
      { type: 'file', data: 'https://x/y.pdf', mimeType: 'application/pdf', filename: 'y.pdf' },
    ]);
    expect(message!.content.content).toBe('done');
    expect(message!.content.toolInvocations).toHaveLength(1);
  });

  it('converts v4 UI messages with parts, keeping v4 part shapes', () => {
    const [message] = convertToDBMessages({
      role: 'assistant',
      content: 'hi',
      parts: [
        { type: 'reasoning', reasoning: 'think', details: [{ type: 'text', text: 'think' }] },
        { type: 'text', text: 'hi' },
      ],
    });
    expect(message!.content.parts.map((p) => p.type)).toEqual(['reasoning', 'text']);
  });

  it('converts v5 UI messages: every part type and metadata', () => {
    const [message] = convertToDBMessages({
      id: 'v5',
      role: 'assistant',
      metadata: { rating: 5 },
      parts: [
        { type: 'step-start' },
        { type: 'reasoning', text: 'hmm' },
        {
          type: 'tool-weather',
          toolCallId: 'c1',
          state: 'output-available',
          input: { city: 'Rome' },
          output: { t: 20 },
        },
        { type: 'tool-weather', toolCallId: 'c2', state: 'output-error', input: {}, errorText: 'down' },
        {
          type: 'dynamic-tool',
          toolName: 'lookup',
          toolCallId: 'c3',
          state: 'input-available',
          input: { q: 1 },
        } as never,
        { type: 'step-start' },
        { type: 'text', text: 'sunny' },
        { type: 'file', mediaType: 'image/png', url: 'https://x/a.png', filename: 'a.png' },
        { type: 'source-url', sourceId: 's1', url: 'https://src', title: 'Src' },
        { type: 'data-progress', id: 'p', data: { pct: 50 } },
      ],
    });
    expect(message!.content.metadata).toEqual({ rating: 5 });
    expect(message!.content.parts).toEqual([
      { type: 'step-start' },
      { type: 'reasoning', reasoning: 'hmm', details: [{ type: 'text', text: 'hmm' }] },
      {
        type: 'tool-invocation',
        toolInvocation: {
          state: 'result',
          toolCallId: 'c1',
          toolName: 'weather',
          args: { city: 'Rome' },
          result: { t: 20 },
        },
      },
      {
        type: 'tool-invocation',
        toolInvocation: {
          state: 'result',
          toolCallId: 'c2',
          toolName: 'weather',
          args: {},
          result: 'down',
          isError: true,
        },
      },
      {
        type: 'tool-invocation',
        toolInvocation: { state: 'call', toolCallId: 'c3', toolName: 'lookup', args: { q: 1 } },
      },
      { type: 'step-start' },
      { type: 'text', text: 'sunny' },
      { type: 'file', data: 'https://x/a.png', mimeType: 'image/png', filename: 'a.png' },
      { type: 'source', source: { sourceType: 'url', id: 's1', url: 'https://src', title: 'Src' } },
      { type: 'data-progress', id: 'p', data: { pct: 50 } },
    ]);
    expect(message!.content.content).toBe('sunny');
    expect(message!.content.toolInvocations).toHaveLength(3);
  });

  it('keeps DB messages as they are, turning a string createdAt into a Date', () => {
    const content = { format: 2 as const, parts: [{ type: 'text' as const, text: 'x' }] };
    const [message] = convertToDBMessages({
      id: 'db',
      role: 'user',
      createdAt: '2024-01-02T03:04:05.000Z' as unknown as Date,
      content,
    });
    expect(message!.content).toBe(content);
    expect(message!.createdAt).toEqual(new Date('2024-01-02T03:04:05.000Z'));
    expect(message!.content.content).toBeUndefined();
  });

  it('detects shapes structurally (plain objects from JSON, null prototypes)', () => {
    const parsed = JSON.parse('{"role":"user","content":"from json"}');
    const bare = Object.assign(Object.create(null), { role: 'user', content: 'bare' });
    const messages = convertToDBMessages([parsed, bare]);
    expect(messages.map((m) => m.content.content)).toEqual(['from json', 'bare']);
  });

  it('rejects unsupported input with INVALID_MESSAGE_INPUT naming the index', () => {
    const attempt = (input: unknown) => () => convertToDBMessages(input as MessageListInput);
    expect(attempt(['ok', { role: 'bogus', content: 'x' }])).toThrowError(/index 1.*role "bogus"/);
    expect(attempt(42)).toThrowError(/index 0: got a number \(42\)/);
    try {
      convertToDBMessages([null] as unknown as MessageListInput);
      expect.unreachable();
    } catch (error) {
      expect(SluiceError.hasCode(error, 'INVALID_MESSAGE_INPUT')).toBe(true);
      expect((error as Error).message).toContain('Accepted: a string');
    }
  });
});

describe('unknown parts are refused, not dropped silently', () => {
  const attempt = (input: unknown) => () => convertToDBMessages(input as MessageListInput);

  it('a core message part of unknown type names the message, the part and its type', () => {
    expect(
      attempt(['ok', { role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'banana' }] }]),
    ).toThrowError(/index 1: content part 1 has the unknown type "banana"/);
    expect(attempt([{ role: 'assistant', content: [42] }])).toThrowError(
      /content part 0 is a number \(42\), not a part object/,
    );
    expect(attempt([{ role: 'user', content: [{ text: 'no type' }] }])).toThrowError(
      /content part 0 has no string "type"/,
    );
  });

  it('a UI message part of unknown type is refused; known types without a stored form still drop quietly', () => {
    expect(attempt([{ id: 'u', role: 'user', parts: [{ type: 'banana' }] }])).toThrowError(
      /index 0: parts\[0\] has the unknown type "banana"/,
    );
    const [message] = convertToDBMessages([
      {
        id: 'u',
        role: 'assistant',
        parts: [
          { type: 'text', text: 'see' },
          { type: 'source-document', sourceId: 's', mediaType: 'application/pdf', title: 'doc' },
        ],
      },
    ] as MessageListInput);
    expect(message?.content.parts).toEqual([{ type: 'text', text: 'see' }]);
  });

  it('AI SDK v6 tool-approval parts, which have no stored form, are skipped without an error', () => {
    const [message] = convertToDBMessages([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'may I?' },
          { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'c1' },
        ],
      },
    ] as MessageListInput);
    expect(message?.content.parts).toEqual([{ type: 'text', text: 'may I?' }]);
  });
});
