// Seeds 001/002 ("Transform input messages"): lowercase the text parts of every input message.
import type { MastraDBMessage } from 'sluice/memory';
import type { ProcessInputArgs, Processor } from 'sluice/processors';

export class CustomInputProcessor implements Processor {
  id = 'custom-input';

  async processInput({ messages }: ProcessInputArgs): Promise<MastraDBMessage[]> {
    // Rewrite text parts only; other parts pass through untouched.
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
