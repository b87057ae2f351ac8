import { describe, expect, it } from 'vitest';
import { SluiceError } from '../errors/index.js';
import { MessageList } from './message-list.js';
import type { MastraDBMessage, ToolInvocationUIPart } from './types.js';

const ids = () => {
  let n = 0;
  return () => `m${++n}`;
};

function db(id: string, role: MastraDBMessage['role'], text: string): MastraDBMessage {
  return { id, role, createdAt: new Date(0), content: { format: 2, parts: [{ type: 'text', text }] } };
}

function callMessage(id: string, toolCallId: string, args: unknown = { q: 1 }): MastraDBMessage {
  return {
    id,
    role: 'assistant',
    createdAt: new Date(0),
    content: {
      format: 2,
      parts: [
        { type: 'tool-invocation', toolInvocation: { state: 'call', toolCallId, toolName: 'search', args } },
      ],
    },
  };
}

function resultPart(toolCallId: string, result: unknown, args?: unknown): ToolInvocationUIPart {
  return {
    type: 'tool-invocation',
    toolInvocation: { state: 'result', toolCallId, toolName: 'search', args, result },
  };
}

const texts = (messages: MastraDBMessage[]) =>
  messages.map((m) => m.content.parts.map((p) => (p.type === 'text' ? p.text : p.type)).join());

describe('MessageList', () => {
  it('adds input in any shape and stamps thread, resource and generated ids', () => {
    const list = new MessageList({ threadId: 't', resourceId: 'r', generateMessageId: ids() });
    list.add('hi', 'input');
    const [message] = list.get.all.db();
    expect(message).toMatchObject({ id: 'm1', role: 'user', threadId: 't', resourceId: 'r' });
  });

  it('gives generated timestamps a strictly increasing order', () => {
    const list = new MessageList();
    list.add(['a', 'b', 'c'], 'input');
    const times = list.get.all.db().map((m) => m.createdAt.getTime());
    expect(times[1]).toBeGreaterThan(times[0]!);
    expect(times[2]).toBeGreaterThan(times[1]!);
  });

  it('replaces a message whose id already exists in place, keeping its position and source', () => {
    const list = new MessageList();
    list.add([db('a', 'user', 'one'), db('b', 'user', 'two')], 'input');
    list.add(db('c', 'assistant', 'three'), 'response');
    list.add(db('a', 'user', 'ONE'), 'response');
    expect(texts(list.get.all.db())).toEqual(['ONE', 'two', 'three']);
    expect(list.get.input.db().map((m) => m.id)).toEqual(['a', 'b']);
    expect(list.get.response.db().map((m) => m.id)).toEqual(['c']);
  });

  it('routes sources to views: input/user → input, response, memory → remembered, context', () => {
    const list = new MessageList();
    list.add(db('i', 'user', 'input'), 'input');
    list.add(db('u', 'user', 'user'), 'user');
    list.add(db('r', 'assistant', 'response'), 'response');
    list.add(db('c', 'user', 'context'), 'context');
    list.add(db('m', 'user', 'memory'), 'memory');
    expect(list.get.input.db().map((m) => m.id)).toEqual(['i', 'u']);
    expect(list.get.response.db().map((m) => m.id)).toEqual(['r']);
    expect(list.get.remembered.db().map((m) => m.id)).toEqual(['m']);
    expect(list.get.context.db().map((m) => m.id)).toEqual(['c']);
    expect(list.get.all.db().map((m) => m.id)).toEqual(['m', 'i', 'u', 'r', 'c']);
  });

  it('places remembered messages before the current turn even when recalled later', () => {
    const list = new MessageList();
    list.add('now', 'input');
    list.add([db('old1', 'user', 'old q'), db('old2', 'assistant', 'old a')], 'memory');
    expect(texts(list.get.all.db())).toEqual(['old q', 'old a', 'now']);
  });

  it('returns the stored objects from db() so in-place edits reach the list', () => {
    const list = new MessageList();
    list.add('x', 'input');
    const [message] = list.get.all.db();
    message!.content.parts.push({ type: 'text', text: 'y' });
    expect(list.getLatestUserContent()).toBe('xy');
  });

  it('sends role system messages and source system to the untagged system bucket', () => {
    const list = new MessageList();
    list.add('be brief', 'system');
    list.add(
      [
        { role: 'system', content: 'be kind' },
        { role: 'user', content: 'hi' },
      ],
      'input',
    );
    expect(list.getSystemMessages()).toEqual([
      { role: 'system', content: 'be brief' },
      { role: 'system', content: 'be kind' },
    ]);
    expect(list.get.all.db()).toHaveLength(1);
    expect(() => list.add({ role: 'user', content: 'x' }, 'system')).toThrowError(/source 'system'/);
  });

  it('keeps system buckets by tag, ignores exact duplicates, lists untagged first', () => {
    const list = new MessageList();
    list.addSystem('instructions');
    list.addSystem({ role: 'system', content: 'memory' }, 'working-memory');
    list.addSystem(['instructions', 'extra']);
    list.addSystem('memory', 'working-memory');
    expect(list.getSystemMessages().map((m) => m.content)).toEqual(['instructions', 'extra']);
    expect(list.getSystemMessages('working-memory').map((m) => m.content)).toEqual(['memory']);
    expect(list.getAllSystemMessages().map((m) => m.content)).toEqual(['instructions', 'extra', 'memory']);
  });

  it('replaceAllSystemMessages replaces the untagged bucket only; clearSystemMessages clears one bucket', () => {
    const list = new MessageList();
    list.addSystem('a').addSystem('tagged', 'tag');
    list.replaceAllSystemMessages(['b']);
    expect(list.getAllSystemMessages().map((m) => m.content)).toEqual(['b', 'tagged']);
    list.clearSystemMessages('tag');
    expect(list.getAllSystemMessages().map((m) => m.content)).toEqual(['b']);
    list.clearSystemMessages();
    expect(list.getAllSystemMessages()).toEqual([]);
  });

  it('rejects a non-system message in addSystem with INVALID_SYSTEM_MESSAGE and adds nothing', () => {
    const list = new MessageList();
    expect(() => list.addSystem(['ok', { role: 'user', content: 'x' } as never])).toThrowError(
      expect.objectContaining({ code: 'INVALID_SYSTEM_MESSAGE' }),
    );
    expect(list.getSystemMessages()).toEqual([]);
  });

  it('removeByIds removes and returns messages, skipping unknown ids', () => {
    const list = new MessageList();
    list.add([db('a', 'user', '1'), db('b', 'user', '2'), db('c', 'user', '3')], 'input');
    const removed = list.removeByIds(['c', 'zzz', 'a']);
    expect(removed.map((m) => m.id)).toEqual(['c', 'a']);
    expect(list.get.all.db().map((m) => m.id)).toEqual(['b']);
    expect(list.isNewMessage('a')).toBe(false);
    list.add(db('a', 'user', 'again'), 'input');
    expect(list.get.all.db().map((m) => m.id)).toEqual(['b', 'a']);
  });

  it('rollbackTo removes what joined after the mark; a replaced older message stays, replaced', () => {
    const list = new MessageList();
    list.add([db('a', 'user', 'first'), db('b', 'assistant', 'second')], 'input');
    const mark = list.insertionMark();
    list.add(db('c', 'user', 'added in the attempt'), 'input');
    list.removeByIds(['a']);
    list.add(db('a', 'user', 'first, redacted'), 'input');
    expect(list.rollbackTo(mark)).toEqual(['c']);
    expect(list.get.all.db().map((m) => [m.id, m.content.parts[0]])).toEqual([
      ['b', { type: 'text', text: 'second' }],
      ['a', { type: 'text', text: 'first, redacted' }],
    ]);
  });

  it('rollbackTo forgets rolled-back ids: added again later, they are new to the next mark', () => {
    const list = new MessageList();
    list.add(db('a', 'user', 'hi'), 'input');
    const first = list.insertionMark();
    list.add(db('r', 'assistant', 'rejected'), 'response');
    list.rollbackTo(first);
    const second = list.insertionMark();
    list.add(db('r', 'assistant', 'second try'), 'response');
    expect(list.rollbackTo(second)).toEqual(['r']);
    expect(list.get.all.db().map((m) => m.id)).toEqual(['a']);
  });

  it('updateToolInvocation replaces the result, keeps the original args and updates the mirror', () => {
    const list = new MessageList();
    list.add(callMessage('a1', 'call-1', { city: 'Oslo' }), 'response');
    expect(list.updateToolInvocation(resultPart('call-1', { temp: 3 }), { checked: true })).toBe(true);
    const [message] = list.get.all.db();
    const part = message!.content.parts[0] as ToolInvocationUIPart;
    expect(part.toolInvocation).toEqual({
      state: 'result',
      toolCallId: 'call-1',
      toolName: 'search',
      args: { city: 'Oslo' },
      result: { temp: 3 },
    });
    expect(message!.content.toolInvocations).toEqual([part.toolInvocation]);
    expect(message!.content.metadata).toEqual({ checked: true });
    expect(list.updateToolInvocation(resultPart('nope', 1))).toBe(false);
  });

  it('updateToolInvocation uses new args when given and searches from the newest message', () => {
    const list = new MessageList();
    list.add([callMessage('old', 'dup'), callMessage('new', 'dup')], 'response');
    list.updateToolInvocation(resultPart('dup', 'r', { q: 2 }));
    const [older, newer] = list.get.all.db();
    expect((older!.content.parts[0] as ToolInvocationUIPart).toolInvocation.state).toBe('call');
    expect((newer!.content.parts[0] as ToolInvocationUIPart).toolInvocation).toMatchObject({
      state: 'result',
      args: { q: 2 },
    });
  });

  it('updateToolInvocation finds calls added by in-place edits and re-queues remembered messages', () => {
    const list = new MessageList();
    list.add(db('mem', 'assistant', 'earlier'), 'memory');
    list.get.all.db()[0]!.content.parts.push(callMessage('x', 'late').content.parts[0]!);
    expect(list.updateToolInvocation(resultPart('late', 7))).toBe(true);
    expect(list.drainUnsavedMessages().map((m) => m.id)).toEqual(['mem']);
  });

  it('updateMessageMetadataByToolCallId merges metadata into the holding message', () => {
    const list = new MessageList();
    list.add(callMessage('a', 'c'), 'response');
    list.get.all.db()[0]!.content.metadata = { keep: 1 };
    expect(list.updateMessageMetadataByToolCallId('c', { added: 2 })).toBe(true);
    expect(list.get.all.db()[0]!.content.metadata).toEqual({ keep: 1, added: 2 });
    expect(list.updateMessageMetadataByToolCallId('missing', {})).toBe(false);
  });

  it('merges a tool message added later into the stored assistant call', () => {
    const list = new MessageList();
    list.add(
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 't1', toolName: 'x', input: { a: 1 } }],
      },
      'response',
    );
    list.drainUnsavedMessages();
    list.add(
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 't1', toolName: 'x', output: { type: 'text', value: 'ok' } },
        ],
      },
      'response',
    );
    const messages = list.get.all.db();
    expect(messages).toHaveLength(1);
    expect((messages[0]!.content.parts[0] as ToolInvocationUIPart).toolInvocation).toMatchObject({
      state: 'result',
      args: { a: 1 },
      result: 'ok',
    });
    expect(list.isNewMessage(messages[0]!)).toBe(true);
  });

  it('getLatestUserContent reads text parts, falls back to content.content, null without user messages', () => {
    const list = new MessageList();
    expect(list.getLatestUserContent()).toBeNull();
    list.add(db('m', 'user', 'remembered'), 'memory');
    expect(list.getLatestUserContent()).toBe('remembered');
    list.add(
      {
        id: 'legacy',
        role: 'user',
        createdAt: new Date(),
        content: { format: 2, parts: [], content: 'legacy text' },
      },
      'input',
    );
    expect(list.getLatestUserContent()).toBe('legacy text');
    list.add(
      {
        id: 'both',
        role: 'user',
        createdAt: new Date(),
        content: {
          format: 2,
          parts: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
          content: 'stale',
        },
      },
      'input',
    );
    list.add(db('resp', 'assistant', 'answer'), 'response');
    expect(list.getLatestUserContent()).toBe('ab');
  });

  it('makeMessageSourceChecker reports memory, input, output and context ids', () => {
    const list = new MessageList();
    list.add(db('m', 'user', ''), 'memory');
    list.add(db('i', 'user', ''), 'input');
    list.add(db('o', 'assistant', ''), 'response');
    list.add(db('c', 'user', ''), 'context');
    const checker = list.makeMessageSourceChecker();
    expect([...checker.memory, ...checker.input, ...checker.output, ...checker.context]).toEqual([
      'm',
      'i',
      'o',
      'c',
    ]);
    expect(checker.getSource('o')).toBe('output');
    expect(checker.getSource(db('i', 'user', ''))).toBe('input');
    expect(checker.getSource('unknown')).toBeNull();
  });

  it('isNewMessage and drainUnsavedMessages cover input and response, never memory or context', () => {
    const list = new MessageList();
    list.add(db('m', 'user', ''), 'memory');
    list.add(db('c', 'user', ''), 'context');
    list.add(db('i', 'user', ''), 'input');
    list.add(db('o', 'assistant', ''), 'response');
    expect(list.isNewMessage('i')).toBe(true);
    expect(list.isNewMessage('m')).toBe(false);
    expect(list.drainUnsavedMessages().map((m) => m.id)).toEqual(['i', 'o']);
    expect(list.isNewMessage('i')).toBe(false);
    expect(list.drainUnsavedMessages()).toEqual([]);
  });

  it('views convert to UI and model messages; all.prompt() puts system messages first', () => {
    const list = new MessageList();
    list.addSystem('sys').addSystem('tagged', 'tag');
    list.add('hi', 'input');
    list.add(db('r', 'assistant', 'hello'), 'response');
    expect(list.get.input.ui()).toEqual([
      { id: expect.any(String), role: 'user', parts: [{ type: 'text', text: 'hi', state: 'done' }] },
    ]);
    expect(list.get.response.core()).toEqual([
      { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
    ]);
    expect(list.get.all.prompt()).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'system', content: 'tagged' },
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
    ]);
  });

  it('serialize/deserialize round-trips messages, sources, unsaved state and system buckets', () => {
    const list = new MessageList({ threadId: 't' });
    list.add(db('m', 'user', 'old'), 'memory');
    list.add(db('i', 'user', 'new'), 'input');
    list.addSystem('sys').addSystem('wm', 'tag');
    const data = JSON.parse(JSON.stringify(list.serialize()));
    const copy = MessageList.deserialize(data);
    expect(copy.threadId).toBe('t');
    expect(copy.get.all.db()).toEqual(list.get.all.db());
    expect(copy.get.remembered.db().map((m) => m.id)).toEqual(['m']);
    expect(copy.isNewMessage('i')).toBe(true);
    expect(copy.getAllSystemMessages()).toEqual(list.getAllSystemMessages());
  });

  it('rejects an unknown source with INVALID_MESSAGE_SOURCE', () => {
    const list = new MessageList();
    expect(() => list.add('x', 'bogus' as never)).toThrowError(
      expect.objectContaining({ code: 'INVALID_MESSAGE_SOURCE' }),
    );
    let caught: unknown;
    try {
      list.add([{ role: 'bogus' } as never], 'input');
    } catch (error) {
      caught = error;
    }
    expect(SluiceError.hasCode(caught, 'INVALID_MESSAGE_INPUT')).toBe(true);
  });
});

describe('MessageList lookups and system snapshots', () => {
  it('getMessageById finds live messages only; lastMessage is the newest, remembered ones first in order', () => {
    const list = new MessageList();
    expect(list.lastMessage()).toBeUndefined();
    list.add({ id: 'old', role: 'user', content: 'from memory' }, 'memory');
    expect(list.lastMessage()?.id).toBe('old');
    list.add({ id: 'q', role: 'user', content: 'question' }, 'input');
    list.add({ id: 'a', role: 'assistant', content: 'answer' }, 'response');
    expect(list.getMessageById('q')?.role).toBe('user');
    expect(list.lastMessage()?.id).toBe('a');
    list.removeByIds(['a']);
    expect(list.getMessageById('a')).toBeUndefined();
    expect(list.lastMessage()?.id).toBe('q');
  });

  it('restoreSystemMessages puts untagged and tagged buckets back exactly', () => {
    const list = new MessageList();
    list.addSystem('base');
    list.addSystem('memory note', 'memory');
    const snapshot = list.snapshotSystemMessages();
    list.addSystem('added later');
    list.addSystem('other tag', 'extra');
    list.clearSystemMessages('memory');
    list.restoreSystemMessages(snapshot);
    expect(list.getAllSystemMessages()).toEqual([
      { role: 'system', content: 'base' },
      { role: 'system', content: 'memory note' },
    ]);
    expect(list.getSystemMessages('extra')).toEqual([]);
  });
});
