/** The writes of the SQL stores: input checks, thread upserts under their owner, messages and resources. */
import { decodeJson, encodeJson } from '../codec.js';
import { checkMessageInput } from '../common.js';
import { invalidInput, threadOwnerMismatch } from '../errors.js';
import type {
  ResourceInput,
  StorageMessage,
  StorageMessageInput,
  StorageResource,
  StorageThread,
} from '../types.js';
import type { SqlExecutor } from './driver.js';
import type { SqlDialect } from './feature.js';
import { decodeResource, threadRow } from './sql-rows.js';
import type { SqlTables } from './sql-store.js';

/** The store a write is for: its name (for errors), its tables and its engine. */
export interface SqlWriteTarget {
  readonly name: string;
  readonly tables: SqlTables;
  readonly dialect: SqlDialect;
}

/** Every message is a valid input; throws `STORE_INVALID_INPUT` naming `store.method`. */
export function checkMessages(store: string, method: string, messages: StorageMessageInput[]): void {
  if (!Array.isArray(messages)) throw invalidInput(store, method, 'pass an array of messages.');
  for (const m of messages) checkMessageInput(store, method, m);
}

/** The resource is a valid input; throws `STORE_INVALID_INPUT` naming `store.method`. */
export function checkResource(store: string, method: string, resource: ResourceInput): void {
  if (
    resource === null ||
    typeof resource !== 'object' ||
    typeof resource.id !== 'string' ||
    resource.id === ''
  ) {
    throw invalidInput(store, method, 'a resource needs a non-empty string `id`.');
  }
  if (resource.workingMemory !== undefined && typeof resource.workingMemory !== 'string') {
    throw invalidInput(store, method, `resource "${resource.id}": \`workingMemory\` must be a string.`);
  }
}

/**
 * Insert or replace the thread; `touch`: an existing row only gets `updated_at` (see
 * `touchThread`). Resolves to the owner the row has now. The upsert leaves the row locked by
 * this transaction (PostgreSQL: a concurrent insert of the same id waits for our commit, then
 * takes the conflict path; SQLite: `BEGIN IMMEDIATE` holds the write lock), so the owner read
 * here is the one the rest of the transaction writes against.
 */
export async function upsertThread(
  db: SqlExecutor,
  table: string,
  thread: StorageThread,
  touch = false,
): Promise<string> {
  const r = threadRow(thread);
  // RETURNING gives the row as it is after the upsert (the kept owner on the touch path).
  const rows = await db.all(
    `INSERT INTO ${table} (id, resource_id, title, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ` +
      (touch
        ? 'ON CONFLICT (id) DO UPDATE SET updated_at = excluded.updated_at'
        : 'ON CONFLICT (id) DO UPDATE SET resource_id = excluded.resource_id, title = excluded.title, ' +
          'metadata = excluded.metadata, created_at = excluded.created_at, updated_at = excluded.updated_at') +
      ' RETURNING resource_id',
    [r.id, r.resource_id, r.title, r.metadata, r.created_at, r.updated_at],
  );
  return String(rows[0]?.resource_id);
}

/**
 * Insert or replace `messages`, each under its thread's owner (`pendingThread`: a thread this
 * transaction is saving); resolves with what was stored, as a later read returns it.
 */
export async function writeMessages(
  tx: SqlExecutor,
  store: SqlWriteTarget,
  method: string,
  messages: StorageMessageInput[],
  pendingThread: StorageThread | undefined,
): Promise<StorageMessage[]> {
  // Owner per thread id (`null`: no such thread). PostgreSQL reads with FOR SHARE, so the
  // owner cannot change under this transaction; SQLite's write lock already excludes that.
  const owners = new Map<string, string | null>();
  if (pendingThread) owners.set(pendingThread.id, pendingThread.resourceId);
  const lock = store.dialect === 'postgres' ? ' FOR SHARE' : '';
  const saved: StorageMessage[] = [];
  for (const message of messages) {
    let owner = owners.get(message.threadId);
    if (owner === undefined) {
      const rows = await tx.all(`SELECT resource_id FROM ${store.tables.threads} WHERE id = ?${lock}`, [
        message.threadId,
      ]);
      owner = rows[0] ? String(rows[0].resource_id) : null;
      owners.set(message.threadId, owner);
    }
    const resourceId = message.resourceId ?? owner ?? undefined;
    if (owner !== null && resourceId !== owner) {
      throw threadOwnerMismatch(store.name, method, message.threadId, owner, resourceId);
    }
    if (resourceId === undefined) {
      throw invalidInput(
        store.name,
        method,
        `message "${message.id}" has no \`resourceId\` and thread "${message.threadId}" does not exist; ` +
          'set `resourceId` or save the thread first.',
      );
    }
    const content = encodeJson(message.content);
    await tx.run(
      `INSERT INTO ${store.tables.messages} (id, thread_id, resource_id, role, type, created_at, content) VALUES (?, ?, ?, ?, ?, ?, ?) ` +
        'ON CONFLICT (id) DO UPDATE SET thread_id = excluded.thread_id, resource_id = excluded.resource_id, ' +
        'role = excluded.role, type = excluded.type, created_at = excluded.created_at, content = excluded.content',
      [
        message.id,
        message.threadId,
        resourceId,
        message.role,
        message.type ?? null,
        message.createdAt.getTime(),
        content,
      ],
    );
    saved.push(storedMessage(message, resourceId, content));
  }
  return saved;
}

/**
 * What was stored for `message` under `resourceId` with its encoded `content`, decoded back
 * through the codec: exactly what a later read returns.
 */
export function storedMessage(
  message: StorageMessageInput,
  resourceId: string,
  content: string,
): StorageMessage {
  const stored: StorageMessage = {
    id: message.id,
    role: message.role,
    createdAt: new Date(message.createdAt.getTime()),
    threadId: message.threadId,
    resourceId,
    content: decodeJson(content) as StorageMessage['content'],
  };
  if (message.type !== undefined) stored.type = message.type;
  return stored;
}

/** Insert the resource or merge it into the stored one (metadata merged, working memory kept unless given). */
export async function writeResource(
  tx: SqlExecutor,
  store: SqlWriteTarget,
  resource: ResourceInput,
): Promise<StorageResource> {
  const rows = await tx.all(`SELECT * FROM ${store.tables.resources} WHERE id = ?`, [resource.id]);
  const existing = rows[0] ? decodeResource(store.name, store.tables.resources, rows[0]) : undefined;
  const now = Date.now();
  const metadata = resource.metadata
    ? { ...(existing?.metadata ?? {}), ...resource.metadata }
    : existing?.metadata;
  const next: StorageResource = {
    id: resource.id,
    createdAt: existing?.createdAt ?? new Date(now),
    updatedAt: new Date(now),
  };
  const workingMemory = resource.workingMemory ?? existing?.workingMemory;
  if (workingMemory !== undefined) next.workingMemory = workingMemory;
  const metadataText = metadata === undefined ? null : encodeJson(metadata);
  if (metadataText !== null) next.metadata = decodeJson(metadataText) as Record<string, unknown>;
  await tx.run(
    `INSERT INTO ${store.tables.resources} (id, working_memory, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ` +
      'ON CONFLICT (id) DO UPDATE SET working_memory = excluded.working_memory, metadata = excluded.metadata, ' +
      'updated_at = excluded.updated_at',
    [next.id, workingMemory ?? null, metadataText, next.createdAt.getTime(), now],
  );
  return next;
}
