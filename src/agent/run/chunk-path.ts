/**
 * How a chunk reaches the client — the one answer:
 *
 *   emit(chunk)       the loop's chunks (and tools'): through the output processors when any
 *                     read the stream (`processOutputStream`, an array result fans out in order),
 *                     then `deliver`; straight to `push` when none do.
 *   deliver(chunk)    a chunk that has been through the output processors; a processor's own
 *                     `writer.emit()` lands here too. Structured steps announce partial objects
 *                     before each text delta, through the processors as well.
 *   push(chunk)       the client: the stream buffer, then `onChunk`. Text is recorded for the
 *                     step as it goes out, so text a processor releases late still counts.
 *   pushTerminal()    the run's last chunk (finish, tripwire, abort, error); nothing follows it.
 *   writer.custom()   a processor's or tool's `data-*` chunk: checked, then `emit`.
 *
 * The runner needs the writer and `deliver`, and the path needs the runner: the path is made
 * first and `connect()`ed once the runner exists, before any chunk flows.
 */
import { assertCustomChunk } from '../../errors/invalid-custom-chunk.js';
import { type ChunkCursor, emitCursor } from '../../pipeline/chunk-cursor.js';
import type { ProcessorRunner } from '../../pipeline/runner.js';
import type { ProcessorStreamWriter } from '../../pipeline/types.js';
import type { ChunkBuffer } from '../../stream/chunk-buffer.js';
import type { ChunkType, DataChunkType, FinishChunk } from '../../stream/chunk-types.js';
import type { AgentExecutionOptions } from '../types.js';
import { runCallback } from './callbacks.js';
import type { Emit } from './model-call.js';
import { PartialObjects, withPartialObjects } from './partial-objects.js';
import type { StepRecorder } from './step-recorder.js';

/** One per run: every chunk the client sees went through here. */
export class ChunkPath<OUTPUT = unknown> {
  readonly #buffer: ChunkBuffer<ChunkType<OUTPUT>>;
  readonly #onChunk: AgentExecutionOptions<OUTPUT>['onChunk'];
  readonly #runId: string;
  #runner: ProcessorRunner | undefined;
  /**
   * Set once the terminal chunk is out: nothing may follow it, not even from a run body that an
   * abort abandoned mid-hook.
   */
  #ended = false;
  /** The step being read: text is recorded as it is finally emitted, after output processors. */
  #reading: StepRecorder | undefined;
  /** Output processors see the step's chunks: a tool call may leave them changed. */
  #processed = false;
  /** Structured steps with output processors: partial objects follow the processed text. */
  #partial: PartialObjects | undefined;
  /** The step's chunks so far, as output processors receive them (`streamParts`). */
  #streamParts: ChunkType[] = [];
  /** The step chunks belong to now; `undefined` outside steps. */
  #step: number | undefined;
  #emit: Emit;
  /** What processors (and tools) receive as `writer`. */
  readonly writer: ProcessorStreamWriter;

  constructor(
    buffer: ChunkBuffer<ChunkType<OUTPUT>>,
    onChunk: AgentExecutionOptions<OUTPUT>['onChunk'],
    runId: string,
  ) {
    this.#buffer = buffer;
    this.#onChunk = onChunk;
    this.#runId = runId;
    this.#emit = this.push;
    this.writer = {
      custom: async (chunk: DataChunkType): Promise<void> => {
        // A write that outlives the run (an un-awaited custom() call) has nowhere to go.
        if (this.#ended) return;
        assertCustomChunk(chunk);
        await this.#emit(chunk);
      },
    } as ProcessorStreamWriter;
  }

  /** The runner is known: from now on chunks take the output-processor path when it has one. */
  connect(runner: ProcessorRunner): void {
    this.#runner = runner;
    this.#emit = runner.passesChunksThrough ? this.push : this.#process;
  }

  /** The loop's (and tools') way out for a chunk; chosen once, at `connect()`. */
  get emit(): Emit {
    return this.#emit;
  }

  /** Chunks that reached the client so far. */
  get delivered(): readonly ChunkType<OUTPUT>[] {
    return this.#buffer.chunks;
  }

  /**
   * To the client. Returns undefined when nothing needs awaiting (no `onChunk`), so the hot
   * path awaits nothing.
   */
  readonly push = (chunk: ChunkType): Promise<void> | undefined => {
    if (this.#ended) return undefined;
    const reading = this.#reading;
    if (reading !== undefined) {
      // The step records what the client gets: text, reasoning and tool calls as they go out.
      if (chunk.type === 'text-delta') reading.acceptTextDelta(chunk.payload.id, chunk.payload.text);
      else if (chunk.type === 'reasoning-delta') reading.acceptReasoningDelta(chunk);
      else if (this.#processed && (chunk.type === 'tool-call' || chunk.type === 'tool-call-delta'))
        reading.acceptToolInput(chunk);
    }
    this.#buffer.push(chunk as ChunkType<OUTPUT>);
    const onChunk = this.#onChunk;
    return onChunk ? runCallback('onChunk', () => onChunk(chunk as ChunkType<OUTPUT>)) : undefined;
  };

  /** The last chunk of the run (finish, tripwire, abort or error). */
  pushTerminal(chunk: ChunkType): Promise<void> | undefined {
    if (this.#ended) return undefined;
    this.#ended = true;
    this.#buffer.push(chunk as ChunkType<OUTPUT>);
    const onChunk = this.#onChunk;
    return onChunk ? runCallback('onChunk', () => onChunk(chunk as ChunkType<OUTPUT>)) : undefined;
  }

  /**
   * A chunk that has been through the output processors goes to the client. Returns undefined
   * when nothing needs awaiting.
   */
  readonly deliver = (out: ChunkType): Promise<void> | undefined => {
    const partial = this.#partial;
    if (partial !== undefined && out.type === 'text-delta') return this.#deliverAfterObject(partial, out);
    return this.push(out);
  };

  async #deliverAfterObject(partial: PartialObjects, out: ChunkType & { type: 'text-delta' }): Promise<void> {
    const object = partial.next(out.payload.text);
    if (object) {
      this.#streamParts.push(object);
      const processed = await this.#lanes().processOutputStream(object, this.#streamParts, this.#step);
      if (processed) await this.#pushEach(processed);
    }
    await this.push(out);
  }

  /** The output-processor path: the chunk (or each chunk a processor made of it), in order. */
  readonly #process = (chunk: ChunkType): Promise<void> | undefined => {
    this.#streamParts.push(chunk);
    let out: ChunkType | ChunkType[] | undefined | Promise<ChunkType | ChunkType[] | undefined>;
    try {
      out = this.#lanes().processOutputStream(chunk, this.#streamParts, this.#step);
    } catch (error) {
      // An emitter's failure is a rejection, never a synchronous throw.
      return Promise.reject(error);
    }
    return out instanceof Promise ? out.then(this.#deliverOut) : this.#deliverOut(out);
  };

  readonly #deliverOut = (out: ChunkType | ChunkType[] | undefined): Promise<void> | undefined => {
    if (out === undefined) return undefined;
    // A processor turned the chunk into several: each is delivered in order.
    return Array.isArray(out) ? this.#deliverEach(out) : this.deliver(out);
  };

  async #deliverEach(out: readonly ChunkType[]): Promise<void> {
    for (const each of out) await this.deliver(each);
  }

  /** The step reader's cursor on the output-processor path (made on the first such step). */
  #laneCursor: ChunkCursor | undefined;

  #makeLaneCursor(): ChunkCursor {
    const lane = this.#lanes().stream;
    return {
      start: (chunk) => {
        this.#streamParts.push(chunk);
        return lane.beginChunk(chunk, this.#streamParts, this.#step, this.#deliverOut);
      },
      resume: (value) => lane.resumeChunk(value),
      fail: (error) => lane.failChunk(error),
    };
  }

  async #pushEach(out: ChunkType | ChunkType[]): Promise<void> {
    if (!Array.isArray(out)) return this.push(out);
    for (const chunk of out) await this.push(chunk);
  }

  #lanes(): ProcessorRunner {
    return this.#runner as ProcessorRunner;
  }

  /** A step (or a replay of it) begins: its chunks start a new `streamParts`. */
  startStep(stepNumber: number): void {
    this.#streamParts = [];
    this.#reading = undefined;
    this.#partial = undefined;
    this.#step = stepNumber;
  }

  /**
   * The step's model output starts flowing: its text is recorded into `recorder` as it leaves
   * the processors (until `stopReading()`), and a structured step announces partial objects.
   * Returns the cursor the step's chunks take.
   */
  startReading(recorder: StepRecorder, structured: boolean): ChunkCursor {
    const direct = this.#runner?.passesChunksThrough !== false;
    this.#processed = !direct;
    this.#partial = structured && !direct ? new PartialObjects(this.#runId) : undefined;
    this.#reading = recorder;
    if (!direct) {
      this.#laneCursor ??= this.#makeLaneCursor();
      return this.#laneCursor;
    }
    if (structured) return emitCursor(withPartialObjects(this.push, this.#runId));
    this.#pushCursor ??= emitCursor(this.push);
    return this.#pushCursor;
  }
  #pushCursor: ChunkCursor | undefined;

  /** The step's text is settled (or its attempt rolled back): later text is not its own. */
  stopReading(): void {
    this.#reading = undefined;
    this.#partial = undefined;
  }

  /** A rolled-back attempt's text is no longer recorded (partial objects are left as they are). */
  dropRecorder(): void {
    this.#reading = undefined;
  }

  /** The steps are over; chunks from here on (processOutputResult's writes, finish) belong to none. */
  endSteps(): void {
    this.#step = undefined;
  }

  /**
   * Output processors see the run's closing `finish` chunk too (a stream accumulator reports on
   * it). They may replace it; it cannot be dropped, since clients need a terminal chunk. Chunks
   * a processor releases beside it go out before it.
   */
  async processFinish(chunk: FinishChunk): Promise<FinishChunk> {
    const runner = this.#lanes();
    if (runner.passesChunksThrough) return chunk;
    this.#streamParts.push(chunk);
    const processed = await runner.processOutputStream(chunk, this.#streamParts, this.#step);
    if (Array.isArray(processed)) {
      for (const each of processed) {
        if (each.type === 'finish') chunk = each;
        else await this.push(each);
      }
    } else if (processed?.type === 'finish') chunk = processed;
    return chunk;
  }

  /** No more chunks: readers see the end of the stream. */
  close(): void {
    this.#buffer.close();
  }
}
