/**
 * The text-count cache behind TokenLimiter: history is tokenized once, not on every step, and
 * the cache stays bounded. A history larger than the cache still keeps a cache's worth of hits
 * per step: the limiter reads history oldest to newest, and a cache that let each scan evict
 * the entries the same scan needs next would miss on every lookup.
 */
import { describe, expect, it, vi } from 'vitest';
import { TextTokenCache } from './token-counter.js';

const history = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} message ${i}`);

/** Tokenizer calls of one oldest-to-newest pass over `texts`. */
function scan(cache: TextTokenCache, texts: readonly string[]): number {
  const count = vi.fn((text: string) => text.length);
  for (const text of texts) cache.get(text, count);
  return count.mock.calls.length;
}

describe('TextTokenCache', () => {
  it('counts a text once; the same content in a new string instance (a fresh prompt) is a hit', () => {
    const cache = new TextTokenCache();
    const count = vi.fn((text: string) => text.length);
    const text = 'a message from the history';
    expect(cache.get(text, count)).toBe(text.length);
    expect(cache.get(['a message', 'from the history'].join(' '), count)).toBe(text.length);
    expect(count).toHaveBeenCalledTimes(1);
  });

  it('a history that fits is tokenized once: later steps, growing by two messages, only count the new ones', () => {
    const cache = new TextTokenCache(100, 1_000_000);
    const texts = history('fits', 90);
    expect(scan(cache, texts.slice(0, 80))).toBe(80);
    for (let n = 82; n <= 90; n += 2) expect(scan(cache, texts.slice(0, n))).toBe(2);
    expect(scan(cache, texts)).toBe(0);
  });

  it('repeated oldest-to-newest scans of a history larger than the cache keep a cache-full of hits each', () => {
    const cache = new TextTokenCache(100, 1_000_000);
    const texts = history('long', 150);
    const calls = [1, 2, 3, 4, 5, 6].map(() => scan(cache, texts));
    // FIFO or plain LRU evict every entry just before it is needed again: 150 misses per scan.
    expect(calls).toEqual([150, 50, 50, 50, 50, 50]);
    expect(cache.size).toBe(100);
  });

  it('the same holds when the character bound is the one reached', () => {
    const texts = history('chars', 40).map((text) => text.padEnd(100, '.'));
    const cache = new TextTokenCache(1_000, 3_000);
    const calls = [1, 2, 3, 4].map(() => scan(cache, texts));
    expect(calls).toEqual([40, 10, 10, 10]);
  });

  it('entries nobody reads any more make room: a new conversation gets all hits once the old one is gone', () => {
    const cache = new TextTokenCache(100, 1_000_000);
    scan(cache, history('old', 100));
    const texts = history('new', 60);
    const calls: number[] = [];
    for (let step = 0; step < 12; step++) calls.push(scan(cache, texts));
    // Old entries count as unused after 4 cache-fulls of lookups (400 here) without a read.
    expect(calls.slice(-3)).toEqual([0, 0, 0]);
    expect(calls.indexOf(0)).toBeLessThanOrEqual(8);
    expect(cache.size).toBeLessThanOrEqual(100);
  });

  it('stays within its entry and character bounds', () => {
    const count = vi.fn((text: string) => text.length);
    const cache = new TextTokenCache(3, 1_000);
    for (const text of ['a', 'b', 'c', 'd']) cache.get(text, count);
    expect(cache.size).toBe(3);

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
