// Seeds 000/003 ("Example: redact sensitive fields"): rewrite a tool result in the message list.
import type { Processor, ProcessToolResultArgs } from 'sluice/processors';

export class RedactToolResult implements Processor {
  id = 'redact-tool-result';

  async processToolResult({ toolName, toolCallId, args, result, messageList }: ProcessToolResultArgs) {
    if (toolName !== 'lookup-customer') return;

    const redacted = {
      ...(result as Record<string, unknown>),
      ssn: '[REDACTED]',
      email: '[REDACTED]',
    };

    messageList.updateToolInvocation({
      type: 'tool-invocation',
      toolInvocation: {
        state: 'result',
        toolCallId,
        toolName,
        args,
        result: redacted,
      },
    });
  }
}
