export * from './chunk-types.js';
export {
  type AgentResponse,
  type FullOutput,
  MastraModelOutput,
  type RunSettlement,
  type RunStatus,
} from './model-output.js';
export type { LLMStepResult, StepContentPart, StepResult } from './step-result.js';
