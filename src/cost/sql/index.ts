/**
 * The SQL usage ledger (`SqlUsageLedger`), re-exported by `sluice/sqlite` and `sluice/pg`: usage
 * records in the memory store's database, one table indexed for window totals.
 */
export {
  SqlUsageLedger,
  type SqlUsageLedgerOptions,
} from './sql-usage-ledger.js';
