// Seeds 000/003 ("Configure processors on an agent"): custom processors plus a built-in error handler.
import { Agent } from 'sluice/agent';
import { PrefillErrorHandler } from 'sluice/processors';
import { ContentFilter } from './000-content-filter.js';
import { WordCounter } from './000-word-counter-finish.js';

// biome-ignore lint/correctness/noUnusedVariables: the seed defines the agent without using it
const agent = new Agent({
  id: 'support-agent',
  name: 'support-agent',
  model: 'openai/gpt-5',
  instructions: '...',
  inputProcessors: [new ContentFilter(['secret'])],
  outputProcessors: [new WordCounter()],
  errorProcessors: [new PrefillErrorHandler()],
  maxProcessorRetries: 3,
});
