/**
 * checkToolResults reads every string of a tool result once — however often an object is
 * referenced, however many strings, however deep (within the documented bounds), property
 * names included — and a result past the bounds is blocked, never passed on unchecked. What is
 * asserted is what the model is sent next and what the client streams.
 */
import { Agent } from 'sluice/agent';
import { PIIDetector, type PIIDetectorOptions } from 'sluice/processors';
import { DEFAULT_TOOL_RESULT_LIMITS } from 'sluice/processors/authoring';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const EMAIL = 'jo.bloggs@gmail.com';
const CARD = '4111 1111 1111 1111';

async function runTool(result: () => unknown, options: PIIDetectorOptions = {}) {
  const tool = createTool({
    id: 'lookup',
    description: 'Look up',
    inputSchema: z.object({}),
    execute: async () => result(),
  });
  const model = new ScriptedModel({ steps: [{ toolCalls: [{ toolName: 'lookup', args: {} }] }, 'Done.'] });
  const agent = new Agent({
    id: 'a',
    instructions: 'x',
    model,
    tools: { lookup: tool },
    outputProcessors: [
      new PIIDetector({ checkToolResults: true, redactionMethod: 'placeholder', ...options }),
    ],
  });
  const output = await agent.stream('look it up');
  const chunks: ChunkType[] = [];
  for await (const chunk of output.fullStream) chunks.push(chunk);
  const toolResult = chunks.find((c) => c.type === 'tool-result');
  const tripwire = chunks.find((c) => c.type === 'tripwire');
  return {
    /** What the model was sent after the tool ran ('' when it was never called again). */
    secondPrompt: model.calls.length > 1 ? JSON.stringify(model.calls[1]?.prompt) : '',
    streamed: toolResult === undefined ? '' : JSON.stringify(toolResult),
    tripwire: tripwire?.type === 'tripwire' ? tripwire.payload : undefined,
    calls: model.calls.length,
  };
}

function nested(depth: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = { level: v };
  return v;
}

describe('PIIDetector checkToolResults: every reachable string, once', () => {
  it('a shared object referenced from several places is redacted in every place', async () => {
    const { secondPrompt, streamed } = await runTool(() => {
      const owner = { email: EMAIL, card: CARD };
      return { owner, billing: owner, rows: [owner, { contact: owner }] };
    });
    for (const text of [secondPrompt, streamed]) {
      expect(text).not.toContain(EMAIL);
      expect(text).not.toContain('4111');
      expect(text.split('[EMAIL]').length - 1).toBe(4);
    }
  });

  it('strings far past the 2,000th are checked', async () => {
    const { secondPrompt, streamed } = await runTool(() => ({
      rows: [...Array.from({ length: 5000 }, (_, i) => `row ${i}`), `mail ${EMAIL}`],
    }));
    expect(secondPrompt).toContain('mail [EMAIL]');
    expect(secondPrompt).not.toContain(EMAIL);
    expect(streamed).not.toContain(EMAIL);
  });

  it.each([17, 40, DEFAULT_TOOL_RESULT_LIMITS.maxDepth])(
    'a value %i levels deep is redacted',
    async (depth) => {
      const { secondPrompt } = await runTool(() => nested(depth, `card ${CARD}`));
      expect(secondPrompt).toContain('card [CREDIT_CARD]');
      expect(secondPrompt).not.toContain('4111');
    },
  );

  it('a property name holding personal data is renamed, its value kept', async () => {
    const { secondPrompt, streamed } = await runTool(() => ({
      contacts: { [EMAIL]: { since: 2019, vip: true }, 'other@gmail.com': 'x', plain: 'y' },
    }));
    for (const text of [secondPrompt, streamed]) {
      expect(text).not.toContain('gmail');
      expect(text).toMatch(/\[EMAIL\]\\?"?:\{\\?"?since\\?"?:2019/);
      // Two names redacted to the same text both survive, with their values.
      expect(text).toMatch(/\[EMAIL\] \(2\)\\?"?:\\?"?x/);
      expect(text).toMatch(/plain\\?"?:\\?"?y/);
    }
  });
});

describe('PIIDetector checkToolResults: past the bounds the result is blocked, not passed', () => {
  it.each([
    [
      'maxStrings',
      () => ({ rows: Array.from({ length: DEFAULT_TOOL_RESULT_LIMITS.maxStrings + 1 }, () => 'ok') }),
    ],
    ['maxChars', () => ({ blob: 'a'.repeat(DEFAULT_TOOL_RESULT_LIMITS.maxChars + 1) })],
    ['maxDepth', () => nested(DEFAULT_TOOL_RESULT_LIMITS.maxDepth + 1, 'fine')],
  ] as const)(
    'over %s: tripwire naming the tool and the bound; the model never sees it',
    async (limit, make) => {
      const run = await runTool(make);
      expect(run.calls).toBe(1);
      expect(run.tripwire?.reason).toContain('tool "lookup"');
      expect(run.tripwire?.reason).toContain(`toolResultLimits.${limit}`);
      expect(run.tripwire?.metadata).toMatchObject({ processorId: 'pii-detector', overflow: { limit } });
      expect(run.streamed).toBe('');
    },
  );

  it('toolResultLimits moves the bounds', async () => {
    const run = await runTool(() => ({ rows: ['a', 'b', 'c'] }), { toolResultLimits: { maxStrings: 3 } });
    expect(run.tripwire?.metadata).toMatchObject({ overflow: { limit: 'maxStrings', bound: 3 } });
    const ok = await runTool(() => ({ rows: ['a', 'b'] }), { toolResultLimits: { maxStrings: 3 } });
    expect(ok.tripwire).toBeUndefined();
  });

  it.each([[{ maxDepth: 0 }], [{ maxChars: 'many' }], [{ depth: 3 }], ['big']])(
    'toolResultLimits %j → PROCESSOR_INVALID_OPTIONS',
    (value) => {
      expect(() => new PIIDetector({ toolResultLimits: value as never })).toThrow(/toolResultLimits/);
    },
  );
});
