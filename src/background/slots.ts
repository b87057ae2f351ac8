import type { BackgroundTaskRecord } from './types.js';

/** A task waiting for a slot. */
export interface Waiting {
  taskId: string;
  agentId: string | undefined;
  start(): void;
  /** Settle without ever starting (the manager is closing with `cancelRunning`). */
  drop(final: BackgroundTaskRecord): void;
}

/**
 * A manager's concurrency: slots in use overall and per agent, and the FIFO line of tasks
 * waiting for one. A freed slot goes to the first waiting task that fits.
 */
export class Slots {
  readonly #concurrency: number;
  readonly #perAgent: number;
  readonly #activeByAgent = new Map<string, number>();
  readonly #waiting: Waiting[] = [];
  #active = 0;
  #stopping = false;

  constructor(concurrency: number, perAgent: number) {
    this.#concurrency = concurrency;
    this.#perAgent = perAgent;
  }

  /** Set by `close({ cancelRunning: true })`: no task starts any more. */
  get stopping(): boolean {
    return this.#stopping;
  }

  /** How many tasks wait for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** True when a task of `agentId` may start now. */
  free(agentId: string | undefined): boolean {
    if (this.#active >= this.#concurrency) return false;
    return agentId === undefined || (this.#activeByAgent.get(agentId) ?? 0) < this.#perAgent;
  }

  /** The limit that keeps a task of `agentId` from starting, for an error message. */
  describeLimit(agentId: string | undefined): string {
    const agentActive = agentId === undefined ? 0 : (this.#activeByAgent.get(agentId) ?? 0);
    return agentActive >= this.#perAgent
      ? `perAgentConcurrency ${this.#perAgent} for agent "${agentId}"`
      : `concurrency ${this.#concurrency}`;
  }

  /** Take a slot for a task of `agentId`. */
  take(agentId: string | undefined): void {
    this.#active++;
    if (agentId !== undefined) this.#activeByAgent.set(agentId, (this.#activeByAgent.get(agentId) ?? 0) + 1);
  }

  /** Give a slot back and start the waiting tasks that now fit (none once stopping). */
  release(agentId: string | undefined): void {
    this.#active--;
    if (agentId !== undefined) {
      const left = (this.#activeByAgent.get(agentId) ?? 1) - 1;
      if (left <= 0) this.#activeByAgent.delete(agentId);
      else this.#activeByAgent.set(agentId, left);
    }
    for (let i = 0; i < this.#waiting.length && this.#active < this.#concurrency && !this.#stopping; ) {
      const next = this.#waiting[i] as Waiting;
      if (this.free(next.agentId)) {
        this.#waiting.splice(i, 1);
        next.start();
      } else i++;
    }
  }

  /** Queue a task until a slot frees. */
  wait(entry: Waiting): void {
    this.#waiting.push(entry);
  }

  /** Start nothing more; hands back the tasks that were waiting. */
  stop(): Waiting[] {
    this.#stopping = true;
    return this.#waiting.splice(0);
  }
}
