import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors/configuration-error.js';
import { InMemoryUsageLedger } from './in-memory-ledger.js';
import { CONFORMANCE_T0, defineUsageLedgerConformance, usageRecord } from './testing/conformance.js';
import { defineReservationConformance } from './testing/reservation-conformance.js';

defineUsageLedgerConformance('InMemoryUsageLedger', async ({ now }) => ({
  ledger: new InMemoryUsageLedger({ now }),
}));

defineReservationConformance('InMemoryUsageLedger', async ({ now }) => ({
  ledger: new InMemoryUsageLedger({ now }),
}));

describe('InMemoryUsageLedger', () => {
  it('drops records older than its retention as new ones arrive', async () => {
    let clock = CONFORMANCE_T0;
    const ledger = new InMemoryUsageLedger({ now: () => new Date(clock), retention: '1h' });
    await ledger.record(usageRecord('old', { at: new Date(clock) }));
    clock += 2 * 3_600_000;
    await ledger.record(usageRecord('new', { at: new Date(clock) }));
    expect(ledger.size).toBe(1);
    const all = await ledger.totals({ scope: 'run', scopeKey: 'run-1' });
    expect(all.calls).toBe(1);
  });

  it('keeps at most maxRecords, dropping the oldest first', async () => {
    const ledger = new InMemoryUsageLedger({ now: () => new Date(CONFORMANCE_T0), maxRecords: 3 });
    for (let i = 0; i < 5; i++) {
      await ledger.record(
        usageRecord(`r${i}`, { at: new Date(CONFORMANCE_T0 - (5 - i) * 1000), estimatedCost: i }),
      );
    }
    expect(ledger.size).toBe(3);
    const totals = await ledger.totals({ scope: 'user', scopeKey: 'user-1', window: '1h' });
    expect(totals.calls).toBe(3);
    expect(totals.estimatedCost).toBe(2 + 3 + 4);
  });

  it('memory stays bounded: keys whose records all left (maxRecords, retention) are forgotten, even if never queried again', async () => {
    let clock = CONFORMANCE_T0;
    const ledger = new InMemoryUsageLedger({ now: () => new Date(clock), maxRecords: 10, retention: '1h' });
    // 1 000 runs, each with its own run id, session and user (3 keys per record), one shared organisation.
    for (let i = 0; i < 1000; i++) {
      await ledger.record(
        usageRecord(`run-${i}`, {
          at: new Date(clock),
          scope: { runId: `run-${i}`, userId: `user-${i}`, sessionId: `s-${i}`, organizationId: 'org' },
        }),
      );
      clock += 1000;
    }
    expect(ledger.size).toBe(10);
    // 10 records kept: 10 runs, 10 users, 10 sessions and the organisation.
    expect(ledger.indexedKeys).toBe(31);
    const org = await ledger.totals({ scope: 'organization', scopeKey: 'org', window: '1h' });
    expect(org.calls).toBe(10);
    expect((await ledger.totals({ scope: 'run', scopeKey: 'run-989' })).calls).toBe(0);
    expect((await ledger.totals({ scope: 'run', scopeKey: 'run-990' })).calls).toBe(1);
    // Retention: two hours later one new record is all that is left, under its own keys.
    clock += 2 * 3_600_000;
    await ledger.record(usageRecord('late-run', { at: new Date(clock), scope: { runId: 'late-run' } }));
    expect(ledger.size).toBe(1);
    expect(ledger.indexedKeys).toBe(1);
    expect((await ledger.totals({ scope: 'organization', scopeKey: 'org', window: '365d' })).calls).toBe(0);
  });

  it('a hot key keeps exact totals while its oldest records leave one by one', async () => {
    let clock = CONFORMANCE_T0;
    const ledger = new InMemoryUsageLedger({ now: () => new Date(clock), maxRecords: 100 });
    for (let i = 0; i < 5000; i++) {
      await ledger.record(
        usageRecord(`h-${i}`, {
          at: new Date(clock),
          estimatedCost: i,
          scope: { runId: `r-${i}`, userId: 'hot' },
        }),
      );
      clock += 1;
      if (i % 997 === 0 || i === 4999) {
        const kept = Math.min(i + 1, 100);
        const totals = await ledger.totals({ scope: 'user', scopeKey: 'hot', window: '1h', breakdown: true });
        // The last `kept` costs: i, i - 1, …, i - kept + 1.
        expect(totals.calls).toBe(kept);
        expect(totals.estimatedCost).toBe((kept * (2 * i - kept + 1)) / 2);
        expect(totals.breakdown?.[0]?.calls).toBe(kept);
      }
    }
    expect(ledger.indexedKeys).toBe(101);
  });

  it('names the option it refuses', () => {
    expect(() => new InMemoryUsageLedger({ retention: '2d' as '1h' })).toThrow(/retention/);
    expect(() => new InMemoryUsageLedger({ maxRecords: 0 })).toThrow(/maxRecords/);
    expect(() => new InMemoryUsageLedger({ now: 5 as unknown as () => Date })).toThrow(ConfigurationError);
    // Prices are checked like the processor's: a key without a provider, a negative rate.
    expect(() => new InMemoryUsageLedger({ pricing: { 'gpt-5': { input: 1, output: 1 } } })).toThrow(
      /InMemoryUsageLedger: option "pricing": key "gpt-5" must be "provider\/model-id"/,
    );
    let error: unknown;
    try {
      new InMemoryUsageLedger({ pricing: { 'openai/gpt-5': { input: 1, output: -2 } } });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      code: 'STORE_INVALID_CONFIG',
      details: { store: 'InMemoryUsageLedger', option: 'pricing' },
    });
    expect((error as Error).message).toContain('"openai/gpt-5".output must be a number >= 0');
  });

  it('a window total costs two binary searches, not a read per record (one key with 100k records)', async () => {
    const ledger = new InMemoryUsageLedger({ now: () => new Date(CONFORMANCE_T0) });
    for (let i = 0; i < 100_000; i++) {
      await ledger.record(
        usageRecord(`bulk-${i}`, {
          at: new Date(CONFORMANCE_T0 - 100_000 + i),
          estimatedCost: 0.0001,
          scope: { runId: `run-${i}`, userId: 'hot' },
        }),
      );
    }
    const started = performance.now();
    let totals = await ledger.totals({ scope: 'user', scopeKey: 'hot', window: '7d' });
    for (let i = 0; i < 1000; i++)
      totals = await ledger.totals({ scope: 'user', scopeKey: 'hot', window: '7d' });
    const perQueryMs = (performance.now() - started) / 1001;
    expect(totals.calls).toBe(100_000);
    expect(totals.estimatedCost).toBeCloseTo(10, 9);
    // Reading 100k records takes about a millisecond; the prefix sums answer in a few microseconds
    // (the bound leaves room for a loaded machine and still fails a scan).
    expect(perQueryMs).toBeLessThan(0.25);
    // A late record (out of time order) and the retention cut keep the sums right.
    await ledger.record(
      usageRecord('late', {
        at: new Date(CONFORMANCE_T0 - 200_000),
        estimatedCost: 1,
        scope: { runId: 'x', userId: 'hot' },
      }),
    );
    const withLate = await ledger.totals({ scope: 'user', scopeKey: 'hot', window: '1h' });
    expect(withLate.calls).toBe(100_001);
    expect(withLate.estimatedCost).toBeCloseTo(11, 9);
    const lastHalf = await ledger.totals({
      scope: 'user',
      scopeKey: 'hot',
      window: '1h',
      now: new Date(CONFORMANCE_T0 + 3_600_000 - 50_000),
    });
    // now - 1h = T0 - 50 000 ms (excluded): the records of i = 50 001 … 99 999.
    expect(lastHalf.calls).toBe(49_999);
    expect(lastHalf.estimatedCost).toBeCloseTo(4.9999, 9);
  });
});
