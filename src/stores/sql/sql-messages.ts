/** The message reads of the SQL stores: filter conditions, pages with their neighbours, the last messages. */
import { matchesMessageFilter } from '../common.js';
import type { PageWindow } from '../paging.js';
import type {
  LastMessagesQuery,
  ListMessagesQuery,
  ListMessagesResult,
  StorageInclude,
  StorageMessage,
  StorageMessageFilter,
} from '../types.js';
import type { SqlExecutor, SqlRow } from './driver.js';
import type { SqlDialect } from './feature.js';
import { byPosition, type DecodedMessage, decodeMessage, MESSAGE_COLUMNS, placeholders } from './sql-rows.js';

/** SQL conditions for the indexable parts of a message filter (metadata is matched in JS). */
function messageConditions(
  scope: { threadId?: string; resourceId?: string },
  filter: StorageMessageFilter,
): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (scope.threadId !== undefined) {
    clauses.push('thread_id = ?');
    params.push(scope.threadId);
  }
  if (scope.resourceId !== undefined) {
    clauses.push('resource_id = ?');
    params.push(scope.resourceId);
  }
  const range = filter.dateRange;
  if (range?.start) {
    clauses.push(range.startExclusive ? 'created_at > ?' : 'created_at >= ?');
    params.push(range.start.getTime());
  }
  if (range?.end) {
    clauses.push(range.endExclusive ? 'created_at < ?' : 'created_at <= ?');
    params.push(range.end.getTime());
  }
  if (filter.excludeRoles && filter.excludeRoles.length > 0) {
    clauses.push(`role NOT IN (${placeholders(filter.excludeRoles.length)})`);
    params.push(...filter.excludeRoles);
  }
  if (filter.excludeSignalTypes && filter.excludeSignalTypes.length > 0) {
    clauses.push(
      `NOT (role = 'signal' AND COALESCE(type, '') IN (${placeholders(filter.excludeSignalTypes.length)}))`,
    );
    params.push(...filter.excludeSignalTypes);
  }
  return { sql: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** One page of `query` from the messages `table` (with the messages it asks to include). */
export async function listMessageRows(
  db: SqlExecutor,
  store: string,
  table: string,
  query: ListMessagesQuery,
  page: number,
  perPage: number | false,
  window: PageWindow,
  dialect: SqlDialect,
): Promise<ListMessagesResult> {
  const where = messageConditions(query, query);
  const order = `ORDER BY created_at ${window.scan}, seq ${window.scan}`;
  let pageRows: DecodedMessage[];
  let total: number;
  let hasMore: boolean;
  if (query.metadata) {
    const rows = await db.all(`SELECT ${MESSAGE_COLUMNS} FROM ${table} ${where.sql} ${order}`, where.params);
    const all = rows
      .map((r) => decodeMessage(store, table, r))
      .filter((d) => matchesMessageFilter(d.message, query));
    const end = window.limit === undefined ? all.length : window.offset + window.limit;
    pageRows = all.slice(window.offset, end);
    total = all.length;
    hasMore = end < all.length;
  } else {
    // One row past the page tells whether another page exists, with or without a count.
    const limit = window.limit === undefined ? '' : ` LIMIT ${window.limit + 1} OFFSET ${window.offset}`;
    const rows = await db.all(
      `SELECT ${MESSAGE_COLUMNS} FROM ${table} ${where.sql} ${order}${limit}`,
      where.params,
    );
    hasMore = window.limit !== undefined && rows.length > window.limit;
    pageRows = (hasMore ? rows.slice(0, window.limit) : rows).map((r) => decodeMessage(store, table, r));
    if (query.includeTotal === false) total = -1;
    else {
      const count = await db.all(`SELECT COUNT(*) AS n FROM ${table} ${where.sql}`, where.params);
      total = Number(count[0]?.n ?? 0);
    }
  }
  const selected = new Map<string, DecodedMessage>();
  for (const d of pageRows) selected.set(d.message.id, d);
  const includes = query.include ?? [];
  if (dialect === 'postgres' && includes.length > 0) {
    // One statement for every include (a round trip each would add up: semantic recall asks
    // for topK of them).
    for (const d of await neighboursAtOnce(db, store, table, includes)) {
      if (!selected.has(d.message.id)) selected.set(d.message.id, d);
    }
  } else {
    for (const include of includes) {
      for (const d of await neighbours(
        db,
        store,
        table,
        include.id,
        include.withPreviousMessages,
        include.withNextMessages,
      )) {
        if (!selected.has(d.message.id)) selected.set(d.message.id, d);
      }
    }
  }
  const ordered = [...selected.values()].sort(byPosition);
  if (window.output === 'DESC') ordered.reverse();
  return {
    messages: ordered.map((d) => d.message),
    total: query.includeTotal === false ? -1 : total,
    page,
    perPage,
    hasMore,
  };
}

async function neighbours(
  db: SqlExecutor,
  store: string,
  t: string,
  id: string,
  previous = 0,
  next = 0,
): Promise<DecodedMessage[]> {
  const rows = await db.all(`SELECT ${MESSAGE_COLUMNS} FROM ${t} WHERE id = ?`, [id]);
  if (!rows[0]) return [];
  const anchor = rows[0];
  const out = [decodeMessage(store, t, anchor)];
  const key = [anchor.thread_id, anchor.created_at, anchor.created_at, anchor.seq];
  if (previous > 0) {
    const before = await db.all(
      `SELECT ${MESSAGE_COLUMNS} FROM ${t} WHERE thread_id = ? AND (created_at < ? OR (created_at = ? AND seq < ?)) ` +
        `ORDER BY created_at DESC, seq DESC LIMIT ${Math.floor(previous)}`,
      key,
    );
    for (const r of before) out.push(decodeMessage(store, t, r));
  }
  if (next > 0) {
    const after = await db.all(
      `SELECT ${MESSAGE_COLUMNS} FROM ${t} WHERE thread_id = ? AND (created_at > ? OR (created_at = ? AND seq > ?)) ` +
        `ORDER BY created_at ASC, seq ASC LIMIT ${Math.floor(next)}`,
      key,
    );
    for (const r of after) out.push(decodeMessage(store, t, r));
  }
  return out;
}

/**
 * PostgreSQL: every include with its neighbours in one statement, in the same order as
 * {@link neighbours} gives them per include (anchor, older ones newest first, newer ones oldest
 * first); each side reads the thread index from the anchor, so the cost is in the counts asked.
 */
async function neighboursAtOnce(
  db: SqlExecutor,
  store: string,
  t: string,
  includes: readonly StorageInclude[],
): Promise<DecodedMessage[]> {
  const count = (n: number | undefined) => (n !== undefined && n > 0 ? Math.floor(n) : 0);
  const rows = await db.all(
    `SELECT n.seq, n.id, n.thread_id, n.resource_id, n.role, n.type, n.created_at, n.content ` +
      'FROM unnest(?::text[], ?::int[], ?::int[]) WITH ORDINALITY AS inc(id, before, after, ord) ' +
      `JOIN ${t} a ON a.id = inc.id CROSS JOIN LATERAL (` +
      `(SELECT ${MESSAGE_COLUMNS} FROM ${t} x WHERE x.id = a.id) UNION ALL ` +
      `(SELECT ${MESSAGE_COLUMNS} FROM ${t} b WHERE b.thread_id = a.thread_id ` +
      'AND (b.created_at < a.created_at OR (b.created_at = a.created_at AND b.seq < a.seq)) ' +
      'ORDER BY b.created_at DESC, b.seq DESC LIMIT inc.before) UNION ALL ' +
      `(SELECT ${MESSAGE_COLUMNS} FROM ${t} c WHERE c.thread_id = a.thread_id ` +
      'AND (c.created_at > a.created_at OR (c.created_at = a.created_at AND c.seq > a.seq)) ' +
      'ORDER BY c.created_at ASC, c.seq ASC LIMIT inc.after)) n',
    [
      includes.map((i) => i.id),
      includes.map((i) => count(i.withPreviousMessages)),
      includes.map((i) => count(i.withNextMessages)),
    ],
  );
  return rows.map((r) => decodeMessage(store, t, r));
}

/** The last `query.limit` messages matching `query` from the messages `table`, oldest first. */
export async function lastMessageRows(
  db: SqlExecutor,
  store: string,
  table: string,
  query: LastMessagesQuery,
): Promise<StorageMessage[]> {
  const where = messageConditions(query, query);
  // The (thread_id, created_at, seq) index serves this backwards: cost is in `limit`. A
  // metadata filter is matched here, so it reads further back in keyset-paged batches
  // until `limit` messages match or the thread is exhausted.
  const batch = query.metadata ? Math.max(64, query.limit * 4) : query.limit;
  const out: StorageMessage[] = [];
  let cursor: SqlRow | undefined;
  for (;;) {
    let sql = where.sql;
    let params = where.params;
    if (cursor) {
      const older = '(created_at < ? OR (created_at = ? AND seq < ?))';
      sql = sql ? `${sql} AND ${older}` : `WHERE ${older}`;
      params = [...params, cursor.created_at, cursor.created_at, cursor.seq];
    }
    const rows = await db.all(
      `SELECT ${MESSAGE_COLUMNS} FROM ${table} ${sql} ORDER BY created_at DESC, seq DESC LIMIT ${batch}`,
      params,
    );
    for (const row of rows) {
      const { message } = decodeMessage(store, table, row);
      if (query.metadata && !matchesMessageFilter(message, query)) continue;
      out.push(message);
      if (out.length === query.limit) return out.reverse();
    }
    if (rows.length < batch || !query.metadata) return out.reverse();
    cursor = rows[rows.length - 1];
  }
}
