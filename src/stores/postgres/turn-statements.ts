/**
 * A turn's store work on PostgreSQL in one round trip each way: the load (thread check or claim,
 * last N messages, working memory) is one statement, and the save (thread touch under its owner,
 * the messages) is one statement too. A single statement is its own transaction, so the save is
 * all or nothing exactly as the `BEGIN … COMMIT` it replaces, and the owner check still happens
 * under the thread row's lock (`ON CONFLICT … DO UPDATE … WHERE` locks the conflicting row even
 * when its condition refuses the update).
 */
import { encodeJson } from '../codec.js';
import { StorageError, threadOwnerMismatch } from '../errors.js';
import type { SqlExecutor, SqlRow, SqlStatementOptions } from '../sql/driver.js';
import { decodeMessage, decodeResource, decodeThread, MESSAGE_COLUMNS, threadRow } from '../sql/sql-rows.js';
import type { SqlTables } from '../sql/sql-store.js';
import { storedMessage } from '../sql/sql-writes.js';
import type { LoadedTurn, LoadTurnQuery, SaveTurnInput, StorageMessage } from '../types.js';

/** Both statements run on every turn with the same text: kept prepared on each connection. */
const EVERY_TURN: SqlStatementOptions = { prepared: true };

/**
 * True when `turn` is the shape a turn's save has (a touched thread, every message in it under
 * its owner, no resource, no id twice), which {@link saveTurnStatement} writes in one statement.
 * Anything else takes the general transaction, which also produces the precise errors.
 */
export function fitsOneStatement(turn: SaveTurnInput): boolean {
  const thread = turn.thread;
  if (!thread || turn.touchThread !== true || turn.resource !== undefined) return false;
  const ids = new Set<string>();
  for (const m of turn.messages) {
    if (m.threadId !== thread.id) return false;
    if (m.resourceId !== undefined && m.resourceId !== thread.resourceId) return false;
    if (ids.has(m.id)) return false;
    ids.add(m.id);
  }
  return true;
}

/** Save a turn that {@link fitsOneStatement} in one statement (one round trip). */
export async function saveTurnStatement(
  db: SqlExecutor,
  store: string,
  tables: SqlTables,
  turn: SaveTurnInput,
): Promise<StorageMessage[]> {
  const thread = turn.thread as NonNullable<SaveTurnInput['thread']>;
  const r = threadRow(thread);
  const ids: string[] = [];
  const roles: string[] = [];
  const types: (string | null)[] = [];
  const times: number[] = [];
  const contents: string[] = [];
  for (const m of turn.messages) {
    ids.push(m.id);
    roles.push(m.role);
    types.push(m.type ?? null);
    times.push(m.createdAt.getTime());
    contents.push(encodeJson(m.content));
  }
  // `owned` reads the thread upsert's RETURNING: a row only when the thread is new or already
  // this resource's. The messages insert depends on it, so another resource's thread gets
  // nothing written, not even `updated_at`. WITH ORDINALITY keeps array order, so `seq` (the
  // tie-break between equal timestamps) follows the order the turn gives.
  const rows = await db.all(
    `WITH owned AS (INSERT INTO ${tables.threads} AS t (id, resource_id, title, metadata, created_at, updated_at) ` +
      'VALUES (?::text, ?::text, ?::text, ?::text, ?::bigint, ?::bigint) ' +
      'ON CONFLICT (id) DO UPDATE SET updated_at = excluded.updated_at WHERE t.resource_id = excluded.resource_id ' +
      'RETURNING resource_id), ' +
      `written AS (INSERT INTO ${tables.messages} (id, thread_id, resource_id, role, type, created_at, content) ` +
      'SELECT x.id, ?::text, ?::text, x.role, x.type, x.created_at, x.content ' +
      'FROM unnest(?::text[], ?::text[], ?::text[], ?::bigint[], ?::text[]) WITH ORDINALITY ' +
      'AS x(id, role, type, created_at, content, ord) WHERE EXISTS (SELECT 1 FROM owned) ORDER BY x.ord ' +
      'ON CONFLICT (id) DO UPDATE SET thread_id = excluded.thread_id, resource_id = excluded.resource_id, ' +
      'role = excluded.role, type = excluded.type, created_at = excluded.created_at, content = excluded.content ' +
      'RETURNING 1) ' +
      'SELECT (SELECT count(*) FROM owned)::int AS owned, (SELECT count(*) FROM written)::int AS written, ' +
      `(SELECT resource_id FROM ${tables.threads} WHERE id = ?::text) AS owner`,
    [
      r.id,
      r.resource_id,
      r.title,
      r.metadata,
      r.created_at,
      r.updated_at,
      thread.id,
      thread.resourceId,
      ids,
      roles,
      types,
      times,
      contents,
      thread.id,
    ],
    EVERY_TURN,
  );
  const result = rows[0];
  if (Number(result?.owned) !== 1) {
    // Someone else's thread: nothing of the turn was written. The owner shown is the one this
    // statement's snapshot saw (absent when a racing claim committed just before it).
    const owner = result?.owner === null || result?.owner === undefined ? undefined : String(result.owner);
    throw threadOwnerMismatch(store, 'saveTurn', thread.id, owner, thread.resourceId);
  }
  return turn.messages.map((m, i) => storedMessage(m, thread.resourceId, contents[i] as string));
}

/**
 * The load statement (parameters in {@link loadTurnStatement}'s order): claim, thread, the
 * owner's last N messages (the `(thread_id, created_at, seq)` index read backwards), resource,
 * the input messages' stored copies (by the unique `id` index).
 */
export function loadTurnSql(tables: SqlTables): string {
  return (
    `WITH claimed AS (INSERT INTO ${tables.threads} (id, resource_id, title, metadata, created_at, updated_at) ` +
    'SELECT ?::text, ?::text, ?::text, ?::text, ?::bigint, ?::bigint WHERE ?::boolean ' +
    'ON CONFLICT (id) DO NOTHING RETURNING id), ' +
    `thread AS (SELECT id, resource_id, title, metadata, created_at, updated_at FROM ${tables.threads} WHERE id = ?::text), ` +
    // Only the owner's rows, and only from the owner's thread: another tenant's thread yields none.
    `history AS (SELECT ${MESSAGE_COLUMNS} FROM ${tables.messages} WHERE thread_id = ?::text AND resource_id = ?::text ` +
    'AND EXISTS (SELECT 1 FROM thread WHERE resource_id = ?::text) ORDER BY created_at DESC, seq DESC LIMIT ?::int) ' +
    'SELECT (SELECT row_to_json(thread) FROM thread) AS thread, EXISTS (SELECT 1 FROM claimed) AS claimed, ' +
    "COALESCE((SELECT json_agg(h ORDER BY h.created_at, h.seq) FROM history h), '[]'::json) AS messages, " +
    `(SELECT row_to_json(r) FROM ${tables.resources} r WHERE ?::boolean AND r.id = ?::text) AS resource, ` +
    // The input messages' ids, looked up in any thread (the input filter tells echoes and forks).
    `(SELECT json_agg(c) FROM (SELECT ${MESSAGE_COLUMNS} FROM ${tables.messages} WHERE id = ANY(?::text[])) c) AS copies`
  );
}

/** How often a claim that lost a race with a concurrent insert is read again (see below). */
const CLAIM_ATTEMPTS = 3;

/** The turn's reads (and the claim of a new thread) in one statement; see {@link LoadTurnQuery}. */
export async function loadTurnStatement(
  db: SqlExecutor,
  store: string,
  tables: SqlTables,
  query: LoadTurnQuery,
): Promise<LoadedTurn> {
  const claim = query.claim ? threadRow(query.claim) : undefined;
  const sql = loadTurnSql(tables);
  const params = [
    query.threadId,
    query.resourceId,
    claim?.title ?? null,
    claim?.metadata ?? null,
    claim?.created_at ?? 0,
    claim?.updated_at ?? 0,
    claim !== undefined,
    query.threadId,
    query.threadId,
    query.resourceId,
    query.resourceId,
    Math.max(0, Math.floor(query.lastMessages)),
    query.resource === true,
    query.resourceId,
    query.messageIds ?? [],
  ];
  for (let attempt = 1; ; attempt++) {
    const row = (await db.all(sql, params, EVERY_TURN))[0] as SqlRow | undefined;
    const threadJson = row?.thread as SqlRow | null | undefined;
    // A claim that conflicted with an insert committed after this statement's snapshot sees
    // neither its own row nor the other one; the next statement's snapshot has it.
    if (claim && !threadJson && row?.claimed !== true) {
      if (attempt < CLAIM_ATTEMPTS) continue;
      throw new StorageError(
        'STORE_QUERY_FAILED',
        `${store}.loadTurn: thread "${query.threadId}" kept changing while it was being claimed; retry the call.`,
        { details: { store, operation: 'loadTurn', threadId: query.threadId } },
      );
    }
    const thread = threadJson ? decodeThread(store, tables.threads, threadJson) : null;
    const history = (row?.messages ?? []) as SqlRow[];
    const resourceJson = row?.resource as SqlRow | null | undefined;
    const copies = (row?.copies ?? []) as SqlRow[];
    return {
      thread,
      messages: history.map((m) => decodeMessage(store, tables.messages, m).message),
      resource: resourceJson ? decodeResource(store, tables.resources, resourceJson) : null,
      ...(query.messageIds
        ? { inputMessages: copies.map((m) => decodeMessage(store, tables.messages, m).message) }
        : {}),
    };
  }
}
