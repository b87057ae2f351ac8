/**
 * Workflows in processor lanes are checked when the agent is built (issue #12 item 2; wf-semantics
 * "Lanes"): a workflow in `errorProcessors`, an uncommitted builder, or a workflow whose schemas
 * are not the processor step schemas is a `PROCESSOR_WORKFLOW_INVALID_CONFIG` at `new Agent(...)`
 * for static arrays and at call start for function-valued / per-call arrays. A workflow with no
 * step for its lane is `PROCESSOR_NO_HOOK`; its id counts for duplicate ids like a processor's.
 */
import { ConfigurationError } from 'sluice';
import { Agent } from 'sluice/agent';
import {
  type Processor,
  ProcessorStepInputSchema,
  ProcessorStepOutputSchema,
  ProcessorStepSchema,
} from 'sluice/processors';
import { ScriptedModel } from 'sluice/test';
import { createStep, createWorkflow } from 'sluice/workflows';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const model = () => new ScriptedModel({ steps: ['ok', 'ok'] });

const wf = (id: string) =>
  createWorkflow({ id, inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema });

const tagInput = (id: string, seen: string[] = []) =>
  ({
    id,
    processInput: ({ messageList }) => {
      seen.push(id);
      return messageList;
    },
  }) satisfies Processor;

const inputWorkflow = (id = 'checks', seen: string[] = []) =>
  wf(id)
    .then(createStep(tagInput('tag', seen)))
    .commit();

function buildError(fn: () => unknown): ConfigurationError {
  try {
    fn();
  } catch (error) {
    if (ConfigurationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ConfigurationError');
}

async function callError(promise: Promise<unknown>): Promise<ConfigurationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (ConfigurationError.isInstance(error)) return error;
  throw new Error(`expected a ConfigurationError, got ${String(error)}`);
}

describe('a workflow in errorProcessors is PROCESSOR_WORKFLOW_INVALID_CONFIG', () => {
  it('static array: new Agent() throws, naming the array, the position and the workflow', () => {
    const error = buildError(
      () =>
        new Agent({
          id: 'a',
          instructions: 'x',
          model: model(),
          errorProcessors: [inputWorkflow() as never],
        }),
    );
    expect(error.code).toBe('PROCESSOR_WORKFLOW_INVALID_CONFIG');
    expect(error.message).toContain('Agent "a"');
    expect(error.message).toContain('errorProcessors[0]');
    expect(error.message).toContain('"checks"');
    expect(error.details).toMatchObject({ array: 'errorProcessors', workflowId: 'checks' });
  });

  it('function-valued array: the agent builds, the call rejects when it starts (model never called)', async () => {
    const m = model();
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: m,
      errorProcessors: () => [inputWorkflow() as never],
    });
    const error = await callError(agent.generate('q'));
    expect(error.code).toBe('PROCESSOR_WORKFLOW_INVALID_CONFIG');
    expect(error.message).toContain('errorProcessors[0]');
    expect(m.calls).toHaveLength(0);
  });

  it('per-call array: generate() and stream() reject at call start', async () => {
    const agent = new Agent({ id: 'a', instructions: 'x', model: model() });
    const generated = await callError(agent.generate('q', { errorProcessors: [inputWorkflow() as never] }));
    expect(generated.code).toBe('PROCESSOR_WORKFLOW_INVALID_CONFIG');
    const streamed = await callError(agent.stream('q', { errorProcessors: [inputWorkflow() as never] }));
    expect(streamed.code).toBe('PROCESSOR_WORKFLOW_INVALID_CONFIG');
  });
});

describe('only committed workflows built on the processor step schemas can be lane entries', () => {
  it('an uncommitted builder in a lane fails at new Agent(), telling to call .commit()', () => {
    const builder = wf('draft').then(createStep(tagInput('tag')));
    const error = buildError(
      () => new Agent({ id: 'a', instructions: 'x', model: model(), inputProcessors: [builder as never] }),
    );
    expect(error.code).toBe('PROCESSOR_WORKFLOW_INVALID_CONFIG');
    expect(error.message).toContain('inputProcessors[0]');
    expect(error.message).toContain('"draft"');
    expect(error.message).toContain('.commit()');
  });

  it('an uncommitted builder in a per-call array fails at call start', async () => {
    const agent = new Agent({ id: 'a', instructions: 'x', model: model() });
    const builder = wf('draft').then(createStep(tagInput('tag')));
    const error = await callError(agent.generate('q', { inputProcessors: [builder as never] }));
    expect(error.code).toBe('PROCESSOR_WORKFLOW_INVALID_CONFIG');
  });

  it('an inputSchema that is not ProcessorStepSchema fails at new Agent()', () => {
    const custom = createWorkflow({
      id: 'custom-in',
      inputSchema: z.object({ text: z.string() }),
      outputSchema: ProcessorStepSchema,
    })
      .then(createStep(tagInput('tag')))
      .commit();
    const error = buildError(
      () => new Agent({ id: 'a', instructions: 'x', model: model(), inputProcessors: [custom as never] }),
    );
    expect(error.code).toBe('PROCESSOR_WORKFLOW_INVALID_CONFIG');
    expect(error.message).toContain('inputSchema');
    expect(error.message).toContain('ProcessorStepSchema');
  });

  it('an outputSchema that is not ProcessorStepSchema fails at new Agent()', () => {
    const custom = createWorkflow({
      id: 'custom-out',
      inputSchema: ProcessorStepSchema,
      outputSchema: z.object({ verdict: z.string() }),
    })
      .then(createStep(tagInput('tag')))
      .commit();
    const error = buildError(
      () => new Agent({ id: 'a', instructions: 'x', model: model(), outputProcessors: [custom as never] }),
    );
    expect(error.code).toBe('PROCESSOR_WORKFLOW_INVALID_CONFIG');
    expect(error.message).toContain('outputSchema');
  });

  it('a function-valued lane with a wrong-schema workflow fails at call start', async () => {
    const custom = createWorkflow({
      id: 'custom-in',
      inputSchema: z.string(),
      outputSchema: ProcessorStepSchema,
    })
      .then(createStep(tagInput('tag')))
      .commit();
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: model(),
      inputProcessors: () => [custom as never],
    });
    const error = await callError(agent.generate('q'));
    expect(error.code).toBe('PROCESSOR_WORKFLOW_INVALID_CONFIG');
  });

  it('ProcessorStepInputSchema in, ProcessorStepOutputSchema out are accepted and run', async () => {
    const seen: string[] = [];
    const ok = createWorkflow({
      id: 'io-schemas',
      inputSchema: ProcessorStepInputSchema,
      outputSchema: ProcessorStepOutputSchema,
    })
      .then(createStep(tagInput('tag', seen)))
      .commit();
    const agent = new Agent({ id: 'a', instructions: 'x', model: model(), inputProcessors: [ok] });
    await agent.generate('q');
    expect(seen).toEqual(['tag']);
  });
});

describe('a workflow is a lane entry like a processor', () => {
  it('a workflow with no step for its lane is PROCESSOR_NO_HOOK, naming the workflow', () => {
    const outputOnly = wf('stream-only')
      .then(createStep({ id: 'upper', processOutputStream: async ({ part }) => part } satisfies Processor))
      .commit();
    const error = buildError(
      () => new Agent({ id: 'a', instructions: 'x', model: model(), inputProcessors: [outputOnly] }),
    );
    expect(error.code).toBe('PROCESSOR_NO_HOOK');
    expect(error.message).toContain('inputProcessors[0]');
    expect(error.message).toContain('workflow "stream-only"');
  });

  it('a nested workflow counts by its steps: output-only steps inside make it PROCESSOR_NO_HOOK in inputProcessors', async () => {
    const inner = wf('inner')
      .then(createStep({ id: 'upper', processOutputStream: async ({ part }) => part } satisfies Processor))
      .commit();
    const outer = wf('outer').then(inner).commit();
    expect(
      buildError(() => new Agent({ id: 'a', instructions: 'x', model: model(), inputProcessors: [outer] }))
        .code,
    ).toBe('PROCESSOR_NO_HOOK');
    // Per-call arrays are checked when the call starts.
    const agent = new Agent({ id: 'a', instructions: 'x', model: model() });
    expect((await callError(agent.generate('q', { inputProcessors: [outer] }))).code).toBe(
      'PROCESSOR_NO_HOOK',
    );
  });

  it('a plain step runs in every lane, so a workflow of plain steps is accepted in both', () => {
    const plain = wf('plain-only')
      .then(
        createStep({
          id: 'noop',
          inputSchema: ProcessorStepSchema,
          outputSchema: ProcessorStepSchema,
          execute: ({ inputData }) => inputData,
        }),
      )
      .commit();
    expect(
      () =>
        new Agent({
          id: 'a',
          instructions: 'x',
          model: model(),
          inputProcessors: [plain],
          outputProcessors: [plain],
        }),
    ).not.toThrow();
  });

  it('a workflow id equal to a processor id in the same lane is PROCESSOR_DUPLICATE_ID', () => {
    const error = buildError(
      () =>
        new Agent({
          id: 'a',
          instructions: 'x',
          model: model(),
          inputProcessors: [inputWorkflow('guard'), tagInput('guard')],
        }),
    );
    expect(error.code).toBe('PROCESSOR_DUPLICATE_ID');
    expect(error.message).toContain('"guard"');
  });

  it('the same workflow may sit in both lanes (like a processor in two arrays)', async () => {
    const seen: string[] = [];
    const both = wf('both')
      .then(createStep(tagInput('in', seen)))
      .then(
        createStep({
          id: 'out',
          processOutputResult: ({ messageList }) => {
            seen.push('out');
            return messageList;
          },
        } satisfies Processor),
      )
      .commit();
    await new Agent({
      id: 'a',
      instructions: 'x',
      model: model(),
      inputProcessors: [both],
      outputProcessors: [both],
    }).generate('q');
    expect(seen).toEqual(['in', 'out']);
  });

  it('a committed workflow can be returned from an async lane function (it is not a thenable)', async () => {
    const seen: string[] = [];
    const workflow = inputWorkflow('async-lane', seen);
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: model(),
      inputProcessors: async () => [workflow],
    });
    await agent.generate('q');
    await agent.generate('q');
    expect(seen).toEqual(['tag', 'tag']);
    // Awaiting it hands back the same object.
    expect(await Promise.resolve(workflow)).toBe(workflow);
  });

  it('per-call arrays accept committed workflows (and replace the agent’s)', async () => {
    const agentSeen: string[] = [];
    const callSeen: string[] = [];
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: model(),
      inputProcessors: [inputWorkflow('own', agentSeen)],
    });
    await agent.generate('q', { inputProcessors: [inputWorkflow('per-call', callSeen)] });
    expect(agentSeen).toEqual([]);
    expect(callSeen).toEqual(['tag']);
  });
});
