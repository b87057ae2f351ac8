/**
 * One phase run of a workflow ({@link Invocation}): the hook call it serves, the step outputs it
 * records for `getStepResult`, and the site its errors name.
 */
import type { Span } from '@opentelemetry/api';
import type { ProcessorHookName } from '../../errors/processor-error.js';
import type { MessageList } from '../../messages/message-list.js';
import type { ProcessorState, ProcessorStreamWriter, TracingContext } from '../../pipeline/types.js';
import type { ProcessorPhase } from '../../processors/step-schema/index.js';
import type { RequestContext } from '../../request-context/request-context.js';
import type { WorkflowFailureSite } from '../errors.js';
import type { Data } from './later.js';
import type { RunScope } from './run-scope.js';

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
