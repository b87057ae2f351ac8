/**
 * Semantics shared by every store: input validation, filter matching, message-update merging,
 * paging arithmetic and cosine similarity. Keeping them in one place is what lets the
 * conformance suite hold for the in-memory and SQL stores alike.
 */
import { describeValue } from '../errors/describe-value.js';
import type { MastraDBMessage } from '../messages/types.js';
import { corruptRow, invalidInput } from './errors.js';
import type {
  MessageUpdate,
  StorageMessage,
  StorageMessageFilter,
  StorageMessageInput,
  StorageMessageRole,
  StorageThread,
} from './types.js';

/** Roles a stored message may have. */
const MESSAGE_ROLES: ReadonlySet<string> = new Set<StorageMessageRole>([
  'user',
  'assistant',
  'system',
  'signal',
]);

/** Default page size of `listMessages`. */
export const DEFAULT_MESSAGE_PAGE = 40;
/** Default page size of `listThreads`. */
export const DEFAULT_THREAD_PAGE = 100;

function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}

/** Check one message before it is saved; throws `STORE_INVALID_INPUT` naming the message. */
export function checkMessageInput(store: string, method: string, message: StorageMessageInput): void {
  if (message === null || typeof message !== 'object') {
    throw invalidInput(store, method, 'every message must be an object.');
  }
  if (typeof message.id !== 'string' || message.id === '') {
    throw invalidInput(store, method, 'every message needs a non-empty string `id`.');
  }
  if (typeof message.threadId !== 'string' || message.threadId === '') {
    throw invalidInput(
      store,
      method,
      `message "${message.id}" has no \`threadId\`; set the thread it belongs to.`,
    );
  }
  if (message.resourceId !== undefined && typeof message.resourceId !== 'string') {
    throw invalidInput(store, method, `message "${message.id}" has a non-string \`resourceId\`.`);
  }
  if (!MESSAGE_ROLES.has(message.role)) {
    throw invalidInput(
      store,
      method,
      `message "${message.id}" has role ${JSON.stringify(message.role)}; use user, assistant, system or signal.`,
    );
  }
  if (!isValidDate(message.createdAt)) {
    throw invalidInput(store, method, `message "${message.id}" needs a valid \`createdAt\` Date.`);
  }
  const content = message.content;
  if (content === null || typeof content !== 'object' || !Array.isArray(content.parts)) {
    throw invalidInput(
      store,
      method,
      `message "${message.id}" needs \`content\` in format 2 (an object with a \`parts\` array).`,
    );
  }
}

/** Check a thread before it is saved. */
export function checkThread(store: string, method: string, thread: StorageThread): void {
  if (thread === null || typeof thread !== 'object' || typeof thread.id !== 'string' || thread.id === '') {
    throw invalidInput(store, method, 'a thread needs a non-empty string `id`.');
  }
  if (typeof thread.resourceId !== 'string' || thread.resourceId === '') {
    throw invalidInput(store, method, `thread "${thread.id}" needs a non-empty string \`resourceId\`.`);
  }
  if (!isValidDate(thread.createdAt) || !isValidDate(thread.updatedAt)) {
    throw invalidInput(
      store,
      method,
      `thread "${thread.id}" needs valid \`createdAt\` and \`updatedAt\` Dates.`,
    );
  }
}

/** Check a stored role/date/content value read back from a row; throws `STORE_CORRUPT_ROW`. */
export function checkStoredMessage(store: string, table: string, message: StorageMessage): StorageMessage {
  if (!MESSAGE_ROLES.has(message.role)) {
    throw corruptRow(store, table, message.id, 'role', `unknown role ${JSON.stringify(message.role)}`);
  }
  if (!isValidDate(message.createdAt)) {
    throw corruptRow(store, table, message.id, 'created_at', 'not a valid timestamp');
  }
  const content = message.content as unknown;
  if (
    content === null ||
    typeof content !== 'object' ||
    !Array.isArray((content as { parts?: unknown }).parts)
  ) {
    throw corruptRow(store, table, message.id, 'content', 'not a format-2 content object with `parts`');
  }
  return message;
}

/** True when the message passes a filter. */
export function matchesMessageFilter(message: StorageMessage, filter: StorageMessageFilter): boolean {
  return (
    matchesMessageFields(message.role, message.type, message.createdAt.getTime(), filter) &&
    matchesMetadata(message.content.metadata, filter.metadata)
  );
}

/** The role, signal-type and date parts of a filter (everything but `metadata`), on raw fields. */
export function matchesMessageFields(
  role: string,
  type: string | undefined,
  createdAt: number,
  filter: StorageMessageFilter,
): boolean {
  if (
    filter.excludeRoles &&
    filter.excludeRoles.length > 0 &&
    filter.excludeRoles.includes(role as StorageMessageRole)
  ) {
    return false;
  }
  if (
    role === 'signal' &&
    filter.excludeSignalTypes &&
    filter.excludeSignalTypes.length > 0 &&
    filter.excludeSignalTypes.includes(type ?? '')
  ) {
    return false;
  }
  const range = filter.dateRange;
  if (range) {
    if (range.start) {
      const s = range.start.getTime();
      if (range.startExclusive ? createdAt <= s : createdAt < s) return false;
    }
    if (range.end) {
      const e = range.end.getTime();
      if (range.endExclusive ? createdAt >= e : createdAt > e) return false;
    }
  }
  return true;
}

/** Shallow strict-equality match of `wanted` against `metadata`. */
export function matchesMetadata(
  metadata: Record<string, unknown> | undefined,
  wanted: Record<string, unknown> | undefined,
): boolean {
  if (!wanted) return true;
  for (const key of Object.keys(wanted)) {
    if (!metadata || !Object.hasOwn(metadata, key) || metadata[key] !== wanted[key]) return false;
  }
  return true;
}

/** Apply a partial update to a stored message (see `MessageUpdate`). */
export function applyMessageUpdate(existing: StorageMessage, update: MessageUpdate): StorageMessage {
  const next: StorageMessage = { ...existing };
  if (update.role !== undefined) next.role = update.role;
  if (update.type !== undefined) next.type = update.type;
  if (update.createdAt !== undefined) next.createdAt = update.createdAt;
  if (update.threadId !== undefined) next.threadId = update.threadId;
  if (update.resourceId !== undefined) next.resourceId = update.resourceId;
  if (update.content !== undefined) {
    const merged: MastraDBMessage['content'] = { ...existing.content, ...update.content, format: 2 };
    if (update.content.metadata !== undefined) {
      merged.metadata = { ...(existing.content.metadata ?? {}), ...update.content.metadata };
    }
    next.content = merged;
  }
  return next;
}

/** Validate a page/perPage pair. */
export function checkPaging(store: string, method: string, page: number, perPage: number | false): void {
  if (!Number.isInteger(page) || page < 0) {
    throw invalidInput(
      store,
      method,
      `\`page\` must be a non-negative integer (got ${describeValue(page)}).`,
    );
  }
  if (perPage !== false && (!Number.isInteger(perPage) || perPage < 0)) {
    throw invalidInput(
      store,
      method,
      `\`perPage\` must be a non-negative integer or false (got ${describeValue(perPage)}).`,
    );
  }
}

/** Turn any accepted vector form into a `Float64Array`, rejecting non-finite entries. */
export function toFloat64(store: string, method: string, vector: unknown): Float64Array {
  if (!(Array.isArray(vector) || vector instanceof Float32Array || vector instanceof Float64Array)) {
    throw invalidInput(store, method, 'a vector must be a number[], Float32Array or Float64Array.');
  }
  const out = new Float64Array(vector.length);
  for (let i = 0; i < vector.length; i++) {
    const x = vector[i];
    if (typeof x !== 'number' || !Number.isFinite(x)) {
      throw invalidInput(store, method, `vector entry ${i} is not a finite number.`);
    }
    out[i] = x;
  }
  if (out.length === 0) throw invalidInput(store, method, 'a vector must not be empty.');
  return out;
}

/** Euclidean norm. */
export function norm(v: Float64Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += (v[i] as number) * (v[i] as number);
  return Math.sqrt(s);
}

/** Cosine similarity given precomputed norms; 0 when either vector is zero. */
export function cosine(a: Float64Array, aNorm: number, b: Float64Array, bNorm: number): number {
  if (aNorm === 0 || bNorm === 0) return 0;
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] as number) * (b[i] as number);
  return dot / (aNorm * bNorm);
}

/** Keep the `topK` best of a scored list (best first), honouring the threshold. */
export function topMatches<T extends { score: number }>(scored: T[], topK: number, threshold?: number): T[] {
  const kept = threshold === undefined ? scored : scored.filter((m) => m.score >= threshold);
  kept.sort((a, b) => b.score - a.score);
  return kept.slice(0, Math.max(0, topK));
}

/** Float64 little-endian bytes of a vector (the SQL stores' BLOB/BYTEA format). */
export function vectorToBytes(v: Float64Array): Buffer {
  const buf = Buffer.allocUnsafe(v.length * 8);
  for (let i = 0; i < v.length; i++) buf.writeDoubleLE(v[i] as number, i * 8);
  return buf;
}

/** Inverse of {@link vectorToBytes}; `null` when the byte length is not a multiple of 8. */
export function bytesToVector(bytes: Uint8Array): Float64Array | null {
  if (bytes.byteLength % 8 !== 0) return null;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float64Array(bytes.byteLength / 8);
  for (let i = 0; i < out.length; i++) out[i] = buf.readDoubleLE(i * 8);
  return out;
}
