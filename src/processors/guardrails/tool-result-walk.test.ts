/**
 * walkToolResult, the walk every guardrail with checkToolResults shares: each reachable string
 * once (shared objects once, cycles terminate, property names included), bounded with an
 * overflow instead of a silent stop, iterative (no stack overflow however deep), and a rebuild
 * in which every reference to a shared object sees the same rewritten copy.
 */
import { DEFAULT_TOOL_RESULT_LIMITS, walkToolResult } from 'sluice/processors/authoring';
import { describe, expect, it } from 'vitest';

const upper = (text: string) => text.toUpperCase();

function nested(depth: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe('walkToolResult', () => {
  it('lists values and property names in document order, each place once', () => {
    const walk = walkToolResult({ a: 'x', b: { c: ['y', 'z'] } });
    expect(walk.texts.map((t) => [t.kind, t.text, t.field])).toEqual([
      ['key', 'a', undefined],
      ['value', 'x', 'a'],
      ['key', 'b', undefined],
      ['key', 'c', 'b'],
      ['value', 'y', 'c'],
      ['value', 'z', 'c'],
    ]);
    expect(walk.overflow).toBeUndefined();
  });

  it('a shared object is listed once; the rebuilt copy shares one rewritten copy of it', () => {
    const shared = { v: 'secret' };
    const value = { first: shared, second: shared, list: [shared] };
    const walk = walkToolResult(value);
    expect(walk.texts.filter((t) => t.text === 'secret')).toHaveLength(1);
    const copy = walk.rebuild((t) => (t === 'secret' ? '***' : t)) as {
      first: unknown;
      second: unknown;
      list: unknown[];
    };
    expect(copy.first).toEqual({ v: '***' });
    expect(copy.second).toBe(copy.first);
    expect(copy.list[0]).toBe(copy.first);
    expect(value.first).toEqual({ v: 'secret' });
  });

  it('a cycle terminates and stays a cycle in the copy', () => {
    const node: Record<string, unknown> = { name: 'loop' };
    node.self = node;
    node.list = [node, { back: node }];
    const walk = walkToolResult(node);
    expect(walk.texts.filter((t) => t.text === 'loop')).toHaveLength(1);
    const copy = walk.rebuild(upper) as Record<string, unknown>;
    expect(copy.NAME).toBe('LOOP');
    expect(copy.SELF).toBe(copy);
    expect((copy.LIST as unknown[])[0]).toBe(copy);
  });

  it('renamed property names keep their values; collisions get a suffix; __proto__ stays a property', () => {
    const value = JSON.parse('{"a":1,"A":2,"__proto__":{"x":"y"}}');
    const copy = walkToolResult(value).rebuild(upper) as Record<string, unknown>;
    // A name left unchanged keeps it; the renamed one gets the suffix.
    expect(Object.keys(copy)).toEqual(['A (2)', 'A', '__PROTO__']);
    expect(copy.A).toBe(2);
    expect(copy['A (2)']).toBe(1);
    const same = walkToolResult(value).rebuild((t) => (t === 'y' ? 'z' : t)) as Record<string, unknown>;
    expect(Object.getPrototypeOf(same)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(same, '__proto__')?.value).toEqual({ x: 'z' });
  });

  it('nothing replaced: the value itself comes back; untouched scalars keep their type', () => {
    const value = { n: 12345678, s: 'a' };
    const walk = walkToolResult(value, { scalar: (v) => String(v) });
    expect(walk.rebuild((t) => t)).toBe(value);
    expect(walk.rebuild((t) => (t === 'a' ? 'b' : t))).toEqual({ n: 12345678, s: 'b' });
  });

  it('reads values as JSON sends them (a Date is its ISO string)', () => {
    const walk = walkToolResult({ at: new Date(0) });
    expect(walk.texts.map((t) => t.text)).toEqual(['at', '1970-01-01T00:00:00.000Z']);
  });

  it.each([5_000, 100_000])('%i levels deep: no stack overflow, overflow maxDepth', (depth) => {
    const walk = walkToolResult(nested(depth, 'leaf'));
    expect(walk.overflow).toEqual({ limit: 'maxDepth', bound: DEFAULT_TOOL_RESULT_LIMITS.maxDepth });
    const within = walkToolResult(nested(depth, 'leaf'), { limits: { maxDepth: depth } });
    expect(within.overflow).toBeUndefined();
    expect(within.texts.map((t) => t.text)).toEqual(['leaf']);
  });

  it('exactly maxDepth levels pass; one more overflows', () => {
    const max = DEFAULT_TOOL_RESULT_LIMITS.maxDepth;
    expect(walkToolResult(nested(max, 'x')).overflow).toBeUndefined();
    expect(walkToolResult(nested(max + 1, 'x')).overflow?.limit).toBe('maxDepth');
  });

  it('strings and characters past their bounds overflow instead of stopping silently', () => {
    expect(walkToolResult(['a', 'b', 'c'], { limits: { maxStrings: 2 } }).overflow).toEqual({
      limit: 'maxStrings',
      bound: 2,
    });
    expect(walkToolResult({ k: 'abcd' }, { limits: { maxChars: 4 } }).overflow).toEqual({
      limit: 'maxChars',
      bound: 4,
    });
    expect(walkToolResult(['ab', 'cd'], { limits: { maxChars: 4 } }).overflow).toBeUndefined();
  });

  it('is linear: 200,000 strings in a wide and a deep-ish value walk in well under a second', () => {
    const wide = Array.from({ length: 2000 }, (_, i) => ({
      id: `row-${i}`,
      tags: Array.from({ length: 48 }, () => 't'),
    }));
    const started = performance.now();
    const walk = walkToolResult(wide, { limits: { maxStrings: 1_000_000 } });
    walk.rebuild(upper);
    expect(walk.texts.length).toBe(2000 * (2 + 1 + 48));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
