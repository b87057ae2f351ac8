/**
 * Running a compiled sequence: synchronously while its steps return plain values; from the first
 * pending result on, one async frame (`runRest`), whose promise the stream lane awaits like any
 * hook's.
 */
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
    if (isPending(out)) return runRest(execs, ids, top, i, out, inv);
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
        out = out.settle(value);
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
