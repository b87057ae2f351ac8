/**
 * Where two run records of the same conversation part ways: the first hook invocation whose
 * outcome, tripwire, error, message changes or chunk counts differ, and the differing field.
 *
 * Two runs of the same code never share timings or ids (run id, start time, message ids from
 * `crypto.randomUUID`, provider tool-call ids), so those are not differences: timings are left
 * out, and ids are compared by the order in which each record first mentions them (the first
 * message id one record names matches the first the other names, and so on).
 */
import type { RecordedHookInvocation, RunRecord } from '../../tracing/run-record.js';

/** Where two records diverge. */
export interface RunDivergence {
  /** What differs first: a hook invocation, the run's status, a model call, a tool call or memory. */
  kind: 'hook' | 'status' | 'modelCall' | 'toolCall' | 'memory';
  /** Index in the records' `hooks` / `modelCalls` / `toolCalls` (0 for status and memory). */
  index: number;
  /** The hook invocation in each record at `index` (kind `hook`); absent where a record has none. */
  a?: RecordedHookInvocation;
  b?: RecordedHookInvocation;
  /** The first differing field as a path (`messages.edited[0].after.text`); empty for a whole entry. */
  path: string;
  /** The field's value in each record (`undefined` when it has none). */
  before: unknown;
  after: unknown;
}

/** Fields that hold timings: never a difference. */
const TIMINGS = new Set(['startMs', 'durationMs', 'startedAt']);
/**
 * Fields that hold ids minted per run (or lists of them: memory's `loaded` and `saved`): compared
 * by order of first appearance.
 */
const MINTED_IDS = new Set(['id', 'messageId', 'toolCallId', 'runId', 'loaded', 'saved']);

/** Maps each minted id of one record to the order in which the record first mentions it. */
class IdOrder {
  private readonly seen = new Map<string, number>();
  of(id: string): number {
    let at = this.seen.get(id);
    if (at === undefined) {
      at = this.seen.size;
      this.seen.set(id, at);
    }
    return at;
  }
}

interface Difference {
  path: string;
  before: unknown;
  after: unknown;
}

/** A pair of values being compared, with the way back to the root (for the path). */
interface Pair {
  a: unknown;
  b: unknown;
  /** The field name (for an array element: its array's field), which decides how values compare. */
  key: string;
  /** `.name` or `[i]`; empty at the root. */
  segment: string;
  parent: Pair | undefined;
}

/** The path of a pair, built only for the difference found (building it per pair would be quadratic in depth). */
function pathOf(pair: Pair): string {
  const segments: string[] = [];
  for (let at: Pair | undefined = pair; at !== undefined; at = at.parent) segments.push(at.segment);
  const path = segments.reverse().join('');
  return path.startsWith('.') ? path.slice(1) : path;
}

/**
 * The first difference between `a` and `b` as a path, walking both in the same order. Iterative
 * (an explicit stack), so a deeply nested hostile record cannot overflow the call stack, and
 * linear in the size of the two values.
 */
function firstDifference(a: unknown, b: unknown, idsA: IdOrder, idsB: IdOrder): Difference | undefined {
  const stack: Pair[] = [{ a, b, key: '', segment: '', parent: undefined }];
  while (stack.length > 0) {
    const pair = stack.pop() as Pair;
    const { a: x, b: y, key } = pair;
    if (TIMINGS.has(key)) continue;
    if (MINTED_IDS.has(key) && typeof x === 'string' && typeof y === 'string') {
      if (idsA.of(x) !== idsB.of(y)) return { path: pathOf(pair), before: x, after: y };
      continue;
    }
    if (Object.is(x, y)) continue;
    const arrays = Array.isArray(x) && Array.isArray(y);
    const objects =
      !arrays &&
      x !== null &&
      y !== null &&
      typeof x === 'object' &&
      typeof y === 'object' &&
      !Array.isArray(x) &&
      !Array.isArray(y);
    if (!arrays && !objects) return { path: pathOf(pair), before: x, after: y };
    const children: Pair[] = [];
    if (arrays) {
      const xs = x as unknown[];
      const ys = y as unknown[];
      for (let i = 0; i < Math.max(xs.length, ys.length); i++) {
        children.push({ a: xs[i], b: ys[i], key, segment: `[${i}]`, parent: pair });
      }
    } else {
      const xo = x as Record<string, unknown>;
      const yo = y as Record<string, unknown>;
      const keys = Object.keys(xo);
      for (const k of Object.keys(yo)) if (!Object.hasOwn(xo, k)) keys.push(k);
      for (const k of keys) children.push({ a: xo[k], b: yo[k], key: k, segment: `.${k}`, parent: pair });
    }
    // Pushed in reverse so the first child is looked at first.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Pair);
  }
  return undefined;
}

/** The fields of a hook invocation that say what it did, in the order a reader cares about them. */
function effect(hook: RecordedHookInvocation): Record<string, unknown> {
  return {
    processorId: hook.processorId,
    hook: hook.hook,
    stepNumber: hook.stepNumber,
    attempt: hook.attempt,
    outcome: hook.outcome,
    tripwire: hook.tripwire,
    error: hook.error,
    messages: hook.messages,
    chunks: hook.chunks,
  };
}

/** The first place `a` and `b` diverge, or `undefined` when they did the same thing. */
export function diffRunRecords(a: RunRecord, b: RunRecord): RunDivergence | undefined {
  const idsA = new IdOrder();
  const idsB = new IdOrder();
  const hooks = Math.max(a.hooks.length, b.hooks.length);
  for (let i = 0; i < hooks; i++) {
    const x = a.hooks[i];
    const y = b.hooks[i];
    const difference = firstDifference(x && effect(x), y && effect(y), idsA, idsB);
    if (difference) return { kind: 'hook', index: i, a: x, b: y, ...difference };
  }
  const status = firstDifference(
    { status: a.status, errorCode: a.errorCode, error: a.error },
    { status: b.status, errorCode: b.errorCode, error: b.error },
    idsA,
    idsB,
  );
  if (status) return { kind: 'status', index: 0, ...status };
  const lists = [
    ['modelCall', a.modelCalls, b.modelCalls],
    ['toolCall', a.toolCalls, b.toolCalls],
  ] as const;
  for (const [kind, xs, ys] of lists) {
    for (let i = 0; i < Math.max(xs.length, ys.length); i++) {
      const difference = firstDifference(xs[i], ys[i], idsA, idsB);
      if (difference) return { kind, index: i, ...difference };
    }
  }
  const memory = firstDifference(a.memory, b.memory, idsA, idsB);
  if (memory) return { kind: 'memory', index: 0, ...memory };
  return undefined;
}
