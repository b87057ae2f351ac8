/**
 * Issue #32 item 4 — api-reference §6.1 and the README: `TokenLimiter` in `memory-only` mode
 * trims only remembered history (messages from memory, or added as `context`), persistently, and
 * reports what it removed through `onMemoryTrim`. The current turn (`input` and `response`
 * messages) always reaches the model, even when it alone is over the limit.
 */
import type { MastraDBMessage } from 'sluice/messages';
import { MessageList } from 'sluice/messages';
import { type ProcessInputArgs, TokenLimiter } from 'sluice/processors';
import { describe, expect, it, vi } from 'vitest';

const words = (n: number, tag: string) => `${tag} ${'word '.repeat(n)}`;
const tagOf = (m: MastraDBMessage) => (m.content.parts[0] as { text: string }).text.split(' ')[0];

function inputArgs(messageList: MessageList): ProcessInputArgs {
  return {
    messages: messageList.get.all.db(),
    systemMessages: [],
    messageList,
    state: {},
    retryCount: 0,
    abort: (reason?: string) => {
      throw new Error(reason);
    },
  };
}

describe('TokenLimiter memory-only keeps the current turn and trims only remembered history', () => {
  it('over the limit: remembered and context messages go, input and response messages stay', async () => {
    const onMemoryTrim = vi.fn(async (_removed: MastraDBMessage[]) => {});
    const limiter = new TokenLimiter({
      limit: 100,
      trimMode: 'memory-only',
      atMaxRemoveTokens: 0,
      onMemoryTrim,
    });
    const list = new MessageList();
    list.add([words(20, 'mem1'), words(20, 'mem2')], 'memory');
    list.add(words(20, 'ctx'), 'context');
    list.add({ role: 'assistant', content: words(20, 'resp') }, 'response');
    list.add(words(30, 'now'), 'input');

    const out = await limiter.processInput(inputArgs(list));

    expect(out).toBe(list);
    expect(list.get.all.db().map(tagOf)).toEqual(['resp', 'now']);
    expect(onMemoryTrim).toHaveBeenCalledTimes(1);
    expect((onMemoryTrim.mock.calls[0]?.[0] ?? []).map(tagOf)).toEqual(['mem1', 'mem2', 'ctx']);
  });

  it('a current turn alone above the limit is kept whole; only the history is trimmed', async () => {
    const onMemoryTrim = vi.fn(async (_removed: MastraDBMessage[]) => {});
    const limiter = new TokenLimiter({ limit: 60, trimMode: 'memory-only', onMemoryTrim });
    const list = new MessageList();
    list.add([words(10, 'old')], 'memory');
    list.add([words(80, 'first'), words(80, 'second')], 'input');

    await limiter.processInput(inputArgs(list));

    expect(list.get.all.db().map(tagOf)).toEqual(['first', 'second']);
    expect((onMemoryTrim.mock.calls[0]?.[0] ?? []).map(tagOf)).toEqual(['old']);
  });

  it('over the limit with no remembered history: nothing is removed and onMemoryTrim is not called', async () => {
    const onMemoryTrim = vi.fn(async (_removed: MastraDBMessage[]) => {});
    const limiter = new TokenLimiter({ limit: 30, trimMode: 'memory-only', onMemoryTrim });
    const list = new MessageList();
    list.add([words(50, 'a'), words(50, 'b')], 'input');

    await limiter.processInput(inputArgs(list));

    expect(list.get.all.db().map(tagOf)).toEqual(['a', 'b']);
    expect(onMemoryTrim).not.toHaveBeenCalled();
  });

  it('trims the oldest remembered messages first, only as far as needed, and leaves the history starting at a user message', async () => {
    const onMemoryTrim = vi.fn(async (_removed: MastraDBMessage[]) => {});
    // Each 20-word message costs ~25 tokens; 24 overhead. 4 × 25 + 24 + ~11 ≈ 135 > 120;
    // down to ≤ 120 − 30 = 90 removes two, and the assistant reply left in front goes too.
    const limiter = new TokenLimiter({
      limit: 120,
      trimMode: 'memory-only',
      atMaxRemoveTokens: 30,
      onMemoryTrim,
    });
    const list = new MessageList();
    list.add(
      [
        { role: 'user', content: words(20, 'q1') },
        { role: 'assistant', content: words(20, 'a1') },
        { role: 'assistant', content: words(20, 'a1b') },
        { role: 'user', content: words(20, 'q2') },
      ],
      'memory',
    );
    list.add(words(5, 'now'), 'input');

    await limiter.processInput(inputArgs(list));

    expect(list.get.all.db().map(tagOf)).toEqual(['q2', 'now']);
    expect((onMemoryTrim.mock.calls[0]?.[0] ?? []).map(tagOf)).toEqual(['q1', 'a1', 'a1b']);
  });
});
