// Seed 001 ("Receive background work notifications").
import { Agent } from 'sluice/agent';
import { createBackgroundWorkSignalProcessor } from 'sluice/processors';

// `export` is not in the seed: the test runs this agent.
export const agent = new Agent({
  id: 'background-agent',
  name: 'Background agent',
  instructions: 'Complete tasks using the available tools.',
  model: 'openai/gpt-5.6-sol',
  inputProcessors: [createBackgroundWorkSignalProcessor()],
});
