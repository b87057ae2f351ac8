import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigurationError } from '../errors/index.js';
import { RequestContext } from '../request-context/request-context.js';
import { createTool } from './create-tool.js';
import { isTool, type Tool } from './tool.js';

describe('createTool', () => {
  it('infers execute input from a Standard Schema (tsc fails if inference breaks)', async () => {
    const tool = createTool({
      id: 'weather',
      description: 'Weather for a city',
      inputSchema: z.object({ city: z.string(), days: z.number().default(1) }),
      outputSchema: z.object({ city: z.string() }),
      execute: async (input, context) => {
        const upper: string = input.city.toUpperCase();
        const days: number = input.days;
        context.requestContext.getRaw('tenant');
        return { city: `${upper}:${days}` };
      },
      toModelOutput: (output) => output.city.length,
      requireApproval: (input) => input.city === 'Moscow',
    });
    // A typed tool still fits wherever any tool is expected.
    const registry: Record<string, Tool> = { weather: tool };
    expect(isTool(registry.weather)).toBe(true);
    expect(tool.id).toBe('weather');
    const result = await tool.execute?.({ city: 'oslo', days: 2 }, { requestContext: new RequestContext() });
    expect(result).toEqual({ city: 'OSLO:2' });
  });

  it('a tool without inputSchema types input as unknown', () => {
    const tool = createTool({ id: 'now', description: 'Current time', execute: () => Date.now() });
    expect(tool.inputSchema).toBeUndefined();
    expect(isTool({ id: 'now', description: 'x' })).toBe(false);
  });

  const invalid: Array<[string, unknown, RegExp]> = [
    ['missing id', { description: 'Find things' }, /createTool\(\).*"Find things".*non-empty string `id`/],
    ['empty id', { id: '  ', description: 'x' }, /non-empty string `id`, got " {2}"/],
    [
      'non-string description',
      { id: 'search', description: 42 },
      /Tool "search" needs a string `description`, got 42/,
    ],
    ['a number id', { id: 5, description: 'x' }, /non-empty string `id`, got 5/],
    ['an array description', { id: 's', description: ['x'] }, /got an array/],
    ['missing description', { id: 'search' }, /Tool "search" needs a string `description`, got nothing/],
    [
      'non-schema inputSchema',
      { id: 's', description: 'x', inputSchema: 'city' },
      /Tool "s" has an `inputSchema`/,
    ],
    [
      'non-function execute',
      { id: 's', description: 'x', execute: 'run' },
      /`execute` that is not a function/,
    ],
    ['bad requireApproval', { id: 's', description: 'x', requireApproval: 'yes' }, /requireApproval/],
  ];
  for (const [label, config, message] of invalid) {
    it(`rejects ${label} with TOOL_INVALID_CONFIG`, () => {
      let error: unknown;
      try {
        createTool(config as never);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).code).toBe('TOOL_INVALID_CONFIG');
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).toContain('Fix:');
    });
  }
});

describe('createTool with JSON Schema', () => {
  it('accepts inline and `as const` JSON Schema (input typed unknown)', () => {
    const inline = createTool({
      id: 'a',
      description: 'x',
      inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      execute: (input) => input,
    });
    const schema = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } as const;
    const frozen = createTool({ id: 'b', description: 'x', inputSchema: schema });
    expect(isTool(inline) && isTool(frozen)).toBe(true);
  });
});
