/** Test support for the TokenCostControl tests: a ledger that keeps every record it was given. */
import { InMemoryUsageLedger, type InMemoryUsageLedgerOptions } from '../../../cost/in-memory-ledger.js';
import type { UsageRecord } from '../../../cost/types.js';

/** An {@link InMemoryUsageLedger} that also lists every record written to it, in order. */
export class ListingLedger extends InMemoryUsageLedger {
  readonly records: UsageRecord[] = [];

  constructor(options: InMemoryUsageLedgerOptions = {}) {
    super(options);
  }

  override async record(record: UsageRecord): Promise<void> {
    this.records.push(structuredClone(record));
    await super.record(record);
  }
}

/** A test clock: `now()` for the processor, `set()` / `advance()` to move it. */
export function testClock(start: number): {
  now: () => Date;
  set(ms: number): void;
  advance(ms: number): void;
} {
  let t = start;
  return {
    now: () => new Date(t),
    set: (ms) => {
      t = ms;
    },
    advance: (ms) => {
      t += ms;
    },
  };
}
