/** Test support for the TokenCostControl tests: a ledger that keeps every record it was given. */
import { InMemoryUsageLedger, type InMemoryUsageLedgerOptions } from '../../../cost/in-memory-ledger.js';
import type { UsageHold, UsageRecord, UsageSettleOutcome } from '../../../cost/types.js';

/**
 * An {@link InMemoryUsageLedger} that also lists every record written to it, in order: recorded
 * calls, and calls that settled a reservation (with the record they settled it to).
 */
export class ListingLedger extends InMemoryUsageLedger {
  readonly records: UsageRecord[] = [];

  constructor(options: InMemoryUsageLedgerOptions = {}) {
    super(options);
  }

  override async record(record: UsageRecord): Promise<void> {
    this.records.push(structuredClone(record));
    await super.record(record);
  }

  override async settle(hold: UsageHold, record: UsageRecord | null): Promise<UsageSettleOutcome> {
    const outcome = await super.settle(hold, record);
    if (outcome === 'settled' && record !== null) this.records.push(structuredClone(record));
    return outcome;
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
