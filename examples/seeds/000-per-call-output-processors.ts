// Seeds 000/003: a per-call outputProcessors list replaces the agent's for this call.
import { StreamFilter } from './001-stream-filter.js';
import { agent } from './helpers.js';

await agent.stream('Summarize this', {
  outputProcessors: [new StreamFilter()],
  maxProcessorRetries: 5,
});
