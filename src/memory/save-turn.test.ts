/**
 * The save rules as pure functions (save-turn.ts): partial tool calls and working-memory tool
 * calls are stripped, messages left empty are dropped, data parts join the last assistant
 * message, a failed turn keeps the input with the failure on the newest user message; and the
 * loaded history leaves out tool calls that never got a result.
 */

import { Agent } from 'sluice/agent';
import { InMemoryStore, Memory } from 'sluice/memory';
import { TokenLimiter, ToolCallFilter } from 'sluice/processors';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import type { MastraDBMessage, MastraMessagePart } from '../messages/types.js';
import { withoutIncompleteToolCalls } from './processors/message-history.js';
import {
  completedTurnMessages,
  describeFailure,
  failedTurnMessages,
  inConversationOrder,
} from './save-turn.js';
import { conversationLines } from './testing/prompt-text.js';

const at = new Date(0);
const user = (id: string, text: string): MastraDBMessage => ({
  id,
  role: 'user',
  createdAt: at,
  content: { format: 2, parts: [{ type: 'text', text }] },
});
const call = (toolName: string, state: 'partial-call' | 'call' | 'result'): MastraMessagePart =>
  ({
    type: 'tool-invocation',
    toolInvocation: {
      state,
      toolCallId: `${toolName}-1`,
      toolName,
      args: {},
      ...(state === 'result' ? { result: 1 } : {}),
    },
  }) as MastraMessagePart;
const assistant = (id: string, parts: MastraDBMessage['content']['parts']): MastraDBMessage => ({
  id,
  role: 'assistant',
  createdAt: at,
  content: { format: 2, parts },
});

describe('completedTurnMessages', () => {
  it('strips partial-call and updateWorkingMemory invocations, drops messages left empty, stamps the conversation', () => {
    const saved = completedTurnMessages({
      unsaved: [
        user('u', 'hi'),
        assistant('a1', [{ type: 'step-start' }, call('updateWorkingMemory', 'result')]),
        assistant('a2', [
          call('search', 'partial-call'),
          call('weather', 'result'),
          { type: 'text', text: 'ok' },
        ]),
      ],
      response: [],
      dataChunks: [],
      threadId: 't',
      resourceId: 'r',
      newMessageId: () => 'new',
    });
    expect(saved.map((m) => [m.id, m.threadId, m.resourceId])).toEqual([
      ['u', 't', 'r'],
      ['a2', 't', 'r'],
    ]);
    expect(saved[1]?.content.parts.map((p) => p.type)).toEqual(['tool-invocation', 'text']);
  });

  it('strips <working_memory> blocks from assistant text', () => {
    const saved = completedTurnMessages({
      unsaved: [
        assistant('a', [{ type: 'text', text: 'Noted.<working_memory># Name: Ana</working_memory>' }]),
      ],
      response: [],
      dataChunks: [],
      threadId: 't',
      resourceId: 'r',
      newMessageId: () => 'new',
    });
    expect(saved[0]?.content.parts).toEqual([{ type: 'text', text: 'Noted.' }]);
  });

  it('appends data parts in emission order to the last assistant message of the response', () => {
    const response = [assistant('a', [{ type: 'text', text: 'answer' }])];
    const saved = completedTurnMessages({
      unsaved: [user('u', 'q'), ...response],
      response,
      dataChunks: [
        { type: 'data-one', data: 1 },
        { type: 'data-two', data: 2, id: 'x' },
      ],
      threadId: 't',
      resourceId: 'r',
      newMessageId: () => 'new',
    });
    expect(saved[1]?.content.parts).toEqual([
      { type: 'text', text: 'answer' },
      { type: 'data-one', data: 1, createdAt: expect.any(Number) },
      { type: 'data-two', data: 2, id: 'x', createdAt: expect.any(Number) },
    ]);
  });
});

describe('failedTurnMessages', () => {
  it('keeps the input and records the failure on the newest user message only', () => {
    const failure = describeFailure(
      'failed',
      Object.assign(new Error('boom'), { code: 'PROVIDER_CALL_FAILED' }),
    );
    const saved = failedTurnMessages({
      input: [user('u1', 'a'), user('u2', 'b')],
      failure,
      threadId: 't',
      resourceId: 'r',
    });
    expect(saved[0]?.content.metadata).toBeUndefined();
    expect(saved[1]?.content.metadata).toEqual({
      mastra: {
        failure: {
          status: 'failed',
          error: { name: 'Error', message: 'boom', code: 'PROVIDER_CALL_FAILED' },
          at: expect.any(String),
        },
      },
    });
  });
});

describe('loaded history', () => {
  it('filterIncompleteToolCalls leaves out calls without a result (and messages left empty)', () => {
    const kept = withoutIncompleteToolCalls([
      assistant('a1', [call('ask', 'call')]),
      assistant('a2', [call('ask', 'call'), { type: 'text', text: 'waiting' }]),
      assistant('a3', [call('done', 'result')]),
    ]);
    expect(kept.map((m) => [m.id, m.content.parts.map((p) => p.type)])).toEqual([
      ['a2', ['text']],
      ['a3', ['tool-invocation']],
    ]);
  });

  it('TokenLimiter (memory-only) sees the loaded history first and trims it from the prompt; the stored history is untouched', async () => {
    const memory = new Memory({ storage: new InMemoryStore() });
    const long = 'word '.repeat(200);
    const model = new ScriptedModel({ steps: [long, long, 'short'] });
    const plain = new Agent({ id: 'tl', instructions: 'x', model, memory });
    await plain.generate(`first ${long}`, { memory: { thread: 't', resource: 'u' } });
    await plain.generate(`second ${long}`, { memory: { thread: 't', resource: 'u' } });
    const agent = new Agent({
      id: 'tl',
      instructions: 'x',
      model,
      memory,
      inputProcessors: [new TokenLimiter({ limit: 500, trimMode: 'memory-only' })],
    });
    await agent.generate('third', { memory: { thread: 't', resource: 'u' } });
    const lines = conversationLines(model.calls[2]?.prompt);
    expect(lines.at(-1)).toBe('user: third');
    expect(lines.length).toBeLessThan(5);
    expect((await memory.recall({ threadId: 't', perPage: false })).messages).toHaveLength(6);
  });

  it('ToolCallFilter removes history tool calls from the prompt only: they stay stored', async () => {
    const memory = new Memory({ storage: new InMemoryStore() });
    const lookup = createTool({
      id: 'lookup',
      description: 'Look up',
      inputSchema: { type: 'object', properties: {} },
      execute: async () => ({ found: 1 }),
    });
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'lookup', args: {} }] }, 'found it', 'next'],
    });
    const agent = new Agent({
      id: 'f',
      instructions: 'x',
      model,
      memory,
      tools: { lookup },
      inputProcessors: [new ToolCallFilter()],
    });
    await agent.generate('find', { memory: { thread: 't', resource: 'u' } });
    await agent.generate('again', { memory: { thread: 't', resource: 'u' } });
    expect(conversationLines(model.calls[2]?.prompt).join('\n')).not.toContain('lookup');
    const stored = await memory.recall({ threadId: 't', perPage: false });
    expect(JSON.stringify(stored.messages)).toContain('"toolName":"lookup"');
  });
});

describe('inConversationOrder', () => {
  it('sorts by list position and never lets createdAt go back in time', () => {
    const a = { ...user('a', 'a'), createdAt: new Date(10) };
    const b = { ...user('b', 'b'), createdAt: new Date(30) };
    const c = { ...user('c', 'c'), createdAt: new Date(20) };
    const order = { a: 0, b: 1, c: 2 } as Record<string, number>;
    const sorted = inConversationOrder([c, b, a], (id) => order[id] as number);
    expect(sorted.map((m) => [m.id, m.createdAt.getTime()])).toEqual([
      ['a', 10],
      ['b', 30],
      ['c', 30],
    ]);
  });
});
