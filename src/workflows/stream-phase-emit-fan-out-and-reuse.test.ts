/**
 * The stream phase of processor workflows: staged results, per-run reuse of invocation / stage /
 * slot / map records, and `writer.emit()` routed through the workflow's later steps. Each test is
 * a minimal reproduction through the public API of one rule, named in its title.
 */
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { MessageList } from 'sluice';
import { Agent } from 'sluice/agent';
import { type Processor, ProcessorStepSchema } from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel, streamOnly } from 'sluice/test';
import { createStep, createWorkflow } from 'sluice/workflows';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collect } from './testing/helpers.js';

// ---- helpers --------------------------------------------------------------------------------

const workflow = (id: string) =>
  createWorkflow({ id, inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema });

/** What the client saw: text deltas as their text, data chunks as their type. */
const shape = (chunks: readonly ChunkType[]) =>
  chunks.flatMap((c) =>
    c.type === 'text-delta' ? [c.payload.text] : c.type.startsWith('data-') ? [c.type] : [],
  );

/** A pass-through stream processor (sync). */
const passThrough = (id: string, seen: string[] = []) =>
  ({
    id,
    processDataParts: true,
    processOutputStream: async ({ part }) => {
      seen.push(part.type);
      return part;
    },
  }) satisfies Processor;

// ---- writer.emit() from a stream step inside a workflow --------------------------------------

describe('writer.emit() from a workflow step behaves as it does in a lane', () => {
  /** On the delta "b", emits a data chunk without awaiting it, then returns the part. */
  const emitter = () =>
    ({
      id: 'emitter',
      processOutputStream: async ({ part, writer }) => {
        if (part.type === 'text-delta' && part.payload.text === 'b')
          void writer?.emit?.({ type: 'data-marker', data: {} } as ChunkType);
        return part;
      },
    }) satisfies Processor;

  const run = async (outputProcessors: unknown[]) => {
    const model = new ScriptedModel({ steps: [{ text: ['a', 'b', 'c'] }] });
    const agent = new Agent({
      id: 'a',
      instructions: 'sys',
      model,
      outputProcessors: outputProcessors as never,
    });
    return shape(await collect((await agent.stream('go')).fullStream));
  };

  it('an un-awaited emit() reaches the client where it was made (before the part the step returns), also when steps follow it', async () => {
    // Rule (runner #callStreamHook): a write a stream hook starts while it runs reaches the client
    // before the part it returns; wf-semantics: emit() from a step runs through the later steps
    // "as in a lane". In a lane [emitter, after] the marker comes before "b".
    const lane = await run([emitter(), passThrough('after')]);
    expect(lane).toEqual(['a', 'data-marker', 'b', 'c']);
    // The same two processors as workflow steps: the routed emit is never tracked by the runner,
    // so "b" overtakes the marker.
    const wf = workflow('emit-order')
      .then(createStep(emitter()))
      .then(createStep(passThrough('after')))
      .commit();
    expect(await run([wf])).toEqual(lane);
  });

  it('control: with no step after the emitter the order is kept (the emit is not routed)', async () => {
    const wf = workflow('emit-order-last').then(createStep(emitter())).commit();
    expect(await run([wf])).toEqual(['a', 'data-marker', 'b', 'c']);
  });

  it('a timer emit() whose chunk fails in a later step fails the run, as it does in a lane', async () => {
    // Rule (runner #emitFrom): "The emitter may be a timer with nobody to tell: the run fails with
    // it at its next chunk." Routed through the workflow's later steps, the failure is only
    // handed to the emitter's promise (caught here, as a timer would) and the run goes on.
    const timerEmitter = () =>
      ({
        id: 'timer-emitter',
        processOutputStream: async ({ part, writer }) => {
          if (part.type === 'text-delta' && part.payload.text === 'a') {
            setTimeout(() => {
              writer?.emit?.({ type: 'data-late', data: {} } as ChunkType)?.catch(() => {});
            }, 0);
          }
          return part;
        },
      }) satisfies Processor;
    const rejectsLate = () =>
      ({
        id: 'rejects-late',
        processDataParts: true,
        processOutputStream: async ({ part }) => {
          if (part.type === 'data-late') throw new Error('late chunk refused');
          return part;
        },
      }) satisfies Processor;
    const outcome = async (outputProcessors: unknown[]) => {
      // Streamed, so the run is still going when the timer's chunk comes.
      const model = streamOnly(new ScriptedModel({ steps: [{ text: ['a', 'b', 'c', 'd'], delayMs: 10 }] }));
      const agent = new Agent({
        id: 'a',
        instructions: 'sys',
        model,
        outputProcessors: outputProcessors as never,
      });
      try {
        const result = await agent.generate('go');
        return { failed: false, text: result.text };
      } catch (error) {
        return { failed: true, message: (error as Error).message };
      }
    };
    const lane = await outcome([timerEmitter(), rejectsLate()]);
    expect(lane.failed).toBe(true);
    const wf = workflow('timer-emit')
      .then(createStep(timerEmitter()))
      .then(createStep(rejectsLate()))
      .commit();
    const viaWorkflow = await outcome([wf]);
    expect(viaWorkflow.failed).toBe(true);
    expect(viaWorkflow.message).toContain('rejects-late');
  });

  it('emit() from a step of a nested workflow runs through the outer workflow’s later steps', async () => {
    // wf-semantics: writer.emit() from a stream step runs the chunk through the workflow's later
    // top-level steps. A step inside a nested workflow gets no route: its chunk skips them.
    const emitOnStart = {
      id: 'emit-on-start',
      processOutputStream: async ({ part, writer }) => {
        if (part.type === 'text-start') await writer?.emit?.({ type: 'data-emitted', data: {} } as ChunkType);
        return part;
      },
    } satisfies Processor;
    const laterSaw: string[] = [];
    const inner = workflow('inner').then(createStep(emitOnStart)).commit();
    const outer = workflow('outer')
      .then(inner)
      .then(createStep(passThrough('later', laterSaw)))
      .commit();
    const model = new ScriptedModel({ steps: ['hi'] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [outer] });

    const chunks = await collect((await agent.stream('go')).fullStream);

    expect(chunks.filter((c) => c.type === 'data-emitted')).toHaveLength(1);
    expect(laterSaw).toContain('data-emitted');
  });
});

// ---- fan-out reaching a plain step -----------------------------------------------------------

describe('fan-out inside a stream workflow', () => {
  it('a plain step after a step that fans out sees each chunk, not the array', async () => {
    // wf-semantics (Stream): a step returning an array of chunks fans out (later steps see each
    // chunk). Processor steps do; a plain step gets `inputData.part` as the raw array.
    const splitter = {
      id: 'splitter',
      processOutputStream: async ({ part }) => {
        if (part.type !== 'text-delta') return part;
        return [part, { ...part, payload: { ...part.payload, text: `${part.payload.text}!` } }];
      },
    } satisfies Processor;
    const partsSeen: unknown[] = [];
    const plain = createStep({
      id: 'plain-recorder',
      inputSchema: ProcessorStepSchema,
      outputSchema: ProcessorStepSchema,
      execute: async ({ inputData }) => {
        const part = (inputData as { part?: unknown }).part;
        partsSeen.push(Array.isArray(part) ? 'array' : (part as ChunkType | null | undefined)?.type);
        return inputData;
      },
    });
    const wf = workflow('fan-plain').then(createStep(splitter)).then(plain).commit();
    const model = new ScriptedModel({ steps: [{ text: ['x'] }] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [wf] });

    const chunks = await collect((await agent.stream('go')).fullStream);

    expect(shape(chunks)).toEqual(['x', 'x!']);
    expect(partsSeen).not.toContain('array');
  });
});

// ---- tracing: a map's context, reused per chunk ------------------------------------------------

describe('tracing on: the reused map context of the stream phase', () => {
  const exporter = new InMemorySpanExporter();
  const contextManager = new AsyncLocalStorageContextManager();
  let provider: BasicTracerProvider;

  beforeAll(() => {
    contextManager.enable();
    context.setGlobalContextManager(contextManager);
    provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    trace.setGlobalTracerProvider(provider);
  });

  afterAll(async () => {
    await provider.shutdown();
    trace.disable();
    context.disable();
  });

  it("each chunk's map gets the tracingContext of its own step's stream span, not the first chunk's", async () => {
    // Rule (wf-semantics Tracing, issue 36): a map's context carries the hook's tracingContext.
    // Stream hooks have one span per processor per model step (never one per chunk); the stream
    // phase reuses one map context per run, so it must be refreshed: chunks of the step see the
    // step's span, the run's closing finish chunk (outside steps) sees the run-level one.
    const upper = {
      id: 'upper',
      processOutputStream: async ({ part }) => part,
    } satisfies Processor;
    const spanIds: string[] = [];
    const wf = workflow('traced-map')
      .then(createStep(upper))
      .map(({ inputData, tracingContext }) => {
        const span = (tracingContext as { currentSpan?: { spanContext(): { spanId: string } } } | undefined)
          ?.currentSpan;
        spanIds.push(span?.spanContext().spanId ?? 'none');
        return inputData;
      })
      .commit();
    const model = new ScriptedModel({ steps: [{ text: ['a', 'b', 'c'] }] });
    const agent = new Agent({ id: 'a', instructions: 'sys', model, outputProcessors: [wf] });

    await collect((await agent.stream('go')).fullStream);

    const phaseSpans = exporter
      .getFinishedSpans()
      .filter(
        (s) =>
          s.name === 'sluice.processor.processOutputStream' &&
          s.attributes['sluice.processor.id'] === 'traced-map',
      )
      .map((s) => s.spanContext().spanId);
    expect(spanIds.length).toBeGreaterThan(2);
    expect(phaseSpans).toHaveLength(2);
    expect([...new Set(spanIds)].sort()).toEqual([...phaseSpans].sort());
    // The finish chunk comes last, on the run-level span; every chunk before it is in step 0.
    expect(new Set(spanIds.slice(0, -1)).size).toBe(1);
  });
});

// ---- MessageList.absorb(): the live list made what the chosen branch's copy is ------------------

describe('reconciling the live list from the chosen branch (MessageList.absorb)', () => {
  it('a message the chosen branch moved (removed and added again) is where the branch put it, as in a lane', async () => {
    // Issue #12, 3: the live MessageList is reconciled once from the chosen output. absorb() keeps
    // every message that is already live at its old place, so a move the branch made is lost
    // (a lane processor doing the same moves the message).
    const mover = {
      id: 'mover',
      processInput: ({ messageList }) => {
        const first = messageList.get.all.db()[0];
        if (first === undefined) return;
        messageList.removeByIds([first.id]);
        messageList.add(first, 'input');
      },
    } satisfies Processor;
    const keep = { id: 'keep', processInput: () => undefined } satisfies Processor;
    const promptOrder = async (inputProcessors: unknown[]) => {
      const model = new ScriptedModel({ steps: ['ok'] });
      const agent = new Agent({
        id: 'a',
        instructions: 'sys',
        model,
        inputProcessors: inputProcessors as never,
      });
      await agent.generate([
        { role: 'user', content: 'first' },
        { role: 'user', content: 'second' },
      ]);
      const prompt = JSON.stringify(model.calls[0]?.prompt);
      return [prompt.indexOf('first') < prompt.indexOf('second') ? 'first' : 'second', 'then the other'];
    };
    const lane = await promptOrder([mover]);
    expect(lane[0]).toBe('second');
    const wf = workflow('move')
      .parallel([createStep(mover), createStep(keep)])
      .map(({ inputData }) => inputData['processor:mover'])
      .commit();
    expect(await promptOrder([wf])).toEqual(lane);
  });

  it('a message added after absorbing a copy is stamped after the messages the copy added', () => {
    // MessageList: "Monotonic clock for messages without createdAt, so their order survives a
    // sort". absorb() takes the copy's messages but not its clock, so the next message added to
    // the live list can get the same createdAt as one the branch added.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
    try {
      const live = new MessageList();
      live.add({ role: 'user', content: 'a' }, 'input');
      const copy = live.fork();
      copy.add({ role: 'user', content: 'b' }, 'input');
      live.absorb(copy);
      live.add({ role: 'assistant', content: 'c' }, 'response');
      const times = live.get.all.db().map((m) => m.createdAt.getTime());
      expect(times).toHaveLength(3);
      expect(times[1]).toBeGreaterThan(times[0] as number);
      expect(times[2]).toBeGreaterThan(times[1] as number);
    } finally {
      vi.useRealTimers();
    }
  });
});
