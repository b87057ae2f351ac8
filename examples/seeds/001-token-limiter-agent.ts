// Seeds 001/002 ("TokenLimiter"): drop the oldest messages beyond a token budget.
import { Agent } from 'sluice/agent';
import { TokenLimiter } from 'sluice/processors';

// biome-ignore lint/correctness/noUnusedVariables: the seed defines the agent without using it
const agent = new Agent({
  id: 'my-agent',
  name: 'my-agent',
  instructions: 'You are a helpful assistant.', // not in the seed; AgentConfig requires it
  model: 'openai/gpt-5.6-sol',
  inputProcessors: [new TokenLimiter(127000)],
});
