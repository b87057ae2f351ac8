// Seeds 001/002: read usage and finish reason from the final result.
import type { ProcessOutputResultArgs, Processor } from 'sluice/processors';

export class UsageTracker implements Processor {
  id = 'usage-tracker';

  async processOutputResult({ messages, result }: ProcessOutputResultArgs) {
    console.log(`Tokens: ${result.usage.inputTokens} in, ${result.usage.outputTokens} out`);
    console.log(`Finish reason: ${result.finishReason}`);
    return messages;
  }
}
