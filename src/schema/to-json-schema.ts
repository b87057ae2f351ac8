import { valibotToJsonSchema } from './convert-valibot.js';
import { zod3ToJsonSchema, zod4ToJsonSchema } from './convert-zod.js';
import { detectSchemaKind } from './detect-schema-kind.js';
import { resolveWrapper } from './resolve-wrapper.js';
import { describeValue, schemaNotConvertible } from './schema-errors.js';
import type { JSONSchema7, SchemaInput } from './types.js';

/** Options of {@link toJsonSchema}. */
export interface ToJsonSchemaOptions {
  /** What the schema is for, used in error messages, e.g. `tool "weather" inputSchema`. */
  name?: string;
}

const cache = new WeakMap<object, Promise<JSONSchema7>>();

/**
 * The JSON Schema (draft-07 unless the schema says otherwise) that describes `schema` to a model.
 *
 * - Standard Schemas implementing Standard JSON Schema (zod ≥ 4.2, arktype): `~standard.jsonSchema.input()`.
 * - zod 4 without it: zod's own `toJSONSchema`; zod 3: `zod-to-json-schema`.
 * - valibot: `@valibot/to-json-schema` (optional peer; a missing install is a clear error).
 * - AI SDK `jsonSchema()` wrappers (also lazy ones): their `jsonSchema`.
 * - Plain JSON Schema objects: returned as they are.
 *
 * Results are cached per schema object. Throws `ConfigurationError` (`SCHEMA_NOT_CONVERTIBLE`,
 * `SCHEMA_CONVERTER_MISSING`) naming `options.name` and the fix.
 */
export function toJsonSchema(schema: SchemaInput, options: ToJsonSchemaOptions = {}): Promise<JSONSchema7> {
  const name = options.name ?? 'schema';
  if ((typeof schema !== 'object' && typeof schema !== 'function') || schema === null) {
    return Promise.reject(schemaNotConvertible(name, `it is ${describeValue(schema)}`));
  }
  const cached = cache.get(schema);
  if (cached) return cached;
  const pending = convert(schema, name);
  cache.set(schema, pending);
  pending.catch(() => cache.delete(schema));
  return pending;
}

async function convert(schema: object, name: string): Promise<JSONSchema7> {
  const kind = detectSchemaKind(schema);
  switch (kind) {
    case 'json-schema':
      return schema as JSONSchema7;
    case 'wrapper':
    case 'lazy-wrapper': {
      const wrapper = resolveWrapper(schema, name);
      try {
        return await wrapper.jsonSchema;
      } catch (error) {
        throw schemaNotConvertible(name, 'reading its `jsonSchema` failed', error);
      }
    }
    case 'standard-json':
      return fromStandardJsonSchema(schema, name);
    case 'zod4':
      return zod4ToJsonSchema(schema, name);
    case 'zod3':
    case 'zod3-legacy':
      return zod3ToJsonSchema(schema, name);
    case 'valibot':
      return valibotToJsonSchema(schema, name);
    case 'standard': {
      const vendor = String((schema as { '~standard': { vendor: unknown } })['~standard'].vendor);
      throw schemaNotConvertible(
        name,
        `it is a "${vendor}" Standard Schema, and that library does not implement Standard JSON Schema ` +
          '(`~standard.jsonSchema`), so Sluice cannot describe it to the model',
      );
    }
    default:
      throw schemaNotConvertible(
        name,
        `it is ${describeValue(schema)}, which is not a schema Sluice recognises`,
      );
  }
}

type StandardJson = {
  '~standard': { vendor: string; jsonSchema: { input(options: { target: string }): unknown } };
};

function fromStandardJsonSchema(schema: object, name: string): JSONSchema7 {
  const standard = (schema as StandardJson)['~standard'];
  try {
    return standard.jsonSchema.input({ target: 'draft-07' }) as JSONSchema7;
  } catch (draft07Error) {
    // The spec only *recommends* draft-07 support; try the other widely supported target.
    try {
      return standard.jsonSchema.input({ target: 'draft-2020-12' }) as JSONSchema7;
    } catch {
      const reason = draft07Error instanceof Error ? draft07Error.message : String(draft07Error);
      throw schemaNotConvertible(
        name,
        `${standard.vendor} could not describe it as JSON Schema (${reason})`,
        draft07Error,
      );
    }
  }
}
