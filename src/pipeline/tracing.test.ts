/**
 * Tracing (issue: "an OpenTelemetry span per hook invocation"): with an SDK registered, each hook
 * call is a span carrying processor id, hook, step number and outcome; with none registered,
 * nothing is created and runs behave the same.
 */
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Agent } from '../agent/index.js';
import type { Processor } from '../processors/index.js';
import { ScriptedModel, streamOnly } from '../test/index.js';
import { HOOK_SPAN_ATTRIBUTES } from './tracing.js';
import type { ProcessOutputStreamArgs } from './types.js';

const exporter = new InMemorySpanExporter();

function summary(span: ReadableSpan) {
  return {
    name: span.name,
    id: span.attributes[HOOK_SPAN_ATTRIBUTES.processorId],
    hook: span.attributes[HOOK_SPAN_ATTRIBUTES.hook],
    step: span.attributes[HOOK_SPAN_ATTRIBUTES.stepNumber],
    outcome: span.attributes[HOOK_SPAN_ATTRIBUTES.outcome],
  };
}

describe('without an OpenTelemetry SDK', () => {
  it('runs hooks with no current span', async () => {
    let span: unknown = 'unset';
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['hi'] }),
      inputProcessors: [
        {
          id: 'p',
          processInput: ({ tracingContext, messageList }) => {
            span = tracingContext?.currentSpan;
            return messageList;
          },
        },
      ],
    });
    await agent.generate('q');
    expect(span).toBeUndefined();
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

  it('records one span per hook invocation with id, hook, step and outcome', async () => {
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
    const input = {
      id: 'input',
      processInput: ({ messageList }) => messageList,
      processInputStep: () => ({ toolChoice: 'none' as const }),
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      // Streamed, so the dropper sees the second delta on its own.
      model: streamOnly(new ScriptedModel({ steps: [{ text: ['a', 'b'] }] })),
      inputProcessors: [input],
      outputProcessors: [upper, dropper],
    });
    const result = await agent.generate('q');
    expect(result.text).toBe('A');
    const spans = exporter.getFinishedSpans().map(summary);
    expect(spans).toContainEqual({
      name: 'sluice.processor.processInput',
      id: 'input',
      hook: 'processInput',
      step: undefined,
      outcome: 'passed',
    });
    expect(spans).toContainEqual({
      name: 'sluice.processor.processInputStep',
      id: 'input',
      hook: 'processInputStep',
      step: 0,
      outcome: 'changed',
    });
    // Stream hooks: one span per processor for the step, never one per chunk. The run's closing
    // finish chunk passes the processors after the steps (no step number).
    const streamSpans = exporter
      .getFinishedSpans()
      .filter((s) => s.attributes[HOOK_SPAN_ATTRIBUTES.hook] === 'processOutputStream');
    const inStep = streamSpans.filter((s) => s.attributes[HOOK_SPAN_ATTRIBUTES.stepNumber] === 0);
    expect(inStep.map((s) => s.attributes[HOOK_SPAN_ATTRIBUTES.processorId]).sort()).toEqual([
      'dropper',
      'upper',
    ]);
    const counts = (id: string) => {
      const span = inStep.find((s) => s.attributes[HOOK_SPAN_ATTRIBUTES.processorId] === id);
      return {
        outcome: span?.attributes[HOOK_SPAN_ATTRIBUTES.outcome],
        changed: span?.attributes['sluice.processor.chunks.changed'],
        dropped: span?.attributes['sluice.processor.chunks.dropped'],
        seen: span?.attributes['sluice.processor.chunks.seen'],
        emitted: span?.attributes['sluice.processor.chunks.emitted'],
      };
    };
    const upperCounts = counts('upper');
    expect(upperCounts).toMatchObject({ outcome: 'changed', changed: 2, dropped: 0 });
    expect(upperCounts.emitted).toBe(upperCounts.seen);
    const dropperCounts = counts('dropper');
    expect(dropperCounts).toMatchObject({ outcome: 'dropped', changed: 0, dropped: 1 });
    expect(dropperCounts.emitted).toBe((dropperCounts.seen as number) - 1);
  });

  it('marks aborted, retried and failed outcomes', async () => {
    let attempts = 0;
    const guard = {
      id: 'guard',
      processOutputStep: ({ abort, messageList }) => {
        attempts++;
        if (attempts === 1) abort('again', { retry: true });
        if (attempts === 2) abort('stop');
        return messageList;
      },
    } satisfies Processor;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['one', 'two'] }),
      outputProcessors: [guard],
      maxProcessorRetries: 3,
    });
    await agent.generate('q');
    const outcomes = exporter
      .getFinishedSpans()
      .filter((s) => s.attributes[HOOK_SPAN_ATTRIBUTES.hook] === 'processOutputStep')
      .map((s) => s.attributes[HOOK_SPAN_ATTRIBUTES.outcome]);
    expect(outcomes).toEqual(['retried', 'aborted']);

    exporter.reset();
    const broken = new Agent({
      id: 'b',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['one'] }),
      inputProcessors: [
        {
          id: 'broken',
          processInput: () => {
            throw new Error('boom');
          },
        },
      ],
    });
    await expect(broken.generate('q')).rejects.toThrow(/broken/);
    const [failed] = exporter.getFinishedSpans();
    expect(failed?.attributes[HOOK_SPAN_ATTRIBUTES.outcome]).toBe('failed');
    expect(failed?.status.code).toBe(2); // SpanStatusCode.ERROR
    expect(failed?.events.some((e) => e.name === 'exception')).toBe(true);
  });

  it('marks a retry request that cannot be replayed (on the closing finish chunk) as aborted, not retried', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['hi'] }),
      outputProcessors: [
        {
          id: 'late',
          processOutputStream: async ({ part, abort }) => {
            if (part.type === 'finish') abort('too late', { retry: true });
            return part;
          },
        },
      ],
      maxProcessorRetries: 2,
    });
    const result = await agent.generate('q');
    expect(result.finishReason).toBe('other');
    const outcomes = exporter
      .getFinishedSpans()
      .filter((s) => s.attributes[HOOK_SPAN_ATTRIBUTES.hook] !== undefined)
      .filter((s) => s.attributes[HOOK_SPAN_ATTRIBUTES.outcome] !== 'passed')
      .map((s) => s.attributes[HOOK_SPAN_ATTRIBUTES.outcome]);
    expect(outcomes).toEqual(['aborted']);
  });

  it("marks a stream hook's mid-step retry request as retried, on that step attempt's one span", async () => {
    let attempts = 0;
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['abc', 'abc'] }),
      outputProcessors: [
        {
          id: 'picky',
          // Synchronous on purpose (the lane takes plain values though the type says Promise): the
          // plain-value path is observed as well as the awaited one.
          processOutputStream: (({ part, abort }: ProcessOutputStreamArgs) => {
            if (part.type === 'text-delta' && attempts++ === 0) {
              abort('again', { retry: true });
            }
            return part;
          }) as unknown as Processor['processOutputStream'],
        },
      ],
      maxProcessorRetries: 2,
    });
    const result = await agent.generate('q');
    expect(result.text).toBe('abc');
    const streamSpans = exporter
      .getFinishedSpans()
      .filter((s) => s.attributes[HOOK_SPAN_ATTRIBUTES.hook] === 'processOutputStream');
    const stepZero = streamSpans.filter((s) => s.attributes[HOOK_SPAN_ATTRIBUTES.stepNumber] === 0);
    expect(stepZero.map((s) => s.attributes[HOOK_SPAN_ATTRIBUTES.outcome])).toEqual(['retried', 'passed']);
    expect(stepZero[0]?.attributes['sluice.tripwire.reason']).toBe('again');
  });

  it('makes the hook span current, so spans a hook starts are its children', async () => {
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['hi'] }),
      inputProcessors: [
        {
          id: 'nested',
          processInput: ({ messageList, tracingContext }) => {
            expect(tracingContext?.currentSpan).toBeDefined();
            trace.getTracer('test').startSpan('child').end();
            return messageList;
          },
        },
      ],
    });
    await agent.generate('q');
    const spans = exporter.getFinishedSpans();
    const hook = spans.find((s) => s.name === 'sluice.processor.processInput');
    const child = spans.find((s) => s.name === 'child');
    expect(child?.parentSpanContext?.spanId).toBe(hook?.spanContext().spanId);
  });
});
