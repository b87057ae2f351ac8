// Seeds 001/002 ("Ensure a final response with maxSteps"): a reactive signal on the last step.
import type { ProcessInputStepArgs, Processor } from 'sluice/processors';

export class EnsureFinalResponseProcessor implements Processor {
  readonly id = 'ensure-final-response';

  private maxSteps: number;

  constructor(maxSteps: number) {
    this.maxSteps = maxSteps;
  }

  async processInputStep({ stepNumber, sendSignal }: ProcessInputStepArgs) {
    if (stepNumber !== this.maxSteps - 1) {
      return;
    }

    await sendSignal?.({
      type: 'reactive',
      contents:
        `This is your final step (step ${stepNumber + 1} of ${this.maxSteps}). ` +
        `Do not call any more tools. Summarize what you have found and give the user a complete final answer now.`,
      attributes: { reason: 'max-steps-reached', step: stepNumber + 1 },
    });
  }
}
