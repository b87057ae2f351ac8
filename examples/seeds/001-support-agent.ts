// Seeds 001/002 ("Attach processors to an agent"): the three processor arrays.
import { Agent } from 'sluice/agent';
import { ModerationProcessor, PrefillErrorHandler, TokenLimiter } from 'sluice/processors';

// biome-ignore lint/correctness/noUnusedVariables: the seed defines the agent without using it
const agent = new Agent({
  id: 'support-agent',
  name: 'support-agent',
  model: 'openai/gpt-5',
  instructions: '...',
  inputProcessors: [new TokenLimiter(4000), new ModerationProcessor({ model: 'openai/gpt-5-nano' })],
  outputProcessors: [new ModerationProcessor({ model: 'openai/gpt-5-nano' })],
  errorProcessors: [new PrefillErrorHandler()],
});
