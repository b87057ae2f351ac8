// Seeds 001/002 ("Add metadata to messages"): stamp assistant messages in processOutputResult.
import type { MastraDBMessage } from 'sluice/memory';
import type { Processor } from 'sluice/processors';

export class MetadataProcessor implements Processor {
  id = 'metadata-processor';

  async processOutputResult({ messages }: { messages: MastraDBMessage[] }): Promise<MastraDBMessage[]> {
    return messages.map((msg) => {
      if (msg.role === 'assistant') {
        return {
          ...msg,
          content: {
            ...msg.content,
            metadata: {
              ...msg.content.metadata,
              processedAt: new Date().toISOString(),
              customData: 'your data here',
            },
          },
        };
      }
      return msg;
    });
  }
}
