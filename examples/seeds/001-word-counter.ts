// Seeds 001/002 ("Persist data across chunks and steps"): per-request state shared by two hooks.
import type { ProcessOutputResultArgs, ProcessOutputStreamArgs, Processor } from 'sluice/processors';

// `state` is `Record<string, unknown>`; this processor's own fields are typed here.
type WordCounterState = { wordCount?: number };

export class WordCounter implements Processor {
  id = 'word-counter';

  async processOutputStream({ part, state }: ProcessOutputStreamArgs & { state: WordCounterState }) {
    state.wordCount ??= 0;
    if (part.type === 'text-delta') {
      state.wordCount += part.payload.text.split(/\s+/).filter(Boolean).length;
    }
    return part;
  }

  async processOutputResult({ messages, state }: ProcessOutputResultArgs) {
    console.log(`Total words: ${state.wordCount}`);
    return messages;
  }
}
