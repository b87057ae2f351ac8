// Seed 001 ("Custom cache backend"): a Redis-backed cache for production.

import { createClient } from 'redis';
import { Agent } from 'sluice/agent';
import { ResponseCache } from 'sluice/processors';
import { RedisServerCache } from 'sluice/redis';

const client = createClient({ url: process.env.REDIS_URL });
await client.connect();

const cache = new RedisServerCache({ client });

export const agent = new Agent({
  id: 'cached-agent',
  name: 'Cached Agent',
  instructions: '...',
  model: 'openai/gpt-5',
  inputProcessors: [new ResponseCache({ cache })],
});
