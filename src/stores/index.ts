/**
 * Storage adapters for memory: the `MemoryStorage` contract, its row types, `StorageError`,
 * and the in-memory store. The SQL stores have their own entry points (`sluice/sqlite`,
 * `sluice/pg`) so their drivers stay optional.
 */
export { decodeJson, encodeJson } from './codec.js';
export { StorageError } from './errors.js';
export { InMemoryStore } from './in-memory/index.js';
export type {
  LastMessagesQuery,
  ListMessagesQuery,
  ListMessagesResult,
  ListThreadsQuery,
  ListThreadsResult,
  LoadedTurn,
  LoadTurnQuery,
  MemoryStorage,
  MessageUpdate,
  ResourceInput,
  SaveTurnInput,
  StorageDateRange,
  StorageInclude,
  StorageMessage,
  StorageMessageFilter,
  StorageMessageInput,
  StorageMessageRole,
  StorageOrderBy,
  StorageResource,
  StorageThread,
  ThreadUpdate,
  UpsertVectorsInput,
  VectorFilter,
  VectorMatch,
  VectorQuery,
  VectorRow,
} from './types.js';
