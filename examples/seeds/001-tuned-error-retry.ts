// Seed 001 ("Error processors are on by default"): replace one default by reusing its id.
import { Agent } from 'sluice/agent';
import { StreamErrorRetryProcessor } from 'sluice/processors';

// biome-ignore lint/correctness/noUnusedVariables: the seed defines the agent without using it
const agent = new Agent({
  id: 'tuned-agent',
  name: 'tuned-agent',
  model: 'openai/gpt-5',
  instructions: '...',
  errorProcessors: [new StreamErrorRetryProcessor({ maxRetries: 5 })],
  maxProcessorRetries: 5,
});
