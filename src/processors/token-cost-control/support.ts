/**
 * What `TokenCostControl` checks and says beside its budget logic: the reservation option and
 * the defaults, a breakdown without one hold, and how a missing scope key is described.
 */

import type { RunUsageContext } from '../../cost/run-usage.js';
import { fromNanoUsd, SCOPE_KEY_FIELD, toNanoUsd } from '../../cost/scope.js';
import type { UsageBreakdownEntry, UsageHold, UsageScope, UsageScopeKeys } from '../../cost/types.js';
import { byCostThenName } from '../../cost/usage-index.js';
import { isTimerMs, MAX_TIMER_MS } from '../../util/timer-ms.js';
import { describeOptionValue, invalidOptionFor } from '../option-errors.js';
import type { TokenCostControlOptions } from './index.js';

const invalid = invalidOptionFor('Token Cost Control', '"');

/** A breakdown without one hold (its provider/model entry reduced; an entry left with no call dropped). */
export function withoutHold(breakdown: UsageBreakdownEntry[], hold: UsageHold): UsageBreakdownEntry[] {
  const out: UsageBreakdownEntry[] = [];
  for (const entry of breakdown) {
    if (entry.provider !== hold.provider || entry.model !== hold.model) {
      out.push(entry);
      continue;
    }
    if (entry.calls <= 1) continue;
    out.push({
      ...entry,
      estimatedCost: Math.max(0, fromNanoUsd(toNanoUsd(entry.estimatedCost) - toNanoUsd(hold.estimatedCost))),
      inputTokens: Math.max(0, entry.inputTokens - hold.inputTokens),
      outputTokens: Math.max(0, entry.outputTokens - hold.outputTokens),
      calls: entry.calls - 1,
    });
  }
  return out.sort(byCostThenName);
}

export function isBudget(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

export function keyFor(scope: UsageScope, keys: UsageScopeKeys): string | undefined {
  const value = keys[SCOPE_KEY_FIELD[scope]];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Default of `timeoutMs`: the longest a budget check waits for its ledger. */
export const DEFAULT_LEDGER_TIMEOUT_MS = 2000;

/** Default of `reservation.outputTokens`: output tokens held for a call without `maxOutputTokens`. */
const DEFAULT_RESERVED_OUTPUT_TOKENS = 4096;

/** Default of `reservation.ttlMs`: how long a hold waits for its call (ten minutes). */
const DEFAULT_RESERVATION_TTL_MS = 600_000;

/** Default of `maxQueuedWrites`. */
export const DEFAULT_MAX_QUEUED_WRITES = 10_000;

/** Ledger warnings of one kind are printed at most this often during an outage (per ledger, per process). */
export const WARNING_INTERVAL_MS = 60_000;

export function checkReservation(
  value: TokenCostControlOptions['reservation'],
): { outputTokens: number; ttlMs: number; costPerCall: number | undefined } | undefined {
  if (value === false) return undefined;
  if (value === undefined) {
    return {
      outputTokens: DEFAULT_RESERVED_OUTPUT_TOKENS,
      ttlMs: DEFAULT_RESERVATION_TTL_MS,
      costPerCall: undefined,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(
      'reservation',
      `must be false or { outputTokens?, costPerCall?, ttlMs? } (got ${describeOptionValue(value)}).`,
    );
  }
  const { outputTokens, costPerCall, ttlMs } = value;
  for (const key of Object.keys(value)) {
    if (key !== 'outputTokens' && key !== 'costPerCall' && key !== 'ttlMs') {
      throw invalid(
        'reservation',
        `has no option ${JSON.stringify(key)} (known: outputTokens, costPerCall, ttlMs).`,
      );
    }
  }
  if (outputTokens !== undefined && (!Number.isInteger(outputTokens) || outputTokens < 0)) {
    throw invalid(
      'reservation',
      `.outputTokens must be a whole number >= 0 (got ${describeOptionValue(outputTokens)}).`,
    );
  }
  if (costPerCall !== undefined && !isBudget(costPerCall)) {
    throw invalid(
      'reservation',
      `.costPerCall must be a number of US dollars >= 0 (got ${describeOptionValue(costPerCall)}).`,
    );
  }
  if (ttlMs !== undefined && !isTimerMs(ttlMs)) {
    throw invalid(
      'reservation',
      `.ttlMs must be a positive number of milliseconds up to ${MAX_TIMER_MS} (got ${describeOptionValue(ttlMs)}).`,
    );
  }
  return {
    outputTokens: outputTokens ?? DEFAULT_RESERVED_OUTPUT_TOKENS,
    ttlMs: ttlMs ?? DEFAULT_RESERVATION_TTL_MS,
    costPerCall,
  };
}

export async function flushQuietly(usage: RunUsageContext | undefined): Promise<void> {
  if (usage === undefined) return;
  try {
    await usage.flush();
  } catch {
    // Write failures were already warnings.
  }
}

/** Dollars for messages: cents from one cent up, otherwise two significant digits. */
export function formatUsd(amount: number): string {
  if (amount === 0) return '0';
  if (Math.abs(amount) >= 0.01) return amount.toFixed(2);
  return Number(amount.toPrecision(2)).toString();
}

export function describeScopeKey(scope: UsageScope): string {
  switch (scope) {
    case 'resource':
      return 'resource id';
    case 'thread':
      return 'thread id';
    case 'run':
      return 'run id';
    default:
      return `request-context key "${SCOPE_KEY_FIELD[scope]}"`;
  }
}

export function howToSetKey(scope: UsageScope): string {
  if (scope === 'resource' || scope === 'thread') {
    return `Call with memory: { resource, thread } (or set MASTRA_RESOURCE_ID_KEY / MASTRA_THREAD_ID_KEY on the request context).`;
  }
  if (scope === 'run') return '';
  return `Set requestContext.set('${SCOPE_KEY_FIELD[scope]}', …) for each request.`;
}
