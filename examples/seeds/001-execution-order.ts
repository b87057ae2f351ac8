// Seeds 001/002 ("Execution order"): processors run in array order. The seed shows only the
// `inputProcessors` property; the surrounding agent is added so it stands alone.
import { Agent } from 'sluice/agent';
import { ModerationProcessor, PromptInjectionDetector, UnicodeNormalizer } from 'sluice/processors';

export const orderedAgent = new Agent({
  id: 'ordered-agent', // not in the seed
  instructions: 'You are a helpful assistant.', // not in the seed
  model: 'openai/gpt-5-mini', // not in the seed
  inputProcessors: [new UnicodeNormalizer(), new PromptInjectionDetector(), new ModerationProcessor()],
});
