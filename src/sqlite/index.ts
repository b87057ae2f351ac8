/**
 * `sluice/sqlite`: the embedded SQLite store (`SqliteStore`), filled by the memory issue.
 */
export {};
