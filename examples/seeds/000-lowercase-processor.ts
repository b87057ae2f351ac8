// Seeds 000/003 ("Basic input processor"): lowercase text parts.
import type { MastraDBMessage } from 'sluice/memory';
import type { ProcessInputArgs, Processor } from 'sluice/processors';

export class LowercaseProcessor implements Processor {
  id = 'lowercase';

  async processInput({ messages }: ProcessInputArgs): Promise<MastraDBMessage[]> {
    return messages.map((msg) => ({
      ...msg,
      content: {
        ...msg.content,
        parts: msg.content.parts?.map((part) =>
          part.type === 'text' ? { ...part, text: part.text.toLowerCase() } : part,
        ),
      },
    }));
  }
}
