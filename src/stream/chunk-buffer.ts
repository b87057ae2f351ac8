import { SluiceError } from '../errors/sluice-error.js';

/** How many chunks of a log wake a parked reader at once (a microtask), not at the next turn. */
const EAGER_CHUNKS = 8;

/**
 * Chunk kinds nothing reads back from the log once they are delivered: the run's own readers of
 * the log (memory's data parts, structured output, a step's released chunks) look at step
 * boundaries, `data-*` and `object-result`, and at the bulk kinds of the current step only.
 */
const RELEASABLE = new Set([
  'text-delta',
  'reasoning-delta',
  'tool-call-delta',
  'object',
  'raw',
  'tool-output',
]);

/** What a released slot holds: one shared object, so the log keeps its indices but not the chunks. */
const RELEASED = Object.freeze({ type: 'released' });

/**
 * An append-only chunk log that any number of readers can stream from, each from the start.
 *
 * Why not `ReadableStream.tee()`: the producer must never wait for a consumer (result promises
 * settle whether or not anyone reads), readers may attach late, and `tee` copies per branch.
 * Here a push is an array append plus, only when a reader is parked, one callback.
 */
export class ChunkBuffer<T> {
  readonly #chunks: T[] = [];
  #closed = false;
  #waiters: Array<() => void> = [];
  #wakeScheduled = false;
  /** Streams handed out and not yet cancelled. */
  #open = 0;
  /** `false`: one reader, and what it has passed is released at step boundaries. */
  readonly #replay: boolean;
  /** Streams handed out so far (only counted without replay). */
  #taken = 0;
  /** Without replay: how far the one reader has read, and how far the log has been released. */
  #readTo = 0;
  #releasedTo = 0;
  /** Without replay: the one reader left early, so nothing it has not read is needed either. */
  #readerGone = false;

  constructor(options: { replay?: boolean } = {}) {
    this.#replay = options.replay !== false;
  }

  /**
   * Called once when the last open stream is cancelled (a `for await` left early, `cancel()`)
   * while the log is still open: nobody is reading any more.
   */
  onAbandoned: (() => void) | undefined;

  /** Chunks pushed so far (live array; do not mutate). */
  get chunks(): readonly T[] {
    return this.#chunks;
  }

  get closed(): boolean {
    return this.#closed;
  }

  push(chunk: T): void {
    if (this.#closed) return;
    if (!this.#replay && (chunk as { type?: unknown }).type === 'step-start') this.#release();
    this.#chunks.push(chunk);
    if (this.#waiters.length > 0 && !this.#wakeScheduled) {
      this.#wakeScheduled = true;
      // The first chunks of a run wake a parked reader at once (a microtask): with a fast
      // provider the whole run may fit in one turn, and the reader would see nothing until it
      // ended. After that, wake-ups are coalesced: once per turn of the event loop, the reader
      // taking every chunk pushed meanwhile instead of one promise round-trip per chunk.
      if (this.#chunks.length <= EAGER_CHUNKS) queueMicrotask(this.#scheduledWake);
      else setImmediate(this.#scheduledWake);
    }
  }

  readonly #scheduledWake = (): void => {
    this.#wakeScheduled = false;
    this.#wake();
  };

  /**
   * A new step begins: the earlier steps' bulk chunks the reader has passed are dropped. The
   * step that just ended has settled by now, so only boundaries and data parts are read back.
   */
  #release(): void {
    const chunks = this.#chunks as unknown[];
    const end = this.#readerGone ? chunks.length : Math.min(this.#readTo, chunks.length);
    for (let i = this.#releasedTo; i < end; i++) {
      if (RELEASABLE.has((chunks[i] as { type: string }).type)) chunks[i] = RELEASED;
    }
    this.#releasedTo = end;
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#wake();
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  /**
   * A new stream over every chunk, past and future, optionally mapped/filtered (undefined = skip).
   *
   * `for await` on the returned stream takes a direct path over the log (one resolved promise
   * per chunk, no stream queue); `getReader()`, `pipeTo()` and `tee()` use the standard path.
   */
  stream<U = T>(map?: (chunk: T) => U | undefined): ReadableStream<U> & AsyncIterable<U> {
    if (!this.#replay && this.#taken++ > 0)
      throw new SluiceError(
        'STREAM_NOT_REPLAYABLE',
        'This output was started with replayBuffer: false, so its chunks can be read once and a stream was already taken from it (fullStream, textStream, objectStream or toUIMessageStream()). Take one stream and derive what you need from it, or leave replayBuffer unset.',
      );
    let index = 0;
    this.#open++;
    let left = false;
    const leave = (): void => {
      if (left) return;
      left = true;
      this.#readerGone = true;
      if (--this.#open === 0 && !this.#closed) this.onAbandoned?.();
    };
    const stream = new ReadableStream<U>(
      {
        pull: (controller) => {
          const drain = (): boolean => {
            const chunks = this.#chunks;
            let enqueued = false;
            // Hand over everything available in one pull: fewer promise round-trips per chunk.
            while (index < chunks.length) {
              const chunk = chunks[index++] as T;
              const value = map ? map(chunk) : (chunk as unknown as U);
              if (value !== undefined) {
                controller.enqueue(value);
                enqueued = true;
              }
            }
            this.#readTo = index;
            if (this.#closed) {
              controller.close();
              return true;
            }
            return enqueued;
          };
          if (drain()) return;
          return new Promise<void>((resolve) => {
            const retry = () => {
              if (drain()) resolve();
              else this.#waiters.push(retry);
            };
            this.#waiters.push(retry);
          });
        },
        cancel: leave,
      },
      { highWaterMark: 0 },
    );
    const iterate = (): AsyncIterableIterator<U> => this.#iterate(map, leave);
    Object.defineProperty(stream, Symbol.asyncIterator, { value: iterate });
    Object.defineProperty(stream, 'values', { value: iterate });
    // Async-iterable whatever lib the caller compiles with (the DOM lib's stream is not, in TS 5.9).
    return stream as ReadableStream<U> & AsyncIterable<U>;
  }

  #iterate<U>(map: ((chunk: T) => U | undefined) | undefined, leave: () => void): AsyncIterableIterator<U> {
    let index = 0;
    let done = false;
    const next = (): Promise<IteratorResult<U>> => {
      const chunks = this.#chunks;
      while (!done && index < chunks.length) {
        const chunk = chunks[index++] as T;
        const value = map ? map(chunk) : (chunk as unknown as U);
        this.#readTo = index;
        if (value !== undefined) return Promise.resolve({ value, done: false });
      }
      if (done || this.#closed) {
        done = true;
        return Promise.resolve({ value: undefined, done: true });
      }
      return new Promise((resolve) => {
        this.#waiters.push(() => resolve(next()));
      });
    };
    const iterator: AsyncIterableIterator<U> = {
      next,
      return: (value?: unknown) => {
        // Left early (break, throw in the loop body): this reader is gone.
        if (!done) leave();
        done = true;
        return Promise.resolve({ value: value as U, done: true });
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }
}
