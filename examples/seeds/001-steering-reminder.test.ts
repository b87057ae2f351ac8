/**
 * 001-steering-reminder: a `transient: true` signal reaches the current call only, at the end of
 * its prompt; it is never stored, so re-sending it every step keeps exactly one fresh copy.
 */
import { Agent } from 'sluice/agent';
import type { MastraDBMessage } from 'sluice/memory';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SteeringReminderProcessor } from './001-steering-reminder.js';

const CONTENTS = 'Stay on the current task and keep answers under three sentences.';
const RENDERED = `<system-reminder>${CONTENTS}</system-reminder>`;

const lookup = createTool({
  id: 'lookup',
  description: 'lookup',
  inputSchema: z.object({}),
  execute: async () => 'looked up',
});

const occurrences = (value: unknown) => JSON.stringify(value).split(CONTENTS).length - 1;

function steeredAgent(model: ScriptedModel) {
  return new Agent({
    id: 'steered',
    instructions: 'x',
    model,
    tools: { lookup },
    inputProcessors: [new SteeringReminderProcessor()],
  });
}

const threeSteps = () =>
  new ScriptedModel({
    steps: [
      { toolCalls: [{ toolName: 'lookup', args: {} }] },
      { toolCalls: [{ toolName: 'lookup', args: {} }] },
      'Done.',
    ],
  });

describe('SteeringReminderProcessor (001-steering-reminder)', () => {
  it('every call of the run carries the reminder exactly once, as the last message of the prompt', async () => {
    const model = threeSteps();

    await steeredAgent(model).generate('Do the task');

    expect(model.calls).toHaveLength(3);
    for (const call of model.calls) {
      expect(occurrences(call.prompt)).toBe(1);
      expect(call.prompt.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: RENDERED }] });
    }
  });

  it('the transient reminder is not stored: absent from result.messages and the response messages', async () => {
    const result = await steeredAgent(threeSteps()).generate('Do the task');

    expect(occurrences(result.messages)).toBe(0);
    expect(occurrences(result.response.messages)).toBe(0);
    expect(occurrences(result.response.uiMessages)).toBe(0);
    expect(occurrences(result.response.dbMessages)).toBe(0);
  });

  it('output processors never see it in the message list', async () => {
    const seen: MastraDBMessage[][] = [];
    const model = threeSteps();
    const agent = new Agent({
      id: 'steered',
      instructions: 'x',
      model,
      tools: { lookup },
      inputProcessors: [new SteeringReminderProcessor()],
      outputProcessors: [
        {
          id: 'observer',
          processOutputStep: ({ messageList }) => {
            seen.push(messageList.get.all.db().slice());
            return messageList;
          },
        },
      ],
    });

    await agent.generate('Do the task');

    expect(seen).toHaveLength(3);
    for (const messages of seen) expect(occurrences(messages)).toBe(0);
  });

  it('a follow-up turn built from the stored messages still holds a single fresh copy', async () => {
    const model = new ScriptedModel({ steps: ['First answer.', 'Second answer.'] });
    const agent = steeredAgent(model);

    const first = await agent.generate('First question');
    await agent.generate([...first.messages, { role: 'user', content: 'Second question' }]);

    expect(model.calls).toHaveLength(2);
    expect(occurrences(model.calls[1]?.prompt)).toBe(1);
    expect(model.calls[1]?.prompt.at(-1)).toMatchObject({
      role: 'user',
      content: [{ type: 'text', text: RENDERED }],
    });
    expect(JSON.stringify(model.calls[1]?.prompt)).toContain('First answer.');
  });
});
