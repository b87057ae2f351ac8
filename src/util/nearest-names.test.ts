import { describe, expect, it } from 'vitest';
import { editDistance, nearestNames } from './nearest-names.js';

const AGENT = [
  'id',
  'name',
  'instructions',
  'model',
  'inputProcessors',
  'outputProcessors',
  'errorProcessors',
  'maxProcessorRetries',
  'memory',
];

describe('editDistance counts insertions, deletions, substitutions and neighbour swaps', () => {
  it.each<[string, string, number]>([
    ['', '', 0],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['thread', 'thread', 0],
    ['thred', 'thread', 1],
    ['thraed', 'thread', 1],
    ['treshold', 'threshold', 1],
    ['kitten', 'sitting', 3],
    ['ab', 'ba', 1],
    ['ca', 'abc', 3],
  ])('%j → %j is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe('nearestNames suggests the valid names closest to a mistyped one', () => {
  it.each<[string, string[]]>([
    ['inputProcessor', ['inputProcessors']],
    ['InputProcessors', ['inputProcessors']],
    ['processors', ['inputProcessors', 'outputProcessors', 'errorProcessors']],
    ['instruction', ['instructions']],
    ['modle', ['model']],
    ['memroy', ['memory']],
    ['nmae', ['name']],
  ])('%s → %j', (name, expected) => {
    expect(nearestNames(name, AGENT)).toEqual(expected);
  });

  it('names at most `limit`, and none for an empty or absurdly long name', () => {
    expect(nearestNames('x', ['a', 'b', 'c', 'd'], 2)).toEqual(['a', 'b']);
    expect(nearestNames('guardrails', AGENT)).toEqual([]);
    expect(nearestNames('abcdefghi', ['abcxyzghi'], 3, 2)).toEqual([]);
    expect(nearestNames('abcdefghi', ['abcxyzghi'])).toEqual(['abcxyzghi']);
    expect(nearestNames('', AGENT)).toEqual([]);
    expect(nearestNames('a'.repeat(65), AGENT)).toEqual([]);
  });

  it('stays fast on long names (bounded work)', () => {
    const start = performance.now();
    for (let i = 0; i < 200; i++) nearestNames(`${'q'.repeat(64)}`, AGENT);
    for (let i = 0; i < 200; i++) nearestNames('z'.repeat(1_000_000), AGENT);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
