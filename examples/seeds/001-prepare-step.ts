// Seeds 001/002 ("Use the prepareStep() callback"): processInputStep without a class.
import { agent } from './helpers.js';

await agent.generate('Complex task', {
  // biome-ignore lint/correctness/noUnusedFunctionParameters: the seed destructures it to show it is available
  prepareStep: async ({ stepNumber, model }) => {
    if (stepNumber === 0) {
      return { model: 'openai/gpt-5-mini' };
    }
    if (stepNumber > 5) {
      return { toolChoice: 'none' };
    }
  },
});
