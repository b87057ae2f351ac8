// Seeds 000/003 ("Hybrid processor"): block listed words on input and while streaming output.
import type { MastraDBMessage } from 'sluice/memory';
import type { ProcessInputArgs, ProcessOutputStreamArgs, Processor } from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';

export class ContentFilter implements Processor {
  id = 'content-filter';
  private blockedWords: string[];

  constructor(blockedWords: string[]) {
    this.blockedWords = blockedWords;
  }

  async processInput({ messages, abort }: ProcessInputArgs): Promise<MastraDBMessage[]> {
    for (const msg of messages) {
      const text = msg.content.parts
        ?.filter((p) => p.type === 'text')
        .map((p) => p.text)
        .join(' ');

      if (this.blockedWords.some((word) => text?.includes(word))) {
        abort('Blocked content detected in input');
      }
    }
    return messages;
  }

  async processOutputStream({ part, abort }: ProcessOutputStreamArgs): Promise<ChunkType | null> {
    if (part.type === 'text-delta') {
      if (this.blockedWords.some((word) => part.payload.text.includes(word))) {
        abort('Blocked content detected in output');
      }
    }
    return part;
  }
}
