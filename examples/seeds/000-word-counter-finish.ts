// Seeds 000/003 ("Stream accumulator with state"): count words, log on the finish chunk.
import type { ProcessOutputStreamArgs, Processor } from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';

// `state` is `Record<string, unknown>`; this processor's own fields are typed here.
type WordCounterState = { wordCount?: number };

export class WordCounter implements Processor {
  id = 'word-counter';

  async processOutputStream({
    part,
    state,
  }: ProcessOutputStreamArgs & { state: WordCounterState }): Promise<ChunkType> {
    // State starts empty.
    if (!state.wordCount) {
      state.wordCount = 0;
    }

    // Count words in text deltas.
    if (part.type === 'text-delta') {
      const words = part.payload.text.split(/\s+/).filter(Boolean);
      state.wordCount += words.length;
    }

    // Report at the end of the stream.
    if (part.type === 'finish') {
      console.log(`Total words: ${state.wordCount}`);
    }

    return part;
  }
}
