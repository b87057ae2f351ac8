/**
 * The write queue of an unreachable ledger and the outage warning limiter (issue #31): writes
 * the ledger cannot take wait in order and are replayed (by timer and on demand), a refused write
 * rejects instead of waiting, the queue is bounded, warnings are one per interval per kind.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageError } from '../stores/errors.js';
import { WarningLimiter } from '../util/warning-limiter.js';
import { InMemoryUsageLedger } from './in-memory-ledger.js';
import { LedgerOutbox } from './ledger-outbox.js';
import { usageRecord } from './testing/conformance.js';
import type { UsageRecord } from './types.js';

class Flaky extends InMemoryUsageLedger {
  down = true;
  readonly order: string[] = [];
  override async record(record: UsageRecord): Promise<void> {
    if (this.down) throw new StorageError('STORE_UNAVAILABLE', 'Flaky: connection refused');
    this.order.push(record.id);
    return super.record(record);
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('LedgerOutbox', () => {
  it('queues writes while the ledger is unreachable and replays them in order when it answers', async () => {
    const ledger = new Flaky();
    const warned: string[] = [];
    const outbox = new LedgerOutbox(ledger, { warn: (kind) => warned.push(kind) });
    for (const id of ['a', 'b', 'c']) await outbox.write({ kind: 'record', record: usageRecord(id) });
    expect(outbox.pending).toBe(3);
    await outbox.replay(); // still down: nothing lost, nothing replayed
    expect(outbox.pending).toBe(3);
    ledger.down = false;
    await outbox.replay();
    expect(outbox.pending).toBe(0);
    expect(ledger.order).toEqual(['a', 'b', 'c']);
    expect(warned).toContain('ledger-replayed');
    outbox.close();
  });

  it('retries on its own timer, backing off', async () => {
    vi.useFakeTimers();
    const ledger = new Flaky();
    const outbox = new LedgerOutbox(ledger, { retryMs: 100, warn: () => undefined });
    await outbox.write({ kind: 'record', record: usageRecord('t') });
    await vi.advanceTimersByTimeAsync(100); // first retry: still down, next in 200 ms
    expect(outbox.pending).toBe(1);
    ledger.down = false;
    await vi.advanceTimersByTimeAsync(150);
    expect(outbox.pending).toBe(1);
    await vi.advanceTimersByTimeAsync(60);
    expect(outbox.pending).toBe(0);
    expect(ledger.order).toEqual(['t']);
  });

  it('a write the ledger refuses (not unreachable) rejects instead of waiting', async () => {
    const ledger = new InMemoryUsageLedger();
    const outbox = new LedgerOutbox(ledger, { warn: () => undefined });
    await expect(
      outbox.write({ kind: 'record', record: usageRecord('bad', { estimatedCost: -1 }) }),
    ).rejects.toMatchObject({ code: 'STORE_INVALID_INPUT' });
    expect(outbox.pending).toBe(0);
  });

  it('is bounded: past maxPending the oldest write is dropped and counted', async () => {
    const ledger = new Flaky();
    const kinds: string[] = [];
    const outbox = new LedgerOutbox(ledger, { maxPending: 2, warn: (kind) => kinds.push(kind) });
    for (const id of ['1', '2', '3', '4']) await outbox.write({ kind: 'record', record: usageRecord(id) });
    expect(outbox.pending).toBe(2);
    expect(outbox.dropped).toBe(2);
    expect(kinds.filter((k) => k === 'ledger-dropped')).toHaveLength(2);
    ledger.down = false;
    await outbox.replay();
    expect(ledger.order).toEqual(['3', '4']);
    outbox.close();
  });
});

describe('WarningLimiter', () => {
  it('prints one warning per kind per interval, then says how many it held back', () => {
    let now = 0;
    const printed: string[] = [];
    const limiter = new WarningLimiter(
      60_000,
      (m) => printed.push(m),
      () => now,
    );
    limiter.warn('read', 'down');
    limiter.warn('read', 'down');
    limiter.warn('write', 'queued');
    now += 30_000;
    limiter.warn('read', 'down');
    now += 31_000;
    limiter.warn('read', 'still down');
    expect(printed).toEqual([
      'down',
      'queued',
      'still down (2 similar warnings held back since the previous one)',
    ]);
  });
});
