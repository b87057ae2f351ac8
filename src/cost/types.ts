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
 * - **Reservations** (issue #31, optional `reserve` / `settle`): before a model call a hold of its
 *   estimated cost is placed, atomically with the budget check, and counted in every total like a
 *   call (cost, tokens, one call) from then on; after the call it is settled to the actual usage
 *   (or released when no call was made). A hold not settled within its `ttlMs` is final: the call
 *   stays charged at the full estimate and a late settlement is ignored (`'expired'`).
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

/**
 * A hold on the budgets of one model call before it is made: the call's estimated usage, counted
 * under every scope key in `scope` until it is settled, released or expires (then it is final).
 */
export interface UsageHold {
  /** Unique per call; reserving an id twice holds once. */
  id: string;
  /** When the hold was placed (the time it counts at). */
  at: Date;
  provider: string;
  model: string;
  /** Estimated input tokens of the call. */
  inputTokens: number;
  /** Output tokens held: the call's `maxOutputTokens`, or the configured estimate. */
  outputTokens: number;
  /** Estimated cost in `costUnit`. */
  estimatedCost: number;
  costUnit: CostUnit;
  scope: UsageScopeKeys;
  /** How long the hold stays open, in ms; an unsettled hold is then charged in full. */
  ttlMs: number;
}

/** The budget a {@link UsageLedger.reserve} checks before it places the hold. */
export interface UsageReserveCheck {
  scope: UsageScope;
  /** The scope key of the hold's `scope` the budget counts against. */
  scopeKey: string;
  /** Sliding window; omitted = all time (`scope: 'run'`). */
  window?: UsageWindow;
  /**
   * The budget in US dollars: the hold is placed only while the scope's total (open holds of
   * other calls included) is below it. Omitted: always placed (the totals are still returned).
   */
  limit?: number;
  /** Evaluation time (default: the ledger's clock). */
  now?: Date;
}

/** What {@link UsageLedger.reserve} did. */
export interface UsageReserveResult {
  /** `true` when the hold was placed (the total was below the limit, or there was none). */
  granted: boolean;
  /** The scope's totals over the window before this hold (open holds of other calls included). */
  totals: UsageTotals;
}

/** What {@link UsageLedger.settle} did: replaced the hold, removed it, or found it final (expired, or already settled). */
export type UsageSettleOutcome = 'settled' | 'released' | 'expired';

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
  /**
   * Place a hold for a call about to be made, atomically with the budget `check`: the hold is
   * placed under every scope key of `hold.scope` (or, for a ledger that documents it, such as
   * `RedisUsageLedger`, under the checked scope key only, the others counting the call when it
   * settles) only when the checked total is below `check.limit`. Idempotent by `hold.id`: a hold already placed is not added again, and the
   * check then leaves it out of the total. Optional: without it, `TokenCostControl` checks with
   * {@link totals} and records after the call (best effort, no reservation).
   */
  reserve?(hold: UsageHold, check: UsageReserveCheck): Promise<UsageReserveResult>;
  /**
   * Settle a hold: with a record, the hold is replaced by the call's actual usage (`'settled'`);
   * with `null`, removed (the call was never made: `'released'`). A hold past its TTL (or already
   * settled) is final and stays as it is (`'expired'`). Idempotent.
   */
  settle?(hold: UsageHold, record: UsageRecord | null): Promise<UsageSettleOutcome>;
  /** Release connections the ledger opened itself (never a client the caller passed in). */
  close?(): Promise<void>;
}
