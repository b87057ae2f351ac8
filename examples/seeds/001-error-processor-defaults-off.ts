// Seed 001: `errorProcessorDefaults: false` runs only the listed error processors.
import { Agent } from 'sluice/agent';
import { StreamErrorRetryProcessor } from 'sluice/processors';

new Agent({
  id: 'custom-error-recovery-agent',
  name: 'custom-error-recovery-agent',
  model: 'openai/gpt-5',
  instructions: '...',
  errorProcessorDefaults: false,
  errorProcessors: [new StreamErrorRetryProcessor({ maxRetries: 5 })],
  maxProcessorRetries: 5,
});
