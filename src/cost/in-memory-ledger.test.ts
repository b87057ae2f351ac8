import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors/configuration-error.js';
import { CONFORMANCE_T0, defineUsageLedgerConformance, usageRecord } from './conformance.js';
import { InMemoryUsageLedger } from './in-memory-ledger.js';

defineUsageLedgerConformance('InMemoryUsageLedger', async ({ now }) => ({
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

  it('names the option it refuses', () => {
    expect(() => new InMemoryUsageLedger({ retention: '2d' as '1h' })).toThrow(/retention/);
    expect(() => new InMemoryUsageLedger({ maxRecords: 0 })).toThrow(/maxRecords/);
    expect(() => new InMemoryUsageLedger({ now: 5 as unknown as () => Date })).toThrow(ConfigurationError);
  });

  it('reads a window total without scanning other keys (100k records, one key answers fast)', async () => {
    const ledger = new InMemoryUsageLedger({ now: () => new Date(CONFORMANCE_T0) });
    for (let i = 0; i < 100_000; i++) {
      await ledger.record(
        usageRecord(`bulk-${i}`, {
          at: new Date(CONFORMANCE_T0 - 100_000 + i),
          scope: { runId: `run-${i}`, userId: `u-${i % 1000}` },
        }),
      );
    }
    const started = performance.now();
    for (let i = 0; i < 1000; i++) await ledger.totals({ scope: 'user', scopeKey: `u-${i}`, window: '7d' });
    const perQueryMs = (performance.now() - started) / 1000;
    expect((await ledger.totals({ scope: 'user', scopeKey: 'u-7', window: '7d' })).calls).toBe(100);
    expect(perQueryMs).toBeLessThan(1);
  });
});
