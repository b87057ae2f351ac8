// Seeds 000/003 ("Message transformer with processInputStep"): rename reasoning parts in place.
// biome-ignore lint/correctness/noUnusedImports: the seed imports it
import type { MastraDBMessage } from 'sluice/memory';
import type { ProcessInputStepArgs, Processor } from 'sluice/processors';

export class ReasoningTransformer implements Processor {
  id = 'reasoning-transformer';

  async processInputStep({ messages, messageList }: ProcessInputStepArgs) {
    // Edit parts in place each step (useful when switching providers), then return the list.
    for (const msg of messages) {
      if (msg.role === 'assistant' && msg.content.parts) {
        for (const part of msg.content.parts) {
          if (part.type === 'reasoning') {
            // biome-ignore lint/suspicious/noExplicitAny: the seed renames the part type through `any`
            (part as any).type = 'thinking';
          }
        }
      }
    }
    return messageList;
  }
}
