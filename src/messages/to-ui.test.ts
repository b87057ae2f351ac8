import { describe, expect, it } from 'vitest';
import { toUIMessages } from './to-ui.js';
import type { MastraDBMessage } from './types.js';

const assistant: MastraDBMessage = {
  id: 'a',
  role: 'assistant',
  createdAt: new Date(0),
  content: {
    format: 2,
    metadata: { score: 1 },
    parts: [
      { type: 'step-start' },
      { type: 'reasoning', reasoning: 'plan', details: [{ type: 'text', text: 'plan' }] },
      {
        type: 'tool-invocation',
        toolInvocation: { state: 'partial-call', toolCallId: 'p', toolName: 'w', args: {} },
      },
      {
        type: 'tool-invocation',
        toolInvocation: { state: 'call', toolCallId: 'c', toolName: 'w', args: { x: 1 } },
      },
      {
        type: 'tool-invocation',
        toolInvocation: { state: 'result', toolCallId: 'r', toolName: 'w', args: {}, result: { ok: 1 } },
      },
      {
        type: 'tool-invocation',
        providerExecuted: true,
        toolInvocation: {
          state: 'result',
          toolCallId: 'e',
          toolName: 'w',
          args: {},
          result: { code: 500 },
          isError: true,
        },
      },
      { type: 'step-start' },
      { type: 'text', text: 'done' },
      { type: 'file', data: 'AQID', mimeType: 'image/png' },
      { type: 'file', data: 'https://x/f.pdf', mimeType: 'application/pdf', filename: 'f.pdf' },
      { type: 'source', source: { sourceType: 'url', id: 's', url: 'https://s', title: 'S' } },
      { type: 'data-progress', id: 'd', data: { pct: 1 } },
    ],
  },
};

describe('toUIMessages', () => {
  it('maps every stored part to its v5 UI part and tool states to v5 states', () => {
    const [ui] = toUIMessages([assistant]);
    expect(ui!.parts).toEqual([
      { type: 'step-start' },
      { type: 'reasoning', text: 'plan', state: 'done' },
      { type: 'tool-w', toolCallId: 'p', state: 'input-streaming', input: {} },
      { type: 'tool-w', toolCallId: 'c', state: 'input-available', input: { x: 1 } },
      { type: 'tool-w', toolCallId: 'r', state: 'output-available', input: {}, output: { ok: 1 } },
      {
        type: 'tool-w',
        toolCallId: 'e',
        state: 'output-error',
        input: {},
        errorText: '{"code":500}',
        providerExecuted: true,
      },
      { type: 'step-start' },
      { type: 'text', text: 'done', state: 'done' },
      { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,AQID' },
      { type: 'file', mediaType: 'application/pdf', url: 'https://x/f.pdf', filename: 'f.pdf' },
      { type: 'source-url', sourceId: 's', url: 'https://s', title: 'S' },
      { type: 'data-progress', id: 'd', data: { pct: 1 } },
    ]);
  });

  it('carries content.metadata as the UI message metadata', () => {
    const [ui] = toUIMessages([assistant]);
    expect(ui).toMatchObject({ id: 'a', role: 'assistant', metadata: { score: 1 } });
  });

  it('uses content.content as text only when there is no text part', () => {
    const [ui] = toUIMessages([
      { id: 'u', role: 'user', createdAt: new Date(0), content: { format: 2, parts: [], content: 'legacy' } },
    ]);
    expect(ui!.parts).toEqual([{ type: 'text', text: 'legacy', state: 'done' }]);
  });

  it('hides signal rows by default and shows them as data-signal parts on request', () => {
    const signal: MastraDBMessage = {
      id: 's',
      role: 'signal',
      createdAt: new Date(0),
      content: {
        format: 2,
        parts: [{ type: 'text', text: 'hurry' }],
        metadata: { signal: { tagName: 'system-reminder', contents: 'hurry' } },
      },
    };
    expect(toUIMessages([signal])).toEqual([]);
    expect(toUIMessages([signal], { includeSignals: true })).toEqual([
      {
        id: 's',
        role: 'user',
        parts: [{ type: 'data-signal', data: { tagName: 'system-reminder', contents: 'hurry' } }],
        metadata: { signal: { tagName: 'system-reminder', contents: 'hurry' } },
      },
    ]);
  });
});
