/**
 * `RedisUsageLedger`: the usage ledger for many servers. Every server that uses the same Redis and
 * key prefix sees the same totals, so one user's budget holds across all of them.
 *
 * Layout (issue #31): every key of one scope key carries the hash tag `{<scope>:<scopeKey>}`, so
 * all of them live in one hash slot and each operation is ONE Lua script on one node — Redis
 * Cluster works (`T` below is `<prefix>{<scope>:<scopeKey>}`; the prefix may not contain braces):
 *
 * - `T:<m|h|d>:<k>`: time buckets (hashes) of 1 minute / 1 hour / 1 day, bucket `k` holding the
 *   records with `k·size < at <= (k+1)·size`; fields `b:<field>:["provider","model"]`, field
 *   `c` (cost in integer nano-dollars), `i`, `o`, `ci`, `r` (tokens) or `n` (calls): per model
 *   only, a bucket's totals are their sums (added up when a bucket is read, so a write touches
 *   half the fields). Kept until their end + 24 h / 30 d / 365 d.
 * - `T:ix:<m|h|d>`: the non-empty buckets of each size (sorted sets of bucket numbers).
 * - `T:roll`: one running total per window in use (one field each, `edge,c,i,o,ci,r,n`) (`1h` … `365d`; a window's total is built from
 *   its buckets the first time it is checked): every record is added to it, and the buckets that
 *   have slid out of the window are subtracted lazily at the next read (each bucket once per
 *   window), so a budget check reads one hash and, at most, the buckets that left the window
 *   since the last check: O(1) amortised, O(log n) for the sorted-set lookup. The far edge
 *   is kept in minute buckets for windows up to `24h`, hour buckets for `7d`/`30d`, day buckets
 *   for `365d`. A total whose evicted buckets have expired (a scope key idle longer than the
 *   buckets are kept) is rebuilt once from the buckets still in the window.
 * - `T:fut`: records stamped after the current minute (a clock ahead of the others) wait there
 *   and join the running totals when their minute comes.
 * - `T:seen:<id>` (idempotency of a record id, or of a hold id where the hold was placed or its
 *   usage recorded, 366 days) and `T:hold:<id>` (an open reservation, for its TTL).
 *
 * A record is one script per scope key it has (sent together: one pipeline on a standalone ioredis
 * client, one write on node-redis); each is idempotent by record id, so a retry completes a
 * record a failure left half counted. `totals()` is one script. A reservation (`reserve()`) is
 * ONE script: it checks the budget and places the hold on the checked scope key only (the budget
 * it protects; another budget of the same call places its own hold). `settle()` is one script per
 * scope key, sent together: where the hold is open it applies (actual − held); under the call's
 * other scope keys it records the actual usage, once (idempotent by the hold id). So a call in
 * flight counts under its checked scope key only, and a hold that expires is charged in full
 * there, while the other scope keys count the call's actual usage when it settles (a call whose
 * process died is never counted under them).
 *
 * Precision: a total never undercounts. At the far edge the whole bucket holding the window's
 * start is counted, so it may overcount by what was spent in that bucket just before the window
 * (≤ 1 minute for windows up to `24h`, ≤ 1 hour for `7d` / `30d`, ≤ 1 day for `365d`); at the
 * near edge records stamped after `now` within `now`'s minute are counted too. A query whose
 * `now` is more than a minute away from the ledger's clock, and every breakdown, reads the
 * buckets covering the window instead (the same precision; at most ~150 hashes for `24h`, ~450
 * for `365d`). An all-time total (no window, the `run` scope) covers the last 365 days. A
 * settled call counts at the time it was reserved. Costs are integers (nano-dollars).
 */

import {
  checkPricing,
  checkQuery,
  checkRecord,
  ledgerFailure,
  SCOPE_FIELDS,
} from '../cost/ledger-support.js';
import { toNanoUsd } from '../cost/scope.js';
import type {
  PricingTable,
  UsageHold,
  UsageLedger,
  UsageQuery,
  UsageRecord,
  UsageReserveCheck,
  UsageReserveResult,
  UsageScope,
  UsageSettleOutcome,
  UsageTotals,
} from '../cost/types.js';
import { checkReserveCheck, checkUsageHold, checkUsageRecord } from '../cost/validate.js';
import { ConfigurationError } from '../errors/configuration-error.js';
import type { SluiceError } from '../errors/sluice-error.js';
import { describeOptionValue } from '../processors/option-errors.js';
import { invalidInput } from '../stores/errors.js';
import { closedClientError } from './closed-client.js';
import { detectPreset, type RedisClientLike, type RedisServerCachePreset } from './presets.js';
import { isReplyError, LedgerScriptSender } from './script-sender.js';
import {
  breakdownOf,
  bucketIndexes,
  coveringBuckets,
  DAY,
  farEdgeSize,
  holdFields,
  MINUTE,
  RESOLUTIONS,
  recordFields,
  SEEN_TTL_MS,
  totalsOf,
} from './usage-ledger-layout.js';
import { BREAKDOWN_SCRIPT, TOTALS_SCRIPT } from './usage-ledger-scripts.js';

/** Options of {@link RedisUsageLedger}. */
export interface RedisUsageLedgerOptions {
  /**
   * A connected client: node-redis 5 (`createClient()` + `connect()`, or `createCluster()`) or
   * ioredis 5 (`new Redis()`, or `new Cluster()`). Never closed by the ledger.
   */
  client: RedisClientLike;
  /** Prefix of every key the ledger writes (no `{` or `}`: the ledger adds its own hash tags). Default `'sluice:usage:'`. */
  keyPrefix?: string;
  /** Price overrides, `{ 'provider/model-id': { input, output, cachedInput?, reasoning? } }` in $ per million tokens. */
  pricing?: PricingTable;
  /** The client library's dialect. Default: detected from the client (node-redis 5 or ioredis). */
  preset?: RedisServerCachePreset;
  /** The ledger's clock (query default `now`, bucket expiry). Default `() => new Date()`. */
  now?: () => Date;
}

type Operation = 'record' | 'totals' | 'reserve' | 'settle';

/** A query whose `now` is this close to the ledger's clock reads the running totals. */
const ROLL_CLOCK_SLACK_MS = MINUTE;

/**
 * The usage ledger in Redis, shared by every server on the same Redis and key prefix; see the
 * module comment for the key layout, expiry and precision. A budget check is one Lua call that
 * reads a running total; reservations are placed atomically with the check.
 */
export class RedisUsageLedger implements UsageLedger {
  readonly name: string;
  readonly pricing?: PricingTable;
  readonly #client: RedisClientLike;
  readonly #preset: RedisServerCachePreset;
  readonly #prefix: string;
  readonly #now: () => Date;
  readonly #scripts: LedgerScriptSender;

  constructor(options: RedisUsageLedgerOptions) {
    const {
      client,
      keyPrefix = 'sluice:usage:',
      preset,
      now,
    } = (options ?? {}) as Partial<RedisUsageLedgerOptions>;
    const fail = (option: string, message: string) =>
      new ConfigurationError('STORE_INVALID_CONFIG', `RedisUsageLedger: ${message}`, {
        details: { ledger: 'RedisUsageLedger', option },
      });
    if (typeof keyPrefix !== 'string')
      throw fail('keyPrefix', `"keyPrefix" must be a string (got ${describeOptionValue(keyPrefix)}).`);
    if (keyPrefix.includes('{') || keyPrefix.includes('}')) {
      throw fail(
        'keyPrefix',
        `"keyPrefix" must not contain "{" or "}" (got ${JSON.stringify(keyPrefix)}): the ledger tags each scope key's keys with its own {…} hash tag so they share one Redis Cluster slot. Remove the braces.`,
      );
    }
    this.name = `RedisUsageLedger(prefix ${keyPrefix})`;
    if (
      typeof client !== 'object' ||
      client === null ||
      typeof (client as { eval?: unknown }).eval !== 'function'
    ) {
      throw fail(
        'client',
        `"client" must be a connected Redis client (node-redis 5: createClient() then await client.connect(); ioredis 5: new Redis()) (got ${describeOptionValue(client)}).`,
      );
    }
    if (now !== undefined && typeof now !== 'function')
      throw fail('now', '"now" must be a function returning a Date.');
    const pricing = checkPricing(this.name, options.pricing);
    if (pricing !== undefined) this.pricing = pricing;
    this.#client = client;
    this.#preset = preset ?? detectPreset(client);
    this.#scripts = new LedgerScriptSender(client, this.#preset);
    this.#prefix = keyPrefix;
    this.#now = now ?? (() => new Date());
  }

  /** The key prefix. */
  get keyPrefix(): string {
    return this.#prefix;
  }

  /** The common start of every key of one scope key: `<prefix>{<scope>:<scopeKey>}` (its hash tag). */
  scopeBase(scope: string, scopeKey: string): string {
    return `${this.#prefix}{${scope}:${scopeKey}}`;
  }

  /** The key of one bucket (for inspection and tests). */
  bucketKey(scope: string, scopeKey: string, tag: 'm' | 'h' | 'd', index: number): string {
    return `${this.scopeBase(scope, scopeKey)}:${tag}:${index}`;
  }

  /**
   * Every key one operation on a scope key touches (marker, running totals, buckets, indexes,
   * future records), for inspection and the slot tests; `marker` is `seen:<id>` or `hold:<id>`.
   */
  keysOf(scope: string, scopeKey: string, marker: string, atMs: number): string[] {
    const base = this.scopeBase(scope, scopeKey);
    const index = bucketIndexes(atMs);
    return [
      `${base}:${marker}`,
      `${base}:roll`,
      ...RESOLUTIONS.map((r, i) => `${base}:${r.tag}:${index[i]}`),
      ...RESOLUTIONS.map((r) => `${base}:ix:${r.tag}`),
      `${base}:fut`,
    ];
  }

  /**
   * Record one call: one Lua script per scope key the record has (sent together), each
   * idempotent by `record.id`. Rejects with a `StorageError` naming the ledger.
   */
  async record(record: UsageRecord): Promise<void> {
    const { atMs, costNanos } = checkRecord(this.name, record);
    const fields = recordFields(record, costNanos, 1);
    await this.#eachScope(record.scope, (scope, key) =>
      this.#run('record', scope, key, `seen:${record.id}`, atMs, SEEN_TTL_MS, fields),
    );
  }

  /** One scope's totals over a window (one Lua call; exact to the bucket precision described above). */
  async totals(query: UsageQuery): Promise<UsageTotals> {
    const nowMs = this.#now().getTime();
    const q = checkQuery(this.name, query, nowMs);
    if (!q.breakdown && Math.abs(q.toMs - nowMs) <= ROLL_CLOCK_SLACK_MS) {
      const reply = await this.#run('totals', q.scope, q.scopeKey, 'seen:', q.toMs, 0, [], {
        window: query.window ?? '365d',
      });
      return totalsOf(reply, 0);
    }
    return this.#scan(q);
  }

  /**
   * Place a hold atomically with the budget check: one script checks the checked scope key's
   * running total (other open holds included) against `check.limit` and places the hold there
   * only: the call's other scope keys count it when it settles (see the module comment).
   */
  async reserve(hold: UsageHold, check: UsageReserveCheck): Promise<UsageReserveResult> {
    const error = checkUsageHold(this.name, hold) ?? checkReserveCheck(this.name, check);
    if (error) throw error;
    const atMs = hold.at.getTime();
    const fields = holdFields(hold, 1);
    const checkedField = SCOPE_FIELDS.find(([scope]) => scope === check.scope)?.[1];
    const checkedKey = checkedField === undefined ? undefined : hold.scope[checkedField];
    if (checkedKey !== check.scopeKey) {
      throw invalidInput(
        this.name,
        'reserve',
        `check.scopeKey ${JSON.stringify(check.scopeKey)} is not the hold's ${check.scope} key (${describeOptionValue(checkedKey)}): a budget is checked on a scope key the hold counts under. Nothing was held.`,
      );
    }
    const limit = check.limit === undefined ? '' : String(toNanoUsd(check.limit));
    const nowMs = (check.now ?? this.#now()).getTime();
    const reply = await this.#run(
      'reserve',
      check.scope,
      check.scopeKey,
      `hold:${hold.id}`,
      atMs,
      hold.ttlMs,
      fields,
      { window: check.window ?? '365d', limit, nowMs },
    );
    const granted = Array.isArray(reply) && Number(reply[0]) === 1;
    return { granted, totals: totalsOf(reply, 1) };
  }

  /**
   * Where the hold is open (its checked scope key), apply (actual − held); under the call's other
   * scope keys, record the actual usage once (idempotent by the hold id). One script per scope key.
   */
  async settle(hold: UsageHold, record: UsageRecord | null): Promise<UsageSettleOutcome> {
    const error =
      checkUsageHold(this.name, hold) ?? (record === null ? undefined : checkUsageRecord(this.name, record));
    if (error) throw error;
    const actual = record === null ? [] : recordFields(record, toNanoUsd(record.estimatedCost), 1);
    // (actual − held), for the scope key the hold was placed on.
    const deltas = new Map<string, number>();
    const add = (pairs: string[]) => {
      for (let i = 0; i < pairs.length; i += 2) {
        const field = pairs[i] as string;
        deltas.set(field, (deltas.get(field) ?? 0) + Number(pairs[i + 1]));
      }
    };
    add(holdFields(hold, -1));
    add(actual);
    const delta: string[] = [];
    for (const [field, value] of deltas) if (value !== 0) delta.push(field, String(value));
    const replies = await this.#eachScope(hold.scope, (scope, key) =>
      this.#run('settle', scope, key, `hold:${hold.id}`, hold.at.getTime(), 1, actual, undefined, delta),
    );
    // 2: the hold was found open and replaced; 1: a scope key without the hold counted the usage.
    const applied = replies.some((reply) => Array.isArray(reply) && Number(reply[0]) === 2);
    if (!applied) return 'expired';
    return record === null ? 'released' : 'settled';
  }

  /** Run `fn` for every scope key the call has, together; rejects with the first failure. */
  async #eachScope(
    keys: UsageRecord['scope'],
    fn: (scope: UsageScope, key: string) => Promise<unknown>,
  ): Promise<unknown[]> {
    const work: Promise<unknown>[] = [];
    for (const [scope, field] of SCOPE_FIELDS) {
      const key = keys[field];
      if (typeof key === 'string' && key.length > 0) work.push(fn(scope, key));
    }
    return Promise.all(work);
  }

  async #run(
    mode: Operation,
    scope: UsageScope,
    scopeKey: string,
    marker: string,
    atMs: number,
    markerTtlMs: number,
    fields: readonly string[],
    check: { window: string; limit?: string; nowMs?: number } = { window: '' },
    delta: readonly string[] = [],
  ): Promise<unknown> {
    const nowMs = check.nowMs ?? this.#now().getTime();
    const base = this.scopeBase(scope, scopeKey);
    const index = bucketIndexes(atMs);
    // The other keys of the scope key (buckets, indexes, future records) are derived in the script.
    const keys = [`${base}:${marker}`, `${base}:roll`];
    const args = [
      mode,
      String(nowMs),
      base,
      String(Math.max(1, Math.round(markerTtlMs))),
      ...index.map(String),
      check.window,
      check.limit ?? '',
      String(fields.length / 2),
      ...fields,
      String(delta.length / 2),
      ...delta,
      String(SEEN_TTL_MS),
    ];
    this.#throwIfClosed(mode);
    let reply: unknown;
    try {
      reply = await this.#scripts.send(keys, args);
    } catch (error) {
      throw this.#fail(mode, error);
    }
    if (!Array.isArray(reply))
      throw this.#fail(mode, new Error(`unexpected reply ${describeOptionValue(reply)}`));
    return reply;
  }

  /** A total read from the buckets covering the window (breakdowns, and `now` away from the clock). */
  async #scan(q: ReturnType<typeof checkQuery>): Promise<UsageTotals> {
    // All time (`run` scope): the longest-kept buckets, back to their retention.
    const windowMs = q.windowMs ?? 365 * DAY;
    const far = farEdgeSize(windowMs);
    const fromMs = q.toMs - windowMs;
    const lo = Math.floor(fromMs / far) * far;
    const hi = Math.ceil(q.toMs / MINUTE) * MINUTE;
    const keys = coveringBuckets(lo, hi).map((b) => this.bucketKey(q.scope, q.scopeKey, b.tag, b.index));
    this.#throwIfClosed('totals');
    let reply: unknown;
    try {
      reply = await this.#preset.evalScript(
        this.#client,
        q.breakdown ? BREAKDOWN_SCRIPT : TOTALS_SCRIPT,
        keys,
        [],
      );
    } catch (error) {
      throw this.#fail('totals', error);
    }
    if (!Array.isArray(reply))
      throw this.#fail('totals', new Error(`unexpected reply ${describeOptionValue(reply)}`));
    if (!q.breakdown) return totalsOf(reply, 0);
    return breakdownOf(reply);
  }

  /** A client closed for good (not one reconnecting) fails at once, saying why and how to configure it. */
  #throwIfClosed(operation: Operation): void {
    const closed = closedClientError(this.#client, this.name, {
      ledger: this.name,
      store: `Redis (${this.#preset.name} client)`,
      operation,
    });
    if (closed) throw closed;
  }

  #fail(operation: Operation, error: unknown): SluiceError {
    return ledgerFailure(
      this.name,
      `Redis (${this.#preset.name} client)`,
      operation,
      error,
      isReplyError(error) ? 'STORE_QUERY_FAILED' : 'STORE_UNAVAILABLE',
    );
  }
}
