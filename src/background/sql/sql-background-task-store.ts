/**
 * Background task records in a SQL memory store's database (SQLite or PostgreSQL), through the
 * store feature seam (`store.feature(...)`): one table `<prefix>background_tasks` with its own
 * migrations, created on first use. JSON columns (`args`, `result`, `error`) go through the
 * store codec, times are epoch milliseconds. `transition` is one
 * `UPDATE … SET version = version + 1 … WHERE id = ? AND status IN (…) [AND version = ?]
 * [AND owner = ?] [AND lease_expires_at = ?] RETURNING *`, so two processes racing for the same
 * task cannot both win; `renewLease` is one `UPDATE … SET lease_expires_at` under the same kind
 * of condition (status, owner, version).
 */
import { describeValue } from '../../errors/describe-value.js';
import { decodeJson, encodeJson } from '../../stores/codec.js';
import { corruptRow, invalidInput } from '../../stores/errors.js';
import type { SqlRow } from '../../stores/sql/driver.js';
import type { SqlFeature, SqlFeatureHandle } from '../../stores/sql/feature.js';
import type {
  BackgroundTaskError,
  BackgroundTaskExpectation,
  BackgroundTaskFilter,
  BackgroundTaskInput,
  BackgroundTaskLeaseHolder,
  BackgroundTaskPatch,
  BackgroundTaskRecord,
  BackgroundTaskStatus,
  BackgroundTaskStore,
} from '../types.js';
import {
  checkCutoff,
  checkFilter,
  checkRenewal,
  checkTaskId,
  checkTaskInput,
  checkTransition,
  TASK_STATUSES,
} from '../validate.js';

/** A SQL memory store that can host features (`SqliteStore`, `PostgresStore`). */
export interface SqlFeatureHost {
  feature(feature: SqlFeature): SqlFeatureHandle;
}

/** Options of {@link SqlBackgroundTaskStore}. */
export interface SqlBackgroundTaskStoreOptions {
  /** The memory store whose database keeps the task table (`SqliteStore` or `PostgresStore`). */
  store: SqlFeatureHost;
}

const TERMINAL = ['completed', 'failed', 'timed_out', 'cancelled'] as const;

/** The `background` feature: its table and indexes (listing filters, recovery, cleanup). */
const BACKGROUND_FEATURE: SqlFeature = {
  name: 'background',
  migrations: ({ dialect, table, index }) => {
    const big = dialect === 'postgres' ? 'BIGINT' : 'INTEGER';
    const t = table('tasks');
    return [
      {
        version: 1,
        name: 'background task records',
        statements: [
          `CREATE TABLE ${t} (id TEXT PRIMARY KEY, status TEXT NOT NULL, tool_name TEXT NOT NULL, ` +
            'tool_call_id TEXT NOT NULL, args TEXT NOT NULL, disposition TEXT NOT NULL, agent_id TEXT, ' +
            'thread_id TEXT, resource_id TEXT, run_id TEXT, result TEXT, error TEXT, ' +
            `retry_count INTEGER NOT NULL, max_retries INTEGER NOT NULL, timeout_ms ${big} NOT NULL, ` +
            `owner TEXT, created_at ${big} NOT NULL, updated_at ${big} NOT NULL, started_at ${big}, ` +
            `finished_at ${big})`,
          `CREATE INDEX ${index('tasks_created')} ON ${t} (created_at)`,
          `CREATE INDEX ${index('tasks_status_owner')} ON ${t} (status, owner)`,
          `CREATE INDEX ${index('tasks_thread')} ON ${t} (thread_id, created_at)`,
          `CREATE INDEX ${index('tasks_agent')} ON ${t} (agent_id, created_at)`,
          `CREATE INDEX ${index('tasks_resource')} ON ${t} (resource_id, created_at)`,
          `CREATE INDEX ${index('tasks_run')} ON ${t} (run_id)`,
          `CREATE INDEX ${index('tasks_finished')} ON ${t} (status, finished_at)`,
        ],
      },
      {
        version: 2,
        name: 'task version: every transition adds one, callers compare it (recovery, leases)',
        // Existing rows start at 1, as a new task does.
        statements: [`ALTER TABLE ${t} ADD COLUMN version ${big} NOT NULL DEFAULT 1`],
      },
      {
        version: 3,
        name: 'task lease: running tasks hold a lease their owner renews; recovery lists expired ones',
        // Existing rows get no lease: recovery treats them by `staleAfterMs`, as before.
        statements: [
          `ALTER TABLE ${t} ADD COLUMN lease_expires_at ${big}`,
          `CREATE INDEX ${index('tasks_status_lease')} ON ${t} (status, lease_expires_at)`,
        ],
      },
    ];
  },
};

const COLUMN_NAMES = [
  'id',
  'status',
  'tool_name',
  'tool_call_id',
  'args',
  'disposition',
  'agent_id',
  'thread_id',
  'resource_id',
  'run_id',
  'result',
  'error',
  'retry_count',
  'max_retries',
  'timeout_ms',
  'owner',
  'created_at',
  'updated_at',
  'started_at',
  'finished_at',
  'version',
  'lease_expires_at',
] as const;
const COLUMNS = COLUMN_NAMES.join(', ');

/**
 * {@link BackgroundTaskStore} on the database of a `SqliteStore` or `PostgresStore`. The memory
 * store stays the owner of the connection: closing this store does not close it.
 *
 * @example
 * const memoryStore = new PostgresStore({ connectionString });
 * const tasks = new SqlBackgroundTaskStore({ store: memoryStore });
 */
export class SqlBackgroundTaskStore implements BackgroundTaskStore {
  readonly name: string;
  private readonly handle: SqlFeatureHandle;
  private readonly table: string;

  constructor(options: SqlBackgroundTaskStoreOptions) {
    const store = options?.store;
    if (!store || typeof store.feature !== 'function') {
      throw new TypeError(
        'SqlBackgroundTaskStore: option `store` must be a SQL memory store (SqliteStore or PostgresStore).',
      );
    }
    this.handle = store.feature(BACKGROUND_FEATURE);
    this.table = this.handle.table('tasks');
    this.name = `SqlBackgroundTaskStore(${this.handle.store})`;
  }

  async create(task: BackgroundTaskInput): Promise<BackgroundTaskRecord> {
    const row = this.encodeInput(task);
    const db = await this.handle.connect();
    let changed: number;
    try {
      changed = await db.run(
        `INSERT INTO ${this.table} (${COLUMNS}) VALUES (${marks(COLUMN_NAMES.length)}) ON CONFLICT (id) DO NOTHING`,
        COLUMN_NAMES.map((column) => row[column]),
      );
    } catch (error) {
      throw this.handle.classify('create a background task', error);
    }
    if (changed === 0) {
      throw invalidInput(
        this.name,
        'create',
        `a task with id "${task.id}" already exists; task ids are unique.`,
      );
    }
    return this.decode(row);
  }

  async get(id: string): Promise<BackgroundTaskRecord | null> {
    checkTaskId(this.name, 'get', id);
    const rows = await this.query(
      'read a background task',
      `SELECT ${COLUMNS} FROM ${this.table} WHERE id = ?`,
      [id],
    );
    return rows.length === 0 ? null : this.decode(rows[0]);
  }

  async transition(
    id: string,
    from: readonly BackgroundTaskStatus[],
    to: BackgroundTaskStatus,
    patch: BackgroundTaskPatch = {},
    expected: BackgroundTaskExpectation = {},
  ): Promise<BackgroundTaskRecord | null> {
    checkTransition(this.name, id, from, to, patch, expected);
    const sets = ['status = ?', 'updated_at = ?', 'version = version + 1'];
    const params: unknown[] = [to, Date.now()];
    const set = (column: string, value: unknown) => {
      sets.push(`${column} = ?`);
      params.push(value);
    };
    if (patch.result !== undefined) set('result', encodeJson(patch.result));
    if (patch.error !== undefined) set('error', encodeJson(patch.error));
    if (patch.retryCount !== undefined) set('retry_count', patch.retryCount);
    if (patch.owner !== undefined) set('owner', patch.owner);
    if (patch.startedAt !== undefined) set('started_at', patch.startedAt.getTime());
    if (patch.finishedAt !== undefined) set('finished_at', patch.finishedAt.getTime());
    if (patch.leaseExpiresAt !== undefined) set('lease_expires_at', patch.leaseExpiresAt.getTime());
    params.push(id, ...from);
    // One statement: the row lock makes the comparison and the write one atomic step.
    let where = `id = ? AND status IN (${marks(from.length)})`;
    if (expected.version !== undefined) {
      where += ' AND version = ?';
      params.push(expected.version);
    }
    if (expected.owner === null) where += ' AND owner IS NULL';
    else if (expected.owner !== undefined) {
      where += ' AND owner = ?';
      params.push(expected.owner);
    }
    if (expected.leaseExpiresAt === null) where += ' AND lease_expires_at IS NULL';
    else if (expected.leaseExpiresAt !== undefined) {
      where += ' AND lease_expires_at = ?';
      params.push(expected.leaseExpiresAt.getTime());
    }
    const rows = await this.query(
      `move background task "${id}" to ${to}`,
      `UPDATE ${this.table} SET ${sets.join(', ')} WHERE ${where} RETURNING ${COLUMNS}`,
      params,
    );
    return rows.length === 0 ? null : this.decode(rows[0]);
  }

  async renewLease(
    id: string,
    holder: BackgroundTaskLeaseHolder,
    leaseExpiresAt: Date,
  ): Promise<BackgroundTaskRecord | null> {
    checkRenewal(this.name, id, holder, leaseExpiresAt);
    // Neither version nor updated_at moves: a renewal is not a transition.
    const rows = await this.query(
      `renew the lease of background task "${id}"`,
      `UPDATE ${this.table} SET lease_expires_at = ? WHERE id = ? AND status = 'running' AND owner = ? ` +
        `AND version = ? RETURNING ${COLUMNS}`,
      [leaseExpiresAt.getTime(), id, holder.owner, holder.version],
    );
    return rows.length === 0 ? null : this.decode(rows[0]);
  }

  async list(filter: BackgroundTaskFilter = {}): Promise<BackgroundTaskRecord[]> {
    const { statuses, limit, offset, order } = checkFilter(this.name, filter);
    const where: string[] = [];
    const params: unknown[] = [];
    if (statuses !== undefined) {
      if (statuses.length === 0) return [];
      where.push(`status IN (${marks(statuses.length)})`);
      params.push(...statuses);
    }
    const fields = [
      ['agentId', 'agent_id'],
      ['threadId', 'thread_id'],
      ['resourceId', 'resource_id'],
      ['runId', 'run_id'],
      ['toolName', 'tool_name'],
      ['owner', 'owner'],
    ] as const;
    for (const [key, column] of fields) {
      const value = filter[key];
      if (value === undefined) continue;
      where.push(`${column} = ?`);
      params.push(value);
    }
    if (filter.createdBefore !== undefined) {
      where.push('created_at < ?');
      params.push(filter.createdBefore.getTime());
    }
    if (filter.leaseExpiredBefore !== undefined) {
      where.push('(lease_expires_at IS NULL OR lease_expires_at < ?)');
      params.push(filter.leaseExpiredBefore.getTime());
    }
    params.push(limit, offset);
    const rows = await this.query(
      'list background tasks',
      `SELECT ${COLUMNS} FROM ${this.table}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ` +
        `ORDER BY created_at ${order}, id ${order} LIMIT ? OFFSET ?`,
      params,
    );
    const out = new Array<BackgroundTaskRecord>(rows.length);
    for (let i = 0; i < rows.length; i++) out[i] = this.decode(rows[i]);
    return out;
  }

  async deleteFinished(before: Date): Promise<number> {
    const at = checkCutoff(this.name, before);
    const db = await this.handle.connect();
    try {
      return await db.run(
        `DELETE FROM ${this.table} WHERE status IN (${marks(TERMINAL.length)}) AND COALESCE(finished_at, updated_at) < ?`,
        [...TERMINAL, at],
      );
    } catch (error) {
      throw this.handle.classify('delete finished background tasks', error);
    }
  }

  private async query(operation: string, sql: string, params: readonly unknown[]): Promise<SqlRow[]> {
    const db = await this.handle.connect();
    try {
      return await db.all(sql, params);
    } catch (error) {
      throw this.handle.classify(operation, error);
    }
  }

  private encodeInput(task: BackgroundTaskInput): SqlRow {
    checkTaskInput(this.name, task);
    const now = Date.now();
    const createdAt = task.createdAt === undefined ? now : task.createdAt.getTime();
    const opt = (key: 'agentId' | 'threadId' | 'resourceId' | 'runId' | 'owner') => task[key] ?? null;
    const time = (key: 'startedAt' | 'finishedAt' | 'leaseExpiresAt') => task[key]?.getTime() ?? null;
    return {
      id: task.id,
      status: 'pending',
      tool_name: task.toolName,
      tool_call_id: task.toolCallId,
      args: encodeJson(task.args),
      disposition: task.disposition,
      agent_id: opt('agentId'),
      thread_id: opt('threadId'),
      resource_id: opt('resourceId'),
      run_id: opt('runId'),
      result: task.result === undefined ? null : encodeJson(task.result),
      error: task.error === undefined ? null : encodeJson(task.error),
      retry_count: task.retryCount ?? 0,
      max_retries: task.maxRetries,
      timeout_ms: task.timeoutMs,
      owner: opt('owner'),
      created_at: createdAt,
      updated_at: createdAt,
      started_at: time('startedAt'),
      finished_at: time('finishedAt'),
      version: 1,
      lease_expires_at: time('leaseExpiresAt'),
    };
  }

  // ---- decoding ----------------------------------------------------------------------------

  private decode(row: SqlRow): BackgroundTaskRecord {
    const id = String(row.id);
    const status = row.status;
    if (typeof status !== 'string' || !TASK_STATUSES.has(status))
      this.corrupt(id, 'status', `unknown status ${show(status)}`);
    const disposition = row.disposition;
    if (disposition !== 'deferred' && disposition !== 'awaited') {
      this.corrupt(id, 'disposition', `unknown disposition ${show(disposition)}`);
    }
    const record: BackgroundTaskRecord = {
      id,
      status: status as BackgroundTaskStatus,
      toolName: this.text(id, 'tool_name', row.tool_name),
      toolCallId: this.text(id, 'tool_call_id', row.tool_call_id),
      args: this.json(id, 'args', row.args),
      disposition,
      retryCount: this.count(id, 'retry_count', row.retry_count),
      maxRetries: this.count(id, 'max_retries', row.max_retries),
      timeoutMs: this.count(id, 'timeout_ms', row.timeout_ms),
      createdAt: this.time(id, 'created_at', row.created_at),
      updatedAt: this.time(id, 'updated_at', row.updated_at),
      version: this.count(id, 'version', row.version),
    };
    if (row.agent_id != null) record.agentId = this.text(id, 'agent_id', row.agent_id);
    if (row.thread_id != null) record.threadId = this.text(id, 'thread_id', row.thread_id);
    if (row.resource_id != null) record.resourceId = this.text(id, 'resource_id', row.resource_id);
    if (row.run_id != null) record.runId = this.text(id, 'run_id', row.run_id);
    if (row.owner != null) record.owner = this.text(id, 'owner', row.owner);
    if (row.result != null) record.result = this.json(id, 'result', row.result);
    if (row.error != null) {
      const error = this.json(id, 'error', row.error) as BackgroundTaskError | null;
      if (
        error === null ||
        typeof error !== 'object' ||
        typeof error.name !== 'string' ||
        typeof error.message !== 'string'
      ) {
        this.corrupt(id, 'error', 'not an error object { name, message }');
      }
      record.error = error;
    }
    if (row.started_at != null) record.startedAt = this.time(id, 'started_at', row.started_at);
    if (row.finished_at != null) record.finishedAt = this.time(id, 'finished_at', row.finished_at);
    if (row.lease_expires_at != null) {
      record.leaseExpiresAt = this.time(id, 'lease_expires_at', row.lease_expires_at);
    }
    return record;
  }

  private corrupt(id: string, column: string, problem: string, cause?: unknown): never {
    throw corruptRow(this.name, this.table, id, column, problem, cause);
  }

  private text(id: string, column: string, value: unknown): string {
    if (typeof value !== 'string') this.corrupt(id, column, 'not text');
    return value;
  }

  private json(id: string, column: string, value: unknown): unknown {
    if (typeof value !== 'string') this.corrupt(id, column, 'not JSON text');
    try {
      return decodeJson(value);
    } catch (error) {
      this.corrupt(id, column, 'invalid JSON', error);
    }
  }

  private count(id: string, column: string, value: unknown): number {
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 0) this.corrupt(id, column, 'not a non-negative integer');
    return n;
  }

  private time(id: string, column: string, value: unknown): Date {
    const ms = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
    if (!Number.isFinite(ms)) this.corrupt(id, column, 'not a valid timestamp');
    return new Date(ms);
  }
}

function marks(n: number): string {
  return n === 1 ? '?' : new Array<string>(n).fill('?').join(', ');
}

/** A bad argument for an error message: a Date as its time, anything else as `describeValue` shows it. */
function show(value: unknown): string {
  if (value instanceof Date)
    return `Date(${Number.isNaN(value.getTime()) ? 'invalid' : value.toISOString()})`;
  return describeValue(value);
}
