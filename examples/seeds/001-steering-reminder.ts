// Seeds 001/002 ("Deliver a reminder without persisting it"): a transient signal every step.
import type { ProcessInputStepArgs, Processor } from 'sluice/processors';

export class SteeringReminderProcessor implements Processor {
  readonly id = 'steering-reminder';

  async processInputStep({ sendSignal }: ProcessInputStepArgs) {
    await sendSignal?.({
      type: 'reactive',
      contents: 'Stay on the current task and keep answers under three sentences.',
      transient: true,
    });
  }
}
