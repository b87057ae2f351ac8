/**
 * `createWorkflow` / `createStep`: the builder of processor workflows. Building only records the
 * graph (`graph.ts`); nothing runs until the committed workflow sits in an agent's processor lane
 * (or a step's `execute` is called directly).
 */

import { ConfigurationError } from '../errors/configuration-error.js';
import { describeValue } from '../errors/describe-value.js';
import { AS_LANE_PROCESSOR, type LaneArrayName } from '../pipeline/lane-entry.js';
import type { Processor } from '../pipeline/types.js';
import { ProcessorStepInputSchema, ProcessorStepOutputSchema } from '../processors/step-schema/index.js';
import { workflowLaneEntry } from './as-processor.js';
import { runStepStandalone } from './engine/standalone.js';
import type { GraphNode, StepNode } from './graph.js';
import type {
  BranchCondition,
  BranchOutput,
  MapFunction,
  ParallelOutput,
  ProcessorStep,
  ProcessorWorkflow,
  Step,
  StepDefinition,
  StepExecuteContext,
  StepOutputOf,
  StepSchema,
  WorkflowConfig,
} from './types.js';

const WORKFLOW_BRAND = Symbol.for('sluice.workflow');
const STEP_NODE = Symbol.for('sluice.workflow.step');
const COMMITTED_NODES = Symbol('sluice.workflow.nodes');

/** The six hooks a processor step can run (one per phase). */
const STEP_HOOKS = [
  'processInput',
  'processInputStep',
  'processOutputStream',
  'processOutputStep',
  'processToolResult',
  'processOutputResult',
] as const;
/** Hooks that never run inside a workflow (SPEC 2.7). */
const WORKFLOW_FREE_HOOKS = ['processLLMRequest', 'processLLMResponse', 'processAPIError'] as const;

/** Anything `.then()` / `.parallel()` / `.branch()` accept: a step or a committed workflow. */
export type StepLike = Step<string, unknown, unknown> | CommittedWorkflow<string, unknown, unknown, unknown>;

/**
 * A workflow under construction. Each method adds to the sequence and returns the workflow typed
 * with the data the next step receives (`TPrev`); `.commit()` finishes it.
 */
export class Workflow<TId extends string = string, TInput = unknown, TOutput = unknown, TPrev = TInput> {
  readonly id: TId;
  readonly description?: string;
  readonly inputSchema: StepSchema<TInput>;
  readonly outputSchema: StepSchema<TOutput>;
  /** Type-level only (never set): the workflow's data types when used as a step. */
  declare readonly '~types'?: { input: TInput; output: TPrev };
  readonly [WORKFLOW_BRAND] = true;
  readonly #nodes: GraphNode[] = [];
  #committed = false;
  #maps = 0;
  #branches = 0;

  constructor(config: WorkflowConfig<TId, TInput, TOutput>) {
    if (typeof config !== 'object' || config === null) {
      throw builderError('createWorkflow() needs { id, inputSchema, outputSchema }.');
    }
    if (typeof config.id !== 'string' || config.id.trim() === '') {
      throw builderError(
        'createWorkflow() needs a non-empty string "id", e.g. createWorkflow({ id: \'moderation\', inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema }).',
      );
    }
    for (const key of ['inputSchema', 'outputSchema'] as const) {
      if (!isSchema(config[key])) {
        throw builderError(
          `Workflow "${config.id}": "${key}" must be a zod schema (for a processor workflow: ProcessorStepSchema from sluice/processors).`,
        );
      }
    }
    this.id = config.id;
    if (config.description !== undefined) this.description = config.description;
    this.inputSchema = config.inputSchema;
    this.outputSchema = config.outputSchema;
  }

  /** True once `.commit()` was called. */
  get committed(): boolean {
    return this.#committed;
  }

  /** Run in a processor lane (checked by the pipeline: an uncommitted workflow is refused there). */
  [AS_LANE_PROCESSOR](array: LaneArrayName, at: string, owner: string): Processor {
    return workflowLaneEntry(this, Workflow.nodesOf(this), array, at, owner);
  }

  /** Run `step` after what came before; it receives the previous step's output. */
  // biome-ignore lint/suspicious/noThenProperty: `.then(step)` is the documented builder method.
  then<S extends StepLike>(step: S): Workflow<TId, TInput, TOutput, StepOutputOf<S>> {
    if (typeof step === 'function') {
      // The promise machinery calls then(resolve, reject) on a builder that was awaited.
      throw builderError(
        `Workflow "${this.id}" was awaited (or returned from an async function) before .commit(); a workflow under construction cannot be awaited. Call .commit() and use the committed workflow it returns.`,
      );
    }
    this.#open('then');
    this.#nodes.push({ kind: 'step', step: this.#stepNode(step, '.then()') });
    return this as unknown as Workflow<TId, TInput, TOutput, StepOutputOf<S>>;
  }

  /**
   * Run `steps` side by side on the same input; the next step receives an object keyed by step
   * id (`inputData['processor:pii-detector']`). Each branch works on its own copy of the phase
   * data, so one branch's edits are never seen (or undone) by another.
   */
  parallel<const S extends readonly StepLike[]>(steps: S): Workflow<TId, TInput, TOutput, ParallelOutput<S>> {
    this.#open('parallel');
    if (!Array.isArray(steps) || steps.length === 0) {
      throw builderError(
        `Workflow "${this.id}": .parallel() needs a non-empty array of steps, e.g. .parallel([createStep(a), createStep(b)]).`,
      );
    }
    const nodes = steps.map((step, i) => this.#stepNode(step, `.parallel() item ${i}`));
    const seen = new Set<string>();
    for (const node of nodes) {
      if (seen.has(node.id)) {
        throw builderError(
          `Workflow "${this.id}": .parallel() has two steps with the id "${node.id}"; their results would share one key. Give each step its own id (one processor per branch).`,
        );
      }
      seen.add(node.id);
    }
    this.#nodes.push({ kind: 'parallel', steps: nodes });
    return this as unknown as Workflow<TId, TInput, TOutput, ParallelOutput<S>>;
  }

  /**
   * Conditional routing: the conditions are tried in order and the step of the first that holds
   * runs. As after `.parallel()`, the next step receives its output keyed by step id
   * (`inputData['processor:translator']`); when no condition holds it receives `{}`. Follow the
   * branch with `.map()` to choose what goes on.
   */
  branch<const B extends ReadonlyArray<readonly [BranchCondition<TPrev>, StepLike]>>(
    branches: B,
  ): Workflow<TId, TInput, TOutput, BranchOutput<B[number][1]>> {
    this.#open('branch');
    const label = `branch#${++this.#branches}`;
    if (!Array.isArray(branches) || branches.length === 0) {
      throw builderError(
        `Workflow "${this.id}": .branch() needs a non-empty array of [condition, step] pairs, e.g. .branch([[({ inputData }) => inputData.phase === 'input', createStep(pii)]]).`,
      );
    }
    const entries = branches.map((entry, i) => {
      if (!Array.isArray(entry) || typeof entry[0] !== 'function') {
        throw builderError(
          `Workflow "${this.id}": ${label} item ${i} must be a [condition, step] pair whose condition is a function of { inputData }.`,
        );
      }
      return {
        condition: entry[0] as BranchCondition,
        step: this.#stepNode(entry[1] as StepLike, `${label} item ${i}`),
      };
    });
    this.#nodes.push({ kind: 'branch', label, branches: entries });
    return this as unknown as Workflow<TId, TInput, TOutput, BranchOutput<B[number][1]>>;
  }

  /**
   * Reshape the data: `fn`'s result is what continues. After `.parallel()` it picks the branch
   * whose output goes on, e.g. `.map(({ inputData }) => inputData['processor:pii-detector'])`.
   */
  map<T>(fn: MapFunction<TPrev, T>): Workflow<TId, TInput, TOutput, Awaited<T>> {
    this.#open('map');
    if (typeof fn !== 'function') {
      throw builderError(
        `Workflow "${this.id}": .map() takes a function of { inputData }, e.g. .map(({ inputData }) => inputData['processor:pii-detector']) (got ${describeValue(fn)}).`,
      );
    }
    this.#nodes.push({ kind: 'map', label: `map#${++this.#maps}`, fn: fn as MapFunction });
    return this as unknown as Workflow<TId, TInput, TOutput, Awaited<T>>;
  }

  /** Finish the workflow. Only a committed workflow can run (as a processor or as a step). */
  commit(): CommittedWorkflow<TId, TInput, TOutput, TPrev> {
    this.#open('commit');
    if (this.#nodes.length === 0) {
      throw builderError(
        `Workflow "${this.id}" has no steps; add some with .then(), .parallel() or .branch() before .commit().`,
      );
    }
    this.#committed = true;
    return new CommittedWorkflowObject(this, this.#nodes) as unknown as CommittedWorkflow<
      TId,
      TInput,
      TOutput,
      TPrev
    >;
  }

  #open(method: string): void {
    if (this.#committed) {
      throw builderError(
        `Workflow "${this.id}" is committed; .${method}() cannot change it. Build a new workflow with createWorkflow() instead.`,
      );
    }
  }

  #stepNode(step: unknown, where: string): StepNode {
    const node = stepNodeOf(step);
    if (node) return node;
    if (isWorkflowObject(step)) {
      throw builderError(
        `Workflow "${this.id}": ${where} is the workflow "${(step as { id: string }).id}", which is not committed; call .commit() on it first.`,
      );
    }
    if (
      typeof step === 'object' &&
      step !== null &&
      STEP_HOOKS.some((h) => typeof (step as never)[h] === 'function')
    ) {
      throw builderError(
        `Workflow "${this.id}": ${where} is a processor ("${String((step as { id?: unknown }).id)}"), not a step; wrap it with createStep(processor).`,
      );
    }
    throw builderError(
      `Workflow "${this.id}": ${where} is not a step. Pass createStep(processor), createStep({ id, inputSchema, outputSchema, execute }) or a committed workflow.`,
    );
  }

  /** The recorded graph (internal: the plan compiler reads it). */
  static nodesOf(workflow: Workflow<string, unknown, unknown, unknown>): readonly GraphNode[] {
    return workflow.#nodes;
  }
}

/**
 * A workflow after `.commit()`: usable as a processor (when built on `ProcessorStepSchema`) or as
 * a step of another workflow. It has no builder methods, so it is not a thenable: it can be
 * awaited and returned from async functions like any other value.
 */
export interface CommittedWorkflow<
  TId extends string = string,
  TInput = unknown,
  TOutput = unknown,
  TPrev = unknown,
> extends ProcessorWorkflow {
  readonly id: TId;
  readonly inputSchema: StepSchema<TInput>;
  readonly outputSchema: StepSchema<TOutput>;
  readonly committed: true;
  /** Type-level only (never set): the workflow's data types when used as a step. */
  readonly '~types'?: { input: TInput; output: TPrev };
}

class CommittedWorkflowObject {
  readonly id: string;
  readonly description?: string;
  readonly inputSchema: StepSchema;
  readonly outputSchema: StepSchema;
  readonly committed = true as const;
  readonly [WORKFLOW_BRAND] = true;
  readonly [COMMITTED_NODES]: readonly GraphNode[];

  constructor(source: Workflow<string, unknown, unknown, unknown>, nodes: readonly GraphNode[]) {
    this.id = source.id;
    if (source.description !== undefined) this.description = source.description;
    this.inputSchema = source.inputSchema;
    this.outputSchema = source.outputSchema;
    this[COMMITTED_NODES] = nodes;
    Object.freeze(this);
  }

  /** Run in a processor lane as one processor (see `./as-processor.ts`). */
  [AS_LANE_PROCESSOR](array: LaneArrayName, at: string, owner: string): Processor {
    return workflowLaneEntry(this, this[COMMITTED_NODES], array, at, owner);
  }
}

/**
 * Start a workflow. For use as a processor give it `ProcessorStepSchema` as input and output
 * schema (checked when the agent is built), add steps, and `.commit()`.
 */
export function createWorkflow<TId extends string, TInput, TOutput>(
  config: WorkflowConfig<TId, TInput, TOutput>,
): Workflow<TId, TInput, TOutput, TInput> {
  return new Workflow(config);
}

/** True for a committed workflow made by `createWorkflow` (of any copy of the package). */
export function isProcessorWorkflow(value: unknown): value is ProcessorWorkflow {
  return isWorkflowObject(value) && (value as { committed?: unknown }).committed === true;
}

/** True for any workflow made by `createWorkflow`, committed or not. */
function isWorkflowObject(value: unknown): value is {
  readonly id: string;
  readonly committed: boolean;
  readonly inputSchema: unknown;
  readonly outputSchema: unknown;
} {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[WORKFLOW_BRAND] === true
  );
}

/** The graph of a workflow (empty for anything else). */
function workflowNodes(workflow: unknown): readonly GraphNode[] {
  if (workflow instanceof CommittedWorkflowObject) return workflow[COMMITTED_NODES];
  return workflow instanceof Workflow ? Workflow.nodesOf(workflow) : [];
}

/**
 * Make a step. From a processor: step id `processor:<processor id>`, processor step data in and
 * out, and per phase the matching hook runs (or the data passes through when the processor lacks
 * it). From a definition: a plain step whose `execute` runs in every phase.
 */
export function createStep<TId extends string, TInput, TOutput>(
  definition: StepDefinition<TId, TInput, TOutput>,
): Step<TId, TInput, TOutput>;
export function createStep<TId extends string>(processor: Processor<TId>): ProcessorStep<TId>;
export function createStep(value: unknown): Step<string, unknown, unknown> {
  if (typeof value !== 'object' || value === null) {
    throw builderError(
      `createStep() takes a processor or { id, inputSchema, outputSchema, execute } (got ${describeValue(value)}).`,
    );
  }
  const candidate = value as Record<string, unknown>;
  if (typeof candidate.execute === 'function') return plainStep(candidate);
  if (STEP_HOOKS.some((hook) => typeof candidate[hook] === 'function'))
    return processorStep(value as Processor);
  const id = typeof candidate.id === 'string' ? ` "${candidate.id}"` : '';
  const free = WORKFLOW_FREE_HOOKS.filter((hook) => typeof candidate[hook] === 'function');
  if (free.length > 0) {
    throw builderError(
      `createStep(): processor${id} implements only ${free.join(', ')}, which never run inside a workflow (only ${STEP_HOOKS.join(', ')} do). Put it in the agent's processor arrays directly.`,
    );
  }
  throw builderError(
    `createStep(): ${id ? `"${candidate.id}"` : 'the value'} is neither a processor (it implements none of ${STEP_HOOKS.join(', ')}) nor a step definition ({ id, inputSchema, outputSchema, execute }).`,
  );
}

function processorStep(processor: Processor): ProcessorStep {
  const processorId = processor.id;
  if (typeof processorId !== 'string' || processorId.trim() === '') {
    throw builderError(
      'createStep(): the processor has no "id"; the step is named processor:<id>, so give it a unique non-empty string id.',
    );
  }
  const node: StepNode = { kind: 'processor', id: `processor:${processorId}`, processor };
  return makeStep(node, {
    id: node.id,
    description: processor.description,
    processor,
  }) as unknown as ProcessorStep;
}

function plainStep(definition: Record<string, unknown>): Step<string, unknown, unknown> {
  const id = definition.id;
  if (typeof id !== 'string' || id.trim() === '') {
    throw builderError('createStep(): a step definition needs a non-empty string "id".');
  }
  for (const key of ['inputSchema', 'outputSchema'] as const) {
    if (!isSchema(definition[key])) {
      throw builderError(
        `createStep(): step "${id}" needs "${key}" to be a zod schema (use ProcessorStepSchema for phase data).`,
      );
    }
  }
  const node: StepNode = {
    kind: 'plain',
    id,
    definition: definition as unknown as StepDefinition<string, unknown, unknown>,
  };
  return makeStep(node, { id, description: definition.description as string | undefined });
}

function makeStep(node: StepNode, fields: { id: string; description?: string; processor?: Processor }) {
  const schemas =
    node.kind === 'plain'
      ? { inputSchema: node.definition.inputSchema, outputSchema: node.definition.outputSchema }
      : { inputSchema: ProcessorStepInputSchema, outputSchema: ProcessorStepOutputSchema };
  const step = {
    ...fields,
    ...schemas,
    execute: (context: StepExecuteContext<unknown>) => runStepStandalone(node, context),
    [STEP_NODE]: node,
  };
  if (step.description === undefined) delete step.description;
  if (step.processor === undefined) delete step.processor;
  return Object.freeze(step);
}

/** The graph node of a step or committed workflow, or `undefined`. */
function stepNodeOf(value: unknown): StepNode | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const node = (value as Record<symbol, unknown>)[STEP_NODE] as StepNode | undefined;
  if (node) return node;
  if (isProcessorWorkflow(value)) {
    const nodes = workflowNodes(value);
    if (nodes.length > 0) return { kind: 'workflow', id: value.id, nodes };
  }
  return undefined;
}

function isSchema(value: unknown): value is StepSchema {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { safeParse?: unknown }).safeParse === 'function'
  );
}

function builderError(message: string): ConfigurationError {
  return new ConfigurationError('WORKFLOW_INVALID_CONFIG', message);
}
