/**
 * The usage ledger contract (issue #14): every model call a run makes is recorded once, and a
 * budget check reads one scope's total over a sliding window. `TokenCostControl` and the
 * inspection API only ever talk to a ledger through {@link UsageLedger}; three implementations
 * share one conformance suite: in memory (default), SQL (the memory store's database: SQLite /
 * PostgreSQL, one table indexed for window queries) and Redis (time-bucketed atomic counters with
 * expiry, for many servers).
 *
 * Shared rules (every ledger):
 * - **Windows are sliding**: a total over `window` at time `now` sums the records with
 *   `now - window < at <= now`. The in-memory and SQL ledgers are exact; the Redis ledger is exact
 *   to its bucket granularity (documented there) and never undercounts by more than one bucket.
 * - **Idempotent by id**: recording the same `id` twice counts once (a retried write after a
 *   timeout must not double-charge).
 * - **Costs** are US dollars (`costUnit: 'USD'`); ledgers must not lose precision on sums of many
 *   small costs (store integer micro-dollars or better where the engine has no decimal type).
 * - A ledger that cannot be reached rejects with a `StorageError` (`STORE_UNAVAILABLE`) naming the
 *   ledger; it never throws synchronously.
 */

/** Currency of every cost figure. */
export type CostUnit = 'USD';

/** What a budget is counted against (api-reference 6.18 `scope`). */
export type UsageScope = 'run' | 'resource' | 'thread' | 'user' | 'organization' | 'session';

/** Sliding windows a budget can use (api-reference 6.18 `window`). */
export type UsageWindow = '1h' | '6h' | '24h' | '7d' | '30d' | '365d';

/** Length of each window in milliseconds. */
export const USAGE_WINDOW_MS: Readonly<Record<UsageWindow, number>> = {
  '1h': 3_600_000,
  '6h': 21_600_000,
  '24h': 86_400_000,
  '7d': 604_800_000,
  '30d': 2_592_000_000,
  '365d': 31_536_000_000,
};

/** The scope keys of one model call: every key the call had (absent keys are left out). */
export interface UsageScopeKeys {
  runId: string;
  threadId?: string;
  resourceId?: string;
  /** Request-context key `userId`. */
  userId?: string;
  /** Request-context key `organizationId`. */
  organizationId?: string;
  /** Request-context key `sessionId`. */
  sessionId?: string;
}

/** Why a call was made. */
export type UsageCallKind =
  /** A step's model call (the first attempt). */
  | 'step'
  /** A retried attempt of a step (model-level or processor retry). */
  | 'retry'
  /** A helper model asked by a processor (guardrail judges, structured output, …). */
  | 'helper'
  /** A step answered by the response cache: recorded with zero cost. */
  | 'cache-hit';

/** One model call as recorded. */
export interface UsageRecord {
  /** Unique per call; recording an id twice counts once. */
  id: string;
  /** When the call finished. */
  at: Date;
  /** The model's provider id as the model reports it (e.g. `openai`, `anthropic`). */
  provider: string;
  /** The model id as the model reports it. */
  model: string;
  kind: UsageCallKind;
  /** Processor that made a helper call (`kind: 'helper'`). */
  processorId?: string;
  inputTokens: number;
  outputTokens: number;
  /** Input tokens served from the provider's prompt cache (part of `inputTokens`). */
  cachedInputTokens: number;
  /** Reasoning tokens (part of `outputTokens` where the provider counts them so). */
  reasoningTokens: number;
  /** Estimated cost in `costUnit`; 0 for cache hits and unknown models. */
  estimatedCost: number;
  costUnit: CostUnit;
  /** `false` when no price was known for the model (its cost counted as 0, a warning was logged). */
  priced: boolean;
  scope: UsageScopeKeys;
}

/** Which scope, which key, which window. */
export interface UsageQuery {
  scope: UsageScope;
  /** The scope's key value (a run id, thread id, resource id, user id, …). */
  scopeKey: string;
  /** Window length; omitted = all time (used for `scope: 'run'`). */
  window?: UsageWindow;
  /** Evaluation time (default: the ledger's clock). */
  now?: Date;
  /** Add a per-provider/model breakdown. */
  breakdown?: boolean;
}

/** Totals of one provider/model within a query. */
export interface UsageBreakdownEntry {
  provider: string;
  model: string;
  estimatedCost: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  reasoningTokens: number;
  calls: number;
}

/** A scope's totals over a window. */
export interface UsageTotals {
  estimatedCost: number;
  costUnit: CostUnit;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  reasoningTokens: number;
  /** Model calls counted (cache hits included). */
  calls: number;
  /** Present when the query asked for it; sorted by cost, highest first. */
  breakdown?: UsageBreakdownEntry[];
}

/**
 * Prices of one model in US dollars per million tokens. `cachedInput` defaults to `input`,
 * `reasoning` to `output` when omitted.
 */
export interface ModelPrice {
  input: number;
  output: number;
  cachedInput?: number;
  reasoning?: number;
}

/** Price overrides keyed `'provider/model-id'` (provider id as the model reports it). */
export type PricingTable = Readonly<Record<string, ModelPrice>>;

/** Storage of usage records; see the module comment for the shared rules. */
export interface UsageLedger {
  /** A name for error messages, e.g. `RedisUsageLedger(prefix sluice:usage:)`. */
  readonly name: string;
  /**
   * Price overrides given to this ledger (its `pricing` option). Whoever estimates a call's cost
   * uses, in order: the processor's `pricing`, then this, then the maintained price source.
   */
  readonly pricing?: PricingTable;
  /** Record one call (idempotent by `record.id`). */
  record(record: UsageRecord): Promise<void>;
  /** One scope's totals over a window. */
  totals(query: UsageQuery): Promise<UsageTotals>;
  /** Release connections the ledger opened itself (never a client the caller passed in). */
  close?(): Promise<void>;
}
