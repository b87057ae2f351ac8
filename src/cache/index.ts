/**
 * `sluice/cache`: filled by a later issue. Importing it today is valid and exports nothing.
 */
export {};
