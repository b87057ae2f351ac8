/**
 * `sluice/workflows`: workflows as processors. Build a workflow of processor steps with
 * `.then()`, `.parallel()`, `.branch()` and `.map()`, `.commit()` it, and put it in an agent's
 * `inputProcessors` or `outputProcessors`: it runs once per phase (input, each input step, each
 * stream chunk, each output step, each tool result, the output result). Parallel branches work on
 * their own copies of the phase data; the `.map()` result is what continues.
 */
export { ProcessorWorkflowError, type WorkflowFailureSite } from './errors.js';
export type {
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
export {
  type CommittedWorkflow,
  createStep,
  createWorkflow,
  isProcessorWorkflow,
  type StepLike,
  Workflow,
} from './workflow.js';
