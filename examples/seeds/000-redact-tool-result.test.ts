/**
 * 000-redact-tool-result: a result replaced with `messageList.updateToolInvocation()` in
 * `processToolResult` is what the next model call and the `tool-result` chunk carry.
 */
import { Agent } from 'sluice/agent';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RedactToolResult } from './000-redact-tool-result.js';

async function collect<T>(stream: ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const chunk of stream) out.push(chunk);
  return out;
}

const CUSTOMER = { name: 'Ada Lovelace', ssn: '123-45-6789', email: 'ada@example.com', tier: 'gold' };
const REDACTED = { ...CUSTOMER, ssn: '[REDACTED]', email: '[REDACTED]' };

const lookupCustomer = createTool({
  id: 'lookup-customer',
  description: 'Look up a customer',
  inputSchema: z.object({ id: z.string() }),
  execute: async () => ({ ...CUSTOMER }),
});

const lookupOrder = createTool({
  id: 'lookup-order',
  description: 'Look up an order',
  inputSchema: z.object({ id: z.string() }),
  execute: async () => ({ order: 'A-1', email: 'ada@example.com' }),
});

function redactingAgent(model: ScriptedModel) {
  return new Agent({
    id: 'support',
    instructions: 'x',
    model,
    tools: { 'lookup-customer': lookupCustomer, 'lookup-order': lookupOrder },
    outputProcessors: [new RedactToolResult()],
  });
}

describe('RedactToolResult (000-redact-tool-result)', () => {
  it('the next model call sees the redacted tool result, never the raw SSN or email', async () => {
    const model = new ScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'lookup-customer', args: { id: 'c1' }, toolCallId: 'call-1' }] },
        'Found the customer.',
      ],
    });

    await redactingAgent(model).generate('Who is customer c1?');

    const second = model.calls[1]?.prompt ?? [];
    const toolMessage = second.find((m) => m.role === 'tool');
    expect(toolMessage?.content).toMatchObject([
      {
        type: 'tool-result',
        toolCallId: 'call-1',
        toolName: 'lookup-customer',
        output: { type: 'json', value: REDACTED },
      },
    ]);
    expect(JSON.stringify(second)).not.toContain('123-45-6789');
    expect(JSON.stringify(second)).not.toContain('ada@example.com');
  });

  it('the tool-result chunk carries the redacted value', async () => {
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'lookup-customer', args: { id: 'c1' } }] }, 'Found the customer.'],
    });

    const output = await redactingAgent(model).stream('Who is customer c1?');
    const chunks: ChunkType[] = await collect(output.fullStream);

    const toolResult = chunks.find((c) => c.type === 'tool-result');
    expect(toolResult).toMatchObject({ payload: { toolName: 'lookup-customer', result: REDACTED } });
    expect((await output.toolResults).map((r) => r.payload.result)).toEqual([REDACTED]);
  });

  it('other tools pass through unchanged (the processor returns early for them)', async () => {
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'lookup-order', args: { id: 'o1' } }] }, 'Found the order.'],
    });

    const result = await redactingAgent(model).generate('Where is order o1?');

    expect(result.toolResults[0]?.payload.result).toEqual({ order: 'A-1', email: 'ada@example.com' });
    expect(JSON.stringify(model.calls[1]?.prompt)).toContain('ada@example.com');
  });
});
