import type { FakeResponse } from './types.js';

/** FIFO of scripted responses with an optional fallback for when it runs dry. */
export class ResponseQueue {
  #queue: FakeResponse[] = [];
  #fallback: FakeResponse | undefined;

  constructor(private readonly initialFallback: FakeResponse | undefined) {
    this.#fallback = initialFallback;
  }

  /** Responses not consumed yet. */
  get length(): number {
    return this.#queue.length;
  }

  /** Appends responses in order. */
  push(responses: readonly FakeResponse[]): void {
    this.#queue.push(...responses);
  }

  /** The next queued response, else the fallback, else `undefined` (the caller reports the empty queue). */
  take(): FakeResponse | undefined {
    return this.#queue.shift() ?? this.#fallback;
  }

  /** Replaces the fallback; `undefined` removes it. */
  setFallback(response: FakeResponse | undefined): void {
    this.#fallback = response;
  }

  /** Empties the queue and restores the fallback given at start-up. */
  reset(): void {
    this.#queue = [];
    this.#fallback = this.initialFallback;
  }
}
