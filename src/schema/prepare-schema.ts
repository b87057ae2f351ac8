import { getSchemaValidator, type SchemaValidator } from './schema-validator.js';
import { toJsonSchema } from './to-json-schema.js';
import type { InferSchemaOutput, JSONSchema7, SchemaInput } from './types.js';

/** A schema made ready for repeated use: its JSON Schema plus a bound validator. */
export interface PreparedSchema<T = unknown> {
  /** The JSON Schema to send to the model. */
  readonly jsonSchema: JSONSchema7;
  /** Validate a value; resolves to the value or its issues, never rejects for bad values. */
  readonly validate: SchemaValidator<T>;
}

/**
 * Convert and compile `schema` once, up front: use it where the same schema validates many
 * values (tool inputs, structured output). Rejects with `ConfigurationError` naming `name`.
 */
export async function prepareSchema<S extends SchemaInput>(
  schema: S,
  options: { name?: string } = {},
): Promise<PreparedSchema<InferSchemaOutput<S>>> {
  const name = options.name ?? 'schema';
  const [jsonSchema, validate] = await Promise.all([
    toJsonSchema(schema, { name }),
    getSchemaValidator<InferSchemaOutput<S>>(schema, name),
  ]);
  return { jsonSchema, validate };
}
