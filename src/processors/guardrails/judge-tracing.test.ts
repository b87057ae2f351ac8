/**
 * With an OpenTelemetry SDK registered, a guardrail's helper-model call is a span of its own
 * (`chat <model>`, with `sluice.guardrail.model`), a child of the hook span that made it, naming the processor, the
 * model and the outcome.
 */
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { Agent } from 'sluice/agent';
import { ModerationProcessor } from 'sluice/processors';
import { ScriptedModel } from 'sluice/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUDGE_SPAN_ATTRIBUTES } from './judge.js';

const exporter = new InMemorySpanExporter();

describe('askJudge tracing', () => {
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

  it('the helper call is a child span of the processInput hook span, with processor, model and outcome', async () => {
    const judge = new ScriptedModel({
      steps: ['{"category_scores": null, "reason": null}'],
      modelId: 'judge-1',
    });
    const agent = new Agent({
      id: 'traced',
      instructions: 'x',
      model: new ScriptedModel({ steps: ['ok'] }),
      inputProcessors: [new ModerationProcessor({ model: judge })],
    });
    await agent.generate('hello there');
    const spans = exporter.getFinishedSpans();
    const judgeSpan = spans.find(
      (s) => s.attributes['sluice.guardrail.model'] !== undefined && s.name.startsWith('chat '),
    );
    const hookSpan = spans.find((s) => s.name === 'sluice.processor.processInput');
    expect(judgeSpan?.attributes).toMatchObject({
      [JUDGE_SPAN_ATTRIBUTES.processorId]: 'moderation',
      [JUDGE_SPAN_ATTRIBUTES.model]: 'scripted/judge-1',
      [JUDGE_SPAN_ATTRIBUTES.outcome]: 'answered',
    });
    expect(
      judgeSpan?.parentSpanContext?.spanId ??
        (judgeSpan as { parentSpanId?: string } | undefined)?.parentSpanId,
    ).toBe(hookSpan?.spanContext().spanId);
  });
});
