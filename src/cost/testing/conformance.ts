/**
 * The one conformance suite every {@link UsageLedger} passes (in memory, SQL, Redis). A ledger's
 * test file calls {@link defineUsageLedgerConformance} with a factory; the suite defines the
 * vitest tests. Each test gets a fresh, empty ledger built with the suite's clock and disposes
 * of it afterwards.
 *
 * Test support only (imports vitest): nothing in the public entry points imports it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StorageError } from '../../stores/errors.js';
import { SCOPE_KEY_FIELD, USAGE_SCOPES, USAGE_WINDOWS } from '../scope.js';
import type {
  UsageLedger,
  UsageRecord,
  UsageScope,
  UsageScopeKeys,
  UsageTotals,
  UsageWindow,
} from '../types.js';
import { USAGE_WINDOW_MS } from '../types.js';

/** What the suite hands a factory: the clock the ledger must use as its default `now`. */
export interface UsageLedgerConformanceContext {
  /** The ledger's clock; the suite moves it. Pass it as the ledger's `now` option. */
  now: () => Date;
  /** A unique name for this test (use it as a key prefix / table prefix). */
  testId: string;
}

/** What a factory returns for one test. */
export interface UsageLedgerConformanceSubject {
  ledger: UsageLedger;
  /** Drop everything the test created (keys, tables). Called after `ledger.close()`. */
  dispose?: () => Promise<void>;
  /**
   * Window granularity in ms for ledgers that are exact only to a bucket (Redis), per window
   * when it differs by window; 0 or absent = exact. With a granularity, the boundary tests place
   * records two buckets from each window edge instead of 1 ms from it.
   */
  bucketMs?: number | ((window: UsageWindow) => number);
}

/** The start of the suite's clock: 2026-01-01T12:00:00.000Z. */
export const CONFORMANCE_T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

/** A complete record with defaults; override any field. */
export function usageRecord(id: string, overrides: Partial<UsageRecord> = {}): UsageRecord {
  return {
    id,
    at: new Date(CONFORMANCE_T0),
    provider: 'openai',
    model: 'gpt-5-mini',
    kind: 'step',
    inputTokens: 1000,
    outputTokens: 200,
    cachedInputTokens: 0,
    reasoningTokens: 0,
    estimatedCost: 0.001,
    costUnit: 'USD',
    priced: true,
    scope: {
      runId: 'run-1',
      threadId: 'thread-1',
      resourceId: 'res-1',
      userId: 'user-1',
      organizationId: 'org-1',
      sessionId: 'sess-1',
    },
    ...overrides,
  };
}

/** Define the conformance tests for a ledger; `factory` is called once per test. */
export function defineUsageLedgerConformance(
  label: string,
  factory: (context: UsageLedgerConformanceContext) => Promise<UsageLedgerConformanceSubject>,
): void {
  describe(`UsageLedger conformance: ${label}`, () => {
    let subject: UsageLedgerConformanceSubject;
    let ledger: UsageLedger;
    let clock = CONFORMANCE_T0;
    let counter = 0;
    let bucketOf: (window: UsageWindow) => number = () => 0;

    beforeEach(async () => {
      clock = CONFORMANCE_T0;
      counter += 1;
      subject = await factory({
        now: () => new Date(clock),
        testId: `c${process.pid}_${Date.now().toString(36)}_${counter}`,
      });
      ledger = subject.ledger;
      const granularity = subject.bucketMs;
      bucketOf = typeof granularity === 'function' ? granularity : () => granularity ?? 0;
    });

    afterEach(async () => {
      await ledger.close?.();
      await subject.dispose?.();
    });

    const at = (ms: number) => new Date(ms);
    const cost = (totals: UsageTotals) => totals.estimatedCost;

    it('an empty scope totals zero, in USD, with no breakdown unless asked', async () => {
      const totals = await ledger.totals({
        scope: 'user',
        scopeKey: 'nobody',
        window: '7d',
        now: at(CONFORMANCE_T0),
      });
      expect(totals).toEqual({
        estimatedCost: 0,
        costUnit: 'USD',
        inputTokens: 0,
        outputTokens: 0,
        cachedInputTokens: 0,
        reasoningTokens: 0,
        calls: 0,
      });
      expect('breakdown' in totals).toBe(false);
      const withBreakdown = await ledger.totals({
        scope: 'user',
        scopeKey: 'nobody',
        window: '7d',
        breakdown: true,
      });
      expect(withBreakdown.breakdown).toEqual([]);
    });

    it('sums every field of the records of one scope key', async () => {
      await ledger.record(
        usageRecord('a', {
          inputTokens: 100,
          outputTokens: 10,
          cachedInputTokens: 40,
          reasoningTokens: 5,
          estimatedCost: 0.25,
        }),
      );
      await ledger.record(
        usageRecord('b', {
          inputTokens: 300,
          outputTokens: 30,
          cachedInputTokens: 0,
          reasoningTokens: 7,
          estimatedCost: 0.5,
        }),
      );
      await ledger.record(
        usageRecord('c', { kind: 'cache-hit', inputTokens: 0, outputTokens: 0, estimatedCost: 0 }),
      );
      const totals = await ledger.totals({
        scope: 'user',
        scopeKey: 'user-1',
        window: '24h',
        now: at(CONFORMANCE_T0),
      });
      expect(totals).toEqual({
        estimatedCost: 0.75,
        costUnit: 'USD',
        inputTokens: 400,
        outputTokens: 40,
        cachedInputTokens: 40,
        reasoningTokens: 12,
        calls: 3,
      });
    });

    it('is idempotent by id: the same id recorded twice (even with other figures) counts once', async () => {
      await ledger.record(usageRecord('same', { estimatedCost: 0.2 }));
      await ledger.record(usageRecord('same', { estimatedCost: 0.2 }));
      await ledger.record(usageRecord('same', { estimatedCost: 9, inputTokens: 1 }));
      const totals = await ledger.totals({
        scope: 'resource',
        scopeKey: 'res-1',
        window: '1h',
        now: at(CONFORMANCE_T0),
      });
      expect(totals.calls).toBe(1);
      expect(cost(totals)).toBeCloseTo(0.2, 12);
      expect(totals.inputTokens).toBe(1000);
    });

    it('is idempotent under concurrency: many writes of one id at once count once; distinct ids all count', async () => {
      await Promise.all(
        Array.from({ length: 20 }, () => ledger.record(usageRecord('dup', { estimatedCost: 0.01 }))),
      );
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          ledger.record(usageRecord(`many-${i}`, { estimatedCost: 0.01 })),
        ),
      );
      const totals = await ledger.totals({
        scope: 'user',
        scopeKey: 'user-1',
        window: '1h',
        now: at(CONFORMANCE_T0),
      });
      expect(totals.calls).toBe(31);
      expect(cost(totals)).toBeCloseTo(0.31, 9);
    });

    for (const scope of USAGE_SCOPES) {
      it(`scope "${scope}" counts the records carrying its key (${SCOPE_KEY_FIELD[scope]}) and nothing else`, async () => {
        const field = SCOPE_KEY_FIELD[scope];
        const mine: UsageScopeKeys = { runId: 'run-other' };
        mine[field] = 'k-1';
        // Same key value under every other scope field: must not leak into this scope.
        const others: UsageScopeKeys = { runId: 'run-x' };
        for (const other of USAGE_SCOPES) {
          if (other !== scope) others[SCOPE_KEY_FIELD[other]] = 'k-1';
        }
        if (scope === 'run') others.runId = 'run-y';
        const otherKey: UsageScopeKeys = { runId: 'run-z' };
        otherKey[field] = 'k-2';
        await ledger.record(usageRecord('mine-1', { scope: mine, estimatedCost: 0.1 }));
        await ledger.record(
          usageRecord('mine-2', { scope: mine, estimatedCost: 0.2, at: at(CONFORMANCE_T0 - 60_000) }),
        );
        await ledger.record(usageRecord('others', { scope: others, estimatedCost: 5 }));
        await ledger.record(usageRecord('other-key', { scope: otherKey, estimatedCost: 7 }));
        const window = scope === 'run' ? undefined : ('24h' as const);
        const totals = await ledger.totals({
          scope,
          scopeKey: 'k-1',
          ...(window ? { window } : {}),
          now: at(CONFORMANCE_T0),
        });
        expect(totals.calls).toBe(2);
        expect(cost(totals)).toBeCloseTo(0.3, 12);
        const two = await ledger.totals({
          scope,
          scopeKey: 'k-2',
          ...(window ? { window } : {}),
          now: at(CONFORMANCE_T0),
        });
        expect(two.calls).toBe(1);
        expect(cost(two)).toBeCloseTo(7, 12);
      });
    }

    it('a record without a key for a scope is not counted under that scope', async () => {
      await ledger.record(usageRecord('anon', { scope: { runId: 'run-anon', resourceId: 'res-anon' } }));
      for (const scope of ['user', 'organization', 'session', 'thread'] as UsageScope[]) {
        const totals = await ledger.totals({
          scope,
          scopeKey: 'undefined',
          window: '24h',
          now: at(CONFORMANCE_T0),
        });
        expect(totals.calls).toBe(0);
      }
      expect(
        (
          await ledger.totals({
            scope: 'resource',
            scopeKey: 'res-anon',
            window: '24h',
            now: at(CONFORMANCE_T0),
          })
        ).calls,
      ).toBe(1);
    });

    for (const window of USAGE_WINDOWS) {
      it(`window "${window}" is sliding: now - ${window} < at <= now`, async () => {
        const length = USAGE_WINDOW_MS[window];
        // Off any bucket or second boundary, so rounding to a bucket shows.
        const now = CONFORMANCE_T0 + 400 * 86_400_000 + 12_345;
        const bucket = bucketOf(window);
        const edge = bucket > 0 ? 2 * bucket : 1;
        await ledger.record(usageRecord('just-inside', { at: at(now - length + edge), estimatedCost: 1 }));
        await ledger.record(usageRecord('at-now', { at: at(now), estimatedCost: 2 }));
        await ledger.record(
          usageRecord('at-start', { at: at(now - length - (bucket > 0 ? edge : 0)), estimatedCost: 4 }),
        );
        await ledger.record(usageRecord('future', { at: at(now + edge), estimatedCost: 8 }));
        await ledger.record(
          usageRecord('long-ago', {
            at: at(now - length - 10 * Math.max(bucket, 60_000)),
            estimatedCost: 16,
          }),
        );
        const totals = await ledger.totals({ scope: 'user', scopeKey: 'user-1', window, now: at(now) });
        expect(cost(totals)).toBeCloseTo(3, 9);
        expect(totals.calls).toBe(2);
        // Moving `now` forward drops the oldest record and takes in the future one (by exactly the
        // edge for exact ledgers: the oldest then sits on the excluded start).
        const shift = bucket > 0 ? 2 * edge : edge;
        const later = await ledger.totals({
          scope: 'user',
          scopeKey: 'user-1',
          window,
          now: at(now + shift),
        });
        expect(cost(later)).toBeCloseTo(10, 9);
      });
    }

    it('a query without `now` uses the ledger clock', async () => {
      clock = CONFORMANCE_T0 + 3 * 3_600_000;
      const inside = Math.max(60_000, 2 * bucketOf('1h'));
      await ledger.record(usageRecord('old', { at: at(CONFORMANCE_T0), estimatedCost: 1 }));
      await ledger.record(usageRecord('new', { at: at(clock - inside), estimatedCost: 2 }));
      expect(cost(await ledger.totals({ scope: 'user', scopeKey: 'user-1', window: '1h' }))).toBeCloseTo(
        2,
        9,
      );
      expect(cost(await ledger.totals({ scope: 'user', scopeKey: 'user-1', window: '6h' }))).toBeCloseTo(
        3,
        9,
      );
      clock = CONFORMANCE_T0 + 2 * 86_400_000;
      expect(cost(await ledger.totals({ scope: 'user', scopeKey: 'user-1', window: '24h' }))).toBe(0);
    });

    it('without a window, totals are all time (the run scope)', async () => {
      await ledger.record(usageRecord('r1', { at: at(CONFORMANCE_T0 - 40 * 86_400_000), estimatedCost: 1 }));
      await ledger.record(usageRecord('r2', { at: at(CONFORMANCE_T0 - 1), estimatedCost: 2 }));
      const totals = await ledger.totals({ scope: 'run', scopeKey: 'run-1', now: at(CONFORMANCE_T0) });
      expect(totals.calls).toBe(2);
      expect(cost(totals)).toBeCloseTo(3, 9);
    });

    it('the breakdown groups by provider/model, highest cost first, and sums to the totals', async () => {
      await ledger.record(
        usageRecord('o1', {
          provider: 'openai',
          model: 'gpt-5-mini',
          estimatedCost: 0.1,
          inputTokens: 10,
          outputTokens: 1,
        }),
      );
      await ledger.record(
        usageRecord('o2', {
          provider: 'openai',
          model: 'gpt-5-mini',
          estimatedCost: 0.2,
          inputTokens: 20,
          outputTokens: 2,
        }),
      );
      await ledger.record(
        usageRecord('a1', {
          provider: 'anthropic',
          model: 'claude-sonnet-4-5',
          estimatedCost: 1.5,
          inputTokens: 5,
          outputTokens: 5,
          cachedInputTokens: 3,
          reasoningTokens: 2,
        }),
      );
      await ledger.record(
        usageRecord('g1', {
          provider: 'google',
          model: 'gemini-2.5-flash',
          kind: 'cache-hit',
          estimatedCost: 0,
          inputTokens: 0,
          outputTokens: 0,
        }),
      );
      const totals = await ledger.totals({
        scope: 'organization',
        scopeKey: 'org-1',
        window: '30d',
        now: at(CONFORMANCE_T0),
        breakdown: true,
      });
      expect(totals.breakdown).toEqual([
        {
          provider: 'anthropic',
          model: 'claude-sonnet-4-5',
          estimatedCost: 1.5,
          inputTokens: 5,
          outputTokens: 5,
          cachedInputTokens: 3,
          reasoningTokens: 2,
          calls: 1,
        },
        {
          provider: 'openai',
          model: 'gpt-5-mini',
          estimatedCost: expect.closeTo(0.3, 12),
          inputTokens: 30,
          outputTokens: 3,
          cachedInputTokens: 0,
          reasoningTokens: 0,
          calls: 2,
        },
        {
          provider: 'google',
          model: 'gemini-2.5-flash',
          estimatedCost: 0,
          inputTokens: 0,
          outputTokens: 0,
          cachedInputTokens: 0,
          reasoningTokens: 0,
          calls: 1,
        },
      ]);
      expect(totals.calls).toBe(4);
      expect(cost(totals)).toBeCloseTo(1.8, 12);
    });

    it('many small costs add up without drift (exact to the micro-dollar)', async () => {
      const n = 2000;
      const batch: Promise<void>[] = [];
      for (let i = 0; i < n; i++) {
        batch.push(
          ledger.record(usageRecord(`small-${i}`, { estimatedCost: 0.000123, at: at(CONFORMANCE_T0 - i) })),
        );
        if (batch.length === 100) await Promise.all(batch.splice(0));
      }
      await Promise.all(batch);
      await ledger.record(
        usageRecord('mixed-1', { estimatedCost: 0.1, scope: { runId: 'p', userId: 'precise' } }),
      );
      await ledger.record(
        usageRecord('mixed-2', { estimatedCost: 0.2, scope: { runId: 'p', userId: 'precise' } }),
      );
      const totals = await ledger.totals({
        scope: 'user',
        scopeKey: 'user-1',
        window: '1h',
        now: at(CONFORMANCE_T0),
      });
      expect(totals.calls).toBe(n);
      expect(Math.abs(cost(totals) - 0.246)).toBeLessThan(1e-9);
      // 0.1 + 0.2 is 0.30000000000000004 in floating point; a ledger summing exact units says 0.3.
      const precise = await ledger.totals({
        scope: 'user',
        scopeKey: 'precise',
        window: '1h',
        now: at(CONFORMANCE_T0),
      });
      expect(Math.abs(cost(precise) - 0.3)).toBeLessThan(1e-12);
    });

    it('returns fresh copies: mutating a result or a recorded object changes nothing stored', async () => {
      const original = usageRecord('copy', { estimatedCost: 0.5 });
      await ledger.record(original);
      original.estimatedCost = 100;
      original.inputTokens = 1;
      original.scope.userId = 'someone-else';
      original.at.setTime(CONFORMANCE_T0 - 365 * 86_400_000);
      const first = await ledger.totals({
        scope: 'user',
        scopeKey: 'user-1',
        window: '1h',
        now: at(CONFORMANCE_T0),
        breakdown: true,
      });
      expect(cost(first)).toBeCloseTo(0.5, 12);
      first.estimatedCost = 42;
      first.calls = 42;
      (first.breakdown ?? []).push({
        ...(first.breakdown?.[0] as NonNullable<UsageTotals['breakdown']>[number]),
      });
      const entry = first.breakdown?.[0];
      if (entry) entry.estimatedCost = 42;
      const second = await ledger.totals({
        scope: 'user',
        scopeKey: 'user-1',
        window: '1h',
        now: at(CONFORMANCE_T0),
        breakdown: true,
      });
      expect(cost(second)).toBeCloseTo(0.5, 12);
      expect(second.calls).toBe(1);
      expect(second.breakdown).toHaveLength(1);
      expect(second.breakdown?.[0]?.estimatedCost).toBeCloseTo(0.5, 12);
      expect(second).not.toBe(first);
    });

    it('refuses a bad record with a StorageError (STORE_INVALID_INPUT) naming the ledger and the field, and records nothing', async () => {
      const bad: Array<[string, Partial<UsageRecord>]> = [
        ['id', { id: '' }],
        ['at', { at: new Date(Number.NaN) }],
        ['estimatedCost', { estimatedCost: Number.NaN }],
        ['estimatedCost', { estimatedCost: -1 }],
        ['inputTokens', { inputTokens: -5 }],
        ['outputTokens', { outputTokens: 1.5 }],
        ['kind', { kind: 'other' as UsageRecord['kind'] }],
        ['runId', { scope: { runId: '' } }],
      ];
      for (const [field, overrides] of bad) {
        const promise = ledger.record(usageRecord(overrides.id ?? `bad-${field}`, overrides));
        await expect(promise).rejects.toSatisfy(
          (error: unknown) =>
            StorageError.isInstance(error) &&
            error.code === 'STORE_INVALID_INPUT' &&
            error.message.includes(ledger.name) &&
            error.message.includes(field),
        );
      }
      const totals = await ledger.totals({
        scope: 'user',
        scopeKey: 'user-1',
        window: '365d',
        now: at(CONFORMANCE_T0),
      });
      expect(totals.calls).toBe(0);
    });

    it('refuses a bad query (unknown scope or window, empty key) with a StorageError, never synchronously', async () => {
      const queries = [
        { scope: 'planet' as UsageScope, scopeKey: 'x', window: '7d' as const },
        { scope: 'user' as const, scopeKey: '', window: '7d' as const },
        { scope: 'user' as const, scopeKey: 'x', window: '2d' as '7d' },
      ];
      for (const query of queries) {
        let promise: Promise<UsageTotals> | undefined;
        expect(() => {
          promise = ledger.totals(query);
        }).not.toThrow();
        await expect(promise).rejects.toSatisfy(
          (error: unknown) => StorageError.isInstance(error) && error.code === 'STORE_INVALID_INPUT',
        );
      }
    });

    it('has a name for error messages', () => {
      expect(typeof ledger.name).toBe('string');
      expect(ledger.name.length).toBeGreaterThan(0);
    });
  });
}
