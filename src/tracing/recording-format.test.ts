/**
 * The recording format's value encoding: what JSON cannot hold (bytes, dates, URLs, errors)
 * survives a round trip, data that looks like a tag stays data, and the digest ignores key order.
 */
import { describe, expect, it } from 'vitest';
import { DataTooDeepError } from '../errors/data-too-deep-error.js';
import { decode, encode, requestDigest } from './recording-format.js';

describe('recording values', () => {
  it('bytes, dates, URLs and errors come back as themselves through JSON', () => {
    const value = {
      bytes: new Uint8Array([0, 1, 254, 255]),
      at: new Date('2026-01-02T03:04:05.000Z'),
      url: new URL('https://example.com/a?b=c'),
      error: new Error('boom'),
      nested: [{ n: 1, gone: undefined, fn: () => 1 }],
    };
    const back = decode(JSON.parse(JSON.stringify(encode(value)))) as typeof value;
    expect(back.bytes).toEqual(new Uint8Array([0, 1, 254, 255]));
    expect(back.at).toEqual(new Date('2026-01-02T03:04:05.000Z'));
    expect(back.url.href).toBe('https://example.com/a?b=c');
    expect(back.error).toBeInstanceOf(Error);
    expect(back.error.message).toBe('boom');
    expect(back.nested).toEqual([{ n: 1 }]);
  });

  it('data shaped like a tag stays data', () => {
    const value = { $bytes: 'AAEC', list: [{ $date: 'not a date' }] };
    expect(decode(JSON.parse(JSON.stringify(encode(value))))).toEqual(value);
  });

  it('a "__proto__" key stays a plain own key, never a prototype', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const back = decode(JSON.parse(JSON.stringify(encode(hostile)))) as Record<string, unknown>;
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    expect((back as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(back)).toEqual(['__proto__', 'a']);
  });

  it('the digest does not depend on key order, and does on any value', () => {
    expect(requestDigest(encode({ a: 1, b: { c: 2, d: 3 } }))).toBe(
      requestDigest(encode({ b: { d: 3, c: 2 }, a: 1 })),
    );
    expect(requestDigest(encode({ a: 1 }))).not.toBe(requestDigest(encode({ a: 2 })));
  });

  it('refuses values nested deeper than it walks, with a DATA_TOO_DEEP error', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 1_000; i++) deep = [deep];
    expect(() => encode(deep)).toThrow(DataTooDeepError);
  });
});
