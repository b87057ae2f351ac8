// Seeds 001/002 ("Transform output messages"): drop system messages from the final output.
import type { MastraDBMessage } from 'sluice/memory';
import type { ProcessOutputResultArgs, Processor } from 'sluice/processors';

export class CustomOutputProcessor implements Processor {
  id = 'custom-output';

  async processOutputResult({ messages }: ProcessOutputResultArgs): Promise<MastraDBMessage[]> {
    // Runs once, after generation.
    return messages.filter((msg) => msg.role !== 'system');
  }
}
