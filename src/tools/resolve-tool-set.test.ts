import { jsonSchema } from '@ai-sdk/provider-utils';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SluiceError } from '../errors/index.js';
import { createTool } from './create-tool.js';
import { resolveToolSet } from './resolve-tool-set.js';
import { ResolvedToolSet } from './resolved-tool-set.js';

const weather = createTool({
  id: 'get-weather',
  description: 'Weather for a city',
  inputSchema: z.object({ city: z.string().describe('City name') }),
  providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
  execute: async ({ city }) => ({ city, tempC: 21 }),
});

describe('resolveToolSet', () => {
  it('keys tools by the name the model sees and builds V2 function tools', async () => {
    const set = await resolveToolSet({ weather });
    expect(set).toBeInstanceOf(ResolvedToolSet);
    expect(set.names()).toEqual(['weather']);
    const tool = set.get('weather');
    expect(tool?.id).toBe('get-weather');
    expect(tool?.modelTool).toEqual({
      type: 'function',
      name: 'weather',
      description: 'Weather for a city',
      inputSchema: expect.objectContaining({
        type: 'object',
        properties: { city: { type: 'string', description: 'City name' } },
      }),
      providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
    });
    expect(set.modelTools(['other'])).toEqual([]);
  });

  it('a tool without inputSchema takes an empty object', async () => {
    const set = await resolveToolSet({
      ping: createTool({ id: 'ping', description: 'Ping', execute: () => 'pong' }),
    });
    expect(set.get('ping')?.modelTool).toMatchObject({
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    });
  });

  it('resolves the same tool object once', async () => {
    const a = await resolveToolSet({ weather });
    const b = await resolveToolSet({ weather });
    expect(a.get('weather')).toBe(b.get('weather'));
  });

  it('an entry that is not a tool → TOOL_INVALID_CONFIG naming the key', async () => {
    const error = await resolveToolSet({ weather, broken: 'nope' as never }).catch((e) => e);
    expect(SluiceError.hasCode(error, 'TOOL_INVALID_CONFIG')).toBe(true);
    expect(error.message).toContain('tools["broken"]');
  });

  it('a non-object input schema → TOOL_INVALID_CONFIG', async () => {
    const scalar = createTool({ id: 's', description: 'x', inputSchema: z.string(), execute: (s) => s });
    const error = await resolveToolSet({ scalar }).catch((e) => e);
    expect(error.code).toBe('TOOL_INVALID_CONFIG');
    expect(error.message).toContain('Tool "scalar"');
  });

  it('an unconvertible input schema names the tool', async () => {
    const dated = createTool({ id: 'd', description: 'x', inputSchema: z.object({ at: z.date() }) });
    await expect(resolveToolSet({ dated })).rejects.toMatchObject({
      code: 'SCHEMA_NOT_CONVERTIBLE',
      message: expect.stringContaining('tool "dated" inputSchema'),
    });
  });

  it('provider tools become provider-defined definitions without local execution', async () => {
    const set = await resolveToolSet({
      web_search: {
        type: 'provider',
        id: 'openai.web_search',
        args: { searchContextSize: 'high' },
        inputSchema: jsonSchema({}),
      },
    });
    const tool = set.get('web_search');
    expect(tool?.modelTool).toEqual({
      type: 'provider-defined',
      id: 'openai.web_search',
      name: 'web_search',
      args: { searchContextSize: 'high' },
    });
    expect(tool?.providerExecuted).toBe(true);
    expect(tool?.execute).toBeUndefined();
  });

  it('accepts plain Mastra-shaped tool objects', async () => {
    const set = await resolveToolSet({
      echo: {
        id: 'echo',
        description: 'Echo',
        inputSchema: z.object({ s: z.string() }),
        execute: async (i: unknown) => i,
      },
    });
    expect(set.get('echo')?.modelTool).toMatchObject({ type: 'function', name: 'echo', description: 'Echo' });
  });
});

describe('resolveToolSet: conditional entries', () => {
  it('skips undefined entries', async () => {
    const gold = false;
    const set = await resolveToolSet({ weather, premium: gold ? weather : undefined });
    expect(set.names()).toEqual(['weather']);
  });
});
