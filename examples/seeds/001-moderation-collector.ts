// Seeds 001/002: opt in to data-* chunks with processDataParts and collect them in state.
import type { ProcessOutputStreamArgs, Processor } from 'sluice/processors';

// `state` is `Record<string, unknown>`; this processor's own fields are typed here.
type CollectorState = { warnings?: unknown[] };

export class ModerationCollector implements Processor {
  id = 'moderation-collector';
  processDataParts = true;

  async processOutputStream({ part, state }: ProcessOutputStreamArgs & { state: CollectorState }) {
    if (part.type === 'data-moderation-update') {
      state.warnings ??= [];
      state.warnings.push(part.data);
    }
    return part;
  }
}
