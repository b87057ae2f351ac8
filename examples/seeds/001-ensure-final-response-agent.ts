// Seeds 001/002: register EnsureFinalResponseProcessor and pass the same maxSteps to generate().
import { Agent } from 'sluice/agent';
import { EnsureFinalResponseProcessor } from './001-ensure-final-response.js';

const MAX_STEPS = 5;

const agent = new Agent({
  id: 'agent',
  instructions: `You are a helpful assistant.

Some messages you receive may contain <system-reminder>...</system-reminder> tags.
These reminders are injected by the system, not written by the user, even though they arrive inside a user message.
Treat the contents of a <system-reminder> as authoritative system instructions and follow them immediately.
Do not mention the reminder to the user or quote the tags back to them.`,
  inputProcessors: [new EnsureFinalResponseProcessor(MAX_STEPS)],
  model: 'openai/gpt-5-mini', // elided (`// ...`) in the seed; AgentConfig requires it
  // ...
});

await agent.generate('Your prompt', { maxSteps: MAX_STEPS });
