/**
 * Data nested deeper than Sluice walks or serialises (MAX_DATA_DEPTH levels for tool data) never
 * fails a turn with a raw RangeError: too-deep tool-call arguments fail that tool call with a
 * coded error the model sees (the turn goes on and is saved), a too-deep tool result likewise,
 * ResponseCache leaves such a step uncached, and too-deep input is refused up front with
 * DATA_TOO_DEEP.
 */
import { Agent } from 'sluice/agent';
import { InMemoryServerCache } from 'sluice/cache';
import { DataTooDeepError, SluiceError } from 'sluice/errors';
import { InMemoryStore, Memory } from 'sluice/memory';
import { buildResponseCacheKey, ResponseCache } from 'sluice/processors';
import { SqliteStore } from 'sluice/sqlite';
import type { ChunkType } from 'sluice/stream';
import { ScriptedModel } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it, vi } from 'vitest';

const DEPTHS = [5_000, 100_000];

const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
function deepValue(depth: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}

const echo = createTool({ id: 'echo', description: 'Echo', execute: async () => 'ok' });

async function run(agent: Agent, options: Record<string, unknown> = {}) {
  const output = await agent.stream('go', options);
  const chunks: ChunkType[] = [];
  for await (const chunk of output.fullStream) chunks.push(chunk);
  return { chunks, text: await output.text, error: await output.error };
}

function toolError(chunks: readonly ChunkType[]) {
  const chunk = chunks.find((c) => c.type === 'tool-error');
  return chunk?.type === 'tool-error' ? (chunk.payload.error as SluiceError) : undefined;
}

describe.each(DEPTHS)('tool-call arguments %i levels deep', (depth) => {
  it.each([
    ['InMemoryStore', () => new InMemoryStore()],
    ['SqliteStore', () => new SqliteStore({ path: ':memory:' })],
  ])(
    'with memory (%s): the call fails with TOOL_INVALID_ARGS, the turn finishes and is saved',
    async (_name, store) => {
      const model = new ScriptedModel({
        steps: [{ toolCalls: [{ toolName: 'echo', args: deepJson(depth) }] }, 'done'],
      });
      const memory = new Memory({ storage: store() as never });
      const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { echo }, memory });
      const { chunks, text, error } = await run(agent, { memory: { thread: 't1', resource: 'r1' } });
      expect(error).toBeUndefined();
      expect(text).toBe('done');
      const failure = toolError(chunks);
      expect(failure?.code).toBe('TOOL_INVALID_ARGS');
      expect(failure?.message).toContain('"echo"');
      expect(failure?.message).toContain('256 levels');
      // The model was told why.
      expect(JSON.stringify(model.calls[1]?.prompt)).toContain('256 levels');
      const saved = await memory.recall({ threadId: 't1', resourceId: 'r1' });
      expect(saved.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
      const stored = JSON.stringify(saved.messages);
      expect(stored).toContain('done');
      expect(stored).toContain('256 levels');
    },
  );

  it('with ResponseCache: the call finishes, nothing throws', async () => {
    const model = new ScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'echo', args: deepJson(depth) }] }, 'done'],
    });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { echo },
      inputProcessors: [new ResponseCache({ cache: new InMemoryServerCache() })],
    });
    const { text, error } = await run(agent);
    expect(error).toBeUndefined();
    expect(text).toBe('done');
  });
});

describe.each(DEPTHS)('a tool result %i levels deep', (depth) => {
  it('fails that call with TOOL_OUTPUT_INVALID naming the tool and the limit; the turn finishes and is saved', async () => {
    const deep = createTool({ id: 'deep', description: 'Deep', execute: async () => deepValue(depth) });
    const model = new ScriptedModel({ steps: [{ toolCalls: [{ toolName: 'deep', args: {} }] }, 'done'] });
    const memory = new Memory({ storage: new InMemoryStore() });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      tools: { deep },
      memory,
      inputProcessors: [new ResponseCache({ cache: new InMemoryServerCache() })],
    });
    const { chunks, text, error } = await run(agent, { memory: { thread: 't1', resource: 'r1' } });
    expect(error).toBeUndefined();
    expect(text).toBe('done');
    const failure = toolError(chunks);
    expect(failure?.code).toBe('TOOL_OUTPUT_INVALID');
    expect(failure?.message).toMatch(/"deep".*256 levels/);
    const saved = await memory.recall({ threadId: 't1', resourceId: 'r1' });
    expect(saved.messages.length).toBeGreaterThanOrEqual(2);
  });
});

describe.each(DEPTHS)('input %i levels deep', (depth) => {
  it('is refused before the run with DATA_TOO_DEEP (nothing stored, no RangeError)', async () => {
    const model = new ScriptedModel({ steps: ['never'] });
    const memory = new Memory({ storage: new InMemoryStore() });
    const agent = new Agent({ id: 'a', instructions: 'x', model, memory });
    const input = [
      {
        role: 'user' as const,
        content: [{ type: 'text' as const, text: 'hi', providerOptions: { x: deepValue(depth) } }],
      },
    ];
    let thrown: unknown;
    try {
      await agent.generate(input as never, { memory: { thread: 't1', resource: 'r1' } });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(DataTooDeepError);
    expect(SluiceError.hasCode(thrown, 'DATA_TOO_DEEP')).toBe(true);
    expect(model.calls).toHaveLength(0);
  });
});

describe('buildResponseCacheKey', () => {
  it.each(DEPTHS)(
    'on a prompt %i levels deep throws DATA_TOO_DEEP, and ResponseCache skips the step',
    async (depth) => {
      const prompt = [
        {
          role: 'user' as const,
          content: [{ type: 'text' as const, text: 'hi', providerOptions: { x: deepValue(depth) } }],
        },
      ];
      let thrown: unknown;
      try {
        buildResponseCacheKey({ agentId: 'a', model: {}, prompt: prompt as never, stepNumber: 0 });
      } catch (e) {
        thrown = e;
      }
      expect(SluiceError.hasCode(thrown, 'DATA_TOO_DEEP')).toBe(true);
      const warn = vi.fn();
      const cache = new ResponseCache({ cache: new InMemoryServerCache(), logger: { warn } });
      const result = await cache.processLLMRequest({
        prompt: prompt as never,
        stepNumber: 0,
        model: { provider: 'p', modelId: 'm', specificationVersion: 'v2' } as never,
        state: {},
      } as never);
      expect(result).toBeUndefined();
      expect(warn.mock.calls[0]?.[0]).toContain('not cached');
    },
  );
});

describe.each(DEPTHS)('writer.custom() data %i levels deep', (depth) => {
  it('fails the writing tool with DATA_TOO_DEEP; the turn finishes and is saved', async () => {
    const chatty = createTool({
      id: 'chatty',
      description: 'Writes progress',
      execute: async (_input, { writer }) => {
        await writer?.custom({ type: 'data-progress', data: deepValue(depth) });
        return 'ok';
      },
    });
    const model = new ScriptedModel({ steps: [{ toolCalls: [{ toolName: 'chatty', args: {} }] }, 'done'] });
    const memory = new Memory({ storage: new InMemoryStore() });
    const agent = new Agent({ id: 'a', instructions: 'x', model, tools: { chatty }, memory });
    const { chunks, text, error } = await run(agent, { memory: { thread: 't1', resource: 'r1' } });
    expect(error).toBeUndefined();
    expect(text).toBe('done');
    expect(chunks.some((c) => c.type === 'data-progress')).toBe(false);
    const failure = toolError(chunks);
    expect(failure?.message).toMatch(/Tool "chatty" called writer\.custom\(\).*256 levels/);
    const saved = await memory.recall({ threadId: 't1', resourceId: 'r1' });
    expect(saved.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });
});

describe.each(DEPTHS)('a processor writing data %i levels deep into the response', (depth) => {
  it('makes the memory save fail with DATA_TOO_DEEP naming the message, not a RangeError', async () => {
    const model = new ScriptedModel({ steps: ['done'] });
    const memory = new Memory({ storage: new InMemoryStore() });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      memory,
      outputProcessors: [
        {
          id: 'nester',
          processOutputResult: ({ messages }) => {
            for (const m of messages) m.content.metadata = { deep: deepValue(depth) };
            return messages;
          },
        },
      ],
    });
    let thrown: unknown;
    try {
      const result = await agent.generate('go', { memory: { thread: 't1', resource: 'r1' } });
      thrown = result.error;
    } catch (e) {
      thrown = e;
    }
    expect(SluiceError.hasCode(thrown, 'DATA_TOO_DEEP')).toBe(true);
    expect((thrown as Error).message).toMatch(/Agent "a": message ".+" \(assistant\)/);
  });
});
