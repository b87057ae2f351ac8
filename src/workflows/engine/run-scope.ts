/**
 * What a run keeps per workflow ({@link RunScope}): each step's state and `abort`, and the objects
 * the stream phase reuses chunk after chunk (arguments, joins, stages), plus the route a chunk a
 * step emits on its own (`writer.emit()`) takes through the rest of the workflow.
 */
import type { Span } from '@opentelemetry/api';
import type { TripWireOptions } from '../../errors/tripwire.js';
import { abortFor, LAZY_SIGNAL_CALLS, NO_TRACING, readThroughSignal } from '../../pipeline/hook-call.js';
import type { Processor, ProcessorState, ProcessorStreamWriter } from '../../pipeline/types.js';
import { WRITER_INTERNALS, type WriterInternals } from '../../pipeline/writer-internals.js';
import type { ChunkType } from '../../stream/chunk-types.js';
import { workflowInvalidOutput } from '../errors.js';
import type { GraphNode, ProcessorStepNode } from '../graph.js';
import type { StepExecuteContext } from '../types.js';
import { compileSequence, type EmitRoute, type MapLater } from './compile.js';
import { type HookContext, Invocation } from './invocation.js';
import { type Data, type Exec, type Later, settled } from './later.js';
import { StreamJoin } from './parallel.js';
import { SequenceStage } from './sequence.js';
import { executeContext } from './step-context.js';
import type { StreamLater } from './steps.js';

type Abort = (reason?: string, options?: TripWireOptions) => never;

const RUN_SCOPE = Symbol('sluice.workflow.run');

/** What a run keeps per workflow: each step's state and `abort`, and reusable stream arguments. */
export class RunScope {
  readonly #states = new Map<string, ProcessorState>();
  readonly #aborts = new Map<string, Abort>();
  readonly #streamSlots = new Map<ProcessorStepNode, StreamSlot>();
  #contexts = 0;

  /** True for the run's first few step contexts: their `abortSignal` is read through lazily. */
  lazySignal(): boolean {
    return ++this.#contexts <= LAZY_SIGNAL_CALLS;
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
      // A plain step or map has no onViolation: its tripwire is claimed by a stand-in, so a lane
      // processor that happens to share the id is not asked.
      abort = abortFor(processor ?? ({ id: key } as Processor));
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
      readThroughSignal(args, ctx);
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

/** A stream step's reusable `processOutputStream` arguments in one run. */
export interface StreamSlot {
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

/** A map's context kept for a run's stream chunks; `inv` is the chunk's invocation. */
export interface ReusedContext {
  context: StepExecuteContext<unknown>;
  inv: Invocation;
  busy: boolean;
  /** The map's one pending-result record, reused chunk after chunk. */
  later?: MapLater;
}
