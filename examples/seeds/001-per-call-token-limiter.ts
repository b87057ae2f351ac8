// Seeds 001/002 ("Per-call processor overrides"): a call-level array replaces the agent's.
import { TokenLimiter } from 'sluice/processors';
import { agent } from './helpers.js';

await agent.stream('Summarize this', {
  inputProcessors: [new TokenLimiter(2000)],
  maxProcessorRetries: 5,
});
