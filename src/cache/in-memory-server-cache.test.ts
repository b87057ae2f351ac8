/** InMemoryServerCache: LRU with TTL (defaults 1000 / 300000, 0 = no expiry) and the full 6.8 method set. */
import { InMemoryServerCache, MastraServerCache } from 'sluice/cache';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
});

describe('InMemoryServerCache', () => {
  it('is a MastraServerCache; get returns what set stored, undefined for a missing key', async () => {
    const cache = new InMemoryServerCache();
    expect(cache).toBeInstanceOf(MastraServerCache);
    expect(cache.name).toBe('in-memory');
    await cache.set('k', { a: 1 });
    expect(await cache.get('k')).toEqual({ a: 1 });
    expect(await cache.get('missing')).toBeUndefined();
    await cache.delete('k');
    expect(await cache.get('k')).toBeUndefined();
  });

  it('set() values expire after the default ttlMs (300000) or the per-set ttlMs; 0 never expires; lists and counters do not expire', async () => {
    vi.useFakeTimers({ now: 0 });
    const cache = new InMemoryServerCache();
    await cache.set('default', 1);
    await cache.set('short', 2, 1000);
    await cache.set('forever', 3, 0);
    vi.setSystemTime(1001);
    expect(await cache.get('short')).toBeUndefined();
    expect(await cache.get('default')).toBe(1);
    vi.setSystemTime(300_001);
    expect(await cache.get('default')).toBeUndefined();
    expect(await cache.get('forever')).toBe(3);
    const lists = new InMemoryServerCache({ ttlMs: 10 });
    await lists.listPush('l', 1);
    await lists.increment('n');
    vi.setSystemTime(400_000);
    expect(await lists.listLength('l')).toBe(1);
    expect(await lists.increment('n')).toBe(2);
    const noExpiry = new InMemoryServerCache({ ttlMs: 0 });
    await noExpiry.set('k', 1);
    vi.setSystemTime(10 ** 12);
    expect(await noExpiry.get('k')).toBe(1);
  });

  it('evicts the least recently used key beyond maxSize (a read refreshes recency)', async () => {
    const cache = new InMemoryServerCache({ maxSize: 2 });
    await cache.set('a', 1);
    await cache.set('b', 2);
    await cache.get('a');
    await cache.set('c', 3);
    expect(await cache.get('b')).toBeUndefined();
    expect(await cache.get('a')).toBe(1);
    expect(await cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('default maxSize is 1000', async () => {
    const cache = new InMemoryServerCache();
    for (let i = 0; i < 1001; i++) await cache.set(`k${i}`, i);
    expect(cache.size).toBe(1000);
    expect(await cache.get('k0')).toBeUndefined();
  });

  it('get and set cost O(1): 100x more entries does not make them 100x slower', async () => {
    const time = async (n: number) => {
      const cache = new InMemoryServerCache({ maxSize: n });
      for (let i = 0; i < n; i++) await cache.set(`k${i}`, i);
      const started = performance.now();
      for (let i = 0; i < 20_000; i++) {
        await cache.get(`k${i % n}`);
        await cache.set(`k${i % n}`, i);
      }
      return performance.now() - started;
    };
    await time(100);
    const small = await time(100);
    const large = await time(10_000);
    expect(large / small).toBeLessThan(10);
  });

  it('lists: push, length and inclusive LRANGE-style ranges with negative indexes', async () => {
    const cache = new InMemoryServerCache();
    expect(await cache.listLength('l')).toBe(0);
    expect(await cache.listFromTo('l', 0)).toEqual([]);
    for (const v of ['a', 'b', 'c', 'd']) await cache.listPush('l', v);
    expect(await cache.listLength('l')).toBe(4);
    expect(await cache.listFromTo('l', 0)).toEqual(['a', 'b', 'c', 'd']);
    expect(await cache.listFromTo('l', 1, 2)).toEqual(['b', 'c']);
    expect(await cache.listFromTo('l', -2)).toEqual(['c', 'd']);
    expect(await cache.listFromTo('l', 3, 1)).toEqual([]);
  });

  it('increment is atomic and starts at 1; listPushIndexed allocates 0-based indexes', async () => {
    const cache = new InMemoryServerCache();
    const counts = await Promise.all(Array.from({ length: 5 }, () => cache.increment('n')));
    expect(counts.sort()).toEqual([1, 2, 3, 4, 5]);
    const indexes = await Promise.all([0, 1, 2].map((i) => cache.listPushIndexed('log', 'log:n', { i })));
    expect(indexes).toEqual([0, 1, 2]);
    expect(await cache.listFromTo('log', 0)).toEqual([
      { i: 0, index: 0 },
      { i: 1, index: 1 },
      { i: 2, index: 2 },
    ]);
  });

  it('clear removes everything; a list operation on a plain value is a CACHE_WRONG_TYPE error', async () => {
    const cache = new InMemoryServerCache();
    await cache.set('v', 1);
    await expect(cache.listPush('v', 2)).rejects.toMatchObject({ code: 'CACHE_WRONG_TYPE' });
    await expect(cache.increment('v')).rejects.toMatchObject({ code: 'CACHE_WRONG_TYPE' });
    await cache.clear();
    expect(cache.size).toBe(0);
  });

  it('bad options are CACHE_INVALID_OPTIONS errors naming the option', () => {
    expect(() => new InMemoryServerCache({ maxSize: 0 })).toThrow(/"maxSize" must be a whole number/);
    expect(() => new InMemoryServerCache({ ttlMs: -1 })).toThrow(
      expect.objectContaining({ code: 'CACHE_INVALID_OPTIONS' }),
    );
  });

  it('the base class default listPushIndexed increments then pushes', async () => {
    class Minimal extends InMemoryServerCache {}
    const base = MastraServerCache.prototype.listPushIndexed;
    const cache = new Minimal();
    expect(await base.call(cache, 'l', 'c', { x: 1 })).toBe(0);
    expect(await base.call(cache, 'l', 'c', { x: 2 })).toBe(1);
    expect(await cache.listFromTo('l', 0)).toEqual([
      { x: 1, index: 0 },
      { x: 2, index: 1 },
    ]);
  });
});
