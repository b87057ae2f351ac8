/**
 * A run's trace survives the real OTLP HTTP exporter: what a backend (Langfuse, Phoenix, a
 * collector) receives is one trace with the run, step, model-call and tool spans and their GenAI
 * attributes. The receiver is a local node:http server on a random port.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../agent/index.js';
import { ScriptedModel } from '../test/index.js';
import { createTool } from '../tools/index.js';

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  arrayValue?: { values: OtlpValue[] };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Array<{ key: string; value: OtlpValue }>;
}
interface OtlpRequest {
  resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
}

const bodies: OtlpRequest[] = [];
let server: Server;
let provider: BasicTracerProvider;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      if (request.url === '/v1/traces') bodies.push(JSON.parse(body) as OtlpRequest);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  provider = new BasicTracerProvider({
    spanProcessors: [
      new SimpleSpanProcessor(new OTLPTraceExporter({ url: `http://127.0.0.1:${port}/v1/traces` })),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
});

afterAll(async () => {
  trace.disable();
  context.disable();
  await provider.shutdown();
  server.close();
});

const attr = (span: OtlpSpan, key: string): unknown => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  if (value === undefined) return undefined;
  if (value.arrayValue) return value.arrayValue.values.map((v) => v.stringValue);
  return value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : undefined);
};

describe('OTLP HTTP export', () => {
  it('delivers one trace per run with the GenAI spans and attributes to an OTLP receiver', async () => {
    const lookup = createTool({
      id: 'lookup',
      description: 'Looks a word up',
      inputSchema: z.object({ word: z.string() }),
      execute: async ({ word }) => ({ word, meaning: 'a test' }),
    });
    await new Agent({
      id: 'otlp-agent',
      instructions: 'x',
      model: new ScriptedModel({
        provider: 'acme',
        modelId: 'acme-2',
        steps: [{ toolCalls: [{ toolName: 'lookup', args: { word: 'sluice' } }] }, 'Done.'],
      }),
      tools: { lookup },
    }).generate('What is a sluice?');
    await provider.forceFlush();
    const spans = bodies.flatMap((b) => b.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
    const root = spans.find((s) => s.name === 'invoke_agent otlp-agent') as OtlpSpan;
    expect(root).toBeDefined();
    expect(root.parentSpanId ?? '').toBe('');
    expect(attr(root, 'gen_ai.agent.id')).toBe('otlp-agent');
    const steps = spans.filter((s) => s.name.startsWith('step '));
    expect(steps.map((s) => s.parentSpanId)).toEqual([root.spanId, root.spanId]);
    const chats = spans.filter((s) => s.name === 'chat acme-2');
    expect(chats).toHaveLength(2);
    expect(chats.map((s) => attr(s, 'gen_ai.response.finish_reasons'))).toEqual([['tool-calls'], ['stop']]);
    expect(chats.every((s) => attr(s, 'gen_ai.provider.name') === 'acme')).toBe(true);
    expect(chats.every((s) => typeof attr(s, 'gen_ai.usage.input_tokens') === 'number')).toBe(true);
    const tool = spans.find((s) => s.name === 'execute_tool lookup') as OtlpSpan;
    expect(attr(tool, 'gen_ai.tool.name')).toBe('lookup');
    expect(tool.parentSpanId).toBe(steps.find((s) => attr(s, 'sluice.step.number') === 0)?.spanId);
  });
});
