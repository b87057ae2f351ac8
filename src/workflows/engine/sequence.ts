/**
 * Running a compiled sequence: synchronously while its steps return plain values; from the first
 * pending result on, either one async frame (`runRest`) or, for a stream chunk's top-level
 * sequence, a staged result the lane loop awaits itself (`SequenceStage`, a `LaneStage`).
 */

import { LaneStage } from '../../pipeline/chunk-cursor.js';
import { isPromiseLike } from '../../pipeline/hook-call.js';
import type { Invocation } from './invocation.js';
import { type Data, type Exec, isPending, Later, type Out } from './later.js';

/** Runs a sequence while its steps return plain values; the first pending one goes to `runRest`. */
export function runFrom(
  execs: readonly Exec[],
  ids: ReadonlyArray<string | undefined>,
  top: boolean,
  data: Data,
  inv: Invocation,
): Out {
  let current = data;
  for (let i = 0; i < execs.length; i++) {
    const out = (execs[i] as Exec)(current, inv);
    if (isPending(out)) {
      // A stream chunk's run goes on in stages the runner's chunk reader awaits itself.
      if (top && inv.chunk) return inv.run.sequenceStage(execs, ids, i, out, inv) as unknown as Data;
      return runRest(execs, ids, top, i, out, inv);
    }
    const id = ids[i];
    if (id !== undefined) inv.record(id, out);
    current = out;
  }
  const tail = top ? inv.tail : undefined;
  return tail === undefined ? current : (tail(current, inv) as Data);
}

/**
 * The rest of a sequence once a step went async: one async frame awaits each pending result
 * (a Later's own promise) in turn, instead of a chain of `.then()` callbacks and wrappers (a
 * closure, a promise and a tick per step).
 */
async function runRest(
  execs: readonly Exec[],
  ids: ReadonlyArray<string | undefined>,
  top: boolean,
  index: number,
  first: Out,
  inv: Invocation,
): Promise<Data> {
  let out = first;
  let current: Data;
  for (let i = index; ; ) {
    // Settle this step's output in place.
    for (;;) {
      if (out instanceof Later) {
        let value: unknown;
        try {
          value = await out.pending;
        } catch (error) {
          out.fail(error);
        }
        out = out.resume(value);
      } else if (isPromiseLike(out)) out = await out;
      else break;
    }
    current = out;
    const id = ids[i];
    if (id !== undefined) inv.record(id, current);
    if (++i >= execs.length) break;
    out = (execs[i] as Exec)(current, inv);
  }
  const tail = top ? inv.tail : undefined;
  return tail === undefined ? current : (tail(current, inv) as Data);
}

/**
 * The rest of a stream chunk's top-level sequence as a staged result: the runner's reader awaits
 * each pending hook result (`pending`) and calls `resume`, which runs on until the next pending
 * one or the end (the lane's final check). One object per chunk that went async, no async frame.
 */
export class SequenceStage extends LaneStage {
  pending!: PromiseLike<unknown>;
  #later: Later | undefined;
  /** Finished: the run may use it for its next chunk. */
  free = false;

  constructor(
    readonly execs: readonly Exec[],
    readonly ids: ReadonlyArray<string | undefined>,
    public index: number,
    out: PromiseLike<Data> | Later,
    public inv: Invocation,
  ) {
    super();
    this.#wait(out);
  }

  rearm(index: number, out: PromiseLike<Data> | Later, inv: Invocation): this {
    this.free = false;
    this.index = index;
    this.inv = inv;
    this.#wait(out);
    return this;
  }

  #wait(out: PromiseLike<Data> | Later): void {
    if (out instanceof Later) {
      this.#later = out;
      this.pending = out.pending;
    } else {
      this.#later = undefined;
      this.pending = out;
    }
  }

  resume(value: unknown): unknown {
    const later = this.#later;
    let out: Out = later === undefined ? (value as Data) : later.resume(value);
    const { execs, ids, inv } = this;
    for (;;) {
      if (isPending(out)) {
        this.#wait(out);
        return this;
      }
      const id = ids[this.index];
      if (id !== undefined) inv.record(id, out);
      if (++this.index >= execs.length) break;
      out = (execs[this.index] as Exec)(out, inv);
    }
    const tail = inv.tail;
    const result = tail === undefined ? out : tail(out, inv);
    this.#later = undefined;
    this.free = true;
    return result;
  }

  fail(error: unknown): never {
    const later = this.#later;
    this.#later = undefined;
    if (later !== undefined) later.fail(error);
    throw error;
  }
}
