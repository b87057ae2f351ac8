import { BackgroundTaskError } from './errors.js';
import type { BackgroundTaskStore } from './types.js';

/** A task this manager runs: the version it holds (what its heartbeat compares) and how to stop it. */
export interface Lease {
  version: number;
  controller: AbortController;
  /** The run is moving the record itself (a retry, or its outcome): a renewal missing meanwhile is not a loss. */
  moving: boolean;
}

/**
 * The leases of the tasks one manager runs, and the single heartbeat timer that renews them
 * while any is held.
 */
export class LeaseKeeper {
  readonly #leases = new Map<string, Lease>();
  readonly #store: BackgroundTaskStore;
  readonly #ownerId: string;
  readonly #leaseMs: number;
  readonly #heartbeatMs: number;
  readonly #warn: (what: string, error: unknown) => void;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #renewing = false;

  constructor(
    store: BackgroundTaskStore,
    ownerId: string,
    leaseMs: number,
    heartbeatMs: number,
    warn: (what: string, error: unknown) => void,
  ) {
    this.#store = store;
    this.#ownerId = ownerId;
    this.#leaseMs = leaseMs;
    this.#heartbeatMs = heartbeatMs;
    this.#warn = warn;
  }

  /** True while this manager runs `taskId` (its lease is held here). */
  holds(taskId: string): boolean {
    return this.#leases.has(taskId);
  }

  /** When a lease taken or renewed now passes. */
  end(): Date {
    return new Date(Date.now() + this.#leaseMs);
  }

  /** Start renewing the lease of a task this manager runs (one timer for all of them). */
  hold(taskId: string, lease: Lease): void {
    this.#leases.set(taskId, lease);
    if (this.#heartbeat) return;
    const timer = setInterval(() => void this.#renew(), this.#heartbeatMs);
    timer.unref?.();
    this.#heartbeat = timer;
  }

  /** Stop renewing `lease` (the run ended); the timer stops with the last one. */
  release(taskId: string, lease: Lease): void {
    if (this.#leases.get(taskId) === lease) this.#leases.delete(taskId);
    if (this.#leases.size === 0 && this.#heartbeat) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = undefined;
    }
  }

  /**
   * The heartbeat: renew every held lease. A renewal that misses while the run still holds the
   * version it compared means the task was recovered or taken over elsewhere (this process was
   * cut off from the store past its lease): the run is aborted, its outcome would be dropped.
   */
  async #renew(): Promise<void> {
    if (this.#renewing) return;
    this.#renewing = true;
    try {
      const until = this.end();
      await Promise.all(
        Array.from(this.#leases, async ([taskId, lease]) => {
          const version = lease.version;
          const renewed = await this.#store
            .renewLease(taskId, { owner: this.#ownerId, version }, until)
            .catch((error: unknown) => {
              this.#warn(`renewing the lease of task ${taskId} failed`, error);
              return undefined;
            });
          if (renewed !== null || lease.moving || lease.version !== version) return;
          if (this.#leases.get(taskId) !== lease) return;
          lease.controller.abort(
            new BackgroundTaskError(
              'BACKGROUND_TASK_LEASE_LOST',
              `Background task ${taskId} lost its lease: owner ${this.#ownerId} could not renew it in time and another manager recovered or took it over; this run stops and its outcome is dropped. Keep "heartbeatIntervalMs" well below "leaseMs" and the store reachable.`,
              { details: { taskId, owner: this.#ownerId } },
            ),
          );
        }),
      );
    } finally {
      this.#renewing = false;
    }
  }
}
