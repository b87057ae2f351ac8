/**
 * Compiled steps: a plain step, a processor's message hook, and a processor's `processOutputStream`
 * (the hot path). Every step's call goes through the pipeline's `callHook` (span, attribution),
 * the same way the runner calls a lane's hooks.
 */
import { ProcessorError } from '../../errors/processor-error.js';
import { TripWire } from '../../errors/tripwire.js';
import { MessageList } from '../../messages/message-list.js';
import { type ModelSpec, resolveModel } from '../../models/resolve-model.js';
import {
  argsForCall,
  attributeThrow,
  callHook,
  type HookCallNaming,
  isPromiseLike,
  NO_TRACING,
  readThroughSignal,
  spanCall,
} from '../../pipeline/hook-call.js';
import {
  applyMessageResult,
  applyOutputResult,
  applyStepResult,
  describe,
  type StepSettings,
} from '../../pipeline/hook-results.js';
import { type HookOutcome, startWorkflowStepSpan } from '../../pipeline/tracing.js';
import type { Processor, TracingContext } from '../../pipeline/types.js';
import type { ChunkType } from '../../stream/chunk-types.js';
import { ProcessorWorkflowError, workflowInvalidOutput, workflowStepFailed } from '../errors.js';
import type { PlainStepNode, ProcessorStepNode } from '../graph.js';
import type { StepExecuteContext } from '../types.js';
import type { EmitRoute } from './compile.js';
import type { Invocation } from './invocation.js';
import { type Data, type Exec, isPending, Later, type Out, settled, thenable } from './later.js';
import { adopt, formatIssues, keysHint, messageData, messageOf, view } from './phase-data.js';
import type { StreamSlot } from './run-scope.js';
import { executeContext } from './step-context.js';

/** A plain step (`createStep`): its `execute` on the phase data (each chunk on its own after a fan-out). */
export function plainStep(node: PlainStepNode, label: string): Exec {
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
        if (tracing !== NO_TRACING) context.tracingContext = tracing;
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
export function messageStep(node: ProcessorStepNode, label: string): Exec {
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
    readThroughSignal(args, inv.ctx);
    return traced(
      inv,
      label,
      processor,
      (tracing) => {
        if (tracing !== NO_TRACING) args.tracingContext = tracing;
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

/** A processor's `processOutputStream` on the chunk: the hot path. */
export function streamStep(node: ProcessorStepNode, label: string, route: EmitRoute | undefined): Exec {
  const processor = node.processor;
  const hook = processor.processOutputStream as (args: unknown) => unknown;
  const wantsData = processor.processDataParts === true;
  const one = (part: ChunkType, data: Data, inv: Invocation): Out => {
    // `d` first: most chunks are not data chunks, and a char code is cheaper than a prefix test.
    if (!wantsData && part.type.charCodeAt(0) === 100 && part.type.startsWith('data-')) return data;
    const slot = inv.run.streamSlot(node, inv.ctx, route, inv.workflowId);
    const reentrant = slot.busy;
    // An overlapping call (a hook's own writes, concurrent tool streams) gets its own arguments.
    const args = argsForCall(slot.args, reentrant);
    args.part = part;
    args.streamParts = data.streamParts;
    if (!reentrant) slot.busy = true;
    if (inv.span !== undefined) {
      return traced(
        inv,
        label,
        processor,
        (tracing) => {
          args.tracingContext = tracing;
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

/** An async `processOutputStream` result; frees the step's arguments (`slot`, unless reentrant). */
export class StreamLater extends Later {
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
  resume(value: unknown): Out {
    if (this.slot !== undefined) this.slot.busy = false;
    return streamOut(value, this.part, this.data, this.inv, this.label);
  }
  fail(error: unknown): never {
    if (this.slot !== undefined) this.slot.busy = false;
    throw stepError(error, this.inv, this.label, this.processor);
  }
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

/** How a workflow step's call names its failures (see `HookCallNaming`). */
class StepNaming implements HookCallNaming {
  constructor(
    readonly inv: Invocation,
    readonly label: string,
    readonly processor: Processor | undefined,
    readonly onError: (() => void) | undefined,
  ) {}
  thrown(error: unknown): unknown {
    this.onError?.();
    return stepError(error, this.inv, this.label, this.processor);
  }
  /** A result that cannot be applied is already named (a workflow error) where it was found. */
  invalid(error: unknown): unknown {
    return error;
  }
  thrownOutcome(failure: unknown): HookOutcome {
    return TripWire.isInstance(failure) ? 'aborted' : 'failed';
  }
}

/**
 * Run a step's call through `callHook`, with a child span of the workflow's when tracing is on
 * (`inv.span`), turning throws into the workflow's errors. `after` maps the settled result to the
 * step's output.
 */
function traced(
  inv: Invocation,
  label: string,
  processor: Processor | undefined,
  call: (tracing: TracingContext) => unknown,
  after: (result: unknown) => Data | PromiseLike<Data>,
  outcome: (result: unknown) => HookOutcome,
  onError?: () => void,
): Out {
  const parent = inv.span;
  const span =
    parent === undefined
      ? undefined
      : startWorkflowStepSpan(parent, {
          workflowId: inv.workflowId,
          stepId: label,
          phase: inv.phase,
          hook: processor ? inv.hook : undefined,
          processorId: processor?.id,
        });
  return callHook(
    span === undefined ? undefined : spanCall(span),
    call,
    after,
    outcome,
    new StepNaming(inv, label, processor, onError),
  ) as Out;
}

/** What a step's throw becomes: tripwires (named after the step's processor) and aborts pass. */
export function stepError(error: unknown, inv: Invocation, label: string, processor?: Processor): unknown {
  // A workflow's own errors are processor errors: they pass as already attributed.
  return (
    attributeThrow(error, processor?.id ?? label, processor, inv.ctx.abortSignal) ??
    workflowStepFailed(inv.site(label), error)
  );
}
