/**
 * Workflows as processors: parallel branches are isolated over all phase data, reconciliation
 * keeps the chosen branch's save state, in-place edits and caller aborts mid-parallel behave, and
 * `step.execute()` works outside an agent. Each test names the rule it checks.
 */
import { Agent } from 'sluice/agent';
import type { MastraDBMessage } from 'sluice/memory';
import { BatchPartsProcessor, type Processor, ProcessorStepSchema } from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { createProcessorHarness, ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { createStep, createWorkflow, type ProcessorWorkflow } from 'sluice/workflows';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collect } from './testing/helpers.js';

// ---- helpers --------------------------------------------------------------------------------

const workflow = (id: string) =>
  createWorkflow({ id, inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema });

const weather = createTool({
  id: 'weather',
  description: 'Weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, forecast: 'sunny' }),
});

/** A model that calls `weather` once, then answers. */
const toolThenAnswer = () =>
  new ScriptedModel({
    steps: [{ toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' }, toolCallId: 'c1' }] }, 'done'],
  });

// ---- isolation: non-message phase data ----------------------------------------------------------

describe('parallel isolation covers all phase data, not only the message list', () => {
  it('toolResult: a non-chosen branch that edits `result` in place does not reach the next prompt', async () => {
    // Rule (issue #12, 3): each branch gets its own copy of the phase data; only the .map() choice continues.
    const scrubInPlace = {
      id: 'scrub-in-place',
      processToolResult: ({ result }) => {
        (result as { forecast: string }).forecast = 'SCRUBBED';
      },
    } satisfies Processor;
    const keep = { id: 'keep', processToolResult: () => undefined } satisfies Processor;
    const wf = workflow('tool-iso')
      .parallel([createStep(scrubInPlace), createStep(keep)])
      .map(({ inputData }) => inputData['processor:keep'])
      .commit();
    const model = toolThenAnswer();
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      tools: { weather },
      outputProcessors: [wf],
    });

    await agent.generate('weather in Oslo?');

    const second = JSON.stringify(model.calls[1]?.prompt);
    expect(second).toContain('sunny');
    expect(second).not.toContain('SCRUBBED');
  });

  it('inputStep: a non-chosen branch that edits `modelSettings` in place does not change the model call', async () => {
    const tweak = {
      id: 'tweak',
      processInputStep: ({ modelSettings }) => {
        if (modelSettings) (modelSettings as { temperature?: number }).temperature = 0.9;
      },
    } satisfies Processor;
    const keep = { id: 'keep', processInputStep: () => undefined } satisfies Processor;
    const wf = workflow('settings-iso')
      .parallel([createStep(tweak), createStep(keep)])
      .map(({ inputData }) => inputData['processor:keep'])
      .commit();
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors: [wf] });

    await agent.generate('hi', { modelSettings: { temperature: 0.1 } });

    expect(model.calls[0]?.settings.temperature).toBe(0.1);
  });
});

// ---- reconcile: save state -----------------------------------------------------------------------

describe('reconcile keeps the save state the chosen branch gave messages', () => {
  const remembered: MastraDBMessage = {
    id: 'old-assistant',
    role: 'assistant',
    createdAt: new Date('2024-01-01T00:00:00Z'),
    content: {
      format: 2,
      parts: [
        {
          type: 'tool-invocation',
          toolInvocation: {
            state: 'result',
            toolCallId: 'c0',
            toolName: 'weather',
            args: { city: 'Oslo' },
            result: { forecast: 'rain' },
          },
        },
      ],
    },
  };
  const reviewer = (id: string) =>
    ({
      id,
      processInput: ({ messageList }) => {
        messageList.updateMessageMetadataByToolCallId('c0', { reviewed: true });
        return messageList;
      },
    }) satisfies Processor;

  it('control: a plain processor that updates a remembered message queues it for saving', async () => {
    const harness = createProcessorHarness(reviewer('reviewer'), {
      history: [structuredClone(remembered)],
      messages: 'hi',
    });
    await harness.processInput();
    expect(harness.messageList.isNewMessage('old-assistant')).toBe(true);
  });

  it('the same update from the chosen parallel branch is queued for saving: memory stores it', async () => {
    const idle = { id: 'idle', processInput: ({ messageList }) => messageList } satisfies Processor;
    const wf = workflow('review-wf')
      .parallel([createStep(reviewer('reviewer')), createStep(idle)])
      .map(({ inputData }) => inputData['processor:reviewer'])
      .commit();
    const harness = createProcessorHarness(wf, { history: [structuredClone(remembered)], messages: 'hi' });
    await harness.processInput();
    expect(harness.messageList.getMessageById('old-assistant')?.content.metadata).toEqual({ reviewed: true });
    expect(harness.messageList.isNewMessage('old-assistant')).toBe(true);
  });
});

// ---- stream phase ---------------------------------------------------------------------------------

describe('stream phase', () => {
  /** Adds a data chunk after text-start (a lane processor before the workflow). */
  const dataSource = {
    id: 'data-source',
    processOutputStream: async ({ part }) =>
      part.type === 'text-start' ? [part, { type: 'data-note', data: { level: 'info' } } as ChunkType] : part,
  } satisfies Processor;

  const plainRecorder = (seen: string[]) =>
    createStep({
      id: 'recorder',
      inputSchema: ProcessorStepSchema,
      outputSchema: ProcessorStepSchema,
      execute: ({ inputData }) => {
        if (inputData.phase === 'outputStream' && inputData.part) seen.push(inputData.part.type);
        return inputData;
      },
    });

  it('a plain step sees data-* chunks only when it opts in itself (processDataParts), not because another step did', async () => {
    const alone: string[] = [];
    const withSibling: string[] = [];
    const optedIn = {
      id: 'opted-in',
      processDataParts: true,
      processOutputStream: async ({ part }) => part,
    } satisfies Processor;
    const run = async (wf: ProcessorWorkflow) => {
      const agent = new Agent({
        id: 'a',
        instructions: 'sys',
        model: new ScriptedModel({ steps: ['hello'] }),
        outputProcessors: [dataSource, wf],
      });
      await collect((await agent.stream('hi')).fullStream);
    };
    await run(workflow('alone').then(plainRecorder(alone)).commit());
    await run(workflow('with-sibling').then(plainRecorder(withSibling)).then(createStep(optedIn)).commit());

    // The plain step's view of the stream must not depend on an unrelated sibling step.
    expect(withSibling.includes('data-note')).toBe(alone.includes('data-note'));
  });

  it('a step returning a text-delta without text is PROCESSOR_WORKFLOW_INVALID_OUTPUT naming that step', async () => {
    // Rule: a processor hook in a step returning a shape its hook does not accept is
    // PROCESSOR_WORKFLOW_INVALID_OUTPUT naming that step (a plain processor gets PROCESSOR_INVALID_RESULT for it).
    const broken = {
      id: 'broken',
      processOutputStream: async ({ part }) =>
        part.type === 'text-delta'
          ? ({ ...part, payload: { id: part.payload.id } } as unknown as ChunkType)
          : part,
    } satisfies Processor;
    const upper = {
      id: 'upper',
      processOutputStream: async ({ part }) =>
        part.type === 'text-delta'
          ? { ...part, payload: { ...part.payload, text: part.payload.text.toUpperCase() } }
          : part,
    } satisfies Processor;
    const wf = workflow('blame').then(createStep(broken)).then(createStep(upper)).commit();
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model: new ScriptedModel({ steps: ['hello'] }),
      outputProcessors: [wf],
    });

    const error = await agent.generate('hi').then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(error).toMatchObject({ code: 'PROCESSOR_WORKFLOW_INVALID_OUTPUT', stepId: 'processor:broken' });
  });

  it('writer.emit() from a step goes through the workflow steps after it (BatchPartsProcessor timer batches reach a later step)', async () => {
    // Rule (lane contract): an emitted chunk runs through the processors after the emitter. In a
    // workflow `.then(batch).then(upper)` the batches the timer emits never reach `upper`.
    const upper = {
      id: 'upper',
      processOutputStream: async ({ part }) =>
        part.type === 'text-delta'
          ? { ...part, payload: { ...part.payload, text: part.payload.text.toUpperCase() } }
          : part,
    } satisfies Processor;
    const text = async (
      outputProcessors: NonNullable<ConstructorParameters<typeof Agent>[0]['outputProcessors']>,
    ) => {
      const agent = new Agent({
        id: 'a',
        instructions: 'sys',
        model: new ScriptedModel({ steps: [{ text: ['ab ', 'cd ', 'ef'], delayMs: 20 }] }),
        outputProcessors,
      });
      const chunks = await collect((await agent.stream('hi')).fullStream);
      return chunks.flatMap((c) => (c.type === 'text-delta' ? [c.payload.text] : [])).join('');
    };
    const batch = () => new BatchPartsProcessor({ batchSize: 100, maxWaitTime: 5 });

    expect(await text([batch(), upper])).toBe('AB CD EF');
    const wf = workflow('batched').then(createStep(batch())).then(createStep(upper)).commit();
    expect(await text([wf])).toBe('AB CD EF');
  });
});

// ---- plain steps and maps: in-place edits ------------------------------------------------------

describe('a plain step editing inputData.messages in place', () => {
  it('splicing the messages array and returning the phase data applies the edit (as a processor doing the same does)', async () => {
    const firstUserText = async (
      inputProcessors: NonNullable<ConstructorParameters<typeof Agent>[0]['inputProcessors']>,
    ) => {
      const model = new ScriptedModel({ steps: ['ok'] });
      const agent = new Agent({ id: 'a', instructions: 'sys', model, inputProcessors });
      await agent.generate(['first', 'second']);
      return JSON.stringify(model.calls[0]?.prompt);
    };
    const dropFirst = {
      id: 'drop-first',
      processInput: ({ messages }) => {
        messages.splice(0, 1);
        return messages;
      },
    } satisfies Processor;
    const dropFirstStep = createStep({
      id: 'drop-first-step',
      inputSchema: ProcessorStepSchema,
      outputSchema: ProcessorStepSchema,
      execute: ({ inputData }) => {
        if (inputData.phase === 'input') inputData.messages.splice(0, 1);
        return inputData;
      },
    });

    expect(await firstUserText([dropFirst])).not.toContain('first');
    expect(await firstUserText([workflow('plain-splice').then(dropFirstStep).commit()])).not.toContain(
      'first',
    );
  });
});

// ---- caller abort ------------------------------------------------------------------------------

describe('caller abort mid-parallel', () => {
  it('a branch rejecting because the caller aborted ends the run as an abort, not PROCESSOR_WORKFLOW_FAILED', async () => {
    const controller = new AbortController();
    const waiter = {
      id: 'waiter',
      processInput: ({ abortSignal, messageList }) =>
        new Promise<typeof messageList>((_, reject) => {
          abortSignal?.addEventListener('abort', () => reject(new Error('lookup cancelled')), { once: true });
        }),
    } satisfies Processor;
    const slow = {
      id: 'slow',
      processInput: async ({ messageList }) => {
        await new Promise((r) => setTimeout(r, 30));
        return messageList;
      },
    } satisfies Processor;
    const wf = workflow('abortable')
      .parallel([createStep(waiter), createStep(slow)])
      .map(({ inputData }) => inputData['processor:slow'])
      .commit();
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model: new ScriptedModel({ steps: ['ok'] }),
      inputProcessors: [wf],
    });
    setTimeout(() => controller.abort(), 5);
    const error = await agent.generate('hi', { abortSignal: controller.signal }).then(
      () => undefined,
      (e: unknown) => e,
    );
    // As for a plain processor: the caller's abort reason, not a workflow failure.
    expect(error).toMatchObject({ name: 'AbortError' });
    expect((error as { code?: string }).code).not.toBe('PROCESSOR_WORKFLOW_FAILED');
  });
});

// ---- step.execute() on its own ----------------------------------------------------------------

describe('step.execute() outside an agent', () => {
  it('a plain step called directly gets the context it was given', async () => {
    let seen: unknown;
    const step = createStep({
      id: 'reader',
      inputSchema: ProcessorStepSchema,
      outputSchema: ProcessorStepSchema,
      execute: ({ inputData, state }) => {
        seen = state.seed;
        return inputData;
      },
    });
    const harness = createProcessorHarness({ id: 'noop', processInput: () => undefined }, { messages: 'hi' });
    const inputData = {
      phase: 'input' as const,
      messages: harness.messageList.get.all.db(),
      messageList: harness.messageList,
    };
    await step.execute({
      inputData,
      phase: 'input',
      workflowId: 'test',
      getStepResult: () => undefined,
      getInitData: <T>() => inputData as T,
      abort: () => {
        throw new Error('abort');
      },
      retryCount: 0,
      state: { seed: 'given' },
      requestContext: undefined,
      writer: undefined,
      tracingContext: undefined,
      abortSignal: undefined,
    });
    expect(seen).toBe('given');
  });
});
