// Seeds 000/003 ("Per-step processor with processInputStep"): switch models by step history.
import type { ProcessInputStepArgs, ProcessInputStepResult, Processor } from 'sluice/processors';

export class DynamicModelProcessor implements Processor {
  id = 'dynamic-model';

  async processInputStep({
    stepNumber,
    steps,
    // biome-ignore lint/correctness/noUnusedFunctionParameters: the seed destructures it to show it is available
    toolChoice,
  }: ProcessInputStepArgs): Promise<ProcessInputStepResult> {
    // A fast model for the first call.
    if (stepNumber === 0) {
      return { model: 'openai/gpt-5-mini' };
    }

    // A stronger model once tools have been called.
    if (steps.length > 0 && steps[steps.length - 1].toolCalls?.length) {
      return { model: 'openai/gpt-5.6-sol' };
    }

    // Force an answer once the loop runs long.
    if (stepNumber > 5) {
      return { toolChoice: 'none' };
    }

    return {};
  }
}
