/**
 * Joining `.parallel()` branches and keying `.branch()` output: message phases join like
 * `Promise.all` of branches each settled on its own ({@link BranchJoin}); the stream phase reuses
 * one join per group per run ({@link StreamJoin}) so a chunk costs no promise per branch.
 */
import { isPromiseLike } from '../../pipeline/hook-call.js';
import type { Invocation } from './invocation.js';
import { type Data, isPending, Later, type Out, quiet, thenable } from './later.js';

/**
 * The stream phase's join of a parallel group, one per group per run (reused chunk after chunk):
 * the chunk reader awaits the first pending branch; the others report through handlers attached
 * at once, so by the time the first has answered they usually have too, and the group finishes
 * without another await per branch. A branch still running then is waited for; a failure is
 * named after its branch, and the others' rejections are handled all along.
 */
export class StreamJoin extends Later {
  readonly #ids: readonly string[];
  #outs: Out[] = [];
  readonly #values: unknown[];
  /** Per branch: 0 waiting, 1 value in, 2 error in. */
  readonly #state: Uint8Array;
  readonly #onValue: Array<(value: unknown) => void>;
  readonly #onError: Array<(error: unknown) => void>;
  #index = 0;
  /** The branch the reader waits on through `#wake` (or -1). */
  #waiting = -1;
  #wake: ((value: unknown) => void) | undefined;
  #wakeError: ((error: unknown) => void) | undefined;
  #inv!: Invocation;
  /** Finished (every branch in): the run may use it for the group's next chunk. */
  free = true;

  constructor(ids: readonly string[]) {
    super(RESOLVED);
    this.#ids = ids;
    const count = ids.length;
    this.#values = new Array(count);
    this.#state = new Uint8Array(count);
    this.#onValue = [];
    this.#onError = [];
    for (let j = 0; j < count; j++) {
      this.#onValue.push((value) => this.#report(j, 1, value));
      this.#onError.push((error) => this.#report(j, 2, error));
    }
  }

  /** The join's own result array for the next chunk (free joins only). */
  slots(count: number): Out[] {
    // Taken from now on: a chunk re-entering the group meanwhile (a hook's own write) gets its own.
    this.free = false;
    if (this.#outs.length !== count) this.#outs = new Array(count);
    return this.#outs;
  }

  start(outs: Out[], inv: Invocation): Out {
    this.#outs = outs;
    this.#inv = inv;
    this.#waiting = -1;
    let first = -1;
    for (let j = 0; j < outs.length; j++) {
      const out = outs[j] as Out;
      if (!isPending(out)) continue;
      if (first === -1) {
        first = j;
        continue;
      }
      this.#state[j] = 0;
      (out instanceof Later ? out.pending : out).then(this.#onValue[j], this.#onError[j]);
    }
    this.#index = first;
    const out = outs[first] as PromiseLike<Data> | Later;
    this.pending = out instanceof Later ? out.pending : out;
    return this;
  }

  #report(j: number, state: 1 | 2, value: unknown): void {
    this.#state[j] = state;
    this.#values[j] = value;
    if (this.#waiting !== j) return;
    this.#waiting = -1;
    if (state === 1) this.#wake?.(value);
    else this.#wakeError?.(value);
  }

  resume(value: unknown): Out {
    this.#take(this.#index, value);
    return this.#next(this.#index + 1);
  }

  /** Branch `j`'s awaited value as its data (a Later settles it); a failure quiets the rest. */
  #take(j: number, value: unknown): void {
    const out = this.#outs[j] as Out;
    try {
      this.#outs[j] = out instanceof Later ? out.resume(value) : (value as Data);
    } catch (error) {
      this.#abandon(j);
      throw error;
    }
  }

  #next(from: number): Out {
    const outs = this.#outs;
    for (let j = from; j < outs.length; j++) {
      const out = outs[j] as Out;
      if (!isPending(out)) continue;
      const state = this.#state[j];
      if (state === 1) {
        this.#take(j, this.#values[j]);
        // Settling went async again (rare): wait for that.
        const again = outs[j] as Out;
        if (isPending(again)) return this.#waitOn(j, again instanceof Later ? again.pending : again);
        continue;
      }
      if (state === 2) {
        this.#index = j;
        this.fail(this.#values[j]);
      }
      // Still running: wait for its handler.
      this.#index = j;
      this.#waiting = j;
      return this.#waitOn(
        j,
        new Promise((resolve, reject) => {
          this.#wake = resolve;
          this.#wakeError = reject;
        }),
      );
    }
    this.free = true;
    return keyed(this.#ids, outs as Data[], this.#inv);
  }

  #waitOn(j: number, pending: PromiseLike<unknown>): this {
    this.#index = j;
    this.pending = pending;
    return this;
  }

  fail(error: unknown): never {
    const j = this.#index;
    this.#abandon(j);
    const out = this.#outs[j];
    if (out instanceof Later) out.fail(error);
    throw error;
  }

  /** After a failure: the branches after `j` keep running; their results have nobody to tell. */
  #abandon(j: number): void {
    this.#waiting = -1;
    for (let k = j + 1; k < this.#outs.length; k++) {
      const out = this.#outs[k] as Out;
      // Those with handlers are handled; a Later still has its step's arguments to release.
      if (out instanceof Later) quiet(thenable(out));
    }
  }
}

const RESOLVED: PromiseLike<unknown> = Promise.resolve();

/**
 * Waits for parallel branches of which some went async, like `Promise.all` of each branch
 * settled on its own (a branch's failure is named after it; the first failure wins; the others
 * still settle, freeing their arguments), without an async wrapper per branch: a Later branch's
 * own promise is watched directly.
 */
export class BranchJoin {
  readonly promise: Promise<Data>;
  readonly #values: unknown[];
  #remaining: number;
  #done = false;
  #resolve!: (data: Data) => void;
  #reject!: (error: unknown) => void;

  constructor(
    readonly ids: readonly string[],
    readonly inv: Invocation,
    outs: readonly Out[],
  ) {
    this.#values = new Array(outs.length);
    this.#remaining = outs.length;
    this.promise = new Promise<Data>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    for (let i = 0; i < outs.length; i++) this.#watch(i, outs[i] as Out);
  }

  #watch(i: number, out: Out): void {
    if (out instanceof Later) out.pending.then(laterFulfilled(this, i, out), laterRejected(this, out));
    else if (isPromiseLike(out)) out.then(branchFulfilled(this, i), branchRejected(this));
    else this.put(i, out);
  }

  /** A Later branch's value: settled by the branch (which may fail or, rarely, go async again). */
  settleLater(i: number, later: Later, value: unknown): void {
    let out: Out;
    try {
      out = later.resume(value);
    } catch (error) {
      this.fail(error);
      return;
    }
    this.#watch(i, out);
  }

  put(i: number, value: unknown): void {
    this.#values[i] = value;
    if (--this.#remaining === 0 && !this.#done) {
      this.#done = true;
      this.#resolve(keyed(this.ids, this.#values as Data[], this.inv));
    }
  }

  fail(error: unknown): void {
    if (this.#done) return;
    this.#done = true;
    this.#reject(error);
  }
}

// Reaction factories (anonymous functions, one pair per async branch).
function laterFulfilled(join: BranchJoin, i: number, later: Later): (value: unknown) => void {
  return (value) => join.settleLater(i, later, value);
}

function laterRejected(join: BranchJoin, later: Later): (error: unknown) => void {
  return (error) => {
    try {
      later.fail(error);
    } catch (failure) {
      join.fail(failure);
    }
  };
}

function branchFulfilled(join: BranchJoin, i: number): (value: unknown) => void {
  return (value) => join.put(i, value);
}

function branchRejected(join: BranchJoin): (error: unknown) => void {
  return (error) => join.fail(error);
}

/** One object shape per id list: a keyed result starts as a copy of it (no shape changes per chunk). */
const KEYED_SHAPE = Symbol('sluice.workflow.keyedShape');

/** Branch outputs keyed by step id (and recorded for `getStepResult`). */
export function keyed(ids: readonly string[], outs: readonly Data[], inv: Invocation): Data {
  let shape = (ids as { [KEYED_SHAPE]?: Data })[KEYED_SHAPE];
  if (shape === undefined) {
    shape = {};
    for (const id of ids) shape[id] = undefined;
    Object.defineProperty(ids, KEYED_SHAPE, { value: shape });
  }
  const result: Data = { ...shape };
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as string;
    result[id] = outs[i];
    inv.record(id, outs[i]);
  }
  return result;
}

/**
 * A pending branch result that comes out recorded and keyed by its step id: the sequence driver
 * awaits the step's own promise, so keying costs no extra await per chunk.
 */
class KeyedLater extends Later {
  constructor(
    readonly inner: Later,
    readonly id: string,
    readonly inv: Invocation,
  ) {
    super(inner.pending);
  }
  resume(value: unknown): Out {
    return keyedOut(this.inner.resume(value), this.id, this.inv);
  }
  fail(error: unknown): never {
    return this.inner.fail(error);
  }
}

/** A branch step's output as `{ [id]: out }` (recorded for `getStepResult`), now or once settled. */
export function keyedOut(out: Out, id: string, inv: Invocation): Out {
  if (out instanceof Later) return new KeyedLater(out, id, inv);
  if (isPromiseLike(out)) return Promise.resolve(out).then((value) => thenable(keyedOut(value, id, inv)));
  if (inv.recordResults) inv.record(id, out);
  return { [id]: out };
}
