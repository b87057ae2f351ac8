/**
 * `errorChain` / `errorTexts`: the one walker every default error processor uses to look inside
 * a provider failure (the error, then `cause`, nested `error`, `response.error` and `data`).
 */
import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { describeError, errorChain, errorTexts } from './error-chain.js';

describe('errorChain', () => {
  it('lists the error, then cause, nested error, response.error and data, breadth-first', () => {
    const cause = { name: 'cause', cause: { name: 'cause of cause' } };
    const nested = { name: 'nested' };
    const responseError = { name: 'response.error' };
    const data = { name: 'data' };
    const error = { name: 'top', cause, error: nested, response: { error: responseError }, data };
    expect(errorChain(error).map((level) => level.name)).toEqual([
      'top',
      'cause',
      'nested',
      'response.error',
      'data',
      'cause of cause',
    ]);
  });

  it('finds the parsed body an AI SDK APICallError keeps in data', () => {
    const body = { error: { type: 'overloaded_error', message: 'Overloaded' } };
    const error = new APICallError({ message: 'x', url: 'u', requestBodyValues: {}, data: body });
    const chain = errorChain(new Error('wrapper', { cause: error }));
    expect(chain).toContain(body);
    expect(chain).toContain(body.error);
  });

  it('lists objects only, each once, and survives cycles', () => {
    const a: Record<string, unknown> = { name: 'a', error: 'a string is not a level', data: [1, 2] };
    const b = { name: 'b', cause: a, data: a };
    a.cause = b;
    expect(errorChain(a)).toEqual([a, b]);
    expect(errorChain('boom')).toEqual([]);
    expect(errorChain(null)).toEqual([]);
    expect(errorChain(undefined)).toEqual([]);
  });

  it('stops maxDepth links below the error (default 8)', () => {
    let deep: Error = new Error('bottom');
    for (let i = 0; i < 8; i++) deep = new Error(`wrapper ${i}`, { cause: deep });
    expect(errorChain(deep)).toHaveLength(9);
    expect(errorChain(new Error('one more', { cause: deep }))).toHaveLength(9);
    expect(errorChain(deep, 2)).toHaveLength(3);
    expect(errorChain(deep, 0)).toEqual([deep]);
  });
});

describe('errorTexts', () => {
  it('collects message, responseBody and nested error messages of every level, without repeats', () => {
    const api = new APICallError({
      message: 'Bad Request',
      url: 'u',
      requestBodyValues: {},
      statusCode: 400,
      responseBody: '{"error":{"message":"raw body"}}',
    });
    const error = new Error('outer', { cause: api });
    const event = { type: 'response.failed', response: { error: { message: 'from the event' } } };
    expect(errorTexts(error)).toEqual(['outer', 'Bad Request', '{"error":{"message":"raw body"}}']);
    expect(errorTexts(event)).toEqual(['from the event']);
    expect(errorTexts({ message: 'same', error: { message: 'same' } })).toEqual(['same']);
  });

  it('keeps a nested error message even past the depth limit, and string errors and causes', () => {
    expect(errorTexts({ error: { message: 'nested' } }, 0)).toEqual(['nested']);
    expect(errorTexts({ error: 'Overloaded' })).toEqual(['Overloaded']);
    expect(errorTexts(new Error('outer', { cause: 'inner text' }))).toEqual(['outer', 'inner text']);
    expect(errorTexts('a thrown string')).toEqual(['a thrown string']);
    expect(errorTexts(42)).toEqual([]);
  });
});

describe('describeError', () => {
  it('uses an Error message, else the value as a string', () => {
    expect(describeError(new Error('kaput'))).toBe('kaput');
    expect(describeError('plain')).toBe('plain');
    expect(describeError(undefined)).toBe('undefined');
  });

  it('never throws: values that cannot become a string are still described', () => {
    const throwingToString = {
      toString() {
        throw new Error('nope');
      },
    };
    const brokenMessage = new Error('x');
    Object.defineProperty(brokenMessage, 'message', {
      get() {
        throw new Error('nope');
      },
    });
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    expect(describeError(Object.create(null))).toBe('[object Object] (it cannot be converted to a string)');
    expect(describeError(throwingToString)).toBe('[object Object] (it cannot be converted to a string)');
    expect(describeError(Symbol('odd'))).toBe('Symbol(odd)');
    expect(describeError(brokenMessage)).toContain('cannot be converted to a string');
    expect(typeof describeError(revoked.proxy)).toBe('string');
  });
});
