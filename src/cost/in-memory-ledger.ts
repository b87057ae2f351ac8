import { ConfigurationError } from '../errors/configuration-error.js';
import { describeValue } from '../errors/describe-value.js';
import { pricingProblem } from './pricing.js';
import { fromNanoUsd, SCOPE_KEY_FIELD, toNanoUsd, USAGE_SCOPES } from './scope.js';
import type {
  PricingTable,
  UsageHold,
  UsageLedger,
  UsageQuery,
  UsageRecord,
  UsageReserveCheck,
  UsageReserveResult,
  UsageSettleOutcome,
  UsageTotals,
  UsageWindow,
} from './types.js';
import { USAGE_WINDOW_MS } from './types.js';
import {
  breakdownOf,
  insertSorted,
  KeyIndex,
  type OpenHold,
  type Stored,
  type Sums,
  upperBound,
} from './usage-index.js';
import { checkReserveCheck, checkUsageHold, checkUsageQuery, checkUsageRecord } from './validate.js';

/** Options of {@link InMemoryUsageLedger}. */
export interface InMemoryUsageLedgerOptions {
  /** The ledger's clock (default `() => new Date()`): the `now` of queries that give none, and of retention. */
  now?: () => Date;
  /**
   * How long records are kept: a window name or milliseconds (default `'365d'`, the longest
   * budget window). Older records are dropped as new ones arrive, so all-time totals
   * (`scope: 'run'`) only reach back this far.
   */
  retention?: UsageWindow | number;
  /** Most records kept (default unbounded); the oldest are dropped first. */
  maxRecords?: number;
  /** Price overrides (see {@link UsageLedger.pricing}). */
  pricing?: PricingTable;
  /** Name in error messages (default `InMemoryUsageLedger`). */
  name?: string;
}

const LEDGER = 'InMemoryUsageLedger';

function badOption(option: string, message: string): ConfigurationError {
  return new ConfigurationError('STORE_INVALID_CONFIG', `${LEDGER}: ${message}`, {
    details: { store: LEDGER, option },
  });
}

/**
 * A {@link UsageLedger} in this process's memory: the default ledger of `TokenCostControl`.
 * Windows are exact (`now - window < at <= now`), recording is idempotent by id, costs are summed
 * in integer nano-dollars. Each scope key keeps its records in time order with running sums, so
 * a window total costs two binary searches whatever the key's history (a breakdown reads the
 * window's records). Not shared between processes: use `RedisUsageLedger` or `SqlUsageLedger`
 * for budgets that hold across servers.
 */
export class InMemoryUsageLedger implements UsageLedger {
  /** Name used in error messages. */
  readonly name: string;
  /** Price overrides given to this ledger. */
  readonly pricing?: PricingTable;
  readonly #now: () => Date;
  readonly #retentionMs: number;
  readonly #maxRecords: number;
  readonly #byId = new Map<string, Stored>();
  /** Open holds by id (in the order placed: the sweep for expired ones reads from the front) and by index key. */
  readonly #holds = new Map<string, OpenHold>();
  readonly #holdsByKey = new Map<string, Set<OpenHold>>();
  /** Per `scope:key`. */
  readonly #index = new Map<string, KeyIndex>();
  /** Every live record, sorted by time, for retention. */
  #order: Stored[] = [];
  #orderHead = 0;

  constructor(options: InMemoryUsageLedgerOptions = {}) {
    if (options === null || typeof options !== 'object') {
      throw badOption('options', 'options must be an object.');
    }
    const { now, retention = '365d', maxRecords, pricing, name } = options;
    if (now !== undefined && typeof now !== 'function') {
      throw badOption('now', 'option "now" must be a function returning a Date.');
    }
    let retentionMs: number;
    if (typeof retention === 'string' && Object.hasOwn(USAGE_WINDOW_MS, retention)) {
      retentionMs = USAGE_WINDOW_MS[retention];
    } else if (typeof retention === 'number' && retention > 0 && Number.isFinite(retention)) {
      retentionMs = retention;
    } else {
      throw badOption(
        'retention',
        `option "retention" must be a window name ("1h" … "365d") or a positive number of milliseconds (got ${describeValue(retention)}).`,
      );
    }
    if (maxRecords !== undefined && (!Number.isInteger(maxRecords) || maxRecords < 1)) {
      throw badOption(
        'maxRecords',
        `option "maxRecords" must be a whole number >= 1 (got ${describeValue(maxRecords)}).`,
      );
    }
    const pricingError = pricingProblem(pricing);
    if (pricingError !== undefined) throw badOption('pricing', `option "pricing": ${pricingError}.`);
    this.name = name ?? LEDGER;
    if (pricing !== undefined) this.pricing = pricing;
    this.#now = now ?? (() => new Date());
    this.#retentionMs = retentionMs;
    this.#maxRecords = maxRecords ?? Number.POSITIVE_INFINITY;
  }

  /** Number of records currently kept. */
  get size(): number {
    return this.#byId.size;
  }

  /**
   * Number of scope keys (a run, a user, a thread, …) that have records kept: a key whose
   * records all left through retention or `maxRecords` is forgotten, so memory stays bounded by
   * the records kept however many runs and users passed through.
   */
  get indexedKeys(): number {
    return this.#index.size;
  }

  /** Record one call; a second record with the same id is ignored (the first wins). */
  async record(record: UsageRecord): Promise<void> {
    const error = checkUsageRecord(this.name, record);
    if (error) throw error;
    this.#expireHolds();
    this.#insert(record);
  }

  /**
   * Place a hold, atomically with the budget check (nothing else runs in between in one
   * process): placed when the scope's total, other open holds included, is below `check.limit`.
   */
  async reserve(hold: UsageHold, check: UsageReserveCheck): Promise<UsageReserveResult> {
    const error = checkUsageHold(this.name, hold) ?? checkReserveCheck(this.name, check);
    if (error) throw error;
    this.#expireHolds();
    const query: UsageQuery = { scope: check.scope, scopeKey: check.scopeKey };
    if (check.window !== undefined) query.window = check.window;
    if (check.now !== undefined) query.now = check.now;
    const already = this.#holds.get(hold.id);
    const totals = this.#totals(query, already);
    const granted = check.limit === undefined || totals.estimatedCost < check.limit;
    if (granted && already === undefined && !this.#byId.has(hold.id)) {
      const copy: UsageHold = { ...hold, at: new Date(hold.at.getTime()), scope: { ...hold.scope } };
      const atMs = copy.at.getTime();
      const keys: string[] = [];
      for (const scope of USAGE_SCOPES) {
        const key = copy.scope[SCOPE_KEY_FIELD[scope]];
        if (typeof key === 'string' && key.length > 0) keys.push(`${scope}\u0000${key}`);
      }
      const open: OpenHold = {
        hold: copy,
        atMs,
        nano: toNanoUsd(copy.estimatedCost),
        expiresAt: this.#now().getTime() + copy.ttlMs,
        keys,
      };
      this.#holds.set(copy.id, open);
      for (const key of keys) {
        let set = this.#holdsByKey.get(key);
        if (set === undefined) {
          set = new Set();
          this.#holdsByKey.set(key, set);
        }
        set.add(open);
      }
    }
    return { granted, totals };
  }

  /** Replace an open hold by the call's record (or drop it: `null`); a hold past its TTL is final. */
  async settle(hold: UsageHold, record: UsageRecord | null): Promise<UsageSettleOutcome> {
    const id = (hold as Partial<UsageHold> | null)?.id;
    if (typeof id !== 'string') {
      throw checkUsageHold(this.name, hold) ?? new TypeError('settle: hold.id must be a string');
    }
    if (record !== null) {
      const error = checkUsageRecord(this.name, record);
      if (error) throw error;
    }
    this.#expireHolds();
    const open = this.#holds.get(id);
    if (open === undefined) return 'expired';
    if (open.expiresAt <= this.#now().getTime()) {
      // Past its TTL (a hold placed before a longer-lived one is swept with it): final.
      this.#finalise(open);
      return 'expired';
    }
    this.#dropHold(open);
    if (record === null) return 'released';
    this.#insert(record);
    return 'settled';
  }

  /** Number of holds placed and neither settled nor expired. */
  get openHolds(): number {
    return this.#holds.size;
  }

  #dropHold(open: OpenHold): void {
    this.#holds.delete(open.hold.id);
    for (const key of open.keys) {
      const set = this.#holdsByKey.get(key);
      set?.delete(open);
      if (set?.size === 0) this.#holdsByKey.delete(key);
    }
  }

  /**
   * Holds past their TTL become records charged at the full estimate. The sweep reads holds in
   * the order they were placed and stops at the first still open, so it costs O(1) per hold.
   */
  #expireHolds(): void {
    if (this.#holds.size === 0) return;
    const nowMs = this.#now().getTime();
    for (const open of this.#holds.values()) {
      if (open.expiresAt > nowMs) break;
      this.#finalise(open);
    }
  }

  /** A hold past its TTL: dropped as a hold, recorded as a call at its full estimate. */
  #finalise(open: OpenHold): void {
    this.#dropHold(open);
    const h = open.hold;
    this.#insert({
      id: h.id,
      at: h.at,
      provider: h.provider,
      model: h.model,
      kind: 'step',
      inputTokens: h.inputTokens,
      outputTokens: h.outputTokens,
      cachedInputTokens: 0,
      reasoningTokens: 0,
      estimatedCost: h.estimatedCost,
      costUnit: 'USD',
      priced: true,
      scope: h.scope,
    });
  }

  #insert(record: UsageRecord): void {
    if (this.#byId.has(record.id)) return;
    const copy: UsageRecord = {
      ...record,
      at: new Date(record.at.getTime()),
      scope: { ...record.scope },
    };
    const stored: Stored = {
      record: copy,
      atMs: copy.at.getTime(),
      nano: toNanoUsd(copy.estimatedCost),
      removed: false,
    };
    this.#byId.set(copy.id, stored);
    insertSorted(this.#order, stored, this.#orderHead);
    for (const scope of USAGE_SCOPES) {
      const key = copy.scope[SCOPE_KEY_FIELD[scope]];
      if (typeof key !== 'string' || key.length === 0) continue;
      const indexKey = `${scope}\u0000${key}`;
      let index = this.#index.get(indexKey);
      if (index === undefined) {
        index = new KeyIndex();
        this.#index.set(indexKey, index);
      }
      index.add(stored);
    }
    this.#prune();
  }

  /** One scope's totals over a window (exact sliding window; all time when `window` is omitted). */
  async totals(query: UsageQuery): Promise<UsageTotals> {
    const error = checkUsageQuery(this.name, query);
    if (error) throw error;
    this.#expireHolds();
    return this.#totals(query, undefined);
  }

  /** Records plus open holds of the key in the window, leaving `exclude` out. */
  #totals(query: UsageQuery, exclude: OpenHold | undefined): UsageTotals {
    const nowMs = (query.now ?? this.#now()).getTime();
    const indexKey = `${query.scope}\u0000${query.scopeKey}`;
    const index = this.#index.get(indexKey);
    const totals: UsageTotals = {
      estimatedCost: 0,
      costUnit: 'USD',
      inputTokens: 0,
      outputTokens: 0,
      cachedInputTokens: 0,
      reasoningTokens: 0,
      calls: 0,
    };
    let lo = 0;
    let hi = 0;
    if (index !== undefined) {
      if (index.compact()) this.#index.delete(indexKey);
      const items = index.items;
      if (query.window === undefined) {
        lo = index.head;
        hi = items.length;
      } else {
        lo = upperBound(items, nowMs - USAGE_WINDOW_MS[query.window], index.head);
        hi = upperBound(items, nowMs, lo);
      }
      if (hi > lo) {
        const from = index.before(lo);
        const to = index.sums[hi - 1] as Sums;
        totals.estimatedCost = fromNanoUsd(to.nano - from.nano);
        totals.inputTokens = to.input - from.input;
        totals.outputTokens = to.output - from.output;
        totals.cachedInputTokens = to.cached - from.cached;
        totals.reasoningTokens = to.reasoning - from.reasoning;
        totals.calls = hi - lo;
      }
    }
    const held: OpenHold[] = [];
    const holds = this.#holdsByKey.get(indexKey);
    if (holds !== undefined) {
      const fromMs =
        query.window === undefined ? Number.NEGATIVE_INFINITY : nowMs - USAGE_WINDOW_MS[query.window];
      let nano = toNanoUsd(totals.estimatedCost);
      for (const open of holds) {
        if (open === exclude || open.atMs <= fromMs || open.atMs > nowMs) continue;
        held.push(open);
        nano += open.nano;
        totals.inputTokens += open.hold.inputTokens;
        totals.outputTokens += open.hold.outputTokens;
        totals.calls += 1;
      }
      totals.estimatedCost = fromNanoUsd(nano);
    }
    if (query.breakdown) totals.breakdown = breakdownOf(index?.items ?? [], lo, hi, held);
    return totals;
  }

  /** Forget every record (tests, or a reset of all budgets). */
  clear(): void {
    this.#byId.clear();
    this.#holds.clear();
    this.#holdsByKey.clear();
    this.#index.clear();
    this.#order = [];
    this.#orderHead = 0;
  }

  /** Nothing to release: present so every ledger can be closed the same way. */
  async close(): Promise<void> {}

  /** Drops a removed record from the front of its keys' indexes, and keys left without records. */
  #unindex(stored: Stored): void {
    for (const scope of USAGE_SCOPES) {
      const key = stored.record.scope[SCOPE_KEY_FIELD[scope]];
      if (typeof key !== 'string' || key.length === 0) continue;
      const indexKey = `${scope}\u0000${key}`;
      const index = this.#index.get(indexKey);
      if (index?.compact()) this.#index.delete(indexKey);
    }
  }

  #prune(): void {
    const cutoff = this.#now().getTime() - this.#retentionMs;
    const order = this.#order;
    let head = this.#orderHead;
    while (head < order.length) {
      const oldest = order[head] as Stored;
      if (oldest.atMs > cutoff && this.#byId.size <= this.#maxRecords) break;
      oldest.removed = true;
      this.#byId.delete(oldest.record.id);
      this.#unindex(oldest);
      head++;
    }
    if (head > 1024 && head * 2 > order.length) {
      this.#order = order.slice(head);
      head = 0;
    }
    this.#orderHead = head;
  }
}
