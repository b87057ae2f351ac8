// Seeds 001/002: an input-processor array built per request from the RequestContext.
import { Agent } from 'sluice/agent';
import { TokenLimiter } from 'sluice/processors';

new Agent({
  id: 'processors-agent',
  instructions: 'You are a helpful assistant.', // not in the seed; AgentConfig requires it
  model: 'openai/gpt-5-mini', // not in the seed; AgentConfig requires it
  inputProcessors: ({ requestContext }) => {
    const limit = requestContext.get('tokenLimit') ?? 4000;
    return [new TokenLimiter(limit)];
  },
});
