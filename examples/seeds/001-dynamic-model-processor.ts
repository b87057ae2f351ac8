// Seeds 001/002 ("Control each step"): per-step model and tool-choice overrides.
import type { ProcessInputStepArgs, ProcessInputStepResult, Processor } from 'sluice/processors';

export class DynamicModelProcessor implements Processor {
  id = 'dynamic-model';

  async processInputStep({
    stepNumber,
    // biome-ignore lint/correctness/noUnusedFunctionParameters: the seed destructures it to show it is available
    model,
    // biome-ignore lint/correctness/noUnusedFunctionParameters: the seed destructures it to show it is available
    toolChoice,
    // biome-ignore lint/correctness/noUnusedFunctionParameters: the seed destructures it to show it is available
    messageList,
  }: ProcessInputStepArgs): Promise<ProcessInputStepResult> {
    // A fast model for the first call.
    if (stepNumber === 0) {
      return { model: 'openai/gpt-5-mini' };
    }

    // Force an answer once the loop runs long.
    if (stepNumber > 5) {
      return { toolChoice: 'none' };
    }

    // Otherwise leave the step as it is.
    return {};
  }
}
