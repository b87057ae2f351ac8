// Seeds 000/003: opt in to data-* chunks and collect `data-moderation` payloads in state.
import type { ProcessOutputStreamArgs, Processor } from 'sluice/processors';

// `state` is `Record<string, unknown>`; this processor's own fields are typed here.
type CollectorState = { warnings?: unknown[] };

export class ModerationCollector implements Processor {
  id = 'moderation-collector';
  processDataParts = true;

  async processOutputStream({ part, state }: ProcessOutputStreamArgs & { state: CollectorState }) {
    if (part.type === 'data-moderation') {
      state.warnings ??= [];
      state.warnings.push(part.data);
    }
    return part;
  }
}
