/**
 * What `sluice/processors` (and the root) export of the cost module: the ledger contract and
 * the in-memory ledger, cost estimation, the run-usage seam's types, shared validation for
 * custom ledgers. The conformance suite (`testing/conformance.ts`) is test support and not exported here.
 */
export { InMemoryUsageLedger, type InMemoryUsageLedgerOptions } from './in-memory-ledger.js';
export {
  type CostEstimate,
  type CostEstimateInput,
  costAt,
  type EstimateCostOptions,
  estimateCost,
  findPrice,
  type PriceSource,
  pricingProviderId,
} from './pricing.js';
export type { ModelCallReport, RunUsageContext, UsageTarget } from './run-usage.js';
export { scopeKeyOf, USAGE_SCOPES, USAGE_WINDOWS } from './scope.js';
export type {
  CostUnit,
  ModelPrice,
  PricingTable,
  UsageBreakdownEntry,
  UsageCallKind,
  UsageHold,
  UsageLedger,
  UsageQuery,
  UsageRecord,
  UsageReserveCheck,
  UsageReserveResult,
  UsageScope,
  UsageScopeKeys,
  UsageSettleOutcome,
  UsageTotals,
  UsageWindow,
} from './types.js';
export { USAGE_WINDOW_MS } from './types.js';
export { byCostThenName } from './usage-index.js';
export { checkReserveCheck, checkUsageHold, checkUsageQuery, checkUsageRecord } from './validate.js';
