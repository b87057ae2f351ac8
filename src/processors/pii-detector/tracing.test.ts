/**
 * With an OpenTelemetry SDK registered, PIIDetector's helper-model checks are spans of their
 * own (`chat <model>`, with `sluice.guardrail.model`), children of the hook span that ran them — the input hook, and
 * in the stream the chunk's `processOutputStream` span whose window was checked.
 */
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { Agent } from 'sluice/agent';
import { PIIDetector } from 'sluice/processors';
import { ScriptedModel } from 'sluice/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exporter = new InMemorySpanExporter();

describe('PIIDetector tracing', () => {
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

  it('judge spans are children of the input hook span and of stream hook spans', async () => {
    const judge = new ScriptedModel({ steps: () => '{"categories":null,"detections":null}' });
    const pii = new PIIDetector({ model: judge, bufferSize: 40 });
    const words = Array.from({ length: 30 }, (_, i) => `word${i} `);
    const agent = new Agent({
      id: 'traced',
      instructions: 'x',
      model: new ScriptedModel({ steps: [{ text: words }] }),
      inputProcessors: [pii],
      outputProcessors: [pii],
    });
    const output = await agent.stream('hello there');
    for await (const _chunk of output.fullStream) {
      // drain
    }
    const spans = exporter.getFinishedSpans();
    const parentOf = (s: (typeof spans)[number]) =>
      s.parentSpanContext?.spanId ?? (s as { parentSpanId?: string }).parentSpanId;
    const judgeSpans = spans.filter(
      (s) => s.attributes['sluice.guardrail.model'] !== undefined && s.name.startsWith('chat '),
    );
    expect(judgeSpans.length).toBe(judge.calls.length);
    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s.name]));
    const parents = new Set(judgeSpans.map((s) => byId.get(parentOf(s) ?? '')));
    expect(parents).toEqual(
      new Set(['sluice.processor.processInput', 'sluice.processor.processOutputStream']),
    );
  });
});
