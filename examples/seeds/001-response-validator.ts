// Seeds 001/002 ("Validate each response"): ask for a retry when a step's text is invalid.
import type { ProcessOutputStepArgs, Processor } from 'sluice/processors';
import { validateResponse } from './helpers.js';

export class ResponseValidator implements Processor {
  id = 'response-validator';

  async processOutputStep({ text, abort, retryCount }: ProcessOutputStepArgs) {
    const isValid = await validateResponse(text);

    if (!isValid && retryCount < 3) {
      abort('Response did not meet requirements. Try again.', { retry: true });
    }

    return [];
  }
}
