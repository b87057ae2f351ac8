import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RequestContext } from '../request-context/request-context.js';
import { createTool } from './create-tool.js';
import { executeToolCalls } from './execute-tool-calls.js';
import { resolveToolSet } from './resolve-tool-set.js';
import { toolNotFoundError } from './tool-errors.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('executeToolCalls', () => {
  it('runs calls concurrently and keeps call order', async () => {
    const events: string[] = [];
    const slow = createTool({
      id: 'slow',
      description: 'Waits 100 ms',
      inputSchema: z.object({ label: z.string() }),
      execute: async ({ label }) => {
        events.push('start:slow');
        await sleep(100);
        events.push('end:slow');
        return label;
      },
    });
    const fast = createTool({
      id: 'fast',
      description: 'Waits 90 ms, so it finishes first',
      execute: async () => {
        events.push('start:fast');
        await sleep(90);
        events.push('end:fast');
        return 'fast';
      },
    });
    const set = await resolveToolSet({ slow, fast });
    const outcomes = await executeToolCalls(
      [
        { toolCallId: '1', toolName: 'slow', input: '{"label":"first"}' },
        { toolCallId: '2', toolName: 'fast', input: '{}' },
      ],
      set,
      { requestContext: new RequestContext() },
    );
    // Both start before either ends: they ran concurrently. Results still come in call order.
    expect(events.slice(0, 2).sort()).toEqual(['start:fast', 'start:slow']);
    expect(outcomes.map((o) => [o.toolCallId, o.toolName, o.ok && o.result])).toEqual([
      ['1', 'slow', 'first'],
      ['2', 'fast', 'fast'],
    ]);
  });

  it('unknown tools → TOOL_NOT_FOUND listing available names; tools without execute → TOOL_NOT_EXECUTABLE', async () => {
    const set = await resolveToolSet({
      search: createTool({ id: 'search', description: 'x', execute: () => 1 }),
      clientSide: createTool({ id: 'client', description: 'Runs in the browser' }),
    });
    const [missing, client] = await executeToolCalls(
      [
        { toolCallId: 'a', toolName: 'serach', input: '{}' },
        { toolCallId: 'b', toolName: 'clientSide', input: '{}' },
      ],
      set,
      { requestContext: new RequestContext() },
    );
    expect(missing).toMatchObject({ ok: false, toolName: 'serach', error: { code: 'TOOL_NOT_FOUND' } });
    expect(!missing.ok && missing.error.message).toBe(
      'Tool "serach" does not exist. Available tools: "search", "clientSide". Call one of those instead.',
    );
    expect(client).toMatchObject({ ok: false, error: { code: 'TOOL_NOT_EXECUTABLE' } });
  });

  it('toolNotFoundError with no tools', () => {
    expect(toolNotFoundError('x', []).message).toContain('No tools are available.');
  });
});
