import { Agent } from 'sluice/agent';
import { isProcessorWorkflow, type Processor, ProcessorStepSchema } from 'sluice/processors';
import { ScriptedModel } from 'sluice/test';
import * as workflows from 'sluice/workflows';
import { describe, expect, it } from 'vitest';

/**
 * api-reference §0.2 / §7.2: `isProcessorWorkflow` is exported by the processors entry point (as in
 * the original) and is true for the workflow objects a processor lane accepts: a committed
 * workflow, and — the original commits in place — the builder once `.commit()` was called on it.
 */

const { createStep, createWorkflow } = workflows;
const flow = (id: string) =>
  createWorkflow({ id, inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema });

const shout = {
  id: 'shout',
  processInput: ({ messages }) =>
    messages.map((m) =>
      m.role === 'user'
        ? {
            ...m,
            content: {
              ...m.content,
              parts: m.content.parts.map((p) =>
                p.type === 'text' ? { ...p, text: p.text.toUpperCase() } : p,
              ),
            },
          }
        : m,
    ),
} satisfies Processor;

async function userTextAfter(lane: unknown): Promise<string> {
  const model = new ScriptedModel({ steps: ['ok'] });
  const agent = new Agent({
    id: 'guarded',
    instructions: 'sys',
    model,
    inputProcessors: [lane as workflows.ProcessorWorkflow],
  });
  await agent.generate('quiet please');
  const user = model.calls[0]?.prompt.find((m) => m.role === 'user');
  return user?.role === 'user' ? user.content.map((p) => (p.type === 'text' ? p.text : '')).join('') : '';
}

describe('isProcessorWorkflow from sluice/processors', () => {
  it('is the same guard sluice/workflows exports', () => {
    expect(isProcessorWorkflow).toBe(workflows.isProcessorWorkflow);
  });

  it('is true for the workflow objects a lane runs: committed, committed in place, and nesting another', async () => {
    const committed = flow('committed').then(createStep(shout)).commit();
    const inPlace = flow('in-place').then(createStep(shout));
    inPlace.commit();
    const outer = flow('outer')
      .then(flow('inner').then(createStep(shout)).commit())
      .commit();
    for (const wf of [committed, inPlace, outer]) {
      expect(isProcessorWorkflow(wf)).toBe(true);
      expect(await userTextAfter(wf)).toBe('QUIET PLEASE');
    }
  });

  it('is false for processors, steps, uncommitted builders and look-alike plain objects', () => {
    const lookAlike = {
      id: 'w',
      inputSchema: ProcessorStepSchema,
      outputSchema: ProcessorStepSchema,
      execute() {},
    };
    for (const value of [
      shout,
      createStep(shout),
      flow('open').then(createStep(shout)),
      lookAlike,
      null,
      'w',
    ]) {
      expect(isProcessorWorkflow(value)).toBe(false);
    }
  });
});
