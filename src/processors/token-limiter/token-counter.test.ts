/**
 * The text-count cache behind TokenLimiter: history is tokenized once, not on every step, and
 * the cache stays bounded.
 */
import { describe, expect, it, vi } from 'vitest';
import { TextTokenCache } from './token-counter.js';

describe('TextTokenCache', () => {
  it('counts a text once; the same content in a new string instance (a fresh prompt) is a hit', () => {
    const cache = new TextTokenCache();
    const count = vi.fn((text: string) => text.length);
    const text = 'a message from the history';
    expect(cache.get(text, count)).toBe(text.length);
    expect(cache.get(['a message', 'from the history'].join(' '), count)).toBe(text.length);
    expect(count).toHaveBeenCalledTimes(1);
  });

  it('stays within its entry and character bounds, dropping the oldest first', () => {
    const cache = new TextTokenCache(3, 1_000);
    const count = vi.fn((text: string) => text.length);
    for (const text of ['a', 'b', 'c', 'd']) cache.get(text, count);
    expect(cache.size).toBe(3);
    cache.get('a', count);
    expect(count).toHaveBeenCalledTimes(5);

    const small = new TextTokenCache(100, 10);
    small.get('12345', count);
    small.get('67890', count);
    small.get('abc', count);
    expect(small.size).toBe(2);
    // A text bigger than the whole character budget is counted, not kept.
    small.get('x'.repeat(20), count);
    expect(small.size).toBe(2);
  });
});
