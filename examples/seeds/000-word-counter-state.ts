// Seeds 000/003 ("State lifecycle"): initialise state fields defensively.
import type { ProcessOutputStreamArgs, Processor } from 'sluice/processors';

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
}
