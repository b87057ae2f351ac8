/**
 * The depth measures behind MAX_DATA_DEPTH: JSON text measured without parsing (brackets inside
 * strings do not count), values along their longest path (shared objects measured once, cycles
 * left alone), both iterative however deep.
 */
import { describe, expect, it } from 'vitest';
import { jsonTextTooDeep, MAX_DATA_DEPTH, valueTooDeep } from './data-depth.js';

const nestedText = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe('jsonTextTooDeep', () => {
  it('exactly the limit passes, one more level fails', () => {
    expect(jsonTextTooDeep(nestedText(MAX_DATA_DEPTH))).toBe(false);
    expect(jsonTextTooDeep(nestedText(MAX_DATA_DEPTH + 1))).toBe(true);
  });
  it('brackets inside strings (escaped quotes included) are text, not nesting', () => {
    const text = JSON.stringify({ s: `\\"${'['.repeat(1000)}`, t: '{'.repeat(1000) });
    expect(jsonTextTooDeep(text)).toBe(false);
  });
  it('100,000 levels are measured without recursion', () => {
    expect(jsonTextTooDeep(nestedText(100_000))).toBe(true);
  });
});

describe('valueTooDeep', () => {
  it('exactly the limit passes, one more level fails; 100,000 levels without recursion', () => {
    expect(valueTooDeep(nested(MAX_DATA_DEPTH))).toBe(false);
    expect(valueTooDeep(nested(MAX_DATA_DEPTH + 1))).toBe(true);
    expect(valueTooDeep(nested(100_000))).toBe(true);
  });
  it('the longest path counts, even through an object first met on a short path', () => {
    const deep = nested(MAX_DATA_DEPTH - 1);
    expect(valueTooDeep({ short: deep, long: [[deep]] })).toBe(true);
    expect(valueTooDeep({ short: deep })).toBe(false);
  });
  it('a diamond-shaped value (shared halves, 2^60 paths) is measured in linear time', () => {
    let v: unknown = 'x';
    for (let i = 0; i < 60; i++) v = { l: v, r: v };
    expect(valueTooDeep(v)).toBe(false);
    expect(valueTooDeep(v, 30)).toBe(true);
  });
  it('a cycle ends the walk (the serialiser reports it)', () => {
    const node: Record<string, unknown> = {};
    node.self = node;
    expect(valueTooDeep(node)).toBe(false);
  });
});
