/**
 * `SqlUsageLedger`: usage records in a SQL memory store's database (`SqliteStore`,
 * `PostgresStore`), through the store feature seam (`store.feature({ name: 'usage', … })`), so
 * the table is created by its own migrations on first use and never touches the memory schema.
 *
 * Layout: ONE table `<prefix>usage_records`, one row per model call with every scope key as a
 * column (`run_id`, `thread_id`, `resource_id`, `user_id`, `organization_id`, `session_id`), and one
 * index per scope column `(<scope>_id, at)` — partial (`WHERE <scope>_id IS NOT NULL`) for the
 * optional keys. A window total is one index range scan of that scope's rows in the window on
 * both engines (the plan is pinned in `sql-usage-ledger.test.ts`). Costs are integer nano-dollars
 * (`cost_nanos BIGINT`), so sums are exact; `at` is epoch milliseconds. `record()` is one
 * `INSERT … ON CONFLICT (id) DO NOTHING`: idempotent by record id, also across processes.
 *
 * Reservations (issue #31, schema version 2 adds the nullable column `hold_expires_at`): a hold
 * is a row of its own (the estimate, `kind 'step'`, `hold_expires_at` = placed + TTL), so every
 * total counts it like a call with no change to the totals query. `reserve()` is one transaction:
 * it serialises with the other reservations of the checked scope key (PostgreSQL: a transaction
 * advisory lock on the table and scope key; SQLite: the write lock `BEGIN IMMEDIATE` takes),
 * sums the window, and inserts the hold only when the sum is below the limit. `settle()` rewrites
 * the row to the call's actual usage (or deletes it, for a call never made) only while
 * `hold_expires_at` is in the future; an expired hold stays as it is, charged in full.
 */
import { ConfigurationError } from '../../errors/configuration-error.js';
import { describeOptionValue } from '../../processors/option-errors.js';
import type { SqlFeature, SqlFeatureHandle } from '../../stores/sql/feature.js';
import {
  checkPricing,
  checkQuery,
  checkRecord,
  emptySums,
  ledgerFailure,
  SCOPE_FIELDS,
  type Sums,
  toTotals,
} from '../ledger-support.js';
import { toNanoUsd } from '../scope.js';
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
} from '../types.js';
import { USAGE_WINDOW_MS } from '../types.js';
import { checkReserveCheck, checkUsageHold, checkUsageRecord } from '../validate.js';

type Operation = 'record' | 'totals' | 'reserve' | 'settle';

/** A SQL memory store the ledger can keep its table in (`SqliteStore`, `PostgresStore`). */
export interface UsageLedgerSqlStore {
  feature(feature: SqlFeature): SqlFeatureHandle;
}

/** Options of {@link SqlUsageLedger}. */
export interface SqlUsageLedgerOptions {
  /** The store whose database holds the ledger table (`new SqliteStore(…)`, `new PostgresStore(…)`). */
  store: UsageLedgerSqlStore;
  /** Price overrides, `{ 'provider/model-id': { input, output, cachedInput?, reasoning? } }` in $ per million tokens. */
  pricing?: PricingTable;
  /** The ledger's clock, used when a query has no `now`. Default `() => new Date()`. */
  now?: () => Date;
}

/** The column holding each scope's key. */
const SCOPE_COLUMN: Readonly<Record<UsageScope, string>> = {
  run: 'run_id',
  thread: 'thread_id',
  resource: 'resource_id',
  user: 'user_id',
  organization: 'organization_id',
  session: 'session_id',
};

/** The ledger's schema: one table, one index per scope column. Never edit a released version. */
export const USAGE_FEATURE: SqlFeature = {
  name: 'usage',
  migrations: ({ table, index }) => {
    const t = table('records');
    return [
      {
        version: 1,
        name: 'usage records, indexed per scope for window totals',
        statements: [
          `CREATE TABLE ${t} (id TEXT PRIMARY KEY, at BIGINT NOT NULL, provider TEXT NOT NULL, model TEXT NOT NULL, ` +
            'kind TEXT NOT NULL, processor_id TEXT, input_tokens BIGINT NOT NULL, output_tokens BIGINT NOT NULL, ' +
            'cached_input_tokens BIGINT NOT NULL, reasoning_tokens BIGINT NOT NULL, cost_nanos BIGINT NOT NULL, ' +
            'priced INTEGER NOT NULL, run_id TEXT NOT NULL, thread_id TEXT, resource_id TEXT, user_id TEXT, ' +
            'organization_id TEXT, session_id TEXT)',
          `CREATE INDEX ${index('records_run_at')} ON ${t} (run_id, at)`,
          ...(['thread', 'resource', 'user', 'organization', 'session'] as const).map((scope) => {
            const column = SCOPE_COLUMN[scope];
            return `CREATE INDEX ${index(`records_${scope}_at`)} ON ${t} (${column}, at) WHERE ${column} IS NOT NULL`;
          }),
        ],
      },
      {
        version: 2,
        name: 'reservations: a hold is a row open until hold_expires_at',
        statements: [`ALTER TABLE ${t} ADD COLUMN hold_expires_at BIGINT`],
      },
    ];
  },
};

const INSERT_COLUMNS =
  'id, at, provider, model, kind, processor_id, input_tokens, output_tokens, cached_input_tokens, ' +
  'reasoning_tokens, cost_nanos, priced, run_id, thread_id, resource_id, user_id, organization_id, session_id';

/**
 * The usage ledger in a SQL memory store's database; see the module comment for the layout.
 * Exact: a total counts precisely the records with `now - window < at <= now` (without a window:
 * every record of the scope key).
 */
export class SqlUsageLedger implements UsageLedger {
  readonly name: string;
  readonly pricing?: PricingTable;
  readonly #handle: SqlFeatureHandle;
  readonly #table: string;
  readonly #now: () => Date;
  readonly #insert: string;
  readonly #select: Readonly<Record<UsageScope, { window: string; allTime: string }>>;
  readonly #holdInsert: string;
  readonly #settleUpdate: string;
  readonly #release: string;

  constructor(options: SqlUsageLedgerOptions) {
    const store = (options as { store?: unknown } | undefined)?.store;
    if (
      typeof store !== 'object' ||
      store === null ||
      typeof (store as { feature?: unknown }).feature !== 'function'
    ) {
      throw new ConfigurationError(
        'STORE_INVALID_CONFIG',
        `SqlUsageLedger: "store" must be a SQL memory store (new SqliteStore({ path }) from sluice/sqlite or new PostgresStore({ connectionString }) from sluice/pg) (got ${describeOptionValue(store)}). For no database use the in-memory ledger.`,
        { details: { ledger: 'SqlUsageLedger', option: 'store' } },
      );
    }
    this.#handle = (store as UsageLedgerSqlStore).feature(USAGE_FEATURE);
    this.name = `SqlUsageLedger(${this.#handle.store})`;
    const pricing = checkPricing(this.name, options.pricing);
    if (pricing !== undefined) this.pricing = pricing;
    if (options.now !== undefined && typeof options.now !== 'function') {
      throw new ConfigurationError(
        'STORE_INVALID_CONFIG',
        `${this.name}: "now" must be a function returning a Date.`,
        {
          details: { ledger: this.name, option: 'now' },
        },
      );
    }
    this.#now = options.now ?? (() => new Date());
    this.#table = this.#handle.table('records');
    this.#insert = `INSERT INTO ${this.#table} (${INSERT_COLUMNS}) VALUES (${new Array(18).fill('?').join(', ')}) ON CONFLICT (id) DO NOTHING`;
    const select = (column: string, window: boolean) =>
      'SELECT provider, model, SUM(cost_nanos) AS cost, SUM(input_tokens) AS input, SUM(output_tokens) AS output, ' +
      'SUM(cached_input_tokens) AS cached, SUM(reasoning_tokens) AS reasoning, COUNT(*) AS calls ' +
      `FROM ${this.#table} WHERE ${column} = ?${window ? ' AND at > ? AND at <= ?' : ''} GROUP BY provider, model`;
    const entries = SCOPE_FIELDS.map(([scope]) => [
      scope,
      { window: select(SCOPE_COLUMN[scope], true), allTime: select(SCOPE_COLUMN[scope], false) },
    ]);
    this.#select = Object.fromEntries(entries) as Record<UsageScope, { window: string; allTime: string }>;
    this.#holdInsert = `INSERT INTO ${this.#table} (${INSERT_COLUMNS}, hold_expires_at) VALUES (${new Array(19).fill('?').join(', ')}) ON CONFLICT (id) DO NOTHING`;
    this.#settleUpdate =
      `UPDATE ${this.#table} SET provider = ?, model = ?, kind = ?, processor_id = ?, input_tokens = ?, ` +
      'output_tokens = ?, cached_input_tokens = ?, reasoning_tokens = ?, cost_nanos = ?, priced = ?, hold_expires_at = NULL ' +
      'WHERE id = ? AND hold_expires_at > ?';
    this.#release = `DELETE FROM ${this.#table} WHERE id = ? AND hold_expires_at > ?`;
  }

  /** Qualified name of the ledger table (for maintenance and `EXPLAIN`). */
  get table(): string {
    return this.#table;
  }

  /** The exact statement `totals()` runs for a scope (with a window or all time), for `EXPLAIN`. */
  totalsStatement(scope: UsageScope, windowed = true): string {
    const entry = this.#select[scope];
    return windowed ? entry.window : entry.allTime;
  }

  /** Record one call: one `INSERT … ON CONFLICT (id) DO NOTHING` (idempotent by id, across processes too). */
  async record(record: UsageRecord): Promise<void> {
    const { atMs, costNanos } = checkRecord(this.name, record);
    const s = record.scope;
    const params = [
      record.id,
      atMs,
      record.provider,
      record.model,
      record.kind,
      record.processorId ?? null,
      record.inputTokens,
      record.outputTokens,
      record.cachedInputTokens,
      record.reasoningTokens,
      costNanos,
      record.priced === false ? 0 : 1,
      s.runId,
      s.threadId ?? null,
      s.resourceId ?? null,
      s.userId ?? null,
      s.organizationId ?? null,
      s.sessionId ?? null,
    ];
    const db = await this.#connect('record');
    try {
      await db.run(this.#insert, params);
    } catch (error) {
      throw this.#fail('record', this.#handle.classify(`record usage "${record.id}"`, error));
    }
  }

  /** One scope's exact totals over a window: one grouped `SELECT` on that scope's `(key, at)` index. */
  async totals(query: UsageQuery): Promise<UsageTotals> {
    const q = checkQuery(this.name, query, this.#now().getTime());
    const db = await this.#connect('totals');
    let rows: Record<string, unknown>[];
    try {
      rows =
        q.windowMs === undefined
          ? await db.all(this.#select[q.scope].allTime, [q.scopeKey])
          : await db.all(this.#select[q.scope].window, [q.scopeKey, q.fromMs, q.toMs]);
    } catch (error) {
      throw this.#fail('totals', this.#handle.classify(`read ${q.scope} usage`, error));
    }
    const groups = new Map<string, { provider: string; model: string; sums: Sums }>();
    for (const row of rows) {
      const provider = String(row.provider);
      const model = String(row.model);
      const sums = emptySums();
      // PostgreSQL returns SUM(bigint) as a numeric string, SQLite as an integer.
      sums.costNanos = Number(row.cost);
      sums.inputTokens = Number(row.input);
      sums.outputTokens = Number(row.output);
      sums.cachedInputTokens = Number(row.cached);
      sums.reasoningTokens = Number(row.reasoning);
      sums.calls = Number(row.calls);
      groups.set(`${provider}\u0000${model}`, { provider, model, sums });
    }
    return toTotals(groups, q.breakdown);
  }

  /**
   * Place a hold atomically with the budget check: one transaction, serialised with the other
   * reservations of the checked scope key, that sums the window (open holds of other calls
   * included, this hold left out) and inserts the hold row only when the sum is below the limit.
   */
  async reserve(hold: UsageHold, check: UsageReserveCheck): Promise<UsageReserveResult> {
    const error = checkUsageHold(this.name, hold) ?? checkReserveCheck(this.name, check);
    if (error) throw error;
    const nowMs = this.#now().getTime();
    const toMs = (check.now ?? new Date(nowMs)).getTime();
    const windowMs = check.window === undefined ? undefined : USAGE_WINDOW_MS[check.window];
    const column = SCOPE_COLUMN[check.scope];
    const sum =
      `SELECT SUM(cost_nanos) AS cost, SUM(input_tokens) AS input, SUM(output_tokens) AS output, ` +
      'SUM(cached_input_tokens) AS cached, SUM(reasoning_tokens) AS reasoning, COUNT(*) AS calls ' +
      `FROM ${this.#table} WHERE ${column} = ? AND id <> ?${windowMs === undefined ? '' : ' AND at > ? AND at <= ?'}`;
    const params: unknown[] = [check.scopeKey, hold.id];
    if (windowMs !== undefined) params.push(toMs - windowMs, toMs);
    const db = await this.#connect('reserve');
    try {
      return await db.transaction(async (tx) => {
        if (this.#handle.dialect === 'postgres') {
          await tx.all('SELECT pg_advisory_xact_lock(hashtextextended(?, 0)) AS locked', [
            JSON.stringify([this.#table, check.scope, check.scopeKey]),
          ]);
        }
        const row = (await tx.all(sum, params))[0] ?? {};
        const sums = emptySums();
        sums.costNanos = Number(row.cost ?? 0);
        sums.inputTokens = Number(row.input ?? 0);
        sums.outputTokens = Number(row.output ?? 0);
        sums.cachedInputTokens = Number(row.cached ?? 0);
        sums.reasoningTokens = Number(row.reasoning ?? 0);
        sums.calls = Number(row.calls ?? 0);
        const totals = toTotals(new Map([['', { provider: '', model: '', sums }]]), false);
        const granted = check.limit === undefined || sums.costNanos < toNanoUsd(check.limit);
        if (granted) {
          const s = hold.scope;
          await tx.run(this.#holdInsert, [
            hold.id,
            hold.at.getTime(),
            hold.provider,
            hold.model,
            'step',
            null,
            hold.inputTokens,
            hold.outputTokens,
            0,
            0,
            toNanoUsd(hold.estimatedCost),
            1,
            s.runId,
            s.threadId ?? null,
            s.resourceId ?? null,
            s.userId ?? null,
            s.organizationId ?? null,
            s.sessionId ?? null,
            nowMs + hold.ttlMs,
          ]);
        }
        return { granted, totals };
      });
    } catch (error) {
      throw this.#fail('reserve', this.#handle.classify(`reserve "${hold.id}"`, error));
    }
  }

  /** Rewrite an open hold's row to the call's usage (`null`: delete it); an expired hold stays charged in full. */
  async settle(hold: UsageHold, record: UsageRecord | null): Promise<UsageSettleOutcome> {
    const error =
      checkUsageHold(this.name, hold) ?? (record === null ? undefined : checkUsageRecord(this.name, record));
    if (error) throw error;
    const nowMs = this.#now().getTime();
    const db = await this.#connect('settle');
    let changed: number;
    try {
      changed =
        record === null
          ? await db.run(this.#release, [hold.id, nowMs])
          : await db.run(this.#settleUpdate, [
              record.provider,
              record.model,
              record.kind,
              record.processorId ?? null,
              record.inputTokens,
              record.outputTokens,
              record.cachedInputTokens,
              record.reasoningTokens,
              toNanoUsd(record.estimatedCost),
              record.priced === false ? 0 : 1,
              hold.id,
              nowMs,
            ]);
    } catch (error) {
      throw this.#fail('settle', this.#handle.classify(`settle "${hold.id}"`, error));
    }
    if (changed === 0) return 'expired';
    return record === null ? 'released' : 'settled';
  }

  async #connect(operation: Operation) {
    try {
      return await this.#handle.connect();
    } catch (error) {
      throw this.#fail(operation, error);
    }
  }

  #fail(operation: Operation, error: unknown) {
    return ledgerFailure(this.name, this.#handle.store, operation, error, 'STORE_QUERY_FAILED');
  }
}
