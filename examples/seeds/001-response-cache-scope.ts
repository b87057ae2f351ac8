// Seeds 001/002 ("Tenant scope"): an explicit cache scope instead of the resource id.
import { Agent } from 'sluice/agent';
import { InMemoryServerCache } from 'sluice/cache';
import { ResponseCache } from 'sluice/processors';

const cache = new InMemoryServerCache(); // `cache` is defined earlier on the seed page

new Agent({
  id: 'processors-agent',
  instructions: 'You are a helpful assistant.', // not in the seed; AgentConfig requires it
  model: 'openai/gpt-5-mini', // not in the seed; AgentConfig requires it
  inputProcessors: [
    new ResponseCache({
      cache,
      scope: 'org-123', // explicit tenant scope
    }),
  ],
});
