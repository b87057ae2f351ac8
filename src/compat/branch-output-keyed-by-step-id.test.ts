import { Agent } from 'sluice/agent';
import { type Processor, ProcessorStepSchema } from 'sluice/processors';
import { ScriptedModel } from 'sluice/test';
import { createStep, createWorkflow, type ProcessorWorkflow } from 'sluice/workflows';
import { describe, expect, it } from 'vitest';

/**
 * SPEC §3 item 13 and issue #32 item 7: as in the original, the step after `.branch()` receives
 * `{ [stepId]: output }` for the branch that ran, like after `.parallel()`, so
 * `.map(({ inputData }) => inputData['processor:translator'] ?? inputData['processor:shortener'])`
 * picks it. When no condition holds, no step ran: the next step gets `{}`.
 */

const workflow = (id: string) =>
  createWorkflow({ id, inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema });

/** An input processor that rewrites each user text with `fn` (async, to cover pending results). */
function rewriter(id: string, fn: (text: string) => string) {
  return {
    id,
    processInput: async ({ messages }) =>
      messages.map((m) =>
        m.role !== 'user'
          ? m
          : {
              ...m,
              content: {
                ...m.content,
                parts: m.content.parts.map((p) => (p.type === 'text' ? { ...p, text: fn(p.text) } : p)),
              },
            },
      ),
  } satisfies Processor;
}

const translator = createStep(rewriter('translator', (t) => `[fr] ${t}`));
const shortener = createStep(rewriter('shortener', (t) => t.slice(0, 5)));

async function userTextSent(wf: ProcessorWorkflow, input: string): Promise<string> {
  const model = new ScriptedModel({ steps: ['ok'] });
  const agent = new Agent({ id: 'branchy', instructions: 'sys', model, inputProcessors: [wf] });
  await agent.generate(input);
  const user = model.calls[0]?.prompt.find((m) => m.role === 'user');
  return user?.role === 'user' ? user.content.map((p) => (p.type === 'text' ? p.text : '')).join('') : '';
}

describe('.branch() output is keyed by the step id of the branch that ran', () => {
  it("the original's map — inputData['processor:translator'] ?? inputData['processor:shortener'] — picks it", async () => {
    const seen: string[][] = [];
    const wf = workflow('route')
      .branch([
        [({ inputData }) => JSON.stringify(inputData).includes('bonjour'), translator],
        [() => true, shortener],
      ])
      .map(({ inputData, getStepResult }) => {
        seen.push(Object.keys(inputData));
        const chosen = inputData['processor:translator'] ?? inputData['processor:shortener'];
        // The step's output is also what getStepResult() reports for it.
        expect(getStepResult(Object.keys(inputData)[0] as string)).toBe(chosen);
        return chosen;
      })
      .commit();

    expect(await userTextSent(wf, 'bonjour tout le monde')).toBe('[fr] bonjour tout le monde');
    expect(await userTextSent(wf, 'a long English text')).toBe('a lon');
    expect(seen).toEqual([['processor:translator'], ['processor:shortener']]);
  });

  it('when no condition holds the next step gets {}; the map falls back to getInitData()', async () => {
    const seen: unknown[] = [];
    const wf = workflow('route')
      .branch([[() => false, translator]])
      .map(({ inputData, getInitData }) => {
        seen.push(inputData);
        return inputData['processor:translator'] ?? getInitData();
      })
      .commit();

    expect(await userTextSent(wf, 'hello')).toBe('hello');
    expect(seen).toEqual([{}]);
  });

  it('a workflow that ends on the keyed branch result fails with PROCESSOR_WORKFLOW_INVALID_OUTPUT naming the key', async () => {
    const wf = workflow('ends-on-branch')
      .branch([[() => true, translator]])
      .commit();
    await expect(userTextSent(wf, 'hello')).rejects.toMatchObject({
      code: 'PROCESSOR_WORKFLOW_INVALID_OUTPUT',
      message: expect.stringContaining('"processor:translator"'),
    });
    const none = workflow('ends-on-empty-branch')
      .branch([[() => false, translator]])
      .commit();
    await expect(userTextSent(none, 'hello')).rejects.toMatchObject({
      code: 'PROCESSOR_WORKFLOW_INVALID_OUTPUT',
      message: expect.stringContaining('no .branch() condition held'),
    });
  });

  it('stream phase: each chunk comes out keyed by the branch that ran it', async () => {
    const seen = new Set<string>();
    const upper = createStep({
      id: 'upper',
      processOutputStream: async ({ part }) =>
        part.type === 'text-delta'
          ? { ...part, payload: { ...part.payload, text: part.payload.text.toUpperCase() } }
          : part,
    } satisfies Processor);
    const wf = workflow('stream-route')
      .branch([[() => true, upper]])
      .map(({ inputData }) => {
        for (const key of Object.keys(inputData)) seen.add(key);
        return inputData['processor:upper'];
      })
      .commit();
    const model = new ScriptedModel({ steps: [{ text: ['abc ', 'def'] }] });
    const agent = new Agent({ id: 'branchy', instructions: 'sys', model, outputProcessors: [wf] });
    const result = await agent.generate('hi');
    expect(result.text).toBe('ABC DEF');
    expect([...seen]).toEqual(['processor:upper']);
  });
});
