/**
 * Rows of the SQL stores and the values they hold: decoding (every column checked, a bad one
 * named as a corrupt row), the thread row written, and the small SQL text helpers.
 */
import { decodeJson, encodeJson } from '../codec.js';
import { checkStoredMessage } from '../common.js';
import { corruptRow } from '../errors.js';
import type { StorageMessage, StorageResource, StorageThread } from '../types.js';
import type { SqlRow } from './driver.js';

/** Largest id list bound in one `IN (…)`; keeps well under both engines' parameter limits. */
export const IN_CHUNK = 500;

/** The columns a message is read with. */
export const MESSAGE_COLUMNS = 'seq, id, thread_id, resource_id, role, type, created_at, content';

/** A message read back, with its insertion order (the tie-break between equal timestamps). */
export interface DecodedMessage {
  message: StorageMessage;
  seq: number;
}

/** `?, ?, …` for `n` parameters. */
export function placeholders(n: number): string {
  return new Array<string>(n).fill('?').join(', ');
}

/** `list` in slices of at most `size`. */
export function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Oldest first; insertion order between equal timestamps. */
export function byPosition(a: DecodedMessage, b: DecodedMessage): number {
  return a.message.createdAt.getTime() - b.message.createdAt.getTime() || a.seq - b.seq;
}

/** A JSON-object column; throws `STORE_CORRUPT_ROW` naming the store, table, row and column. */
export function decodeObject(
  store: string,
  table: string,
  rowId: string,
  column: string,
  text: unknown,
): Record<string, unknown> {
  if (typeof text !== 'string') throw corruptRow(store, table, rowId, column, 'not JSON text');
  let value: unknown;
  try {
    value = decodeJson(text);
  } catch (error) {
    throw corruptRow(store, table, rowId, column, 'invalid JSON', error);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw corruptRow(store, table, rowId, column, 'not a JSON object');
  }
  return value as Record<string, unknown>;
}

function decodeTime(store: string, table: string, rowId: string, column: string, value: unknown): Date {
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  const date = new Date(ms);
  if (!Number.isFinite(ms) || Number.isNaN(date.getTime())) {
    throw corruptRow(store, table, rowId, column, 'not a valid timestamp');
  }
  return date;
}

/** A row of the messages `table` (read with {@link MESSAGE_COLUMNS}). */
export function decodeMessage(store: string, table: string, row: SqlRow): DecodedMessage {
  const id = String(row.id);
  const message: StorageMessage = {
    id,
    role: row.role as StorageMessage['role'],
    createdAt: decodeTime(store, table, id, 'created_at', row.created_at),
    threadId: String(row.thread_id),
    resourceId: String(row.resource_id),
    content: decodeObject(store, table, id, 'content', row.content) as unknown as StorageMessage['content'],
  };
  if (row.type !== null && row.type !== undefined) message.type = String(row.type);
  checkStoredMessage(store, table, message);
  return { message, seq: Number(row.seq) };
}

/** A row of the threads `table`. */
export function decodeThread(store: string, table: string, row: SqlRow): StorageThread {
  const id = String(row.id);
  const thread: StorageThread = {
    id,
    resourceId: String(row.resource_id),
    createdAt: decodeTime(store, table, id, 'created_at', row.created_at),
    updatedAt: decodeTime(store, table, id, 'updated_at', row.updated_at),
  };
  if (row.title !== null && row.title !== undefined) thread.title = String(row.title);
  if (row.metadata !== null && row.metadata !== undefined) {
    thread.metadata = decodeObject(store, table, id, 'metadata', row.metadata);
  }
  return thread;
}

/** A row of the resources `table`. */
export function decodeResource(store: string, table: string, row: SqlRow): StorageResource {
  const id = String(row.id);
  const resource: StorageResource = {
    id,
    createdAt: decodeTime(store, table, id, 'created_at', row.created_at),
    updatedAt: decodeTime(store, table, id, 'updated_at', row.updated_at),
  };
  if (row.working_memory !== null && row.working_memory !== undefined) {
    resource.workingMemory = String(row.working_memory);
  }
  if (row.metadata !== null && row.metadata !== undefined) {
    resource.metadata = decodeObject(store, table, id, 'metadata', row.metadata);
  }
  return resource;
}

/** The row a thread is written as. */
export function threadRow(thread: StorageThread): SqlRow {
  return {
    id: thread.id,
    resource_id: thread.resourceId,
    title: thread.title ?? null,
    metadata: thread.metadata === undefined ? null : encodeJson(thread.metadata),
    created_at: thread.createdAt.getTime(),
    updated_at: thread.updatedAt.getTime(),
  };
}
