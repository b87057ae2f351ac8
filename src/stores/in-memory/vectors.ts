/** The in-memory store's vectors: rows checked and prepared, an index scored, rows deleted by filter. */
import { decodeJson, encodeJson } from '../codec.js';
import { cosine, norm, toFloat64, topMatches } from '../common.js';
import { invalidInput, StorageError } from '../errors.js';
import type { UpsertVectorsInput, VectorFilter, VectorMatch, VectorQuery } from '../types.js';
import type { VectorRecord } from './records.js';

/** The rows of `input` as records, every one checked before any is stored. */
export function prepareVectors(store: string, input: UpsertVectorsInput): VectorRecord[] {
  const prepared: VectorRecord[] = [];
  for (const row of input.rows) {
    if (typeof row.id !== 'string' || row.id === '') {
      throw invalidInput(store, 'upsertVectors', 'every vector row needs a non-empty string `id`.');
    }
    const vector = toFloat64(store, 'upsertVectors', row.vector);
    prepared.push({
      id: row.id,
      vector,
      norm: norm(vector),
      messageId: row.messageId,
      threadId: row.threadId,
      resourceId: row.resourceId,
      metadata: row.metadata === undefined ? undefined : encodeJson(row.metadata),
    });
  }
  return prepared;
}

/** The best matches of `query` among the records of one index. */
export function queryVectorIndex(
  store: string,
  index: ReadonlyMap<string, VectorRecord> | undefined,
  query: VectorQuery,
): VectorMatch[] {
  const vector = toFloat64(store, 'queryVectors', query.vector);
  const qNorm = norm(vector);
  const scored: VectorMatch[] = [];
  for (const record of index?.values() ?? []) {
    if (query.resourceId !== undefined && record.resourceId !== query.resourceId) continue;
    if (query.threadId !== undefined && record.threadId !== query.threadId) continue;
    if (record.vector.length !== vector.length) {
      throw new StorageError(
        'STORE_VECTOR_DIMENSION_MISMATCH',
        `${store}.queryVectors: the query vector has ${vector.length} dimensions but stored vector ` +
          `"${record.id}" has ${record.vector.length}; use the same embedding model for both.`,
        { details: { store: store, rowId: record.id } },
      );
    }
    scored.push({
      id: record.id,
      score: cosine(vector, qNorm, record.vector, record.norm),
      messageId: record.messageId,
      threadId: record.threadId,
      resourceId: record.resourceId,
      metadata:
        record.metadata === undefined ? undefined : (decodeJson(record.metadata) as Record<string, unknown>),
    });
  }
  return topMatches(scored, query.topK, query.threshold);
}

/** Delete the records of `index` matching `filter`. */
export function deleteFromIndex(index: Map<string, VectorRecord>, filter: VectorFilter): void {
  const ids = filter.ids ? new Set(filter.ids) : undefined;
  const messageIds = filter.messageIds ? new Set(filter.messageIds) : undefined;
  for (const [id, v] of index) {
    if (ids && !ids.has(id)) continue;
    if (messageIds && (v.messageId === undefined || !messageIds.has(v.messageId))) continue;
    if (filter.threadId !== undefined && v.threadId !== filter.threadId) continue;
    if (filter.resourceId !== undefined && v.resourceId !== filter.resourceId) continue;
    index.delete(id);
  }
}
