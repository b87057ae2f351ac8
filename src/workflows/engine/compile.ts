/**
 * The workflow engine's compiler. A workflow's graph is compiled once, per phase, into plain
 * functions `(data, invocation) => data | Promise<data> | Later`: a step whose processor lacks the
 * phase's hook compiles to nothing, results stay plain values while hooks return plain values, and
 * a promise appears only where a hook (or a map, or a condition) returns one. Per stream chunk
 * there is no run object, no storage, no schema validation and no copy of the stream: one
 * invocation record, the hook calls, and a small object per step that changed the part.
 *
 * The engine's modules, one job each: `compile` (graph to functions), `sequence` (running a
 * sequence, synchronously while it can), `parallel` (branch joins), `steps` (calling a step's hook
 * through the pipeline's `callHook`), `phase-data` (a step's output reconciled with the list,
 * branch isolation), `step-context`, `invocation` and `run-scope` (per phase run and per run
 * records), `later` (a result still to come), `standalone` (`step.execute()` outside an agent).
 */
import { isPromiseLike } from '../../pipeline/hook-call.js';
import { describe } from '../../pipeline/hook-results.js';
import type { ProcessorPhase } from '../../processors/step-schema/index.js';
import { workflowInvalidOutput } from '../errors.js';
import type { GraphNode, StepNode } from '../graph.js';
import type { StepExecuteContext } from '../types.js';
import { type Invocation, PHASE_HOOKS } from './invocation.js';
import { type Data, type Exec, isPending, Later, type Out, quiet, thenable } from './later.js';
import { BranchJoin, keyed, keyedOut, StreamJoin } from './parallel.js';
import { adopt, forkData, idsOf, keysHint } from './phase-data.js';
import type { ReusedContext } from './run-scope.js';
import { runFrom } from './sequence.js';
import { executeContext } from './step-context.js';
import { messageStep, plainStep, stepError, streamStep } from './steps.js';

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
export interface EmitRoute {
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
export function compileSequence(nodes: readonly GraphNode[], options: CompileOptions, top = false): Exec {
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
export function compileStep(step: StepNode, options: CompileOptions): Exec | undefined {
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

/** An async `.map()` result. */
export class MapLater extends Later {
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
  resume(value: unknown): Out {
    if (this.reused !== undefined) this.reused.busy = false;
    return mapOut(value, this.data, this.inv, this.label);
  }
  fail(error: unknown): never {
    if (this.reused !== undefined) this.reused.busy = false;
    throw stepError(error, this.inv, this.label);
  }
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
