// Seeds 000/003 ("Example: custom error recovery"): drop two old messages and retry once.
import { APICallError } from '@ai-sdk/provider';
import type { ProcessAPIErrorArgs, ProcessAPIErrorResult, Processor } from 'sluice/processors';

export class ErrorRecoveryProcessor implements Processor {
  id = 'error-recovery';

  // biome-ignore lint/suspicious/noConfusingVoidType: the seed's own return type
  processAPIError({ error, messageList, retryCount }: ProcessAPIErrorArgs): ProcessAPIErrorResult | void {
    // One retry at most.
    if (retryCount > 0) return;

    // Only for a context-length rejection.
    if (APICallError.isInstance(error) && error.message.includes('context length exceeded')) {
      // Make room by removing older messages.
      const messages = messageList.get.all.db();
      if (messages.length > 4) {
        messageList.removeByIds([messages[1]!.id, messages[2]!.id]);
        return { retry: true };
      }
    }
  }
}
