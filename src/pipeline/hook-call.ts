/**
 * The one way a processor hook is called, shared by the runner's lanes and the workflow engine's
 * steps: the call (under the hook's span when tracing is on), the result applied and its outcome
 * named, a throw attributed to whoever made it, the lazy `abortSignal` of the hook's arguments,
 * and the re-entrancy rule for arguments reused call after call.
 *
 * Plain results stay plain: a promise appears only when the hook returns one, so a synchronous
 * hook costs no tick. Observation (spans, the run record) attaches in {@link callHook}: every
 * hook call of a run passes through it, once, with its {@link ObservedCall} and outcome.
 */
import { context as otelContext, type Span, trace } from '@opentelemetry/api';
import { ProcessorError } from '../errors/processor-error.js';
import { SluiceError } from '../errors/sluice-error.js';
import { TripWire } from '../errors/tripwire.js';
import { endHookSpan, type HookOutcome } from './tracing.js';
import { claimTripwire } from './tripwire-owners.js';
import type { Processor, TracingContext } from './types.js';

/** A thenable (a hook may return any PromiseLike); plain values are used as they are. */
export function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** The `tracingContext` of a hook called with tracing off. */
export const NO_TRACING: TracingContext = Object.freeze({});

/**
 * One hook call under observation (a span, a run record entry, or both): the run observer's
 * `HookHandle`, or a bare span ({@link spanCall}) for a workflow step.
 */
export interface ObservedCall {
  /** What the hook gets as `tracingContext`. */
  readonly tracing: TracingContext;
  /** Run `call` with the call's span current, so spans the hook starts are its children. */
  run<T>(call: () => T): T;
  /** The call ended with `outcome` (and `error` when it failed). */
  end(outcome: HookOutcome, error?: unknown): unknown;
}

/** A span as an {@link ObservedCall}: current while the call runs, ended with its outcome. */
export function spanCall(span: Span): ObservedCall {
  return {
    tracing: { currentSpan: span },
    run: (call) => otelContext.with(trace.setSpan(otelContext.active(), span), call),
    end: (outcome, error) => endHookSpan(span, outcome, error),
  };
}

/** How {@link callHook} names what happened; one per call site, not per call. */
export interface HookCallNaming {
  /** What the hook's throw (or rejection) becomes; see {@link attributeThrow}. */
  thrown(error: unknown): unknown;
  /** What a throw while applying the result becomes (the hook's wrong shape). */
  invalid(error: unknown): unknown;
  /** The span outcome of a thrown failure (`aborted` for tripwires, else `failed`, unless retried). */
  thrownOutcome(failure: unknown): HookOutcome;
}

/**
 * Call one hook. `call` gets the observed call's tracing context (or {@link NO_TRACING});
 * `settle` applies the settled result and returns what the caller continues with; `outcome`
 * names it for the observer. Unobserved with a plain result this is a direct call; a thenable
 * result is settled once, in a `then` of its own promise. Every thrown error leaves through
 * `naming`.
 */
export function callHook<T>(
  observed: ObservedCall | undefined,
  call: (tracing: TracingContext) => unknown,
  settle: (result: unknown) => T,
  outcome: (result: unknown, settled: T) => HookOutcome,
  naming: HookCallNaming,
): T | Promise<T> {
  if (observed === undefined) {
    let result: unknown;
    try {
      result = call(NO_TRACING);
    } catch (error) {
      throw naming.thrown(error);
    }
    if (!isPromiseLike(result)) return settleUntraced(result, settle, naming);
    return Promise.resolve(result).then(
      (value) => settleUntraced(value, settle, naming),
      (error) => {
        throw naming.thrown(error);
      },
    );
  }
  const fail = (error: unknown): never => {
    const failure = naming.thrown(error);
    observed.end(naming.thrownOutcome(failure), failure);
    throw failure;
  };
  const done = (result: unknown): T => {
    let out: T;
    try {
      out = settle(result);
    } catch (error) {
      const failure = naming.invalid(error);
      observed.end('failed', failure);
      throw failure;
    }
    observed.end(outcome(result, out));
    return out;
  };
  let result: unknown;
  try {
    result = observed.run(() => call(observed.tracing));
  } catch (error) {
    return fail(error);
  }
  return isPromiseLike(result) ? Promise.resolve(result).then(done, fail) : done(result);
}

function settleUntraced<T>(result: unknown, settle: (result: unknown) => T, naming: HookCallNaming): T {
  try {
    return settle(result);
  } catch (error) {
    throw naming.invalid(error);
  }
}

/**
 * The attribution rule every hook call shares. Returns `undefined` when `error` must be wrapped
 * by the caller (in its own error class), or the error to raise as it is:
 * - a tripwire passes, made the processor's own when it names nobody (`owner` claims it, so its
 *   `onViolation` can be found later);
 * - the caller's abort passes (the run was stopped, the hook did not fail);
 * - an error already attributed (another processor's, or the caller's callback's, that reached
 *   this hook through `writer.custom()`) keeps its own name.
 */
export function attributeThrow(
  error: unknown,
  ownerId: string,
  owner: Processor | undefined,
  abortSignal: AbortSignal | undefined,
): unknown {
  if (TripWire.isInstance(error)) {
    if (error.processorId) return error;
    const owned = new TripWire(error.message, error.options, ownerId);
    if (owner !== undefined) claimTripwire(owned, owner);
    return owned;
  }
  if (ProcessorError.isInstance(error) || SluiceError.hasCode(error, 'CALLBACK_FAILED')) return error;
  // Read last: a hook's signal may be made on first read, and most failures never need it.
  if (abortSignal?.aborted) return error;
  return undefined;
}

/** The `abort()` hooks get: a tripwire naming (and claimed by) `processor`. */
export function abortFor(
  processor: Processor,
): (reason?: string, options?: { retry?: boolean; metadata?: unknown }) => never {
  const id = processor.id;
  return (reason, options) => {
    const tripwire = new TripWire(reason ?? `Tripwire triggered by ${id}`, options ?? {}, id);
    claimTripwire(tripwire, processor);
    throw tripwire;
  };
}

/**
 * Hook calls per run that get `abortSignal` as a lazy accessor before the signal is just made:
 * short runs then never build it; past this, an accessor per call would cost more than the signal.
 */
export const LAZY_SIGNAL_CALLS = 8;

/** The reason of the hooks' `abortSignal` when it fires because the run is over. */
const RUN_ENDED = Object.freeze(
  Object.assign(new Error('The run has ended; work a processor started for it should stop.'), {
    name: 'RunEndedError',
  }),
);

/**
 * The `abortSignal` hooks of one run see: the caller's abort or the run's end, whichever comes
 * first. Made when a hook first reads it (most never do): building and firing a signal costs
 * more than a whole step's own work.
 */
export class HookSignal {
  readonly #caller: AbortSignal | undefined;
  #runEnd: AbortController | undefined;
  #signal: AbortSignal | undefined;
  #ended = false;
  #lazyCalls = 0;
  /** `abortSignal` of hook arguments: an accessor that makes the signal on first read. */
  readonly #property: PropertyDescriptor = {
    get: () => this.signal(),
    set(this: object, value: unknown) {
      Object.defineProperty(this, 'abortSignal', {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    },
    enumerable: true,
    configurable: true,
  };

  constructor(caller: AbortSignal | undefined) {
    this.#caller = caller;
  }

  /** The signal, made on first use (already aborted if the run has ended). */
  signal(): AbortSignal {
    if (this.#signal === undefined) {
      const runEnd = new AbortController();
      if (this.#ended) runEnd.abort(RUN_ENDED);
      this.#runEnd = runEnd;
      const caller = this.#caller;
      this.#signal = caller ? AbortSignal.any([caller, runEnd.signal]) : runEnd.signal;
    }
    return this.#signal;
  }

  /**
   * Give hook arguments `abortSignal`, unless they carry one already: a lazy accessor for the
   * run's first few calls, the signal itself once it exists or once the run made enough calls.
   */
  attach<T extends object>(args: T): T & { abortSignal: AbortSignal } {
    if (!('abortSignal' in args)) {
      if (this.#signal === undefined && ++this.#lazyCalls <= LAZY_SIGNAL_CALLS) {
        Object.defineProperty(args, 'abortSignal', this.#property);
      } else (args as { abortSignal?: AbortSignal }).abortSignal = this.signal();
    }
    return args as T & { abortSignal: AbortSignal };
  }

  /** The run has settled: the signal fires (if anyone made it), so work hooks started ends. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    // A signal nobody read has nobody to tell.
    this.#runEnd?.abort(RUN_ENDED);
  }

  /** True once {@link end} was called. */
  get ended(): boolean {
    return this.#ended;
  }
}

/** `abortSignal` on `target` read through to `source.abortSignal` (made there on first read). */
export function readThroughSignal(target: object, source: { readonly abortSignal?: AbortSignal }): void {
  Object.defineProperty(target, 'abortSignal', {
    get: () => source.abortSignal,
    enumerable: true,
    configurable: true,
  });
}

/**
 * Per-call arguments reused call after call (the stream hot path) are owned by one call at a
 * time: a call that overlaps (a hook's own write, concurrent tool streams) gets a copy, so no
 * hook sees `part` change under it. `busy` is the reused arguments' owner flag.
 */
export function argsForCall<A extends object>(shared: A, busy: boolean): A {
  return busy ? { ...shared } : shared;
}
