/**
 * Helpers the SQL and Redis usage ledgers share: checking records and queries (bad input is a
 * rejected `StorageError` naming the ledger, never a silent miscount), integer nano-dollars
 * (costs are summed as integers, so no float drift however many small calls add up) and the
 * per-provider/model breakdown. Internal: not exported from an entry point.
 */
import { ConfigurationError } from '../errors/configuration-error.js';
import { describeError } from '../errors/error-chain.js';
import { SluiceError } from '../errors/sluice-error.js';
import { describeOptionValue } from '../processors/option-errors.js';
import { StorageError } from '../stores/errors.js';
import { fromNanoUsd, SCOPE_KEY_FIELD, toNanoUsd, USAGE_SCOPES } from './scope.js';
import {
  type ModelPrice,
  type PricingTable,
  USAGE_WINDOW_MS,
  type UsageBreakdownEntry,
  type UsageQuery,
  type UsageRecord,
  type UsageScope,
  type UsageScopeKeys,
  type UsageTotals,
} from './types.js';
import { byCostThenName } from './usage-index.js';
import { checkUsageQuery, checkUsageRecord } from './validate.js';

/** The scopes a record is counted under, with the record field holding each scope's key. */
export const SCOPE_FIELDS: ReadonlyArray<readonly [UsageScope, keyof UsageScopeKeys]> = USAGE_SCOPES.map(
  (scope) => [scope, SCOPE_KEY_FIELD[scope]] as const,
);

/** A record's numbers as the ledgers store them. */
export interface CheckedRecord {
  record: UsageRecord;
  atMs: number;
  costNanos: number;
}

/** Check a record before anything is written (the shared rules of `../validate.ts`). */
export function checkRecord(ledger: string, record: UsageRecord): CheckedRecord {
  const error = checkUsageRecord(ledger, record);
  if (error) throw error;
  return { record, atMs: record.at.getTime(), costNanos: toNanoUsd(record.estimatedCost) };
}

/** A query's window as epoch milliseconds: counted records have `fromMs < at <= toMs`. */
export interface CheckedQuery {
  scope: UsageScope;
  scopeKey: string;
  /** Exclusive lower bound; `-Infinity` for all time. */
  fromMs: number;
  toMs: number;
  windowMs: number | undefined;
  breakdown: boolean;
}

/** Check a query (the shared rules of `../validate.ts`); `nowMs` is the ledger's clock, used when the query has no `now`. */
export function checkQuery(ledger: string, query: UsageQuery, nowMs: number): CheckedQuery {
  const error = checkUsageQuery(ledger, query);
  if (error) throw error;
  const windowMs = query.window === undefined ? undefined : USAGE_WINDOW_MS[query.window];
  const toMs = query.now === undefined ? nowMs : query.now.getTime();
  return {
    scope: query.scope,
    scopeKey: query.scopeKey,
    fromMs: windowMs === undefined ? Number.NEGATIVE_INFINITY : toMs - windowMs,
    toMs,
    windowMs,
    breakdown: query.breakdown === true,
  };
}

/** Integer sums of one provider/model (costs in nano-dollars). */
export interface Sums {
  costNanos: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  reasoningTokens: number;
  calls: number;
}

/** Zeroed sums. */
export function emptySums(): Sums {
  return {
    costNanos: 0,
    inputTokens: 0,
    outputTokens: 0,
    cachedInputTokens: 0,
    reasoningTokens: 0,
    calls: 0,
  };
}

/** Add `b` into `a`. */
function addSums(a: Sums, b: Sums): void {
  a.costNanos += b.costNanos;
  a.inputTokens += b.inputTokens;
  a.outputTokens += b.outputTokens;
  a.cachedInputTokens += b.cachedInputTokens;
  a.reasoningTokens += b.reasoningTokens;
  a.calls += b.calls;
}

/** Totals from per-model sums keyed by provider and model. */
export function toTotals(
  groups: ReadonlyMap<string, { provider: string; model: string; sums: Sums }>,
  breakdown: boolean,
): UsageTotals {
  const all = emptySums();
  const entries: UsageBreakdownEntry[] = [];
  for (const { provider, model, sums } of groups.values()) {
    addSums(all, sums);
    if (breakdown) {
      entries.push({
        provider,
        model,
        estimatedCost: fromNanoUsd(sums.costNanos),
        inputTokens: sums.inputTokens,
        outputTokens: sums.outputTokens,
        cachedInputTokens: sums.cachedInputTokens,
        reasoningTokens: sums.reasoningTokens,
        calls: sums.calls,
      });
    }
  }
  const totals: UsageTotals = {
    estimatedCost: fromNanoUsd(all.costNanos),
    costUnit: 'USD',
    inputTokens: all.inputTokens,
    outputTokens: all.outputTokens,
    cachedInputTokens: all.cachedInputTokens,
    reasoningTokens: all.reasoningTokens,
    calls: all.calls,
  };
  if (breakdown) {
    entries.sort(byCostThenName);
    totals.breakdown = entries;
  }
  return totals;
}

/** Check a `pricing` option: `{ 'provider/model': { input, output, cachedInput?, reasoning? } }`, $ per million tokens. */
export function checkPricing(ledger: string, pricing: unknown): PricingTable | undefined {
  if (pricing === undefined) return undefined;
  const fail = (message: string) =>
    new ConfigurationError('STORE_INVALID_CONFIG', `${ledger}: ${message}`, {
      details: { ledger, option: 'pricing' },
    });
  if (typeof pricing !== 'object' || pricing === null || Array.isArray(pricing)) {
    throw fail(
      `"pricing" must be an object keyed 'provider/model-id' (got ${describeOptionValue(pricing)}).`,
    );
  }
  const out: Record<string, ModelPrice> = {};
  for (const [key, price] of Object.entries(pricing as Record<string, unknown>)) {
    if (!/^[^/]+\/.+$/.test(key))
      throw fail(`pricing key ${JSON.stringify(key)} must be 'provider/model-id' (e.g. 'openai/gpt-4o').`);
    const p = price as Record<string, unknown> | null;
    const okNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
    if (
      typeof p !== 'object' ||
      p === null ||
      !okNumber(p.input) ||
      !okNumber(p.output) ||
      (p.cachedInput !== undefined && !okNumber(p.cachedInput)) ||
      (p.reasoning !== undefined && !okNumber(p.reasoning))
    ) {
      throw fail(
        `pricing[${JSON.stringify(key)}] must be { input, output, cachedInput?, reasoning? } in US dollars per million tokens, each a number ≥ 0.`,
      );
    }
    out[key] = { ...(p as unknown as ModelPrice) };
  }
  return Object.freeze(out);
}

/**
 * The error a ledger rejects with when its backend fails: the backend's own `StorageError` code
 * (`STORE_UNAVAILABLE`, `STORE_QUERY_FAILED`, …) with the ledger's name in front, the original as
 * `cause`, `details.ledger` and `details.store`.
 */
export function ledgerFailure(
  ledger: string,
  store: string,
  operation: string,
  error: unknown,
  fallbackCode: 'STORE_UNAVAILABLE' | 'STORE_QUERY_FAILED',
): SluiceError {
  if (SluiceError.isInstance(error) && (error.details as { ledger?: unknown } | undefined)?.ledger === ledger)
    return error;
  const code = StorageError.isInstance(error) ? error.code : fallbackCode;
  const hint =
    code === 'STORE_UNAVAILABLE'
      ? ` Usage was not ${operation === 'record' ? 'recorded' : 'read'}; check that ${store} is reachable.`
      : '';
  return new StorageError(code, `${ledger}: ${operation} failed: ${describeError(error)}.${hint}`, {
    cause: error,
    details: { ledger, store, operation },
  });
}
