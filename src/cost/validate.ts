import { describeOptionValue } from '../processors/option-errors.js';
import type { StorageError } from '../stores/errors.js';
import { invalidInput } from '../stores/errors.js';
import { USAGE_SCOPES } from './scope.js';
import type { UsageHold, UsageQuery, UsageRecord, UsageReserveCheck } from './types.js';
import { USAGE_WINDOW_MS } from './types.js';

const KINDS = new Set(['step', 'retry', 'helper', 'cache-hit']);
const TOKEN_FIELDS = ['inputTokens', 'outputTokens', 'cachedInputTokens', 'reasoningTokens'] as const;
const SCOPE_FIELDS = ['threadId', 'resourceId', 'userId', 'organizationId', 'sessionId'] as const;

/**
 * Checks one record before a ledger stores it. Returns the error (a `StorageError` with code
 * `STORE_INVALID_INPUT` naming the ledger and the field) or `undefined` when the record is valid.
 * Every built-in ledger uses it, so all of them refuse the same records the same way.
 */
export function checkUsageRecord(ledger: string, record: UsageRecord): StorageError | undefined {
  const bad = (message: string) => invalidInput(ledger, 'record', `${message} Nothing was recorded.`);
  if (record === null || typeof record !== 'object')
    return bad(`expected a usage record, got ${describeOptionValue(record)}.`);
  if (typeof record.id !== 'string' || record.id.length === 0) {
    return bad(`record.id must be a non-empty string (got ${describeOptionValue(record.id)}).`);
  }
  if (!(record.at instanceof Date) || Number.isNaN(record.at.getTime())) {
    return bad(`record "${record.id}": at must be a valid Date (got ${describeOptionValue(record.at)}).`);
  }
  if (typeof record.provider !== 'string' || typeof record.model !== 'string') {
    return bad(`record "${record.id}": provider and model must be strings.`);
  }
  if (!KINDS.has(record.kind)) {
    return bad(
      `record "${record.id}": kind must be one of "step", "retry", "helper", "cache-hit" (got ${describeOptionValue(record.kind)}).`,
    );
  }
  for (const field of TOKEN_FIELDS) {
    const value = record[field];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      return bad(
        `record "${record.id}": ${field} must be a whole number >= 0 (got ${describeOptionValue(value)}).`,
      );
    }
  }
  if (
    typeof record.estimatedCost !== 'number' ||
    !Number.isFinite(record.estimatedCost) ||
    record.estimatedCost < 0
  ) {
    return bad(
      `record "${record.id}": estimatedCost must be a finite number >= 0 (got ${describeOptionValue(record.estimatedCost)}).`,
    );
  }
  if (record.costUnit !== 'USD') {
    return bad(
      `record "${record.id}": costUnit must be "USD" (got ${describeOptionValue(record.costUnit)}).`,
    );
  }
  const scope = record.scope;
  if (
    scope === null ||
    typeof scope !== 'object' ||
    typeof scope.runId !== 'string' ||
    scope.runId.length === 0
  ) {
    return bad(`record "${record.id}": scope.runId must be a non-empty string.`);
  }
  for (const field of SCOPE_FIELDS) {
    const value = scope[field];
    if (value !== undefined && typeof value !== 'string') {
      return bad(
        `record "${record.id}": scope.${field} must be a string when present (got ${describeOptionValue(value)}).`,
      );
    }
  }
  return undefined;
}

/** Checks a totals query; same error shape as {@link checkUsageRecord} (method `totals`). */
export function checkUsageQuery(ledger: string, query: UsageQuery): StorageError | undefined {
  const bad = (message: string) => invalidInput(ledger, 'totals', message);
  if (query === null || typeof query !== 'object')
    return bad(`expected a usage query, got ${describeOptionValue(query)}.`);
  if (!USAGE_SCOPES.includes(query.scope)) {
    return bad(
      `query.scope must be one of ${USAGE_SCOPES.map((s) => `"${s}"`).join(', ')} (got ${describeOptionValue(query.scope)}).`,
    );
  }
  if (typeof query.scopeKey !== 'string' || query.scopeKey.length === 0) {
    return bad(`query.scopeKey must be a non-empty string (got ${describeOptionValue(query.scopeKey)}).`);
  }
  if (query.window !== undefined && !Object.hasOwn(USAGE_WINDOW_MS, query.window)) {
    return bad(
      `query.window must be one of ${Object.keys(USAGE_WINDOW_MS)
        .map((w) => `"${w}"`)
        .join(', ')} or omitted for all time (got ${describeOptionValue(query.window)}).`,
    );
  }
  if (query.now !== undefined && (!(query.now instanceof Date) || Number.isNaN(query.now.getTime()))) {
    return bad(`query.now must be a valid Date (got ${describeOptionValue(query.now)}).`);
  }
  return undefined;
}

/**
 * Checks a hold before a ledger places it (same error shape as {@link checkUsageRecord}, method
 * `reserve`): the record rules for its figures and scope, plus a positive `ttlMs`.
 */
export function checkUsageHold(ledger: string, hold: UsageHold): StorageError | undefined {
  if (hold === null || typeof hold !== 'object')
    return invalidInput(ledger, 'reserve', `expected a usage hold, got ${describeOptionValue(hold)}.`);
  const asRecord = checkUsageRecord(ledger, {
    ...hold,
    kind: 'step',
    cachedInputTokens: 0,
    reasoningTokens: 0,
    priced: true,
  });
  if (asRecord !== undefined)
    return invalidInput(
      ledger,
      'reserve',
      asRecord.message
        .slice(`${ledger}.record: `.length)
        .replace('record "', 'hold "')
        .replace('Nothing was recorded.', 'Nothing was held.'),
    );
  if (typeof hold.ttlMs !== 'number' || !Number.isFinite(hold.ttlMs) || hold.ttlMs <= 0) {
    return invalidInput(
      ledger,
      'reserve',
      `hold "${hold.id}": ttlMs must be a positive number of milliseconds (got ${describeOptionValue(hold.ttlMs)}). Nothing was held.`,
    );
  }
  return undefined;
}

/** Checks the budget check of a `reserve()` (a query plus an optional limit). */
export function checkReserveCheck(ledger: string, check: UsageReserveCheck): StorageError | undefined {
  const queryError = checkUsageQuery(ledger, check);
  if (queryError !== undefined)
    return invalidInput(ledger, 'reserve', queryError.message.slice(`${ledger}.totals: `.length));
  if (
    check.limit !== undefined &&
    (typeof check.limit !== 'number' || !Number.isFinite(check.limit) || check.limit < 0)
  ) {
    return invalidInput(
      ledger,
      'reserve',
      `check.limit must be a number of US dollars >= 0 or omitted (got ${describeOptionValue(check.limit)}).`,
    );
  }
  return undefined;
}
