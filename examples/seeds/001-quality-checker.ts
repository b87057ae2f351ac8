// Seeds 001/002 ("Retry mechanism"): retry low-quality steps, capped by maxProcessorRetries.
import { Agent } from 'sluice/agent';
import type { ProcessOutputStepArgs, Processor } from 'sluice/processors';
import { evaluateQuality } from './helpers.js';

export class QualityChecker implements Processor {
  id = 'quality-checker';

  async processOutputStep({ text, abort, retryCount }: ProcessOutputStepArgs) {
    const qualityScore = await evaluateQuality(text);

    if (qualityScore < 0.7 && retryCount < 3) {
      // The reason goes back to the model as feedback.
      abort('Response quality score too low. Please provide a more detailed answer.', {
        retry: true,
        metadata: { score: qualityScore },
      });
    }

    return [];
  }
}

// biome-ignore lint/correctness/noUnusedVariables: the seed defines the agent without using it
const agent = new Agent({
  id: 'quality-agent',
  name: 'Quality Agent',
  instructions: 'You are a helpful assistant.', // not in the seed; AgentConfig requires it
  model: 'openai/gpt-5.6-sol',
  outputProcessors: [new QualityChecker()],
  maxProcessorRetries: 3, // unset: processor-requested step retries abort instead
});
