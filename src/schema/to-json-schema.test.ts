import { jsonSchema } from '@ai-sdk/provider-utils';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod3';
import { SluiceError } from '../errors/index.js';
import { detectSchemaKind } from './detect-schema-kind.js';
import { toJsonSchema } from './to-json-schema.js';
import type { JSONSchema7 } from './types.js';

const cityShape: JSONSchema7 = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
};

describe('toJsonSchema', () => {
  it('zod 4 (Standard JSON Schema) → draft-07 with descriptions', async () => {
    const schema = z.object({ city: z.string().describe('City name'), days: z.number().int().optional() });
    expect(detectSchemaKind(schema)).toBe('standard-json');
    const json = await toJsonSchema(schema, { name: 'weather' });
    expect(json).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string', description: 'City name' }, days: { type: 'integer' } },
      required: ['city'],
    });
  });

  it('zod 4 input side: defaults make a field optional for the model', async () => {
    const json = await toJsonSchema(z.object({ unit: z.string().default('C') }));
    expect(json.required ?? []).not.toContain('unit');
  });

  it('zod 3 → zod-to-json-schema', async () => {
    const schema = z3.object({ city: z3.string().describe('City name'), days: z3.number().optional() });
    expect(detectSchemaKind(schema)).toBe('zod3');
    expect(await toJsonSchema(schema)).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string', description: 'City name' }, days: { type: 'number' } },
      required: ['city'],
    });
  });

  it('zod 4 without ~standard.jsonSchema (zod < 4.2) → zod toJSONSchema', async () => {
    const schema = z.object({ city: z.string() });
    const legacy = Object.create(schema);
    const { jsonSchema: _dropped, ...standard } = schema['~standard'];
    Object.defineProperty(legacy, '~standard', { value: standard });
    expect(detectSchemaKind(legacy)).toBe('zod4');
    expect(await toJsonSchema(legacy)).toMatchObject(cityShape);
  });

  it('valibot → @valibot/to-json-schema', async () => {
    const schema = v.object({ city: v.pipe(v.string(), v.minLength(2)) });
    expect(detectSchemaKind(schema)).toBe('valibot');
    expect(await toJsonSchema(schema)).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string', minLength: 2 } },
      required: ['city'],
    });
  });

  it('arktype (Standard JSON Schema)', async () => {
    const schema = type({ city: 'string', 'days?': 'number' });
    expect(detectSchemaKind(schema)).toBe('standard-json');
    expect(await toJsonSchema(schema)).toMatchObject(cityShape);
  });

  it('plain JSON Schema passes through unchanged', async () => {
    const schema = { ...cityShape, additionalProperties: false } as const;
    expect(await toJsonSchema(schema)).toBe(schema);
  });

  it('AI SDK jsonSchema() wrappers, eager and lazy', async () => {
    expect(await toJsonSchema(jsonSchema({ type: 'object', properties: {} }))).toEqual({
      type: 'object',
      properties: {},
    });
    const lazy = () => jsonSchema({ type: 'object', properties: { a: { type: 'number' } } });
    expect(await toJsonSchema(lazy)).toMatchObject({ properties: { a: { type: 'number' } } });
    expect(await toJsonSchema({ jsonSchema: Promise.resolve(cityShape as never) })).toEqual(cityShape);
  });

  it('caches per schema object', async () => {
    const schema = z.object({ a: z.string() });
    expect(await toJsonSchema(schema)).toBe(await toJsonSchema(schema));
  });

  it('unknown values → SCHEMA_NOT_CONVERTIBLE naming the schema and the fix', async () => {
    const error = await toJsonSchema({ city: 'string' } as never, {
      name: 'tool "weather" inputSchema',
    }).catch((e) => e);
    expect(SluiceError.hasCode(error, 'SCHEMA_NOT_CONVERTIBLE')).toBe(true);
    expect(error.message).toContain('tool "weather" inputSchema');
    expect(error.message).toContain('JSON Schema');
    await expect(toJsonSchema('nope' as never)).rejects.toMatchObject({ code: 'SCHEMA_NOT_CONVERTIBLE' });
  });

  it('a Standard Schema without a JSON converter says which vendor', async () => {
    const foreign = {
      '~standard': { version: 1, vendor: 'effect', validate: (value: unknown) => ({ value }) },
    };
    const error = await toJsonSchema(foreign as never, { name: 'structuredOutput' }).catch((e) => e);
    expect(error.code).toBe('SCHEMA_NOT_CONVERTIBLE');
    expect(error.message).toMatch(/"effect".*structuredOutput|structuredOutput.*"effect"/s);
  });

  it('unrepresentable zod types fail with the name and the cause', async () => {
    const error = await toJsonSchema(z.object({ when: z.date() }), { name: 'x' }).catch((e) => e);
    expect(error.code).toBe('SCHEMA_NOT_CONVERTIBLE');
    expect(error.message).toContain('x');
  });
});
