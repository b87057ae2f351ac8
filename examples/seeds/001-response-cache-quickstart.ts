// Seeds 001/002 ("Response cache: quick start"): an in-memory backend for development.
import { Agent } from 'sluice/agent';
import { InMemoryServerCache } from 'sluice/cache';
import { ResponseCache } from 'sluice/processors';

const cache = new InMemoryServerCache();

export const searchAgent = new Agent({
  id: 'search-agent',
  name: 'Search Agent',
  instructions: 'You answer questions concisely.',
  model: 'openai/gpt-5',
  inputProcessors: [new ResponseCache({ cache, ttl: 600 })], // 10 minutes
});
