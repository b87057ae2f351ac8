import { jsonSchema } from '@ai-sdk/provider-utils';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod3';
import { ConfigurationError } from '../errors/index.js';
import { formatIssuePath } from './issue-path.js';
import { prepareSchema } from './prepare-schema.js';
import type { JSONSchema7, SchemaValidationResult } from './types.js';
import { validateWithSchema } from './validate-with-schema.js';

const good = { city: 'Lisbon', tags: ['a'] };
const bad = { city: 42, tags: ['a', 7] };

function paths(result: SchemaValidationResult): string[] {
  if (result.success) throw new Error('expected failure');
  return result.issues.map((issue) => issue.path).sort();
}

describe('validateWithSchema', () => {
  const cases = {
    'zod 4': z.object({ city: z.string(), tags: z.array(z.string()) }),
    'zod 3': z3.object({ city: z3.string(), tags: z3.array(z3.string()) }),
    valibot: v.object({ city: v.string(), tags: v.array(v.string()) }),
    arktype: type({ city: 'string', tags: 'string[]' }),
    'JSON Schema': {
      type: 'object',
      properties: { city: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
      required: ['city', 'tags'],
    },
    'AI SDK jsonSchema() without validate': jsonSchema({
      type: 'object',
      properties: { city: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
      required: ['city', 'tags'],
    }),
  } as const;

  for (const [label, schema] of Object.entries(cases)) {
    it(`${label}: accepts valid values and reports every issue with its path`, async () => {
      expect(await validateWithSchema(schema, good)).toEqual({ success: true, value: good });
      const result = await validateWithSchema(schema, bad);
      expect(result.success).toBe(false);
      expect(paths(result)).toEqual(['city', 'tags[1]']);
    });
  }

  it('returns the transformed value (zod transform + default)', async () => {
    const schema = z.object({
      city: z.string().transform((s) => s.toUpperCase()),
      unit: z.string().default('C'),
    });
    expect(await validateWithSchema(schema, { city: 'oslo' })).toEqual({
      success: true,
      value: { city: 'OSLO', unit: 'C' },
    });
  });

  it('JSON Schema: missing and unknown properties are reported at their own path', async () => {
    const schema: JSONSchema7 = {
      type: 'object',
      properties: { user: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
      required: ['user'],
      additionalProperties: false,
    };
    const result = await validateWithSchema(schema, { user: {}, extra: 1 });
    expect(result).toEqual({
      success: false,
      issues: expect.arrayContaining([
        { path: 'user.name', message: 'is required' },
        { path: 'extra', message: 'is not allowed (unknown property)' },
      ]),
    });
  });

  it('JSON Schema draft 2020-12 (as zod emits by default) compiles with the 2020 dialect', async () => {
    const schema = z.toJSONSchema(z.object({ pair: z.tuple([z.string(), z.number()]) }));
    expect(String(schema.$schema)).toContain('2020-12');
    expect((await validateWithSchema(schema as never, { pair: ['a', 1] })).success).toBe(true);
    expect((await validateWithSchema(schema as never, { pair: [1, 'a'] })).success).toBe(false);
  });

  it('AI SDK jsonSchema() with its own validate', async () => {
    const schema = jsonSchema<{ n: number }>(
      { type: 'object' },
      {
        validate: (value) =>
          typeof (value as { n?: unknown }).n === 'number'
            ? { success: true, value: value as { n: number } }
            : { success: false, error: new Error('n must be a number') },
      },
    );
    expect(await validateWithSchema(schema, { n: 1 })).toEqual({ success: true, value: { n: 1 } });
    expect(await validateWithSchema(schema, { n: 'x' })).toEqual({
      success: false,
      issues: [{ path: '', message: 'n must be a number' }],
    });
  });

  it('a throwing validator becomes an issue, not a rejection', async () => {
    const schema = z.string().transform(() => {
      throw new Error('boom');
    });
    const result = await validateWithSchema(schema, 'x');
    expect(result).toEqual({ success: false, issues: [{ path: '', message: 'validation threw: boom' }] });
  });

  it('a non-schema rejects with ConfigurationError', async () => {
    await expect(validateWithSchema(42 as never, {})).rejects.toBeInstanceOf(ConfigurationError);
  });

  it('prepareSchema gives the JSON Schema and a bound validator', async () => {
    const prepared = await prepareSchema(z.object({ a: z.number() }), { name: 'test' });
    expect(prepared.jsonSchema).toMatchObject({ type: 'object', required: ['a'] });
    expect(await prepared.validate({ a: 1 })).toEqual({ success: true, value: { a: 1 } });
    expect((await prepared.validate({ a: '1' })).success).toBe(false);
  });
});

describe('formatIssuePath', () => {
  it('renders identifiers, indexes and quoted keys', () => {
    expect(formatIssuePath(undefined)).toBe('');
    expect(formatIssuePath(['items', 0, { key: 'name' }])).toBe('items[0].name');
    expect(formatIssuePath(['headers', 'content-type'])).toBe('headers["content-type"]');
  });
});

describe('zod 3 before Standard Schema (no ~standard)', () => {
  it('is validated with safeParseAsync', async () => {
    const schema = Object.create(z3.object({ n: z3.number() }));
    Object.defineProperty(schema, '~standard', { value: undefined });
    expect(await validateWithSchema(schema, { n: 1 })).toEqual({ success: true, value: { n: 1 } });
    expect(await validateWithSchema(schema, { n: 'x' })).toMatchObject({
      success: false,
      issues: [{ path: 'n' }],
    });
  });
});
