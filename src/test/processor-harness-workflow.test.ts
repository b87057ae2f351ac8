/**
 * The test kit runs a committed processor workflow as the agent would: one processor whose
 * hooks run the workflow's phases, with the steps' own violations reported.
 */
import { ConfigurationError } from 'sluice';
import { type Processor, ProcessorStepSchema } from 'sluice/processors';
import { createProcessorHarness } from 'sluice/test';
import { createStep, createWorkflow } from 'sluice/workflows';
import { describe, expect, it } from 'vitest';

const redact: Processor<'redact'> = {
  id: 'redact',
  processInput({ messages }) {
    for (const message of messages)
      for (const part of message.content.parts)
        if (part.type === 'text') part.text = part.text.replace(/\d/g, '#');
    return messages;
  },
};
const seen: string[] = [];
const blocker: Processor<'blocker'> = {
  id: 'blocker',
  processInput({ messages, abort }) {
    if (JSON.stringify(messages).includes('forbidden'))
      abort('forbidden word', { metadata: { word: 'forbidden' } });
    return messages;
  },
  onViolation(violation) {
    seen.push(violation.processorId);
  },
};

const workflow = createWorkflow({
  id: 'guard',
  inputSchema: ProcessorStepSchema,
  outputSchema: ProcessorStepSchema,
})
  .parallel([createStep(redact), createStep(blocker)])
  .map(({ inputData }) => inputData['processor:redact'])
  .commit();

describe('processor test kit with a workflow', () => {
  it('runs the workflow phase and applies the mapped branch to the conversation', async () => {
    const run = await createProcessorHarness(workflow, { messages: 'call 555 1234' }).processInput();
    expect(JSON.stringify(run.messages)).toContain('call ### ####');
    expect(run.tripwire).toBeUndefined();
  });

  it("reports a step's abort as a tripwire naming the step's processor, and its violation", async () => {
    const run = await createProcessorHarness(workflow, { messages: 'a forbidden 1' }).processInput();
    expect(run.tripwire).toMatchObject({ processorId: 'blocker', reason: 'forbidden word' });
    expect(run.violations).toEqual([
      { processorId: 'blocker', message: 'forbidden word', detail: { word: 'forbidden' } },
    ]);
    expect(seen).toContain('blocker');
  });

  it('refuses an uncommitted workflow with the fix', () => {
    const builder = createWorkflow({
      id: 'open',
      inputSchema: ProcessorStepSchema,
      outputSchema: ProcessorStepSchema,
    }).then(createStep(redact));
    expect(() => createProcessorHarness(builder as never)).toThrow(ConfigurationError);
    expect(() => createProcessorHarness(builder as never)).toThrow(/not committed.*\.commit\(\)/);
  });
});
