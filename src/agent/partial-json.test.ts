import { describe, expect, it } from 'vitest';
import { parsePartialJson } from './partial-json.js';

describe('parsePartialJson: the value a JSON prefix describes so far', () => {
  it.each([
    ['', undefined],
    ['{', {}],
    ['{"city": "Os', { city: 'Os' }],
    ['{"city": "Oslo", "te', { city: 'Oslo' }],
    ['{"city": "Oslo", "tempC": 4', { city: 'Oslo', tempC: 4 }],
    ['{"city": "Oslo", "tempC": tr', { city: 'Oslo' }],
    ['{"list": [1, 2, {"a": "x', { list: [1, 2, { a: 'x' }] }],
    ['{"q": "say \\"hi', { q: 'say "hi' }],
    ['{"q": "back\\', { q: 'back' }],
    ['{"a": 1}', { a: 1 }],
    ['[true, fal', [true]],
  ])('%j → %j', (text, expected) => {
    expect(parsePartialJson(text)).toEqual(expected);
  });
});
