import { jsonSchema } from '@ai-sdk/provider-utils';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RequestContext } from '../request-context/request-context.js';
import { resolveToolSet } from './resolve-tool-set.js';
import type { ToolLike } from './tool-like.js';

describe('AI SDK tool objects', () => {
  it('a hand-written tool() with jsonSchema() executes with AI SDK options', async () => {
    let options: unknown;
    const weather = {
      description: 'Weather for a city',
      inputSchema: jsonSchema<{ city: string }>({
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
        additionalProperties: false,
      }),
      execute: async (input: { city: string }, opts: { toolCallId: string }) => {
        options = opts;
        return { city: input.city, tempC: 19 };
      },
      toModelOutput: ({ output }: { output: { tempC: number } }) => ({
        type: 'text',
        value: `${output.tempC}°C`,
      }),
    } satisfies ToolLike;
    const requestContext = new RequestContext([['tenant', 'acme']]);
    const set = await resolveToolSet({ weather });
    const tool = set.get('weather');
    expect(tool?.modelTool).toEqual({
      type: 'function',
      name: 'weather',
      description: 'Weather for a city',
      inputSchema: expect.objectContaining({ required: ['city'] }),
    });
    const outcome = await tool?.execute?.(
      { toolCallId: 'c1', input: '{"city":"Porto"}' },
      { requestContext },
    );
    expect(outcome).toEqual({
      ok: true,
      args: { city: 'Porto' },
      result: { city: 'Porto', tempC: 19 },
      modelOutput: { type: 'text', value: '19°C' },
    });
    expect(options).toMatchObject({ toolCallId: 'c1', messages: [], context: { tenant: 'acme' } });

    const bad = await tool?.execute?.({ toolCallId: 'c2', input: '{"town":"Porto"}' }, { requestContext });
    expect(bad).toMatchObject({ ok: false, error: { code: 'TOOL_INVALID_ARGS' } });
    expect(!bad?.ok && bad?.error.message).toMatch(/- city: is required\n- town: is not allowed/);
  });

  it('zod inputSchema, streaming execute: preliminary outputs go to writer.write, the last is the result', async () => {
    const written: unknown[] = [];
    const set = await resolveToolSet({
      count: {
        inputSchema: z.object({ to: z.number() }),
        async *execute({ to }: { to: number }) {
          for (let i = 1; i <= to; i++) yield i;
        },
      },
    });
    const outcome = await set.get('count')?.execute?.(
      { toolCallId: 'c', input: '{"to":3}' },
      {
        requestContext: new RequestContext(),
        writer: { custom: async () => {}, write: async (data) => void written.push(data) },
      },
    );
    expect(outcome).toMatchObject({ ok: true, result: 3 });
    expect(written).toEqual([1, 2]);
  });

  it('a user-executed provider tool runs locally; its definition stays provider-defined', async () => {
    const set = await resolveToolSet({
      bash: {
        type: 'provider',
        id: 'anthropic.bash_20250124',
        args: {},
        isProviderExecuted: false,
        inputSchema: z.object({ command: z.string() }),
        execute: async ({ command }: { command: string }) => `ran ${command}`,
      },
    });
    const tool = set.get('bash');
    expect(tool?.modelTool.type).toBe('provider-defined');
    expect(tool?.providerExecuted).toBe(false);
    const outcome = await tool?.execute?.(
      { toolCallId: 'c', input: '{"command":"ls"}' },
      { requestContext: new RequestContext() },
    );
    expect(outcome).toMatchObject({ ok: true, result: 'ran ls' });
  });
});
