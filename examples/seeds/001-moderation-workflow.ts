// Seeds 001/002 ("Use workflows as processors"): three checks in parallel, then pick a branch.
import { Agent } from 'sluice/agent';
import {
  ModerationProcessor,
  PIIDetector,
  ProcessorStepSchema,
  PromptInjectionDetector,
} from 'sluice/processors';
import { createStep, createWorkflow } from 'sluice/workflows';

// Run the checks side by side.
const moderationWorkflow = createWorkflow({
  id: 'moderation-pipeline',
  inputSchema: ProcessorStepSchema,
  outputSchema: ProcessorStepSchema,
})
  .parallel([
    createStep(
      new PIIDetector({
        strategy: 'redact',
      }),
    ),
    createStep(
      new PromptInjectionDetector({
        strategy: 'block',
      }),
    ),
    createStep(
      new ModerationProcessor({
        strategy: 'block',
      }),
    ),
  ])
  .map(async ({ inputData }) => {
    return inputData['processor:pii-detector'];
  })
  .commit();

// The workflow is an input processor like any other.
// biome-ignore lint/correctness/noUnusedVariables: the seed defines the agent without using it
const agent = new Agent({
  id: 'moderated-agent',
  name: 'Moderated Agent',
  instructions: 'You are a helpful assistant.', // not in the seed; AgentConfig requires it
  model: 'openai/gpt-5.6-sol',
  inputProcessors: [moderationWorkflow],
});
