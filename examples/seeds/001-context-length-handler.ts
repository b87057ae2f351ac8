// Seeds 001/002 ("API error handling"): trim history and retry on a context-length rejection.
import { APICallError } from '@ai-sdk/provider';
import type { ProcessAPIErrorArgs, ProcessAPIErrorResult, Processor } from 'sluice/processors';

export class ContextLengthHandler implements Processor {
  id = 'context-length-handler';

  // biome-ignore lint/suspicious/noConfusingVoidType: the seed's own return type
  processAPIError({ error, messageList, retryCount }: ProcessAPIErrorArgs): ProcessAPIErrorResult | void {
    if (retryCount > 0) return;

    if (APICallError.isInstance(error) && error.message.includes('context length exceeded')) {
      const messages = messageList.get.all.db();
      if (messages.length > 4) {
        messageList.removeByIds([messages[1]!.id, messages[2]!.id]);
        return { retry: true };
      }
    }
  }
}
