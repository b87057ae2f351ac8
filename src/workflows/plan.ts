/**
 * The workflow engine. A workflow's graph is compiled once, per phase, into plain functions
 * `(data, invocation) => data | Promise<data> | Later`: a step whose processor lacks the phase's
 * hook compiles to nothing, results stay plain values while hooks return plain values, and a
 * promise appears only where a hook (or a map, or a condition) returns one. An async hook's own
 * promise is awaited by the sequence it runs in (a `Later`: no wrapper, no extra tick per step).
 * Per stream chunk there is no run object, no storage, no schema validation and no copy of the
 * stream: one invocation record, the hook calls, and a small object per step that changed the part.
 */
import { context as otelContext, type Span, trace } from '@opentelemetry/api';
import type { ProcessorHookName } from '../errors/processor-error.js';
import { ProcessorError } from '../errors/processor-error.js';
import { SluiceError } from '../errors/sluice-error.js';
import { TripWire, type TripWireOptions } from '../errors/tripwire.js';
import { MessageList } from '../messages/message-list.js';
import type { MastraDBMessage } from '../messages/types.js';
import { type ModelSpec, resolveModel } from '../models/resolve-model.js';
import {
  applyMessageResult,
  applyOutputResult,
  applyStepResult,
  describe,
  type StepSettings,
} from '../pipeline/hook-results.js';
import {
  StreamContinuation,
  WRITER_INTERNALS,
  type WriterInternals,
} from '../pipeline/stream-continuation.js';
import { endHookSpan, type HookOutcome, startWorkflowStepSpan } from '../pipeline/tracing.js';
import { claimTripwire } from '../pipeline/tripwire-owners.js';
import type { Processor, ProcessorState, ProcessorStreamWriter, TracingContext } from '../pipeline/types.js';
import type { ProcessorPhase } from '../processors/step-schema/index.js';
import type { RequestContext } from '../request-context/request-context.js';
import type { ChunkType } from '../stream/chunk-types.js';
import {
  ProcessorWorkflowError,
  type WorkflowFailureSite,
  workflowInvalidOutput,
  workflowStepFailed,
} from './errors.js';
import type { GraphNode, PlainStepNode, ProcessorStepNode, StepNode } from './graph.js';
import type { StepExecuteContext } from './types.js';

/** Phase data as it flows between steps (or, after `.parallel()`, results keyed by step id). */
export type Data = Record<string, unknown>;
type Out = Data | PromiseLike<Data> | Later;
/** One compiled node: data in, data out. */
export type Exec = (data: Data, inv: Invocation) => Out;
type Abort = (reason?: string, options?: TripWireOptions) => never;

/**
 * A result still to come: a hook's (or map's) own promise and how its value becomes data. The
 * sequence driver awaits `pending` itself and calls `settle` / `fail`, so an async hook costs
 * the one await of its own promise, not an async wrapper per step (and per step a tick).
 * Never handed to promise machinery unsettled: `settled()` turns it into a promise first.
 */
abstract class Later {
  constructor(public pending: PromiseLike<unknown>) {}
  /** The data the awaited value makes. */
  abstract settle(value: unknown): Out;
  /** What the rejection becomes (always throws). */
  abstract fail(error: unknown): never;
}

/** An async `processOutputStream` result; frees the step's arguments (`slot`, unless reentrant). */
class StreamLater extends Later {
  constructor(
    pending: PromiseLike<unknown>,
    readonly slot: StreamSlot | undefined,
    public part: ChunkType,
    public data: Data,
    public inv: Invocation,
    readonly label: string,
    readonly processor: Processor,
  ) {
    super(pending);
  }
  /** Reuse for the slot's next chunk (the slot is free again only once this one has settled). */
  rearm(pending: PromiseLike<unknown>, part: ChunkType, data: Data, inv: Invocation): this {
    this.pending = pending;
    this.part = part;
    this.data = data;
    this.inv = inv;
    return this;
  }
  settle(value: unknown): Out {
    if (this.slot !== undefined) this.slot.busy = false;
    return streamOut(value, this.part, this.data, this.inv, this.label);
  }
  fail(error: unknown): never {
    if (this.slot !== undefined) this.slot.busy = false;
    throw stepError(error, this.inv, this.label, this.processor);
  }
}

/** An async `.map()` result. */
class MapLater extends Later {
  constructor(
    pending: PromiseLike<unknown>,
    public data: Data,
    public inv: Invocation,
    readonly label: string,
    readonly reused: ReusedContext | undefined,
  ) {
    super(pending);
  }
  /** Reuse for the map's next chunk (its context is free again only once this one has settled). */
  rearm(pending: PromiseLike<unknown>, data: Data, inv: Invocation): this {
    this.pending = pending;
    this.data = data;
    this.inv = inv;
    return this;
  }
  settle(value: unknown): Out {
    if (this.reused !== undefined) this.reused.busy = false;
    return mapOut(value, this.data, this.inv, this.label);
  }
  fail(error: unknown): never {
    if (this.reused !== undefined) this.reused.busy = false;
    throw stepError(error, this.inv, this.label);
  }
}

/** True when `out` is not data yet (a promise or a {@link Later}). */
function isPending(out: Out): out is PromiseLike<Data> | Later {
  return out instanceof Later || isPromiseLike(out);
}

/** `out` as data, awaited (Laters settled) in place. */
async function settled(out: Out): Promise<Data> {
  let current = out;
  for (;;) {
    if (current instanceof Later) {
      let value: unknown;
      try {
        value = await current.pending;
      } catch (error) {
        current.fail(error);
      }
      current = current.settle(value);
    } else if (isPromiseLike(current)) current = await current;
    else return current;
  }
}

/** `out` as something promise machinery may be handed (a Later becomes a promise). */
function thenable(out: Out): Data | PromiseLike<Data> {
  return out instanceof Later ? settled(out) : out;
}

/** The hook each phase runs. */
export const PHASE_HOOKS = {
  input: 'processInput',
  inputStep: 'processInputStep',
  outputStream: 'processOutputStream',
  outputStep: 'processOutputStep',
  toolResult: 'processToolResult',
  outputResult: 'processOutputResult',
} as const satisfies Record<ProcessorPhase, ProcessorHookName>;

/** The processor hook arguments a workflow runs inside (what it hands on to its steps). */
export interface HookContext {
  retryCount?: number;
  requestContext?: RequestContext;
  writer?: ProcessorStreamWriter;
  tracingContext?: TracingContext;
  abortSignal?: AbortSignal;
  sendSignal?: unknown;
  usageRecorder?: unknown;
  state?: ProcessorState;
  messageList?: MessageList;
}

const NO_TRACING: TracingContext = Object.freeze({});
/** Step contexts per run whose `abortSignal` is a lazy accessor (the runner's policy, and count). */
const LAZY_SIGNAL_CONTEXTS = 8;
const RUN_SCOPE = Symbol('sluice.workflow.run');

/**
 * Message arrays (and system message arrays) the engine built from a list, with the elements they
 * held then: an array still holding exactly those matches its list; one a step spliced does not.
 */
const materialized = new WeakMap<object, readonly unknown[]>();

function materialize(array: unknown[]): void {
  materialized.set(array, array.slice());
}

/** True when `value` is an array the engine built from a list and nobody has changed since. */
export function isMaterialized(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const seen = materialized.get(value);
  if (seen === undefined || seen.length !== value.length) return false;
  for (let i = 0; i < value.length; i++) if (seen[i] !== value[i]) return false;
  return true;
}

/** What a run keeps per workflow: each step's state and `abort`, and reusable stream arguments. */
export class RunScope {
  readonly #states = new Map<string, ProcessorState>();
  readonly #aborts = new Map<string, Abort>();
  readonly #streamSlots = new Map<ProcessorStepNode, StreamSlot>();
  #contexts = 0;

  /** True for the run's first few step contexts: their `abortSignal` is read through lazily. */
  lazySignal(): boolean {
    return ++this.#contexts <= LAZY_SIGNAL_CONTEXTS;
  }

  readonly #mapContexts = new Map<string, ReusedContext>();
  readonly #joins = new Map<object, StreamJoin>();

  /** A parallel group's stream join for this run, or `undefined` while one chunk still uses it. */
  streamJoin(key: object, ids: readonly string[]): StreamJoin | undefined {
    let join = this.#joins.get(key);
    if (join === undefined) {
      join = new StreamJoin(ids);
      this.#joins.set(key, join);
    }
    return join.free ? join : undefined;
  }
  #stage: SequenceStage | undefined;

  /** The staged rest of a chunk's run: the run's one record again once its last chunk finished. */
  sequenceStage(
    execs: readonly Exec[],
    ids: ReadonlyArray<string | undefined>,
    index: number,
    out: PromiseLike<Data> | Later,
    inv: Invocation,
  ): SequenceStage {
    const held = this.#stage;
    if (held?.free && held.execs === execs) return held.rearm(index, out, inv);
    const stage = new SequenceStage(execs, ids, index, out, inv);
    this.#stage = stage;
    return stage;
  }
  #chunkInvocation: Invocation | undefined;

  /** The invocation of a stream chunk: the run's last one again once it has finished. */
  chunkInvocation(
    workflowId: string,
    ctx: HookContext,
    init: Data,
    recordResults: boolean,
    span: Span | undefined,
  ): Invocation {
    const held = this.#chunkInvocation;
    if (held?.done && held.workflowId === workflowId) return held.reuse(ctx, init, span);
    const inv = new Invocation(
      'outputStream',
      workflowId,
      ctx,
      this,
      ctx.messageList,
      init,
      recordResults,
      span,
    );
    this.#chunkInvocation = inv;
    return inv;
  }

  /** The run's reusable context of a map (stream phase), or `undefined` while it is in use. */
  mapContext(label: string, inv: Invocation): ReusedContext | undefined {
    let held = this.#mapContexts.get(label);
    if (held === undefined) {
      const context = executeContext(inv, inv.init, label);
      // Read through to the chunk being mapped: the context outlives one invocation.
      const holder: ReusedContext = { context, inv, busy: false };
      context.getStepResult = <T>(step: string | { readonly id: string }) =>
        holder.inv.resultOf(typeof step === 'string' ? step : step.id) as T | undefined;
      context.getInitData = <T>() => holder.inv.init as T;
      held = holder;
      this.#mapContexts.set(label, held);
    }
    if (held.busy) return undefined;
    held.busy = true;
    return held;
  }

  /** One state object per step id per run (a processor step's id names its processor). */
  stateOf(key: string): ProcessorState {
    let state = this.#states.get(key);
    if (!state) {
      state = {};
      this.#states.set(key, state);
    }
    return state;
  }

  /** The `abort()` of a step: a tripwire naming the processor (or the plain step). */
  abortFor(key: string, processor?: Processor): Abort {
    let abort = this.#aborts.get(key);
    if (!abort) {
      const id = processor?.id ?? key;
      abort = (reason?: string, options?: TripWireOptions): never => {
        const tripwire = new TripWire(reason ?? `Tripwire triggered by ${id}`, options ?? {}, id);
        // A plain step or map has no onViolation: claimed by a stand-in, so a lane processor that
        // happens to share the id is not asked.
        claimTripwire(tripwire, processor ?? ({ id } as Processor));
        throw tripwire;
      };
      this.#aborts.set(key, abort);
    }
    return abort;
  }

  /** The reusable `processOutputStream` arguments of a step (rebuilt when the retry count moves). */
  streamSlot(
    node: ProcessorStepNode,
    ctx: HookContext,
    route: EmitRoute | undefined,
    workflowId: string,
  ): StreamSlot {
    const retryCount = ctx.retryCount ?? 0;
    let slot = this.#streamSlots.get(node);
    if (slot === undefined || slot.retryCount !== retryCount) {
      const args: Record<string, unknown> = {
        abort: this.abortFor(node.id, node.processor),
        retryCount,
        requestContext: ctx.requestContext,
        writer: route === undefined ? ctx.writer : routedWriter(route, ctx, this, workflowId),
        tracingContext: NO_TRACING,
        sendSignal: ctx.sendSignal,
        state: this.stateOf(node.id),
        part: undefined,
        streamParts: [],
        messageList: ctx.messageList,
      };
      if (ctx.usageRecorder !== undefined) args.usageRecorder = ctx.usageRecorder;
      lazySignal(args, ctx);
      slot = { args, busy: false, retryCount };
      this.#streamSlots.set(node, slot);
    }
    return slot;
  }
}

/** A stream step's writer: `emit()` runs the chunk through the rest of the workflow first. */
function routedWriter(
  route: EmitRoute,
  ctx: HookContext,
  run: RunScope,
  workflowId: string,
): ProcessorStreamWriter | undefined {
  const writer = ctx.writer;
  if (writer === undefined || typeof writer.emit !== 'function') return writer;
  const internals = (writer as { [WRITER_INTERNALS]?: WriterInternals })[WRITER_INTERNALS];
  return {
    custom: (chunk, options) => writer.custom(chunk, options),
    emit: (chunk) => {
      const write = emitAfter(route, chunk as ChunkType, ctx, run, workflowId).catch((error: unknown) => {
        // A timer's emit has nobody to tell: the run fails at its next chunk, as in a lane.
        internals?.defer(error);
        throw error;
      });
      // Made inside the hook: the emitted chunk comes before the hook's part, as in a lane.
      return internals === undefined ? write : internals.track(write);
    },
  } as ProcessorStreamWriter;
}

async function emitAfter(
  route: EmitRoute,
  chunk: ChunkType,
  ctx: HookContext,
  run: RunScope,
  workflowId: string,
): Promise<void> {
  const writer = ctx.writer as ProcessorStreamWriter & { emit(chunk: ChunkType): Promise<void> | undefined };
  const rest = route.nodes.slice(route.index + 1);
  if (rest.length === 0) {
    await writer.emit(chunk);
    return;
  }
  route.rest ??= compileSequence(rest, { phase: 'outputStream', prefix: '' });
  let data: Data = {
    phase: 'outputStream',
    part: chunk,
    streamParts: [],
    state: ctx.state,
    messageList: ctx.messageList,
    retryCount: ctx.retryCount,
  };
  // Emitted inside a parallel group: what comes next (a map) reads it under every branch's id.
  const holder = route.nodes[route.index] as GraphNode;
  if (holder.kind === 'parallel') {
    const keyedData: Data = {};
    for (const step of holder.steps) keyedData[step.id] = data;
    data = keyedData;
  }
  const inv = new Invocation(
    'outputStream',
    workflowId,
    ctx,
    run,
    ctx.messageList,
    data,
    route.recordResults,
    undefined,
  );
  const out = await settled(route.rest(data, inv));
  if (typeof out !== 'object' || out === null || out.phase !== 'outputStream') {
    throw workflowInvalidOutput(
      inv.site('output'),
      'turned a chunk a step emitted (writer.emit()) into something that is not stream phase data.',
    );
  }
  const part = out.part as ChunkType | ChunkType[] | null | undefined;
  if (part === null || part === undefined) return;
  if (Array.isArray(part)) for (const c of part) await writer.emit(c);
  else await writer.emit(part);
}

interface StreamSlot {
  args: Record<string, unknown>;
  busy: boolean;
  retryCount: number;
  /** The slot's one pending-result record, reused chunk after chunk. */
  later?: StreamLater;
}

/** The run scope kept in the workflow's own per-run `state` (a fresh one outside agent runs). */
export function runScopeOf(state: ProcessorState | undefined): RunScope {
  if (state === undefined) return new RunScope();
  const held = (state as Record<symbol, unknown>)[RUN_SCOPE] as RunScope | undefined;
  if (held) return held;
  const scope = new RunScope();
  Object.defineProperty(state, RUN_SCOPE, { value: scope, enumerable: false });
  return scope;
}

/** One phase run of a workflow: the hook call it serves, and what steps record as they go. */
export class Invocation {
  readonly hook: ProcessorHookName;
  /** The stream phase: nothing per chunk is validated against a schema or copied. */
  readonly chunk: boolean;
  /** Which messages the phase carries: the response for `outputResult`, else all. */
  readonly scope: 'all' | 'response';
  readonly stepNumber: number | undefined;
  /** Step outputs are kept for `getStepResult` (only when a map, condition or plain step may ask). */
  readonly recordResults: boolean;
  /**
   * The kept outputs as `[id, value, id, value, …]`, made on first record: a phase run records
   * a handful, and per stream chunk a flat array is far cheaper than a `Map`.
   */
  #results: unknown[] | undefined;
  /** Ids of the live list's messages when the first branch copy was taken (what a reconcile may drop). */
  baseIds: string[] | undefined;
  /** Some step changed the conversation (for the phase span's outcome). */
  changed = false;
  init: Data;
  /**
   * What the workflow's top-level sequence hands its output to (the lane's final check and
   * reconcile), so a phase run that went async finishes in the same async frame.
   */
  tail: ((out: Data, inv: Invocation) => unknown) | undefined;

  constructor(
    readonly phase: ProcessorPhase,
    readonly workflowId: string,
    public ctx: HookContext,
    readonly run: RunScope,
    readonly live: MessageList | undefined,
    init: Data,
    recordResults: boolean,
    /** The workflow's span for this phase run; steps get child spans (tracing on only). */
    public span: Span | undefined,
  ) {
    this.hook = PHASE_HOOKS[phase];
    this.chunk = phase === 'outputStream';
    this.scope = phase === 'outputResult' ? 'response' : 'all';
    this.init = init;
    this.stepNumber = typeof init.stepNumber === 'number' ? init.stepNumber : undefined;
    this.recordResults = recordResults;
  }

  /** The phase run has finished (its output handed back): a chunk's invocation may be reused. */
  done = false;

  /** Make this finished chunk invocation the next chunk's (same run, same workflow). */
  reuse(ctx: HookContext, init: Data, span: Span | undefined): this {
    this.ctx = ctx;
    this.init = init;
    this.span = span;
    this.done = false;
    this.changed = false;
    this.baseIds = undefined;
    if (this.#results !== undefined) this.#results.length = 0;
    return this;
  }

  /** Keep `value` as the output of step `id` (the latest record of an id wins). */
  record(id: string, value: unknown): void {
    if (!this.recordResults) return;
    // Appended only: `resultOf` reads from the end, so the latest record of an id wins.
    const results = this.#results;
    if (results === undefined) this.#results = [id, value];
    else results.push(id, value);
  }

  /** The kept output of step `id`, if it ran (and outputs are kept). */
  resultOf(id: string): unknown {
    const results = this.#results;
    if (results === undefined) return undefined;
    for (let i = results.length - 2; i >= 0; i -= 2) if (results[i] === id) return results[i + 1];
    return undefined;
  }

  site(stepId: string): WorkflowFailureSite {
    const site: WorkflowFailureSite = {
      workflowId: this.workflowId,
      stepId,
      phase: this.phase,
      hook: this.hook,
    };
    if (this.stepNumber !== undefined) site.stepNumber = this.stepNumber;
    return site;
  }
}

// ---- compiling -------------------------------------------------------------------------------

interface CompileOptions {
  phase: ProcessorPhase;
  /** Prefix of step labels inside nested workflows (`inner/processor:x`). */
  prefix: string;
  /** Stream phase: where a chunk a step emits on its own (`writer.emit()`) goes next. */
  route?: EmitRoute;
}

/**
 * The rest of the workflow after the top-level node holding a stream step: a chunk the step emits
 * (a batching timer) runs through it before it leaves the workflow, as it would through the
 * processors after it in a lane.
 */
interface EmitRoute {
  nodes: readonly GraphNode[];
  index: number;
  recordResults: boolean;
  rest?: Exec;
}

/** Compiled phases of one graph. */
export interface CompiledWorkflow {
  /** The compiled phase, or `undefined` when no step has work in it (the hook is then absent). */
  plans: Partial<Record<ProcessorPhase, Exec>>;
  /** Some map, condition or plain step may call `getStepResult`. */
  recordResults: boolean;
}

const compiledGraphs = new WeakMap<readonly GraphNode[], CompiledWorkflow>();

/** Compile a graph for every phase (once per graph). */
export function compileWorkflow(nodes: readonly GraphNode[]): CompiledWorkflow {
  const cached = compiledGraphs.get(nodes);
  if (cached) return cached;
  const plans: Partial<Record<ProcessorPhase, Exec>> = {};
  for (const phase of Object.keys(PHASE_HOOKS) as ProcessorPhase[]) {
    if (phaseHasWork(nodes, phase)) plans[phase] = compileSequence(nodes, { phase, prefix: '' }, true);
  }
  const compiled = { plans, recordResults: asksForResults(nodes) };
  compiledGraphs.set(nodes, compiled);
  return compiled;
}

function phaseHasWork(nodes: readonly GraphNode[], phase: ProcessorPhase): boolean {
  const hook = PHASE_HOOKS[phase];
  const step = (s: StepNode): boolean =>
    s.kind === 'plain' ||
    (s.kind === 'processor' &&
      typeof (s.processor as unknown as Record<string, unknown>)[hook] === 'function') ||
    (s.kind === 'workflow' && phaseHasWork(s.nodes, phase));
  return nodes.some((node) =>
    node.kind === 'step'
      ? step(node.step)
      : node.kind === 'parallel'
        ? node.steps.some(step)
        : node.kind === 'branch'
          ? node.branches.some((b) => step(b.step))
          : false,
  );
}

function asksForResults(nodes: readonly GraphNode[]): boolean {
  const step = (s: StepNode): boolean =>
    s.kind === 'plain' || (s.kind === 'workflow' && asksForResults(s.nodes));
  return nodes.some((node) =>
    node.kind === 'map' || node.kind === 'branch'
      ? true
      : node.kind === 'step'
        ? step(node.step)
        : node.steps.some(step),
  );
}

const identity: Exec = (data) => data;

/**
 * A sequence of nodes. `top`: the workflow's own sequence, which ends with the invocation's
 * `tail` (its result is then the phase run's result, not data).
 */
function compileSequence(nodes: readonly GraphNode[], options: CompileOptions, top = false): Exec {
  const execs: Exec[] = [];
  // The step id to record each output under (`.then()` steps), for `getStepResult`.
  const ids: Array<string | undefined> = [];
  const routed = top && options.phase === 'outputStream';
  const recordResults = routed && asksForResults(nodes);
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index] as GraphNode;
    const nodeOptions = routed ? { ...options, route: { nodes, index, recordResults } } : options;
    if (node.kind === 'step') {
      execs.push(compileStep(node.step, nodeOptions) ?? identity);
      ids.push(node.step.id);
      continue;
    }
    execs.push(compileNode(node, nodeOptions));
    ids.push(undefined);
  }
  if (!top) {
    if (execs.length === 0) return identity;
    if (execs.length === 1 && ids[0] === undefined) return execs[0] as Exec;
  }
  return (data, inv) => runFrom(execs, ids, top, data, inv);
}

/** Runs a sequence while its steps return plain values; the first pending one goes to `runRest`. */
function runFrom(
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

/**
 * The rest of a stream chunk's top-level sequence as a staged result: the runner's reader awaits
 * each pending hook result (`pending`) and calls `resume`, which runs on until the next pending
 * one or the end (the lane's final check). One object per chunk that went async, no async frame.
 */
class SequenceStage extends StreamContinuation {
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
    let out: Out = later === undefined ? (value as Data) : later.settle(value);
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

/** A node other than a `.then()` step (`compileSequence` compiles and records those itself). */
function compileNode(node: Exclude<GraphNode, { kind: 'step' }>, options: CompileOptions): Exec {
  switch (node.kind) {
    case 'parallel':
      return compileParallel(node.steps, options);
    case 'branch':
      return compileBranch(node, options);
    case 'map':
      return compileMap(node.fn, options.prefix + node.label);
  }
}

/** `undefined` when the step has nothing to do in the phase (the data passes through). */
function compileStep(step: StepNode, options: CompileOptions): Exec | undefined {
  const label = options.prefix + step.id;
  if (step.kind === 'plain') return plainStep(step, label);
  if (step.kind === 'workflow') {
    if (!phaseHasWork(step.nodes, options.phase)) return undefined;
    // An emit inside goes on through the outer workflow's steps after this one.
    return compileSequence(step.nodes, { phase: options.phase, prefix: `${label}/`, route: options.route });
  }
  const hook = (step.processor as unknown as Record<string, unknown>)[PHASE_HOOKS[options.phase]];
  if (typeof hook !== 'function') return undefined;
  return options.phase === 'outputStream' ? streamStep(step, label, options.route) : messageStep(step, label);
}

function compileParallel(steps: readonly StepNode[], options: CompileOptions): Exec {
  const ids = steps.map((s) => s.id);
  const execs = steps.map((s) => compileStep(s, options));
  const count = steps.length;
  // Each message-phase branch works on its own copy of the list; chunk phases share the (read-only) part.
  const isolate = options.phase !== 'outputStream' && count > 1;
  const joinKey = {};
  return (data, inv) => {
    // Per chunk the group's join (and its result array) is the run's one, when free.
    const join = isolate ? undefined : inv.run.streamJoin(joinKey, ids);
    const outs: Out[] = join === undefined ? new Array(count) : join.slots(count);
    let pending = false;
    if (isolate && data.messageList === inv.live && inv.live !== undefined) {
      inv.baseIds = idsOf(inv.live.get.all.db());
    }
    for (let i = 0; i < count; i++) {
      const exec = execs[i];
      if (exec === undefined) {
        outs[i] = data;
        continue;
      }
      let out: Out;
      try {
        out = exec(isolate ? forkData(data, inv) : data, inv);
      } catch (error) {
        // Branches already started keep running; their failures have nobody to tell.
        for (let j = 0; j < i; j++) quiet(thenable(outs[j] as Out));
        throw error;
      }
      if (isPending(out)) pending = true;
      outs[i] = out;
    }
    if (!pending) {
      if (join !== undefined) join.free = true;
      return keyed(ids, outs as Data[], inv);
    }
    // Message phases join as results come (the first failure ends the phase at once, say a fast
    // block beside a slow model check). A chunk waits for its first pending branch and takes the
    // others' results from handlers (see StreamJoin).
    if (isolate) return new BranchJoin(ids, inv, outs).promise;
    // The run's join is in use (a chunk re-entered the group): this chunk gets one of its own.
    return (join ?? new StreamJoin(ids)).start(outs, inv);
  };
}

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

  settle(value: unknown): Out {
    this.#take(this.#index, value);
    return this.#next(this.#index + 1);
  }

  /** Branch `j`'s awaited value as its data (a Later settles it); a failure quiets the rest. */
  #take(j: number, value: unknown): void {
    const out = this.#outs[j] as Out;
    try {
      this.#outs[j] = out instanceof Later ? out.settle(value) : (value as Data);
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
class BranchJoin {
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
      out = later.settle(value);
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

function keyed(ids: readonly string[], outs: readonly Data[], inv: Invocation): Data {
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
  settle(value: unknown): Out {
    return keyedOut(this.inner.settle(value), this.id, this.inv);
  }
  fail(error: unknown): never {
    return this.inner.fail(error);
  }
}

/** A branch step's output as `{ [id]: out }` (recorded for `getStepResult`), now or once settled. */
function keyedOut(out: Out, id: string, inv: Invocation): Out {
  if (out instanceof Later) return new KeyedLater(out, id, inv);
  if (isPromiseLike(out)) return Promise.resolve(out).then((value) => thenable(keyedOut(value, id, inv)));
  if (inv.recordResults) inv.record(id, out);
  return { [id]: out };
}

function compileBranch(node: Extract<GraphNode, { kind: 'branch' }>, options: CompileOptions): Exec {
  const label = options.prefix + node.label;
  const branches = node.branches.map((b) => {
    const id = b.step.id;
    const run = compileStep(b.step, options) ?? identity;
    // The next step gets the output keyed by the step that ran, as after `.parallel()`.
    const exec: Exec = (data, inv) => keyedOut(run(data, inv), id, inv);
    return { condition: b.condition, exec };
  });
  const tryFrom = (start: number, data: Data, inv: Invocation): Out => {
    for (let i = start; i < branches.length; i++) {
      const branch = branches[i] as (typeof branches)[number];
      const where = `${label} condition ${i}`;
      let verdict: unknown;
      try {
        verdict = branch.condition(executeContext(inv, data, label) as StepExecuteContext<never>);
      } catch (error) {
        throw stepError(error, inv, where);
      }
      if (isPromiseLike(verdict)) {
        return Promise.resolve(verdict).then(
          (holds) => thenable(holds ? branch.exec(data, inv) : tryFrom(i + 1, data, inv)),
          (error) => {
            throw stepError(error, inv, where);
          },
        );
      }
      if (verdict) return branch.exec(data, inv);
    }
    // No condition held: no step ran, so no key (`{}`); a map after the branch chooses what goes on.
    return {};
  };
  return (data, inv) => tryFrom(0, data, inv);
}

function compileMap(fn: (context: StepExecuteContext<never>) => unknown, label: string): Exec {
  return (data, inv) => {
    // Per stream chunk the run's one context of this map is reused (a fresh one when a call overlaps).
    const reused = inv.chunk ? inv.run.mapContext(label, inv) : undefined;
    const context = reused === undefined ? executeContext(inv, data, label) : reused.context;
    if (reused !== undefined) {
      reused.inv = inv;
      context.inputData = data;
      context.retryCount = inv.ctx.retryCount ?? 0;
      context.tracingContext = inv.ctx.tracingContext;
    }
    let out: unknown;
    try {
      out = fn(context as StepExecuteContext<never>);
    } catch (error) {
      if (reused !== undefined) reused.busy = false;
      throw stepError(error, inv, label);
    }
    if (!isPromiseLike(out)) {
      if (reused !== undefined) reused.busy = false;
      return mapOut(out, data, inv, label);
    }
    if (reused === undefined) return new MapLater(out, data, inv, label, undefined);
    const held = reused.later;
    if (held !== undefined) return held.rearm(out, data, inv);
    reused.later = new MapLater(out, data, inv, label, reused);
    return reused.later;
  };
}

/** A map's context kept for a run's stream chunks; `inv` is the chunk's invocation. */
export interface ReusedContext {
  context: StepExecuteContext<unknown>;
  inv: Invocation;
  busy: boolean;
  /** The map's one pending-result record, reused chunk after chunk. */
  later?: MapLater;
}

/** A map's result as the data that continues (checked, adopted, recorded). */
function mapOut(value: unknown, data: Data, inv: Invocation, label: string): Data {
  if (value === undefined || value === null) {
    throw workflowInvalidOutput(
      inv.site(label),
      `returned ${describe(value)}.${keysHint(data)} Return the phase data the next step (or the agent) should get.`,
    );
  }
  const adopted = adopt(value, data, inv, label);
  inv.record(label, adopted);
  return adopted;
}

/** After `.parallel()` / `.branch()` the data is keyed by step id: say which keys exist. */
function keysHint(data: Data): string {
  if ('phase' in data) return '';
  const keys = Object.keys(data);
  return keys.length > 0
    ? ` Its input has the keys ${keys.map((k) => `"${k}"`).join(', ')}.`
    : ' Its input is {} (after .branch(): no condition held, so no step ran).';
}

// ---- steps -----------------------------------------------------------------------------------

function plainStep(node: PlainStepNode, label: string): Exec {
  const definition = node.definition;
  const wantsData = definition.processDataParts === true;
  const run: Exec = (data, inv) => {
    // As for processors: data chunks reach a plain step only when it asks for them.
    if (inv.chunk && !wantsData && isDataPart(data.part)) return data;
    const context = executeContext(inv, data, node.id);
    return traced(
      inv,
      label,
      undefined,
      (tracing) => {
        if (tracing !== undefined) context.tracingContext = tracing;
        return definition.execute(context as StepExecuteContext<unknown>);
      },
      (result) => {
        if (!inv.chunk) {
          const checked = definition.outputSchema.safeParse(result);
          if (!checked.success) {
            throw workflowInvalidOutput(
              inv.site(label),
              `returned data that does not match its outputSchema: ${formatIssues(checked.error)}.`,
            );
          }
        }
        return adopt(result, data, inv, label);
      },
      (result) => (result === data ? 'passed' : 'changed'),
    );
  };
  // After a fan-out the step sees each chunk on its own, as processor steps do.
  const each = (_part: ChunkType, data: Data, inv: Invocation): Out => run(data, inv);
  return (data, inv) =>
    inv.chunk && Array.isArray(data.part)
      ? fanOut(data.part as ChunkType[], data, inv, each)
      : run(data, inv);
}

/** A processor's message hook (every phase but `outputStream`) on the data's list. */
function messageStep(node: ProcessorStepNode, label: string): Exec {
  const processor = node.processor;
  return (data, inv) => {
    const hookName = inv.hook;
    const hook = (processor as unknown as Record<string, (args: unknown) => unknown>)[hookName] as (
      args: unknown,
    ) => unknown;
    const list = data.messageList;
    if (!(list instanceof MessageList)) {
      throw workflowInvalidOutput(
        inv.site(label),
        `received ${'phase' in data ? 'phase data without a "messageList"' : `data that is not phase data${keysHint(data)}`}; the step before it must hand on phase data (after .parallel(), choose a branch with .map()).`,
      );
    }
    const { phase: _phase, messages: _messages, messageList: _list, ...fields } = data;
    const systemMessages = list.getSystemMessages();
    const args: Record<string, unknown> = {
      ...fields,
      abort: inv.run.abortFor(node.id, processor),
      retryCount: inv.ctx.retryCount ?? 0,
      requestContext: inv.ctx.requestContext,
      writer: inv.ctx.writer,
      sendSignal: inv.ctx.sendSignal,
      state: inv.run.stateOf(node.id),
      tracingContext: inv.ctx.tracingContext ?? NO_TRACING,
      messages: view(list, inv.scope),
      messageList: list,
      systemMessages,
    };
    if (inv.ctx.usageRecorder !== undefined) args.usageRecorder = inv.ctx.usageRecorder;
    lazySignal(args, inv.ctx);
    return traced(
      inv,
      label,
      processor,
      (tracing) => {
        if (tracing !== undefined) args.tracingContext = tracing;
        return hook.call(processor, args);
      },
      (result) => applyPhaseResult(result, data, fields, list, systemMessages, node, label, inv),
      (result) => (result === undefined || result === null || result === list ? 'passed' : 'changed'),
    );
  };
}

function applyPhaseResult(
  result: unknown,
  data: Data,
  fields: Data,
  list: MessageList,
  systemMessages: unknown[],
  node: ProcessorStepNode,
  label: string,
  inv: Invocation,
): Data | PromiseLike<Data> {
  const id = node.processor.id;
  if (result !== undefined && result !== null && result !== list) inv.changed = true;
  try {
    if (inv.phase === 'inputStep') {
      const settings = { ...fields, systemMessages } as unknown as StepSettings;
      const next = applyStepResult(list, settings, result, id, 'processInputStep');
      if (next.systemMessages !== settings.systemMessages)
        list.replaceAllSystemMessages(next.systemMessages as never);
      const out = messageData({ ...(next as unknown as Data), phase: inv.phase }, list, inv.scope);
      const retryOverride = (result as { retryCount?: unknown } | null | undefined)?.retryCount;
      if (typeof retryOverride === 'number') out.retryCount = retryOverride;
      if (next.model !== settings.model) {
        return resolveModel(next.model as unknown as ModelSpec).then(
          (model) => {
            out.model = model;
            return out;
          },
          (error) => {
            throw workflowInvalidOutput(
              inv.site(label),
              `returned a model that cannot be used: ${messageOf(error)}`,
              error,
            );
          },
        );
      }
      return out;
    }
    if (inv.phase === 'input') applyMessageResult(list, result, id, 'processInput');
    else applyOutputResult(list, result, id, inv.hook, inv.scope);
  } catch (error) {
    if (ProcessorError.isInstance(error) && !ProcessorWorkflowError.isInstance(error)) {
      throw workflowInvalidOutput(
        inv.site(label),
        `returned a result that cannot be applied: ${error.message}`,
        error,
      );
    }
    throw error;
  }
  return messageData({ ...data }, list, inv.scope);
}

/** Phase data whose messages and system messages are read (again) from `list`. */
function messageData(data: Data, list: MessageList, scope: 'all' | 'response'): Data {
  const messages = view(list, scope);
  const systemMessages = list.getSystemMessages();
  materialize(messages);
  materialize(systemMessages);
  data.messages = messages;
  data.messageList = list;
  data.systemMessages = systemMessages;
  return data;
}

/** A processor's `processOutputStream` on the chunk: the hot path. */
function streamStep(node: ProcessorStepNode, label: string, route: EmitRoute | undefined): Exec {
  const processor = node.processor;
  const hook = processor.processOutputStream as (args: unknown) => unknown;
  const wantsData = processor.processDataParts === true;
  const one = (part: ChunkType, data: Data, inv: Invocation): Out => {
    // `d` first: most chunks are not data chunks, and a char code is cheaper than a prefix test.
    if (!wantsData && part.type.charCodeAt(0) === 100 && part.type.startsWith('data-')) return data;
    const slot = inv.run.streamSlot(node, inv.ctx, route, inv.workflowId);
    const reentrant = slot.busy;
    // An overlapping call (a hook's own writes, concurrent tool streams) gets its own arguments.
    const args = reentrant ? { ...slot.args } : slot.args;
    args.part = part;
    args.streamParts = data.streamParts;
    if (!reentrant) slot.busy = true;
    if (inv.span !== undefined) {
      return traced(
        inv,
        label,
        processor,
        (tracing) => {
          args.tracingContext = tracing ?? NO_TRACING;
          return hook.call(processor, args);
        },
        (result) => {
          if (!reentrant) slot.busy = false;
          args.tracingContext = NO_TRACING;
          return streamOut(result, part, data, inv, label);
        },
        (result) =>
          result === null || result === undefined ? 'dropped' : result === part ? 'passed' : 'changed',
        () => {
          if (!reentrant) slot.busy = false;
        },
      );
    }
    let result: unknown;
    try {
      result = hook.call(processor, args);
    } catch (error) {
      if (!reentrant) slot.busy = false;
      throw stepError(error, inv, label, processor);
    }
    if (!isPromiseLike(result)) {
      if (!reentrant) slot.busy = false;
      return streamOut(result, part, data, inv, label);
    }
    if (reentrant) return new StreamLater(result, undefined, part, data, inv, label, processor);
    const held = slot.later;
    if (held !== undefined) return held.rearm(result, part, data, inv);
    slot.later = new StreamLater(result, slot, part, data, inv, label, processor);
    return slot.later;
  };
  return (data, inv) => {
    const part = data.part as ChunkType | ChunkType[] | null | undefined;
    if (part === null || part === undefined) return data;
    if (Array.isArray(part)) return fanOut(part, data, inv, one);
    return one(part, data, inv);
  };
}

function streamOut(result: unknown, part: ChunkType, data: Data, inv: Invocation, label: string): Data {
  if (result === part) return data;
  if (result === null || result === undefined) return streamData(data, null);
  if (Array.isArray(result)) {
    for (const chunk of result) if (!isChunk(chunk)) throw badChunk(chunk, inv, label);
    return streamData(data, result.length > 0 ? result : null);
  }
  if (!isChunk(result)) throw badChunk(result, inv, label);
  return streamData(data, result);
}

/** A chunk the step may hand on: typed, and a new `text-delta` must carry its text. */
function isChunk(value: unknown): value is ChunkType {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string') return false;
  return (
    type !== 'text-delta' || typeof (value as { payload?: { text?: unknown } }).payload?.text === 'string'
  );
}

function badChunk(value: unknown, inv: Invocation, label: string): ProcessorWorkflowError {
  return workflowInvalidOutput(
    inv.site(label),
    `returned ${describe(value)} from processOutputStream. Return the part (or a new chunk, or an array of chunks) to emit it, or null to drop it.`,
  );
}

/** A step got several chunks (an earlier step fanned out): each goes through it in order. */
function fanOut(
  parts: readonly ChunkType[],
  data: Data,
  inv: Invocation,
  one: (part: ChunkType, data: Data, inv: Invocation) => Out,
): Out {
  const collected: ChunkType[] = [];
  const collect = (out: Data) => {
    const part = out.part as ChunkType | ChunkType[] | null | undefined;
    if (part === null || part === undefined) return;
    if (Array.isArray(part)) collected.push(...part);
    else collected.push(part);
  };
  const from = (start: number): Out => {
    for (let i = start; i < parts.length; i++) {
      const part = parts[i] as ChunkType;
      const out = one(part, streamData(data, part), inv);
      if (isPending(out)) {
        return settled(out).then((value) => {
          collect(value);
          return thenable(from(i + 1));
        });
      }
      collect(out);
    }
    return streamData(data, collected.length > 0 ? collected : null);
  };
  return from(0);
}

/** Stream phase data with another part (one fixed shape, so the hot path stays monomorphic). */
function streamData(data: Data, part: unknown): Data {
  return {
    phase: 'outputStream',
    part,
    streamParts: data.streamParts,
    state: data.state,
    messageList: data.messageList,
    retryCount: data.retryCount,
  };
}

function isDataPart(part: unknown): boolean {
  return (
    typeof part === 'object' &&
    part !== null &&
    typeof (part as { type?: unknown }).type === 'string' &&
    (part as { type: string }).type.startsWith('data-')
  );
}

// ---- shared helpers ----------------------------------------------------------------------------

/**
 * Run a step's call with a child span when tracing is on (`inv.span`), turning throws into the
 * workflow's errors. `after` maps the settled result to the step's output.
 */
function traced(
  inv: Invocation,
  label: string,
  processor: Processor | undefined,
  call: (tracing: TracingContext | undefined) => unknown,
  after: (result: unknown) => Data | PromiseLike<Data>,
  outcome: (result: unknown) => HookOutcome,
  onError?: () => void,
): Out {
  const parent = inv.span;
  if (parent === undefined) {
    let result: unknown;
    try {
      result = call(undefined);
    } catch (error) {
      onError?.();
      throw stepError(error, inv, label, processor);
    }
    if (!isPromiseLike(result)) return after(result);
    return Promise.resolve(result).then(after, (error) => {
      onError?.();
      throw stepError(error, inv, label, processor);
    });
  }
  const span = startWorkflowStepSpan(parent, {
    workflowId: inv.workflowId,
    stepId: label,
    phase: inv.phase,
    hook: processor ? inv.hook : undefined,
    processorId: processor?.id,
  });
  const fail = (error: unknown): never => {
    onError?.();
    const failure = stepError(error, inv, label, processor);
    endHookSpan(span, TripWire.isInstance(failure) ? 'aborted' : 'failed', failure);
    throw failure;
  };
  const settle = (result: unknown): Data | PromiseLike<Data> => {
    let out: Data | PromiseLike<Data>;
    try {
      out = after(result);
    } catch (error) {
      endHookSpan(span, 'failed', error);
      throw error;
    }
    endHookSpan(span, outcome(result));
    return out;
  };
  let result: unknown;
  try {
    result = otelContext.with(trace.setSpan(otelContext.active(), span), () => call({ currentSpan: span }));
  } catch (error) {
    return fail(error);
  }
  if (!isPromiseLike(result)) return settle(result);
  return Promise.resolve(result).then(settle, fail);
}

/** What a step's throw becomes: tripwires (named after the step's processor) and aborts pass. */
function stepError(error: unknown, inv: Invocation, label: string, processor?: Processor): unknown {
  if (TripWire.isInstance(error)) {
    if (error.processorId) return error;
    const id = processor?.id ?? label;
    const owned = new TripWire(error.message, error.options, id);
    if (processor) claimTripwire(owned, processor);
    return owned;
  }
  if (ProcessorWorkflowError.isInstance(error)) return error;
  // Another processor's failure that reached this step through the writer keeps its own name.
  if (ProcessorError.isInstance(error) || SluiceError.hasCode(error, 'CALLBACK_FAILED')) return error;
  if (inv.ctx.abortSignal?.aborted) return error;
  return workflowStepFailed(inv.site(label), error);
}

/**
 * Make a step's (or map's) output consistent phase data: a `messages` array it built is applied
 * to the list it belongs to, a missing `messageList` is inherited from the input. Anything that is
 * not phase data (a keyed object, a custom value) passes as it is.
 */
export function adopt(value: unknown, input: Data, inv: Invocation, label: string): Data {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value as Data;
  const data = value as Data;
  if (inv.chunk || !('phase' in data)) return data;
  let list = data.messageList;
  if (list !== undefined && !(list instanceof MessageList)) {
    throw workflowInvalidOutput(
      inv.site(label),
      `returned a "messageList" that is ${describe(list)}, not a MessageList; return the messageList it was given, or leave it out and return "messages".`,
    );
  }
  let changed = list === undefined;
  if (list === undefined)
    list = input.messageList instanceof MessageList ? input.messageList : inv.init.messageList;
  if (!(list instanceof MessageList)) {
    throw workflowInvalidOutput(
      inv.site(label),
      'returned phase data without a "messageList" and had none to inherit.',
    );
  }
  const messages = data.messages;
  if (messages !== undefined) {
    if (!Array.isArray(messages)) {
      throw workflowInvalidOutput(
        inv.site(label),
        `returned "messages" that is ${describe(messages)}; it must be an array of stored messages.`,
      );
    }
    if (!isMaterialized(messages)) {
      try {
        applyMessageResult(list, messages, label, inv.hook, inv.scope);
      } catch (error) {
        throw workflowInvalidOutput(
          inv.site(label),
          `returned "messages" that cannot be applied: ${messageOf(error)}`,
          error,
        );
      }
      changed = true;
    }
  }
  const system = data.systemMessages;
  if (system !== undefined && !isMaterialized(system)) {
    if (!Array.isArray(system)) {
      throw workflowInvalidOutput(
        inv.site(label),
        `returned "systemMessages" that is ${describe(system)}; it must be an array of system messages.`,
      );
    }
    list.replaceAllSystemMessages(system as never);
    changed = true;
  }
  if (!changed) return data;
  inv.changed = true;
  return messageData({ ...data }, list, inv.scope);
}

/**
 * Phase fields besides the messages that a hook may edit in place, per phase: a branch gets its
 * own copies (the chosen branch's edited settings then come back as overrides).
 */
const BRANCH_COPIED_FIELDS: Partial<Record<ProcessorPhase, readonly string[]>> = {
  inputStep: ['modelSettings', 'providerOptions', 'activeTools'],
  outputStep: ['toolCalls', 'usage', 'providerMetadata'],
  toolResult: ['args', 'result'],
};

/** A copy of message-phase data on a copy of its list (for one parallel branch). */
function forkData(data: Data, inv: Invocation): Data {
  const list = data.messageList;
  const copy: Data = { ...data };
  for (const key of BRANCH_COPIED_FIELDS[inv.phase] ?? NO_FIELDS) copy[key] = copyOf(copy[key]);
  if (!(list instanceof MessageList)) return copy;
  const fork = list.fork();
  if (inv.phase === 'toolResult') shareToolCall(copy, data, list, fork);
  return messageData(copy, fork, inv.scope);
}

const NO_FIELDS: readonly string[] = [];

/**
 * A tool result's `args` / `result` are the objects stored in the tool call's message part, so an
 * in-place edit shows in the conversation. In a branch they are those of the branch's copy of the
 * message, which keeps that true there (and keeps other branches out of it).
 */
function shareToolCall(copy: Data, data: Data, list: MessageList, fork: MessageList): void {
  const id = data.toolCallId;
  if (typeof id !== 'string') return;
  const live = toolInvocationIn(list, id);
  const twin = toolInvocationIn(fork, id);
  if (live === undefined || twin === undefined) return;
  if (data.result === live.result && 'result' in twin) copy.result = twin.result;
  if (data.args === live.args) copy.args = twin.args;
}

function toolInvocationIn(
  list: MessageList,
  toolCallId: string,
): { args?: unknown; result?: unknown } | undefined {
  const messages = list.get.all.db();
  for (let i = messages.length - 1; i >= 0; i--) {
    for (const part of (messages[i] as MastraDBMessage).content.parts) {
      if (part.type === 'tool-invocation' && part.toolInvocation.toolCallId === toolCallId) {
        return part.toolInvocation as { args?: unknown; result?: unknown };
      }
    }
  }
  return undefined;
}

function copyOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  try {
    return structuredClone(value);
  } catch {
    // Something uncloneable inside (a function): a fresh container at least.
    return Array.isArray(value) ? [...value] : { ...value };
  }
}

/** The context a plain step, map or condition gets. */
function executeContext(inv: Invocation, data: Data, key: string): StepExecuteContext<unknown> {
  const ctx = inv.ctx;
  const context: StepExecuteContext<unknown> = {
    inputData: data,
    phase: inv.phase,
    workflowId: inv.workflowId,
    getStepResult: stepResultReader(inv),
    getInitData: initDataReader(inv),
    abort: inv.run.abortFor(key),
    retryCount: ctx.retryCount ?? 0,
    state: inv.run.stateOf(key),
    requestContext: ctx.requestContext,
    writer: ctx.writer,
    tracingContext: ctx.tracingContext,
    abortSignal: undefined,
  };
  // As the runner does for hook arguments: read through (the signal made on first read) for a
  // run's first few contexts, so short runs never build it; after that the signal itself, since
  // maps and conditions build a context per stream chunk and an accessor each would cost more.
  if (inv.run.lazySignal()) lazySignal(context as unknown as Record<string, unknown>, ctx);
  else context.abortSignal = ctx.abortSignal;
  return context;
}

// The readers are made by factories (anonymous functions): built per stream chunk, and a
// function named by its property costs a name definition each under some transpilers.
function stepResultReader(inv: Invocation): StepExecuteContext<unknown>['getStepResult'] {
  return <T>(step: string | { readonly id: string }) =>
    inv.resultOf(typeof step === 'string' ? step : step.id) as T | undefined;
}

function initDataReader(inv: Invocation): StepExecuteContext<unknown>['getInitData'] {
  return <T>() => inv.init as T;
}

/** `abortSignal` read through from the hook's own arguments (made there on first read). */
function lazySignal(target: Record<string, unknown>, ctx: HookContext): void {
  Object.defineProperty(target, 'abortSignal', {
    get: () => ctx.abortSignal,
    enumerable: true,
    configurable: true,
  });
}

/**
 * Make the live list what the chosen branch's copy is (messages with their sources and save state,
 * system messages). Only messages that existed when the copies were taken can have been removed by
 * a branch; one added to the live list since (a signal a step sent) stays.
 */
export function reconcileInto(
  live: MessageList,
  chosen: MessageList,
  baseIds: readonly string[] | undefined,
): void {
  live.absorb(chosen, baseIds);
}

function view(list: MessageList, scope: 'all' | 'response'): MastraDBMessage[] {
  return scope === 'response' ? list.get.response.db() : list.get.all.db();
}

function idsOf(messages: readonly MastraDBMessage[]): string[] {
  return messages.map((m) => m.id);
}

/** Note arrays the caller built from a list (the workflow's initial data). */
export function markMaterialized(value: unknown): void {
  if (Array.isArray(value)) materialize(value);
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

function quiet(value: unknown): void {
  if (isPromiseLike(value)) Promise.resolve(value).catch(() => {});
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A zod error's issues as `path: message; …` (the first few). */
export function formatIssues(error: unknown): string {
  const issues = (error as { issues?: Array<{ path?: PropertyKey[]; message?: string }> } | null)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return messageOf(error);
  return issues
    .slice(0, 3)
    .map(
      (issue) =>
        `${issue.path && issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)'}: ${issue.message}`,
    )
    .join('; ');
}

// ---- running one step on its own ----------------------------------------------------------------

const standalonePlans = new WeakMap<StepNode, Partial<Record<ProcessorPhase, Exec | null>>>();

/** `step.execute(context)` outside an agent: the step's work for the phase of `inputData`. */
export async function runStepStandalone(
  node: StepNode,
  context: StepExecuteContext<unknown>,
): Promise<never> {
  const input = context?.inputData as Data | undefined;
  // A plain step on its own is its own function: the caller's context as given.
  if (node.kind === 'plain' && context !== undefined) {
    const definition = node.definition;
    const result = await definition.execute(context);
    const checked = definition.outputSchema.safeParse(result);
    if (!checked.success) {
      const given = input?.phase;
      const phase = typeof given === 'string' && given in PHASE_HOOKS ? (given as ProcessorPhase) : 'input';
      throw workflowInvalidOutput(
        { workflowId: node.id, stepId: node.id, phase, hook: PHASE_HOOKS[phase] },
        `returned data that does not match its outputSchema: ${formatIssues(checked.error)}.`,
      );
    }
    return result as never;
  }
  const phase = (input as { phase?: unknown } | undefined)?.phase;
  if (typeof phase !== 'string' || !(phase in PHASE_HOOKS)) {
    throw new SluiceError(
      'PROCESSOR_WORKFLOW_INVALID_OUTPUT',
      `Step "${node.id}".execute() needs { inputData } with a "phase" (${Object.keys(PHASE_HOOKS).join(', ')}); got ${describe(phase)}.`,
    );
  }
  const typed = phase as ProcessorPhase;
  let plans = standalonePlans.get(node);
  if (!plans) {
    plans = {};
    standalonePlans.set(node, plans);
  }
  let exec = plans[typed];
  if (exec === undefined) {
    exec = compileStep(node, { phase: typed, prefix: '' }) ?? null;
    plans[typed] = exec;
  }
  if (exec === null) return input as never;
  const ctx: HookContext = {
    retryCount: context.retryCount,
    requestContext: context.requestContext,
    writer: context.writer,
    tracingContext: context.tracingContext,
    state: context.state,
    messageList: input?.messageList as MessageList | undefined,
  };
  Object.defineProperty(ctx, 'abortSignal', { get: () => context.abortSignal, enumerable: true });
  markMaterialized(input?.messages);
  const inv = new Invocation(
    typed,
    node.id,
    ctx,
    runScopeOf(context.state),
    undefined,
    input as Data,
    true,
    undefined,
  );
  return (await settled(exec(input as Data, inv))) as never;
}
