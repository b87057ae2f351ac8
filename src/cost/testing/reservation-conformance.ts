/**
 * The reservation rules every built-in {@link UsageLedger} passes (issue #31): holds placed
 * atomically with the budget check (50 concurrent reservations against a $1 budget overshoot by
 * at most one call), counted under every scope key of the call (or only the checked one, where the
 * ledger says so; the call then counts under all of them once settled), settled to the actual usage,
 * released, idempotent, and final once their TTL has passed. A ledger's test file calls
 * {@link defineReservationConformance} with the same kind of factory as the main conformance
 * suite (`conformance.ts`).
 *
 * Test support only (imports vitest): nothing in the public entry points imports it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UsageHold, UsageLedger, UsageReserveCheck } from '../types.js';
import { CONFORMANCE_T0, type UsageLedgerConformanceContext, usageRecord } from './conformance.js';

/** What a factory returns for one test. */
export interface ReservationConformanceSubject {
  ledger: UsageLedger;
  /**
   * Where a hold counts while open: under every scope key of the call (default), or only under the
   * scope key its budget checks (`'checked'`: `RedisUsageLedger`, whose other scope keys count the
   * call when it settles).
   */
  holdsCountUnder?: 'every' | 'checked';
  /** Drop everything the test created. Called after `ledger.close()`. */
  dispose?: () => Promise<void>;
}

/** A hold of `cost` dollars for user `user-1` (and the other scope keys of `usageRecord`). */
export function usageHold(id: string, overrides: Partial<UsageHold> = {}): UsageHold {
  return {
    id,
    at: new Date(CONFORMANCE_T0),
    provider: 'openai',
    model: 'gpt-5-mini',
    inputTokens: 1000,
    outputTokens: 4096,
    estimatedCost: 0.3,
    costUnit: 'USD',
    scope: {
      runId: `run-${id}`,
      threadId: 'thread-1',
      resourceId: 'res-1',
      userId: 'user-1',
      organizationId: 'org-1',
      sessionId: 'sess-1',
    },
    ttlMs: 600_000,
    ...overrides,
  };
}

const USER: UsageReserveCheck = { scope: 'user', scopeKey: 'user-1', window: '24h' };

/** Define the reservation tests for a ledger; `factory` is called once per test. */
export function defineReservationConformance(
  label: string,
  factory: (context: UsageLedgerConformanceContext) => Promise<ReservationConformanceSubject>,
): void {
  describe(`UsageLedger reservations: ${label}`, () => {
    let subject: ReservationConformanceSubject;
    let ledger: UsageLedger;
    let clock = CONFORMANCE_T0;
    let counter = 0;
    const reserve = (hold: UsageHold, check: UsageReserveCheck) =>
      (ledger.reserve as NonNullable<UsageLedger['reserve']>).call(ledger, hold, check);
    const settle = (hold: UsageHold, record: Parameters<NonNullable<UsageLedger['settle']>>[1]) =>
      (ledger.settle as NonNullable<UsageLedger['settle']>).call(ledger, hold, record);
    const userCost = async () =>
      (await ledger.totals({ scope: 'user', scopeKey: 'user-1', window: '24h' })).estimatedCost;

    beforeEach(async () => {
      clock = CONFORMANCE_T0;
      counter += 1;
      subject = await factory({
        now: () => new Date(clock),
        testId: `r${process.pid}_${Date.now().toString(36)}_${counter}`,
      });
      ledger = subject.ledger;
    });

    afterEach(async () => {
      await ledger.close?.();
      await subject.dispose?.();
    });

    it('50 concurrent reservations against a $1 budget: granted while the total is below it, so the overshoot is under one call', async () => {
      const holds = Array.from({ length: 50 }, (_, i) => usageHold(`h${i}`));
      const results = await Promise.all(holds.map((hold) => reserve(hold, { ...USER, limit: 1 })));
      const granted = results.filter((r) => r.granted).length;
      // $0.30 each: $0, $0.30, $0.60, $0.90 are below $1 — four holds, $1.20 held, $0.20 over.
      expect(granted).toBe(4);
      for (const r of results) {
        if (r.granted) expect(r.totals.estimatedCost).toBeLessThan(1);
        else expect(r.totals.estimatedCost).toBeGreaterThanOrEqual(1);
      }
      expect(await userCost()).toBeCloseTo(1.2, 9);
      const totals = await ledger.totals({ scope: 'user', scopeKey: 'user-1', window: '24h' });
      expect(totals).toMatchObject({ calls: 4, inputTokens: 4000, outputTokens: 4 * 4096 });
    });

    it('a hold counts under the scope keys the ledger holds it on from the moment it is placed; after settling, the call counts under every scope key once', async () => {
      const hold = usageHold('h1');
      const result = await reserve(hold, { ...USER, limit: 5 });
      expect(result).toMatchObject({ granted: true, totals: { estimatedCost: 0, calls: 0 } });
      const keys = [
        ['run', 'run-h1'],
        ['thread', 'thread-1'],
        ['resource', 'res-1'],
        ['user', 'user-1'],
        ['organization', 'org-1'],
        ['session', 'sess-1'],
      ] as const;
      const totalsOf = (scope: (typeof keys)[number][0], scopeKey: string) =>
        ledger.totals({ scope, scopeKey, ...(scope === 'run' ? {} : { window: '1h' }) });
      const everywhere = (subject.holdsCountUnder ?? 'every') === 'every';
      for (const [scope, scopeKey] of keys) {
        const held = everywhere || scope === 'user';
        expect(await totalsOf(scope, scopeKey), scope).toMatchObject(
          held ? { estimatedCost: 0.3, calls: 1 } : { estimatedCost: 0, calls: 0 },
        );
      }
      const actual = usageRecord('h1', { estimatedCost: 0.05, scope: hold.scope });
      expect(await settle(hold, actual)).toBe('settled');
      expect(await settle(hold, actual)).toBe('expired');
      for (const [scope, scopeKey] of keys) {
        expect(await totalsOf(scope, scopeKey), scope).toMatchObject({ estimatedCost: 0.05, calls: 1 });
      }
    });

    it('settling replaces the hold by the actual usage once; releasing removes it; both are idempotent', async () => {
      const a = usageHold('a');
      const b = usageHold('b');
      await reserve(a, { ...USER, limit: 5 });
      await reserve(b, { ...USER, limit: 5 });
      expect(await userCost()).toBeCloseTo(0.6, 9);
      const actual = usageRecord('a', {
        estimatedCost: 0.05,
        inputTokens: 900,
        outputTokens: 50,
        scope: a.scope,
      });
      expect(await settle(a, actual)).toBe('settled');
      expect(await settle(a, actual)).toBe('expired');
      expect(await userCost()).toBeCloseTo(0.35, 9);
      expect(await settle(b, null)).toBe('released');
      expect(await settle(b, null)).toBe('expired');
      const totals = await ledger.totals({ scope: 'user', scopeKey: 'user-1', window: '24h' });
      expect(totals).toMatchObject({ estimatedCost: 0.05, calls: 1, inputTokens: 900, outputTokens: 50 });
    });

    it('reserving the same id twice holds once, and its check leaves that hold out', async () => {
      const hold = usageHold('same', { estimatedCost: 0.8 });
      expect((await reserve(hold, { ...USER, limit: 1 })).granted).toBe(true);
      const again = await reserve(hold, { ...USER, limit: 1 });
      expect(again).toMatchObject({ granted: true, totals: { estimatedCost: 0 } });
      expect(await userCost()).toBeCloseTo(0.8, 9);
    });

    it('without a limit the hold is always placed and the totals are returned', async () => {
      await reserve(usageHold('x', { estimatedCost: 2 }), USER);
      const result = await reserve(usageHold('y'), USER);
      expect(result).toMatchObject({ granted: true, totals: { estimatedCost: 2, calls: 1 } });
      expect(await userCost()).toBeCloseTo(2.3, 9);
    });

    it('a hold past its TTL is final: charged in full, a late settlement is ignored', async () => {
      const hold = usageHold('late', { ttlMs: 40 });
      await reserve(hold, { ...USER, limit: 5 });
      // Both clocks move: the ledger's (in-memory, SQL) and the server's (Redis key expiry).
      clock += 1_000;
      await new Promise((resolve) => setTimeout(resolve, 120));
      const actual = usageRecord('late', { estimatedCost: 0.01, scope: hold.scope });
      expect(await settle(hold, actual)).toBe('expired');
      expect(await settle(hold, null)).toBe('expired');
      expect(await userCost()).toBeCloseTo(0.3, 9);
    });

    it('refuses a bad hold or check with a StorageError (STORE_INVALID_INPUT), holding nothing', async () => {
      await expect(reserve(usageHold('bad', { ttlMs: 0 }), USER)).rejects.toMatchObject({
        code: 'STORE_INVALID_INPUT',
      });
      await expect(reserve(usageHold('bad2', { estimatedCost: -1 }), USER)).rejects.toMatchObject({
        code: 'STORE_INVALID_INPUT',
      });
      await expect(reserve(usageHold('bad3'), { ...USER, limit: Number.NaN })).rejects.toMatchObject({
        code: 'STORE_INVALID_INPUT',
      });
      expect(await userCost()).toBe(0);
    });
  });
}
