/**
 * The output lane's stream hooks (`processOutputStream`): how a chunk goes through the stream
 * processors, in order, on its way to the client. One loop, in two halves:
 *
 * - {@link StreamLane.walk} calls the hooks while they return plain values, synchronously: a
 *   chunk through synchronous hooks costs no promise and no tick;
 * - at the first thenable a hook returns, {@link StreamLane.#awaitHook} (one async frame per
 *   chunk) awaits it and goes on with the hooks after it, awaiting each thenable in turn.
 *
 * Every chunk takes it: the step reader's model chunks, a hook's own writes, tool streams, the
 * run's closing `finish`, a fan-out's chunks, `writer.emit()`. What leaves the lane goes to a
 * sink the caller passes (the chunk path's delivery to the client), called in the same frame, so
 * an async chunk costs the frame's promise and nothing more. A processor workflow's result is a
 * thenable like any other.
 */
import type { ProcessorHookName } from '../errors/processor-error.js';
import type { MessageList } from '../messages/message-list.js';
import type { ChunkType } from '../stream/chunk-types.js';
import { throwIfAborted } from '../util/until-aborted.js';
import { argsForCall, type HookCallNaming, isPromiseLike, NO_TRACING } from './hook-call.js';
import { describe, invalidResult } from './hook-results.js';
import { WRITER_INTERNALS, type WriterInternals } from './writer-internals.js';
import type { RunObserver } from './tracing.js';
import type {
  AgentSignalInput,
  CreatedAgentSignal,
  ProcessOutputStreamArgs,
  Processor,
  ProcessorContext,
  ProcessorState,
  ProcessorStreamWriter,
} from './types.js';

/** Context fields shared by every hook of a processor; `tracingContext` is set per call. */
export type HookBase = Omit<ProcessorContext, 'tracingContext' | 'abortSignal'> & { state: ProcessorState };

/** A processor's `sendSignal`. */
export type SendSignal = (signal: AgentSignalInput) => Promise<CreatedAgentSignal>;

/** What the lane needs of the run it serves (the runner). */
export interface StreamLaneHost {
  /** The `retryCount` hooks see; the lane's reused arguments are rebuilt when it moves. */
  readonly retryCount: number;
  /** The step the hook running now belongs to (errors name it). */
  stepNumber: number | undefined;
  /** The run has settled: `writer.emit()` delivers nothing more. */
  readonly ended: boolean;
  readonly callerSignal: AbortSignal | undefined;
  readonly messageList: MessageList;
  readonly writer: ProcessorStreamWriter;
  /** Where emitted chunks go once the processors after the emitter have seen them. */
  readonly deliver: ((chunk: ChunkType) => Promise<void> | undefined) | undefined;
  contextOf(processor: Processor): HookBase;
  senderOf(processor: Processor): SendSignal;
  attachSignal<T extends object>(args: T): T & { abortSignal: AbortSignal };
  /** What a hook's throw becomes (idempotent: an attributed error passes as it is). */
  failure(error: unknown, processor: Processor, hook: ProcessorHookName): unknown;
  naming(processor: Processor, hook: ProcessorHookName): HookCallNaming;
  /** Spans and the run record; `undefined` when neither is on (hooks are then called directly). */
  readonly observer: RunObserver | undefined;
}

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

/** What becomes of the lane's output for one chunk (the reader's delivery, or the output as is). */
export type LaneSink<R> = (out: LaneOut) => R;

/** The sink of callers that want the lane's output itself. */
export const asIs: LaneSink<LaneOut> = (out) => out;

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

  /**
   * A chunk through the whole lane, its output (the chunk to emit, several when a hook returned
   * an array, `undefined` when it was dropped) handed to `sink`. Returns what `sink` returned,
   * right away when every hook returned a plain value, else a promise of it. `stepNumber` is the
   * step the chunk belongs to (`undefined` for chunks outside steps, e.g. the run's closing
   * `finish`). Throws (synchronously, or by rejecting) what a hook's failure becomes.
   */
  process<R>(
    part: ChunkType,
    streamParts: ChunkType[],
    stepNumber: number | undefined,
    sink: LaneSink<R>,
  ): R | Promise<Awaited<R>> {
    this.#host.stepNumber = stepNumber;
    // A failure from a chunk emitted on a processor's own time (a timer) surfaces here, with the
    // run's next chunk: the emitter had no caller to hand it to.
    const deferred = this.#deferredFailure;
    if (deferred !== undefined) {
      this.#deferredFailure = undefined;
      throw deferred;
    }
    return this.walk(0, part, streamParts, sink);
  }

  /**
   * The lane loop, its synchronous half: `part` through the processors from `start` on while
   * their hooks return plain values. At the first thenable the rest of the walk goes on in
   * {@link #awaitHook}, the one async frame a chunk can cost.
   */
  walk<R>(
    start: number,
    part: ChunkType,
    streamParts: ChunkType[],
    sink: LaneSink<R>,
  ): R | Promise<Awaited<R>> {
    const processors = this.#processors;
    const isData = part.type.startsWith('data-');
    let current = part;
    for (let i = start; i < processors.length; i++) {
      const processor = processors[i] as Processor;
      if (isData && processor.processDataParts !== true) continue;
      const owns = this.#busy[i] !== true;
      const next = this.#call(i, processor, current, streamParts, owns);
      if (isPromiseLike(next)) return this.#awaitHook(i, owns, next, current, streamParts, isData, sink);
      if (owns) this.#busy[i] = false;
      if (next === null || next === undefined) return sink(undefined);
      if (Array.isArray(next)) return this.#fanOut(i, processor, next, current, streamParts, sink);
      this.#checkResult(processor, next, current);
      current = next;
    }
    return sink(current);
  }

  /**
   * The lane loop, its async half: awaits hook `i`'s result, then calls the hooks after it,
   * awaiting each thenable one in turn (a processor workflow's result is one of them).
   */
  async #awaitHook<R>(
    i: number,
    owns: boolean,
    pending: PromiseLike<unknown>,
    current: ChunkType,
    streamParts: ChunkType[],
    isData: boolean,
    sink: LaneSink<R>,
  ): Promise<Awaited<R>> {
    const processors = this.#processors;
    for (;;) {
      const processor = processors[i] as Processor;
      let next: unknown;
      try {
        next = await pending;
      } catch (error) {
        throw this.#host.failure(error, processor, 'processOutputStream');
      } finally {
        if (owns) this.#busy[i] = false;
      }
      if (next === null || next === undefined) return sink(undefined) as Awaited<R>;
      if (Array.isArray(next)) return this.#fanOut(i, processor, next, current, streamParts, sink);
      this.#checkResult(processor, next, current);
      current = next;
      // The hooks after it: called in turn until the next thenable (or the end of the lane).
      let waiting = false;
      while (++i < processors.length) {
        const after = processors[i] as Processor;
        if (isData && after.processDataParts !== true) continue;
        owns = this.#busy[i] !== true;
        const result = this.#call(i, after, current, streamParts, owns);
        if (isPromiseLike(result)) {
          pending = result;
          waiting = true;
          break;
        }
        if (owns) this.#busy[i] = false;
        if (result === null || result === undefined) return sink(undefined) as Awaited<R>;
        if (Array.isArray(result)) return this.#fanOut(i, after, result, current, streamParts, sink);
        this.#checkResult(after, result, current);
        current = result;
      }
      if (!waiting) return sink(current) as Awaited<R>;
    }
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
        return this.#callStreamHook(processor, hookArgs);
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
  async #fanOut<R>(
    index: number,
    processor: Processor,
    chunks: readonly unknown[],
    current: ChunkType,
    streamParts: ChunkType[],
    sink: LaneSink<R>,
  ): Promise<Awaited<R>> {
    for (const chunk of chunks) this.#checkResult(processor, chunk, current);
    const out: ChunkType[] = [];
    for (const chunk of chunks as ChunkType[]) {
      const next = await this.walk(index + 1, chunk, streamParts, asIs);
      if (next === undefined) continue;
      if (Array.isArray(next)) out.push(...next);
      else out.push(next);
    }
    return sink(out.length === 0 ? undefined : out) as Awaited<R>;
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
      const out = await this.walk(index + 1, chunk, [], asIs);
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
