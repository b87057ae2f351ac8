/**
 * Input checks every `BackgroundTaskStore` applies before touching its records, so a bad call
 * fails the same way (`StorageError` `STORE_INVALID_INPUT` naming the store, method and field)
 * in memory, on SQLite and on PostgreSQL, and nothing is written.
 */
import { describeValue } from '../errors/describe-value.js';
import { invalidInput } from '../stores/errors.js';
import type {
  BackgroundTaskExpectation,
  BackgroundTaskFilter,
  BackgroundTaskInput,
  BackgroundTaskLeaseHolder,
  BackgroundTaskPatch,
  BackgroundTaskStatus,
} from './types.js';

/** Every task status. */
export const TASK_STATUSES: ReadonlySet<string> = new Set<BackgroundTaskStatus>([
  'pending',
  'running',
  'completed',
  'failed',
  'timed_out',
  'cancelled',
]);

/** Default and largest `limit` of `list`. */
const LIST_LIMIT = { default: 100, max: 1000 } as const;

/** A listing filter's paging, checked and defaulted. */
export interface CheckedFilter {
  statuses: readonly BackgroundTaskStatus[] | undefined;
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
}

/** Check a new task (`create`). */
export function checkTaskInput(store: string, task: BackgroundTaskInput): void {
  if (task === null || typeof task !== 'object') {
    throw invalidInput(store, 'create', `expected a task object (got ${show(task)}).`);
  }
  checkTaskId(store, 'create', task.id);
  if (task.status !== undefined && task.status !== 'pending') {
    throw invalidInput(store, 'create', `a new task starts \`pending\` (got status ${show(task.status)}).`);
  }
  if (task.disposition !== 'deferred' && task.disposition !== 'awaited') {
    throw invalidInput(
      store,
      'create',
      `\`disposition\` must be 'deferred' or 'awaited' (got ${show(task.disposition)}).`,
    );
  }
  text(store, 'create', 'toolName', task.toolName);
  text(store, 'create', 'toolCallId', task.toolCallId);
  for (const key of ['agentId', 'threadId', 'resourceId', 'runId', 'owner'] as const) {
    if (task[key] !== undefined) text(store, 'create', key, task[key]);
  }
  count(store, 'create', 'maxRetries', task.maxRetries);
  count(store, 'create', 'timeoutMs', task.timeoutMs);
  if (task.retryCount !== undefined) count(store, 'create', 'retryCount', task.retryCount);
  for (const key of ['createdAt', 'startedAt', 'finishedAt', 'leaseExpiresAt'] as const) {
    if (task[key] !== undefined) date(store, 'create', key, task[key]);
  }
  if (task.error !== undefined) error(store, 'create', task.error);
}

/** Check a `transition` call. */
export function checkTransition(
  store: string,
  id: string,
  from: readonly BackgroundTaskStatus[],
  to: BackgroundTaskStatus,
  patch: BackgroundTaskPatch,
  expected: BackgroundTaskExpectation = {},
): void {
  checkTaskId(store, 'transition', id);
  if (!Array.isArray(from) || from.length === 0 || !from.every((s) => TASK_STATUSES.has(s))) {
    throw invalidInput(
      store,
      'transition',
      `\`from\` must be a non-empty list of task statuses (got ${show(from)}).`,
    );
  }
  status(store, 'transition', to);
  if (patch === null || typeof patch !== 'object') {
    throw invalidInput(store, 'transition', `\`patch\` must be an object (got ${show(patch)}).`);
  }
  if (patch.retryCount !== undefined) count(store, 'transition', 'retryCount', patch.retryCount);
  if (patch.owner !== undefined) text(store, 'transition', 'owner', patch.owner);
  if (patch.startedAt !== undefined) date(store, 'transition', 'startedAt', patch.startedAt);
  if (patch.finishedAt !== undefined) date(store, 'transition', 'finishedAt', patch.finishedAt);
  if (patch.leaseExpiresAt !== undefined) date(store, 'transition', 'leaseExpiresAt', patch.leaseExpiresAt);
  if (patch.error !== undefined) error(store, 'transition', patch.error);
  if (expected === null || typeof expected !== 'object') {
    throw invalidInput(store, 'transition', `\`expected\` must be an object (got ${show(expected)}).`);
  }
  if (expected.version !== undefined) count(store, 'transition', 'expected.version', expected.version);
  if (expected.owner !== undefined && expected.owner !== null) {
    text(store, 'transition', 'expected.owner', expected.owner);
  }
  if (expected.leaseExpiresAt !== undefined && expected.leaseExpiresAt !== null) {
    date(store, 'transition', 'expected.leaseExpiresAt', expected.leaseExpiresAt);
  }
}

/** Check a `renewLease` call. */
export function checkRenewal(
  store: string,
  id: string,
  holder: BackgroundTaskLeaseHolder,
  leaseExpiresAt: Date,
): void {
  checkTaskId(store, 'renewLease', id);
  if (holder === null || typeof holder !== 'object') {
    throw invalidInput(store, 'renewLease', `\`holder\` must be { owner, version } (got ${show(holder)}).`);
  }
  text(store, 'renewLease', 'holder.owner', holder.owner);
  count(store, 'renewLease', 'holder.version', holder.version);
  date(store, 'renewLease', 'leaseExpiresAt', leaseExpiresAt);
}

/** Check a `list` filter and fill in its defaults. */
export function checkFilter(store: string, filter: BackgroundTaskFilter): CheckedFilter {
  if (filter === null || typeof filter !== 'object') {
    throw invalidInput(store, 'list', `\`filter\` must be an object (got ${show(filter)}).`);
  }
  let statuses: readonly BackgroundTaskStatus[] | undefined;
  if (filter.status !== undefined) {
    statuses = Array.isArray(filter.status) ? filter.status : [filter.status as BackgroundTaskStatus];
    for (const s of statuses) status(store, 'list', s);
  }
  for (const key of ['agentId', 'threadId', 'resourceId', 'runId', 'toolName', 'owner'] as const) {
    if (filter[key] !== undefined) text(store, 'list', key, filter[key]);
  }
  if (filter.createdBefore !== undefined) date(store, 'list', 'createdBefore', filter.createdBefore);
  if (filter.leaseExpiredBefore !== undefined) {
    date(store, 'list', 'leaseExpiredBefore', filter.leaseExpiredBefore);
  }
  const limit = filter.limit ?? LIST_LIMIT.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT.max) {
    throw invalidInput(
      store,
      'list',
      `\`limit\` must be an integer from 1 to ${LIST_LIMIT.max} (got ${show(limit)}).`,
    );
  }
  const offset = filter.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0) {
    throw invalidInput(store, 'list', `\`offset\` must be a non-negative integer (got ${show(offset)}).`);
  }
  const order = filter.order ?? 'DESC';
  if (order !== 'ASC' && order !== 'DESC') {
    throw invalidInput(store, 'list', `\`order\` must be 'ASC' or 'DESC' (got ${show(order)}).`);
  }
  return { statuses, limit, offset, order };
}

/** Check the cut-off of `deleteFinished`; returns it in epoch ms. */
export function checkCutoff(store: string, before: Date): number {
  return date(store, 'deleteFinished', 'before', before);
}

/** Check a task id argument. */
export function checkTaskId(store: string, method: string, id: unknown): void {
  if (typeof id !== 'string' || id.length === 0) {
    throw invalidInput(store, method, `task id must be a non-empty string (got ${show(id)}).`);
  }
}

function status(store: string, method: string, value: unknown): void {
  if (typeof value !== 'string' || !TASK_STATUSES.has(value)) {
    throw invalidInput(
      store,
      method,
      `unknown task status ${show(value)}; expected one of ${[...TASK_STATUSES].join(', ')}.`,
    );
  }
}

function text(store: string, method: string, field: string, value: unknown): void {
  if (typeof value !== 'string')
    throw invalidInput(store, method, `\`${field}\` must be a string (got ${show(value)}).`);
}

function count(store: string, method: string, field: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidInput(store, method, `\`${field}\` must be a non-negative integer (got ${show(value)}).`);
  }
}

function date(store: string, method: string, field: string, value: unknown): number {
  const ms = value instanceof Date ? value.getTime() : Number.NaN;
  if (Number.isNaN(ms))
    throw invalidInput(store, method, `\`${field}\` must be a valid Date (got ${show(value)}).`);
  return ms;
}

function error(store: string, method: string, value: unknown): void {
  const e = value as { name?: unknown; message?: unknown; code?: unknown } | null;
  if (
    e === null ||
    typeof e !== 'object' ||
    typeof e.name !== 'string' ||
    typeof e.message !== 'string' ||
    (e.code !== undefined && typeof e.code !== 'string')
  ) {
    throw invalidInput(
      store,
      method,
      `\`error\` must be { name, message, code? } strings (got ${show(value)}).`,
    );
  }
}

/** A bad argument for an error message: a Date as its time, anything else as `describeValue` shows it. */
function show(value: unknown): string {
  if (value instanceof Date)
    return `Date(${Number.isNaN(value.getTime()) ? 'invalid' : value.toISOString()})`;
  return describeValue(value);
}
