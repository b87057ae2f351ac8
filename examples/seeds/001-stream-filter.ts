// Seeds 001/002 ("Filter streamed output"): drop text deltas that mention "secret".
import type { ProcessOutputStreamArgs, Processor } from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';

export class StreamFilter implements Processor {
  id = 'stream-filter';

  async processOutputStream({ part }: ProcessOutputStreamArgs): Promise<ChunkType | null> {
    // null drops this one chunk; the stream goes on.
    if (part.type === 'text-delta' && part.payload.text.includes('secret')) {
      return null;
    }

    // Returning the part emits it unchanged.
    return part;
  }
}
