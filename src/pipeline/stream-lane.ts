/**
 * The output lane's stream hooks (`processOutputStream`): how a chunk goes through the stream
 * processors, in order, on its way to the client. One loop (`begin` / `resume`) calls the hooks
 * while they return plain values and stops at the first thenable one returns (or a stage of a
 * processor workflow's staged result, `LaneStage`), handing it to the chunk's driver, which
 * awaits it and resumes the loop with its value. There are two drivers:
 *
 * - the step reader (`agent/run/model-call.ts`), through a `ChunkCursor` (`chunk-cursor.ts`,
 *   the chunk path's one fast-path protocol): the reader awaits hook promises (and a workflow's
 *   stages, `LaneStage`) itself, and the lane then hands the output to the reader's sink (the
 *   delivery), so a model chunk costs no promise or async frame of the lane's own;
 * - everyone else (a hook's own writes, tool streams, the closing `finish`, a fan-out,
 *   `writer.emit()`): `run`, synchronous while the hooks are, then one async
 *   frame over the same steps.
 */
import type { ChunkType } from '../stream/chunk-types.js';
import { throwIfAborted } from '../util/until-aborted.js';
import { LaneStage, settleStage } from './chunk-cursor.js';
import { argsForCall, isPromiseLike, NO_TRACING } from './hook-call.js';
import { describe, invalidResult } from './hook-results.js';
import type { StreamLaneHost } from './stream-lane-host.js';
import type { RunObserver } from './tracing.js';
import type { ProcessOutputStreamArgs, Processor, ProcessorStreamWriter } from './types.js';
import { WRITER_INTERNALS, type WriterInternals } from './writer-internals.js';

type StreamHook = (args: ProcessOutputStreamArgs) => unknown;
/** What leaves the lane for one chunk: a chunk, several, or none (dropped). */
export type LaneOut = ChunkType | ChunkType[] | undefined;

const ignore = (): void => {};

/** `result` once `writes` have settled (their failures belong to whoever awaits them, not here). */
function afterWrites(writes: readonly Promise<unknown>[], result: unknown): Promise<unknown> {
  const settled: Promise<unknown>[] = writes.map((write) => write.then(ignore, ignore));
  settled.push(Promise.resolve(result));
  return Promise.all(settled).then((values) => values[values.length - 1]);
}

/** Where one chunk is in the lane. The reader's is reused chunk after chunk. */
class LaneWalk {
  /** The processor whose result is awaited (or the one to call next). */
  index = 0;
  current: ChunkType | undefined;
  parts: ChunkType[] = [];
  isData = false;
  /** The awaited value is the lane's whole output (a fan-out's), not one hook's result. */
  whole = false;
  /** Out of the lane: an awaited value now is the delivery's (the reader's walk). */
  finished = true;
  /** The awaited hook owns its processor's reused arguments (free them when it settles). */
  ownsArgs = false;
  /** The staged result the walk awaits a stage of (see `LaneStage`). */
  stage: LaneStage | undefined;
  /** What left the lane, once {@link finished}. */
  out: LaneOut;
}

/** The stream processors of one run, and the chunks going through them. */
export class StreamLane {
  readonly #host: StreamLaneHost;
  /**
   * Read once per run (neither changes during one; the run hands its observer over in
   * {@link observe}, before any chunk): the per-hook checks skip a call each.
   */
  #observer: RunObserver | undefined;
  readonly #callerSignal: AbortSignal | undefined;
  readonly #processors: readonly Processor[];
  #args: ProcessOutputStreamArgs[] | undefined;
  #argsRetry = -1;
  /** Processors whose reused arguments a call (maybe still awaited) holds now. */
  readonly #busy: boolean[] = [];
  /** The step reader's walk (one chunk at a time), and where its output goes. */
  readonly #reader = new LaneWalk();
  #readerSink: ((out: LaneOut) => PromiseLike<unknown> | undefined) | undefined;
  #deferredFailure: unknown;
  /** See `WRITER_INTERNALS`: one object per run, shared by the stream processors' writers. */
  readonly #writerInternals: WriterInternals = {
    track: (write) => this.#track(write),
    defer: (error) => {
      this.#deferredFailure ??= error;
    },
  };
  /**
   * Writes started by the stream hook running now (`null`: none yet; `undefined`: no hook is
   * running, e.g. a timer's `emit()`, which has no part to come before).
   */
  #writes: Promise<unknown>[] | null | undefined;

  constructor(host: StreamLaneHost, output: readonly Processor[]) {
    this.#host = host;
    this.#observer = host.observer;
    this.#callerSignal = host.callerSignal;
    this.#processors = output.filter((p) => typeof p.processOutputStream === 'function');
  }

  /** The run's observer (see `HookScope.observe`); set before the run's first chunk. */
  observe(observer: RunObserver | undefined): void {
    this.#observer = observer;
  }

  /** True when no processor will see stream chunks: the loop can skip the per-chunk hook. */
  get empty(): boolean {
    return this.#processors.length === 0;
  }

  /** A failure from a chunk emitted on a processor's own time (a timer), to throw now. */
  #takeDeferred(stepNumber: number | undefined): unknown {
    this.#host.stepNumber = stepNumber;
    const deferred = this.#deferredFailure;
    this.#deferredFailure = undefined;
    return deferred;
  }

  /**
   * A chunk through the whole lane, for any caller but the step reader: the chunk to emit,
   * several (a hook returned an array), or `undefined` when it was dropped; right away when no
   * hook returned a thenable, else a promise of it. `stepNumber` is the step the chunk belongs to
   * (`undefined` for chunks outside steps, e.g. the run's closing `finish`).
   */
  process(
    part: ChunkType,
    streamParts: ChunkType[],
    stepNumber: number | undefined,
  ): LaneOut | Promise<LaneOut> {
    // The emitter of a deferred failure had no caller to hand it to: the run's next chunk fails.
    const deferred = this.#takeDeferred(stepNumber);
    if (deferred !== undefined) return Promise.reject(deferred);
    return this.#run(0, part, streamParts);
  }

  /**
   * The step reader's chunk (`ChunkCursor.start`): through the lane, then to `sink` (the
   * delivery to the client).
   */
  beginChunk(
    part: ChunkType,
    streamParts: ChunkType[],
    stepNumber: number | undefined,
    sink: (out: LaneOut) => PromiseLike<unknown> | undefined,
  ): PromiseLike<unknown> | undefined {
    const deferred = this.#takeDeferred(stepNumber);
    if (deferred !== undefined) throw deferred;
    this.#readerSink = sink;
    const pending = this.#begin(this.#reader, 0, part, streamParts);
    return pending !== undefined ? pending : this.#deliverReader();
  }

  /** `ChunkCursor.resume` of the reader's chunk. */
  resumeChunk(value: unknown): PromiseLike<unknown> | undefined {
    const walk = this.#reader;
    // Out of the lane already: the value was the delivery's, and the chunk is through.
    if (walk.finished) return undefined;
    const pending = this.#resume(walk, value);
    return pending !== undefined ? pending : this.#deliverReader();
  }

  /** `ChunkCursor.fail` of the reader's chunk. */
  failChunk(error: unknown): never {
    return this.#fail(this.#reader, error);
  }

  #deliverReader(): PromiseLike<unknown> | undefined {
    return (this.#readerSink as (out: LaneOut) => PromiseLike<unknown> | undefined)(this.#reader.out);
  }

  /** `part` from processor `start` on: synchronous while hooks are, then one async frame. */
  #run(start: number, part: ChunkType, streamParts: ChunkType[]): LaneOut | Promise<LaneOut> {
    const walk = new LaneWalk();
    const pending = this.#begin(walk, start, part, streamParts);
    return pending === undefined ? walk.out : this.#drive(walk, pending);
  }

  async #drive(walk: LaneWalk, first: PromiseLike<unknown>): Promise<LaneOut> {
    let pending: PromiseLike<unknown> | undefined = first;
    while (pending !== undefined) {
      let value: unknown;
      try {
        value = await pending;
      } catch (error) {
        this.#fail(walk, error);
      }
      pending = this.#resume(walk, value);
    }
    return walk.out;
  }

  /**
   * Start `part` at processor `start`: hooks are called while they return plain values; the
   * first thenable one returns is returned (the driver awaits it and calls `resume`, or
   * `fail`); `undefined` when the walk has finished (`walk.out`).
   */
  #begin(
    walk: LaneWalk,
    start: number,
    part: ChunkType,
    streamParts: ChunkType[],
  ): PromiseLike<unknown> | undefined {
    walk.index = start;
    walk.current = part;
    walk.parts = streamParts;
    walk.isData = part.type.startsWith('data-');
    walk.whole = false;
    walk.finished = false;
    walk.stage = undefined;
    return this.#advance(walk);
  }

  /** The awaited value of `walk`'s pending result; see `begin`. */
  #resume(walk: LaneWalk, value: unknown): PromiseLike<unknown> | undefined {
    if (walk.whole) return this.#finish(walk, value as LaneOut);
    const i = walk.index;
    // A staged result (a workflow): its next stage, until the hook's own result is there.
    let next = value;
    const stage = walk.stage;
    if (stage !== undefined) {
      walk.stage = undefined;
      try {
        next = stage.resume(value);
      } catch (error) {
        return this.#hookFailed(walk, error);
      }
    }
    // A stage may also come after the hook's own writes settled (see `#callStreamHook`).
    if (next instanceof LaneStage) return this.#await(walk, next);
    if (walk.ownsArgs) this.#busy[i] = false;
    const pending = this.#accept(walk, i, next);
    if (pending !== undefined || walk.finished) return pending;
    walk.index = i + 1;
    return this.#advance(walk);
  }

  /** What `walk`'s awaited value rejected with, as the hook's failure (always throws). */
  #fail(walk: LaneWalk, error: unknown): never {
    const stage = walk.stage;
    if (stage !== undefined) {
      walk.stage = undefined;
      // The stage names its own failure (the workflow and step).
      try {
        stage.fail(error);
      } catch (named) {
        error = named;
      }
    }
    // A fan-out's or the delivery's failure is already what the run should see.
    if (walk.whole || walk.finished) {
      walk.finished = true;
      throw error;
    }
    return this.#hookFailed(walk, error);
  }

  #hookFailed(walk: LaneWalk, error: unknown): never {
    walk.finished = true;
    const i = walk.index;
    if (walk.ownsArgs) this.#busy[i] = false;
    throw this.#host.failure(error, this.#processors[i] as Processor, 'processOutputStream');
  }

  /** Await `stage` (its `pending`) for the walk's hook. */
  #await(walk: LaneWalk, stage: LaneStage): PromiseLike<unknown> {
    walk.stage = stage;
    return stage.pending;
  }

  #finish(walk: LaneWalk, out: LaneOut): undefined {
    walk.finished = true;
    walk.out = out;
    return undefined;
  }

  /** The lane loop: calls hooks from `walk.index` on while they return plain values. */
  #advance(walk: LaneWalk): PromiseLike<unknown> | undefined {
    const processors = this.#processors;
    for (let i = walk.index; i < processors.length; i++) {
      const processor = processors[i] as Processor;
      if (walk.isData && processor.processDataParts !== true) continue;
      const owns = this.#busy[i] !== true;
      let next: unknown;
      try {
        next = this.#call(i, processor, walk.current as ChunkType, walk.parts, owns);
      } catch (error) {
        walk.finished = true;
        throw error;
      }
      if (isPromiseLike(next) || next instanceof LaneStage) {
        walk.index = i;
        walk.ownsArgs = owns;
        return next instanceof LaneStage ? this.#await(walk, next) : next;
      }
      if (owns) this.#busy[i] = false;
      const pending = this.#accept(walk, i, next);
      if (pending !== undefined || walk.finished) return pending;
    }
    return this.#finish(walk, walk.current);
  }

  /** A hook's result: continue with it, stop (dropped), or fan out (async). */
  #accept(walk: LaneWalk, i: number, next: unknown): PromiseLike<unknown> | undefined {
    const current = walk.current as ChunkType;
    const processor = this.#processors[i] as Processor;
    if (next === null || next === undefined) return this.#finish(walk, undefined);
    if (Array.isArray(next)) {
      walk.whole = true;
      return this.#fanOut(i, processor, next, current, walk.parts);
    }
    try {
      this.#checkResult(processor, next, current);
    } catch (error) {
      walk.finished = true;
      throw error;
    }
    walk.current = next;
    return undefined;
  }

  /**
   * Calls processor `i`'s stream hook with its reused arguments (its own, when a call overlaps:
   * a hook's own writes or concurrent tool streams), so no hook sees `part` change under it.
   * `owns`: the call takes the reused arguments (whoever settles its result frees them).
   */
  #call(
    i: number,
    processor: Processor,
    current: ChunkType,
    streamParts: ChunkType[],
    owns: boolean,
  ): unknown {
    throwIfAborted(this.#callerSignal);
    const hookArgs = argsForCall(this.#argsOfRun()[i] as ProcessOutputStreamArgs, !owns);
    hookArgs.part = current;
    hookArgs.streamParts = streamParts;
    if (owns) this.#busy[i] = true;
    const observer = this.#observer;
    try {
      return observer === undefined
        ? this.#callStreamHook(processor, hookArgs)
        : this.#observedCall(observer, processor, hookArgs, current);
    } catch (error) {
      if (owns) this.#busy[i] = false;
      throw this.#host.failure(error, processor, 'processOutputStream');
    }
  }

  /**
   * `processOutputStream` observed (tracing or recording on): counted on the processor's one
   * span for the step, never a span per chunk. A staged result settles inside the span's
   * context, so spans its steps start sit under it. Failures are named (and the span told) here.
   */
  #observedCall(
    observer: RunObserver,
    processor: Processor,
    hookArgs: ProcessOutputStreamArgs,
    current: ChunkType,
  ): unknown {
    const stream = observer.streamHook(processor.id, this.#host.stepNumber);
    const fail = (error: unknown): never => {
      const failure = this.#host.failure(error, processor, 'processOutputStream');
      stream.fail(this.#host.naming(processor, 'processOutputStream').thrownOutcome(failure), failure);
      throw failure;
    };
    let next: unknown;
    try {
      next = stream.run(() => {
        hookArgs.tracingContext = stream.tracing;
        const value = this.#callStreamHook(processor, hookArgs);
        return value instanceof LaneStage || isPromiseLike(value) ? settleStage(value) : value;
      });
    } catch (error) {
      return fail(error);
    }
    if (!isPromiseLike(next)) {
      stream.count(current, next);
      return next;
    }
    return Promise.resolve(next).then((value) => {
      stream.count(current, value);
      return value;
    }, fail);
  }

  /**
   * Calls a stream hook. Writes it starts while it runs (an un-awaited `writer.custom()` or
   * `writer.emit()`) must reach the client before the part it returns (a written chunk appears at
   * the point of the call), so its result then waits for them to settle; a hook that writes nothing
   * costs two field swaps.
   */
  #callStreamHook(processor: Processor, hookArgs: ProcessOutputStreamArgs): unknown {
    const outerWrites = this.#writes;
    this.#writes = null;
    let next: unknown;
    let writes: Promise<unknown>[] | null | undefined;
    try {
      next = (processor.processOutputStream as StreamHook).call(processor, hookArgs);
    } finally {
      writes = this.#writes;
      this.#writes = outerWrites;
    }
    return writes === null || writes === undefined ? next : afterWrites(writes, next);
  }

  /** A stream hook's `writer.custom()`/`emit()`: noted when made while a hook runs. */
  #track<T>(write: T): T {
    const writes = this.#writes;
    if (writes === undefined || !isPromiseLike(write)) return write;
    const settled = Promise.resolve(write);
    if (writes === null) this.#writes = [settled];
    else writes.push(settled);
    return write;
  }

  /** A hook returned several chunks: each runs through the rest of the lane, in order. */
  async #fanOut(
    index: number,
    processor: Processor,
    chunks: readonly unknown[],
    current: ChunkType,
    streamParts: ChunkType[],
  ): Promise<ChunkType[] | undefined> {
    for (const chunk of chunks) this.#checkResult(processor, chunk, current);
    const out: ChunkType[] = [];
    for (const chunk of chunks as ChunkType[]) {
      const next = await this.#run(index + 1, chunk, streamParts);
      if (next === undefined) continue;
      if (Array.isArray(next)) out.push(...next);
      else out.push(next);
    }
    return out.length === 0 ? undefined : out;
  }

  #checkResult(
    processor: Processor,
    next: unknown,
    current: ChunkType | undefined,
  ): asserts next is ChunkType {
    if (
      typeof next !== 'object' ||
      next === null ||
      typeof (next as { type?: unknown }).type !== 'string' ||
      (next !== current &&
        (next as ChunkType).type === 'text-delta' &&
        typeof (next as { payload?: { text?: unknown } }).payload?.text !== 'string')
    ) {
      throw invalidResult(
        processor.id,
        'processOutputStream',
        `returned ${describe(next)}. Return the part (or a new chunk, or an array of chunks) to emit it, or null/undefined to drop it.`,
        this.#host.stepNumber,
      );
    }
  }

  /**
   * `writer.emit()` of the stream processor at `index`: the chunk runs through the processors
   * after it and is then delivered to the client. Time-driven output (a batching timer) uses it.
   */
  async #emitFrom(index: number, chunk: ChunkType): Promise<void> {
    const host = this.#host;
    const deliver = host.deliver;
    if (!deliver || host.ended || host.callerSignal?.aborted) return;
    const processor = this.#processors[index] as Processor;
    try {
      this.#checkResult(processor, chunk, undefined);
      const out = await this.#run(index + 1, chunk, []);
      if (out === undefined) return;
      if (Array.isArray(out)) for (const c of out) await deliver(c);
      else await deliver(out);
    } catch (error) {
      // The emitter may be a timer with nobody to tell: the run fails with it at its next chunk.
      this.#deferredFailure ??= error;
      throw error;
    }
  }

  /** The stream hooks' arguments: built once per run (per retry), not per chunk. */
  #argsOfRun(): ProcessOutputStreamArgs[] {
    const host = this.#host;
    if (this.#args && this.#argsRetry === host.retryCount) return this.#args;
    const shared = host.writer;
    this.#args = this.#processors.map((processor, index) =>
      host.attachSignal({
        tracingContext: NO_TRACING,
        ...host.contextOf(processor),
        // Each stream processor's writer can also emit downstream of itself.
        writer: {
          custom: (chunk, options) => this.#track(shared.custom(chunk, options)),
          emit: (chunk: ChunkType) => this.#track(this.#emitFrom(index, chunk)),
          [WRITER_INTERNALS]: this.#writerInternals,
        } as ProcessorStreamWriter,
        sendSignal: host.senderOf(processor),
        part: undefined as unknown as ChunkType,
        streamParts: [],
        messageList: host.messageList,
      }),
    );
    this.#argsRetry = host.retryCount;
    return this.#args;
  }
}
