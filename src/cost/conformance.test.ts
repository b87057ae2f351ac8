/**
 * The conformance suite's bucketed mode (for ledgers exact only to a time bucket, like Redis):
 * a ledger that files every record at the end of its minute and answers at the end of the
 * query's minute passes it with `bucketMs: 60_000`.
 */

import { InMemoryUsageLedger } from './in-memory-ledger.js';
import { defineUsageLedgerConformance } from './testing/conformance.js';
import type { UsageLedger, UsageQuery, UsageRecord, UsageTotals } from './types.js';

const MINUTE = 60_000;
const bucketEnd = (ms: number) => Math.ceil(ms / MINUTE) * MINUTE;

/** An exact ledger behind minute buckets: the granularity a bucketed ledger has. */
class MinuteBuckets implements UsageLedger {
  readonly name = 'MinuteBuckets';
  readonly #inner: InMemoryUsageLedger;
  readonly #now: () => Date;
  constructor(now: () => Date) {
    this.#inner = new InMemoryUsageLedger({ now, name: this.name });
    this.#now = now;
  }
  record(record: UsageRecord): Promise<void> {
    const at = record?.at instanceof Date ? new Date(bucketEnd(record.at.getTime())) : record?.at;
    return this.#inner.record({ ...record, at } as UsageRecord);
  }
  totals(query: UsageQuery): Promise<UsageTotals> {
    const now = query?.now ?? this.#now();
    const rounded =
      now instanceof Date && !Number.isNaN(now.getTime()) ? new Date(bucketEnd(now.getTime())) : now;
    return this.#inner.totals({ ...query, now: rounded });
  }
}

defineUsageLedgerConformance('minute-bucketed ledger (suite self-test)', async ({ now }) => ({
  ledger: new MinuteBuckets(now),
  bucketMs: MINUTE,
}));
