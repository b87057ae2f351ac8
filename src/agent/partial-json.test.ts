import { describe, expect, it } from 'vitest';
import {
  jsonNestsDeeperThan,
  MAX_JSON_DEPTH,
  PartialJsonParser,
  parsePartialJson,
} from '../util/partial-json.js';
import { PartialObjects } from './run/partial-objects.js';

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
    ['{"q": "smile \\ud83d\\ude00 \\u00e9', { q: 'smile 😀 é' }],
    ['{"a": 1}', { a: 1 }],
    ['[true, fal', [true]],
    ['{"n": -', {}],
    ['{"n": 4.', { n: 4 }],
    ['{"n": 1e+', { n: 1 }],
    ['{"a": 1} and then prose', { a: 1 }],
    ['{"a": 1, "a": 2', { a: 2 }],
  ])('%j → %j', (text, expected) => {
    expect(parsePartialJson(text)).toEqual(expected);
  });

  it('a "__proto__" key is an own property, as JSON.parse makes it, never the prototype', () => {
    const value = parsePartialJson('{"__proto__": {"admin": true}, "b": 1}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value).toEqual(JSON.parse('{"__proto__": {"admin": true}, "b": 1}'));
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('text that is not JSON yields nothing (and fails at the first character that proves it)', () => {
    for (const text of ['The answer is {"a": 1}', 'nope', '{"a" 1}', '{"a": 01}', '[1,]', '{"a": 1]']) {
      const parser = new PartialJsonParser();
      parser.push(text);
      expect(parser.failed, text).toBe(true);
    }
  });
});

describe('PartialJsonParser reads each character once, however the text is split', () => {
  const documents = [
    '{"city":"Oslo","tempC":-4.5e1,"tags":["a","b\\n\\"c\\""],"ok":true,"none":null,"nested":{"x":[[],{}]}}',
    '[{"q":"\\u00e9\\ud83d\\ude00"},1,2.25,false,"\\\\"]',
    '  {"empty": "", "e": {}, "arr": [ 1 , 2 ] }  ',
  ];

  it.each(documents)('every split of %j ends at JSON.parse of the whole', (doc) => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 50; round++) {
      const parser = new PartialJsonParser();
      let previous: unknown;
      for (let i = 0; i < doc.length; ) {
        const size = 1 + Math.floor(random() * 6);
        const changed = parser.push(doc.slice(i, i + size));
        i += size;
        const value = parser.snapshot();
        // A change flag is only raised for a visible change, so no duplicate object chunks.
        if (changed) expect(value).not.toEqual(previous);
        else expect(value).toEqual(previous);
        previous = value;
      }
      expect(parser.failed).toBe(false);
      expect(previous).toEqual(JSON.parse(doc));
    }
  });

  it('a snapshot is a copy: later pieces do not change values already handed out', () => {
    const parser = new PartialJsonParser();
    parser.push('{"list": [1, ');
    const first = parser.snapshot();
    parser.push('2, {"a": "x"}]}');
    expect(first).toEqual({ list: [1] });
    expect(parser.snapshot()).toEqual({ list: [1, 2, { a: 'x' }] });
  });
});

describe(`nesting is bounded at MAX_JSON_DEPTH (${MAX_JSON_DEPTH})`, () => {
  it('the parser stops (no error) past the bound and keeps what it had', () => {
    const parser = new PartialJsonParser();
    parser.push('['.repeat(MAX_JSON_DEPTH));
    expect(parser.failed).toBe(false);
    parser.push('[');
    expect(parser.failed).toBe(true);
    expect(() => parser.snapshot()).not.toThrow();
  });

  it('jsonNestsDeeperThan counts brackets outside strings only', () => {
    expect(jsonNestsDeeperThan('[[1]]', 2)).toBe(false);
    expect(jsonNestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(jsonNestsDeeperThan('["[[[[", "\\"[[[["]', 2)).toBe(false);
  });
});

describe('PartialObjects: partial values of a structured answer', () => {
  const objects = (deltas: string[]) => {
    const partial = new PartialObjects('run');
    return deltas
      .map((d) => partial.next(d))
      .filter((c) => c !== undefined)
      .map((c) => (c as { object: unknown }).object);
  };

  it('follows an answer inside a ```json fence, split anywhere', () => {
    expect(objects(['  ``', '`js', 'on\n{"a', '": "x"}', '\n```'])).toEqual([{}, { a: 'x' }]);
    expect(objects(['```\n[1', ', 2]'])).toEqual([[1], [1, 2]]);
  });

  it('an answer that does not start as a JSON object or array gets no partial objects', () => {
    expect(objects(['Here is the JSON: ', '{"a": 1}'])).toEqual([]);
    expect(objects(['```js\n', '{"a": 1}'])).toEqual([]);
    expect(objects(['"just a string"'])).toEqual([]);
  });
});
