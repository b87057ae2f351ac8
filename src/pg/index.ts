/**
 * `sluice/pg`: the PostgreSQL store (`PostgresStore`), filled by the memory issue.
 */
export {};
