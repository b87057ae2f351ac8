/**
 * Usage recording and cost estimation (issue #14): the ledger contract, the in-memory ledger,
 * scope helpers and the shared record/query validation the built-in ledgers use.
 */
export { byCostThenName, InMemoryUsageLedger, type InMemoryUsageLedgerOptions } from './in-memory-ledger.js';
export {
  fromNanoUsd,
  NANO_PER_USD,
  SCOPE_KEY_FIELD,
  scopeKeyOf,
  toNanoUsd,
  USAGE_SCOPES,
  USAGE_WINDOWS,
} from './scope.js';
export type {
  CostUnit,
  ModelPrice,
  PricingTable,
  UsageBreakdownEntry,
  UsageCallKind,
  UsageLedger,
  UsageQuery,
  UsageRecord,
  UsageScope,
  UsageScopeKeys,
  UsageTotals,
  UsageWindow,
} from './types.js';
export { USAGE_WINDOW_MS } from './types.js';
export { checkUsageQuery, checkUsageRecord } from './validate.js';
