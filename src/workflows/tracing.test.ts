/**
 * Tracing of processor workflows (issue #12 item 5; wf-semantics "Tracing"): with an OpenTelemetry
 * SDK registered, each phase run of a workflow is one `sluice.processor.<hook>` span (processor id
 * = workflow id) that also carries `sluice.workflow.id` and `sluice.workflow.phase`; each step that
 * runs gets a child `sluice.workflow.step` span with its step id, the workflow id and phase, the
 * processor id and hook (processor steps) and the outcome.
 */
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { Agent } from 'sluice/agent';
import { type Processor, ProcessorStepSchema } from 'sluice/processors';
import { ScriptedModel, streamOnly } from 'sluice/test';
import { createStep, createWorkflow } from 'sluice/workflows';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const exporter = new InMemorySpanExporter();

const wf = (id: string) =>
  createWorkflow({ id, inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema });

const A = {
  processorId: 'sluice.processor.id',
  hook: 'sluice.processor.hook',
  outcome: 'sluice.processor.outcome',
  workflowId: 'sluice.workflow.id',
  phase: 'sluice.workflow.phase',
  stepId: 'sluice.workflow.step.id',
} as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stepSummary(span: ReadableSpan) {
  return {
    name: span.name,
    stepId: span.attributes[A.stepId],
    workflowId: span.attributes[A.workflowId],
    phase: span.attributes[A.phase],
    processorId: span.attributes[A.processorId],
    hook: span.attributes[A.hook],
    outcome: span.attributes[A.outcome],
  };
}

const spans = () => exporter.getFinishedSpans();
const phaseSpans = (workflowId: string, hook: string) =>
  spans().filter((s) => s.name === `sluice.processor.${hook}` && s.attributes[A.processorId] === workflowId);
const childrenOf = (parent: ReadableSpan) =>
  spans().filter(
    (s) => s.name === 'sluice.workflow.step' && s.parentSpanContext?.spanId === parent.spanContext().spanId,
  );

/** Redacts digits in the user's message (changes the data). */
const redactor = {
  id: 'redactor',
  processInput: async ({ messages }) => {
    await sleep(5);
    return messages.map((m) => ({
      ...m,
      content: {
        ...m.content,
        parts: m.content.parts.map((p) =>
          p.type === 'text' ? { ...p, text: p.text.replace(/\d/g, '#') } : p,
        ),
      },
    }));
  },
} satisfies Processor;
/** Looks and leaves the data as it is. */
const watcher = {
  id: 'watcher',
  processInput: ({ messageList }) => messageList,
} satisfies Processor;

describe('without an OpenTelemetry SDK', () => {
  it('steps run with no current span and nothing is recorded', async () => {
    let span: unknown = 'unset';
    const probe = {
      id: 'probe',
      processInput: ({ messageList, tracingContext }) => {
        span = tracingContext?.currentSpan;
        return messageList;
      },
    } satisfies Processor;
    await new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      inputProcessors: [wf('untraced').then(createStep(probe)).commit()],
    }).generate('q');
    expect(span).toBeUndefined();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});

describe('with an OpenTelemetry SDK registered', () => {
  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(
      new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
    );
  });
  afterAll(() => {
    trace.disable();
    context.disable();
  });
  beforeEach(() => exporter.reset());

  it('one span per phase run carrying the workflow id and phase, with a child span per step (parallel steps too)', async () => {
    const workflow = wf('moderation')
      .parallel([createStep(redactor), createStep(watcher)])
      .map(({ inputData }) => inputData['processor:redactor'])
      .then(
        createStep({
          id: 'audit',
          inputSchema: ProcessorStepSchema,
          outputSchema: ProcessorStepSchema,
          execute: ({ inputData }) => inputData,
        }),
      )
      .commit();
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      inputProcessors: [workflow],
    });
    await agent.generate('card 4111');

    const [phase, ...more] = phaseSpans('moderation', 'processInput');
    expect(more).toEqual([]);
    expect(phase?.attributes).toMatchObject({
      [A.processorId]: 'moderation',
      [A.hook]: 'processInput',
      [A.workflowId]: 'moderation',
      [A.phase]: 'input',
    });
    const steps = childrenOf(phase as ReadableSpan).map(stepSummary);
    expect(steps).toHaveLength(3);
    expect(steps).toEqual(
      expect.arrayContaining([
        {
          name: 'sluice.workflow.step',
          stepId: 'processor:redactor',
          workflowId: 'moderation',
          phase: 'input',
          processorId: 'redactor',
          hook: 'processInput',
          outcome: 'changed',
        },
        {
          name: 'sluice.workflow.step',
          stepId: 'processor:watcher',
          workflowId: 'moderation',
          phase: 'input',
          processorId: 'watcher',
          hook: 'processInput',
          outcome: 'passed',
        },
        {
          name: 'sluice.workflow.step',
          stepId: 'audit',
          workflowId: 'moderation',
          phase: 'input',
          processorId: undefined,
          hook: undefined,
          outcome: 'passed',
        },
      ]),
    );
    // The plain step also runs in the inputStep phase: its own phase span, its own step span.
    const [stepPhase] = phaseSpans('moderation', 'processInputStep');
    expect(stepPhase?.attributes[A.phase]).toBe('inputStep');
    expect(childrenOf(stepPhase as ReadableSpan).map((s) => s.attributes[A.stepId])).toEqual(['audit']);
  });

  it('a phase in which no step has work gets no span (the workflow has no hook for it)', async () => {
    const workflow = wf('input-only').then(createStep(watcher)).commit();
    await new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      inputProcessors: [workflow],
    }).generate('q');
    expect(phaseSpans('input-only', 'processInput')).toHaveLength(1);
    expect(phaseSpans('input-only', 'processInputStep')).toHaveLength(0);
  });

  it('a step of a nested workflow is a child span named inner/<step id>', async () => {
    const inner = wf('inner').then(createStep(watcher)).commit();
    await new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      inputProcessors: [wf('outer').then(inner).commit()],
    }).generate('q');
    const [phase] = phaseSpans('outer', 'processInput');
    expect(childrenOf(phase as ReadableSpan).map(stepSummary)).toEqual([
      expect.objectContaining({
        stepId: 'inner/processor:watcher',
        workflowId: 'outer',
        processorId: 'watcher',
      }),
    ]);
  });

  it('stream phase: one span per model step for the workflow, with chunk counts and no span per chunk', async () => {
    const upper = {
      id: 'upper',
      processOutputStream: async ({ part }) =>
        part.type === 'text-delta'
          ? { ...part, payload: { ...part.payload, text: part.payload.text.toUpperCase() } }
          : part,
    } satisfies Processor;
    const dropper = {
      id: 'dropper',
      processOutputStream: async ({ part }) =>
        part.type === 'text-delta' && part.payload.text === 'B' ? null : part,
    } satisfies Processor;
    const result = await new Agent({
      id: 'a',
      instructions: 'x',
      // Streamed, so the dropper sees the second delta on its own.
      model: streamOnly(new ScriptedModel({ steps: [{ text: ['a', 'b'] }] })),
      outputProcessors: [wf('stream-wf').then(createStep(upper)).then(createStep(dropper)).commit()],
    }).generate('q');
    expect(result.text).toBe('A');
    const stepSpans = phaseSpans('stream-wf', 'processOutputStream').filter(
      (span) => span.attributes['sluice.step.number'] === 0,
    );
    expect(stepSpans).toHaveLength(1);
    const [span] = stepSpans as [ReadableSpan];
    expect(span.attributes[A.phase]).toBe('outputStream');
    expect(childrenOf(span)).toEqual([]);
    // 'a' came out as 'A' (changed); 'b' became 'B' and was dropped.
    expect(span.attributes['sluice.processor.chunks.changed']).toBe(1);
    expect(span.attributes['sluice.processor.chunks.dropped']).toBe(1);
    expect(span.attributes['sluice.processor.chunks.emitted']).toBe(
      (span.attributes['sluice.processor.chunks.seen'] as number) - 1,
    );
    expect(span.attributes['sluice.processor.outcome']).toBe('changed');
  });

  it('an aborting step span is "aborted", and so is the phase span', async () => {
    const guard = {
      id: 'guard',
      processInput: ({ abort }) => abort('no'),
    } satisfies Processor;
    const result = await new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      inputProcessors: [
        wf('guarded')
          .parallel([createStep(watcher), createStep(guard)])
          .map(({ inputData }) => inputData['processor:watcher'])
          .commit(),
      ],
    }).generate('q');
    expect(result.tripwire?.processorId).toBe('guard');
    const [phase] = phaseSpans('guarded', 'processInput');
    expect(phase?.attributes[A.outcome]).toBe('aborted');
    const steps = childrenOf(phase as ReadableSpan).map(stepSummary);
    expect(steps).toContainEqual(expect.objectContaining({ stepId: 'processor:guard', outcome: 'aborted' }));
    expect(steps).toContainEqual(expect.objectContaining({ stepId: 'processor:watcher', outcome: 'passed' }));
  });

  it('a failing step span is "failed" with the exception recorded, and so is the phase span', async () => {
    const broken = {
      id: 'broken',
      processInput: () => {
        throw new Error('boom');
      },
    } satisfies Processor;
    await expect(
      new Agent({
        id: 'a',
        instructions: 'x',
        model: new ScriptedModel({ steps: ['ok'] }),
        inputProcessors: [wf('fragile').then(createStep(broken)).commit()],
      }).generate('q'),
    ).rejects.toMatchObject({ code: 'PROCESSOR_WORKFLOW_FAILED' });
    const [phase] = phaseSpans('fragile', 'processInput');
    expect(phase?.attributes[A.outcome]).toBe('failed');
    const [step] = childrenOf(phase as ReadableSpan);
    expect(step?.attributes[A.stepId]).toBe('processor:broken');
    expect(step?.attributes[A.outcome]).toBe('failed');
    expect(step?.status.code).toBe(2); // SpanStatusCode.ERROR
    expect(step?.events.some((e) => e.name === 'exception')).toBe(true);
  });

  it('the step span is the current span inside the step, so spans a hook starts are its children', async () => {
    let current: unknown;
    const nested = {
      id: 'nested',
      processInput: ({ messageList, tracingContext }) => {
        current = tracingContext?.currentSpan;
        trace.getTracer('test').startSpan('inside-step').end();
        return messageList;
      },
    } satisfies Processor;
    await new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      inputProcessors: [wf('ctx').then(createStep(nested)).commit()],
    }).generate('q');
    const [phase] = phaseSpans('ctx', 'processInput');
    const [step] = childrenOf(phase as ReadableSpan);
    const inside = spans().find((s) => s.name === 'inside-step');
    expect(current).toBeDefined();
    expect(inside?.parentSpanContext?.spanId).toBe(step?.spanContext().spanId);
  });

  it('a retry requested by a step: the step span is "aborted", the phase span "retried", the replay "passed"', async () => {
    const quality = {
      id: 'quality',
      processOutputStep: ({ text, abort }) => {
        if (text === 'No.') abort('longer', { retry: true });
      },
    } satisfies Processor;
    await new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['No.', 'A longer answer.'] }),
      maxProcessorRetries: 1,
      outputProcessors: [wf('quality-wf').then(createStep(quality)).commit()],
    }).generate('q');
    const phases = phaseSpans('quality-wf', 'processOutputStep');
    expect(phases.map((s) => s.attributes[A.outcome])).toEqual(['retried', 'passed']);
    expect(phases.map((s) => childrenOf(s).map((c) => c.attributes[A.outcome]))).toEqual([
      ['aborted'],
      ['passed'],
    ]);
  });

  it('a failing .map() has no step span of its own; the phase span is "failed"', async () => {
    await new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      inputProcessors: [
        wf('map-fails')
          .then(createStep(watcher))
          .map(() => {
            throw new Error('bad map');
          })
          .commit(),
      ],
    })
      .generate('q')
      .catch(() => undefined);
    const [phase] = phaseSpans('map-fails', 'processInput');
    expect(phase?.attributes[A.outcome]).toBe('failed');
    expect(childrenOf(phase as ReadableSpan).map(stepSummary)).toEqual([
      expect.objectContaining({ stepId: 'processor:watcher', outcome: 'passed' }),
    ]);
  });

  it('the phase span of a workflow whose step changed the messages says "changed", as the same processor in the lane does', async () => {
    const agent = (inputProcessors: never[]) =>
      new Agent({ id: 'a', instructions: 'x', model: new ScriptedModel({ steps: ['ok'] }), inputProcessors });
    await agent([redactor as never]).generate('card 4111');
    const plain = spans().find((s) => s.name === 'sluice.processor.processInput');
    expect(plain?.attributes[A.outcome]).toBe('changed');
    exporter.reset();
    await agent([wf('redacting').then(createStep(redactor)).commit() as never]).generate('card 4111');
    const [phase] = phaseSpans('redacting', 'processInput');
    expect(childrenOf(phase as ReadableSpan)[0]?.attributes[A.outcome]).toBe('changed');
    // The workflow hook returns nothing (it applied its output to the live list itself), so the
    // runner records the phase as "passed" although the messages were redacted.
    expect(phase?.attributes[A.outcome]).toBe('changed');
  });
});
