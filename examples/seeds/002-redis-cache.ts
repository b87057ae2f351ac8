// Seed 002 (older guide): the same Redis backend under its older name and a `url` option.
import { Agent } from 'sluice/agent';
import { ResponseCache } from 'sluice/processors';
import { RedisCache } from 'sluice/redis';

const cache = new RedisCache({ url: process.env.REDIS_URL });

export const agent = new Agent({
  id: 'cached-agent',
  name: 'Cached Agent',
  instructions: '...',
  model: 'openai/gpt-5',
  inputProcessors: [new ResponseCache({ cache })],
});
