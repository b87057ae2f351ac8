/**
 * 001-ensure-final-response: `sendSignal` in `processInputStep` on the last allowed step reaches
 * the model as a user message `<system-reminder reason="max-steps-reached" step="N">…` at the
 * end of that step's prompt.
 */
import { Agent } from 'sluice/agent';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EnsureFinalResponseProcessor } from './001-ensure-final-response.js';

const search = createTool({
  id: 'search',
  description: 'search',
  inputSchema: z.object({ q: z.string() }),
  execute: async ({ q }) => `results for ${q}`,
});

const finalReminder = (step: number, of: number) =>
  `<system-reminder reason="max-steps-reached" step="${step}">This is your final step (step ${step} of ${of}). ` +
  'Do not call any more tools. Summarize what you have found and give the user a complete final answer now.' +
  '</system-reminder>';

/** A model that keeps calling tools until it is told to stop. */
const toolHappyModel = () =>
  new ScriptedModel({
    steps: ({ prompt }) =>
      JSON.stringify(prompt).includes('max-steps-reached')
        ? 'Final summary.'
        : { toolCalls: [{ toolName: 'search', args: { q: 'more' } }] },
  });

function agentWith(model: ScriptedModel, maxSteps: number) {
  return new Agent({
    id: 'agent',
    instructions: 'You are a helpful assistant.',
    model,
    tools: { search },
    inputProcessors: [new EnsureFinalResponseProcessor(maxSteps)],
  });
}

describe('EnsureFinalResponseProcessor (001-ensure-final-response)', () => {
  it('on the last step the prompt ends with a user message holding the rendered max-steps reminder', async () => {
    const model = toolHappyModel();

    const result = await agentWith(model, 3).generate('Research this', { maxSteps: 3 });

    expect(model.calls).toHaveLength(3);
    expect(model.calls[2]?.prompt.at(-1)).toMatchObject({
      role: 'user',
      content: [{ type: 'text', text: finalReminder(3, 3) }],
    });
    expect(result.text).toBe('Final summary.');
  });

  it('earlier steps carry no reminder', async () => {
    const model = toolHappyModel();

    await agentWith(model, 3).generate('Research this', { maxSteps: 3 });

    expect(JSON.stringify(model.calls[0]?.prompt)).not.toContain('system-reminder');
    expect(JSON.stringify(model.calls[1]?.prompt)).not.toContain('system-reminder');
  });

  it('the reminder is sent once, on the last step only', async () => {
    const model = toolHappyModel();

    await agentWith(model, 4).generate('Research this', { maxSteps: 4 });

    const last = JSON.stringify(model.calls[3]?.prompt);
    expect(last.split('max-steps-reached').length - 1).toBe(1);
    expect(model.calls[3]?.prompt.at(-1)).toMatchObject({
      role: 'user',
      content: [{ type: 'text', text: finalReminder(4, 4) }],
    });
  });

  it('a run that answers before the last step never sees the reminder', async () => {
    const model = new ScriptedModel({ steps: ['Direct answer.'] });

    const result = await agentWith(model, 3).generate('Hi', { maxSteps: 3 });

    expect(model.calls).toHaveLength(1);
    expect(JSON.stringify(model.calls[0]?.prompt)).not.toContain('system-reminder');
    expect(result.text).toBe('Direct answer.');
  });
});
