/**
 * The vector statements of the SQL stores: embeddings stored as float64 little-endian bytes and
 * scored by cosine similarity here, after the indexed filters.
 */
import { encodeJson } from '../codec.js';
import { bytesToVector, cosine, norm, toFloat64, topMatches, vectorToBytes } from '../common.js';
import { corruptRow, invalidInput, StorageError } from '../errors.js';
import type { UpsertVectorsInput, VectorFilter, VectorMatch, VectorQuery } from '../types.js';
import type { SqlExecutor } from './driver.js';
import { decodeObject, IN_CHUNK, placeholders } from './sql-rows.js';

/** The parameters of each row to upsert, checked before any statement runs. */
export function vectorParams(store: string, input: UpsertVectorsInput): unknown[][] {
  const indexName = input.indexName ?? 'default';
  if (!Array.isArray(input.rows)) throw invalidInput(store, 'upsertVectors', 'pass `rows` as an array.');
  return input.rows.map((row) => {
    if (typeof row.id !== 'string' || row.id === '') {
      throw invalidInput(store, 'upsertVectors', 'every vector row needs a non-empty string `id`.');
    }
    const vector = toFloat64(store, 'upsertVectors', row.vector);
    return [
      indexName,
      row.id,
      row.messageId ?? null,
      row.threadId ?? null,
      row.resourceId ?? null,
      vector.length,
      vectorToBytes(vector),
      norm(vector),
      row.metadata === undefined ? null : encodeJson(row.metadata),
    ];
  });
}

const UPSERT_VECTOR_COLUMNS =
  '(index_name, id, message_id, thread_id, resource_id, dims, embedding, norm, metadata)';
const UPSERT_VECTOR_CONFLICT =
  ' ON CONFLICT (index_name, id) DO UPDATE SET ' +
  'message_id = excluded.message_id, thread_id = excluded.thread_id, resource_id = excluded.resource_id, ' +
  'dims = excluded.dims, embedding = excluded.embedding, norm = excluded.norm, metadata = excluded.metadata';
const VECTOR_ROW = '(?, ?, ?, ?, ?, ?, ?, ?, ?)';

/** Insert or replace each prepared row of the vectors `table`. */
export async function upsertVectorRows(tx: SqlExecutor, table: string, prepared: unknown[][]): Promise<void> {
  for (const params of prepared) {
    await tx.run(
      `INSERT INTO ${table} ${UPSERT_VECTOR_COLUMNS} VALUES ${VECTOR_ROW}${UPSERT_VECTOR_CONFLICT}`,
      params,
    );
  }
}

/**
 * True when `prepared` can be upserted by one multi-row statement (atomic on its own, one round
 * trip): few enough rows for the parameter limit, and no `(index, id)` twice (an upsert may not
 * touch one row twice in a statement).
 */
export function fitsOneVectorStatement(prepared: readonly unknown[][]): boolean {
  if (prepared.length > IN_CHUNK) return false;
  const ids = new Set<unknown>();
  for (const params of prepared) {
    if (ids.has(params[1])) return false;
    ids.add(params[1]);
  }
  return true;
}

/** Insert or replace every prepared row in one statement (see {@link fitsOneVectorStatement}). */
export async function upsertVectorStatement(
  db: SqlExecutor,
  table: string,
  prepared: unknown[][],
): Promise<void> {
  await db.run(
    `INSERT INTO ${table} ${UPSERT_VECTOR_COLUMNS} VALUES ${prepared.map(() => VECTOR_ROW).join(', ')}${UPSERT_VECTOR_CONFLICT}`,
    prepared.flat(),
  );
}

/** The best matches of `query.vector` (already checked: `vector`, its norm `qNorm`) in `table`. */
export async function queryVectorRows(
  db: SqlExecutor,
  store: string,
  table: string,
  query: VectorQuery,
  vector: Float64Array,
  qNorm: number,
): Promise<VectorMatch[]> {
  const clauses = ['index_name = ?'];
  const params: unknown[] = [query.indexName ?? 'default'];
  if (query.resourceId !== undefined) {
    clauses.push('resource_id = ?');
    params.push(query.resourceId);
  }
  if (query.threadId !== undefined) {
    clauses.push('thread_id = ?');
    params.push(query.threadId);
  }
  const rows = await db.all(
    `SELECT id, message_id, thread_id, resource_id, dims, embedding, norm, metadata FROM ${table} WHERE ${clauses.join(' AND ')}`,
    params,
  );
  const scored: VectorMatch[] = [];
  for (const row of rows) {
    const id = String(row.id);
    const stored = row.embedding instanceof Uint8Array ? bytesToVector(row.embedding) : null;
    if (!stored || stored.length !== Number(row.dims)) {
      throw corruptRow(store, table, id, 'embedding', 'not a float64 vector of `dims` entries');
    }
    if (stored.length !== vector.length) {
      throw new StorageError(
        'STORE_VECTOR_DIMENSION_MISMATCH',
        `${store}.queryVectors: the query vector has ${vector.length} dimensions but stored vector ` +
          `"${id}" has ${stored.length}; use the same embedding model for both.`,
        { details: { store, rowId: id } },
      );
    }
    const match: VectorMatch = { id, score: cosine(vector, qNorm, stored, Number(row.norm)) };
    if (row.message_id !== null) match.messageId = String(row.message_id);
    if (row.thread_id !== null) match.threadId = String(row.thread_id);
    if (row.resource_id !== null) match.resourceId = String(row.resource_id);
    if (row.metadata !== null) match.metadata = decodeObject(store, table, id, 'metadata', row.metadata);
    scored.push(match);
  }
  return topMatches(scored, query.topK, query.threshold);
}

/** Delete the rows of `table` matching `filter` (an empty id list deletes nothing). */
export async function deleteVectorRows(db: SqlExecutor, table: string, filter: VectorFilter): Promise<void> {
  const clauses = ['index_name = ?'];
  const params: unknown[] = [filter.indexName ?? 'default'];
  if (filter.threadId !== undefined) {
    clauses.push('thread_id = ?');
    params.push(filter.threadId);
  }
  if (filter.resourceId !== undefined) {
    clauses.push('resource_id = ?');
    params.push(filter.resourceId);
  }
  if (filter.ids) {
    if (filter.ids.length === 0) return;
    clauses.push(`id IN (${placeholders(filter.ids.length)})`);
    params.push(...filter.ids);
  }
  if (filter.messageIds) {
    if (filter.messageIds.length === 0) return;
    clauses.push(`message_id IN (${placeholders(filter.messageIds.length)})`);
    params.push(...filter.messageIds);
  }
  await db.run(`DELETE FROM ${table} WHERE ${clauses.join(' AND ')}`, params);
}
