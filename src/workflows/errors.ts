/**
 * Errors of processor workflows. A failure inside a workflow is a `ProcessorError` (the workflow
 * sits in a processor lane) whose `processorId` is the workflow's id; `workflowId`, `stepId` and
 * `phase` say which step of which phase run failed.
 */
import { describeError } from '../errors/error-chain.js';
import { ProcessorError, type ProcessorHookName } from '../errors/processor-error.js';
import type { SluiceErrorOptions } from '../errors/sluice-error.js';
import type { ProcessorPhase } from '../processors/step-schema/index.js';

const MARKER = Symbol.for('sluice.error.processor-workflow');

/** Where in a workflow something went wrong. */
export interface WorkflowFailureSite {
  workflowId: string;
  /** The step's id (`processor:<id>` for a processor step, `map#1` for the first `.map()`). */
  stepId: string;
  phase: ProcessorPhase;
  hook: ProcessorHookName;
  stepNumber?: number;
}

/**
 * A step of a processor workflow failed (`PROCESSOR_WORKFLOW_FAILED`: it threw; the thrown value
 * is the `cause`) or produced data the next step cannot use (`PROCESSOR_WORKFLOW_INVALID_OUTPUT`).
 * A step's `abort()` is not an error: it ends the run with a tripwire naming the processor.
 */
export class ProcessorWorkflowError extends ProcessorError {
  protected readonly [MARKER] = true;
  /** Id of the workflow (also `processorId`: the workflow is the lane's entry). */
  readonly workflowId: string;
  /** Id of the step that failed. */
  readonly stepId: string;
  /** The phase the workflow was running. */
  readonly phase: ProcessorPhase;

  constructor(
    code: 'PROCESSOR_WORKFLOW_FAILED' | 'PROCESSOR_WORKFLOW_INVALID_OUTPUT',
    message: string,
    site: WorkflowFailureSite,
    options: SluiceErrorOptions = {},
  ) {
    super(
      code,
      message,
      { processorId: site.workflowId, hook: site.hook, stepNumber: site.stepNumber },
      {
        ...options,
        details: { ...options.details, workflowId: site.workflowId, stepId: site.stepId, phase: site.phase },
      },
    );
    this.name = 'ProcessorWorkflowError';
    this.workflowId = site.workflowId;
    this.stepId = site.stepId;
    this.phase = site.phase;
  }

  /** True for a `ProcessorWorkflowError` from any copy of the package. */
  static override isInstance(error: unknown): error is ProcessorWorkflowError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}

function at(site: WorkflowFailureSite): string {
  const step = site.stepNumber !== undefined ? `, step ${site.stepNumber}` : '';
  return `(${site.phase} phase${step})`;
}

/** A step threw. */
export function workflowStepFailed(site: WorkflowFailureSite, cause: unknown): ProcessorWorkflowError {
  return new ProcessorWorkflowError(
    'PROCESSOR_WORKFLOW_FAILED',
    `Processor workflow "${site.workflowId}" failed in step "${site.stepId}" ${at(site)}: ${describeError(cause)}. Fix or guard the step; to stop the run on purpose, call abort(reason) in it instead of throwing.`,
    site,
    { cause },
  );
}

/** A step (or the workflow as a whole) produced something that is not usable phase data. */
export function workflowInvalidOutput(
  site: WorkflowFailureSite,
  problem: string,
  cause?: unknown,
): ProcessorWorkflowError {
  return new ProcessorWorkflowError(
    'PROCESSOR_WORKFLOW_INVALID_OUTPUT',
    `Processor workflow "${site.workflowId}" step "${site.stepId}" ${at(site)} ${problem}`,
    site,
    cause === undefined ? {} : { cause },
  );
}
