/**
 * Writes to a usage ledger that survive an outage (issue #31): a record or settlement the ledger
 * cannot take because it is unreachable (`STORE_UNAVAILABLE`) waits in a bounded in-process queue
 * and is replayed, in order, when the ledger answers again — on a retry timer with backoff and
 * before every budget check. Writes are idempotent (records by id, settlements by hold id), so a
 * replay after a write that did land counts once.
 *
 * Limits: the queue lives in this process's memory. Records still queued when the process dies
 * are lost, and when more than `maxPending` writes wait the oldest are dropped (each drop is
 * warned about, rate-limited). A settlement replayed after its hold's TTL finds the hold final:
 * the call stays charged at its reserved estimate.
 */
import { describeError } from '../errors/error-chain.js';
import { SluiceError } from '../errors/sluice-error.js';
import type { UsageHold, UsageLedger, UsageRecord } from './types.js';

/** A write waiting for the ledger. */
export type PendingLedgerWrite =
  | { kind: 'record'; record: UsageRecord }
  | { kind: 'settle'; hold: UsageHold; record: UsageRecord | null };

/** Options of {@link LedgerOutbox}. */
export interface LedgerOutboxOptions {
  /** Most writes kept waiting (default 10 000); past it the oldest are dropped. */
  maxPending?: number;
  /** First retry delay in ms (default 1 000), doubled after each failed replay up to 30 s. */
  retryMs?: number;
  /** Where warnings go, by kind (rate-limited by the caller). */
  warn: (kind: 'ledger-write' | 'ledger-dropped' | 'ledger-replayed', message: string) => void;
}

const MAX_RETRY_MS = 30_000;

/** Is this error "the ledger cannot be reached" (worth a replay), rather than a refused write? */
function isUnavailable(error: unknown): boolean {
  return SluiceError.hasCode(error, 'STORE_UNAVAILABLE');
}

/** The writes of one ledger, with a bounded queue of those that could not be made yet. */
export class LedgerOutbox {
  readonly #ledger: UsageLedger;
  readonly #maxPending: number;
  readonly #retryMs: number;
  readonly #warn: LedgerOutboxOptions['warn'];
  #queue: PendingLedgerWrite[] = [];
  #head = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #delay: number;
  #replaying: Promise<void> | undefined;
  #dropped = 0;

  constructor(ledger: UsageLedger, options: LedgerOutboxOptions) {
    this.#ledger = ledger;
    this.#maxPending = options.maxPending ?? 10_000;
    this.#retryMs = options.retryMs ?? 1_000;
    this.#delay = this.#retryMs;
    this.#warn = options.warn;
  }

  /** Writes waiting for the ledger. */
  get pending(): number {
    return this.#queue.length - this.#head;
  }

  /** Writes dropped because the queue was full, since the outbox was made. */
  get dropped(): number {
    return this.#dropped;
  }

  /**
   * Make one write now; when the ledger is unreachable (`STORE_UNAVAILABLE`), queue it for
   * replay and resolve. Any other failure (a refused write) rejects, for the caller to report.
   */
  async write(write: PendingLedgerWrite): Promise<void> {
    try {
      await this.#apply(write);
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      this.#enqueue(write);
      this.#warn(
        'ledger-write',
        `${this.#ledger.name} is unreachable (${describeError(error)}); usage writes are queued in this process (${this.pending} waiting) and replayed when it answers. Writes still queued when the process exits are lost.`,
      );
      this.#schedule();
    }
  }

  /** Replay the queued writes in order; stops (and retries later) at the first the ledger cannot take. */
  replay(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    this.#replaying ??= this.#drain().finally(() => {
      this.#replaying = undefined;
    });
    return this.#replaying;
  }

  /** Stop the retry timer (queued writes stay queued). */
  close(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async #drain(): Promise<void> {
    let replayed = 0;
    while (this.#head < this.#queue.length) {
      const write = this.#queue[this.#head] as PendingLedgerWrite;
      try {
        await this.#apply(write);
      } catch (error) {
        if (isUnavailable(error)) {
          this.#schedule();
          return;
        }
        this.#warn(
          'ledger-write',
          `${this.#ledger.name} refused a replayed usage write (${describeError(error)}); it is dropped.`,
        );
      }
      this.#head++;
      replayed++;
    }
    this.#queue = [];
    this.#head = 0;
    this.#delay = this.#retryMs;
    if (replayed > 0)
      this.#warn(
        'ledger-replayed',
        `${this.#ledger.name} answers again: ${replayed} queued usage writes replayed.`,
      );
  }

  #apply(write: PendingLedgerWrite): Promise<unknown> {
    if (write.kind === 'record') return Promise.resolve(this.#ledger.record(write.record));
    const settle = this.#ledger.settle;
    if (settle === undefined) return Promise.resolve();
    return Promise.resolve(settle.call(this.#ledger, write.hold, write.record));
  }

  #enqueue(write: PendingLedgerWrite): void {
    this.#queue.push(write);
    if (this.pending <= this.#maxPending) return;
    this.#head++;
    this.#dropped++;
    this.#warn(
      'ledger-dropped',
      `${this.#ledger.name}: more than ${this.#maxPending} usage writes are waiting for it; the oldest was dropped (${this.#dropped} so far). Those calls are missing from the budget.`,
    );
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    const delay = this.#delay;
    this.#delay = Math.min(MAX_RETRY_MS, this.#delay * 2);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.replay();
    }, delay);
    this.#timer.unref?.();
  }
}
