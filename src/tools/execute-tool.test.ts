import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod3';
import { RequestContext } from '../request-context/request-context.js';
import type { DataChunkType } from '../stream/chunk-types.js';
import { createTool } from './create-tool.js';
import { resolveToolSet } from './resolve-tool-set.js';
import { ToolExecutionError } from './tool-execution-error.js';
import type { ResolvedTool, ToolCallContext, ToolExecutionContext, ToolOutcome } from './types.js';

const ctx = (extra: Partial<ToolCallContext> = {}): ToolCallContext => ({
  requestContext: new RequestContext(),
  ...extra,
});

async function resolveOne(tool: unknown): Promise<ResolvedTool> {
  const set = await resolveToolSet({ t: tool as never });
  return set.get('t') as ResolvedTool;
}

function failed(outcome: ToolOutcome): ToolExecutionError {
  if (outcome.ok) throw new Error(`expected a failure, got ${JSON.stringify(outcome.result)}`);
  return outcome.error;
}

const weather = createTool({
  id: 'weather',
  description: 'Weather',
  inputSchema: z.object({
    city: z.string().transform((c) => c.trim()),
    days: z.number().int().min(1).default(1),
  }),
  execute: async ({ city, days }) => ({ city, days, tempC: 21 }),
});

describe('ResolvedTool.execute', () => {
  it('parses JSON, validates, and passes the transformed value to execute', async () => {
    const tool = await resolveOne(weather);
    const outcome = await tool.execute?.({ toolCallId: 'c1', input: '{"city":" Oslo "}' }, ctx());
    expect(outcome).toEqual({
      ok: true,
      args: { city: 'Oslo', days: 1 },
      result: { city: 'Oslo', days: 1, tempC: 21 },
    });
  });

  it('accepts already-parsed input, and "" as {}', async () => {
    const tool = await resolveOne(createTool({ id: 'p', description: 'x', execute: (input) => input }));
    expect(await tool.execute?.({ toolCallId: 'c', input: '' }, ctx())).toMatchObject({
      ok: true,
      result: {},
    });
    expect(await tool.execute?.({ toolCallId: 'c', input: { a: 1 } }, ctx())).toMatchObject({
      result: { a: 1 },
    });
  });

  it('unparseable JSON → TOOL_INVALID_ARGS telling the model to retry', async () => {
    const tool = await resolveOne(weather);
    const outcome = await tool.execute?.({ toolCallId: 'c1', input: '{"city": Oslo' }, ctx());
    const error = failed(outcome as ToolOutcome);
    expect(error).toBeInstanceOf(ToolExecutionError);
    expect(error.code).toBe('TOOL_INVALID_ARGS');
    expect(error.message).toContain('Invalid arguments for tool "t"');
    expect(error.message).toContain('not valid JSON');
    expect(error.message).toContain('call "t" again');
    expect(outcome?.args).toBe('{"city": Oslo');
  });

  it('schema failures → TOOL_INVALID_ARGS listing every issue with its path', async () => {
    const tool = await resolveOne(weather);
    const outcome = (await tool.execute?.(
      { toolCallId: 'c1', input: '{"city":3,"days":0}' },
      ctx(),
    )) as ToolOutcome;
    const error = failed(outcome);
    expect(error.code).toBe('TOOL_INVALID_ARGS');
    expect(error.message).toMatch(/- city: .+\n- days: .+/);
    expect(error.message).toContain('Fix the arguments');
    expect(error.details.issues).toHaveLength(2);
    expect(error.toolCallId).toBe('c1');
  });

  it('zod 3 schemas validate too', async () => {
    const tool = await resolveOne(
      createTool({
        id: 'z3',
        description: 'x',
        inputSchema: z3.object({ n: z3.number() }),
        execute: ({ n }) => n * 2,
      }),
    );
    expect(await tool.execute?.({ toolCallId: 'c', input: '{"n":2}' }, ctx())).toMatchObject({
      ok: true,
      result: 4,
    });
    expect(
      failed((await tool.execute?.({ toolCallId: 'c', input: '{"n":"2"}' }, ctx())) as ToolOutcome).message,
    ).toContain('- n:');
  });

  it('a throwing execute → TOOL_EXECUTION_FAILED with the original error as cause', async () => {
    const boom = new Error('database down');
    const tool = await resolveOne(
      createTool({
        id: 'x',
        description: 'x',
        execute: () => {
          throw boom;
        },
      }),
    );
    const error = failed((await tool.execute?.({ toolCallId: 'c', input: '{}' }, ctx())) as ToolOutcome);
    expect(error.code).toBe('TOOL_EXECUTION_FAILED');
    expect(error.message).toBe('Tool "t" failed: database down');
    expect(error.cause).toBe(boom);
  });

  it('output failing outputSchema → TOOL_OUTPUT_INVALID', async () => {
    const tool = await resolveOne(
      createTool({
        id: 'o',
        description: 'x',
        outputSchema: z.object({ tempC: z.number() }),
        execute: async () => ({ tempC: 'warm' }) as never,
      }),
    );
    const error = failed((await tool.execute?.({ toolCallId: 'c', input: '{}' }, ctx())) as ToolOutcome);
    expect(error.code).toBe('TOOL_OUTPUT_INVALID');
    expect(error.message).toContain('- tempC:');
  });

  it('toModelOutput produces modelOutput and keeps the raw result', async () => {
    const tool = await resolveOne(
      createTool({
        id: 'm',
        description: 'x',
        execute: async () => ({ rows: [1, 2, 3], total: 3 }),
        toModelOutput: (output) => `${output.total} rows`,
      }),
    );
    expect(await tool.execute?.({ toolCallId: 'c', input: '{}' }, ctx())).toEqual({
      ok: true,
      args: {},
      result: { rows: [1, 2, 3], total: 3 },
      modelOutput: '3 rows',
    });
  });

  it('an aborted signal → TOOL_ABORTED without running execute', async () => {
    let ran = false;
    const tool = await resolveOne(
      createTool({
        id: 'a',
        description: 'x',
        execute: () => {
          ran = true;
        },
      }),
    );
    const controller = new AbortController();
    controller.abort(new Error('user left'));
    const outcome = (await tool.execute?.(
      { toolCallId: 'c', input: '{}' },
      ctx({ abortSignal: controller.signal }),
    )) as ToolOutcome;
    expect(failed(outcome).code).toBe('TOOL_ABORTED');
    expect(failed(outcome).message).toContain('user left');
    expect(ran).toBe(false);
  });

  it('aborting while execute runs resolves at once with TOOL_ABORTED', async () => {
    const tool = await resolveOne(
      createTool({
        id: 'slow',
        description: 'x',
        execute: () => new Promise((resolve) => setTimeout(resolve, 5_000)),
      }),
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const started = Date.now();
    const outcome = (await tool.execute?.(
      { toolCallId: 'c', input: '{}' },
      ctx({ abortSignal: controller.signal }),
    )) as ToolOutcome;
    expect(failed(outcome).code).toBe('TOOL_ABORTED');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('writer.custom reaches the supplied writer; agent.toolCallId is the call id', async () => {
    const seen: DataChunkType[] = [];
    let context: ToolExecutionContext | undefined;
    const tool = await resolveOne(
      createTool({
        id: 'w',
        description: 'x',
        execute: async (_input, c) => {
          context = c;
          await c.writer?.custom({ type: 'data-progress', data: { pct: 50 } });
          return 'done';
        },
      }),
    );
    const writer = { custom: async (chunk: DataChunkType) => void seen.push(chunk), write: async () => {} };
    const agent = { agentId: 'agent-1', messages: [] };
    const outcome = await tool.execute?.({ toolCallId: 'call-9', input: '{}' }, ctx({ writer, agent }));
    expect(outcome).toMatchObject({ ok: true, result: 'done' });
    expect(seen).toEqual([{ type: 'data-progress', data: { pct: 50 } }]);
    expect(context?.agent).toEqual({ agentId: 'agent-1', messages: [], toolCallId: 'call-9' });
  });

  it('never rejects, even for non-Error throws', async () => {
    const tool = await resolveOne(
      createTool({
        id: 's',
        description: 'x',
        execute: () => {
          throw 'plain string';
        },
      }),
    );
    const outcome = (await tool.execute?.({ toolCallId: 'c', input: '{}' }, ctx())) as ToolOutcome;
    expect(failed(outcome).message).toBe('Tool "t" failed: plain string');
  });
});
