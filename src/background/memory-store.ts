import { StorageError } from '../stores/errors.js';
import type {
  BackgroundTaskExpectation,
  BackgroundTaskFilter,
  BackgroundTaskInput,
  BackgroundTaskLeaseHolder,
  BackgroundTaskPatch,
  BackgroundTaskRecord,
  BackgroundTaskStatus,
  BackgroundTaskStore,
} from './types.js';
import {
  checkCutoff,
  checkFilter,
  checkRenewal,
  checkTaskId,
  checkTaskInput,
  checkTransition,
} from './validate.js';

const TERMINAL: ReadonlySet<BackgroundTaskStatus> = new Set([
  'completed',
  'failed',
  'timed_out',
  'cancelled',
]);

/**
 * The default task store: records in a `Map` of this process. Values are deep-copied in and out
 * (`structuredClone`), so a caller mutating a record it got never changes the stored one.
 * Records are lost when the process exits; use `SqlBackgroundTaskStore` to keep them.
 */
export class InMemoryBackgroundTaskStore implements BackgroundTaskStore {
  readonly name = 'InMemoryBackgroundTaskStore';
  readonly #tasks = new Map<string, BackgroundTaskRecord>();

  async create(task: BackgroundTaskInput): Promise<BackgroundTaskRecord> {
    checkTaskInput(this.name, task);
    if (typeof task.id !== 'string' || task.id === '') {
      throw new StorageError('STORE_INVALID_INPUT', `${this.name}: a task needs a non-empty string id.`, {
        details: { store: this.name },
      });
    }
    if (this.#tasks.has(task.id)) {
      throw new StorageError(
        'STORE_INVALID_INPUT',
        `${this.name}: a task with id "${task.id}" already exists; use a new id.`,
        { details: { store: this.name, taskId: task.id } },
      );
    }
    const now = new Date();
    const createdAt = task.createdAt ?? now;
    const record: BackgroundTaskRecord = {
      ...structuredClone(task),
      status: 'pending',
      retryCount: task.retryCount ?? 0,
      createdAt,
      updatedAt: createdAt,
      version: 1,
    };
    this.#tasks.set(record.id, record);
    return structuredClone(record);
  }

  async get(id: string): Promise<BackgroundTaskRecord | null> {
    checkTaskId(this.name, 'get', id);
    const found = this.#tasks.get(id);
    return found ? structuredClone(found) : null;
  }

  async transition(
    id: string,
    from: readonly BackgroundTaskStatus[],
    to: BackgroundTaskStatus,
    patch: BackgroundTaskPatch = {},
    expected: BackgroundTaskExpectation = {},
  ): Promise<BackgroundTaskRecord | null> {
    checkTransition(this.name, id, from, to, patch, expected);
    // Compare and set in one synchronous step: no other call can run in between.
    const found = this.#tasks.get(id);
    if (!found || !from.includes(found.status)) return null;
    if (expected.version !== undefined && found.version !== expected.version) return null;
    if (expected.owner !== undefined && (found.owner ?? null) !== expected.owner) return null;
    if (
      expected.leaseExpiresAt !== undefined &&
      (found.leaseExpiresAt?.getTime() ?? null) !== (expected.leaseExpiresAt?.getTime() ?? null)
    ) {
      return null;
    }
    const next: BackgroundTaskRecord = {
      ...found,
      status: to,
      updatedAt: new Date(),
      version: found.version + 1,
    };
    for (const key of Object.keys(patch) as (keyof BackgroundTaskPatch)[]) {
      const value = patch[key];
      if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = structuredClone(value);
    }
    this.#tasks.set(id, next);
    return structuredClone(next);
  }

  async renewLease(
    id: string,
    holder: BackgroundTaskLeaseHolder,
    leaseExpiresAt: Date,
  ): Promise<BackgroundTaskRecord | null> {
    checkRenewal(this.name, id, holder, leaseExpiresAt);
    const found = this.#tasks.get(id);
    if (found?.status !== 'running' || found.owner !== holder.owner || found.version !== holder.version) {
      return null;
    }
    found.leaseExpiresAt = new Date(leaseExpiresAt.getTime());
    return structuredClone(found);
  }

  async list(filter: BackgroundTaskFilter = {}): Promise<BackgroundTaskRecord[]> {
    checkFilter(this.name, filter);
    const statuses =
      filter.status === undefined
        ? undefined
        : typeof filter.status === 'string'
          ? [filter.status]
          : filter.status;
    const matches: BackgroundTaskRecord[] = [];
    for (const task of this.#tasks.values()) {
      if (statuses && !statuses.includes(task.status)) continue;
      if (filter.agentId !== undefined && task.agentId !== filter.agentId) continue;
      if (filter.threadId !== undefined && task.threadId !== filter.threadId) continue;
      if (filter.resourceId !== undefined && task.resourceId !== filter.resourceId) continue;
      if (filter.runId !== undefined && task.runId !== filter.runId) continue;
      if (filter.toolName !== undefined && task.toolName !== filter.toolName) continue;
      if (filter.owner !== undefined && task.owner !== filter.owner) continue;
      if (filter.createdBefore !== undefined && !(task.createdAt < filter.createdBefore)) continue;
      if (
        filter.leaseExpiredBefore !== undefined &&
        task.leaseExpiresAt !== undefined &&
        !(task.leaseExpiresAt < filter.leaseExpiredBefore)
      ) {
        continue;
      }
      matches.push(task);
    }
    const desc = (filter.order ?? 'DESC') === 'DESC';
    matches.sort((a, b) => (desc ? -1 : 1) * (a.createdAt.getTime() - b.createdAt.getTime()));
    const limit = Math.min(filter.limit ?? 100, 1000);
    const offset = filter.offset ?? 0;
    return matches.slice(offset, offset + limit).map((task) => structuredClone(task));
  }

  async deleteFinished(before: Date): Promise<number> {
    checkCutoff(this.name, before);
    let deleted = 0;
    for (const [id, task] of this.#tasks) {
      const finished = task.finishedAt ?? task.updatedAt;
      if (TERMINAL.has(task.status) && finished < before) {
        this.#tasks.delete(id);
        deleted++;
      }
    }
    return deleted;
  }
}
