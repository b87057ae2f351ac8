// Seeds 000/003 ("Processor types"): processors implementing processAPIError go in errorProcessors.
import { Agent } from 'sluice/agent';
import { PrefillErrorHandler } from 'sluice/processors';

// biome-ignore lint/correctness/noUnusedVariables: the seed defines the agent without using it
const agent = new Agent({
  id: 'agent',
  instructions: 'You are a helpful assistant.', // not in the seed; AgentConfig requires it
  model: 'openai/gpt-5-mini', // not in the seed; AgentConfig requires it
  errorProcessors: [new PrefillErrorHandler()],
});
