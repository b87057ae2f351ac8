/**
 * Background task records in a SQL memory store's database (`SqliteStore`, `PostgresStore`).
 */
export {
  SqlBackgroundTaskStore,
  type SqlBackgroundTaskStoreOptions,
} from './sql-background-task-store.js';
