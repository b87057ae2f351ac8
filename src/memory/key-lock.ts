/**
 * In-process serialisation per key. The working-memory tool reads, merges and writes: two
 * updates of the same scratchpad at once (two tool calls in one step, two calls on one thread)
 * would otherwise both read the old value and the later write would drop the earlier one.
 */
export class KeyLock {
  readonly #tails = new Map<string, Promise<unknown>>();

  /** Run `task` after every task queued for `key` before it has settled; its result is returned. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    // The chain's tail never rejects, so one failed update does not fail the next.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    // Forget the key once nothing is queued behind this task (the map stays small).
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }
}
