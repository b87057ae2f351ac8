// Seeds 000/003 ("Example: quality guardrail with retry"): retry, then block.
import type { ProcessOutputStepArgs, Processor } from 'sluice/processors';
import { evaluateResponseQuality } from './helpers.js';

export class QualityGuardrail implements Processor {
  id = 'quality-guardrail';

  async processOutputStep({ text, abort, retryCount }: ProcessOutputStepArgs) {
    const score = await evaluateResponseQuality(text);

    if (score < 0.7) {
      if (retryCount < 3) {
        // Retry with the reason as feedback.
        abort('Response quality too low. Please provide more detail.', {
          retry: true,
          metadata: { qualityScore: score },
        });
      } else {
        // Out of retries: block.
        abort('Response quality too low after multiple attempts.');
      }
    }

    return [];
  }
}
