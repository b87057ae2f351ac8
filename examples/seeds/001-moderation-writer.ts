// Seeds 001/002 ("Emit custom stream events"): moderate the final text, report via writer.custom().
import type { ProcessOutputResultArgs, Processor } from 'sluice/processors';
import { runModeration } from './helpers.js';

export class ModerationProcessor implements Processor {
  id = 'moderation';

  async processOutputResult({ messages, writer }: ProcessOutputResultArgs) {
    // Moderate the assistant's final text.
    const text = messages
      .filter((m) => m.role === 'assistant')
      .flatMap((m) => m.content.parts?.filter((p) => p.type === 'text'))
      .map((p) => p.text)
      .join(' ');

    const result = await runModeration(text);

    if (result.requiresChange) {
      // Tell the client what changed, without blocking the stream.
      await writer?.custom({
        type: 'data-moderation-update',
        data: {
          originalText: text,
          moderatedText: result.moderatedText,
          reason: result.reason,
        },
      });
    }

    return messages;
  }
}
