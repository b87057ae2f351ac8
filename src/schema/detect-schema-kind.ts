import type { SchemaInput } from './types.js';

/**
 * How a schema value is handled.
 * - `standard-json`: a Standard Schema that also implements Standard JSON Schema (zod ≥ 4.2, arktype).
 * - `zod4` / `zod3` / `valibot`: Standard Schemas converted with the vendor's own converter.
 * - `standard`: any other Standard Schema (validates, but cannot describe itself as JSON Schema).
 * - `zod3-legacy`: zod < 3.24 (no `~standard`), validated with `safeParseAsync`.
 * - `wrapper` / `lazy-wrapper`: the AI SDK `jsonSchema()` / `lazySchema()` shapes.
 * - `json-schema`: a plain JSON Schema object.
 */
export type SchemaKind =
  | 'standard-json'
  | 'zod4'
  | 'zod3'
  | 'zod3-legacy'
  | 'valibot'
  | 'standard'
  | 'wrapper'
  | 'lazy-wrapper'
  | 'json-schema';

const AI_SDK_SCHEMA = Symbol.for('vercel.ai.schema');

// Keywords that identify an object as JSON Schema. Only top-level keys are checked.
const JSON_SCHEMA_KEYWORDS = new Set([
  '$schema',
  '$id',
  '$ref',
  '$defs',
  '$comment',
  'definitions',
  'type',
  'properties',
  'patternProperties',
  'additionalProperties',
  'required',
  'items',
  'prefixItems',
  'additionalItems',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'title',
  'description',
  'default',
  'examples',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'dependencies',
  'nullable',
]);

type Loose = Record<PropertyKey, unknown>;

/**
 * Classify a schema value structurally. Never uses `instanceof`: users bring their own copy of
 * zod/valibot/arktype. Returns `undefined` for values Sluice cannot use as a schema.
 */
export function detectSchemaKind(schema: unknown): SchemaKind | undefined {
  if ((typeof schema !== 'object' && typeof schema !== 'function') || schema === null) return undefined;
  const value = schema as Loose;
  if (value[AI_SDK_SCHEMA] === true) return 'wrapper';

  const standard = value['~standard'] as Loose | undefined;
  if (typeof standard === 'object' && standard !== null && typeof standard.validate === 'function') {
    const converter = standard.jsonSchema as Loose | undefined;
    if (typeof converter === 'object' && converter !== null && typeof converter.input === 'function') {
      return 'standard-json';
    }
    if (standard.vendor === 'zod') {
      if (typeof value._zod === 'object' && value._zod !== null) return 'zod4';
      if (hasZod3Def(value)) return 'zod3';
    }
    if (standard.vendor === 'valibot') return 'valibot';
    return 'standard';
  }

  if (typeof schema === 'function') return schema.length === 0 ? 'lazy-wrapper' : undefined;
  if (hasZod3Def(value)) return 'zod3-legacy';
  if ('jsonSchema' in value && typeof value.jsonSchema === 'object' && value.jsonSchema !== null) {
    return 'wrapper';
  }
  if (isPlainObject(value) && isJsonSchemaLike(value)) return 'json-schema';
  return undefined;
}

/** True when `value` is something Sluice can use as a schema (see {@link SchemaInput}). */
export function isSchemaInput(value: unknown): value is SchemaInput {
  return detectSchemaKind(value) !== undefined;
}

function hasZod3Def(value: Loose): boolean {
  const def = value._def as Loose | undefined;
  return typeof def === 'object' && def !== null && typeof def.typeName === 'string';
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isJsonSchemaLike(value: Loose): boolean {
  const keys = Object.keys(value);
  return keys.length === 0 || keys.some((key) => JSON_SCHEMA_KEYWORDS.has(key));
}
