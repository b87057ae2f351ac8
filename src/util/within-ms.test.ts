import { describe, expect, it } from 'vitest';
import { TIMED_OUT, withinMs } from './within-ms.js';

describe('withinMs: a bounded wait (used by the cache fail-open, cost checks and usage flushes)', () => {
  it('gives the value when the promise settles first', async () => {
    expect(await withinMs(Promise.resolve(7), 1000)).toBe(7);
  });
  it('gives TIMED_OUT when the deadline comes first', async () => {
    expect(await withinMs(new Promise<never>(() => {}), 5)).toBe(TIMED_OUT);
  });
  it('rejects with the promise’s error before the deadline; a later rejection stays handled', async () => {
    await expect(withinMs(Promise.reject(new Error('down')), 1000)).rejects.toThrow('down');
    let fail: (error: Error) => void = () => undefined;
    const late = new Promise<never>((_, reject) => {
      fail = reject;
    });
    expect(await withinMs(late, 5)).toBe(TIMED_OUT);
    fail(new Error('too late')); // must not surface as an unhandled rejection (vitest would report it)
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
