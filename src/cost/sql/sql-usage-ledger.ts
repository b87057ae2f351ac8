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
import type {
  PricingTable,
  UsageLedger,
  UsageQuery,
  UsageRecord,
  UsageScope,
  UsageTotals,
} from '../types.js';

/** A SQL memory store the ledger can keep its table in (`SqliteStore`, `PostgresStore`). */
interface UsageLedgerSqlStore {
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
const USAGE_FEATURE: SqlFeature = {
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

  async #connect(operation: 'record' | 'totals') {
    try {
      return await this.#handle.connect();
    } catch (error) {
      throw this.#fail(operation, error);
    }
  }

  #fail(operation: 'record' | 'totals', error: unknown) {
    return ledgerFailure(this.name, this.#handle.store, operation, error, 'STORE_QUERY_FAILED');
  }
}
