// Seeds 000/003: build processors per request from the RequestContext.
import { Agent } from 'sluice/agent';
import { ContentFilter } from './000-content-filter.js';

export const processorInterfaceAgent = new Agent({
  id: 'processor-interface-agent',
  instructions: 'You are a helpful assistant.', // not in the seed; AgentConfig requires it
  model: 'openai/gpt-5-mini', // not in the seed; AgentConfig requires it
  inputProcessors: ({ requestContext }) => {
    const blockedWords = requestContext.get('blockedWords') ?? [];
    return [new ContentFilter(blockedWords)];
  },
});
