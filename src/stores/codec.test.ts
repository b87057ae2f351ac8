import { describe, expect, it } from 'vitest';
import { decodeJson, encodeJson } from './codec.js';

const roundTrip = (value: unknown) => decodeJson(encodeJson(value));

describe('store JSON codec: values come back exactly', () => {
  it('keeps Dates (valid and invalid), bytes, ArrayBuffers, URLs and bigints', () => {
    const value = {
      at: new Date(Date.UTC(2026, 1, 3, 4, 5, 6, 789)),
      bad: new Date(Number.NaN),
      bytes: new Uint8Array([0, 127, 128, 255]),
      buffer: new Uint8Array([9, 8]).buffer,
      url: new URL('https://example.test/a?b=c'),
      big: 12345678901234567890n,
      list: [new Date(0), new Uint8Array([1])],
    };
    const back = roundTrip(value) as typeof value;
    expect(back).toEqual(value);
    expect(back.at).toBeInstanceOf(Date);
    expect(Number.isNaN(back.bad.getTime())).toBe(true);
    expect(back.bytes).toBeInstanceOf(Uint8Array);
    expect(back.buffer).toBeInstanceOf(ArrayBuffer);
    expect(back.url).toBeInstanceOf(URL);
    expect(back.big).toBe(12345678901234567890n);
  });

  it('a Buffer comes back as a Uint8Array with the same bytes', () => {
    const back = roundTrip({ b: Buffer.from('hé') }) as { b: Uint8Array };
    expect(back.b).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(back.b).toString()).toBe('hé');
  });

  it('user data shaped like a marker is never decoded as one', () => {
    const value = {
      a: { $t: 'date', v: '2026-01-01T00:00:00.000Z' },
      b: { $$t: 'u8', v: 'AAAA' },
      c: { $$$t: 'x', $other: 1, t: 2 },
      d: [{ $t: 'big', v: '1' }],
    };
    expect(roundTrip(value)).toEqual(value);
  });

  it('drops undefined object values like JSON, turns undefined array items into null', () => {
    expect(roundTrip({ a: undefined, b: [undefined, 1] })).toEqual({ b: [null, 1] });
  });

  it('bad JSON throws a SyntaxError (stores turn it into STORE_CORRUPT_ROW)', () => {
    expect(() => decodeJson('{"parts": [')).toThrow(SyntaxError);
  });
});
