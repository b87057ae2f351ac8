import { describeValue } from '../../errors/describe-value.js';
import type {
  ProcessOutputStreamArgs,
  Processor,
  ProcessorState,
  ProcessorStreamWriter,
} from '../../pipeline/types.js';
import type { ChunkType, TextDeltaChunk } from '../../stream/chunk-types.js';
import { isTimerMs, MAX_TIMER_MS } from '../../util/timer-ms.js';
import { withHookDefaults } from '../direct-call/index.js';
import { invalidOptionFor } from '../option-errors.js';

/** Options of {@link BatchPartsProcessor}. */
export interface BatchPartsProcessorOptions {
  /** Text deltas combined into one chunk. Default `5`; `1` batches nothing. */
  batchSize?: number;
  /**
   * Longest time, in milliseconds, a started batch waits for more deltas before it is sent
   * anyway. Default: no limit (a batch waits for `batchSize` deltas or the next flush point).
   */
  maxWaitTime?: number;
  /**
   * `true` (default): any other chunk sends the pending batch first, so order is kept.
   * `false`: other chunks pass straight through while text keeps batching (text can then
   * reach the client after a chunk that followed it); `text-end`, `step-finish`, `finish`,
   * `error`, `abort` and `tripwire` still send the batch first.
   */
  emitOnNonText?: boolean;
}

/** setTimeout's largest delay; anything longer fires at once. */

/** Chunks that always send the pending batch first: they end a text block, a step or the run. */
const ALWAYS_FLUSH: ReadonlySet<string> = new Set([
  'text-end',
  'step-finish',
  'finish',
  'error',
  'abort',
  'tripwire',
]);

/** The text deltas gathered so far, combined. */
interface Batch {
  readonly first: TextDeltaChunk;
  text: string;
  count: number;
  timer?: ReturnType<typeof setTimeout>;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/** What the processor keeps in its per-run `state`. */
interface BatchState extends ProcessorState {
  batch?: Batch;
}

const invalid = invalidOptionFor('BatchPartsProcessor', '"');

/**
 * Combines consecutive `text-delta` chunks of one text block into fewer, larger ones, to cut
 * per-chunk overhead downstream (later processors, the transport, the client's renderer).
 *
 * A batch is sent when it holds `batchSize` deltas, when a delta of another text block
 * arrives, when `maxWaitTime` has passed since it started (through `writer.emit()`), and
 * before any other chunk (see `emitOnNonText`). The combined chunk keeps the first delta's
 * id and envelope. The timer never outlives the run: it is cleared whenever the batch is sent,
 * on `step-finish`/`finish`, and when the run's `abortSignal` fires, and it is `unref()`ed so it
 * never keeps the process alive.
 */
export class BatchPartsProcessor implements Processor<'batch-parts'> {
  /** `'batch-parts'`. */
  readonly id = 'batch-parts' as const;
  /** `'Batch Parts'`. */
  readonly name = 'Batch Parts';
  /** One line for logs and traces. */
  readonly description = 'Combines consecutive text deltas into larger chunks.';

  readonly #batchSize: number;
  readonly #maxWaitTime: number | undefined;
  readonly #emitOnNonText: boolean;
  /** The state of the run that last started a batch: what `flush()` without arguments sends. */
  #lastState: BatchState | undefined;

  /**
   * @throws ConfigurationError `PROCESSOR_INVALID_OPTIONS` when `batchSize` is not an integer
   *   >= 1, `maxWaitTime` is not a positive number of milliseconds, or `emitOnNonText` is not
   *   a boolean.
   */
  constructor(options: BatchPartsProcessorOptions = {}) {
    const { batchSize = 5, maxWaitTime, emitOnNonText = true } = options ?? {};
    if (typeof batchSize !== 'number' || !Number.isSafeInteger(batchSize) || batchSize < 1) {
      throw invalid('batchSize', `must be an integer >= 1 (got ${describeValue(batchSize)}).`);
    }
    if (maxWaitTime !== undefined && !isTimerMs(maxWaitTime)) {
      throw invalid(
        'maxWaitTime',
        `must be a number of milliseconds > 0 and <= ${MAX_TIMER_MS} (got ${describeValue(maxWaitTime)}). Leave it out for no time limit.`,
      );
    }
    if (typeof emitOnNonText !== 'boolean') {
      throw invalid('emitOnNonText', `must be true or false (got ${describeValue(emitOnNonText)}).`);
    }
    this.#batchSize = batchSize;
    this.#maxWaitTime = maxWaitTime;
    this.#emitOnNonText = emitOnNonText;
  }

  /** Gather text deltas; send the batch when full, or before the chunks that end it. */
  async processOutputStream(args: ProcessOutputStreamArgs): Promise<ChunkType | ChunkType[] | null> {
    const { part, state, writer, abortSignal } = withHookDefaults(this, args);
    const batchState = state as BatchState;
    if (part.type === 'text-delta') {
      const batch = batchState.batch;
      if (batch !== undefined && batch.first.payload.id === part.payload.id) {
        batch.text += part.payload.text;
        batch.count++;
        return batch.count >= this.#batchSize ? this.#take(batchState) : null;
      }
      // A new text block: the other block's batch goes first.
      const previous = batch === undefined ? null : this.#take(batchState);
      const started = this.#start(batchState, part, writer, abortSignal);
      if (previous === null) return started;
      return started === null ? previous : [previous, started];
    }
    if (!this.#emitOnNonText && !ALWAYS_FLUSH.has(part.type)) return part;
    const pending = this.#take(batchState);
    return pending === null ? part : [pending, part];
  }

  /**
   * Take the pending batch of a run as one chunk (or `null` when there is none) and clear it,
   * timer included. Pass the run's `state`; without it, the run that last started a batch.
   */
  flush(state?: ProcessorState): TextDeltaChunk | null {
    const target = (state as BatchState | undefined) ?? this.#lastState;
    return target === undefined ? null : this.#take(target);
  }

  #start(
    state: BatchState,
    part: TextDeltaChunk,
    writer: ProcessorStreamWriter | undefined,
    signal: AbortSignal | undefined,
  ): TextDeltaChunk | null {
    if (this.#batchSize === 1) return part;
    const batch: Batch = { first: part, text: part.payload.text, count: 1 };
    state.batch = batch;
    this.#lastState = state;
    const wait = this.#maxWaitTime;
    const emit = writer?.emit;
    // Without emit() a timer could not send anything: the batch waits for the next flush point.
    if (wait === undefined || emit === undefined || signal?.aborted) return null;
    batch.timer = setTimeout(() => {
      if (state.batch !== batch) return;
      const chunk = this.#take(state);
      // The runner reports failures of the chunk's own journey; nothing here can handle them.
      if (chunk !== null) emit.call(writer, chunk).catch(() => undefined);
    }, wait);
    batch.timer.unref?.();
    if (signal !== undefined) {
      // An aborted run sends nothing more: drop the batch and its timer.
      batch.signal = signal;
      batch.onAbort = () => {
        if (state.batch === batch) this.#take(state);
      };
      signal.addEventListener('abort', batch.onAbort, { once: true });
    }
    return null;
  }

  /** The pending batch as one chunk, cleared along with its timer and abort listener. */
  #take(state: BatchState): TextDeltaChunk | null {
    const batch = state.batch;
    if (batch === undefined) return null;
    state.batch = undefined;
    if (this.#lastState === state) this.#lastState = undefined;
    if (batch.timer !== undefined) clearTimeout(batch.timer);
    if (batch.onAbort !== undefined) batch.signal?.removeEventListener('abort', batch.onAbort);
    if (batch.count === 1) return batch.first;
    return { ...batch.first, payload: { ...batch.first.payload, text: batch.text } };
  }
}
