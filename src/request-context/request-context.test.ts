import { describe, expect, it } from 'vitest';
import { MASTRA_RESOURCE_ID_KEY, MASTRA_THREAD_ID_KEY, RequestContext } from './index.js';

describe('RequestContext', () => {
  it('is built from entries and behaves like a map with size() as a method', () => {
    const ctx = new RequestContext([['tier', 'gold']]);
    ctx.set('limit', 4000);
    expect(ctx.get('tier')).toBe('gold');
    expect(ctx.get('missing')).toBeUndefined();
    expect(ctx.has('limit')).toBe(true);
    expect(ctx.size()).toBe(2);
    expect([...ctx.keys()]).toEqual(['tier', 'limit']);
    expect(ctx.delete('tier')).toBe(true);
    expect(ctx.all).toEqual({ limit: 4000 });
    ctx.clear();
    expect(ctx.size()).toBe(0);
  });

  it('toJSON skips values that cannot be serialised', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const ctx = new RequestContext([
      ['ok', { a: 1 }],
      ['fn', () => 1],
      ['cyclic', cyclic],
    ]);
    expect(JSON.parse(JSON.stringify(ctx))).toEqual({ ok: { a: 1 } });
  });

  it('exposes the reserved resource and thread keys', () => {
    expect(MASTRA_RESOURCE_ID_KEY).toBe('mastra__resourceId');
    expect(MASTRA_THREAD_ID_KEY).toBe('mastra__threadId');
  });

  it('typed values narrow get()', () => {
    const ctx = new RequestContext<{ tokenLimit: number }>();
    ctx.set('tokenLimit', 10);
    const limit: number = ctx.get('tokenLimit') ?? 4000;
    expect(limit).toBe(10);
  });
});
