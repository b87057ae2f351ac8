/**
 * Traces a GenAI backend can read (issue 36, item 1): one trace per run, rooted at
 * `invoke_agent <agent id>`, a child per step, and under each step its model call
 * (`chat <model>`), tool calls (`execute_tool <name>`) and processor spans, with the OpenTelemetry
 * GenAI attributes. Checked with the real SDK (`sdk-trace-base`) and an in-memory exporter.
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
import { z } from 'zod';
import { Agent } from '../agent/index.js';
import { InMemoryStore, Memory } from '../memory/index.js';
import { PIIDetector, type Processor } from '../processors/index.js';
import { ScriptedModel, streamOnly } from '../test/index.js';
import { createTool } from '../tools/index.js';

const exporter = new InMemorySpanExporter();

const parentId = (span: ReadableSpan): string | undefined =>
  span.parentSpanContext?.spanId ?? (span as { parentSpanId?: string }).parentSpanId;

/** The finished spans as an indented tree of names (children in start order). */
function tree(spans: readonly ReadableSpan[]): string[] {
  const ids = new Set(spans.map((s) => s.spanContext().spanId));
  const lines: string[] = [];
  const walk = (parent: string | undefined, depth: number) => {
    const children = spans
      .filter((s) => (parent === undefined ? !ids.has(parentId(s) ?? '') : parentId(s) === parent))
      .sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]);
    for (const child of children) {
      lines.push(`${'  '.repeat(depth)}${child.name}`);
      walk(child.spanContext().spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  return lines;
}

const weather = createTool({
  id: 'weather',
  description: 'Weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, forecast: 'sunny' }),
});

function twoStepAgent(extra: Partial<ConstructorParameters<typeof Agent>[0]> = {}) {
  return new Agent({
    id: 'weather-agent',
    instructions: 'Answer about the weather.',
    model: new ScriptedModel({
      provider: 'acme',
      modelId: 'acme-1',
      steps: [
        {
          toolCalls: [{ toolName: 'weather', args: { city: 'Paris' } }],
          usage: { inputTokens: 11, outputTokens: 3 },
        },
        { text: 'Sunny in Paris.', usage: { inputTokens: 20, outputTokens: 4 } },
      ],
    }),
    tools: { weather },
    inputProcessors: [{ id: 'noop-input', processInputStep: () => undefined } satisfies Processor],
    ...extra,
  });
}

describe('run traces with an OpenTelemetry SDK registered', () => {
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

  it('puts a two-step run in one trace: invoke_agent, a span per step, chat / execute_tool / hooks under their step', async () => {
    await twoStepAgent().generate('Weather in Paris?');
    const spans = exporter.getFinishedSpans();
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
    expect(tree(spans)).toEqual([
      'invoke_agent weather-agent',
      '  step 0',
      '    sluice.processor.processInputStep',
      // The default error processors' processLLMRequest (provider history compatibility, …).
      '    sluice.processor.processLLMRequest',
      '    sluice.processor.processLLMRequest',
      '    chat acme-1',
      '    execute_tool weather',
      '  step 1',
      '    sluice.processor.processInputStep',
      '    sluice.processor.processLLMRequest',
      '    sluice.processor.processLLMRequest',
      '    chat acme-1',
    ]);
  });

  it('sets the GenAI semantic convention attributes on the run, model-call and tool spans', async () => {
    const storage = new InMemoryStore();
    await twoStepAgent({ memory: new Memory({ storage }) }).generate('Weather in Paris?', {
      memory: { thread: 'thread-7', resource: 'user-1' },
    });
    const spans = exporter.getFinishedSpans();
    const byName = (name: string) => spans.filter((s) => s.name === name);
    const [root] = byName('invoke_agent weather-agent');
    expect(root?.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.id': 'weather-agent',
      'gen_ai.conversation.id': 'thread-7',
    });
    const chats = byName('chat acme-1');
    expect(chats.map((s) => s.attributes)).toEqual([
      expect.objectContaining({
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'acme',
        'gen_ai.request.model': 'acme-1',
        'gen_ai.response.finish_reasons': ['tool-calls'],
        'gen_ai.usage.input_tokens': 11,
        'gen_ai.usage.output_tokens': 3,
        'gen_ai.conversation.id': 'thread-7',
        'gen_ai.agent.id': 'weather-agent',
      }),
      expect.objectContaining({
        'gen_ai.response.finish_reasons': ['stop'],
        'gen_ai.usage.input_tokens': 20,
        'gen_ai.usage.output_tokens': 4,
      }),
    ]);
    const [tool] = byName('execute_tool weather');
    expect(tool?.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'weather',
      'sluice.step.number': 0,
    });
    expect(tool?.attributes['gen_ai.tool.call.id']).toBeTypeOf('string');
    // Content stays off spans unless asked for.
    for (const span of spans) {
      expect(span.attributes['gen_ai.input.messages']).toBeUndefined();
      expect(span.attributes['gen_ai.tool.call.arguments']).toBeUndefined();
    }
  });

  it('gives a 1,000-chunk answer one stream span per processor, with the chunk counts', async () => {
    const deltas = Array.from({ length: 1000 }, (_, i) => `w${i} `);
    const dropEven = {
      id: 'drop-even',
      processOutputStream: async ({ part }) =>
        part.type === 'text-delta' && Number(part.payload.text.slice(1)) % 2 === 0 ? null : part,
    } satisfies Processor;
    await new Agent({
      id: 'long',
      instructions: 'x',
      model: streamOnly(new ScriptedModel({ steps: [{ text: deltas }] })),
      outputProcessors: [dropEven],
    }).generate('q');
    const spans = exporter.getFinishedSpans();
    const stream = spans.filter((s) => s.attributes['sluice.processor.hook'] === 'processOutputStream');
    // The step's span, and the one for the run's closing finish chunk (outside steps).
    expect(stream).toHaveLength(2);
    const inStep = stream.find((s) => s.attributes['sluice.step.number'] === 0);
    expect(inStep?.attributes).toMatchObject({
      'sluice.processor.outcome': 'dropped',
      'sluice.processor.chunks.dropped': 500,
      'sluice.processor.chunks.changed': 0,
    });
    const seen = inStep?.attributes['sluice.processor.chunks.seen'] as number;
    expect(seen).toBeGreaterThanOrEqual(1000);
    expect(inStep?.attributes['sluice.processor.chunks.emitted']).toBe(seen - 500);
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
  });

  it('puts the error processors that handle a failed model call under the failed step attempt', async () => {
    // What undici throws when the provider's socket closes mid-stream: a default error processor retries it.
    const reset = new TypeError('terminated', {
      cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
    });
    await new Agent({
      id: 'flaky',
      instructions: 'x',
      model: new ScriptedModel({
        steps: [{ text: ['Let me ', 'see'], errorAfterChunks: { after: 3, error: reset } }, 'Fine.'],
      }),
    }).generate('q');
    const spans = exporter.getFinishedSpans();
    const steps = spans.filter((s) => s.name === 'step 0');
    expect(steps.map((s) => s.attributes['sluice.step.attempt'])).toEqual([0, 1]);
    const failed = steps.find((s) => s.attributes['sluice.step.attempt'] === 0) as ReadableSpan;
    expect(failed.status.code).toBe(2);
    const apiErrorSpans = spans.filter((s) => s.attributes['sluice.processor.hook'] === 'processAPIError');
    expect(apiErrorSpans.length).toBeGreaterThan(0);
    for (const span of apiErrorSpans) expect(parentId(span)).toBe(failed.spanContext().spanId);
    expect(apiErrorSpans.map((s) => s.attributes['sluice.processor.outcome'])).toContain('retried');
    const chats = spans.filter((s) => s.name.startsWith('chat '));
    expect(chats.map((s) => s.status.code)).toEqual([2, 0]);
    expect(chats[0]?.attributes['gen_ai.response.finish_reasons']).toBeUndefined();
  });

  it('reports a hook that edited a message in place (and returned nothing) as changed', async () => {
    const inPlace = {
      id: 'in-place',
      processInput: ({ messages }) => {
        const part = messages[0]?.content.parts[0];
        if (part?.type === 'text') part.text = part.text.replace('secret', '[removed]');
      },
    } satisfies Processor;
    const looker = { id: 'looker', processInput: () => undefined } satisfies Processor;
    const model = new ScriptedModel({ steps: ['ok'] });
    await new Agent({ id: 'a', instructions: 'x', model, inputProcessors: [inPlace, looker] }).generate(
      'my secret plan',
    );
    const outcome = (id: string) =>
      exporter.getFinishedSpans().find((s) => s.attributes['sluice.processor.id'] === id)?.attributes[
        'sluice.processor.outcome'
      ];
    expect(outcome('in-place')).toBe('changed');
    expect(outcome('looker')).toBe('passed');
  });

  it('puts content on spans only with recordInputs / recordOutputs, with values a guardrail flagged masked', async () => {
    const agent = twoStepAgent({
      inputProcessors: [new PIIDetector({ strategy: 'warn', detectionTypes: ['email'] })],
    });
    await agent.generate('Weather in Paris? Mail me at jane.doe@example.com', {
      recordInputs: true,
      recordOutputs: true,
    });
    const spans = exporter.getFinishedSpans();
    const chat = spans.find((s) => s.name === 'chat acme-1');
    const input = chat?.attributes['gen_ai.input.messages'] as string;
    expect(input).toContain('Weather in Paris?');
    expect(input).toContain('[EMAIL]');
    expect(input).not.toContain('jane.doe@example.com');
    const tool = spans.find((s) => s.name === 'execute_tool weather');
    expect(JSON.parse(tool?.attributes['gen_ai.tool.call.arguments'] as string)).toEqual({ city: 'Paris' });
    expect(JSON.parse(tool?.attributes['gen_ai.tool.call.result'] as string)).toEqual({
      city: 'Paris',
      forecast: 'sunny',
    });
    const last = spans.filter((s) => s.name === 'chat acme-1').at(-1);
    expect(last?.attributes['gen_ai.output.messages']).toContain('Sunny in Paris.');
  });
});
