/**
 * Public types of `sluice/workflows`: steps, the workflow builder's data flow and the committed
 * workflow an agent accepts as a processor.
 */
import type { z } from 'zod/v4';
import type { TripWireOptions } from '../errors/tripwire.js';
import type {
  ProcessorState,
  ProcessorStreamWriter,
  ProcessorWorkflow,
  TracingContext,
} from '../pipeline/types.js';
import type {
  ProcessorPhase,
  ProcessorStepInput,
  ProcessorStepOutput,
} from '../processors/step-schema/index.js';
import type { RequestContext } from '../request-context/request-context.js';

/** A schema a step or workflow declares: any zod 4 schema. */
export type StepSchema<T = unknown> = z.ZodType<T>;

/**
 * What a plain step's `execute`, a `.map()` function and a `.branch()` condition receive. Inside
 * an agent run the fields come from the processor hook the workflow runs in.
 */
export interface StepExecuteContext<TInput = unknown> {
  /** The data before this step: phase data, or (after `.parallel()`) an object keyed by step id. */
  inputData: TInput;
  /** The phase being run (`'input'`, `'inputStep'`, `'outputStream'`, …). */
  phase: ProcessorPhase;
  /** Id of the workflow running the step. */
  workflowId: string;
  /** The output of an earlier step of this phase run (by step or step id), if it ran. */
  getStepResult<T = unknown>(step: string | { readonly id: string }): T | undefined;
  /** The phase data the workflow started this phase run with. */
  getInitData<T = ProcessorStepInput>(): T;
  /** Stop the run with a tripwire, as a processor's `abort()` does (the step's id is named). */
  abort: (reason?: string, options?: TripWireOptions) => never;
  /** Processor-triggered retries so far in this run. */
  retryCount: number;
  /** One object per step per run, like a processor's `state`. */
  state: ProcessorState;
  requestContext: RequestContext | undefined;
  writer: ProcessorStreamWriter | undefined;
  tracingContext: TracingContext | undefined;
  /** Fires when the caller aborts the run, and when the run has ended. */
  abortSignal: AbortSignal | undefined;
}

/** A plain step, as given to `createStep({ id, inputSchema, outputSchema, execute })`. */
export interface StepDefinition<TId extends string = string, TInput = unknown, TOutput = unknown> {
  id: TId;
  description?: string;
  inputSchema: StepSchema<TInput>;
  outputSchema: StepSchema<TOutput>;
  /** Receive `data-*` chunks in the stream phase too (as a processor's `processDataParts`). */
  processDataParts?: boolean;
  execute(context: StepExecuteContext<TInput>): TOutput | Promise<TOutput>;
}

/** A step made by `createStep`: a plain step or a processor step. */
export interface Step<TId extends string = string, TInput = unknown, TOutput = unknown> {
  readonly id: TId;
  readonly description?: string;
  readonly inputSchema: StepSchema<TInput>;
  readonly outputSchema: StepSchema<TOutput>;
  /**
   * Run the step on its own (outside an agent run). A processor step needs phase data with a
   * `messageList` (the message phases) or a `part` (`outputStream`).
   */
  execute(context: StepExecuteContext<TInput>): Promise<TOutput>;
  /** Type-level only (never set): the step's data types, for inference. */
  readonly '~types'?: { input: TInput; output: TOutput };
}

/** A step made from a processor: id `processor:<processor id>`, processor step data in and out. */
export interface ProcessorStep<TId extends string = string>
  extends Step<`processor:${TId}`, ProcessorStepInput, ProcessorStepOutput> {
  /** The processor whose hooks the step calls, one per phase. */
  readonly processor: { readonly id: TId };
}

/** A `.branch()` condition: the first one that holds picks the step that runs. */
export type BranchCondition<TInput = unknown> = (
  context: StepExecuteContext<TInput>,
) => boolean | Promise<boolean>;

/** A `.map()` function: its result is what the next step (or the workflow's caller) receives. */
export type MapFunction<TInput = unknown, TOutput = unknown> = (
  context: StepExecuteContext<TInput>,
) => TOutput | Promise<TOutput>;

/** Options of `createWorkflow`. */
export interface WorkflowConfig<TId extends string = string, TInput = unknown, TOutput = unknown> {
  id: TId;
  description?: string;
  inputSchema: StepSchema<TInput>;
  outputSchema: StepSchema<TOutput>;
}

/** A committed workflow, as processor lanes accept it (declared by the pipeline, which runs it). */
export type { ProcessorWorkflow };

/** The output type of a step or committed workflow. */
export type StepOutputOf<S> = S extends { readonly '~types'?: { output: infer O } } ? O : unknown;

/**
 * What the step after `.branch([[c1, a], [c2, b]])` receives: the output of the step that ran under
 * its step id (`{ 'processor:a': out }`), or `{}` when no condition held.
 */
export type BranchOutput<S extends { readonly id: string }> = {
  [K in S as K['id']]?: StepOutputOf<K>;
};

/** What the step after `.parallel([a, b])` receives: each branch's output under its step id. */
export type ParallelOutput<S extends readonly { readonly id: string }[]> = {
  [K in S[number] as K['id']]: StepOutputOf<K>;
};
